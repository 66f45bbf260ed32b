"""Figures chosen by their owner: which fall and which are suppressed, each figure's target in a
split fire; and the fixes to vehicle facing, full-strength hits and a mortar's own spotters.
Every test plays through ``game.apply`` with forced dice."""
from __future__ import annotations

import pytest

from tabletop_core.errors import IllegalActionError

from rules_fubar.state import (
    AssignShot, Assault, CasualtiesTaken, FireAt, FireResult, FiguresSuppressed, SplitFire, SuppressFigure,
    TakeCasualty, VehicleDamaged,
)

from .helpers import activate, events_of, lab, offered, place, take


def _aimed_fire(game, uid, target, faces):
    activate(game, uid)
    game.force_faces(faces)
    take(game, FireAt((target,), True))


@pytest.mark.rule("fubar:casualties")
@pytest.mark.rule("fubar:suppression")
def test_the_owner_picks_which_figures_fall_and_which_are_suppressed():
    game = lab()
    place(game, "ft1", "a", "isaf", 42, 46)  # veteran: aimed fire hits on 3+
    place(game, "taliban-seasoned", "e", "insurgents", 42, 36)  # e-1 is the LMG-armed leader
    # 3 assault rifles at 2 FP and the LMG's 3 at about 9": 9 dice, 3 hits; 3 saves at 6+ fail
    _aimed_fire(game, "a", "e", [6, 6, 6, 1, 1, 1, 1, 1, 1] + [1, 1, 1])
    d = game.decision
    assert d.player == "insurgents"
    figures = [f.id for f in game.state.units["e"].figures]
    assert set(d.actions) == {TakeCasualty(f) for f in figures} | {SuppressFigure(f) for f in figures}
    game.apply(SuppressFigure("e-1"))  # the leader goes down rather than dies
    before = game.digest()
    with pytest.raises(IllegalActionError, match="already taken a hit"):
        game.apply(TakeCasualty("e-1"))  # a figure takes one hit only
    assert game.digest() == before
    game.apply(TakeCasualty("e-6"))
    game.apply(TakeCasualty("e-3"))
    assert events_of(game, FiguresSuppressed)[-1].figures == ("e-1",)
    assert events_of(game, CasualtiesTaken)[-1].figures == ("e-6", "e-3")
    e = game.state.units["e"]
    assert [f.id for f in e.figures] == ["e-1", "e-2", "e-4", "e-5"] and e.suppressed == 1


@pytest.mark.rule("fubar:suppression")
def test_suppressed_up_to_the_grade_limit_and_no_further():
    game = lab()
    place(game, "ft1", "a", "isaf", 42, 46)
    place(game, "taliban-seasoned", "e", "insurgents", 42, 36)  # seasoned: 2 suppressed at most
    _aimed_fire(game, "a", "e", [6, 6, 6, 1, 1, 1, 1, 1, 1] + [1, 1, 1])
    game.apply(SuppressFigure("e-2"))
    game.apply(SuppressFigure("e-4"))
    assert {type(a) for a in game.decision.actions} == {TakeCasualty}
    with pytest.raises(IllegalActionError, match="at most 2 suppressed"):
        game.apply(SuppressFigure("e-5"))
    game.apply(TakeCasualty("e-1"))
    e = game.state.units["e"]
    assert len(e.figures) == 5 and e.suppressed == 2 and not any(f.leader for f in e.figures)


@pytest.mark.rule("fubar:suppression")
def test_hits_equal_to_the_figures_may_still_be_taken_as_suppressed():
    game = lab()
    place(game, "ft1", "a", "isaf", 42, 46)
    place(game, "taliban-green", "e", "insurgents", 42, 36)  # 6 figures, green: 1 suppressed at most
    _aimed_fire(game, "a", "e", [6] * 6 + [1] * 3 + [1] * 6)  # 6 hits, 6 failed saves
    assert SuppressFigure("e-1") in game.decision.actions
    game.apply(SuppressFigure("e-1"))  # the other five hits can only be the other five figures
    e = game.state.units["e"]
    assert [f.id for f in e.figures] == ["e-1"] and e.suppressed == 1
    # more hits than figures: every figure falls, nothing to pick
    game = lab()
    place(game, "ft1", "a", "isaf", 42, 46)
    place(game, "taliban-green", "e", "insurgents", 42, 36, figures=place(game, "taliban-green", "x", "insurgents", 42, 30).figures[:3])
    _aimed_fire(game, "a", "e", [6] * 6 + [1] * 3 + [1] * 6)
    assert not game.state.units["e"].alive


