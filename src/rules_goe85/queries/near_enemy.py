"""GoE 5f: the hexes within three hexes of an enemy unit, where a reserve move is cut to 1 MP and a
move from farther away must stop.

The Reserve Phase asks this of every hex its searches touch, at every decision.  Building the whole
set (every hex around every enemy) at each decision was a tenth of the phase's time, so
:class:`NearZone` answers hex by hex, each answer kept for the decision that asked.
"""
from __future__ import annotations

NEAR = 3  # 5f: "within three hexes"


class NearZone:
    """``h in zone``: an enemy hex lies within three hexes of ``h``.  Calling the zone asks the same
    (the path searches take it as their must-stop test); ``zone | hexes`` is the zone that also
    holds ``hexes`` (23c: a Leg unit stops in Wire too)."""

    __slots__ = ("_board", "_enemy", "_rings", "_also", "_answers")

    def __init__(self, board, enemy_hexes, also=frozenset()) -> None:
        self._board = board  # queries.board's board: within() is memoised geometry
        self._enemy = frozenset(enemy_hexes)
        # the hexes around each enemy (memoised per enemy hex, as the whole set was built before):
        # asking them keeps the board's memo to the enemies' hexes, not every hex a search touches
        self._rings = [board.within(e, NEAR) for e in self._enemy]
        self._also = frozenset(also)
        self._answers: dict = {}

    def __contains__(self, h) -> bool:
        found = self._answers.get(h)
        if found is None:
            found = self._answers[h] = h is not None and (h in self._also or any(h in ring for ring in self._rings))
        return found

    __call__ = __contains__

    def __or__(self, hexes) -> NearZone:
        return NearZone(self._board, self._enemy, self._also | frozenset(hexes)) if hexes else self
