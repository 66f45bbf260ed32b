"""Event and End Turn cards drawn (GoE 5b, 5c)."""
import pytest

from rules_goe85.effects.attack_start import start_fire
from rules_goe85.model.state import ASIDE

from ..helpers import RULES, decline_empty_windows
from ..refpos import arrange, fresh


@pytest.mark.rule("goe85:5c")
def test_event_and_end_turn_cards_in_a_damage_draw():
    g = fresh("9th-company")
    before = g.state.end_turns
    fired = []  # where the attack begins in the record
    # S1 fires at M1 two hexes off: the first card drawn is an Event, the next an End Turn
    arrange(g, [("S1", "sov-rifle-intensive", "soviet", "6E7"), ("M1", "muj-rifle-intensive", "mujahideen", "6E5")],
            top=["#55", "#51", "#1", "#4"],
            then=lambda c: (fired.append(len(g.events)), start_fire(RULES, c, "soviet", "fire", "S1", "M1", False)))
    decline_empty_windows(g)
    drawn = [e.card for e in g.events[fired[0]:] if type(e).__name__ == "CardMoved" and e.source == "draw"]
    hef = int(next(e.text for e in g.events if type(e).__name__ == "Note" and "fires at M1" in e.text).split("HEF ")[1])
    assert drawn == ["#55", "#51", "#1", "#4"][:hef + 1]  # the Event is not a draw: one card more than the HEF
    assert g.state.end_turns == before + 1 and not g.state.units["M1"].shaken  # End Turn counts, no Hit
    assert "#55" in g.state.decks["action"].piles["discard"] and "#51" in g.state.decks["action"].piles[ASIDE]
