"""Shadows on the measured table: the region a convex LOS-blocking feature hides from a point, and
whether it holds a whole box (``Table.box_hidden``: every sight line into the box is blocked,
settled without drawing one).  A mixin of :class:`~tabletop_core.boards.table.Table`, which keeps
``_convex_blockers`` (each convex blocker's index, vertices, vertex mean and box) and
``blockers_holding``; kept apart from the table's other questions to keep each module short.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from typing import NamedTuple, Protocol

import tabletop_core.boards.geometry as geo  # the module, not the boards package (whose __init__ imports this one)
from .geometry import Point


class HasVertices(Protocol):
    """A terrain feature as a shadow sees it: its vertices and box."""

    @property
    def vertices(self) -> tuple[Point, ...]: ...

    @property
    def bbox(self) -> tuple[float, float, float, float]: ...


class Shadows:
    """``Table``'s shadow questions (a slotted mixin: the table's fields are its own)."""

    __slots__ = ()
    #: the table's: each convex blocker's index, vertices, vertex mean and box, and the features holding a point
    _convex_blockers: tuple[tuple[int, tuple[Point, ...], Point, tuple[float, float, float, float]], ...]

    blockers_holding: Callable[[Point], tuple[int, ...]]

    def shadow(self, point: Point, row: int) -> Shadow | None:
        """The shadow the ``row``-th convex LOS-blocking feature casts from ``point``, for
        :meth:`box_hidden`: the two rays from ``point`` within which every ray crosses the
        feature (its outermost rays turned inward by :data:`SHADOW_ANGLE`), as unit directions,
        and a distance beyond every vertex (widened by :data:`SHADOW_REACH`).  None when the
        feature holds the point (it blocks none of its lines), is seen almost edge on (the point
        nearly on its boundary: no margin left) or so narrow that the margins leave no rays."""
        k, vertices, (cx, cy), _box = self._convex_blockers[row]
        if k in self.blockers_holding(point):
            return None
        px, py = point
        ux, uy = cx - px, cy - py
        lo = hi = 0.0
        far = 0.0
        atan2 = math.atan2
        for vx, vy in vertices:
            dx, dy = vx - px, vy - py
            angle = atan2(ux * dy - uy * dx, ux * dx + uy * dy)  # from the direction (ux, uy)
            lo, hi = min(lo, angle), max(hi, angle)
            far = max(far, dx * dx + dy * dy)
        if hi - lo >= math.pi - 4 * SHADOW_ANGLE:
            return None
        lo, hi = lo + SHADOW_ANGLE, hi - SHADOW_ANGLE
        if hi <= lo:  # box_hidden's two half-planes make a wedge only of rays this far apart
            return None
        # the rays at angles lo and hi from (ux, uy): box_hidden then asks on which side of each a
        # corner lies (two cross products) rather than each corner's angle (an atan2 call)
        norm = math.hypot(ux, uy)
        ex, ey = ux / norm, uy / norm
        cos_lo, sin_lo, cos_hi, sin_hi = math.cos(lo), math.sin(lo), math.cos(hi), math.sin(hi)
        return Shadow(cos_lo * ex - sin_lo * ey, sin_lo * ex + cos_lo * ey,
                      cos_hi * ex - sin_hi * ey, sin_hi * ex + cos_hi * ey, math.sqrt(far) + SHADOW_REACH)

    def box_hidden(self, point: Point, box: tuple[float, float, float, float],
                   shadow: Callable[[Point, int], Shadow | None]) -> bool:
        """Does the shadow of one convex LOS-blocking feature from ``point`` hold the whole box
        (x0, y0, x1, y1)?  Then no point of the box is seen from ``point``: every sight line to
        it crosses that feature, which holds neither end (:meth:`clear_between` answers False).
        ``shadow``: :meth:`shadow`, or a cache of it (a watching figure stands still while many
        boxes are asked about); it is asked only of features the box lies wholly beyond.

        Why that follows: the feature is convex and ``point`` outside it, so a ray strictly
        between the shadow's two rays (less than a half turn apart: the wedge is where a
        direction is counter-clockwise of the first and clockwise of the second) passes through
        the feature's inside; a box whose corners are all
        between them lies wholly in that (convex) wedge, and a point farther from ``point`` than
        every vertex lies beyond the feature on its ray and outside it.  The margins keep the
        claim clear of the rounding of the exact test's sums."""
        px, py = point
        x0, y0, x1, y1 = box
        gx, gy = max(x0 - px, 0.0, px - x1), max(y0 - py, 0.0, py - y1)
        near = math.sqrt(gx * gx + gy * gy)
        corners = None
        sqrt = math.sqrt
        for row, (_k, _vertices, _centre, (fx0, fy0, fx1, fy1)) in enumerate(self._convex_blockers):
            # the farthest corner's offsets: max(fx0 - px, px - fx1, fx1 - px, px - fx0) is the
            # larger of px - fx0 and fx1 - px (fx0 <= fx1: the other two are never larger), the
            # same float, without the call (every watcher asks it of every building, path by path)
            fx, bx = px - fx0, fx1 - px
            if bx > fx:
                fx = bx
            fy, by = py - fy0, fy1 - py
            if by > fy:
                fy = by
            if near <= sqrt(fx * fx + fy * fy) + SHADOW_REACH:
                continue  # the box is not wholly beyond the feature's farthest corner: not its shadow
            cast = shadow(point, row)
            if cast is None:
                continue
            lx, ly, rx, ry, beyond = cast
            if near <= beyond:
                continue
            if corners is None:
                corners = ((x0 - px, y0 - py), (x0 - px, y1 - py), (x1 - px, y0 - py), (x1 - px, y1 - py))
            for dx, dy in corners:
                # strictly counter-clockwise of the first ray and clockwise of the second: inside
                # the wedge (narrower than a half turn) between them
                if not (lx * dy - ly * dx > 0.0 and rx * dy - ry * dx < 0.0):
                    break
            else:
                return True
        return False


