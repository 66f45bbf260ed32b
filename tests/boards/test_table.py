"""The measured table: geometry kernels, distances, LOS, cover, coherency and movement."""
from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from tabletop_core.boards import geometry as geo
from tabletop_core.boards.table import (
    COHERENCY,
    INFANTRY,
    VEHICLE,
    Cover,
    Figure,
    MoveProfile,
    RuleDistance,
    Table,
    TerrainFeature,
    Unit,
    cm_to_inches,
    inches_to_cm,
)
from tabletop_core.errors import BoardError


def rect(x0, y0, x1, y1):
    return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]


WOOD = TerrainFeature("wood", rect(10, 10, 20, 20), "soft", blocks_los=True)
HOUSE = TerrainFeature("house", rect(30, 30, 34, 34), Cover.HARD, blocks_los=True)
WALL = TerrainFeature("wall", rect(24, 4, 25, 16), Cover.MODERATE, blocks_los=False)
HILL = TerrainFeature("hill", [(36, 5), (44, 5), (40, 12)], Cover.NONE, blocks_los=True)


@pytest.fixture(scope="module")
def table() -> Table:
    return Table.build(48, 48, [WOOD, HOUSE, WALL, HILL])


# -- units and construction --------------------------------------------------------------------


def test_centimetres_and_paired_distances():
    assert cm_to_inches(2.54) == 1.0 and inches_to_cm(6) == pytest.approx(15.24)
    walk = RuleDistance(6, 15)  # FUBAR prints Walk as 6"/15cm
    assert walk.on_table("in") == 6.0
    assert walk.on_table("cm") == pytest.approx(15 / 2.54)
    with pytest.raises(BoardError, match="measuring system"):
        walk.on_table("mm")


@pytest.mark.parametrize(
    "kwargs, message",
    [
        (dict(id="a", vertices=[(0, 0), (1, 0)]), "at least three vertices"),
        (dict(id="a", vertices=[(0, 0), (1, 0), (1, 0), (0, 1)]), "repeats the next one"),
        (dict(id="a", vertices=[(0, 0), (1, 1), (2, 2)]), "no area"),
        (dict(id="a", vertices=[(0, 0), (4, 4), (4, 0), (0, 1)]), "edges cross"),
        (dict(id="a", vertices=[(0, 0), (1, math.nan), (0, 1)]), "not finite"),
        (dict(id="a", vertices=rect(0, 0, 1, 1), cover="thick"), "cover must be one of"),
        (dict(id="a", vertices=rect(0, 0, 1, 1), blocks_los="yes"), "blocks_los must be true or false"),
        (dict(id="", vertices=rect(0, 0, 1, 1)), "non-empty string"),
        (dict(id="a", vertices=[1, 2, 3]), r"\(x, y\) pairs"),
    ],
)
def test_bad_terrain_is_refused(kwargs, message):
    with pytest.raises(BoardError, match=message):
        TerrainFeature(**kwargs)


def test_bad_tables_are_refused():
    with pytest.raises(BoardError, match="used twice"):
        Table.build(48, 48, [WOOD, WOOD])
    with pytest.raises(BoardError, match="beyond the 24.0 x 24.0 table"):
        Table.build(24, 24, [HOUSE])
    with pytest.raises(BoardError, match="positive"):
        Table.build(0, 48)
    with pytest.raises(BoardError, match="unknown terrain feature 'pond'"):
        Table.build(48, 48, [WOOD]).feature("pond")


def test_cover_names_and_levels():
    assert TerrainFeature("r", rect(0, 0, 1, 1), "Moderate").cover is Cover.MODERATE
    assert TerrainFeature("r", rect(0, 0, 1, 1), 3).cover is Cover.HARD
    assert [int(c) for c in Cover] == [0, 1, 2, 3]


# -- distances --------------------------------------------------------------------------------


