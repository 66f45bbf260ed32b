"""Which (hex, facing) states a ground vehicle reaches with a Reserve Phase allowance (GoE 5f, 7b, 15d).

The reserve allowance is a few whole MP (3, or 1 within three hexes of the enemy), and every step
costs whole MP, so the states are settled cost by cost from buckets instead of a general search's
heap: the same states as :func:`tabletop_core.boards.reachable_vehicle` with the same step rules --
a front hex for the step's cost, a rear hex for one MP more (15d), a vertex pivoted for one MP
(7b), no state left from a must-stop hex other than the start (5f) -- only what the Reserve Phase
reads is returned: the states reached, not their costs or paths.
"""
from __future__ import annotations

PIVOT_MP = 1  # 7b: one MP per vertex pivoted
REVERSE_MP = 1  # 15d: one MP more for each hex entered in reverse

# facing v -> (hexside crossed, MP beyond the step's cost): the two front hexes, then the two rear ones
CROSSINGS = tuple(((v, 0), ((v + 1) % 6, 0), ((v + 3) % 6, REVERSE_MP), ((v + 4) % 6, REVERSE_MP))
                  for v in range(6))


def reserve_vehicle_reach(board, start, v0: int, budget: int, cost, must_stop=None) -> set:
    """The ``(hex, facing)`` states a vehicle in ``start`` facing ``v0`` reaches for at most
    ``budget`` MP (whole MP), ``start`` itself included; ``cost(a, b)``: the MP to step from ``a``
    into the next hex ``b`` (a whole number), None where it may not; ``must_stop``: the hexes whose
    entering ends the move (``in``), or None.  ``board``: the rules' board (``GoEBoard.sides``)."""
    origin = (start, v0)
    best = {origin: 0}
    buckets: list[list] = [[] for _ in range(budget + 1)]
    buckets[0].append(origin)
    rings: dict = {}  # hex -> the (hex, MP or None) of each of its six hexsides, asked once

    def reach(s, d: int) -> None:
        old = best.get(s)
        if old is None or d < old:
            best[s] = d
            buckets[d].append(s)

    for d in range(budget + 1):
        for s in buckets[d]:
            if best[s] != d:
                continue  # reached for less since
            h, v = s
            if must_stop is not None and s != origin and h in must_stop:
                continue  # 5f: entering this hex ended the move
            if d + PIVOT_MP <= budget:
                reach((h, (v + 1) % 6), d + PIVOT_MP)
                reach((h, (v - 1) % 6), d + PIVOT_MP)
            ring = rings.get(h)
            if ring is None:
                ring = rings[h] = tuple(None if n is None else (n, cost(h, n)) for n in board.sides(h))
            for k, extra in CROSSINGS[v]:
                side = ring[k]
                if side is not None and side[1] is not None and d + side[1] + extra <= budget:
                    reach((side[0], v), d + side[1] + extra)
    return set(best)
