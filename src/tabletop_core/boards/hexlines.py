"""The crossed steps of many line vectors at once, with numpy (the geometry of GoE 14a).

The same exact geometry as :func:`~tabletop_core.boards.hexlos.crossed_steps`, which answers one
vector in Python: candidates are the hexes nearest to evenly spaced points of the segment and their
neighbours; a candidate is crossed when the segment meets its open interior (its vertices lie on
both sides of the line), and two hexes form a hexside step when one of their common sides lies on
the line; steps are ordered along the line by the middle of their chord.  Here every candidate of
every vector is one row of a few arrays, so a whole board's vectors cost a handful of array passes
instead of a Python loop per candidate.  A test compares both on every vector of a board.
"""
from __future__ import annotations

import attrs
import numpy as np

from .hexgrid import DIRECTIONS, VERTEX_OFFSETS

_VERTS = np.array(VERTEX_OFFSETS, dtype=np.int64)  # (6, 2) lattice offsets of a hex's vertices
_NEIGHBOURS = np.array([(0, 0)] + [(d.q, d.r) for d in DIRECTIONS], dtype=np.int64)
_SIDE_NEIGHBOUR = np.array([(d.q, d.r) for d in DIRECTIONS[1:] + DIRECTIONS[:1]], dtype=np.int64)  # across side k


@attrs.frozen
class DeltaSteps:
    """Steps of vectors ``k``: ``ptr[k]:ptr[k+1]`` in order from the observer; ``first`` and
    ``last`` are each step's two hex offsets (equal for a crossed hex; sorted for a hexside)."""

    ptr: np.ndarray
    first: np.ndarray  # (steps, 2)
    last: np.ndarray  # (steps, 2)


def delta_steps(dq: np.ndarray, dr: np.ndarray) -> DeltaSteps:
    """Crossed steps of every vector ``(dq[k], dr[k])`` (all at hex distance two or more)."""
    dq, dr = np.asarray(dq, dtype=np.int64), np.asarray(dr, dtype=np.int64)
    k, cq, cr = _candidates(dq, dr)
    dx, dy = 3 * dq[k], 2 * dr[k] + dq[k]  # lattice vector of each candidate's line
    cx, cy = 3 * cq, 2 * cr + cq
    # A vertex's side of the line is the centre's plus a constant of its offset: the candidates
    # with every vertex strictly on one side (most) are dropped from the centre alone.
    centre = dx * cy - dy * cx
    turn = 3 * dq[:, None] * _VERTS[None, :, 1] - (2 * dr + dq)[:, None] * _VERTS[None, :, 0]  # per vector
    low, high = turn.min(axis=1)[k], turn.max(axis=1)[k]
    near = np.flatnonzero((centre + low <= 0) & (centre + high >= 0))
    _, once = np.unique(_code(k[near], cq[near], cr[near]), return_index=True)  # each candidate once
    near = near[once]
    k, cq, cr, dx, dy, cx, cy = (a[near] for a in (k, cq, cr, dx, dy, cx, cy))
    vx, vy = cx[:, None] + _VERTS[None, :, 0], cy[:, None] + _VERTS[None, :, 1]
    sides = dx[:, None] * vy - dy[:, None] * vx  # which side of the line each vertex lies on
    length2 = (dx * dx + 3 * dy * dy).astype(np.float64)
    lo, hi = sides.min(axis=1), sides.max(axis=1)

    # crossed hexes: the middle of the chord, from the points where the line meets the boundary
    s0, s1 = sides, np.roll(sides, -1, axis=1)
    ax, ay, bx, by = vx, vy, np.roll(vx, -1, axis=1), np.roll(vy, -1, axis=1)
    meets = ((s0 < 0) & (0 < s1)) | ((s1 < 0) & (0 < s0)) | ((s0 == 0) & (s1 != 0))
    with np.errstate(divide="ignore", invalid="ignore"):
        f = np.where(meets, s0 / np.where(meets, s0 - s1, 1), 0.0)
    x, y = ax + f * (bx - ax), ay + f * (by - ay)
    t_edge = x * dx[:, None] + 3 * y * dy[:, None]
    t_cross = (np.where(meets, t_edge, np.inf).min(axis=1) + np.where(meets, t_edge, -np.inf).max(axis=1)) / 2.0
    crossed = (lo < 0) & (0 < hi) & (0.0 < t_cross) & (t_cross < length2)

    # hexside steps: a side with both ends on the line, its middle inside the segment
    on_line = (lo == 0) | (hi == 0)
    along = on_line[:, None] & (s0 == 0) & (s1 == 0)
    t_side = ((ax + bx) * dx[:, None] + 3 * (ay + by) * dy[:, None]) / 2.0
    along &= (0.0 < t_side) & (t_side < length2[:, None])
    row, side = np.nonzero(along)
    oq, orr = cq[row] + _SIDE_NEIGHBOUR[side, 0], cr[row] + _SIDE_NEIGHBOUR[side, 1]
    swap = (oq < cq[row]) | ((oq == cq[row]) & (orr < cr[row]))
    pq1, pr1 = np.where(swap, oq, cq[row]), np.where(swap, orr, cr[row])
    pq2, pr2 = np.where(swap, cq[row], oq), np.where(swap, cr[row], orr)
    pk, pt = k[row], t_side[row, side]
    # each hexside is found from both its hexes: keep one
    if len(pk):
        _, once = np.unique(_code(pk, pq1, pr1) * (4 * _SPAN) + _code(0, pq2 - pq1, pr2 - pr1), return_index=True)
        pk, pt, pq1, pr1, pq2, pr2 = (a[once] for a in (pk, pt, pq1, pr1, pq2, pr2))

    cross = np.flatnonzero(crossed)
    sk = np.concatenate([k[cross], pk])
    st = np.concatenate([t_cross[cross], pt])
    q1, r1 = np.concatenate([cq[cross], pq1]), np.concatenate([cr[cross], pr1])
    q2, r2 = np.concatenate([cq[cross], pq2]), np.concatenate([cr[cross], pr2])
    order = np.lexsort((st, sk))
    counts = np.bincount(sk, minlength=len(dq))
    ptr = np.zeros(len(dq) + 1, dtype=np.int64)
    np.cumsum(counts, out=ptr[1:])
    return DeltaSteps(ptr, np.stack([q1[order], r1[order]], axis=1), np.stack([q2[order], r2[order]], axis=1))


