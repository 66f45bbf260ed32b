"""Actions and movement, vehicles, fire, weapons, cover, mortars, saves, suppression, casualties,
vehicle damage."""
from __future__ import annotations

import math

import attrs
import pytest

from tabletop_core.events import DiceRolled

from rules_fubar import casualties as C
from rules_fubar import fire as F
from rules_fubar import move_allowance as MA
from rules_fubar import movement as M
from rules_fubar import saves as S
from rules_fubar import targeting as T
from rules_fubar.measure import centroid, facing
from rules_fubar.state import (
    AllocateHits, Choose, CombatBegan, EndAction, SplitFire, SuppressFigure, TakeCasualty, FireAt, FireResult, GoOnGuard,
    GoToGround, Move, MoveFigures, PhaseChanged, VehicleDamaged, Walk, Walking, Assault, BvpAwarded,
)

from .helpers import activate, do, emit, events_of, lab, offered, place, take


def _act(game, uid, action, faces=()):
    """``uid`` is activated (a natural 6) and takes ``action``, the next dice showing ``faces``."""
    activate(game, uid)
    return take(game, action, faces)


def _dice(game, action) -> int:
    """How many dice ``action`` (a fire) rolls to hit: read on a look-ahead clone."""
    peek = game.clone()
    take(peek, action, [1] * 80)
    return events_of(peek, FireResult)[-1].dice


def _fire(game, shooter, target, *, hits, then=()):
    """``shooter`` is activated and fires (aimed) at ``target``: its first ``hits`` dice hit, the
    others miss, every save fails; the dice after those show ``then``."""
    activate(game, shooter)
    action = FireAt((target,), True)
    dice = _dice(game, action)
    return take(game, action, [6] * hits + [1] * (dice - hits) + [1] * hits + list(then))


@pytest.mark.rule("fubar:actions")
@pytest.mark.parametrize("mode,expected", [("run", 12.0), ("duck", 8.0)])
def test_run_and_duck_distances(mode, expected):
    game = lab()
    place(game, "ft1", "a", "isaf", 42, 46)
    place(game, "taliban-green", "e", "insurgents", 42, 2)
    start = game.state.units["a"].figures[0].pos
    _act(game, "a", Move(mode, "enemy", "e"))
    end = game.state.units["a"].figures[0].pos
    assert math.dist(start, end) == pytest.approx(expected, abs=0.01)
    if mode == "duck":  # Duck & Weave counts as soft cover
        assert game.state.units["a"].stance == "duck"
        rifle = game.rules.data.weapons["rifle"]
        assert F.cover_level(game.rules, game.state.units["a"], rifle) == 1


@pytest.mark.rule("fubar:actions")
def test_walk_moves_six_inches_and_may_fire_once():
    game = lab()
    place(game, "ft1", "a", "isaf", 42, 46)
    place(game, "taliban-green", "e", "insurgents", 42, 20)
    decision = _act(game, "a", Walk())
    assert isinstance(game.state.top, Walking) and Choose("walk") in decision.actions
    assert FireAt(("e",)) in offered(game, "fire") and Move("walk", "enemy", "e") in offered(game, "walk")
    start = game.state.units["a"].figures[0].pos
    decision = take(game, Move("walk", "enemy", "e"))
    assert math.dist(start, game.state.units["a"].figures[0].pos) == pytest.approx(6.0, abs=0.01)
    assert Choose("walk") not in decision.actions  # moved once; fire is still open
    assert FireAt(("e",)) in offered(game, "fire")


