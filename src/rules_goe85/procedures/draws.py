"""GoE 6a drawing up one card at a time (End Turn set aside, Event cards resolved) and the Damage Draw."""
from __future__ import annotations

from tabletop_core.decks import hand

from ..model.state import ASIDE, DECK, REMOVED
from ..model.frames import DrawUp
from ..model.events import EndTurnCounted

from ..queries import deck


def draw_one_into_hand(rules, ctx, side: str) -> str:
    """GoE 6a: one deck.card towards a hand.  Returns what happened: deck.card / end_turn / event / empty."""
    cid = ctx.draw(DECK, hand(side), player=side)
    if cid is None:
        return "empty"
    c = deck.card(cid)
    if c.kind == "end_turn":
        ctx.move_card(DECK, cid, hand(side), ASIDE, player=side)
        ctx.emit(EndTurnCounted(cid, ctx.state.end_turns + 1))
        return "end_turn"
    if c.kind == "event":
        ctx.move_card(DECK, cid, hand(side), REMOVED, player=side)  # 5b: executed, then out of play
        rules.resolve_event(ctx, cid, side)
        return "event"
    return "deck.card"


def advance_draw_up(rules, ctx, frame: DrawUp) -> None:
    """One deck.card of a DrawUp; the frame pops when the hand is full, the turn ends or the deck is dry."""
    state = ctx.state
    limit = rules.spec(state).end_turns
    if state.end_turns >= limit:
        ctx.pop()
        return
    if frame.count == 0 or (frame.count < 0 and len(deck.hand_of(state, frame.player)) >= frame.size):
        ctx.pop()
        return
    ctx.replace(DrawUp(frame.player, frame.size, frame.count - 1 if frame.count > 0 else -1))
    what = draw_one_into_hand(rules, ctx, frame.player)
    if what == "empty":
        top = ctx.state.top
        if isinstance(top, DrawUp):
            ctx.pop()
    elif what in ("end_turn", "event") and frame.count > 0:
        # 6a: a deck.card drawn in its place; the replacement keeps the count of the Command Ops draw
        top = ctx.state.top
        if isinstance(top, DrawUp):
            ctx.replace(DrawUp(top.player, top.size, top.count + 1))
