"""Plane geometry kernels for measured tables: scalar versions and numpy batch versions.

Every test has two implementations that compute the *same floating-point expressions in the same
order*: a pure-Python scalar one (cheapest for one query: no array set-up) and a numpy one that
answers many queries in one call (segments × polygons, points × polygons, points × points).  The
tests check that both give identical answers.

Conventions (shared by both versions):

* Polygons are closed: a point on the boundary (within :data:`EPS` inches) is inside, and a segment
  that only touches a polygon's boundary intersects it.  Line of sight that grazes a corner is
  therefore blocked — the cautious reading.
* Polygons are simple (no self-crossing edges), given as vertex lists in either orientation; the
  closing edge is implicit.
* Distances are ``sqrt(dx*dx + dy*dy)`` (both ``math.sqrt`` and ``numpy.sqrt`` are correctly
  rounded, so scalar and batch agree to the last bit).

Batch kernels first keep only the (query, polygon) pairs whose bounding boxes overlap (and, for
segments, whose polygon box is not wholly on one side of the segment's line), then run the exact
tests on those pairs' edges, in small chunks so that the work stays in cache and memory stays
bounded however large the batch.  The prefilters only drop pairs the exact test would refuse.
"""
from __future__ import annotations

import math
from collections.abc import Iterator, Sequence

import attrs
import numpy as np

#: Tolerance (inches) within which a point counts as lying on a polygon's boundary.
EPS = 1e-9
_EPS2 = EPS * EPS
#: Largest number of (pair, edge) rows a batch kernel materialises at once.
_CHUNK_EDGES = 1 << 14  # small chunks stay in cache: measured 2x faster than 1 << 20

Point = tuple[float, float]


# ----------------------------------------------------------------------------------------------
# Scalar kernels


def orient(ax: float, ay: float, bx: float, by: float, cx: float, cy: float) -> float:
    """Twice the signed area of triangle abc: > 0 if c lies left of a→b, < 0 right, 0 on the line."""
    return (bx - ax) * (cy - ay) - (by - ay) * (cx - ax)


def _sign(v: float) -> int:
    return (v > 0) - (v < 0)


def segments_intersect(a: Point, b: Point, c: Point, d: Point) -> bool:
    """Whether closed segments ab and cd share at least one point (touching counts)."""
    ax, ay = a
    bx, by = b
    cx, cy = c
    dx, dy = d
    # orient() and _sign() written out: this is the innermost test of every scalar sight line
    o1 = (dx - cx) * (ay - cy) - (dy - cy) * (ax - cx)
    o2 = (dx - cx) * (by - cy) - (dy - cy) * (bx - cx)
    o3 = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax)
    o4 = (bx - ax) * (dy - ay) - (by - ay) * (dx - ax)
    d1 = (o1 > 0) - (o1 < 0)
    d2 = (o2 > 0) - (o2 < 0)
    d3 = (o3 > 0) - (o3 < 0)
    d4 = (o4 > 0) - (o4 < 0)
    if d1 == 0 and d2 == 0 and d3 == 0 and d4 == 0:
        return (
            min(ax, bx) <= max(cx, dx)
            and min(cx, dx) <= max(ax, bx)
            and min(ay, by) <= max(cy, dy)
            and min(cy, dy) <= max(ay, by)
        )
    return d1 * d2 <= 0 and d3 * d4 <= 0


def closest_on_segment(p: Point, a: Point, b: Point) -> tuple[float, float, float]:
    """The point of segment ab closest to p, and its squared distance: (qx, qy, dist²)."""
    px, py = p
    ax, ay = a
    bx, by = b
    ux = bx - ax
    uy = by - ay
    length2 = ux * ux + uy * uy
    t = ((px - ax) * ux + (py - ay) * uy) / length2 if length2 > 0.0 else 0.0
    t = min(max(t, 0.0), 1.0)
    qx = ax + t * ux
    qy = ay + t * uy
    ex = px - qx
    ey = py - qy
    return qx, qy, ex * ex + ey * ey


