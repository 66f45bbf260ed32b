"""Accuracy rolls and drift: Indirect Fire (21k) and the Mortar (22o) land where the die says."""
from __future__ import annotations

from tabletop_core.boards.hexgrid import DIRECTIONS, Hex

from ..model.events import Note
from ..queries.board import board_at


def accurate(roll: int) -> bool:
    """21k, 22o: 3-6 on target, 1-2 off to an adjacent hex."""
    return roll >= 3


def drift(ctx, h):
    """A random adjacent hex (the off-target shot of 21k / 22o)."""
    d = DIRECTIONS[ctx.randint(0, 5, reason="off-target shot direction")]
    return Hex(h[0] + d.q, h[1] + d.r)


def indirect_landing(ctx, side: str, lead_id: str, h):
    """21k: the accuracy roll; returns the hex the shot lands in (maybe off the board: None)."""
    board = board_at(ctx.state)
    roll = ctx.roll("d6", player=side, reason="indirect fire accuracy").total
    if accurate(roll):
        ctx.emit(Note(f"{lead_id} fires indirectly at {board.label(h)}: on target ({roll})"))
        return h
    off = drift(ctx, h)
    where = board.label(off) if off in board.board else "off the map"
    ctx.emit(Note(f"{lead_id} fires indirectly at {board.label(h)}: misses ({roll}), lands in {where}"))
    return off if off in board.board else None
