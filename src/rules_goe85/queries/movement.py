"""How far and where a unit may move (GoE 8a, 10c, 18e/h/i): the MP allowance of a move, halving
rounded up; the hexes it could enter at set-up (24); where a retreat may go (13d)."""
from __future__ import annotations

from ..model.actions import Use
from .board import board_at
from .units import movement_factor, stacking_ok, units_at, utype


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


def may_retreat_into(state, u, dest) -> bool:
    """GoE 13d (and 8e for passengers): may ``u`` retreat from its hex into ``dest``?  Not off the
    map, not into terrain its own movement class (7a) may not enter, measured as the step from the
    hex it leaves (so a road into woods carries a wheeled vehicle, as it would on a move), not into
    enemy units, not beyond the stacking limits (9).  A retreat pays no MP, so only prohibition
    counts; a vehicle keeps its facing (a retreat is not a move, 7b)."""
    board = board_at(state)
    if dest is None or dest not in board.board or u.hex is None:
        return False
    if board.enter_cost(u.hex, dest, utype(u).move_class) is None:
        return False
    there = units_at(state, dest)
    return not any(x.side != u.side for x in there) and stacking_ok(there + [u])
