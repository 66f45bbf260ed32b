"""Stacking (GoE 9)."""
import pytest

from rules_goe85.model.state import Unit
from rules_goe85.queries.units import stacking_ok, units_at

from ..helpers import DATA, game


def U(uid, tid, side="mujahideen", **kw):
    return Unit(uid, tid, side, (0, 0), **kw)


@pytest.mark.rule("goe85:9")
def test_stacking_examples():
    assert stacking_ok([U("a", "muj-rifle-intensive"), U("b", "muj-rifle-intensive"), U("h", "aarash")])
    assert not stacking_ok([U("a", "muj-rifle-intensive"), U("b", "muj-rifle-intensive"), U("c", "rpd")])
    assert stacking_ok([U("a", "muj-rifle-intensive"), U("t", "t-55"), U("h", "aarash")])
    assert not stacking_ok([U("h", "aarash"), U("d", "dadvar")])


# -- 9, 15d: vehicles at set-up -------------------------------------------------------------------
@pytest.mark.rule("goe85:9")
@pytest.mark.rule("goe85:scenario:jalalabad")
def test_default_deployment_never_stacks_two_vehicles():
    g = game("jalalabad")
    hexes = {u.hex for u in g.state.units.values() if u.hex is not None}
    assert all(stacking_ok(units_at(g.state, h)) for h in hexes)
    vehicles = [u for u in g.state.units.values() if u.hex is not None and DATA.units[u.type].kind == "vehicle"]
    assert len({u.hex for u in vehicles}) == len(vehicles)


@pytest.mark.rule("goe85:9")
def test_vehicle_stacking():
    assert not stacking_ok([U("a", "t-55", "soviet"), U("b", "bmp-1", "soviet")])  # one ground vehicle
    assert stacking_ok([U("a", "sov-rifle-intensive", "soviet"), U("b", "sov-rifle-intensive", "soviet"), U("c", "btr-70", "soviet"),
                        U("p", "sov-rifle-marksman", carrier="c")])  # 9 example: the passenger does not count
    assert not stacking_ok([U("a", "bmp-1", "soviet"), U("h", "mi-8", mode="landed")])  # landed: a ground vehicle
    assert stacking_ok([U("a", "bmp-1", "soviet"), U("h", "mi-8", mode="hovering")])
    assert not stacking_ok([U("h", "mi-8", mode="flying"), U("i", "mi-24", mode="hovering")])  # one air unit


@pytest.mark.rule("goe85:9")
@pytest.mark.parametrize("scenario", ["city-boys", "jalalabad", "kill-zone"])
def test_a_groups_room_in_a_hex_is_stacking_ok_of_the_hex_and_the_group(scenario):
    """group_room (the move menu's stacking test) answers as stacking_ok of the hex's units and
    the group, for groups of one and two units of either side (a vehicle, a Hero, passengers among
    them) and every hex next to them or holding units, in random positions of whole games."""
    from rules_goe85.queries.board import board_at
    from rules_goe85.queries.units import group_room

    asked = 0
    for state in _positions(scenario, 5):
        if asked >= 3000:
            break
        placed = sorted((u for u in state.units.values() if u.hex is not None), key=lambda u: u.uid)
        for i, u in enumerate(placed[:12]):
            for group in ([u], [u, placed[i - 1]]):
                fits = group_room(state, group)
                for b in {x.hex for x in placed} | set(board_at(state).neighbours[u.hex]):
                    if all(x.hex != b for x in group):
                        assert fits(b) == stacking_ok(units_at(state, b) + group), (u.uid, b)
                        asked += 1
    assert asked


def _positions(scenario: str, seed: int):
    """The state at each decision of a random game (each one before its decision is taken)."""
    from tabletop_core import agents_for, new_game
    from tabletop_core.agents import AgentView

    g = new_game("goe85", scenario, seed=seed)
    seats = agents_for(g, "random,random")
    while not g.over:
        yield g.state
        d = g.decision
        g.apply(seats[d.player].choose(AgentView(g, d.player, d)))


@pytest.mark.rule("goe85:9")
@pytest.mark.parametrize("scenario", ["city-boys", "jalalabad", "kill-zone"])
def test_a_units_room_in_a_hex_is_stacking_ok_of_the_hex_with_it(scenario):
    """stacking_room (asked of every hex a move or reserve search tries) and room_beside (the
    reserve first step's test of an occupied hex next to a Leg unit) answer as stacking_ok of the
    hex's other units and the unit, in its own hex and in every hex next to it or holding units,
    in random positions of whole games."""
    from rules_goe85.queries.board import board_at
    from rules_goe85.queries.units import room_beside, stacking_room, unit_weight

    asked = 0
    for state in _positions(scenario, 6):
        if asked >= 3000:
            break
        placed = sorted((u for u in state.units.values() if u.hex is not None), key=lambda u: u.uid)
        for u in placed[:12]:
            fits = stacking_room(state, u)
            for b in {x.hex for x in placed} | set(board_at(state).neighbours[u.hex]):
                others = [x for x in units_at(state, b) if x.uid != u.uid]
                assert fits(b) == stacking_ok(others + [u]), (u.uid, b)
                if b != u.hex:
                    assert room_beside(state, b, unit_weight(u)) == stacking_ok(others + [u]), (u.uid, b)
                asked += 1
    assert asked