def _crosses_ray(px: float, py: float, x0: float, y0: float, x1: float, y1: float) -> bool:
    """Whether the ray from p towards +x crosses edge (x0,y0)-(x1,y1) (half-open in y)."""
    if (y0 > py) == (y1 > py):
        return False
    return px < x0 + (py - y0) * (x1 - x0) / (y1 - y0)


def point_in_polygon(p: Point, vertices: Sequence[Point]) -> bool:
    """Whether p lies inside the closed polygon (boundary included)."""
    px, py = p
    inside = False
    x0, y0 = vertices[-1]
    # each edge (v0, v1) in turn, from the closing one (any edge near p answers; the ray's parity
    # is a count): the order does not change the answer
    for x1, y1 in vertices:
        # closest_on_segment(p, v0, v1)[2] <= EPS², its sums written out (the hot path of cover tests)
        ux = x1 - x0
        uy = y1 - y0
        length2 = ux * ux + uy * uy
        t = ((px - x0) * ux + (py - y0) * uy) / length2 if length2 > 0.0 else 0.0
        t = 0.0 if t < 0.0 else 1.0 if t > 1.0 else t
        ex = px - (x0 + t * ux)
        ey = py - (y0 + t * uy)
        if ex * ex + ey * ey <= _EPS2:
            return True
        if (y0 > py) != (y1 > py) and px < x0 + (py - y0) * (x1 - x0) / (y1 - y0):  # _crosses_ray, written out
            inside = not inside
        x0, y0 = x1, y1
    return inside


def segment_hits_polygon(a: Point, b: Point, vertices: Sequence[Point]) -> bool:
    """Whether closed segment ab meets the closed polygon (crosses, touches or lies inside it)."""
    ax, ay = a
    bx, by = b
    sx, sy = bx - ax, by - ay
    inside = False
    cx, cy = vertices[-1]
    o4 = sx * (cy - ay) - sy * (cx - ax)
    d4 = (o4 > 0) - (o4 < 0)
    # each edge (c, d) in turn, from the closing one: segments_intersect(a, b, c, d) and
    # _crosses_ray(a, c, d), term for term (the innermost loop of every scalar sight line); the
    # edges' order does not change the answer (any edge met answers, the ray's parity is a count).
    # A vertex's side of ab is the same sum for the edge it ends and the one it starts: worked
    # out once, as the edge's d, and kept for the next edge's c.
    for dx, dy in vertices:
        ex, ey = dx - cx, dy - cy
        o1 = ex * (ay - cy) - ey * (ax - cx)
        o2 = ex * (by - cy) - ey * (bx - cx)
        d3 = d4
        o4 = sx * (dy - ay) - sy * (dx - ax)
        d1 = (o1 > 0) - (o1 < 0)
        d2 = (o2 > 0) - (o2 < 0)
        d4 = (o4 > 0) - (o4 < 0)
        if d1 == 0 and d2 == 0 and d3 == 0 and d4 == 0:
            if (min(ax, bx) <= max(cx, dx) and min(cx, dx) <= max(ax, bx)
                    and min(ay, by) <= max(cy, dy) and min(cy, dy) <= max(ay, by)):
                return True
        elif d1 * d2 <= 0 and d3 * d4 <= 0:
            return True
        if (cy > ay) != (dy > ay) and ax < cx + (ay - cy) * (dx - cx) / (dy - cy):
            inside = not inside
        cx, cy = dx, dy
    return inside


def distance_to_boundary(p: Point, vertices: Sequence[Point]) -> float:
    """Distance from p to the nearest point of the polygon's boundary (inside or out)."""
    return math.sqrt(closest_on_boundary(p, vertices)[2])


