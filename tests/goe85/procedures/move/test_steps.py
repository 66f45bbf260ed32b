"""Moving stacks (GoE 7, 18e/g/h/o) with the rulebook's numbers."""
import pytest

from tabletop_core.boards.hexfacing import front_hexes

from rules_goe85.model.actions import Block, PlayCard, Step, Stop, Use
from rules_goe85.model.state import Unit
from rules_goe85.procedures.move.steps import start_move
from rules_goe85.queries.movement import mp_allowance
from rules_goe85.queries.card_menu import main_options
from rules_goe85.queries.board import board_for

from rules_goe85.model.frames import Impulse

from ...helpers import RULES
from ...refpos import arrange, fresh

MUJ = [Impulse("mujahideen", "main")]


def _moving(units, use: str, uids):
    """A game in the Mujahideen impulse where ``uids`` have begun a ``use`` move (its frame pushed)."""
    return arrange(fresh(), units, frames=MUJ, then=lambda c: start_move(RULES, c, "mujahideen", use, uids))


B = board_for("your-papers-please")


def U(uid, tid, side="mujahideen", **kw):
    return Unit(uid, tid, side, (0, 0), **kw)


@pytest.mark.rule("goe85:7a")
def test_each_movement_class_pays_its_own_terrain_costs():
    here, woods = B.hex("5C6"), B.hex("5C7")
    assert B.row(woods).kind == "woods"
    # TEC by class: woods costs Leg 2, Off-road 3, Tracked 2, Flying 1 and is closed to Wheeled
    assert [B.enter_cost(here, woods, c) for c in "LWOTF"] == [2, None, 3, 2, 1]
    facing = next(f for f in range(6) if woods in front_hexes(here, f))
    for tid, ok in (("btr-70", False), ("bmp-1", True)):  # W, T in play
        g = fresh()
        arrange(g, [("V", tid, "soviet", "5C6", {"facing": facing}), ("M", "muj-rifle-intensive", "mujahideen", "5K6")])
        g.referee(lambda c: start_move(RULES, c, "soviet", "move", ["V"]))
        steps = {a.to for a in g.decision.actions if isinstance(a, Step)}
        assert ("5C7" in steps) is ok
        if ok:
            g.apply(Step(("V",), "5C7"))
            assert dict((u, m) for u, m, _ in g.state.top.mp)["V"] == 6 - 2


@pytest.mark.rule("goe85:18g")
@pytest.mark.rule("goe85:18o")
@pytest.mark.rule("goe85:21e")
def test_lets_get_em_scout_and_pathfinder():
    g = fresh()
    arrange(g, [("M1", "muj-rifle-intensive", "mujahideen", "5C6"), ("M2", "muj-rifle-intensive", "mujahideen", "5E6"),
                ("S1", "sov-rifle-intensive", "soviet", "5K0")],
            hands={"mujahideen": ["#25"]}, frames=MUJ)  # Let's Get 'Em! / Light Wounds
    assert PlayCard("#25", Block.UPPER, Use.LETS_GET_EM, "", "5C6", second="5E6") in main_options(RULES, g.state, "mujahideen")
    g.apply(PlayCard("#25", Block.UPPER, Use.LETS_GET_EM, "", "5C6", second="5E6"))
    assert {u for u, _, _ in g.state.top.mp} == {"M1", "M2"}
    g.apply(Stop())
    # Scout: every hex costs one MP (woods at 5C7 and 5D7 cost 2 otherwise)
    g2 = _moving([("M1", "muj-rifle-intensive", "mujahideen", "5C6"), ("S1", "sov-rifle-intensive", "soviet", "5K0")],
                 "scout", ["M1"])
    g2.apply(Step(("M1",), "5C7"))
    assert dict((u, m) for u, m, _ in g2.state.top.mp)["M1"] == 2
    g3 = _moving([("M1", "muj-rifle-intensive", "mujahideen", "5C6"), ("MH", "dadvar", "mujahideen", "5C6"),
                  ("S1", "sov-rifle-intensive", "soviet", "5K0")], "move", ["M1", "MH"])
    g3.apply(Step(("M1", "MH"), "5C7"))  # Dadvar is a Pathfinder: woods cost 1
    assert dict((u, m) for u, m, _ in g3.state.top.mp)["MH"] == 3


