"""The Reserve Phase (GoE 5f)."""
import pytest

from rules_goe85.model.actions import EndReserve, ReserveMove
from rules_goe85.model.events import BarrageSet
from rules_goe85.model.frames import ReserveFrame
from rules_goe85.procedures.reserve.leg_moves import reserve_moves
from rules_goe85.queries.board import board_for

from ...helpers import RULES, game, position
from ...refpos import arrange, fresh


B = board_for("your-papers-please")


def _dests(g, uid):
    return {a.to for a in g.decision.actions if isinstance(a, ReserveMove) and a.unit == uid}


@pytest.mark.rule("goe85:5f")
def test_reserve_moves_two_mp_far_from_the_enemy_one_near():
    g = game("your-papers-please")
    position(g, [("M1", "muj-rifle-intensive", "mujahideen", "5A7"), ("M2", "muj-rifle-intensive", "mujahideen", "5J1"),
                 ("S1", "sov-rifle-intensive", "soviet", "5J3")])
    moves = reserve_moves(RULES, g.state, "mujahideen", ())
    b = board_for(g.state.scenario)
    far = {m.to for m in moves if m.unit == "M1"}
    near = {m.to for m in moves if m.unit == "M2"}
    assert all(b.distance(b.hex("5A7"), b.hex(x)) <= 2 for x in far) and any(
        b.distance(b.hex("5A7"), b.hex(x)) == 2 for x in far)
    assert all(b.distance(b.hex("5J1"), b.hex(x)) == 1 for x in near)


@pytest.mark.rule("goe85:5f")
@pytest.mark.rule("goe85:7c")
@pytest.mark.rule("goe85:12b")
@pytest.mark.rule("goe85:21e")
def test_reserve_allowances_for_leg_units():
    g = fresh()
    units = [("S1", "sov-rifle-intensive", "soviet", "5C2"),
             ("S2", "sov-rifle-intensive", "soviet", "", {"entry": 1}),
             ("S3", "spetsnaz", "soviet", "5H0"),
             ("S4", "sov-rifle-intensive", "soviet", "5J6"),
             ("S5", "sov-rifle-intensive", "soviet", "5I6", {"shaken": True}),
             ("S6", "sov-rifle-intensive", "soviet", "5B1", {"shaken": True}),
             ("M1", "muj-rifle-intensive", "mujahideen", "5K8")]
    arrange(g, units, frames=[ReserveFrame("soviet")], phase="reserve")
    # far from the enemy: 2 MP; 5C4 is two clear hexes down the column
    assert {"5C3", "5C4"} <= _dests(g, "S1")
    # a Barrage in 5C3 costs 1 + 2 MP (12b): 5C3 only as the one-hex minimum move (7c), not beyond
    arrange(g, units, frames=[ReserveFrame("soviet")], phase="reserve",
            extra=lambda c: c.emit(BarrageSet((B.hex("5C3"),))))
    assert "5C3" in _dests(g, "S1") and "5C4" not in _dests(g, "S1")
    # an entering reinforcement pays its edge hex out of the 2 MP and may go one clear hex further
    s2 = _dests(g, "S2")
    assert "5C0" in s2 and "5C1" in s2 and "5C2" not in s2
    # 21e: a Pathfinder pays 1 MP a hex: 5H1 then the woods of 5H2
    assert "5H2" in _dests(g, "S3")
    # within three hexes of an enemy: 1 MP, but 7c lets it into any enterable neighbour (5K6 rough)
    s4 = _dests(g, "S4")
    assert s4 == {B.label(n) for n in B.neighbours[B.hex("5J6")] if n in B.board and n != B.hex("5K8")}
    assert "5K6" in s4
    assert _dests(g, "S5") == set()  # Shaken within three hexes: no move
    s6 = _dests(g, "S6")  # Shaken far away: 1 MP
    assert "5B2" in s6 and "5B3" not in s6


@pytest.mark.rule("goe85:5f")
@pytest.mark.rule("goe85:18q")
def test_a_concealed_unit_moving_in_the_reserve_phase_gives_its_hex_away():
    g = fresh()
    arrange(g, [("S1", "sov-rifle-intensive", "soviet", "5J0"),
                ("M1", "muj-rifle-concealed", "mujahideen", "5A3", {"concealed": True}),
                ("M2", "muj-rifle-concealed", "mujahideen", "5A3", {"concealed": True})],
            frames=[ReserveFrame("soviet")], phase="reserve")
    g.apply(EndReserve())
    assert g.decision.player == "mujahideen"
    g.apply(next(a for a in g.decision.actions if isinstance(a, ReserveMove) and a.unit == "M1"))
    assert not g.state.units["M1"].concealed and not g.state.units["M2"].concealed
