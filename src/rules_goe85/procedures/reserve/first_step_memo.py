"""The Reserve Phase's first step asks every mover, at every pick, whether it has a reserve move
(GoE 5f; ``transport._reserve_move_test``).  For a unit on the map that answer reads only the unit,
the board, the enemies' hexes (and the hexes within three of them) and the units in the hexes
next to it: its first steps (a Leg unit's exits, a vehicle's first entries, a helicopter's front
hexes; 9, 7b, 17b).  One side's picks follow each other with its enemies still, one unit moved
each time, so most movers meet the same neighbours as at the last pick: their answer is kept with
what it was read from and given again while all of it is equal.

Kept in ``GoEState.first_steps`` (derived, out of the state's equality and log): one entry per unit
id, so bounded by the units of the scenario; an entry is only ever read after checking every input
it was made from, so it needs no dropping."""
from __future__ import annotations

from typing import Callable

from ...model.occupancy import by_hex


def remembered(state, u, at, answer: Callable[[], bool]) -> bool:
    """``answer()`` for mover ``u`` on the map, or the answer kept for ``u`` when nothing it reads
    has changed since: ``u`` itself, the board, the near-enemy zone (one per set of enemy hexes)
    and the units in each hex next to ``u`` (the hex index's lists, compared by value)."""
    memo = state.first_steps
    if memo is None:
        memo = state.first_steps = {}
    board, zone = at.board, at.near_zone.hexes
    around = tuple(map(by_hex(state).get, board.neighbours[u.hex]))
    kept = memo.get(u.uid)
    if kept is not None and kept[1] is board and kept[2] is zone and (kept[0] is u or kept[0] == u) and kept[3] == around:
        return kept[4]
    found = answer()
    memo[u.uid] = (u, board, zone, around, found)
    return found