@pytest.mark.rule("goe85:7a")
@pytest.mark.rule("goe85:18e")
@pytest.mark.rule("goe85:18i")
def test_movement_allowances():
    rifle = U("a", "muj-rifle-intensive")
    assert mp_allowance(rifle, "move") == 3
    assert mp_allowance(U("a", "muj-rifle-intensive", shaken=True), "fast_move") == 2  # (3+1)/2, 10c example
    assert mp_allowance(rifle, "move_fire") == 2  # half, rounded up


@pytest.mark.rule("goe85:7c")
@pytest.mark.rule("goe85:2j")
def test_step_by_step_move_with_hero_speed_and_minimum_move():
    g = _moving([("M1", "muj-rifle-intensive", "mujahideen", "5C4"), ("MH", "dadvar", "mujahideen", "5C4"),
                 ("S1", "sov-rifle-intensive", "soviet", "5K0")], "move", ["M1", "MH"])
    f = g.state.top
    assert dict((u, (m, lent)) for u, m, lent in f.mp) == {"M1": (3, 1), "MH": (4, 0)}
    assert g.decision.player == "mujahideen" and Step(("M1", "MH"), "5C5") in g.decision.actions
    for target in ("5C5", "5C6", "5C7"):  # C7 woods
        g.apply(Step(("M1", "MH"), target)) if Step(("M1", "MH"), target) in g.decision.actions else None
    units = g.state.units
    assert units["M1"].hex == units["MH"].hex


@pytest.mark.rule("goe85:2j")
def test_a_unit_that_leaves_its_hero_keeps_only_its_own_mf_less_what_it_spent():
    """2j: a Rifle (MF 3) moving with Dadvar (MF 4) has 4 MF only if it stays with him for its
    whole move.  Together one clear hex, then alone: 2 MP are left (3 - 1), not 3 (the lent MP
    were spent first before, so a unit could leave and keep the Hero's bonus)."""
    from rules_goe85.model.frames import Impulse

    from ...helpers import play_through

    g = fresh()
    arrange(g, [("M1", "muj-rifle-intensive", "mujahideen", "5B1"), ("MH", "dadvar", "mujahideen", "5B1"),
                ("S1", "sov-rifle-intensive", "soviet", "5K8")],
            hands={"mujahideen": ["#46"]}, frames=[Impulse("mujahideen", "main")])
    play_through(g, PlayCard("#46", Block.UPPER, Use.MOVE, "", "5B1"))
    play_through(g, Step(("M1", "MH"), "5B2"))
    assert {u: (m, lent) for u, m, lent in g.state.top.mp} == {"M1": (2, 1), "MH": (3, 0)}
    for to in ("5B3", "5B4"):  # alone now: its own MF less the 1 MP spent with Dadvar
        play_through(g, Step(("M1",), to))
    assert not any(isinstance(a, Step) and a.units == ("M1",) for a in g.decision.actions)
    # staying with the Hero the whole way it moves his 4 hexes
    arrange(g, [("M1", "muj-rifle-intensive", "mujahideen", "5B1"), ("MH", "dadvar", "mujahideen", "5B1"),
                ("S1", "sov-rifle-intensive", "soviet", "5K8")],
            hands={"mujahideen": ["#46"]}, frames=[Impulse("mujahideen", "main")])
    play_through(g, PlayCard("#46", Block.UPPER, Use.MOVE, "", "5B1"))
    for to in ("5B2", "5B3", "5B4", "5B5"):
        play_through(g, Step(("M1", "MH"), to))
    assert g.state.units["M1"].hex == g.state.units["MH"].hex == B.hex("5B5")
