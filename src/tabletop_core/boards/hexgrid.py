"""Hex-grid geometry: axial coordinates, neighbours, distance, rings, areas and range.

Coordinates are *axial* ``(q, r)`` (cube ``s = -q - r``) stored in :class:`Hex`, a ``NamedTuple``:
hashable, immutable, as cheap to create and compare as a plain tuple, and usable wherever a
``(q, r)`` tuple is (hot loops may pass plain tuples).

Orientation is **flat-topped**, with columns of hexes running north-south (the layout of the
printed maps: ``7E2``-``7E4`` is a straight column).  North is up (GoE 24d), ``q`` grows to the east
and ``r`` grows to the south-east.  Hexsides (directions) are numbered clockwise from north::

    0 = N (0,-1)   1 = NE (1,-1)   2 = SE (1,0)   3 = S (0,1)   4 = SW (-1,1)   5 = NW (-1,0)

Vertices (hex corners) are numbered clockwise too; vertex ``v`` lies between hexside ``v`` and
hexside ``v+1``: 0 = upper right, 1 = east, 2 = lower right, 3 = lower left, 4 = west, 5 = upper
left.  :data:`SPINES` gives, for each vertex, the axial vector of the hex two steps away through
that corner (the line from a centre through a vertex runs down a hexspine).

Exact geometry uses *lattice coordinates* ``X = 3q``, ``Y = 2r + q``: an affine image of the real
plane (x scaled by 2, y by 2/sqrt(3)) in which every hex centre and every vertex has integer
coordinates, so incidence questions (which side of a line, does a line run along a hexside) are
answered in exact integer arithmetic.
"""
from __future__ import annotations

import math
from collections.abc import Iterator
from typing import NamedTuple


class Hex(NamedTuple):
    """An axial hex coordinate; ``s`` is derived so that ``q + r + s == 0``."""

    q: int
    r: int

    @property
    def s(self) -> int:
        return -self.q - self.r

    def __add__(self, other: tuple[int, int]) -> Hex:  # type: ignore[override]
        return Hex(self.q + other[0], self.r + other[1])

    def __sub__(self, other: tuple[int, int]) -> Hex:
        return Hex(self.q - other[0], self.r - other[1])

    def __repr__(self) -> str:
        return f"Hex({self.q}, {self.r})"


#: Axial unit vectors of the six hexsides, clockwise from north.
DIRECTIONS: tuple[Hex, ...] = (
    Hex(0, -1), Hex(1, -1), Hex(1, 0), Hex(0, 1), Hex(-1, 1), Hex(-1, 0),
)

#: For vertex ``v``: the axial vector through that corner to the hex two steps away (hexspine).
SPINES: tuple[Hex, ...] = tuple(
    Hex(DIRECTIONS[v].q + DIRECTIONS[(v + 1) % 6].q, DIRECTIONS[v].r + DIRECTIONS[(v + 1) % 6].r)
    for v in range(6)
)

#: Vertex offsets from a hex centre in lattice coordinates (see module docstring), vertex 0..5.
VERTEX_OFFSETS: tuple[tuple[int, int], ...] = ((1, -1), (2, 0), (1, 1), (-1, 1), (-2, 0), (-1, -1))

_DIRECTION_INDEX = {d: i for i, d in enumerate(DIRECTIONS)}


def hex_distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    """Number of hex steps between two hexes."""
    dq = a[0] - b[0]
    dr = a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def range_to(firer: tuple[int, int], target: tuple[int, int]) -> int:
    """Fire range per GoE 10b/15a: count the target's hex but not the firer's.

    That is exactly the hex distance (``8E2`` to ``8E4`` is 2); an adjacent target is at range 1.
    """
    return hex_distance(firer, target)


def neighbor(h: tuple[int, int], direction: int) -> Hex:
    """The hex across hexside ``direction`` (0..5, clockwise from north)."""
    d = DIRECTIONS[direction % 6]
    return Hex(h[0] + d.q, h[1] + d.r)


def neighbors(h: tuple[int, int]) -> tuple[Hex, ...]:
    """The six adjacent hexes, in direction order 0..5 (whether or not they are on a map)."""
    q, r = h[0], h[1]
    return tuple(Hex(q + d.q, r + d.r) for d in DIRECTIONS)


def direction_between(a: tuple[int, int], b: tuple[int, int]) -> int:
    """Hexside index (0..5) from ``a`` to an adjacent ``b``; ``ValueError`` if not adjacent."""
    try:
        return _DIRECTION_INDEX[Hex(b[0] - a[0], b[1] - a[1])]
    except KeyError:
        raise ValueError(f"{b!r} is not adjacent to {a!r}") from None


def ring(center: tuple[int, int], radius: int) -> list[Hex]:
    """Hexes at exactly ``radius`` steps from ``center`` (just the centre for radius 0)."""
    if radius < 0:
        raise ValueError(f"radius must be >= 0, got {radius}")
    c = Hex(center[0], center[1])
    if radius == 0:
        return [c]
    out: list[Hex] = []
    # Start radius steps to the SW (direction 4) and walk the six sides clockwise.
    h = Hex(c.q + DIRECTIONS[4].q * radius, c.r + DIRECTIONS[4].r * radius)
    for side in range(6):
        d = DIRECTIONS[side]
        for _ in range(radius):
            out.append(h)
            h = Hex(h.q + d.q, h.r + d.r)
    return out


def hexes_within(center: tuple[int, int], radius: int) -> list[Hex]:
    """All hexes at distance ``<= radius`` from ``center`` (a filled hexagon)."""
    if radius < 0:
        raise ValueError(f"radius must be >= 0, got {radius}")
    cq, cr = center[0], center[1]
    out = []
    for dq in range(-radius, radius + 1):
        for dr in range(max(-radius, -dq - radius), min(radius, -dq + radius) + 1):
            out.append(Hex(cq + dq, cr + dr))
    return out


def lattice(h: tuple[int, int]) -> tuple[int, int]:
    """Integer lattice coordinates ``(3q, 2r + q)`` of a hex centre (see module docstring)."""
    return 3 * h[0], 2 * h[1] + h[0]


def pixel(h: tuple[int, int], size: float = 1.0) -> tuple[float, float]:
    """Real-plane centre of a flat-topped hex of circumradius ``size`` (x east, y south)."""
    return 1.5 * size * h[0], math.sqrt(3.0) * size * (h[1] + h[0] / 2.0)


def offset_to_axial(col: int, row: int) -> Hex:
    """Column/row on a map (columns north-south, odd columns half a hex lower) to axial."""
    return Hex(col, row - (col - (col & 1)) // 2)


def axial_to_offset(h: tuple[int, int]) -> tuple[int, int]:
    """Inverse of :func:`offset_to_axial`: ``(col, row)``."""
    q = h[0]
    return q, h[1] + (q - (q & 1)) // 2


def line_hexes_approx(a: tuple[int, int], b: tuple[int, int]) -> Iterator[Hex]:
    """Hexes nearest to evenly spaced points of the segment a->b (one per step).

    Only a candidate generator: exact line of sight lives in :mod:`hexlos`, which tests every hex
    near these samples geometrically.
    """
    n = hex_distance(a, b)
    if n == 0:
        yield Hex(a[0], a[1])
        return
    for i in range(n + 1):
        t = i / n
        yield cube_round(a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


def cube_round(fq: float, fr: float) -> Hex:
    """Round fractional axial coordinates to the hex containing that point."""
    fs = -fq - fr
    q, r, s = round(fq), round(fr), round(fs)
    dq, dr, ds = abs(q - fq), abs(r - fr), abs(s - fs)
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    return Hex(int(q), int(r))
