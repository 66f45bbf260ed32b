"""Vertex facing for vehicles (and bunkers): front/rear hexes, pivots, and the arc a shot hits.

A vehicle faces a hex corner, vertex 0..5 (numbered as in :mod:`hexgrid`: vertex ``v`` sits
between hexsides ``v`` and ``v+1``, 0 = upper right, clockwise).  GoE 7b/15d:

* its two *front hexes* are the neighbours across hexsides ``v`` and ``v+1`` (the two hexes that
  touch the front corner); it may move only into them, keeping its facing;
* it may *reverse* into the two hexes opposite (across hexsides ``v+3`` and ``v+4``), paying the
  extra reverse cost per hex and keeping its facing;
* *pivoting* in place costs the pivot cost per vertex turned (1 MP in GoE).

Arc geometry (GoE 15d), measured at the target's centre from the direction of its front vertex:

* front arc: the 120° centred on the front vertex, bounded by the hexspines through the two
  neighbouring vertices (``v-1`` and ``v+1``); it holds the two front hexes;
* rear arc: the 120° centred on the opposite vertex ``v+3``, bounded by the spines through
  ``v+2`` and ``v+4``; it holds the two rear hexes;
* flank arcs: the two 60° arcs left between them, each centred on a flank hex.

A shot coming in exactly down a spine between front and flank counts as front; exactly down a
spine between flank and rear counts as flank (the armour facing the firer's side is the better
one).  Shots along spines are decided in exact integer arithmetic; others by angle.
"""
from __future__ import annotations

import enum
import math

from .hexgrid import DIRECTIONS, SPINES, Hex, pixel


class Arc(enum.Enum):
    """Which armour of a vehicle a shot strikes."""

    FRONT = "front"
    FLANK = "flank"
    REAR = "rear"


def _check_vertex(vertex: int) -> int:
    if not isinstance(vertex, int) or not 0 <= vertex < 6:
        raise ValueError(f"a facing is a vertex 0..5, got {vertex!r}")
    return vertex


def _step(h: tuple[int, int], direction: int) -> Hex:
    d = DIRECTIONS[direction % 6]
    return Hex(h[0] + d.q, h[1] + d.r)


def front_hexes(h: tuple[int, int], vertex: int) -> tuple[Hex, Hex]:
    """The two hexes touching the front corner (GoE 15d): the only hexes a vehicle moves into."""
    v = _check_vertex(vertex)
    return _step(h, v), _step(h, v + 1)


def rear_hexes(h: tuple[int, int], vertex: int) -> tuple[Hex, Hex]:
    """The two hexes opposite the front (GoE 15d): a vehicle may reverse into them."""
    v = _check_vertex(vertex)
    return _step(h, v + 3), _step(h, v + 4)


def flank_hexes(h: tuple[int, int], vertex: int) -> tuple[Hex, Hex]:
    """The two remaining neighbours (right flank first)."""
    v = _check_vertex(vertex)
    return _step(h, v + 2), _step(h, v + 5)


def pivot_steps(from_vertex: int, to_vertex: int) -> int:
    """Vertices turned by the shorter way round (0..3)."""
    turn = (_check_vertex(to_vertex) - _check_vertex(from_vertex)) % 6
    return min(turn, 6 - turn)


def pivot_cost(from_vertex: int, to_vertex: int, per_vertex: int = 1) -> int:
    """MP to pivot in place (GoE 7b: one MP for each vertex pivoted)."""
    return pivot_steps(from_vertex, to_vertex) * per_vertex


def _on_spine(dq: int, dr: int) -> int | None:
    """Vertex whose hexspine the vector (dq, dr) runs down exactly, or None."""
    for v, s in enumerate(SPINES):
        if dq * s.r == dr * s.q and (dq > 0) == (s.q > 0):
            return v
    return None


def bearing(from_hex: tuple[int, int], to_hex: tuple[int, int]) -> float:
    """Direction from one hex centre to another in vertex units: 0.0 = towards vertex 0,
    1.0 = vertex 1 (east), ..., growing clockwise, in ``[0, 6)``.  Exact on hexspines."""
    dq, dr = to_hex[0] - from_hex[0], to_hex[1] - from_hex[1]
    if dq == 0 and dr == 0:
        raise ValueError("no direction from a hex to itself")
    spine = _on_spine(dq, dr)
    if spine is not None:
        return float(spine)
    x, y = pixel((dq, dr))
    theta = math.degrees(math.atan2(x, -y))  # clockwise from north
    return ((theta - 30.0) / 60.0) % 6.0


def shot_arc(firer: tuple[int, int], target: tuple[int, int], facing: int) -> Arc:
    """Arc of a vehicle in ``target`` facing vertex ``facing`` hit by a shot from ``firer``.

    GoE 15d: front 120°, flank 60° each side, rear 120°; spine between front and flank is front,
    spine between flank and rear is flank.  A shot from the same hex (assault) is refused.
    """
    rel = (bearing(target, firer) - _check_vertex(facing)) % 6.0
    off = min(rel, 6.0 - rel)  # 0 (dead ahead) .. 3 (dead astern), in vertex units of 60°
    if off <= 1.0:
        return Arc.FRONT
    if off <= 2.0:
        return Arc.FLANK
    return Arc.REAR


def facing_toward(from_hex: tuple[int, int], to_hex: tuple[int, int]) -> int:
    """The vertex whose front arc is centred nearest to ``to_hex`` (ties: lower vertex)."""
    b = bearing(from_hex, to_hex)
    return min(range(6), key=lambda v: (min((b - v) % 6, (v - b) % 6), v))
