"""How far a unit may move (GoE 8a, 10c, 18e/h/i): the MP allowance of a move, halving rounded up."""
from __future__ import annotations

from ..model.actions import Use
from .units import movement_factor, utype


def mp_allowance(u, use: str) -> int:
    """GoE 18e/h/i: MF, +1 for Fast Move, half (rounded up) for Move & Fire; Shaken halves (10c)."""
    fast = use == Use.FAST_MOVE
    mf = movement_factor(u, fast=fast)
    if use == Use.MOVE_FIRE:
        mf = (mf + 1) // 2
    return mf


def half(mf: int) -> int:
    """8a: half an MF, fractions rounded up."""
    return (mf + 1) // 2


def could_enter(board, h, u) -> bool:
    """24 (Jalalabad's set-up words, held for every scenario): ``u`` could enter ``h`` by its own
    movement class (7a): the terrain allows that class, or a road leads in (a wheeled vehicle on a
    road through a village).  A tracked vehicle never sets up in a building or the mosque."""
    move_class = utype(u).move_class
    if board.row(h).cost(move_class) is not None:
        return True
    return any(board.enter_cost(n, h, move_class) is not None for n in board.neighbours[h])
