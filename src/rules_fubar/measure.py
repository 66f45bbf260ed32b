"""FUBAR's questions to the measured table (tabletop_core.boards.table): who sees whom, cover,
ranges, facing, troops sheltering behind vehicles.

The core :class:`~tabletop_core.boards.table.Table` answers the geometry; this module adds the
FUBAR readings on top and caches answers by position (figures stand still most of a game, so the
same sight lines are asked again and again).  Helpers the core table lacks (vehicle facing, a
figure behind a vehicle) are here.
"""
from __future__ import annotations

import math
from functools import lru_cache

from tabletop_core.boards import geometry as geo
from tabletop_core.boards.table import COVER_EDGE, Cover, Table, Unit

from .state import Fig, UnitState

#: # FUBAR cover: targets in the same cover area may be fired at only within 6".
SAME_AREA = 6.0
#: Reading: "directly behind" a vehicle means within 3" of it with the vehicle across the sight line.
BEHIND = 3.0


class Measure:
    """FUBAR measuring on one table; answers are cached per position (derived, read-only data)."""

    def __init__(self, table: Table):
        self.table = table
        self.feature_at = lru_cache(maxsize=65536)(self._feature_at)
        self.pair_visible = lru_cache(maxsize=262144)(self._pair_visible)
        self.cover_of = lru_cache(maxsize=65536)(self._cover_of)

    # -- single points --------------------------------------------------------------------------
    def _feature_at(self, p: tuple[float, float]):
        """The cover feature holding ``p`` and the distance to its edge, or (None, inf)."""
        f = self.table.cover_feature_at(p)
        if f is None:
            return None, math.inf
        return f.id, geo.distance_to_boundary(p, f.vertices)

    # -- sight ----------------------------------------------------------------------------------
    def _pair_visible(self, a: tuple[float, float], b: tuple[float, float], ra: float, rb: float) -> bool:
        """# FUBAR cover: may a figure at ``a`` see (and so fire at) one at ``b``?

        Inside a cover area a figure sees out, and is seen, only within 2" of its edge; two figures
        in the same cover area see each other only within 6"; then no blocking terrain between.
        """
        fa, da = self.feature_at(a)
        fb, db = self.feature_at(b)
        if fa is not None and fa == fb:
            return max(geo.distance(a, b) - ra - rb, 0.0) <= SAME_AREA
        if fa is not None and da > COVER_EDGE:
            return False
        if fb is not None and db > COVER_EDGE:
            return False
        return self.table.line_of_sight(a, b)

    def figure_sees(self, f: Fig, g: Fig) -> bool:
        return self.pair_visible(f.pos, g.pos, f.r, g.r)

    def sees(self, a: UnitState, b: UnitState) -> bool:
        """Does any figure of ``a`` see any figure of ``b``?"""
        pv = self.pair_visible
        for f in a.figures:
            for g in b.figures:
                if pv(f.pos, g.pos, f.r, g.r):
                    return True
        return False

    def seen_figures(self, f: Fig, b: UnitState) -> list[tuple[float, Fig]]:
        """The figures of ``b`` that ``f`` sees, with edge-to-edge distances, nearest first."""
        out = [(edge(f, g), g) for g in b.figures if self.pair_visible(f.pos, g.pos, f.r, g.r)]
        out.sort(key=lambda t: t[0])
        return out

    # -- cover ----------------------------------------------------------------------------------
    def _cover_of(self, positions: tuple[tuple[float, float], ...]) -> int:
        unit = Unit("u", [_core_figure(i, p) for i, p in enumerate(positions)])
        return int(self.table.unit_cover(unit).level)

    def unit_cover(self, u: UnitState) -> int:
        """# FUBAR cover: the level at least half the unit's figures have (0 in the open)."""
        if not u.figures:
            return 0
        return self.cover_of(tuple(f.pos for f in u.figures))

    def in_cover(self, u: UnitState) -> bool:
        return self.unit_cover(u) > Cover.NONE

    def building_of(self, f: Fig, buildings: frozenset[str]) -> str | None:
        for feature in self.table.features_at(f.pos):
            if feature.id in buildings:
                return feature.id
        return None


def edge(f: Fig, g: Fig) -> float:
    """Base edge to base edge (the core table's reading of FUBAR distances)."""
    return max(geo.distance(f.pos, g.pos) - f.r - g.r, 0.0)


def unit_distance(a: UnitState, b: UnitState) -> float:
    return min(edge(f, g) for f in a.figures for g in b.figures)


def centroid(u: UnitState) -> tuple[float, float]:
    n = len(u.figures)
    return (sum(f.x for f in u.figures) / n, sum(f.y for f in u.figures) / n)


def _core_figure(i: int, p: tuple[float, float]):
    from tabletop_core.boards.table import Figure

    return Figure(str(i), p[0], p[1])


def facing(vehicle: UnitState, source: tuple[float, float]) -> str:
    """# FUBAR vehicle-damage: which face of a vehicle a shot from ``source`` strikes.

    Reading: the front is the 90-degree arc centred on the vehicle's heading, the rear the opposite
    90 degrees, the sides the rest.  (The core table has no facing for round bases; this is ours.)
    """
    v = vehicle.figures[0]
    angle = math.degrees(math.atan2(source[1] - v.y, source[0] - v.x))
    diff = abs((angle - vehicle.heading + 180.0) % 360.0 - 180.0)
    if diff <= 45.0:
        return "front"
    if diff >= 135.0:
        return "rear"
    return "side"


def behind(vehicle: UnitState, source: tuple[float, float], target: Fig) -> bool:
    """# FUBAR saves: is ``target`` directly behind ``vehicle`` as seen from ``source``?

    Reading: the figure is within 3" of the vehicle and the line from the firer to the figure
    passes over the vehicle's base, the vehicle lying between them.
    """
    v = vehicle.figures[0]
    if edge(v, target) > BEHIND:
        return False
    qx, qy, d2 = geo.closest_on_segment(v.pos, source, target.pos)
    if d2 > v.r * v.r:
        return False
    return geo.distance(source, v.pos) < geo.distance(source, target.pos)