@pytest.mark.rule("fubar:actions")
def test_on_guard_gone_to_ground_aimed_fire_and_assault():
    game = lab()
    place(game, "ft1", "a", "isaf", 42, 46)
    place(game, "taliban-green", "far", "insurgents", 4, 2)  # an enemy far off: the game goes on
    _act(game, "a", GoOnGuard())
    assert game.state.units["a"].on_guard
    # Gone to Ground: up to 3" into the nearest cover, cover one level better (orchard: soft -> moderate)
    game = lab()
    place(game, "taliban-green", "g", "insurgents", 33.5, 21.5)
    place(game, "ft1", "far", "isaf", 4, 46)
    assert GoToGround() in activate(game, "g").actions
    do(game, GoToGround())
    g = game.state.units["g"]
    assert g.stance == "ground" and game.rules.measure_for(g).unit_cover(g) == 1
    assert F.cover_level(game.rules, g, game.rules.data.weapons["rifle"]) == 2
    # Aimed Fire: +1 to hit
    game = lab()
    a = place(game, "ft1", "a", "isaf", 42, 46)
    e = place(game, "taliban-green", "e", "insurgents", 42, 36)
    rifle = game.rules.data.weapons["rifle"]
    assert F.to_hit(game.rules, a, e, rifle, aimed=True) == F.to_hit(game.rules, a, e, rifle, aimed=False) - 1
    activate(game, "a")
    assert FireAt(("e",), True) in offered(game, "fire")
    take(game, FireAt(("e",), True), [1] * 20)
    assert events_of(game, FireResult)[-1].need == F.to_hit(game.rules, a, e, game.rules.data.weapons["assault-rifle"], aimed=True)
    # Assault: offered within 8", moves into base contact and fights
    game = lab()
    place(game, "ft1", "a", "isaf", 42, 46)
    place(game, "taliban-green", "e", "insurgents", 42, 40)
    activate(game, "a")
    assert Assault("e") in offered(game, "assault")
    take(game, Assault("e"), [2] * 40)  # the fight waits under the (empty) reaction windows
    assert events_of(game, CombatBegan)[-1].combat.endswith("a-e")


@pytest.mark.rule("fubar:vehicle-move")
def test_vehicles_move_twelve_in_the_open_and_six_in_soft_cover():
    game = lab()
    place(game, "wmik", "v", "isaf", 43, 4)
    v = game.state.units["v"]
    open_ = M.displace(game.rules, v, (0.0, 12.0), MA.DISTANCE["drive"])
    assert open_[0] == pytest.approx((43.0, 16.0))
    game = lab()
    place(game, "wmik", "v", "isaf", 33.5, 12.5)  # inside the orchard (soft cover)
    v = game.state.units["v"]
    v = attrs.evolve(v, figures=(attrs.evolve(v.figures[0], y=13.0),))
    # 12" asked, all of it through the orchard: 6" used the whole 12" allowance
    assert M.displace(game.rules, v, (0.0, 12.0), MA.DISTANCE["drive"])[0] == pytest.approx((33.5, 19.0))
    # infantry cross the same cover at full speed
    ft = place(game, "ft2", "f", "isaf", 33.5, 13.0)
    assert M.displace(game.rules, ft, (0.0, 6.0), MA.DISTANCE["walk"])[0][1] == pytest.approx(19.0)


@pytest.mark.rule("fubar:vehicle-move")
def test_a_driver_is_offered_twelve_inches_in_the_open_and_six_in_soft_cover():
    """The same distances as the owner moves the vehicle (a Walk's drive, measured points)."""
    game = lab()
    place(game, "wmik", "v", "isaf", 43, 4)
    place(game, "wmik", "w", "isaf", 33.5, 13.0)  # inside the orchard (soft cover)
    place(game, "taliban-green", "far", "insurgents", 4, 46)
    _act(game, "v", Walk())
    assert game.check(MoveFigures("drive", (((43.0, 16.0),),))) is None
    assert "left (drive)" in game.check(MoveFigures("drive", (((43.0, 16.5),),)))
    do(game, MoveFigures("drive", (((43.0, 16.0),),)))
    assert game.state.units["v"].figures[0].pos == (43.0, 16.0)
    do(game, EndAction())  # nothing to fire at: the drive is over
    _act(game, "w", Walk())
    # all of it through the orchard: 6" uses the whole 12" allowance
    assert game.check(MoveFigures("drive", (((33.5, 19.0),),))) is None
    assert "left (drive)" in game.check(MoveFigures("drive", (((33.5, 19.5),),)))


