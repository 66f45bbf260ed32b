"""Decks through the context: draw, reshuffle policy, bottom, peek, set aside, hands, visibility."""
import pytest

from tabletop_core.context import Context
from tabletop_core.decks import hand
from tabletop_core.errors import DeckError
from tabletop_core.events import CardMoved, CardsPeeked, DeckShuffled, GameStarted, core_appliers
from tabletop_core.state import BaseState


def make_ctx(seed=3):
    state = BaseState()
    log = []
    ctx = Context(state, lambda e: core_appliers.table[type(e)](state, e), log.append)
    ctx.emit(GameStarted("test", "s", seed))
    return ctx, state, log


def cards(n=10):
    return [f"c{i}" for i in range(n)]


def test_created_deck_is_shuffled_and_the_order_is_secret():
    ctx, state, log = make_ctx()
    deck = ctx.create_deck("action", cards(), visibility={hand("a"): "a", hand("b"): "b"})
    assert sorted(deck.piles["draw"]) == cards() and deck.piles["draw"] != cards()
    shuffle = next(e for e in log if isinstance(e, DeckShuffled))
    assert shuffle.redact("a").order == () and shuffle.is_undo_barrier()


def test_draw_one_at_a_time_into_a_hidden_hand():
    ctx, state, log = make_ctx()
    ctx.create_deck("action", cards(), visibility={hand("a"): "a", hand("b"): "b"})
    top = state.decks["action"].piles["draw"][-1]
    assert ctx.draw("action", hand("a"), player="a") == top
    moved = log[-1]
    assert isinstance(moved, CardMoved) and moved.seen_by == ("a",) and moved.reveals
    assert moved.redact("b").card is None and moved.redact("a").card == top
    assert state.decks["action"].view("b")[hand("a")] == 1


def test_discard_reshuffled_when_the_draw_pile_runs_out():
    ctx, state, log = make_ctx()
    ctx.create_deck("action", cards(3))
    for _ in range(3):
        card = ctx.draw("action", "table")
        ctx.move_card("action", card, "table", "discard")
    assert state.decks["action"].piles["draw"] == []
    assert ctx.draw("action", "table") is not None  # the discard came back, shuffled
    assert len(state.decks["action"].piles["draw"]) == 2 and state.decks["action"].piles["discard"] == []


def test_no_reshuffle_policy_returns_none_when_empty():
    ctx, state, log = make_ctx()
    ctx.create_deck("events", cards(1), reshuffle_discard=False)
    ctx.move_card("events", ctx.draw("events", "table"), "table", "discard")
    assert ctx.draw("events", "table") is None


def test_bottom_peek_set_aside_and_return():
    ctx, state, log = make_ctx()
    ctx.create_deck("action", cards(6), shuffle=False)
    pile = state.decks["action"].piles
    top = pile["draw"][-1]
    ctx.move_card("action", top, "draw", "draw", to_bottom=True)
    assert pile["draw"][0] == top
    seen = ctx.peek("action", "a", 2)
    assert seen == (pile["draw"][-1], pile["draw"][-2]) and isinstance(log[-1], CardsPeeked)
    assert log[-1].redact("b").cards == () and log[-1].is_undo_barrier()
    ctx.draw("action", "end-turn")  # a set-aside pile
    ctx.return_to_draw("action", "end-turn")
    assert pile["end-turn"] == [] and len(pile["draw"]) == 6


def test_moving_a_card_that_is_not_there_is_refused():
    ctx, state, log = make_ctx()
    ctx.create_deck("action", cards(2))
    with pytest.raises(DeckError, match="not in action/discard"):
        ctx.move_card("action", "c0", "discard", "draw")