def test_figure_and_unit_distances(table):
    a, b = Figure("a", 0, 0, 0.5), Figure("b", 3, 4, 0.5)
    assert table.centre_distance(a, b) == 5.0
    assert table.edge_distance(a, b) == 4.0 == table.distance(a, b)  # FUBAR measure: base edges
    assert table.edge_distance(a, Figure("c", 0.8, 0, 0.5)) == 0.0    # bases touching or overlapping
    u = Unit("u", [a, Figure("a2", 10, 0)])
    v = Unit("v", [Figure("v1", 13, 4), b])
    f, g, d = table.nearest_figures(u, v)
    assert (f.id, g.id, d) == ("a", "b", 4.0)
    assert table.unit_distance(u, v) == 4.0
    m = table.distance_matrix(u.figures, v.figures, edges=False)
    assert m.shape == (2, 2) and m[1, 0] == 5.0


# -- line of sight ---------------------------------------------------------------------------


def test_line_of_sight_blocked_by_blocking_features_only(table):
    assert not table.line_of_sight((5, 15), (30, 15))     # across the wood
    assert table.blockers((5, 15), (30, 15)) == ("wood",)
    assert table.line_of_sight((5, 2), (30, 2))            # past it
    assert table.line_of_sight((22, 10), (27, 10))         # through the wall: cover but no LOS block
    assert not table.line_of_sight((35, 8), (45, 8))       # across the hill (no cover, blocks LOS)


def test_seeing_out_of_and_into_a_wood(table):
    inside = Figure("in", 15, 15)
    assert table.line_of_sight(inside, (30, 15))   # the wood that holds the viewer does not block
    assert table.line_of_sight((30, 15), inside)   # nor the one holding the target
    assert table.line_of_sight((11, 11), (19, 19))  # both inside
    assert table.blockers(inside, (40, 40)) == ("house",)  # other features still block
    assert not table.line_of_sight(inside, (40, 40))


def test_grazing_a_corner_or_running_along_an_edge_blocks(table):
    # Polygons are closed: touching the wood's corner (10, 10) or its side is enough to block.
    assert not table.line_of_sight((0, 20), (20, 0))
    assert not table.line_of_sight((5, 10), (25, 10))
    assert table.line_of_sight((0, 20.001), (9.999, 10.002))


def test_line_of_sight_many_and_matrix(table):
    starts = np.array([[5, 15], [5, 2], [15, 15], [35, 8]], dtype=float)
    ends = np.array([[30, 15], [30, 2], [30, 15], [45, 8]], dtype=float)
    assert table.line_of_sight_many(starts, ends).tolist() == [False, True, True, False]
    figs = [Figure("a", 5, 15), Figure("b", 5, 2)]
    mat = table.los_matrix(figs, [(30, 15), (5, 40)])
    assert mat.tolist() == [[False, True], [True, True]]


# -- cover ------------------------------------------------------------------------------------


@pytest.mark.rule("fubar:cover")
def test_figure_cover(table):
    assert table.cover_at((15, 15)) is Cover.SOFT
    assert table.cover_at((10, 12)) is Cover.SOFT        # on the edge counts as inside
    assert table.cover_at((5, 5)) is Cover.NONE
    assert table.cover_at((40, 8)) is Cover.NONE         # the hill gives no cover
    assert table.cover_feature_at((24.5, 10)).id == "wall"
    assert [f.id for f in table.features_at((40, 8))] == ["hill"]
    pts = np.array([[15, 15], [5, 5], [32, 32], [24.5, 10]])
    assert table.cover_levels(pts).tolist() == [1, 0, 3, 2]


@pytest.mark.rule("fubar:cover")
def test_half_the_unit_in_cover_covers_the_unit(table):
    # four figures: two in the house (hard), one in the wood (soft), one in the open
    u = Unit("u", [Figure("a", 31, 31), Figure("b", 33, 33), Figure("c", 15, 15), Figure("d", 2, 2)])
    c = table.unit_cover(u)
    assert c.fraction == 0.75
    assert c.level is Cover.HARD  # half the unit (2 of 4) is in hard cover
    assert c.figure_levels == (Cover.HARD, Cover.HARD, Cover.SOFT, Cover.NONE)
    # three figures, one in the house, one in the wood: 2 of 3 reach soft
    u3 = Unit("u3", [Figure("a", 31, 31), Figure("c", 15, 15), Figure("d", 2, 2)])
    assert table.unit_cover(u3).level is Cover.SOFT
    # fewer than half in cover: no cover for the unit
    u4 = Unit("u4", [Figure("a", 31, 31), Figure("d", 2, 2), Figure("e", 3, 3)])
    assert table.unit_cover(u4).level is Cover.NONE
    assert table.unit_cover(Unit("solo", [Figure("a", 15, 15)])).level is Cover.SOFT