def closest_on_boundary(p: Point, vertices: Sequence[Point]) -> tuple[float, float, float]:
    """The boundary point nearest p and its squared distance; first edge wins ties."""
    px, py = p
    bx = by = 0.0
    best = math.inf
    ax, ay = vertices[0]
    # each edge from the first vertex round to the closing one: closest_on_segment's sums written
    # out (every new place a sight question meets asks its depth in its cover area)
    for cx, cy in (*vertices[1:], vertices[0]):
        ux = cx - ax
        uy = cy - ay
        length2 = ux * ux + uy * uy
        t = ((px - ax) * ux + (py - ay) * uy) / length2 if length2 > 0.0 else 0.0
        t = 0.0 if t < 0.0 else 1.0 if t > 1.0 else t
        qx = ax + t * ux
        qy = ay + t * uy
        ex = px - qx
        ey = py - qy
        d2 = ex * ex + ey * ey
        if d2 < best:
            bx, by, best = qx, qy, d2
        ax, ay = cx, cy
    return (bx, by, best)


def segment_boundary_params(a: Point, b: Point, vertices: Sequence[Point]) -> list[float]:
    """Parameters t in [0, 1] where segment a + t(b - a) meets the polygon's boundary, sorted.

    Used to cut a straight move into pieces that lie wholly inside or wholly outside a polygon.
    Where the segment runs along an edge, both ends of the shared stretch are returned.
    """
    out = boundary_params(a[0], a[1], b[0], b[1], polygon_edges(vertices))
    out.sort()
    return out


def polygon_edges(vertices: Sequence[Point]) -> tuple[tuple[float, float, float, float, float, float], ...]:
    """Each edge of the polygon as (cx, cy, dx, dy, sx, sy): its ends c and d and d - c, in
    vertex order from the first: what :func:`boundary_params` reads (a table keeps them per
    feature, so a move's cuts take no indexing or subtraction per edge)."""
    n = len(vertices)
    out = []
    for i in range(n):
        cx, cy = vertices[i]
        dx, dy = vertices[(i + 1) % n]
        out.append((cx, cy, dx, dy, dx - cx, dy - cy))
    return tuple(out)


def boundary_params(ax: float, ay: float, bx: float, by: float,
                    edges: Sequence[tuple[float, float, float, float, float, float]]) -> list[float]:
    """:func:`segment_boundary_params` of the segment (ax, ay)-(bx, by) on a polygon's
    :func:`polygon_edges`, in edge order (unsorted; each in [0, 1])."""
    rx = bx - ax
    ry = by - ay
    rr = rx * rx + ry * ry
    out: list[float] = []
    for cx, cy, dx, dy, sx, sy in edges:
        denom = rx * sy - ry * sx
        qx = cx - ax
        qy = cy - ay
        if denom == 0.0:
            if rr == 0.0 or qx * ry - qy * rx != 0.0:
                continue  # parallel and apart (or a zero-length move)
            for ex, ey in ((cx, cy), (dx, dy)):
                t = ((ex - ax) * rx + (ey - ay) * ry) / rr
                if 0.0 <= t <= 1.0:
                    out.append(t)
            continue
        t = (qx * sy - qy * sx) / denom
        u = (qx * ry - qy * rx) / denom
        if 0.0 <= t <= 1.0 and 0.0 <= u <= 1.0:
            out.append(t)
    return out


def polygon_area(vertices: Sequence[Point]) -> float:
    """Signed area (positive when the vertices run anticlockwise)."""
    n = len(vertices)
    s = 0.0
    for i in range(n):
        x0, y0 = vertices[i]
        x1, y1 = vertices[(i + 1) % n]
        s += x0 * y1 - x1 * y0
    return s / 2.0


def is_simple(vertices: Sequence[Point]) -> bool:
    """Whether no two non-adjacent edges of the polygon meet (O(n²); used at construction)."""
    n = len(vertices)
    for i in range(n):
        a, b = vertices[i], vertices[(i + 1) % n]
        for j in range(i + 1, n):
            if j == i + 1 or (i == 0 and j == n - 1):
                continue
            if segments_intersect(a, b, vertices[j], vertices[(j + 1) % n]):
                return False
    return True


