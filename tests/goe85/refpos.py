"""Positions set through the public referee (``Game.referee``): every change is an event in the
record (units withdrawn and placed, cards moved, frames pushed), so the games replay."""
from __future__ import annotations

from tabletop_core.decks import hand

from rules_goe85.model.events import UnitWithdrawn
from rules_goe85.queries.board import board_for
from rules_goe85.model.state import DECK, PLAYERS, Unit
from rules_goe85.model.frames import Impulse
from rules_goe85.model.events import PhaseSet, UnitPlaced

from .helpers import game


def _pile_of(state, cid: str) -> str:
    return next(name for name, cards in state.decks[DECK].piles.items() if cid in cards)


def arrange(g, units, *, hands=None, top=(), frames=None, phase="impulses", faces=(), extra=None):
    """Replace the position: ``units`` as (uid, type, side, label, {field: value}) tuples, ``hands``
    {side: [card ids]} (every other card leaves the hands), ``top``: cards put on top of the draw
    pile, the first named on top; ``frames``: pushed in order (default: the Soviet impulse);
    ``extra(ctx)``: further events (markers on the map and the like)."""
    board = board_for(g.state.scenario)

    def script(c):
        state = c.state
        while state.stack:
            c.pop()
        for uid in sorted(state.units):
            c.emit(UnitWithdrawn(uid))
        for side in PLAYERS:
            for cid in list(state.decks[DECK].piles[hand(side)]):
                c.move_card(DECK, cid, hand(side), "discard", player=side)
        for spec in units:
            uid, tid, side, label = spec[:4]
            fields = spec[4] if len(spec) > 4 else {}
            c.emit(UnitPlaced(Unit(uid, tid, side, board.hex(label) if label else None, **fields)))
        for side, cards in (hands or {}).items():
            for cid in cards:
                c.move_card(DECK, cid, _pile_of(state, cid), hand(side), player=side)
        for cid in reversed(list(top)):
            src = _pile_of(state, cid)
            if src != "draw" or state.decks[DECK].piles["draw"][-1] != cid:
                c.move_card(DECK, cid, src, "draw")
            else:  # already on top: take it off and put it back so the order is exact
                c.move_card(DECK, cid, "draw", "discard")
                c.move_card(DECK, cid, "discard", "draw")
        if extra is not None:
            extra(c)
        if state.phase != phase:
            c.emit(PhaseSet(phase, max(state.turn, 1)))
        for fr in (frames if frames is not None else [Impulse("soviet", "main")]):
            c.push(fr)

    g.referee(script, forced_faces=faces)
    return g


def fresh(scenario: str = "your-papers-please", seed: int = 0):
    return game(scenario, seed)


def done(g, what: str | None = None):
    """The refusal of the current decision (a Decline, Stop, Pass ...; optionally the Decline of ``what``)."""
    from rules_goe85.model.actions import REFUSALS, Decline

    return next(a for a in g.decision.actions if isinstance(a, REFUSALS) and (what is None or (isinstance(a, Decline) and a.what.value == what)))
