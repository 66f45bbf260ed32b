"""The Damage Draw (GoE 10b, 13a): one card at a time, End Turn cards counted and Event cards passed over (5c)."""
from __future__ import annotations

from ..model.events import EndTurnCounted
from ..model.state import ASIDE, DECK
from ..queries import deck
from ..queries.deck import counts_as_hit


def damage_card(ctx) -> str | None:
    """Draw one deck.card for a Damage Draw (10b): an End Turn deck.card counts and is laid aside (and
    counted, 5e); an Event deck.card goes to the discard and is not a draw (5c).  Returns the deck.card
    whose HE result applies, or None when the deck is exhausted."""
    while True:
        cid = ctx.draw(DECK, "discard")
        if cid is None:
            return None
        c = deck.card(cid)
        if c.kind == "event":
            continue
        if c.kind == "end_turn":
            ctx.move_card(DECK, cid, "discard", ASIDE)
            ctx.emit(EndTurnCounted(cid, ctx.state.end_turns + 1))
        return cid


def draw_hits(ctx, count: int, *, redraw: bool = False) -> int:
    """13a: the Damage Draw; ``redraw``: a Tactical Hero's side redraws its first miss (21i)."""
    hits = 0
    for _ in range(max(0, count)):
        cid = damage_card(ctx)
        if cid is None:
            break
        if not counts_as_hit(cid, 0) and redraw:  # 21i (our reading: always the first miss)
            redraw = False
            cid = damage_card(ctx)
            if cid is None:
                break
        if counts_as_hit(cid, 0):  # 13a: every Hit colour counts
            hits += 1
    return hits
