"""Readings a review left open, each decided from the text and played: who may play a Reaction
(3a, 20: Light Wounds against First Fire, not against one's own strike), a Shaken unit and Move &
Fire (18i), artillery and friendly units in a struck hex (12a).  Positions are set through the referee."""
import pytest

from rules_goe85.model.actions import REFUSALS, Block, EndImpulse, PlayCard, PlayReaction, Step, Use
from rules_goe85.effects.artillery_strike import strike
from rules_goe85.queries.board import board_for
from rules_goe85.queries.card_menu import main_options
from rules_goe85.model.frames import FireChoice, Impulse

from .helpers import decline_empty_windows, play_through
from .helpers import GREEN, GREEN2, RULES, _notes
from .refpos import arrange, fresh

B = board_for("your-papers-please")
BLANKS = ["#1", "#4", "#7", "#10", "#12", "#15", "#19", "#22", "#23"]  # no Hit


@pytest.mark.rule("goe85:20c")
@pytest.mark.rule("goe85:20a")
def test_light_wounds_answers_first_fire_in_the_players_own_impulse():
    g = fresh()
    arrange(g, [("S", "sov-rifle-intensive", "soviet", "5C4"), ("M", "muj-rifle-intensive", "mujahideen", "5C6")],
            hands={"soviet": ["#9", "#14"], "mujahideen": ["#21"]},  # Fire; Light Wounds; First Fire
            top=[GREEN, *BLANKS])
    play_through(g, PlayCard("#9", Block.UPPER, Use.FIRE, "S", "M"))
    play_through(g, PlayReaction("#21", Use.FIRST_FIRE, "M"))
    # M's answer is drawn first: its green Hit on S is the other player's action, so the phasing
    # Soviet player may answer it with Light Wounds (the reading in fire.reacts)
    assert g.decision.player == "soviet" and PlayReaction("#14", Use.LIGHT_WOUNDS, "S") in g.decision.actions
    assert isinstance(g.state.stack[0], Impulse) and g.state.stack[0].player == "soviet"  # its own impulse
    play_through(g, PlayReaction("#14", Use.LIGHT_WOUNDS, "S"))
    assert "S ignores the hit (Light Wounds)" in _notes(g)
    assert not g.state.units["S"].shaken and g.state.units["M"].marker == "fired"


@pytest.mark.rule("goe85:12a")
@pytest.mark.rule("goe85:20c")
def test_artillery_strikes_friendly_units_in_its_hexes_without_a_reaction_for_them():
    g = fresh()
    # a 3 HEF strike on 5C4 (a Soviet rifle) and 5C6 (a Mujahideen rifle), both clear: 3 cards each
    arrange(g, [("S", "sov-rifle-intensive", "soviet", "5C4"), ("M", "muj-rifle-intensive", "mujahideen", "5C6")],
            hands={"soviet": ["#14"], "mujahideen": ["#36"]},  # Light Wounds each
            top=[GREEN, BLANKS[0], BLANKS[1], GREEN2, BLANKS[2], BLANKS[3]])
    g.referee(lambda c: strike(RULES, c, "soviet", 3, [B.hex("5C4"), B.hex("5C6")]))
    # the Soviet rifle takes its own strike's Hit: no Light Wounds against one's own action
    decline_empty_windows(g)
    assert g.state.units["S"].shaken
    assert g.decision.player == "mujahideen" and PlayReaction("#36", Use.LIGHT_WOUNDS, "M") in g.decision.actions
    assert not any(isinstance(a, PlayReaction) and a.unit == "S" for a in g.decision.actions)
    play_through(g, PlayReaction("#36", Use.LIGHT_WOUNDS, "M"))
    assert not g.state.units["M"].shaken and "#14" in g.state.decks["action"].piles["hand:soviet"]


@pytest.mark.rule("goe85:18i")
@pytest.mark.rule("goe85:10c")
def test_a_shaken_unit_may_move_and_fire_but_does_not_fire():
    g = fresh()
    arrange(g, [("S", "sov-rifle-intensive", "soviet", "5C3", {"shaken": True}),
                ("M", "muj-rifle-intensive", "mujahideen", "5C6")], hands={"soviet": ["#4"]})
    play = PlayCard("#4", Block.UPPER, Use.MOVE_FIRE, "S")
    assert play in main_options(RULES, g.state, "soviet")
    play_through(g, play)
    # MF 3, halved for Shaken (1), halved again rounded up (1): one hex
    assert dict((u, m) for u, m, _ in g.state.top.mp)["S"] == 1
    play_through(g, Step(("S",), "5C4"))
    if g.decision is not None and any(isinstance(a, REFUSALS) and not isinstance(a, EndImpulse) for a in g.decision.actions):
        play_through(g, next(a for a in g.decision.actions if isinstance(a, REFUSALS)))
    assert not any(isinstance(f, FireChoice) for f in g.state.stack)
    s = g.state.units["S"]
    assert s.hex == B.hex("5C4") and s.marker == "ops" and "M" in g.state.units and not g.state.units["M"].shaken