@pytest.mark.rule("fubar:fire")
def test_each_figure_rolls_its_fire_points_against_expertise():
    game = lab()
    place(game, "ft1", "a", "isaf", 42, 46)  # 3 assault rifles + LMG, veteran (4+)
    place(game, "taliban-green", "e", "insurgents", 42, 36)  # ~9" away in the open
    _act(game, "a", Walk())  # a Walk's fire is not aimed
    take(game, FireAt(("e",)), [4, 4, 4, 3, 3, 3, 1, 1, 1] + [6, 6, 6])  # 9 dice, then 3 saves (6+)
    r = events_of(game, FireResult)[-1]
    assert (r.dice, r.need, r.hits, r.save, r.unsaved) == (9, 4, 3, 6, 0)


@pytest.mark.rule("fubar:fire")
def test_split_fire_and_aimed_fire():
    game = lab()
    place(game, "ft1", "a", "isaf", 42, 46)
    place(game, "taliban-green", "e", "insurgents", 39, 36)
    place(game, "taliban-green", "f", "insurgents", 45.5, 36)
    options = F.fire_options(game.rules, game.state, game.state.units["a"], aimed=False)
    assert SplitFire(False) in options and FireAt(("e", "f")) not in options  # split fire is figure by figure
    activate(game, "a")
    assert SplitFire(True) in offered(game, "fire") and FireAt(("e", "f"), True) not in offered(game, "fire")
    take(game, FireAt(("e",), True), [1] * 30)
    assert events_of(game, FireResult)[-1].need == 3  # veteran 4+, aimed +1


@pytest.mark.rule("fubar:weapons")
def test_weapon_table():
    w = lab().rules.data.weapons
    assert [w[k].fire_points(5) for k in ("rifle", "smg", "lmg", "shotgun", "hmg", "heavy-cannon")] == [1, 3, 3, 3, 4, 6]
    ar = w["assault-rifle"]
    assert (ar.fire_points(12), ar.fire_points(12.5), ar.fire_points(24), ar.fire_points(24.5)) == (2, 1, 1, 0)
    assert w["light-mortar"].fire_points(40) == 3 and w["light-mortar"].fire_points(41) == 0


@pytest.mark.rule("fubar:cover")
def test_half_the_unit_in_cover_gives_the_whole_unit_cover():
    game = lab()
    m = game.rules.measure_for
    # orchard x 30..37, y 12..20; four figures 1.5" apart
    half = place(game, "ft2", "h", "insurgents", 37.0, 16.0)  # two in, two out
    assert m(half).unit_cover(half) == 1
    few = place(game, "ft2", "f", "insurgents", 38.5, 16.0)  # one in
    assert m(few).unit_cover(few) == 0


@pytest.mark.rule("fubar:cover")
def test_fire_into_cover_only_within_two_inches_of_its_edge_and_same_area_within_six():
    game = lab()
    m = game.rules.measure_for(place(game, "ft1", "a", "isaf", 42, 46))
    assert not m.pair_visible((19.5, 24.0), (24.0, 24.0), 0.5, 0.5)  # 3" deep in the compound
    assert m.pair_visible((19.5, 24.0), (21.8, 24.0), 0.5, 0.5)  # 0.8" from its edge
    assert not m.pair_visible((24.0, 24.0), (19.5, 24.0), 0.5, 0.5)  # and out of it the same way
    assert not m.pair_visible((15.0, 16.0), (16.5, 30.0), 0.5, 0.5)  # both in the wadi, 14" apart
    assert m.pair_visible((15.0, 16.0), (15.5, 21.0), 0.5, 0.5)  # both in the wadi, within 6"


@pytest.mark.rule("fubar:cover")
def test_cover_raises_the_roll_but_never_worse_than_six():
    game = lab()
    a = place(game, "taliban-green", "a", "insurgents", 42, 46)  # green 6+
    v = place(game, "ft1", "v", "isaf", 42, 30)  # veteran 4+
    t = place(game, "ft2", "t", "isaf", 36, 16)  # in the orchard (soft)
    rifle = game.rules.data.weapons["rifle"]
    assert F.to_hit(game.rules, v, t, rifle, aimed=False) == 5
    assert F.to_hit(game.rules, a, t, rifle, aimed=False) == 6
    walled = attrs.evolve(t, stance="ground")  # moderate after going to ground
    assert F.to_hit(game.rules, v, walled, rifle, aimed=False) == 6