@pytest.mark.rule("fubar:cover")
def test_within_two_inches_of_a_cover_edge(table):
    assert table.distance_to_edge((12, 15), "wood") == 2.0
    assert table.near_edge((12, 15), "wood")           # 2" in from the edge: may fire out
    assert not table.near_edge((15, 15), "wood")       # 5" deep: cannot
    assert table.near_edge((8.5, 15), "wood")          # outside, 1.5" from the edge
    assert table.distance_to_edge((15, 25), "wood") == 5.0
    d = table.distances_to_edges([(12, 15), (15, 25)])
    assert d.shape == (2, 4) and d[0, 0] == 2.0 and d[1, 0] == 5.0


@pytest.mark.rule("fubar:cover")
def test_same_cover_area(table):
    assert table.same_cover_area((11, 11), (19, 19))
    assert table.shared_features((11, 11), (19, 19)) == ("wood",)
    assert not table.same_cover_area((11, 11), (31, 31))
    assert not table.same_cover_area((37, 6), (43, 6))               # the hill is not cover
    assert table.shared_features((37, 6), (43, 6), cover_only=False) == ("hill",)


# -- coherency -------------------------------------------------------------------------------


def test_coherency_chain_reading(table):
    # a—b 2.5" apart (edges 1.5"), c 3" on from b edge to edge (4" centres), d far away
    u = Unit("u", [Figure("a", 0, 0), Figure("b", 2.5, 0), Figure("c", 6.5, 0), Figure("d", 20, 0)])
    assert table.out_of_coherency(u) == ("d",)
    assert table.out_of_coherency(u, limit=2.0) == ("c", "d")
    assert table.out_of_coherency(Unit("solo", [Figure("a", 0, 0)])) == ()
    assert COHERENCY == 3.0


# -- movement --------------------------------------------------------------------------------


@pytest.mark.rule("fubar:vehicle-move")
def test_vehicles_move_half_speed_in_soft_cover(table):
    across = table.move_toward((10, 15), (20, 15), 12, VEHICLE)   # wholly inside the wood
    assert across.end == (16.0, 15.0) and across.used == 12.0 and not across.reached
    open_ground = table.move_toward((2, 40), (30, 40), 12, VEHICLE)
    assert open_ground.end == pytest.approx((14, 40)) and open_ground.distance == pytest.approx(12)
    mixed = table.move_toward((4, 15), (30, 15), 12, VEHICLE)      # 6" open, then 3" of wood (6)
    assert mixed.end == pytest.approx((13, 15)) and mixed.used == pytest.approx(12)
    foot = table.move_toward((4, 15), (30, 15), 12, INFANTRY)      # infantry: cover does not slow
    assert foot.end == pytest.approx((16, 15))


def test_impassable_terrain_table_edge_and_short_moves(table):
    tracked = MoveProfile("no-houses", (1, 2, 2, math.inf))
    stop = table.move_toward((28, 32), (40, 32), 12, tracked)
    assert stop.end == pytest.approx((30, 32)) and not stop.reached
    edge = table.move_toward((46, 20), (60, 20), 6, INFANTRY, radius=0.5)
    assert edge.end == pytest.approx((47.5, 20)) and not edge.reached
    short = table.move_toward((1, 1), (3, 1), 6)
    assert short.end == (3.0, 1.0) and short.reached and short.used == 2.0
    with pytest.raises(BoardError, match="off the table"):
        table.move_toward((-1, 1), (3, 1), 6)
    with pytest.raises(BoardError, match="four positive factors"):
        MoveProfile("bad", (1, 0, 1, 1))


def test_withdraw_directly_away_clamped_to_the_table(table):
    r = table.withdraw((5, 40), (5, 36), 6)
    assert r.end == pytest.approx((5, 46))
    r = table.withdraw(Figure("f", 5, 45), (5, 40), 6)   # the base stops at the edge
    assert r.end == pytest.approx((5, 47.5)) and not r.reached
    with pytest.raises(BoardError, match="no direction"):
        table.withdraw((5, 5), (5, 5), 6)
    u = Unit("u", [Figure("a", 4, 4), Figure("b", 6, 4)])
    moved = table.withdraw_unit(u, (5, 10), 6)
    assert [f.pos for f in moved.figures] == [pytest.approx((4, 0.5)), pytest.approx((6, 0.5))]


