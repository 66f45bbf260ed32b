"""A measured table: figures on round bases, terrain polygons with cover, inches.

Skirmish games such as FUBAR measure in inches on an open table.  A :class:`Table` holds what stays
fixed during a game — its size and the terrain features — and answers the measuring questions the
rules ask: distances between figures and units, line of sight, cover (per figure and for a whole
unit), distance to a cover edge, unit coherency, and movement (straight moves slowed by terrain,
taking cover, withdrawing).  Figures and units are plain frozen values passed in by the game state.

Readings fixed here (each in one named place):

* **Distance** (:meth:`Table.distance`) is measured base edge to base edge: centre distance minus
  both base radii, never below 0, so touching bases are 0" apart (FUBAR's "base contact").
  :meth:`Table.centre_distance` is there for rules that measure centres.
* **A figure is in a terrain feature** when its base centre lies in the feature's polygon
  (boundary included).
* **Coherency** (:data:`COHERENCY`): the chain reading — a figure is in coherency when it is within
  3" (edge to edge) of at least one other figure of its unit; a lone figure is always in coherency.
* **Vehicle movement** (:data:`VEHICLE`): moving through soft cover costs double (12" in the open,
  6" in soft cover); the quick reference is silent on heavier cover, so moderate and hard cover
  cost the same as soft.  A ruleset can mark a level impassable with ``math.inf``.

Units: positions are inches (floats).  FUBAR gives its distances in pairs (6"/15cm) that are not
exact conversions; :class:`RuleDistance` keeps both and answers in table inches for a game played
in either.
"""
from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from enum import IntEnum
from typing import Literal, Union

import attrs
import numpy as np

from ..errors import BoardError
import tabletop_core.boards.geometry as geo  # the module, not the boards package (whose __init__ imports this one)
from .geometry import Point, PolygonSet
from .shadows import SHADOW_ANGLE, SHADOW_REACH, Shadow, Shadows, convex_blocker_rows  # noqa: F401  (re-exported)

CM_PER_INCH = 2.54


def cm_to_inches(cm: float) -> float:
    """Centimetres to inches (2.54 cm to the inch)."""
    return cm / CM_PER_INCH


def inches_to_cm(inches: float) -> float:
    """Inches to centimetres."""
    return inches * CM_PER_INCH


@attrs.frozen
class RuleDistance:
    """A rule's distance as printed in both systems, e.g. FUBAR's Walk 6"/15cm.

    A game played in centimetres uses the printed centimetre figure, not 6 × 2.54; the table works
    in inches, so :meth:`on_table` converts that figure.
    """

    inches: float
    cm: float

    def on_table(self, system: Literal["in", "cm"] = "in") -> float:
        """The distance in table inches for a game measured in ``system``."""
        if system == "in":
            return float(self.inches)
        if system == "cm":
            return cm_to_inches(self.cm)
        raise BoardError(f"unknown measuring system {system!r} (expected 'in' or 'cm')")


class Cover(IntEnum):
    """Cover levels (# FUBAR cover: soft, moderate, hard add 1, 2, 3 to the firer's roll)."""

    NONE = 0
    SOFT = 1
    MODERATE = 2
    HARD = 3