@pytest.mark.rule("fubar:close-combat")
def test_close_combat_casualties_are_the_owners_pick_and_never_suppressed():
    game = lab()
    a = place(game, "ft1", "a", "isaf", 42, 41)
    place(game, "ft1", "a", "isaf", 42, 41, figures=a.figures[:1])  # one attacker
    d = place(game, "taliban-green", "d", "insurgents", 42, 37)
    place(game, "taliban-green", "d", "insurgents", 42, 37, figures=(d.figures[2], d.figures[3]))  # d-3, d-4
    decision = activate(game, "a")
    assert Assault("d") in offered(game, "assault")
    # the attacker's die hits (6) and the 6+ save fails (1); both defenders miss (1, 1)
    game.force_faces([6, 1, 1, 1])
    take(game, Assault("d"))
    decision = game.decision
    assert decision.player == "insurgents" and set(decision.actions) == {TakeCasualty("d-3"), TakeCasualty("d-4")}
    with pytest.raises(IllegalActionError, match="only be casualties"):
        game.apply(SuppressFigure("d-3"))
    game.apply(TakeCasualty("d-3"))  # the figure in contact falls, its neighbour fights on
    assert [f.id for f in game.state.units["d"].figures] == ["d-4"]


@pytest.mark.rule("fubar:fire")
def test_split_fire_the_lmg_at_one_target_and_the_rifles_at_another():
    game = lab()
    place(game, "ft1", "a", "isaf", 42, 46)  # a-1 leader, a-2 LMG, a-3, a-4 assault rifles
    place(game, "taliban-green", "near", "insurgents", 40, 40)  # about 5" away: assault rifles 2 FP
    place(game, "taliban-green", "far", "insurgents", 40, 30)  # about 15": the LMG's 3 FP
    decision = activate(game, "a")
    assert SplitFire(True) in offered(game, "fire") and FireAt(("near",), True) in offered(game, "fire")
    take(game, SplitFire(True))
    asked = []
    for figure, target in (("a-1", "near"), ("a-2", "far"), ("a-3", "near"), ("a-4", "near")):
        d = game.decision
        asked.append(d.actions[0].figure)
        assert set(d.actions) == {AssignShot(figure, "near"), AssignShot(figure, "far")}
        if figure == "a-4":
            game.force_faces([1] * 6 + [1] * 3)
        game.apply(AssignShot(figure, target))
    assert asked == ["a-1", "a-2", "a-3", "a-4"]  # figure by figure
    results = {r.target: r for r in events_of(game, FireResult)}
    assert (results["near"].dice, results["far"].dice) == (6, 3)
    assert results["near"].need == 3  # aimed


@pytest.mark.rule("fubar:vehicle-damage")
@pytest.mark.parametrize("y,face,effect", [(30.0, "front", 1), (10.0, "rear", 3)])
def test_a_front_hit_takes_the_milder_damage_and_a_rear_hit_the_harsher(y, face, effect):
    game = lab()
    place(game, "mrap", "v", "isaf", 43, 20, heading=90.0)  # facing +y
    gunner = place(game, "taliban-green", "g", "insurgents", 43, y)
    place(game, "taliban-green", "g", "insurgents", 43, y, figures=gunner.figures[:1])  # the LMG alone
    # 3 dice at 5+ (one hit), the MRAP's 4+ save fails, then the damage dice show 2 and 5
    _aimed_fire(game, "g", "v", [6, 1, 1] + [1] + [2, 5])
    hit = events_of(game, VehicleDamaged)[-1]
    assert (hit.facing, hit.roll, hit.effect) == (face, {"front": 2, "rear": 5}[face], effect)


@pytest.mark.rule("fubar:mortars")
def test_a_light_mortar_fires_at_what_another_figure_of_its_own_unit_sees():
    game = lab()  # valley: the compound (x 21-27, y 21-27) blocks sight
    t = place(game, "ft2", "m", "isaf", 20.25, 16.0)  # m-1 rifle at x 18 ... m-4 mortar at x 22.5
    place(game, "ft2", "m", "isaf", 20.25, 16.0, figures=(t.figures[0], t.figures[3]))
    target = place(game, "taliban-green", "t", "insurgents", 24.0, 31.0)
    m = game.rules.measure_for(target)
    spotter, mortar = game.state.units["m"].figures
    assert m.seen_figures(spotter, target) and not m.seen_figures(mortar, target)
    decision = activate(game, "m")
    assert FireAt(("t",), True) in offered(game, "fire")
    game.force_faces([1] * 4)
    take(game, FireAt(("t",), True))
    assert events_of(game, FireResult)[-1].dice == 1 + 3  # the rifle's 1 FP beyond 12", the mortar's 3