def test_nearest_cover_and_taking_cover(table):
    spot = table.nearest_cover((8, 15), 3)
    assert spot.feature.id == "wood" and spot.point == (10.0, 15.0) and spot.distance == 2.0
    assert table.nearest_cover((5, 40), 3) is None
    assert table.nearest_cover((15, 15), 3).distance == 0.0
    assert table.nearest_cover((27, 10), 5, min_level=Cover.MODERATE).feature.id == "wall"
    moved = table.take_cover(Figure("f", 8, 15))
    assert moved.pos == (10.0, 15.0) and table.cover_at(moved) is Cover.SOFT
    assert table.take_cover(Figure("f", 5, 40)) is None


# -- properties ------------------------------------------------------------------------------

coord = st.floats(0, 48, allow_nan=False, allow_infinity=False)
grid = st.integers(0, 48).map(float)  # on-grid points hit edges and corners exactly
any_coord = st.one_of(coord, grid)
points = st.tuples(any_coord, any_coord)


@st.composite
def star_polygons(draw):
    """Random simple polygons: vertices around a centre in angle order."""
    cx, cy = draw(st.floats(8, 40)), draw(st.floats(8, 40))
    n = draw(st.integers(3, 9))
    angles = sorted(draw(st.lists(st.floats(0, 2 * math.pi, exclude_max=True), min_size=n, max_size=n, unique=True)))
    assume(all(b - a > 0.05 for a, b in zip(angles, angles[1:] + [angles[0] + 2 * math.pi])))
    radii = draw(st.lists(st.floats(1, 7), min_size=n, max_size=n))
    verts = [(cx + r * math.cos(t), cy + r * math.sin(t)) for r, t in zip(radii, angles)]
    assume(geo.is_simple(verts) and abs(geo.polygon_area(verts)) > 0.1)
    return verts


polygons = st.one_of(
    star_polygons(),
    st.tuples(st.integers(0, 40), st.integers(0, 40), st.integers(1, 8), st.integers(1, 8)).map(
        lambda t: rect(float(t[0]), float(t[1]), float(t[0] + t[2]), float(t[1] + t[3]))
    ),
)


@settings(max_examples=200, deadline=None)
@given(points, points, points)
def test_distance_symmetric_and_triangle(a, b, c):
    d = Table.centre_distance
    assert d(a, b) == d(b, a)
    assert d(a, c) <= d(a, b) + d(b, c) + 1e-9
    fa, fb = Figure("a", *a, radius=0.5), Figure("b", *b, radius=0.7)
    assert Table.edge_distance(fa, fb) == Table.edge_distance(fb, fa) >= 0.0
    assert geo.pairwise_distances([a, b], [c])[:, 0].tolist() == [geo.distance(a, c), geo.distance(b, c)]


@settings(max_examples=150, deadline=None)
@given(st.lists(polygons, min_size=1, max_size=5), st.lists(st.tuples(points, points), min_size=1, max_size=12))
def test_vectorised_kernels_equal_scalar_kernels(polys, segments):
    pset = geo.PolygonSet.from_polygons(polys)
    starts = np.array([s for s, _ in segments])
    ends = np.array([e for _, e in segments])
    hits = geo.segments_hit_polygons(starts, ends, pset)
    blocked = geo.segments_blocked_by_polygons(starts, ends, pset)
    inside = geo.points_in_polygons(starts, pset)
    dist = geo.distances_to_boundaries(starts, pset)
    for i, (s, e) in enumerate(segments):
        for k, poly in enumerate(polys):
            assert hits[i, k] == geo.segment_hits_polygon(s, e, poly)
            assert inside[i, k] == geo.point_in_polygon(s, poly)
            assert blocked[i, k] == (
                geo.segment_hits_polygon(s, e, poly) and not geo.point_in_polygon(s, poly) and not geo.point_in_polygon(e, poly)
            )
            assert dist[i, k] == geo.distance_to_boundary(s, poly)