def _finite(value: float, what: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise BoardError(f"{what} must be a finite number, got {value!r}")
    return float(value)


def _vertices(value: Iterable[Sequence[float]]) -> tuple[Point, ...]:
    try:
        return tuple((float(x), float(y)) for x, y in value)
    except (TypeError, ValueError):
        raise BoardError(f"terrain vertices must be (x, y) pairs, got {value!r}") from None


def _cover(value: object) -> Cover:
    try:
        return Cover[value.upper()] if isinstance(value, str) else Cover(value)  # type: ignore[arg-type]  # checked by Cover
    except (KeyError, ValueError):
        raise BoardError(f"cover must be one of none/soft/moderate/hard or 0-3, got {value!r}") from None


@attrs.frozen
class TerrainFeature:
    """A terrain piece: a simple polygon, its cover level and whether it blocks line of sight.

    Built from plain data: ``TerrainFeature("wood-1", [(0, 0), (6, 0), (6, 4)], "soft", True)``.
    Refused with :class:`BoardError`: fewer than three vertices, non-finite coordinates, repeated
    consecutive vertices, zero area, or crossing edges.
    """

    id: str
    vertices: tuple[Point, ...] = attrs.field(converter=_vertices)
    cover: Cover = attrs.field(default=Cover.NONE, converter=_cover)
    blocks_los: bool = False
    name: str = ""
    # Derived once: queries ask for the box on every sight line and move (profiled hot spot).
    bbox: tuple[float, float, float, float] = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        where = f"terrain feature {self.id!r}"
        if not isinstance(self.id, str) or not self.id:
            raise BoardError(f"terrain feature id must be a non-empty string, got {self.id!r}")
        if type(self.blocks_los) is not bool:
            raise BoardError(f"{where}: blocks_los must be true or false, got {self.blocks_los!r}")
        v = self.vertices
        if len(v) < 3:
            raise BoardError(f"{where}: a polygon needs at least three vertices, got {len(v)}")
        for x, y in v:
            if not (math.isfinite(x) and math.isfinite(y)):
                raise BoardError(f"{where}: vertex ({x}, {y}) is not finite")
        for i in range(len(v)):
            if v[i] == v[(i + 1) % len(v)]:
                raise BoardError(f"{where}: vertex {i} repeats the next one")
        if abs(geo.polygon_area(v)) <= geo.EPS:
            raise BoardError(f"{where}: the polygon has no area")
        if not geo.is_simple(v):
            raise BoardError(f"{where}: the polygon's edges cross each other")
        xs = [p[0] for p in v]
        ys = [p[1] for p in v]
        object.__setattr__(self, "bbox", (min(xs), min(ys), max(xs), max(ys)))  # (min x, min y, max x, max y)

    def contains(self, point: Point) -> bool:
        """Whether ``point`` lies in the feature (boundary included)."""
        return geo.point_in_polygon(point, self.vertices)


@attrs.frozen
class Figure:
    """One model on a round base: centre (x, y) and base radius in inches (default 0.5": about a 25 mm base)."""

    id: str
    x: float = attrs.field(converter=float)
    y: float = attrs.field(converter=float)
    radius: float = attrs.field(default=0.5, converter=float)

    @property
    def pos(self) -> Point:
        return (self.x, self.y)

    def at(self, point: Point) -> Figure:
        """The same figure moved to ``point``."""
        return Figure(self.id, point[0], point[1], self.radius)


def _figures(items: Iterable[Figure]) -> tuple[Figure, ...]:
    return tuple(items)


def _factors(items: Iterable[float]) -> tuple[float, ...]:
    return tuple(items)


@attrs.frozen
class Unit:
    """A group of figures that act together (FUBAR's unit, vehicle or team)."""

    id: str
    figures: tuple[Figure, ...] = attrs.field(converter=_figures)

    def positions(self) -> np.ndarray:
        """``(N, 2)`` array of figure centres."""
        return np.array([f.pos for f in self.figures], dtype=np.float64).reshape(-1, 2)

    def radii(self) -> np.ndarray:
        return np.array([f.radius for f in self.figures], dtype=np.float64)


@attrs.frozen
class MoveProfile:
    """How terrain slows a mover: a cost factor per cover level (1 = open ground, inf = impassable).

    Moving a length L through terrain of level c uses L × factors[c] of the move allowance; where
    features overlap the largest factor counts.
    """

    name: str
    factors: tuple[float, ...] = attrs.field(converter=_factors)
    #: No terrain costs more than the open (infantry): a move's cost needs no look at where it runs.
    uniform: bool = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        if len(self.factors) != 4 or any(not (f > 0) for f in self.factors):
            raise BoardError(f"move profile {self.name!r}: need four positive factors, got {self.factors!r}")
        object.__setattr__(self, "uniform", max(self.factors) == self.factors[0])


#: Infantry move through cover at normal speed (# FUBAR actions).
INFANTRY = MoveProfile("infantry", (1.0, 1.0, 1.0, 1.0))
#: Vehicles: 12" in the open, 6" in soft cover (# FUBAR vehicle movement); heavier cover as soft.
VEHICLE = MoveProfile("vehicle", (1.0, 2.0, 2.0, 2.0))
#: Coherency distance in inches (# FUBAR activation: -1 per figure out of 3" coherency).
COHERENCY = 3.0
#: FUBAR's cover-edge distance: fire into or out of cover only within 2" of its edge (# FUBAR cover).
COVER_EDGE = 2.0


@attrs.frozen
class MoveResult:
    """Where a move ended: ``end``, straight-line ``distance`` travelled, allowance ``used``,
    and whether the intended end point was ``reached`` (False when the allowance ran out, the
    table edge or impassable terrain stopped it)."""

    end: Point
    distance: float
    used: float
    reached: bool


@attrs.frozen
class UnitCover:
    """A unit's cover: the fraction of figures in any cover, each figure's level, and ``level`` —
    the best level that at least half the unit has (# FUBAR cover: the whole unit then benefits)."""

    fraction: float
    level: Cover
    figure_levels: tuple[Cover, ...]


@attrs.frozen
class CoverSpot:
    """The nearest place in cover: the feature, the point, and the distance to it."""

    feature: TerrainFeature
    point: Point
    distance: float


PointLike = Union[Point, Figure, Sequence[float]]


def _xy(p: PointLike) -> Point:
    if type(p) is tuple and len(p) == 2 and type(p[0]) is float and type(p[1]) is float:
        return p  # already a point (what most callers pass): the same floats as converting it
    if isinstance(p, Figure):
        return (p.x, p.y)
    return (float(p[0]), float(p[1]))


@attrs.frozen(eq=False)
class Table(Shadows):
    """A rectangular table ``width`` × ``height`` inches with terrain features; build with :meth:`build`."""

    width: float
    height: float
    features: tuple[TerrainFeature, ...]
    _by_id: dict[str, TerrainFeature]
    _all: PolygonSet
    _blockers: tuple[int, ...]
    _blocker_set: PolygonSet
    _cover_idx: tuple[int, ...]
    _cover_set: PolygonSet
    _levels: np.ndarray
    _blocker_boxes: tuple[tuple[float, float, float, float], ...]
    #: each blocker's index, its box widened by EPS (x0, y0, x1, y1) and its vertices (what a sight line looks at)
    _blocker_rows: tuple[tuple[int, float, float, float, float, tuple[Point, ...]], ...]
    #: each cover feature and its box widened by EPS, in table order (what a point's cover looks at)
    _cover_rows: tuple[tuple[TerrainFeature, float, float, float, float], ...]
    #: every feature's box (x0, y0, x1, y1) and edges (``geo.polygon_edges``), in table order:
    #: what a move's cost looks at
    _boxed: tuple[tuple[float, float, float, float, tuple[tuple[float, float, float, float, float, float], ...]], ...]
    #: each convex blocker's index, vertices, vertex mean (a point inside it) and box: what a shadow looks at
    _convex_blockers: tuple[tuple[int, tuple[Point, ...], Point, tuple[float, float, float, float]], ...]

    @classmethod
    def build(cls, width: float = 48.0, height: float = 48.0, features: Iterable[TerrainFeature] = ()) -> Table:
        """Validate and index a table.  Feature ids must be unique and features lie on the table."""
        w = _finite(width, "table width")
        h = _finite(height, "table height")
        if w <= 0 or h <= 0:
            raise BoardError(f"table size must be positive, got {w} x {h}")
        feats = tuple(features)
        by_id: dict[str, TerrainFeature] = {}
        for f in feats:
            if not isinstance(f, TerrainFeature):
                raise BoardError(f"expected a TerrainFeature, got {type(f).__name__}")
            if f.id in by_id:
                raise BoardError(f"terrain feature id {f.id!r} is used twice")
            x0, y0, x1, y1 = f.bbox
            if x0 < 0 or y0 < 0 or x1 > w or y1 > h:
                raise BoardError(f"terrain feature {f.id!r} extends beyond the {w} x {h} table")
            by_id[f.id] = f
        blockers = tuple(i for i, f in enumerate(feats) if f.blocks_los)
        cover_idx = tuple(i for i, f in enumerate(feats) if f.cover > Cover.NONE)
        levels = np.array([int(f.cover) for f in feats], dtype=np.int8)
        levels.setflags(write=False)
        return cls(
            w,
            h,
            feats,
            by_id,
            PolygonSet.from_polygons([f.vertices for f in feats]),
            blockers,
            PolygonSet.from_polygons([feats[i].vertices for i in blockers]),
            cover_idx,
            PolygonSet.from_polygons([feats[i].vertices for i in cover_idx]),
            levels,
            tuple(feats[i].bbox for i in blockers),
            tuple((i, x0 - geo.EPS, y0 - geo.EPS, x1 + geo.EPS, y1 + geo.EPS, feats[i].vertices)
                  for i in blockers for x0, y0, x1, y1 in (feats[i].bbox,)),
            tuple((feats[i], x0 - geo.EPS, y0 - geo.EPS, x1 + geo.EPS, y1 + geo.EPS)
                  for i in cover_idx for x0, y0, x1, y1 in (feats[i].bbox,)),
            tuple((*f.bbox, geo.polygon_edges(f.vertices)) for f in feats),
            convex_blocker_rows((i, feats[i]) for i in blockers),
        )

    def feature(self, feature_id: str) -> TerrainFeature:
        """The feature with this id."""
        try:
            return self._by_id[feature_id]
        except KeyError:
            raise BoardError(f"unknown terrain feature {feature_id!r}") from None

    def on_table(self, point: PointLike) -> bool:
        """Whether a point lies on the table (edges included)."""
        x, y = _xy(point)
        return 0.0 <= x <= self.width and 0.0 <= y <= self.height

    # -- distances -------------------------------------------------------------------------------

    @staticmethod
    def centre_distance(a: PointLike, b: PointLike) -> float:
        """Distance between centres."""
        return geo.distance(_xy(a), _xy(b))

    @staticmethod
    def edge_distance(a: Figure, b: Figure) -> float:
        """Distance between base edges: centres minus both radii, at least 0 (bases touching)."""
        return max(geo.distance(a.pos, b.pos) - (a.radius + b.radius), 0.0)

    #: FUBAR's measure between figures (the reading: base edge to base edge).
    distance = edge_distance

    @staticmethod
    def distance_matrix(a: Sequence[Figure], b: Sequence[Figure], *, edges: bool = True) -> np.ndarray:
        """``(len(a), len(b))`` distances, edge to edge (default) or centre to centre."""
        pa = np.array([f.pos for f in a], dtype=np.float64).reshape(-1, 2)
        pb = np.array([f.pos for f in b], dtype=np.float64).reshape(-1, 2)
        d = geo.pairwise_distances(pa, pb)
        if edges:
            ra = np.array([f.radius for f in a], dtype=np.float64)
            rb = np.array([f.radius for f in b], dtype=np.float64)
            d = np.maximum(d - (ra[:, None] + rb[None, :]), 0.0)
        return d

    def nearest_figures(self, a: Unit, b: Unit) -> tuple[Figure, Figure, float]:
        """The closest pair of figures of two units and their distance (first pair in order on ties)."""
        if not a.figures or not b.figures:
            raise BoardError(f"unit {(a if not a.figures else b).id!r} has no figures to measure from")
        d = self.distance_matrix(a.figures, b.figures)
        i, j = divmod(int(np.argmin(d)), d.shape[1])
        return a.figures[i], b.figures[j], float(d[i, j])

    def unit_distance(self, a: Unit, b: Unit) -> float:
        """Distance between two units: between their nearest figures."""
        return self.nearest_figures(a, b)[2]

    # -- line of sight ---------------------------------------------------------------------------

    def blockers(self, a: PointLike, b: PointLike) -> tuple[str, ...]:
        """Ids of the LOS-blocking features the sight line a–b passes through.

        A feature holding either end does not block (a figure in a wood sees out of it); whether
        cover can be seen into or out of at all (FUBAR's 2" rule) is :meth:`near_edge`'s question.
        """
        pa, pb = _xy(a), _xy(b)
        minx, maxx = min(pa[0], pb[0]), max(pa[0], pb[0])
        miny, maxy = min(pa[1], pb[1]), max(pa[1], pb[1])
        out = []
        eps = geo.EPS
        for k, (x0, y0, x1, y1) in zip(self._blockers, self._blocker_boxes):
            if minx > x1 + eps or maxx < x0 - eps or miny > y1 + eps or maxy < y0 - eps:
                continue
            v = self.features[k].vertices
            if geo.segment_hits_polygon(pa, pb, v) and not geo.point_in_polygon(pa, v) and not geo.point_in_polygon(pb, v):
                out.append(self.features[k].id)
        return tuple(out)

    def line_of_sight(self, a: PointLike, b: PointLike, *,
                      holding: tuple[tuple[int, ...], tuple[int, ...]] | None = None) -> bool:
        """Whether a sees b: no LOS-blocking feature lies across the line (see :meth:`blockers`).

        ``holding``: :meth:`blockers_holding` of a and of b, when the caller keeps them per point
        (a figure's position ends many sight lines); the answer is the same, without testing
        whether each end lies in each feature the line meets."""
        pa, pb = _xy(a), _xy(b)
        if holding is not None:
            return self.clear_between(pa, pb, holding[0], holding[1])
        minx, maxx = (pa[0], pb[0]) if pa[0] <= pb[0] else (pb[0], pa[0])
        miny, maxy = (pa[1], pb[1]) if pa[1] <= pb[1] else (pb[1], pa[1])
        hits = geo.segment_hits_polygon
        for _k, x0, y0, x1, y1, v in self._blocker_rows:
            if minx > x1 or maxx < x0 or miny > y1 or maxy < y0:
                continue
            if hits(pa, pb, v) and not geo.point_in_polygon(pa, v) and not geo.point_in_polygon(pb, v):
                return False
        return True

    def clear_between(self, pa: Point, pb: Point, holding_a: tuple[int, ...], holding_b: tuple[int, ...]) -> bool:
        """:meth:`line_of_sight` between two points already given as float pairs, with each end's
        :meth:`blockers_holding` known: for callers that ask many lines of points they keep (a
        measuring cache), which need no conversion of the ends."""
        ax, ay = pa
        bx, by = pb
        minx, maxx = (ax, bx) if ax <= bx else (bx, ax)
        miny, maxy = (ay, by) if ay <= by else (by, ay)
        sx, sy = bx - ax, by - ay
        # a blocker holding neither end has both outside it: the line is blocked where it meets an
        # edge (segment_hits_polygon's inside case cannot arise)
        for k, x0, y0, x1, y1, v in self._blocker_rows:
            if minx > x1 or maxx < x0 or miny > y1 or maxy < y0 or k in holding_a or k in holding_b:
                continue
            # does ab meet an edge (c, d) of v, touching included?  Each edge is
            # geo.segments_intersect's test, term for term, with the sides of c and d of ab asked
            # first (each vertex's worked out once): an edge with both ends strictly on one side
            # of ab cannot meet it, so its other two orientations are never worked out.  Written
            # out here, not called: most lines asked are blocked by the one building their box
            # meets, and a call per blocker was a third of the line's cost
            cx, cy = v[-1]
            oc = sx * (cy - ay) - sy * (cx - ax)
            for dx, dy in v:
                od = sx * (dy - ay) - sy * (dx - ax)
                if not ((oc > 0.0 and od > 0.0) or (oc < 0.0 and od < 0.0)):  # the edge's ends straddle ab's line
                    ex, ey = dx - cx, dy - cy
                    o1 = ex * (ay - cy) - ey * (ax - cx)
                    o2 = ex * (by - cy) - ey * (bx - cx)
                    if o1 == 0.0 and o2 == 0.0 and oc == 0.0 and od == 0.0:  # all four on one line: do they overlap?
                        if (minx <= max(cx, dx) and min(cx, dx) <= maxx
                                and miny <= max(cy, dy) and min(cy, dy) <= maxy):
                            return False
                    elif not ((o1 > 0.0 and o2 > 0.0) or (o1 < 0.0 and o2 < 0.0)):
                        return False
                cx, cy, oc = dx, dy, od
        return True

    def blockers_holding(self, point: PointLike) -> tuple[int, ...]:
        """Indices (into ``features``) of the LOS-blocking features holding the point (boundary
        included), in table order: none of them blocks a sight line from or to it.  A tuple of
        ints, not a set: callers only test membership in these few, and measuring caches keep one
        per point for a whole batch, where a tuple of atoms is left alone by the garbage
        collector (a frozenset stays tracked, and each full pass walks it)."""
        p = _xy(point)
        px, py = p
        held: tuple[int, ...] = ()  # most points stand in no blocker's box: the shared empty tuple
        for k, x0, y0, x1, y1, v in self._blocker_rows:
            if x0 <= px <= x1 and y0 <= py <= y1 and geo.point_in_polygon(p, v):
                held += (k,)
        return held

    def line_of_sight_many(self, starts: object, ends: object) -> np.ndarray:
        """Vectorised :meth:`line_of_sight` for ``(N, 2)`` arrays of start and end points."""
        blocked = geo.segments_blocked_by_polygons(starts, ends, self._blocker_set)
        clear: np.ndarray = np.asarray(~blocked.any(axis=1))
        return clear

    def los_matrix(self, a: object, b: object) -> np.ndarray:
        """``(N, M)`` LOS between every point of ``a`` and every point of ``b`` (arrays or figures)."""
        pa = _points(a)
        pb = _points(b)
        n, m = len(pa), len(pb)
        starts = np.repeat(pa, m, axis=0)
        ends = np.tile(pb, (n, 1))
        return self.line_of_sight_many(starts, ends).reshape(n, m)

    # -- cover -----------------------------------------------------------------------------------

    def features_at(self, point: PointLike) -> tuple[TerrainFeature, ...]:
        """Every feature containing the point, in table order."""
        p = _xy(point)
        return tuple(f for f in self.features if _in_box(p, f.bbox) and geo.point_in_polygon(p, f.vertices))

    def cover_feature_at(self, point: PointLike) -> TerrainFeature | None:
        """The feature giving the best cover at the point (first in table order on ties), or None."""
        p = _xy(point)
        px, py = p
        best = None
        for f, x0, y0, x1, y1 in self._cover_rows:  # features_at's tests, on the cover features only
            if x0 <= px <= x1 and y0 <= py <= y1 and (best is None or f.cover > best.cover) \
                    and geo.point_in_polygon(p, f.vertices):
                best = f
        return best

    def cover_at(self, point: PointLike) -> Cover:
        """The best cover level at the point (NONE in the open)."""
        f = self.cover_feature_at(point)
        return Cover.NONE if f is None else f.cover

    def cover_levels(self, points: object) -> np.ndarray:
        """Vectorised :meth:`cover_at`: an int array of cover levels for ``(N, 2)`` points."""
        pts = _points(points)
        if not self._cover_idx:
            return np.zeros(len(pts), dtype=np.int8)
        inside = geo.points_in_polygons(pts, self._cover_set)
        levels = self._levels[list(self._cover_idx)]
        result: np.ndarray = np.where(inside, levels[None, :], 0).max(axis=1).astype(np.int8)
        return result

    def unit_cover(self, unit: Unit) -> UnitCover:
        """# FUBAR cover: when at least half a unit's figures are in cover the whole unit benefits.

        ``level`` is the best level reached by at least half the figures: with four figures in
        hard, hard, soft and open cover, half the unit reaches hard.
        """
        n = len(unit.figures)
        if n == 0:
            raise BoardError(f"unit {unit.id!r} has no figures")
        levels = tuple(Cover(int(v)) for v in self.cover_levels(unit.positions()))
        ranked = sorted(levels, reverse=True)
        half = (n + 1) // 2  # at least half: 2 of 4, 2 of 3
        in_cover = sum(1 for v in levels if v > Cover.NONE)
        return UnitCover(in_cover / n, ranked[half - 1], levels)

    def distance_to_edge(self, point: PointLike, feature_id: str) -> float:
        """Distance from the point to the feature's edge, from inside or outside."""
        return geo.distance_to_boundary(_xy(point), self.feature(feature_id).vertices)

    def near_edge(self, point: PointLike, feature_id: str, limit: float = COVER_EDGE) -> bool:
        """# FUBAR cover: whether the point is within ``limit`` (2") of the feature's edge — the
        condition for firing into or out of that cover."""
        return self.distance_to_edge(point, feature_id) <= limit

    def distances_to_edges(self, points: object) -> np.ndarray:
        """``(N, F)`` distances from each point to each feature's edge (features in table order)."""
        return geo.distances_to_boundaries(_points(points), self._all)

    def shared_features(self, a: PointLike, b: PointLike, *, cover_only: bool = True) -> tuple[str, ...]:
        """Ids of the features that hold both points (cover features only, by default)."""
        pb = _xy(b)
        return tuple(
            f.id
            for f in self.features_at(a)
            if (not cover_only or f.cover > Cover.NONE) and geo.point_in_polygon(pb, f.vertices)
        )

    def same_cover_area(self, a: PointLike, b: PointLike) -> bool:
        """# FUBAR cover: whether both points lie in one cover feature (targets in the same cover
        area can be fired at only within 6" — the ruleset applies the range)."""
        return bool(self.shared_features(a, b))

    # -- coherency -------------------------------------------------------------------------------

    def out_of_coherency(self, unit: Unit, limit: float = COHERENCY) -> tuple[str, ...]:
        """Ids of figures farther than ``limit`` (edge to edge) from every other figure of the unit.

        The chain reading (# FUBAR activation): each figure needs one friend within 3"; the unit
        need not be one connected chain.  A lone figure is never out of coherency.
        """
        n = len(unit.figures)
        if n < 2:
            return ()
        d = self.distance_matrix(unit.figures, unit.figures)
        np.fill_diagonal(d, np.inf)
        ok: np.ndarray = np.asarray((d <= limit).any(axis=1))
        return tuple(f.id for f, good in zip(unit.figures, ok) if not good)

    # -- movement --------------------------------------------------------------------------------

    def _clip(self, a: Point, b: Point, radius: float) -> float:
        """Largest t in [0, 1] with a + t(b - a) inside the table shrunk by ``radius``."""
        return self._clip_xy(a[0], a[1], b[0], b[1], radius)

    def _clip_xy(self, ax: float, ay: float, bx: float, by: float, radius: float) -> float:
        """:meth:`_clip` of the segment (ax, ay)-(bx, by)."""
        lo_x, hi_x = radius, self.width - radius
        lo_y, hi_y = radius, self.height - radius
        eps = geo.EPS
        if not (lo_x - eps <= ax <= hi_x + eps and lo_y - eps <= ay <= hi_y + eps):
            raise BoardError(f"start point {(ax, ay)} is off the table")
        t = 1.0
        # each axis written out (every move of every figure asks this)
        d = bx - ax
        if d > 0 and bx > hi_x:
            t = min(t, max(hi_x - ax, 0.0) / d)
        elif d < 0 and bx < lo_x:
            t = min(t, max(ax - lo_x, 0.0) / -d)
        d = by - ay
        if d > 0 and by > hi_y:
            t = min(t, max(hi_y - ay, 0.0) / d)
        elif d < 0 and by < lo_y:
            t = min(t, max(ay - lo_y, 0.0) / -d)
        return t

    def _factor_at(self, point: Point, profile: MoveProfile) -> float:
        factor = profile.factors[0]
        if max(profile.factors) == factor:
            return factor  # no terrain costs more than the open (infantry): no need to look where it is
        for f in self.features:
            if _in_box(point, f.bbox) and geo.point_in_polygon(point, f.vertices):
                factor = max(factor, profile.factors[f.cover])
        return factor

    def move_toward(
        self,
        start: PointLike,
        target: PointLike,
        allowance: float,
        profile: MoveProfile = INFANTRY,
        *,
        radius: float = 0.0,
    ) -> MoveResult:
        """Move in a straight line from ``start`` toward ``target`` using at most ``allowance``.

        Each stretch costs its length times the profile's factor for the terrain it crosses
        (# FUBAR vehicle movement: soft cover halves a vehicle's speed).  The move stops where the
        allowance runs out, at impassable terrain, at the table edge (keeping a base of ``radius``
        on the table), or at the target.
        """
        a, b = _xy(start), _xy(target)
        allowance = _finite(allowance, "move allowance")
        if allowance < 0:
            raise BoardError(f"move allowance must not be negative, got {allowance}")
        return MoveResult(*self.straight_move(a, b, allowance, profile, radius))

    def straight_move(self, a: Point, b: Point, allowance: float, profile: MoveProfile,
                      radius: float) -> tuple[Point, float, float, bool]:
        """:meth:`move_toward` for ends that already are float pairs and an allowance already known
        to be a finite number of at least 0 (a ruleset's own positions and allowances), as a
        plain tuple: (end, distance, used, reached)."""
        return self.straight_moves((a,), (b,), (allowance,), profile, (radius,))[0]

    def straight_moves(self, starts: Sequence[Point], targets: Sequence[Point], allowances: Sequence[float],
                       profile: MoveProfile, radii: Sequence[float]) -> list[tuple[Point, float, float, bool]]:
        """:meth:`straight_move` for several movers at once (a unit's figures, each toward its own
        target with its own allowance and base radius), in order.  Suggested moves ask it of every
        figure of every move they plan, and most of those moves cross no feature's box: such a
        move, for a profile no terrain slows, is one piece in the open, worked out here with the
        table edge's clamp written out (``_walk``'s sums for that one piece, so the same
        answers to the last digit); the others go through ``_walk``."""
        w, h, eps, boxed, clip = self.width, self.height, geo.EPS, self._boxed, self._clip_xy
        uniform, factor = profile.uniform, profile.factors[0]
        open_ground = uniform and math.isfinite(factor)
        out = []
        for (ax, ay), (bx, by), allowance, r in zip(starts, targets, allowances, radii):
            lo_x, hi_x, lo_y, hi_y = r, w - r, r, h - r
            if lo_x <= bx <= hi_x and lo_y <= by <= hi_y and lo_x - eps <= ax <= hi_x + eps and lo_y - eps <= ay <= hi_y + eps:
                t = 1.0  # _clip's answer for a start and a target on the table (most moves)
            else:
                t = clip(ax, ay, bx, by, r)  # clipped at the edge (or refused: a start off the table)
            dx, dy = bx - ax, by - ay
            full = math.sqrt(dx * dx + dy * dy)
            length = full * t
            if length == 0.0:
                out.append(((ax, ay), 0.0, 0.0, full == 0.0))
                continue
            ex, ey = ax + dx * t, ay + dy * t
            minx, maxx = (ax, ex) if ax <= ex else (ex, ax)
            miny, maxy = (ay, ey) if ay <= ey else (ey, ay)
            meets = not open_ground
            if not meets:
                for fx0, fy0, fx1, fy1, _edges in boxed:
                    if not (minx > fx1 or maxx < fx0 or miny > fy1 or maxy < fy0):
                        meets = True
                        break
            if meets:
                out.append(self._walk(ax, ay, ex, ey, length, t, allowance, profile, r))
                continue
            cost = length * factor  # the one piece (0, 1): length * (1.0 - 0.0) * factor
            if cost > allowance:
                t_stop = min(max((allowance / factor) / length, 0.0), 1.0)
                px, py = ax + (ex - ax) * t_stop, ay + (ey - ay) * t_stop
                out.append(((lo_x if px < lo_x else hi_x if px > hi_x else px,
                             lo_y if py < lo_y else hi_y if py > hi_y else py),
                            length * t_stop, min(t_stop * length * factor, allowance), False))
            else:
                out.append(((lo_x if ex < lo_x else hi_x if ex > hi_x else ex,
                             lo_y if ey < lo_y else hi_y if ey > hi_y else ey),
                            length, min(cost, allowance), t == 1.0))
        return out

    def _walk(self, ax: float, ay: float, ex: float, ey: float, length: float, t_max: float, allowance: float,
              profile: MoveProfile, radius: float) -> tuple[Point, float, float, bool]:
        """One mover of :meth:`straight_moves`, from (ax, ay) to its clipped end (ex, ey), ``length``
        (> 0) long, ``t_max`` of the way to its target: cut where it crosses a feature's boundary,
        each piece costed at its terrain's factor."""
        minx, maxx = (ax, ex) if ax <= ex else (ex, ax)
        miny, maxy = (ay, ey) if ay <= ey else (ey, ay)
        cuts = None  # where the move crosses a feature's boundary, for the features its box meets
        for fx0, fy0, fx1, fy1, edges in self._boxed:
            if minx > fx1 or maxx < fx0 or miny > fy1 or maxy < fy0:
                continue
            if cuts is None:
                cuts = {0.0, 1.0}
            cuts.update(geo.boundary_params(ax, ay, ex, ey, edges))
        ts = _WHOLE if cuts is None or len(cuts) == 2 else sorted(cuts)  # every cut is in [0, 1]
        uniform, open_factor = profile.uniform, profile.factors[0]
        used = 0.0
        for t0, t1 in zip(ts, ts[1:]):
            if t1 <= t0:
                continue
            if uniform:
                factor = open_factor  # _factor_at's answer, without the midpoint
            else:
                factor = self._factor_at((ax + (ex - ax) * (t0 + t1) / 2, ay + (ey - ay) * (t0 + t1) / 2), profile)
            cost = length * (t1 - t0) * factor
            if used + cost > allowance:
                if math.isfinite(factor):
                    t_stop = min(max(t0 + ((allowance - used) / factor) / length, t0), t1)
                    used = min(used + (t_stop - t0) * length * factor, allowance)
                else:  # impassable: stop where it begins
                    t_stop = t0
                px, py = ax + (ex - ax) * t_stop, ay + (ey - ay) * t_stop
                hi_x, hi_y = self.width - radius, self.height - radius
                return ((radius if px < radius else hi_x if px > hi_x else px,
                         radius if py < radius else hi_y if py > hi_y else py), length * t_stop, used, False)
            used += cost
        # _keep_on's clamp, written out as straight_moves' (min(max(v, lo), hi) when lo <= hi: a
        # base fits on the table), without its two calls per axis
        hi_x, hi_y = self.width - radius, self.height - radius
        return ((radius if ex < radius else hi_x if ex > hi_x else ex, radius if ey < radius else hi_y if ey > hi_y else ey),
                length, allowance if allowance < used else used, t_max == 1.0)

    def _keep_on(self, p: Point, radius: float) -> Point:
        """Clamp a computed end point onto the table (rounding can leave it a hair outside)."""
        return (
            min(max(p[0], radius), self.width - radius),
            min(max(p[1], radius), self.height - radius),
        )

    def move_along(
        self,
        start: PointLike,
        direction: tuple[float, float],
        allowance: float,
        profile: MoveProfile = INFANTRY,
        *,
        radius: float = 0.0,
    ) -> MoveResult:
        """Move from ``start`` along ``direction`` as far as ``allowance`` allows (see move_toward)."""
        a = _xy(start)
        dx, dy = float(direction[0]), float(direction[1])
        norm = math.hypot(dx, dy)
        if norm == 0.0:
            raise BoardError("a move direction must not be zero")
        reach = _finite(allowance, "move allowance") / min(profile.factors)
        target = (a[0] + dx / norm * reach, a[1] + dy / norm * reach)
        res = self.move_toward(a, target, allowance, profile, radius=radius)
        return attrs.evolve(res, reached=res.reached or res.used >= allowance)

    def withdraw(
        self,
        point: PointLike,
        away_from: PointLike,
        distance: float,
        profile: MoveProfile = INFANTRY,
        *,
        radius: float | None = None,
    ) -> MoveResult:
        """Move directly away from ``away_from`` by ``distance``, stopping at the table edge.

        # FUBAR withdraw: units over 50% casualties that fail activation move 6" from the nearest
        visible enemy.  A Figure keeps its whole base on the table.
        """
        a, e = _xy(point), _xy(away_from)
        if radius is None:
            radius = point.radius if isinstance(point, Figure) else 0.0
        if a == e:
            raise BoardError(f"cannot withdraw from {e}: the point is there already, no direction is 'away'")
        return self.move_along(a, (a[0] - e[0], a[1] - e[1]), distance, profile, radius=radius)

    def withdraw_unit(self, unit: Unit, away_from: PointLike, distance: float, profile: MoveProfile = INFANTRY) -> Unit:
        """Move every figure of a unit the same way: directly away from ``away_from`` as seen from
        the unit's centre, each figure by ``distance`` or until the table edge stops it."""
        if not unit.figures:
            return unit
        c = unit.positions().mean(axis=0)
        e = _xy(away_from)
        direction = (float(c[0]) - e[0], float(c[1]) - e[1])
        if direction == (0.0, 0.0):
            raise BoardError(f"cannot withdraw unit {unit.id!r} from its own centre")
        moved = tuple(
            f.at(self.move_along(f.pos, direction, distance, profile, radius=f.radius).end) for f in unit.figures
        )
        return Unit(unit.id, moved)

    def nearest_cover(
        self, point: PointLike, max_distance: float = math.inf, min_level: Cover = Cover.SOFT
    ) -> CoverSpot | None:
        """The nearest point in cover of at least ``min_level`` within ``max_distance``, or None.

        Already in such cover: the point itself at distance 0.  Otherwise the nearest point of
        the nearest qualifying feature's edge (which counts as inside); ties go to the first
        feature in table order.  Used for FUBAR's Gone to Ground (3" into the nearest cover).
        """
        p = _xy(point)
        best: CoverSpot | None = None
        for f in self.features:
            if f.cover < min_level:
                continue
            if not _in_box(p, f.bbox):  # then not inside: its edge is no nearer than its box
                x0, y0, x1, y1 = f.bbox
                gap = math.hypot(max(x0 - p[0], 0.0, p[0] - x1), max(y0 - p[1], 0.0, p[1] - y1)) - 1e-6
                if gap > max_distance or (best is not None and gap > best.distance):
                    continue
            elif geo.point_in_polygon(p, f.vertices):
                if best is None or best.distance > 0.0 or f.cover > best.feature.cover:
                    best = CoverSpot(f, p, 0.0)
                continue
            qx, qy, d2 = geo.closest_on_boundary(p, f.vertices)
            d = math.sqrt(d2)
            if d <= max_distance and (best is None or d < best.distance):
                best = CoverSpot(f, (qx, qy), d)
        return best

    def take_cover(self, figure: Figure, max_distance: float = 3.0, min_level: Cover = Cover.SOFT) -> Figure | None:
        """The figure moved to the nearest cover within ``max_distance`` (None if there is none)."""
        spot = self.nearest_cover(figure, max_distance, min_level)
        return None if spot is None else figure.at(spot.point)


#: ``move_toward``'s cuts of a move whose box meets no feature's: the whole move is one piece.
_WHOLE = (0.0, 1.0)


def _in_box(p: Point, box: tuple[float, float, float, float]) -> bool:
    eps = geo.EPS
    return box[0] - eps <= p[0] <= box[2] + eps and box[1] - eps <= p[1] <= box[3] + eps


def _points(value: object) -> np.ndarray:
    """Figures, a Unit, or an (N, 2) array-like, as an (N, 2) float array."""
    if isinstance(value, Unit):
        return value.positions()
    if isinstance(value, np.ndarray):
        return value.astype(np.float64, copy=False).reshape(-1, 2)
    items = list(value)  # type: ignore[call-overload]  # any iterable of figures or points
    if items and isinstance(items[0], Figure):
        return np.array([f.pos for f in items], dtype=np.float64).reshape(-1, 2)
    return np.asarray(items, dtype=np.float64).reshape(-1, 2)