#: ``Table.shadow``: radians a shadow's edges are drawn in from the feature's outermost rays, and
#: inches its near end is pushed out past the farthest vertex, so that a box ``box_hidden`` calls
#: hidden is hidden by a clear margin, whatever the rounding of the exact sight line's sums.
SHADOW_ANGLE = 1e-7
SHADOW_REACH = 1e-6


class Shadow(NamedTuple):
    """One feature's shadow from a point (``Table.shadow``): the rays strictly between the unit
    directions ``(lx, ly)`` and, counter-clockwise of it by less than a half turn, ``(rx, ry)``
    cross the feature; ``beyond`` inches from the point lies past it."""

    lx: float
    ly: float
    rx: float
    ry: float
    beyond: float


def _vertex_mean(vertices: Sequence[Point]) -> Point:
    n = len(vertices)
    return (sum(v[0] for v in vertices) / n, sum(v[1] for v in vertices) / n)


def _is_convex(vertices: Sequence[Point]) -> bool:
    """Every turn along the boundary one way (straight runs allowed): a convex polygon."""
    n = len(vertices)
    turns = [geo.orient(*vertices[i - 2], *vertices[i - 1], *vertices[i]) for i in range(n)]
    return all(t >= 0 for t in turns) or all(t <= 0 for t in turns)


def convex_blocker_rows(features: Iterable[tuple[int, HasVertices]]) -> tuple[tuple[int, tuple[Point, ...], Point, tuple[float, float, float, float]], ...]:
    """``Table._convex_blockers`` of ``(index, feature)`` pairs of LOS-blocking features: the convex
    ones, each with its vertices, vertex mean (a point inside it) and box."""
    return tuple((i, f.vertices, _vertex_mean(f.vertices), f.bbox) for i, f in features if _is_convex(f.vertices))