@settings(max_examples=100, deadline=None)
@given(st.lists(polygons, max_size=5), st.lists(st.tuples(points, points), min_size=1, max_size=8))
def test_table_los_many_equals_single(polys, segments):
    feats = [TerrainFeature(f"t{i}", p, i % 4, blocks_los=i % 3 != 2) for i, p in enumerate(polys)]
    table = Table.build(48, 48, feats)
    many = table.line_of_sight_many(np.array([s for s, _ in segments]), np.array([e for _, e in segments]))
    assert many.tolist() == [table.line_of_sight(s, e) for s, e in segments]
    levels = table.cover_levels(np.array([s for s, _ in segments]))
    assert levels.tolist() == [int(table.cover_at(s)) for s, _ in segments]


#: a straight move on a table of up to four features: features, start, target, allowance, profile
moves = (
    st.lists(polygons, max_size=4),
    points,
    points,
    st.floats(0, 24),
    st.sampled_from([INFANTRY, VEHICLE, MoveProfile("slow", (1, 3, 4, math.inf))]),
)


@settings(max_examples=150, deadline=None)
@given(*moves)
def test_moves_never_exceed_their_allowance(polys, start, target, allowance, profile):
    feats = [TerrainFeature(f"t{i}", p, 1 + i % 3) for i, p in enumerate(polys)]
    table = Table.build(48, 48, feats)
    r = table.move_toward(start, target, allowance, profile)
    assert r.used <= allowance + 1e-9
    assert r.distance <= allowance + 1e-9  # every factor is at least 1
    assert geo.distance(start, r.end) == pytest.approx(r.distance, abs=1e-9)
    assert table.on_table(r.end)
    if r.reached:
        assert r.end == pytest.approx(target, abs=1e-9)
    w = table.withdraw(start, target, allowance) if start != target else None
    if w is not None:
        assert w.distance <= allowance + 1e-9 and table.on_table(w.end)
        assert geo.distance(w.end, target) >= geo.distance(start, target) - 1e-9


def _plain_move_toward(table, a, b, allowance, profile, radius):
    """The move's cost by its definition: cut at every feature boundary it crosses, each piece
    costed at its midpoint's factor (what ``move_toward`` computes with its shortcuts)."""
    t_max = table._clip(a, b, radius)
    dx, dy = b[0] - a[0], b[1] - a[1]
    full = math.sqrt(dx * dx + dy * dy)
    length = full * t_max
    if length == 0.0:
        return (a, 0.0, 0.0, full == 0.0)
    end = (a[0] + dx * t_max, a[1] + dy * t_max)
    cuts = {0.0, 1.0}
    for f in table.features:
        cuts.update(geo.segment_boundary_params(a, end, f.vertices))
    ts = sorted(t for t in cuts if 0.0 <= t <= 1.0)
    used = 0.0
    for t0, t1 in zip(ts, ts[1:]):
        if t1 <= t0:
            continue
        mid = (a[0] + (end[0] - a[0]) * (t0 + t1) / 2, a[1] + (end[1] - a[1]) * (t0 + t1) / 2)
        factor = profile.factors[0]
        for f in table.features:
            if geo.point_in_polygon(mid, f.vertices):
                factor = max(factor, profile.factors[f.cover])
        cost = length * (t1 - t0) * factor
        if used + cost > allowance:
            if math.isfinite(factor):
                t_stop = min(max(t0 + ((allowance - used) / factor) / length, t0), t1)
                used = min(used + (t_stop - t0) * length * factor, allowance)
            else:
                t_stop = t0
            stop = (a[0] + (end[0] - a[0]) * t_stop, a[1] + (end[1] - a[1]) * t_stop)
            return (table._keep_on(stop, radius), length * t_stop, used, False)
        used += cost
    return (table._keep_on(end, radius), length, min(used, allowance), t_max == 1.0)


@settings(max_examples=300, deadline=None)
@given(*moves, st.sampled_from([0.0, 0.5]))
def test_moves_cost_what_their_pieces_cost_to_the_last_digit(polys, start, target, allowance, profile, radius):
    """# FUBAR vehicle movement: ``move_toward`` skips features whose box the move misses and, for
    a profile no terrain slows (infantry), the look at each piece's terrain; its answers are the
    plain definition's, number for number (games replay identically on them)."""
    feats = [TerrainFeature(f"t{i}", p, 1 + i % 3) for i, p in enumerate(polys)]
    table = Table.build(48, 48, feats)
    assume(radius <= start[0] <= 48 - radius and radius <= start[1] <= 48 - radius)
    r = table.move_toward(start, target, allowance, profile, radius=radius)
    assert (r.end, r.distance, r.used, r.reached) == _plain_move_toward(
        table, (float(start[0]), float(start[1])), (float(target[0]), float(target[1])), allowance, profile, radius)