# ----------------------------------------------------------------------------------------------
# Batch kernels


@attrs.frozen(eq=False)
class PolygonSet:
    """Many polygons packed into flat numpy arrays for the batch kernels.

    ``x0, y0, x1, y1`` hold every edge and ``ex, ey`` its direction (``x1 - x0``, ``y1 - y0``);
    polygon ``k``'s edges are rows ``offsets[k]`` to ``offsets[k + 1]``.  ``bbox`` is ``(P, 4)``:
    min x, min y, max x, max y.
    """

    x0: np.ndarray
    y0: np.ndarray
    x1: np.ndarray
    y1: np.ndarray
    ex: np.ndarray
    ey: np.ndarray
    offsets: np.ndarray
    counts: np.ndarray
    bbox: np.ndarray

    @classmethod
    def from_polygons(cls, polygons: Sequence[Sequence[Point]]) -> PolygonSet:
        """Pack vertex lists (each at least three vertices) into a PolygonSet."""
        verts = [np.asarray(poly, dtype=np.float64).reshape(-1, 2) for poly in polygons]
        counts = np.array([len(v) for v in verts], dtype=np.intp)
        offsets = np.zeros(len(verts) + 1, dtype=np.intp)
        np.cumsum(counts, out=offsets[1:])
        if verts:
            start = np.concatenate(verts)
            stop = np.concatenate([np.roll(v, -1, axis=0) for v in verts])
            bbox = np.array([(*v.min(axis=0), *v.max(axis=0)) for v in verts], dtype=np.float64)
        else:
            start = stop = np.empty((0, 2))
            bbox = np.empty((0, 4))
        x0, y0 = start[:, 0].copy(), start[:, 1].copy()
        x1, y1 = stop[:, 0].copy(), stop[:, 1].copy()
        arrays = [x0, y0, x1, y1, x1 - x0, y1 - y0, offsets, counts, bbox]
        for arr in arrays:
            arr.setflags(write=False)
        return cls(*arrays)

    def __len__(self) -> int:
        return len(self.counts)


def _as_points(points: object) -> np.ndarray:
    arr = np.asarray(points, dtype=np.float64)
    if arr.ndim == 1 and arr.shape == (2,):
        arr = arr[None, :]
    if arr.ndim != 2 or arr.shape[1] != 2:
        raise ValueError(f"expected an (N, 2) array of points, got shape {arr.shape}")
    return arr


def _chunks(pi: np.ndarray, polys: PolygonSet) -> Iterator[slice]:
    """Split pair indices into slices whose edges number at most about ``_CHUNK_EDGES``."""
    ends = np.cumsum(polys.counts[pi])
    start = 0
    while start < len(pi):
        base = ends[start - 1] if start else 0
        stop = max(int(np.searchsorted(ends, base + _CHUNK_EDGES, side="right")), start + 1)
        yield slice(start, stop)
        start = stop


def _expand(pi: np.ndarray, polys: PolygonSet) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """For pairs touching polygons ``pi``: (edge row per item, pair per item, first item per pair)."""
    counts = polys.counts[pi]
    first = np.zeros(len(pi), dtype=np.intp)
    np.cumsum(counts[:-1], out=first[1:])
    pair = np.repeat(np.arange(len(pi)), counts)
    rows = np.arange(int(counts.sum())) + (polys.offsets[pi] - first)[pair]
    return rows, pair, first


def _edge_crossings(px: np.ndarray, py: np.ndarray, x0: np.ndarray, y0: np.ndarray, x1: np.ndarray,
                    y1: np.ndarray) -> np.ndarray:
    """Vectorised :func:`_crosses_ray`."""
    cond = (y0 > py) != (y1 > py)
    with np.errstate(divide="ignore", invalid="ignore"):
        xint = x0 + (py - y0) * (x1 - x0) / (y1 - y0)
    crossing: np.ndarray = cond & (px < xint)
    return crossing


