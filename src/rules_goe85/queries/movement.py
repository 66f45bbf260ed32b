"""How far a unit may move (GoE 8a, 10c, 18e/h/i): the MP allowance of a move, halving rounded up."""
from __future__ import annotations

from ..model.actions import Use
from .units import movement_factor


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
