"""GoE 5f: the hexes within three hexes of an enemy unit, where a reserve move is cut to 1 MP and a
move from farther away must stop.

The Reserve Phase asks this of every hex its searches touch, at every decision.  The zone is the
union of the rings around the enemy hexes, built once per set of enemy hexes and kept for the next
few sets asked (:func:`_zone`): enemies do not move while a side takes its reserve moves (5f: one
side moves, then the other), so every decision of that side's phase reads the same zone.  Only the
frozenset and the board's memoised rings are kept: no answer per hex touched (a memo of a ring
around every such hex once held some 30,000 objects for the garbage collector).
"""
from __future__ import annotations

import functools

NEAR = 3  # 5f: "within three hexes"
ZONES_KEPT = 32  # enemy sets kept: a Reserve Phase asks two (one per side), an impulse's moves a few more


@functools.lru_cache(maxsize=ZONES_KEPT)
def _zone(board, enemy: frozenset) -> frozenset:
    """The hexes at most three from any hex of ``enemy`` (geometry of the board only)."""
    out: set = set()
    for e in enemy:
        out |= board.within(e, NEAR)
    return frozenset(out)


class NearZone:
    """``h in zone``: an enemy hex lies within three hexes of ``h``.  Calling the zone asks the same
    (the path searches take it as their must-stop test); ``zone | hexes`` is the zone that also
    holds ``hexes`` (23c: a Leg unit stops in Wire too)."""

    __slots__ = ("_board", "_enemy", "_hexes", "_also")

    def __init__(self, board, enemy_hexes, also=frozenset()) -> None:
        self._board = board  # queries.board's board: within() is memoised geometry
        self._enemy = frozenset(enemy_hexes)
        self._hexes = _zone(board, self._enemy)
        self._also = frozenset(also)

    def __contains__(self, h) -> bool:
        return h in self._hexes or h in self._also

    __call__ = __contains__

    def __or__(self, hexes) -> NearZone:
        return NearZone(self._board, self._enemy, self._also | frozenset(hexes)) if hexes else self