def _edge_near(px: np.ndarray, py: np.ndarray, ax: np.ndarray, ay: np.ndarray, bx: np.ndarray,
               by: np.ndarray) -> np.ndarray:
    """Vectorised ``closest_on_segment(...)[2] <= EPS²``."""
    ux = bx - ax
    uy = by - ay
    length2 = ux * ux + uy * uy
    with np.errstate(divide="ignore", invalid="ignore"):
        t = ((px - ax) * ux + (py - ay) * uy) / length2
    t = np.where(length2 > 0.0, t, 0.0)
    t = np.minimum(np.maximum(t, 0.0), 1.0)
    ex = px - (ax + t * ux)
    ey = py - (ay + t * uy)
    near: np.ndarray = ex * ex + ey * ey <= _EPS2
    return near


def _opposite(d1: np.ndarray, d2: np.ndarray) -> np.ndarray:
    """``sign(d1) * sign(d2) <= 0`` without forming the product (no underflow)."""
    return ~(((d1 > 0) & (d2 > 0)) | ((d1 < 0) & (d2 < 0)))


def _bbox_candidates(minx: np.ndarray, miny: np.ndarray, maxx: np.ndarray, maxy: np.ndarray,
                     polys: PolygonSet) -> tuple[np.ndarray, np.ndarray]:
    """(query, polygon) index pairs whose boxes overlap (boxes widened by EPS)."""
    bb = polys.bbox
    cand = (
        (minx[:, None] <= bb[None, :, 2] + EPS)
        & (maxx[:, None] >= bb[None, :, 0] - EPS)
        & (miny[:, None] <= bb[None, :, 3] + EPS)
        & (maxy[:, None] >= bb[None, :, 1] - EPS)
    )
    query, polygon = np.nonzero(cand)
    return query, polygon


def _in_boxes(px: np.ndarray, py: np.ndarray, pi: np.ndarray, polys: PolygonSet) -> np.ndarray:
    """Per pair: the point lies in polygon ``pi``'s box widened by EPS (else it cannot be inside)."""
    bb = polys.bbox[pi]
    inside: np.ndarray = (px >= bb[:, 0] - EPS) & (px <= bb[:, 2] + EPS) & (py >= bb[:, 1] - EPS) & (py <= bb[:, 3] + EPS)
    return inside


def _contains_pairs(px: np.ndarray, py: np.ndarray, pi: np.ndarray, polys: PolygonSet, *, closed: bool) -> np.ndarray:
    """Per pair: point (px, py) lies in polygon ``pi`` — by ray parity, plus the boundary if ``closed``."""
    out = np.zeros(len(pi), dtype=bool)
    for sl in _chunks(pi, polys):
        rows, pair, first = _expand(pi[sl], polys)
        x, y = px[sl][pair], py[sl][pair]
        x0, y0, x1, y1 = polys.x0[rows], polys.y0[rows], polys.x1[rows], polys.y1[rows]
        res = (np.add.reduceat(_edge_crossings(x, y, x0, y0, x1, y1).view(np.int8), first) & 1).astype(bool)
        if closed:
            res |= np.logical_or.reduceat(_edge_near(x, y, x0, y0, x1, y1), first)
        out[sl] = res
    return out


def points_in_polygons(points: object, polys: PolygonSet) -> np.ndarray:
    """Boolean ``(N, P)`` matrix: point ``i`` lies in closed polygon ``k``."""
    pts = _as_points(points)
    out = np.zeros((len(pts), len(polys)), dtype=bool)
    if len(pts) == 0 or len(polys) == 0:
        return out
    px, py = pts[:, 0], pts[:, 1]
    qi, pi = _bbox_candidates(px, py, px, py, polys)
    out[qi, pi] = _contains_pairs(px[qi], py[qi], pi, polys, closed=True)
    return out