@pytest.mark.rule("fubar:cover-ignore")
def test_flamethrowers_and_tank_cannon_ignore_cover():
    game = lab()
    t = place(game, "ft2", "t", "isaf", 36, 16)
    w = game.rules.data.weapons
    assert F.cover_level(game.rules, t, w["rifle"]) == 1
    assert F.cover_level(game.rules, t, w["flamethrower"]) == 0
    assert F.cover_level(game.rules, t, w["heavy-cannon"]) == 0


@pytest.mark.rule("fubar:mortars")
def test_light_mortar_fires_at_what_a_friend_sees():
    game = lab()
    mortar = place(game, "ft2", "m", "isaf", 24.0, 16.0)  # south of the compound
    target = place(game, "taliban-green", "t", "insurgents", 24.0, 31.0)  # north of it
    assert not game.rules.measure_for(mortar).sees(mortar, target)
    assert not T.can_fire_at(game.rules, game.state, mortar, target)
    place(game, "ft1", "spotter", "isaf", 42.0, 31.0)  # sees the target across open ground
    assert T.can_fire_at(game.rules, game.state, game.state.units["m"], game.state.units["t"])
    activate(game, "m")
    take(game, FireAt(("t",), True), [1, 1, 1])
    assert events_of(game, FireResult)[-1].dice == 3  # only the mortar's 3 Fire Points


@pytest.mark.rule("fubar:saves")
def test_saves_by_majority_armour_vehicles_and_troops_behind_vehicles():
    game = lab()
    rules = game.rules
    ft = place(game, "ft1", "a", "isaf", 42, 46)
    assert S.majority_armour(rules, ft) == 5  # medium
    mixed = attrs.evolve(ft, figures=tuple(attrs.evolve(f, armour="light") for f in ft.figures[:2]) + ft.figures[2:])
    assert S.majority_armour(rules, mixed) == 6  # a tie takes the worse save
    heavy = attrs.evolve(ft, figures=tuple(attrs.evolve(f, armour="heavy") for f in ft.figures[:3]) + ft.figures[3:])
    assert S.majority_armour(rules, heavy) == 4
    mrap = place(game, "mrap", "v", "isaf", 42, 20)
    assert S.save_for(rules, game.state, mrap, (42, 10)) == 4
    # troops close behind the MRAP as seen from the firer use its 4+ save
    sheltered = place(game, "taliban-green", "t", "isaf", 42, 22.5, figures=tuple(
        attrs.evolve(f, x=42.0 + 0.2 * k, y=22.5) for k, f in enumerate(place(game, "taliban-green", "x", "isaf", 42, 45).figures)))
    assert S.save_for(rules, game.state, sheltered, (42.0, 5.0)) == 4
    assert S.save_for(rules, game.state, sheltered, (42.0, 40.0)) == 6  # seen from the other side


@pytest.mark.rule("fubar:suppression")
def test_unsaved_hits_become_casualties_or_suppressed_up_to_the_grade_limit():
    game = lab()
    place(game, "ft1", "a", "isaf", 42, 46)
    place(game, "taliban-seasoned", "e", "insurgents", 42, 36)
    _act(game, "a", Walk())
    take(game, FireAt(("e",)), [6] * 9 + [1] * 9)  # 9 hits, no saves
    assert events_of(game, FireResult)[-1].unsaved == 9 and game.state.units["e"].alive is False  # 9 > 6 figures
    game = lab()
    place(game, "ft1", "a", "isaf", 42, 46)
    place(game, "taliban-seasoned", "e", "insurgents", 42, 36)
    _act(game, "a", Walk())
    decision = take(game, FireAt(("e",)), [6, 6, 6] + [1] * 6 + [1, 1, 1])
    top = game.state.top
    assert isinstance(top, AllocateHits) and top.hits == 3
    assert decision.player == "insurgents"
    assert {type(a) for a in decision.actions} == {TakeCasualty, SuppressFigure}
    for pick in (SuppressFigure("e-2"), SuppressFigure("e-3")):
        decision = do(game, pick)
    # seasoned: two suppressed at most, so the third hit can only be a casualty
    assert {type(a) for a in decision.actions} == {TakeCasualty}
    do(game, TakeCasualty("e-6"))
    e = game.state.units["e"]
    assert (len(e.figures), e.suppressed) == (5, 2)
    # suppressed figures cannot fire
    assert sum(1 for f in e.figures if T.weapon_of(game.rules, e, f)) == 3
    # the limit counts figures already down: one more hit can only kill
    assert C.suppression_room(game.rules, e, 1) == 0


