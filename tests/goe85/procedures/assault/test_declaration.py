"""Declaring an assault (GoE 13a): procedures/assault/declaration.py."""
import pytest

from rules_goe85.model.actions import Block, PlayCard, Step, Stop, Use
from rules_goe85.model.frames import Impulse
from rules_goe85.queries.board import board_for

from ...helpers import BLANK, BLANK2, GREEN, play_through
from ...refpos import arrange, fresh

B = board_for("your-papers-please")


@pytest.mark.rule("goe85:13a")
def test_a_hex_takes_one_assault_per_impulse():

    g = fresh()
    arrange(g, [("S1", "sov-rifle-intensive", "soviet", "5C3"), ("S2", "sov-rifle-intensive", "soviet", "5D4"),
                ("M1", "muj-rifle-intensive", "mujahideen", "5C4")],
            hands={"soviet": ["#46", "#35"]},  # Move / Scout; Panic / Move
            top=[BLANK, BLANK2, GREEN],  # the attacker draws 2 blanks, the defender a green Hit
            frames=[Impulse("soviet", "main", extra=1)])  # a second action to come (Command Ops)
    play_through(g, PlayCard("#46", Block.UPPER, Use.MOVE, "", "5C3"))
    play_through(g, Step(("S1",), "5C4"))
    play_through(g, Stop())
    # the defender suffered fewer hits: S1 goes back to 5C3, and the impulse goes on
    assert g.state.units["S1"].hex == B.hex("5C3") and g.state.units["M1"].hex == B.hex("5C4")
    play_through(g, PlayCard("#35", Block.LOWER, Use.MOVE, "", "5D4"))
    steps = {(",".join(a.units), a.to) for a in g.decision.actions if isinstance(a, Step)}
    assert ("S2", "5C5") in steps and ("S2", "5C4") not in steps  # 13a: 5C4 had its assault
