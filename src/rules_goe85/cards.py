"""The Action deck: card data, the Hit colours, damage-draw cards, filling a hand, initiative.

One shared deck ``action`` (5a): the draw pile is secret, hands are seen by their owners only,
discard / aside / removed piles are public.
"""
from __future__ import annotations

from tabletop_core.decks import hand

from .actions import Draw
from .data import ACTIONS, Card, game_data
from .state import ASIDE, DECK, DrawUp, EndTurnCounted, GoEState, REMOVED

LEVEL = {"": 0, "green": 1, "gold": 2, "red": 3}


def card(card_id: str) -> Card:
    return game_data().cards[card_id]


def counts_as_hit(card_id: str, degrade: int) -> bool:
    """GoE 3e / 10c (reading in rules/README): nested Hit levels.  degrade 0 counts any Hit,
    1 only gold or red, 2 only red."""
    return LEVEL[card(card_id).he] >= degrade + 1


def hand_of(state: GoEState, side: str) -> list[str]:
    return state.decks[DECK].piles[hand(side)]


def initiative_key(card_id: str) -> tuple[int, int]:
    """GoE 5d: compare TN (a word such as Miss is below every number), then the APF bonus."""
    c = card(card_id)
    tn = -100 if c.tn is None else c.tn
    apf = -100 if c.apf_bonus is None else c.apf_bonus
    return tn, apf


def block_kind(use: str) -> str:
    return ACTIONS.get(use, "action")


def damage_card(ctx) -> str | None:
    """Draw one card for a Damage Draw (10b): an End Turn card counts and is laid aside (and
    counted, 5e); an Event card goes to the discard and is not a draw (5c).  Returns the card
    whose HE result applies, or None when the deck is exhausted."""
    while True:
        cid = ctx.draw(DECK, "discard")
        if cid is None:
            return None
        c = card(cid)
        if c.kind == "event":
            continue
        if c.kind == "end_turn":
            ctx.move_card(DECK, cid, "discard", ASIDE)
            ctx.emit(EndTurnCounted(cid, ctx.state.end_turns + 1))
        return cid


def draw_one_into_hand(rules, ctx, side: str) -> str:
    """GoE 6a: one card towards a hand.  Returns what happened: card / end_turn / event / empty."""
    cid = ctx.draw(DECK, hand(side), player=side)
    if cid is None:
        return "empty"
    c = card(cid)
    if c.kind == "end_turn":
        ctx.move_card(DECK, cid, hand(side), ASIDE, player=side)
        ctx.emit(EndTurnCounted(cid, ctx.state.end_turns + 1))
        return "end_turn"
    if c.kind == "event":
        ctx.move_card(DECK, cid, hand(side), REMOVED, player=side)  # 5b: executed, then out of play
        rules.resolve_event(ctx, cid, side)
        return "event"
    return "card"


def advance_draw_up(rules, ctx, frame: DrawUp) -> None:
    """One card of a DrawUp; the frame pops when the hand is full, the turn ends or the deck is dry."""
    state = ctx.state
    limit = rules.spec(state).end_turns
    if state.end_turns >= limit:
        ctx.pop()
        return
    if frame.count == 0 or (frame.count < 0 and len(hand_of(state, frame.player)) >= frame.size):
        ctx.pop()
        return
    ctx.replace(DrawUp(frame.player, frame.size, frame.count - 1 if frame.count > 0 else -1))
    what = draw_one_into_hand(rules, ctx, frame.player)
    if what == "empty":
        top = ctx.state.top
        if isinstance(top, DrawUp):
            ctx.pop()
    elif what in ("end_turn", "event") and frame.count > 0:
        # 6a: a card drawn in its place; the replacement keeps the count of the Command Ops draw
        top = ctx.state.top
        if isinstance(top, DrawUp):
            ctx.replace(DrawUp(top.player, top.size, top.count + 1))