@pytest.mark.rule("fubar:casualties")
def test_casualties_remove_figures_and_earn_bvp():
    game = lab()
    place(game, "taliban-green", "e", "insurgents", 42, 36)
    place(game, "ft1", "a", "isaf", 42, 46)
    decision = _fire(game, "a", "e", hits=2)
    assert decision.player == "insurgents" and TakeCasualty("e-1") in decision.actions
    do(game, TakeCasualty("e-1"))
    do(game, TakeCasualty("e-2"))  # the owner takes both as casualties
    assert len(game.state.units["e"].figures) == 4
    assert events_of(game, BvpAwarded)[-1].amount == 4  # Taliban kills: 2 BVP each
    place(game, "ft1", "i", "isaf", 42, 20)
    decision = _fire(game, "e", "i", hits=1)
    assert decision.player == "isaf"
    do(game, TakeCasualty("i-2"))
    assert events_of(game, BvpAwarded)[-1].amount == 6  # ISAF: 6 each


# the firers stand north (front), west (side) and south (rear) of the MRAP heading north
@pytest.mark.rule("fubar:vehicle-damage")
@pytest.mark.parametrize("source,face,expr", [((43, 30), "front", "2d6kl1"), ((33, 20.5), "side", "d6"), ((43, 10), "rear", "2d6kh1")])
def test_vehicle_damage_by_facing(source, face, expr):
    game = lab()
    place(game, "mrap", "v", "isaf", 43, 20, heading=90.0)
    shooter = place(game, "taliban-green", "s", "insurgents", *source)
    assert facing(game.state.units["v"], centroid(shooter)) == face
    _fire(game, "s", "v", hits=1, then=[2, 5])
    roll = [e for e in game.events if type(e) is DiceRolled][-1]
    hit = events_of(game, VehicleDamaged)[-1]
    assert roll.expression == expr and hit.facing == face
    # the front takes the milder of 2 and 5 (2: crew stunned), the rear the harsher (5: immobilised)
    assert hit.effect == {"front": 1, "side": 1, "rear": 3}[face]


@pytest.mark.rule("fubar:vehicle-damage")
def test_repeated_result_escalates_and_destruction_bails_the_crew_out():
    game = lab()
    place(game, "mrap", "v", "isaf", 43, 20, heading=90.0)
    place(game, "taliban-green", "s", "insurgents", 33, 20.5)  # west: the MRAP's side
    place(game, "taliban-green", "s2", "insurgents", 33, 22.5)
    _fire(game, "s", "v", hits=2, then=[3, 4])  # side: 3 weapon destroyed; 4 again -> immobilised
    effects = [e.effect for e in events_of(game, VehicleDamaged)]
    assert effects == [2, 3]
    v = game.state.units["v"]
    assert v.weapon_destroyed and v.immobilised and not T.fire_targets(game.rules, game.state, v)
    decision = _fire(game, "s2", "v", hits=1, then=[5, 1, 6, 6])  # 5 again -> destroyed
    assert events_of(game, VehicleDamaged)[-1].effect == 4 and not game.state.units["v"].alive
    crew = game.state.units["v-crew"]
    # crew saves 1, 6, 6 at 5+: one hit unsaved, which their owner takes as a casualty or suppressed
    assert crew.start_figures == 3 and (game.state.top.unit, game.state.top.hits) == ("v-crew", 1)
    assert decision.player == "isaf"
    do(game, TakeCasualty("v-crew-2"))
    assert [f.id for f in game.state.units["v-crew"].figures] == ["v-crew-1", "v-crew-3"]
    assert any(e.amount == 5 for e in events_of(game, BvpAwarded))
    # a new turn forgets the repeats
    emit(game, PhaseChanged("end_turn"))
    assert game.state.units["v"].damage_this_turn == ()