def _candidates(dq: np.ndarray, dr: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(vector, q, r) of every candidate hex (repeats included), ends left out: the hexes nearest to the
    points ``i / n`` of the segment (rounded as :func:`hexgrid.cube_round` does) and their
    neighbours."""
    n = (np.abs(dq) + np.abs(dr) + np.abs(dq + dr)) // 2
    k = np.repeat(np.arange(len(dq)), n + 1)
    first = np.repeat(np.cumsum(n + 1) - (n + 1), n + 1)
    i = np.arange(len(k)) - first
    t = i / n[k]  # the same float operations as line_hexes_approx: the same rounding
    fq, fr = dq[k] * t, dr[k] * t
    fs = -fq - fr
    q, r, s = np.round(fq), np.round(fr), np.round(fs)  # halves to even, as Python's round
    ddq, ddr, dds = np.abs(q - fq), np.abs(r - fr), np.abs(s - fs)
    fix_q = (ddq > ddr) & (ddq > dds)
    fix_r = ~fix_q & (ddr > dds)
    q = np.where(fix_q, -r - s, q)
    r = np.where(fix_r, -q - s, r)
    q, r = q.astype(np.int64), r.astype(np.int64)
    kk = np.repeat(k, len(_NEIGHBOURS))
    cq = (q[:, None] + _NEIGHBOURS[None, :, 0]).ravel()
    cr = (r[:, None] + _NEIGHBOURS[None, :, 1]).ravel()
    ends = ((cq == 0) & (cr == 0)) | ((cq == dq[kk]) & (cr == dr[kk]))
    keep = np.flatnonzero(~ends)
    return kk[keep], cq[keep], cr[keep]


_SPAN = 1 << 12  # offsets of a board's lines stay far within +-_SPAN / 2


def _code(k: np.ndarray | int, q: np.ndarray, r: np.ndarray) -> np.ndarray:
    """One int64 per (vector, hex offset), to find repeats with a 1-D unique."""
    code: np.ndarray = (np.asarray(k, dtype=np.int64) * _SPAN + (q + _SPAN // 2)) * _SPAN + (r + _SPAN // 2)
    return code
