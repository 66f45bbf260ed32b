"""How much of a move a ground carrier or its passenger has left around loading and unloading
(GoE 8a, 8i): the one place that reads 8a's three ways.

8a gives a unit that loads or unloads half its MF (rounded up; Fast Move's +1 counted first, 8i)
for the move, not a price to pay out of the whole MF:

* a unit that has already moved in this move may load or unload if it has spent at most half its
  MF, and its move then ends: the BMP-1 (MF 6) spends up to 3 MP to reach the waiting Infantry and
  loads it; a Leg unit of MF 3 walks up to 2 MP into the carrier's hex and boards;
* a unit that loads or unloads before it moves has half its MF left for the rest of the move: the
  carrier loads and moves 3 (8a second way), or unloads and both move half (8a third way);
* a unit that has loaded or unloaded once in this move does so again at no cost (a carrier takes on
  its Leg unit and its Hero, or drops both, in one stop).

The alternative reading, half the MF as a price taken from the whole allowance, gives the same
numbers for even MFs but strands odd ones (MF 3 walks 1 MP, Fast Move's 7 keeps 3 instead of 4),
against 8a's "move up to 1/2 of its MF ... and load".  Helicopters keep 17c's own price (their
passenger pays half its MF), in ``procedures/move/vehicle_steps.py``.
"""
from __future__ import annotations

from .movement import half, mp_allowance


def _left(f, uid: str) -> int | None:
    return next((m for u, m, _ in f.mp if u == uid), None)


def may_transport(state, f, uid: str) -> bool:
    """8a: may ``uid``, a unit of the move ``f``, load or unload now?"""
    if uid in f.transported:
        return True
    left = _left(f, uid)
    if left is None:
        return False
    spent = mp_allowance(state.units[uid], f.use) - left
    return spent <= half(mp_allowance(state.units[uid], f.use))


def mp_after_transport(state, f, uid: str) -> int:
    """8a: the MP ``uid`` keeps once it has loaded or unloaded (``may_transport`` was asked first)."""
    left = _left(f, uid) or 0
    if uid in f.transported:
        return left
    if uid in f.stepped:
        return 0  # it moved first: the load or unload ends its move
    return min(left, half(mp_allowance(state.units[uid], f.use)))