@settings(max_examples=200, deadline=None)
@given(st.lists(polygons, max_size=4), st.lists(st.tuples(points, points, st.floats(0, 24), st.sampled_from([0.0, 0.5, 1.5])),
                                                min_size=1, max_size=6),
       st.sampled_from([INFANTRY, VEHICLE, MoveProfile("slow", (1, 3, 4, math.inf))]))
def test_a_units_moves_at_once_are_each_figures_move(polys, movers, profile):
    """``straight_moves`` (a unit's figures asked together, a piece in the open worked out without
    cutting it) answers for each mover what the plain definition does, number for number."""
    feats = [TerrainFeature(f"t{i}", p, 1 + i % 3) for i, p in enumerate(polys)]
    table = Table.build(48, 48, feats)
    movers = [((float(a[0]), float(a[1])), (float(b[0]), float(b[1])), allowance, r) for a, b, allowance, r in movers
              if r <= a[0] <= 48 - r and r <= a[1] <= 48 - r]
    assume(movers)
    starts, targets, allowances, radii = zip(*movers)
    assert table.straight_moves(starts, targets, allowances, profile, radii) == [
        _plain_move_toward(table, a, b, allowance, profile, r) for a, b, allowance, r in movers]
    assert [table.straight_move(a, b, allowance, profile, r) for a, b, allowance, r in movers] == [
        _plain_move_toward(table, a, b, allowance, profile, r) for a, b, allowance, r in movers]


@settings(max_examples=200, deadline=None)
@given(st.lists(polygons, min_size=1, max_size=5), st.lists(st.tuples(points, points), min_size=1, max_size=12))
def test_scalar_kernels_answer_as_their_definitions(polys, segments):
    """The scalar sight-line and containment kernels are written out for speed; they answer as
    their definitions, edge by edge: a segment meets a polygon when it meets one of its edges
    (touching counts) or lies inside it; a point is inside when near an edge or by ray parity.
    On-grid points put ends on edges and corners exactly."""
    def hits(a, b, poly):
        edges = list(zip(poly, poly[1:] + poly[:1]))
        if any(geo.segments_intersect(a, b, c, d) for c, d in edges):
            return True
        return sum(geo._crosses_ray(a[0], a[1], c[0], c[1], d[0], d[1]) for c, d in edges) % 2 == 1

    def contains(p, poly):
        edges = list(zip(poly, poly[1:] + poly[:1]))
        if any(geo.closest_on_segment(p, c, d)[2] <= geo._EPS2 for c, d in edges):
            return True
        return sum(geo._crosses_ray(p[0], p[1], c[0], c[1], d[0], d[1]) for c, d in edges) % 2 == 1

    feats = [TerrainFeature(f"t{i}", p, 1 + i % 3, blocks_los=i % 2 == 0) for i, p in enumerate(polys)]
    table = Table.build(48, 48, feats)
    for s, e in segments:
        s, e = (float(s[0]), float(s[1])), (float(e[0]), float(e[1]))
        for poly in polys:
            poly = [tuple(v) for v in poly]
            assert geo.segment_hits_polygon(s, e, poly) == hits(s, e, poly)
            assert geo.point_in_polygon(s, poly) == contains(s, poly)
            nearest = (0.0, 0.0, math.inf)  # the nearest point of each edge in turn, the first on ties
            for c, d in zip(poly, poly[1:] + poly[:1]):
                q = geo.closest_on_segment(s, c, d)
                if q[2] < nearest[2]:
                    nearest = q
            assert geo.closest_on_boundary(s, poly) == nearest
        blocked = any(f.blocks_los and hits(s, e, list(f.vertices)) and not contains(s, list(f.vertices))
                      and not contains(e, list(f.vertices)) for f in feats)
        holding = (table.blockers_holding(s), table.blockers_holding(e))
        assert holding == tuple(tuple(k for k, f in enumerate(feats) if f.blocks_los and contains(p, list(f.vertices)))
                                for p in (s, e))
        assert table.line_of_sight(s, e) == table.line_of_sight(s, e, holding=holding) == (not blocked)
        assert table.clear_between(s, e, *holding) == (not blocked)
        best = max((f for f in feats if contains(s, list(f.vertices))), key=lambda f: f.cover, default=None)
        assert table.cover_feature_at(s) is best