def segments_hit_polygons(starts: object, ends: object, polys: PolygonSet) -> np.ndarray:
    """Boolean ``(S, P)`` matrix: closed segment ``i`` meets closed polygon ``k``."""
    return _segments_kernel(starts, ends, polys, exclude_endpoints=False)


def segments_blocked_by_polygons(starts: object, ends: object, polys: PolygonSet) -> np.ndarray:
    """Boolean ``(S, P)``: segment ``i`` meets polygon ``k`` and neither end lies in ``k``.

    The line-of-sight test: a polygon that holds the viewer or the target does not block.
    """
    return _segments_kernel(starts, ends, polys, exclude_endpoints=True)


def _segments_kernel(starts: object, ends: object, polys: PolygonSet, *, exclude_endpoints: bool) -> np.ndarray:
    """Edge crossings on box-filtered pairs, then ray parity only where it can matter.

    A segment that crosses no edge meets the polygon only if it lies wholly inside, which needs
    its box inside the polygon's box; an endpoint can be inside only if it is in the box.  Those
    two pair-level filters spare nearly all point-in-polygon work for long sight lines.
    """
    a = _as_points(starts)
    b = _as_points(ends)
    if a.shape != b.shape:
        raise ValueError(f"starts and ends differ in shape: {a.shape} vs {b.shape}")
    out = np.zeros((len(a), len(polys)), dtype=bool)
    if len(a) == 0 or len(polys) == 0:
        return out
    ax_, ay_, bx_, by_ = a[:, 0], a[:, 1], b[:, 0], b[:, 1]
    sx_, sy_ = bx_ - ax_, by_ - ay_
    minx, miny = np.minimum(ax_, bx_), np.minimum(ay_, by_)
    maxx, maxy = np.maximum(ax_, bx_), np.maximum(ay_, by_)
    qi, pi = _bbox_candidates(minx, miny, maxx, maxy, polys)
    # Second pair-level filter: when the polygon's (EPS-widened) box lies wholly on one side of
    # the segment's line, no edge can meet the segment and neither end can lie inside.
    bb = polys.bbox[pi]
    sxq, syq, axq, ayq = sx_[qi], sy_[qi], ax_[qi], ay_[qi]
    pos = np.ones(len(qi), dtype=bool)
    neg = np.ones(len(qi), dtype=bool)
    for cx, cy in ((bb[:, 0] - EPS, bb[:, 1] - EPS), (bb[:, 2] + EPS, bb[:, 1] - EPS),
                   (bb[:, 0] - EPS, bb[:, 3] + EPS), (bb[:, 2] + EPS, bb[:, 3] + EPS)):
        o = sxq * (cy - ayq) - syq * (cx - axq)
        pos &= o > 0
        neg &= o < 0
    keep = np.flatnonzero(~(pos | neg))
    qi, pi = qi[keep], pi[keep]
    hit = np.zeros(len(qi), dtype=bool)
    for sl in _chunks(pi, polys):
        rows, pair, first = _expand(pi[sl], polys)
        q = qi[sl][pair]
        ax, ay, bx, by, sx, sy = ax_[q], ay_[q], bx_[q], by_[q], sx_[q], sy_[q]
        x0, y0, x1, y1 = polys.x0[rows], polys.y0[rows], polys.x1[rows], polys.y1[rows]
        ex, ey = polys.ex[rows], polys.ey[rows]
        # the four orientations of segments_intersect, term for term
        d1 = ex * (ay - y0) - ey * (ax - x0)
        d2 = ex * (by - y0) - ey * (bx - x0)
        d3 = sx * (y0 - ay) - sy * (x0 - ax)
        d4 = sx * (y1 - ay) - sy * (x1 - ax)
        meet = _opposite(d1, d2) & _opposite(d3, d4)
        flat = np.flatnonzero((d1 == 0) & (d2 == 0) & (d3 == 0) & (d4 == 0))
        if len(flat):  # collinear: the segments meet only if their boxes overlap
            meet[flat] = (
                (np.minimum(ax[flat], bx[flat]) <= np.maximum(x0[flat], x1[flat]))
                & (np.minimum(x0[flat], x1[flat]) <= np.maximum(ax[flat], bx[flat]))
                & (np.minimum(ay[flat], by[flat]) <= np.maximum(y0[flat], y1[flat]))
                & (np.minimum(y0[flat], y1[flat]) <= np.maximum(ay[flat], by[flat]))
            )
        hit[sl] = np.logical_or.reduceat(meet, first)
    bb = polys.bbox[pi]
    q_minx, q_miny, q_maxx, q_maxy = minx[qi], miny[qi], maxx[qi], maxy[qi]
    inner = ~hit & (
        (q_minx >= bb[:, 0] - EPS) & (q_maxx <= bb[:, 2] + EPS) & (q_miny >= bb[:, 1] - EPS) & (q_maxy <= bb[:, 3] + EPS)
    )
    idx = np.flatnonzero(inner)
    if len(idx):
        hit[idx] = _contains_pairs(ax_[qi[idx]], ay_[qi[idx]], pi[idx], polys, closed=False)
    if exclude_endpoints:
        for px_, py_ in ((ax_, ay_), (bx_, by_)):
            idx = np.flatnonzero(hit)
            idx = idx[_in_boxes(px_[qi[idx]], py_[qi[idx]], pi[idx], polys)]
            if len(idx):
                hit[idx] &= ~_contains_pairs(px_[qi[idx]], py_[qi[idx]], pi[idx], polys, closed=True)
    out[qi, pi] = hit
    return out


