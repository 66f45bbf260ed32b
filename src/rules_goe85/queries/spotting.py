"""Who spots for artillery (GoE 12a, 22o): the unshaken friendly units on the map, what they see
with their own sight class (14, 17e), and so whether a strike may be called and on which hexes.
Asked by the artillery procedure and by the Mortar's card play."""
from __future__ import annotations

import numpy as np

from .board import board_at
from .sight import sight_class, up


def spotters(state, side: str) -> list:
    """12a: the unshaken friendly units on the map (helicopters too)."""
    return [u for u in state.units.values() if u.side == side and u.hex is not None and not u.shaken]


def spotter_los(sight, u, target) -> int:
    """12a: the spotter looks with its own sight class (14: a ground vehicle sees as vehicles do;
    17e: a flying or hovering helicopter one level above its hex)."""
    return sight.los(u.hex, target, sight_class(u, u), up(u), 0)


def spotting(state, side: str, target) -> int | None:
    """Best LOS (0 clear, 1 degraded) from any unshaken friendly unit to ``target``; None if none sees it."""
    sight = board_at(state).sight(state)
    best = None
    for u in spotters(state, side):
        v = spotter_los(sight, u, target)
        if v < 2 and (best is None or v < best):
            best = v
            if v == 0:
                break
    return best


def can_call(state, side: str) -> bool:
    """12a: a strike needs a spotter, an unshaken friendly unit on the map (it sees its own hex)."""
    return bool(spotters(state, side))


def spotted_hexes(state, side: str):
    """12a: every hex an unshaken friendly unit sees (artillery may target an empty hex)."""
    board = board_at(state)
    sight = board.sight(state)
    # one look per hex, sight class and height: stacked spotters of a kind see alike (spotter_los);
    # each look is one row of the LOS table, not a question per hex
    looks = {(u.hex, sight_class(u, u), up(u)) for u in spotters(state, side)}
    if not looks:
        return []
    seen = np.zeros(len(board.hexes), dtype=bool)
    for a, cls, lift in looks:
        seen |= sight.seen_from(a, cls, lift, 0)
    hexes = board.hexes
    return sorted({a for a, _, _ in looks} | {hexes[j] for j in np.flatnonzero(seen).tolist()})
