"""Event and End Turn cards drawn (GoE 5b, 5c)."""
import pytest

from rules_goe85.model.state import ASIDE
from rules_goe85.effects.damage_draw import damage_card

from ..helpers import ctx, game, stack_deck


@pytest.mark.rule("goe85:5c")
def test_event_and_end_turn_cards_in_a_damage_draw():
    g = game("9th-company")
    before = g.state.end_turns
    stack_deck(g, ["#55", "#51"])
    c = ctx(g)
    cid = damage_card(c)
    assert cid == "#51" and g.state.end_turns == before + 1  # End Turn counts; the Event is not a draw
    assert "#55" in g.state.decks["action"].piles["discard"] and "#51" in g.state.decks["action"].piles[ASIDE]