def distances_to_boundaries(points: object, polys: PolygonSet) -> np.ndarray:
    """``(N, P)`` distances from each point to each polygon's boundary (no prefilter: all pairs)."""
    pts = _as_points(points)
    out = np.full((len(pts), len(polys)), np.inf)
    if len(pts) == 0 or len(polys) == 0:
        return out
    qi, pi = np.divmod(np.arange(len(pts) * len(polys)), len(polys))
    px, py = pts[:, 0], pts[:, 1]
    for sl in _chunks(pi, polys):
        rows, pair, first = _expand(pi[sl], polys)
        q = qi[sl][pair]
        x, y = px[q], py[q]
        ax, ay, bx, by = polys.x0[rows], polys.y0[rows], polys.x1[rows], polys.y1[rows]
        ux = bx - ax
        uy = by - ay
        length2 = ux * ux + uy * uy
        with np.errstate(divide="ignore", invalid="ignore"):
            t = ((x - ax) * ux + (y - ay) * uy) / length2
        t = np.minimum(np.maximum(np.where(length2 > 0.0, t, 0.0), 0.0), 1.0)
        ex = x - (ax + t * ux)
        ey = y - (ay + t * uy)
        out[qi[sl], pi[sl]] = np.sqrt(np.minimum.reduceat(ex * ex + ey * ey, first))
    return out


def pairwise_distances(p: object, q: object) -> np.ndarray:
    """``(N, M)`` centre-to-centre distances between two point arrays."""
    a = _as_points(p)
    b = _as_points(q)
    dx = a[:, None, 0] - b[None, :, 0]
    dy = a[:, None, 1] - b[None, :, 1]
    distances: np.ndarray = np.sqrt(dx * dx + dy * dy)
    return distances


def distance(p: Point, q: Point) -> float:
    """Scalar centre-to-centre distance (same expression as :func:`pairwise_distances`)."""
    dx = p[0] - q[0]
    dy = p[1] - q[1]
    return math.sqrt(dx * dx + dy * dy)
