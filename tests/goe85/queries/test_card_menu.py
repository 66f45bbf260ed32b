"""The impulse's card play asked step by step (GoE 6b, 6c, 17a, 17b; queries/card_menu.py): the card,
what it is played for, a helicopter's play -- together exactly the plays the whole listing of the
card has, none leading to nothing, and each step a pure function of the state.  Positions come
from seeded random play through the public API."""
from __future__ import annotations

import pytest

from tabletop_core import new_game
from tabletop_core.agents import AgentView, RandomAgent

from rules_goe85.model.actions import PickCard, PickHelicopter
from rules_goe85.model.frames import CardPlayChoice, HeliCardChoice, Impulse
from rules_goe85.model.occupancy import forget
from rules_goe85.queries.card_menu import card_step, heli_step, main_options, playable_cards
from rules_goe85.queries.deck import hand_of


def _positions(scenario: str, seeds):
    """(game, frame) at every step of a card play in seeded random games."""
    for seed in seeds:
        g = new_game("goe85", scenario, seed=seed)
        seats = {p: RandomAgent(seed=seed, player=p) for p in g.rules.players}
        while not g.over:
            top = g.state.top
            if isinstance(top, (CardPlayChoice, HeliCardChoice)) or (isinstance(top, Impulse) and top.step == "main"):
                yield g, top
            d = g.decision
            g.apply(seats[d.player].choose(AgentView(g, d.player, d)))


@pytest.mark.rule("goe85:6b")
@pytest.mark.rule("goe85:6c")
@pytest.mark.rule("goe85:17a")
@pytest.mark.rule("goe85:17b")
@pytest.mark.parametrize("scenario", ["air-assault", "jalalabad", "kill-zone", "city-boys"])
def test_the_steps_offer_exactly_the_cards_whole_listing_and_never_nothing(scenario):
    checked = helis = 0
    for g, top in _positions(scenario, range(2)):
        if not isinstance(top, Impulse) or g.decision.player != top.player:
            continue
        rules, state, side = g.rules, g.state.clone(), top.player
        forget(state)
        offered = {a.card for a in g.decision.actions if isinstance(a, PickCard)}
        assert offered == set(playable_cards(rules, state, side))
        for cid in hand_of(state, side):
            whole = main_options(rules, state, side, whole=False, cards=(cid,))
            assert (cid in offered) == bool(whole), cid
            if cid not in offered:
                continue
            stepped = []
            for a in card_step(rules, state, side, cid):
                if isinstance(a, PickHelicopter):
                    plays = heli_step(rules, state, side, cid, a.unit)
                    assert plays, a  # no dead end
                    stepped += plays
                    helis += 1
                else:
                    stepped.append(a)
            assert sorted(map(repr, stepped)) == sorted(map(repr, whole)), cid
            checked += 1
    assert checked > 50 and (helis > 20 or scenario != "air-assault")


@pytest.mark.rule("goe85:6b")
@pytest.mark.parametrize("scenario", ["air-assault", "kill-zone"])
def test_each_step_lists_what_a_fresh_state_lists(scenario):
    """The steps of one play share one listing of the hand (model/occupancy.menu): what each offers
    is what the same state, its derived indexes dropped, offers."""
    checked = 0
    for g, top in _positions(scenario, range(2)):
        fresh = g.state.clone()
        forget(fresh)
        assert g.rules.decision(fresh).actions == g.decision.actions
        checked += isinstance(top, (CardPlayChoice, HeliCardChoice))
    assert checked > 20


@pytest.mark.rule("goe85:6b")
def test_a_clone_lists_its_own_state_after_the_original_plays_on():
    """A clone shares the hex index with its original until either changes (the core's clone):
    the listings kept beside it belong to the state that made them, so a clone whose original has
    played on still lists what its own state offers."""
    checked = 0
    for seed in range(5):
        g, top = next((g, top) for g, top in _positions("air-assault", [seed])
                      if isinstance(top, Impulse) and len(_picks(g)) > 1 and g.state.turn > 1)
        picks = _picks(g)
        copy = g.clone()  # made after the original listed its first step (the listing kept beside the index)
        g.apply(picks[0])  # the original plays on: GoE events drop its index, not the clone's
        seats = {p: RandomAgent(seed=checked, player=p) for p in g.rules.players}
        for _ in range(40):
            if g.over:
                break
            d = g.decision
            g.apply(seats[d.player].choose(AgentView(g, d.player, d)))
        copy.apply(picks[-1])  # only the core's events: the clone keeps the shared index
        fresh = copy.state.clone()
        forget(fresh)
        assert copy.decision.actions == copy.rules.decision(fresh).actions
        checked += 1
    assert checked == 5


def _picks(g):
    return [a for a in g.decision.actions if isinstance(a, PickCard)]
