"""Hex-board figures: LOS queries per second (single, from the table), table build and patch time
for a five-map board (five 11-column maps joined west to east, random terrain), path queries.

Run: ``.venv/bin/python benchmarks/bench_hex.py``.  Prints figures (CPU time, ``process_time``: other
work on a shared machine does not count); asserts nothing about time.  Old against new:
``benchmarks/compare_commits.py OLD NEW -- benchmarks/bench_hex.py``.
"""
from __future__ import annotations

import random
import time

from tabletop_core.boards import (
    Board, BoardState, HexTerrain, LineOfSight, LosClass, LosTable, MapDef, Overlay, cheapest_path,
    hex_steps, reachable_hexes, reachable_vehicle,
)

WOODS = HexTerrain("woods", obstacle=1, los=LosClass.BLOCKING)
BRUSH = HexTerrain("brush", obstacle=1, los=LosClass.DEGRADING)
ROUGH = HexTerrain("rough", obstacle=1, los=LosClass.BLOCKING, los_for={"vehicle": LosClass.DEGRADING})
COST = {"clear": 1, "woods": 2, "brush": 1, "rough": 3, "hill": 2}


def five_map_board(seed: int = 1) -> BoardState:
    rng = random.Random(seed)
    maps = []
    for mid in "45678":
        terrain = {}
        for c in "ABCDEFGHIJK":
            for r in range(8):
                x = rng.random()
                if x < 0.1:
                    terrain[f"{c}{r}"] = WOODS
                elif x < 0.2:
                    terrain[f"{c}{r}"] = BRUSH
                elif x < 0.25:
                    terrain[f"{c}{r}"] = ROUGH
                elif x < 0.35:
                    terrain[f"{c}{r}"] = HexTerrain("hill", elevation=rng.randint(1, 3))
        maps.append(MapDef.standard(mid, terrain=terrain))
    return BoardState(Board.build(maps))


def rate(n: int, seconds: float) -> str:
    return f"{n / seconds:>12,.0f} /s"


def main() -> None:
    state = five_map_board()
    board = state.board
    rng = random.Random(2)
    pairs = [(rng.choice(board.hexes), rng.choice(board.hexes)) for _ in range(20_000)]
    print(f"board: {len(board)} hexes, {len(board) ** 2:,} ordered pairs")

    sight = LineOfSight(state)
    t = time.process_time()
    for a, b in pairs:
        sight.check(a, b, sight_class="leg")
    cold = time.process_time() - t
    t = time.process_time()
    for a, b in pairs:
        sight.check(a, b, sight_class="leg")
    warm = time.process_time() - t
    print(f"LOS single query, line cache cold   {rate(len(pairs), cold)}")
    print(f"LOS single query, line cache warm   {rate(len(pairs), warm)}")

    t = time.process_time()
    table = LosTable(state)
    lines = time.process_time() - t
    t = time.process_time()
    table.matrix(sight_class="leg")
    case = time.process_time() - t
    print(f"LOS table: lines of all pairs       {lines:>10.3f} s")
    print(f"LOS table: one case, all pairs      {case:>10.3f} s")
    t = time.process_time()
    table.matrix(sight_class="vehicle", observer_offset=1)
    print(f"LOS table: a second case            {time.process_time() - t:>10.3f} s")

    t = time.process_time()
    for a, b in pairs:
        table.query(a, b, sight_class="leg")
    first = time.process_time() - t
    t = time.process_time()
    for a, b in pairs:
        table.query(a, b, sight_class="leg")
    again = time.process_time() - t
    t = time.process_time()
    for a, b in pairs:
        table.status(a, b, sight_class="leg")
    status = time.process_time() - t
    print(f"LOS table query (first time a pair) {rate(len(pairs), first)}")
    print(f"LOS table query (repeated)          {rate(len(pairs), again)}")
    print(f"LOS table status only               {rate(len(pairs), status)}")

    smoke = Overlay("smoke", los_at_least=LosClass.DEGRADING, obstacle=1)
    smoked = state.place("6E4", smoke)
    t = time.process_time()
    patched = table.updated(smoked)
    patch = time.process_time() - t
    n_pairs = len(table.affected_pairs(smoked.changed_hexes(state)))
    print(f"LOS table patch for one smoke hex   {patch:>10.3f} s  ({n_pairs:,} lines recomputed, 2 cases)")
    t = time.process_time()
    LosTable(smoked).matrix(sight_class="leg")
    print(f"LOS table full rebuild, one case    {time.process_time() - t:>10.3f} s")
    del patched

    def cost(a, b):
        return COST.get(board.terrain(b).kind)

    starts = [rng.choice(board.hexes) for _ in range(300)]
    t = time.process_time()
    for s in starts:
        reachable_hexes(board, s, 6, cost)
    print(f"reachable hexes, 6 MP               {rate(len(starts), time.process_time() - t)}")
    t = time.process_time()
    for s in starts:
        reachable_vehicle(board, s, 1, 6, cost)
    print(f"reachable vehicle states, 6 MP      {rate(len(starts), time.process_time() - t)}")
    succ = hex_steps(board, cost)
    goals = [(rng.choice(board.hexes), rng.choice(board.hexes)) for _ in range(300)]
    t = time.process_time()
    for a, b in goals:
        cheapest_path(a, b, succ)
    print(f"cheapest path, random pairs         {rate(len(goals), time.process_time() - t)}")


if __name__ == "__main__":
    main()
