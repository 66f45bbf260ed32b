"""The scenario your-papers-please: set-up, special rules, events and victory."""
import pytest

from rules_goe85.model.events import ControlSet
from rules_goe85.model.frames import InitiativePick
from rules_goe85.queries.board import board_for

from ..helpers import RULES, ctx, game


@pytest.mark.rule("goe85:scenario:your-papers-please")
def test_your_papers_please_entry_and_control_of_two():
    g = game("your-papers-please")
    assert all(u.hex is None for u in g.state.units.values())
    b = board_for("your-papers-please")
    south = RULES.entry_hexes(g.state, "mujahideen")
    north = RULES.entry_hexes(g.state, "soviet")
    assert all(b.local(h)[2] >= 7 for h in south) and all(b.local(h)[2] == 0 for h in north)
    assert isinstance(g.state.top, InitiativePick)  # no fixed initiative
    c = ctx(g)
    c.emit(ControlSet("5E3", "soviet"))
    c.emit(ControlSet("5G3", "soviet"))
    RULES.special_rules(c.state).final_result(RULES, c)
    assert g.state.result.winner == "soviet"
