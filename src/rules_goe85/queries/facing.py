"""Where a vehicle faces (GoE 15d), the middle of the board for one placed without a facing."""
from __future__ import annotations

import functools

from tabletop_core.boards.hexfacing import facing_toward

from .board import board_for


@functools.cache
def _centre(scenario: str):
    board = board_for(scenario)
    hs = board.hexes
    q = sum(h[0] for h in hs) / len(hs)
    r = sum(h[1] for h in hs) / len(hs)
    return min(hs, key=lambda h: ((h[0] - q) ** 2 + (h[1] - r) ** 2, h))


def facing_of(state, u) -> int:
    """15d: the vertex a vehicle faces; one placed without a facing (set-up, entry) faces the
    middle of the board (our default deployment)."""
    if u.facing >= 0:
        return u.facing
    c = _centre(state.scenario)
    return 0 if u.hex is None or u.hex == c else facing_toward(u.hex, c)
