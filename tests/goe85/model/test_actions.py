"""The typed actions: what a player reads for each choice, and what a log may hold."""
import pytest

from rules_goe85.model.actions import Block, Decline, Declined, PickCard, PickHelicopter, PickReserveUnit, PlayCard, PlayCardToFire, Step, Strike, StrikeTarget, Use

from ..helpers import _words, game
from ..refpos import arrange, fresh


def test_moves_and_strikes_read_as_hexes_and_units():
    g = arrange(fresh(), [("S1", "sov-rifle-intensive", "soviet", "5C3"), ("M1", "muj-rifle-intensive", "mujahideen", "5K6")])
    assert _words(g, Step(("S1",), "5C4")) == "5C3 Soviet Rifle (Intensive Fire) enters 5C4"
    assert _words(g, Strike("5E4", ("5E3", "5F4"))) == "artillery strike on 5E4 and 5E3 + 5F4"


def test_the_two_steps_of_a_large_choice_say_what_comes_next():
    g = arrange(fresh(), [("S1", "sov-rifle-intensive", "soviet", "5C3"), ("M1", "muj-rifle-intensive", "mujahideen", "5K6")])
    assert _words(g, PickReserveUnit("S1")) == "Reserve Phase: move 5C3 Soviet Rifle (Intensive Fire) (where to is asked next)"
    assert _words(g, StrikeTarget("5E4")) == "artillery strike on 5E4 (the two hexes beside it are asked next)"
    assert _words(g, Decline(Declined.BACK)) == "back: choose again (nothing has happened yet)"
    assert _words(g, PlayCardToFire("#9", Block.UPPER, Use.FIRE)) == "Fire card #9: the firer and target are asked next"
    assert _words(g, PickCard("#9")) == "play card #9 (what for is asked next)"
    assert _words(g, PickHelicopter("#9", "S1")) == "card #9 for 5C3 Soviet Rifle (Intensive Fire) (what it does is asked next)"


def test_an_unknown_card_use_is_refused_when_a_log_is_read():
    g = game()
    codec = g.codec
    good = codec.action_to_dict(PlayCard("#9", Block.UPPER, Use.FIRE, "S1", "M1"))
    assert good["use"] == "fire" and good["block"] == "upper"  # logged by the rulebook's names
    assert codec.action_from_dict(good) == PlayCard("#9", Block.UPPER, Use.FIRE, "S1", "M1")
    with pytest.raises((ValueError, ExceptionGroup)) as info:  # the codec names the value that failed
        codec.action_from_dict(dict(good, use="teleport"))
    errors = info.value.exceptions if isinstance(info.value, ExceptionGroup) else (info.value,)
    assert any("'teleport' is not a valid Use" in str(e) for e in errors)


def test_every_offered_action_reads_as_a_line_in_play():
    """The human agent shows describe_action for every choice: it must word all of them."""
    from tabletop_core import agents_for, new_game
    from tabletop_core.agents import AgentView

    for scenario in ("air-assault", "ambush-at-sherkhankhel"):
        g = new_game("goe85", scenario, seed=5)
        seats = agents_for(g, "random,random")
        for _ in range(120):
            if g.over:
                break
            d = g.decision
            for action in d.actions:
                line = g.rules.describe_action(action, g.state)
                assert line and not line.startswith(type(action).__name__ + "("), line
            g.apply(seats[d.player].choose(AgentView(g, d.player, d)))