def test_a_box_behind_a_building_is_hidden_from_a_point(table):
    """``box_hidden``: a box wholly behind the house, seen from across it, is hidden; one beside
    it, one reaching round its corner, one in front of it, or any box seen from inside the house
    (which holds the viewer: it blocks none of its lines) is not."""
    viewer = (32.0, 24.0)  # south of the house (30..34 x 30..34)
    assert table.box_hidden(viewer, (31.5, 40.0, 32.5, 41.0), table.shadow)
    assert not table.box_hidden(viewer, (38.0, 40.0, 39.0, 41.0), table.shadow)
    assert not table.box_hidden(viewer, (31.5, 40.0, 39.0, 41.0), table.shadow)
    assert not table.box_hidden(viewer, (31.5, 26.0, 32.5, 27.0), table.shadow)
    inside = (32.0, 32.0)
    assert not table.box_hidden(inside, (31.5, 40.0, 32.5, 41.0), table.shadow)
    # a blocker that is not convex casts no shadow (its rays may pass through a notch), though
    # this box does lie behind its solid foot
    notched = TerrainFeature("u", [(10, 10), (20, 10), (20, 20), (16, 20), (16, 12), (14, 12), (14, 20), (10, 20)],
                             "hard", blocks_los=True)
    u_table = Table.build(48, 48, [notched])
    assert not u_table.line_of_sight((15.0, 2.0), (15.0, 30.0))
    assert not u_table.box_hidden((15.0, 2.0), (14.5, 30.0, 15.5, 31.0), u_table.shadow)


@settings(max_examples=300, deadline=None)
@given(st.lists(polygons, min_size=1, max_size=4), points, points, points, st.lists(st.tuples(st.floats(0, 1), st.floats(0, 1)), max_size=6))
def test_a_hidden_box_has_no_clear_sight_line_to_it(polys, viewer, c0, c1, inner):
    """# FUBAR cover (sight): ``box_hidden`` settles a whole box without its sight lines; whenever
    it does, every sight line from the viewer into the box is blocked by the exact test: the
    box's corners, the middles of its sides and points inside (on-grid points put corners on the
    features' edges and vertices)."""
    feats = [TerrainFeature(f"t{i}", p, 1 + i % 3, blocks_los=True) for i, p in enumerate(polys)]
    table = Table.build(48, 48, feats)
    a = (float(viewer[0]), float(viewer[1]))
    x0, x1 = sorted((float(c0[0]), float(c1[0])))
    y0, y1 = sorted((float(c0[1]), float(c1[1])))
    if not table.box_hidden(a, (x0, y0, x1, y1), table.shadow):
        return
    probes = [(x0, y0), (x0, y1), (x1, y0), (x1, y1), ((x0 + x1) / 2, y0), ((x0 + x1) / 2, y1),
              (x0, (y0 + y1) / 2), (x1, (y0 + y1) / 2)] + [(x0 + (x1 - x0) * u, y0 + (y1 - y0) * v) for u, v in inner]
    for p in probes:
        assert not table.line_of_sight(a, p)


def test_features_holding_a_point_are_kept_as_atoms_the_collector_leaves_alone(table):
    """``blockers_holding``: the features holding a point, in table order, as a tuple of indices
    (measuring caches keep one per point for a whole batch): no container the garbage collector
    walks once it has seen it, and the same membership answers a set would give."""
    import gc

    answers = [table.blockers_holding(p) for p in ((32.0, 32.0), (15.0, 15.0), (2.0, 2.0), (20.0, 20.0))]
    index = {f.id: k for k, f in enumerate(table.features)}
    assert answers == [(index["house"],), (index["wood"],), (), (index["wood"],)]  # the boundary holds
    assert index["house"] in answers[0] and index["wood"] not in answers[0]
    gc.collect()
    assert not any(gc.is_tracked(a) for a in answers)
