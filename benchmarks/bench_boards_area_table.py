"""Benchmark the area map and the measured table; prints queries per second.

    .venv/bin/python benchmarks/bench_boards_area_table.py

Area map: a seeded random ~40-area map (each area bordering its nearest neighbours, a third of
the borders roads).  Table: 48" x 48" with 20 seeded terrain pieces (half of them blocking LOS).
Rates are best-of-5 over process CPU time, so that other load on the machine distorts them less.
"""
from __future__ import annotations

import math
import random
import time
from collections.abc import Callable

import numpy as np

from tabletop_core.boards.areas import ORGUN_MOVE_COST, AreaMap
from tabletop_core.boards.geometry import PolygonSet, segment_hits_polygon, segments_hit_polygons
from tabletop_core.boards.table import Cover, Figure, Table, TerrainFeature


def rate(fn: Callable[[], object], n: int, repeat: int = 5) -> float:
    """Best-of-``repeat`` calls per CPU second of ``fn`` run ``n`` times."""
    best = math.inf
    for _ in range(repeat):
        t0 = time.process_time()
        for _ in range(n):
            fn()
        best = min(best, time.process_time() - t0)
    return n / best


def random_area_map(n: int, seed: int) -> AreaMap:
    rng = random.Random(seed)
    pts = [(rng.random(), rng.random()) for _ in range(n)]
    edges: dict[frozenset[int], bool] = {}
    for i, p in enumerate(pts):
        near = sorted(range(n), key=lambda j: (p[0] - pts[j][0]) ** 2 + (p[1] - pts[j][1]) ** 2)[1:4]
        for j in near:
            edges.setdefault(frozenset((i, j)), rng.random() < 0.33)
    for i in range(n - 1):  # make sure it is connected
        edges.setdefault(frozenset((i, i + 1)), False)
    recs = {i: {"id": i, "neighbours": [], "roads": [], "terrain": rng.randint(0, 2)} for i in range(n)}
    for e, road in edges.items():
        a, b = tuple(e)
        recs[a]["neighbours"].append(b)
        recs[b]["neighbours"].append(a)
        if road:
            recs[a]["roads"].append(b)
            recs[b]["roads"].append(a)
    return AreaMap.from_records(recs.values(), source="bench")


def random_table(pieces: int, seed: int) -> Table:
    rng = random.Random(seed)
    feats = []
    for k in range(pieces):
        cx, cy = rng.uniform(6, 42), rng.uniform(6, 42)
        m = rng.randint(4, 8)
        angles = [(i + rng.uniform(0.1, 0.9)) * 2 * math.pi / m for i in range(m)]  # star-shaped: simple
        verts = [(cx + rng.uniform(1.5, 4) * math.cos(t), cy + rng.uniform(1.5, 4) * math.sin(t)) for t in angles]
        feats.append(TerrainFeature(f"t{k}", verts, Cover(rng.randint(0, 3)), blocks_los=k % 2 == 0))
    return Table.build(48, 48, feats)


def main() -> None:
    amap = random_area_map(40, seed=1)
    rng = random.Random(2)
    enemy = set(rng.sample(range(40), 4))
    pairs = [(rng.randrange(40), rng.randrange(40)) for _ in range(200)]
    it = iter(pairs * 10_000)
    print(f"area map: {len(amap)} areas, {amap.graph.number_of_edges()} borders, enemy in {len(enemy)} areas")
    print(f"  cheapest_path (no budget)      {rate(lambda: amap.cheapest_path(*next(it), enemy_areas=enemy), 2000):>12,.0f} /s")
    print(f"  reachable(budget 4)            {rate(lambda: amap.reachable(next(it)[0], 4, enemy_areas=enemy, must_stop=enemy), 2000):>12,.0f} /s")
    bound = ORGUN_MOVE_COST.bind(amap, enemy)
    print(f"  reachable_ticks (pre-bound)    {rate(lambda: amap.reachable_ticks(next(it)[0], 8, bound, must_stop=enemy), 2000):>12,.0f} /s")
    print(f"  reachable(whole map)           {rate(lambda: amap.reachable(next(it)[0], 1000, enemy_areas=enemy), 2000):>12,.0f} /s")
    print(f"  nearest (BFS)                  {rate(lambda: amap.nearest(next(it)[0], enemy), 5000):>12,.0f} /s")
    print(f"  supply_path                    {rate(lambda: amap.supply_path(next(it)[0], [0], lambda a: a not in enemy), 5000):>12,.0f} /s")

    table = random_table(20, seed=3)
    trng = np.random.default_rng(4)
    starts = trng.uniform(0, 48, size=(10_000, 2))
    ends = trng.uniform(0, 48, size=(10_000, 2))
    polys = [f.vertices for f in table.features]
    s_list = [tuple(p) for p in starts.tolist()]
    e_list = [tuple(p) for p in ends.tolist()]
    print(f"table: 48x48, {len(table.features)} terrain pieces, {sum(f.blocks_los for f in table.features)} blocking LOS")

    k = iter(range(10**9))

    def one_segment_all_polys() -> None:  # one segment against all 20 polygons, scalar, no prefilter
        i = next(k) % 10_000
        for v in polys:
            segment_hits_polygon(s_list[i], e_list[i], v)

    r = rate(one_segment_all_polys, 2000)
    print(f"  segment vs 20 polys, scalar    {r:>12,.0f} segments/s  ({r * 20:,.0f} segment-polygon tests/s)")
    pset = PolygonSet.from_polygons(polys)
    r = rate(lambda: segments_hit_polygons(starts, ends, pset), 3) * len(starts)
    print(f"  segment vs 20 polys, batch     {r:>12,.0f} segments/s  ({r * 20:,.0f} segment-polygon tests/s; 10k per call)")
    big = PolygonSet.from_polygons(polys * 5)
    t = 1 / rate(lambda: segments_hit_polygons(starts, ends, big), 3)
    print(f"  10k segments x 100 polygons    {t * 1000:>12.1f} ms per call (design table: numpy 21 ms, STRtree 19 ms)")

    figs = [Figure(f"f{i}", *p) for i, p in enumerate(trng.uniform(0, 48, size=(400, 2)).tolist())]
    fi = iter(range(10**9))
    print(f"  LOS figure-figure, single      {rate(lambda: table.line_of_sight(figs[next(fi) % 400], figs[(next(fi) * 7) % 400]), 5000):>12,.0f} /s")
    a, b = figs[:100], figs[100:200]
    r = rate(lambda: table.los_matrix(a, b), 5) * len(a) * len(b)
    print(f"  LOS figure-figure, 100x100 batch {r:>10,.0f} /s")
    r = rate(lambda: table.line_of_sight_many(starts, ends), 3) * len(starts)
    print(f"  LOS line_of_sight_many (10k)   {r:>12,.0f} /s")


if __name__ == "__main__":
    main()
