"""A vehicle stepping, pivoting and reversing (GoE 7b, 15d): procedures/move/vehicle_steps.py."""
import pytest

from rules_goe85.model.actions import Pivot, Reverse, Step
from rules_goe85.procedures.move.steps import start_move
from rules_goe85.queries.board import board_for

from rules_goe85.model.frames import Impulse

from ...helpers import RULES
from ...refpos import arrange, fresh


@pytest.mark.rule("goe85:7b")
def test_vehicle_moves_into_its_front_hexes_pivots_and_reverses():
    from tabletop_core.boards.hexfacing import front_hexes, rear_hexes

    g = fresh("your-papers-please")
    b = board_for("your-papers-please")
    arrange(g, [("T", "t-55", "mujahideen", "5E4", {"facing": 0}), ("S", "sov-rifle-intensive", "soviet", "5K0")],
            frames=[Impulse("mujahideen", "main")], then=lambda c: start_move(RULES, c, "mujahideen", "move", ["T"]))
    acts = g.decision.actions
    here = b.hex("5E4")
    steps = {b.hex(a.to) for a in acts if isinstance(a, Step)}
    def passable(hs):
        return {h for h in hs if h in b.board and b.enter_cost(here, h, "T") is not None}

    assert steps == passable(front_hexes(here, 0)) and steps
    rev = {b.hex(a.to) for a in acts if isinstance(a, Reverse)}
    assert rev == passable(rear_hexes(here, 0))
    assert {a.facing for a in acts if isinstance(a, Pivot)} == {1, 5}
    g.apply(Pivot("T", 1))  # 1 MP per vertex
    assert g.state.units["T"].facing == 1 and dict((u, m) for u, m, _ in g.state.top.mp)["T"] == 4
    r = next(a for a in g.decision.actions if isinstance(a, Reverse))
    g.apply(r)  # clear terrain 1 MP + 1 for reversing; the facing is kept
    assert g.state.units["T"].facing == 1 and dict((u, m) for u, m, _ in g.state.top.mp)["T"] == 2
