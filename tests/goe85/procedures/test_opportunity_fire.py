"""Opportunity Fire (GoE 11)."""
import pytest

from rules_goe85.model.actions import Block, Decline, Declined, PlayCard, Step, Use
from rules_goe85.model.frames import MoveFrame, OppFireWindow
from rules_goe85.procedures.move.steps import start_move

from ..helpers import play_through
from ..helpers import BLANK, GREEN, RULES, ctx, game, give, position, stack_deck


@pytest.mark.rule("goe85:11a")
@pytest.mark.rule("goe85:18h")
def test_opportunity_fire_stops_a_hit_mover():
    g = game("your-papers-please")
    position(g, [("M1", "muj-rifle-intensive", "mujahideen", "5C4"), ("S1", "sov-rifle-intensive", "soviet", "5C1")])
    give(g, "soviet", ["#9"])  # Fire
    start_move(RULES, ctx(g), "mujahideen", "move", ["M1"])
    g._decision = None
    play_through(g, Step(("M1",), "5C3"))
    assert isinstance(g.state.top, OppFireWindow) and g.decision.player == "soviet"
    stack_deck(g, [GREEN, BLANK, BLANK, BLANK])
    play_through(g, PlayCard("#9", Block.UPPER, Use.OPP_FIRE, "S1", "M1"))
    while g.decision.player == "mujahideen" and not isinstance(g.state.top, MoveFrame):
        play_through(g, Decline(Declined.REACT) if Decline(Declined.REACT) in g.decision.actions else g.decision.actions[-1])
    assert g.state.units["M1"].shaken and g.state.units["M1"].marker == "ops"
    assert g.state.units["S1"].marker == "fired"
    f = g.state.top
    assert isinstance(f, MoveFrame) and dict((u, m) for u, m, _ in f.mp)["M1"] == 0
