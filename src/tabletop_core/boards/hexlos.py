"""Line of sight on hex boards (GoE 14, with the helicopter height offset of GoE 17e).

Geometry (GoE 14a).  The line runs from the centre of the observer's hex to the centre of the
target's hex.  Every hex whose *interior* the segment passes through is crossed, however little of
it; this is decided exactly, in integer lattice coordinates (:mod:`hexgrid`), never by sampling and
rounding.  Where the segment runs *along* a hexside, the two hexes sharing that side are one step
of the line, a *hexside step*, whose effect is the lesser of its two sides: blocked only if both
sides block, degrading only if both sides at least degrade (so degrading or blocking terrain on
one side alone does nothing: examples A-B and C-E).  A segment that only touches a corner of a hex
does not cross it.  The observer's and target's hexes never count; adjacent hexes always see each
other (example D-G).

Heights (GoE 14b).  Units stand at the elevation of their hex, plus an offset given by the caller
(1 for flying or hovering helicopters, GoE 17e).  Every intervening hex may hold two obstacles: the
ground of a hill (blocking, as tall as its elevation) and its terrain feature (its LOS class for
the observer's sight class, as tall as its ground plus its obstacle height).  An obstacle is *in
the way* when

* both units are on the same level L: it is taller than L;
* the observer is higher: it is at least as tall as the observer, or it is blocking terrain
  adjacent to the (lower) target and taller than the target (the target is in its shadow);
* the observer is lower: it is taller than the observer.

A blocking obstacle in the way blocks the line; a degrading one counts once for its step; as many
degrading steps as :attr:`LosRules.degrading_limit` (two in GoE) block it, one leaves it degraded.

Readings where the text is open: the shadow rule needs the obstacle to rise above the target;
degrading terrain obeys the same height tests as blocking terrain (so a degrading feature needs an
obstacle height of at least 1 to matter between ground-level units); the lower-observer rule is
applied as written, so LOS between different levels need not be symmetric; the sight class of a
pair is chosen by the caller (GoE: "vehicle" when either unit is a vehicle, examples F-I and J-I).

Two ways to ask: :class:`LineOfSight` answers single queries (pure Python, the per-direction list
of crossed hex offsets is computed once and cached), :class:`LosTable` precomputes every pair of a
board for one terrain state with numpy and is patched, not rebuilt, when overlays change.
"""
from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import attrs
import numpy as np

from ..errors import BoardError
from .hexgrid import DIRECTIONS, VERTEX_OFFSETS, Hex, hex_distance, lattice, line_hexes_approx
from .hexlines import DeltaSteps, delta_steps
from .hexmap import BoardState, HexTerrain, LosClass

#: A step of a line: the offsets (from the observer) of the hex it crosses, or of the two hexes
#: sharing the hexside it runs along.
Step = tuple[tuple[int, int], ...]

_CLEAR, _DEGRADING, _BLOCKING = int(LosClass.CLEAR), int(LosClass.DEGRADING), int(LosClass.BLOCKING)
_BIG = np.int32(1 << 30)


class LosStatus(enum.IntEnum):
    """Outcome of a line-of-sight check."""

    CLEAR = 0
    DEGRADED = 1
    BLOCKED = 2


class LosReason(enum.Enum):
    """Why a line of sight came out as it did."""

    SAME_HEX = "same hex"
    ADJACENT = "adjacent hexes always see each other"
    NOTHING_IN_THE_WAY = "no obstacle in the way"
    DEGRADING_TERRAIN = "degrading terrain in the way"
    TALLER_THAN_BOTH = "blocking terrain taller than both units"
    AS_HIGH_AS_OBSERVER = "blocking terrain as high as the higher observer"
    SHADOW = "target in the shadow of blocking terrain adjacent to it"
    HIGHER_THAN_OBSERVER = "blocking terrain higher than the lower observer"
    TOO_MANY_DEGRADING = "too many degrading hexes"


@attrs.frozen
class LosResult:
    """A line-of-sight verdict: status, degrading steps counted on the whole line, and why.

    ``hexes`` are the deciding hexes: the blocking hex (both hexes of a hexside step), or the first
    and the limit-reaching degrading steps' hexes, or the one degrading step's hexes.
    """

    status: LosStatus
    degrading: int = 0
    reason: LosReason = LosReason.NOTHING_IN_THE_WAY
    hexes: tuple[Hex, ...] = ()

    @property
    def visible(self) -> bool:
        """True unless blocked (a degraded line still allows fire)."""
        return self.status is not LosStatus.BLOCKED

    @property
    def blocked(self) -> bool:
        return self.status is LosStatus.BLOCKED

    def describe(self, label: Callable[[tuple[int, int]], str] | None = None) -> str:
        """Human-readable reason; ``label`` (e.g. ``board.label``) names the hexes."""
        name = label or (lambda h: f"({h[0]},{h[1]})")
        where = " / ".join(name(h) for h in self.hexes)
        return f"{self.status.name.lower()}: {self.reason.value}" + (f" at {where}" if where else "")


@attrs.frozen
class LosRules:
    """Parameters of the LOS procedure that a game sets.

    ``degrading_limit``: degrading steps that block (GoE 14a: two).
    ``adjacent_always_visible``: GoE 14a (adjacent units always see each other).
    """

    degrading_limit: int = 2
    adjacent_always_visible: bool = True


_SAME_HEX = LosResult(LosStatus.CLEAR, 0, LosReason.SAME_HEX)
_ADJACENT = LosResult(LosStatus.CLEAR, 0, LosReason.ADJACENT)
_NOTHING = LosResult(LosStatus.CLEAR, 0, LosReason.NOTHING_IN_THE_WAY)


# ---------------------------------------------------------------------------------------------
# Exact geometry of the crossed hexes


def crossed_steps(delta: tuple[int, int]) -> tuple[Step, ...]:
    """Steps of the line from hex (0,0) to hex ``delta``, ordered from the observer.

    Exact: a hex is crossed when the segment meets its open interior; two hexes form a hexside
    step when the segment contains their common side.  The endpoints' hexes are left out.
    """
    dq, dr = delta
    n = hex_distance((0, 0), delta)
    if n <= 1:
        return ()
    dx, dy = lattice(delta)
    length2 = dx * dx + 3 * dy * dy  # squared real length, up to a constant factor
    candidates: set[tuple[int, int]] = set()
    for h in line_hexes_approx((0, 0), delta):
        candidates.add((h.q, h.r))
        for d in DIRECTIONS:
            candidates.add((h.q + d.q, h.r + d.r))
    candidates.discard((0, 0))
    candidates.discard((dq, dr))
    # A vertex's side of the line is the centre's side plus a constant of its offset: the hexes
    # whose every vertex lies strictly on one side (most candidates) are skipped from the centre.
    turn = [dx * oy - dy * ox for ox, oy in VERTEX_OFFSETS]
    low, high = min(turn), max(turn)
    found: dict[Step, float] = {}
    for c in candidates:
        cx, cy = 3 * c[0], 2 * c[1] + c[0]  # lattice(c)
        centre = dx * cy - dy * cx
        if centre + low > 0 or centre + high < 0:
            continue
        verts = [(cx + ox, cy + oy) for ox, oy in VERTEX_OFFSETS]
        sides = [centre + k for k in turn]
        lo, hi = centre + low, centre + high
        if lo < 0 < hi:
            t = _chord_middle(verts, sides, dx, dy)
            if 0.0 < t < length2:
                found[(c,)] = t
        else:  # a vertex on the line: a hexside step if a whole side lies on it
            for k in range(6):
                if sides[k] == 0 and sides[(k + 1) % 6] == 0:
                    (ax, ay), (bx, by) = verts[k], verts[(k + 1) % 6]
                    t = ((ax + bx) * dx + 3 * (ay + by) * dy) / 2.0
                    if 0.0 < t < length2:
                        nd = DIRECTIONS[(k + 1) % 6]
                        other = (c[0] + nd.q, c[1] + nd.r)
                        pair = tuple(sorted([c, other]))
                        found[pair] = t
    return tuple(step for step, _ in sorted(found.items(), key=lambda item: item[1]))


def _chord_middle(verts: Sequence[tuple[int, int]], sides: Sequence[int], dx: int, dy: int) -> float:
    """Projection on the line (scaled like ``length2``) of the middle of the line's chord."""
    ts = []
    for k in range(6):
        s0, s1 = sides[k], sides[(k + 1) % 6]
        if (s0 < 0 < s1) or (s1 < 0 < s0) or (s0 == 0 and s1 != 0):
            (ax, ay), (bx, by) = verts[k], verts[(k + 1) % 6]
            f = s0 / (s0 - s1)
            x, y = ax + f * (bx - ax), ay + f * (by - ay)
            ts.append(x * dx + 3 * y * dy)
    return (min(ts) + max(ts)) / 2.0


def reverse_steps(steps: tuple[Step, ...], delta: tuple[int, int]) -> tuple[Step, ...]:
    """The same line seen from the other end: offsets relative to the target, reversed order."""
    dq, dr = delta
    return tuple(tuple((q - dq, r - dr) for q, r in step) for step in reversed(steps))


class SightLines:
    """Cache of :func:`crossed_steps` by direction vector, owned by whoever asks many lines.

    A line's crossed offsets depend only on the vector between its ends, so one computation serves
    every pair of hexes with that vector; the reverse vector reuses the same computation.
    """

    def __init__(self) -> None:
        self._cache: dict[tuple[int, int], tuple[Step, ...]] = {}
        self._learned: dict[tuple[int, int], int] = {}  # vector -> its row in _geometry
        self._geometry: DeltaSteps | None = None

    def steps(self, delta: tuple[int, int]) -> tuple[Step, ...]:
        hit = self._cache.get(delta)
        if hit is None:
            back = (-delta[0], -delta[1])
            known = self._cache.get(back)
            if known is not None:
                hit = reverse_steps(known, back)
            elif delta in self._learned:
                hit = self._from_geometry(self._learned[delta])
            elif back in self._learned:
                hit = reverse_steps(self._from_geometry(self._learned[back]), back)
            else:
                hit = crossed_steps(delta)
            self._cache[delta] = hit
        return hit

    def learn(self, vectors: np.ndarray, geometry: DeltaSteps) -> None:
        """Take the steps of ``vectors`` (rows (dq, dr)) from ``geometry`` (their
        :func:`~hexlines.delta_steps`, the same steps) instead of computing them one by one."""
        self._geometry = geometry
        self._learned = {(q, r): k for k, (q, r) in enumerate(vectors.tolist())}

    def _from_geometry(self, k: int) -> tuple[Step, ...]:
        geometry = self._geometry
        assert geometry is not None
        lo, hi = int(geometry.ptr[k]), int(geometry.ptr[k + 1])
        return tuple(((f[0], f[1]),) if f == l else ((f[0], f[1]), (l[0], l[1]))
                     for f, l in zip(geometry.first[lo:hi].tolist(), geometry.last[lo:hi].tolist()))

    def __len__(self) -> int:
        return len(self._cache)


# ---------------------------------------------------------------------------------------------
# The height rules (GoE 14b), shared by the single query and the table's result builder


def _in_the_way(height: int, blocking: bool, adjacent_to_target: bool, lo: int, lt: int) -> bool:
    """Is an obstacle of ``height`` in the way of an observer at ``lo`` looking at a target at ``lt``?"""
    if lo > lt:
        # GoE 14b: higher observer: as tall as the observer, or blocking in the target's shadow.
        return height >= lo or (blocking and adjacent_to_target and height > lt)
    # GoE 14b: same level (taller than both) and lower observer (taller than the observer).
    return height > lo


def _side_effect(t: HexTerrain | None, sight_class: str | None, adj: bool, lo: int, lt: int) -> int:
    """LOS class (0/1/2) one hex puts in the way of this line."""
    if t is None:
        return _CLEAR
    effect = _CLEAR
    if t.elevation > 0 and _in_the_way(t.elevation, True, adj, lo, lt):
        effect = _BLOCKING  # the hill itself (GoE 14 example K-M)
    cls = int(t.los_class(sight_class))
    if cls > effect and _in_the_way(t.elevation + t.obstacle, cls == _BLOCKING, adj, lo, lt):
        effect = cls
    return effect


def _blocking_reason(terrains: Iterable[HexTerrain | None], adj: Iterable[bool], sight_class: str | None, lo: int,
                     lt: int) -> LosReason:
    """Which height rule made a blocking step block (GoE 14b)."""
    if lo == lt:
        return LosReason.TALLER_THAN_BOTH
    if lo < lt:
        return LosReason.HIGHER_THAN_OBSERVER
    for t, a in zip(terrains, adj):
        if t is None:
            continue
        tallest = t.elevation
        if t.los_class(sight_class) == LosClass.BLOCKING:
            tallest = max(tallest, t.elevation + t.obstacle)
        if tallest < lo:
            return LosReason.SHADOW
    return LosReason.AS_HIGH_AS_OBSERVER


# ---------------------------------------------------------------------------------------------
# Single queries


class LineOfSight:
    """Single line-of-sight queries on one terrain state (GoE 14, 17e).

    ``sight_class`` picks the terrain's per-class LOS exception (the caller decides which class a
    pair of units uses); ``observer_offset``/``target_offset`` lift a unit above its hex (GoE 17e:
    1 for a flying or hovering helicopter).
    """

    def __init__(self, state: BoardState, rules: LosRules = LosRules(), lines: SightLines | None = None):
        self.state = state
        self.rules = rules
        self.lines = lines if lines is not None else SightLines()
        self._terrain = {h: state.terrain(h) for h in state.board.hexes}

    def with_state(self, state: BoardState) -> LineOfSight:
        """Same rules and line cache, another terrain state (of the same board: only the hexes
        with overlays in either state are looked up again)."""
        if state.board is not self.state.board:
            return LineOfSight(state, self.rules, self.lines)
        new = LineOfSight.__new__(LineOfSight)
        new.state, new.rules, new.lines = state, self.rules, self.lines
        terrain = dict(self._terrain)
        for h in set(self.state.overlays) | set(state.overlays):
            terrain[h] = state.terrain(h)
        new._terrain = terrain
        return new

    def level(self, h: tuple[int, int], offset: int = 0) -> int:
        """Unit height (GoE 14b UH) of a unit in ``h``: ground level plus its offset."""
        return self._get(h).elevation + offset

    def _get(self, h: tuple[int, int]) -> HexTerrain:
        t: HexTerrain | None = self._terrain.get(h)  # type: ignore[call-overload]
        if t is None:
            raise BoardError(f"hex {tuple(h)!r} is not on the board")
        return t

    def check(
        self,
        a: tuple[int, int],
        b: tuple[int, int],
        *,
        sight_class: str | None = None,
        observer_offset: int = 0,
        target_offset: int = 0,
    ) -> LosResult:
        """Line of sight from a unit in ``a`` to a unit in ``b``."""
        lo = self.level(a, observer_offset)
        lt = self.level(b, target_offset)
        if a == b:
            return _SAME_HEX
        if self.rules.adjacent_always_visible and hex_distance(a, b) == 1:
            return _ADJACENT  # GoE 14a
        steps = self.lines.steps((b[0] - a[0], b[1] - a[1]))
        effects = self._step_effects(a, b, steps, sight_class, lo, lt)
        blocked_at = next((i for i, e in enumerate(effects) if e == _BLOCKING), -1)
        degrading = [i for i, e in enumerate(effects) if e == _DEGRADING]
        return self.result(a, b, steps, blocked_at, degrading, sight_class, lo, lt)

    def _step_effects(self, a: tuple[int, int], b: tuple[int, int], steps: Sequence[Step], sight_class: str | None,
                      lo: int, lt: int) -> list[int]:
        aq, ar = a[0], a[1]
        bq, br = b[0], b[1]
        get = self._terrain.get
        out = []
        for step in steps:
            effect = _BLOCKING
            for oq, orr in step:
                q, r = aq + oq, ar + orr
                dq, dr = q - bq, r - br
                adj = (abs(dq) + abs(dr) + abs(dq + dr)) == 2
                side = _side_effect(get((q, r)), sight_class, adj, lo, lt)  # type: ignore[call-overload]
                if side < effect:
                    effect = side  # a hexside step is only as bad as its better side
            out.append(effect)
        return out

    def result(
        self, a: tuple[int, int], b: tuple[int, int], steps: Sequence[Step], blocked_at: int, degrading: Sequence[int],
        sight_class: str | None, lo: int, lt: int, count: int | None = None,
    ) -> LosResult:
        """Build the verdict from the positions (from the observer) of the first blocking step and
        of the degrading steps (at least the first and the limit-th; ``count`` all of them)."""
        limit = self.rules.degrading_limit
        nth = degrading[limit - 1] if len(degrading) >= limit else -1
        if count is None:
            count = len(degrading)
        aq, ar = a[0], a[1]

        def hexes_of(i: int) -> tuple[Hex, ...]:
            return tuple(Hex(aq + oq, ar + orr) for oq, orr in steps[i])

        if blocked_at >= 0 and (nth < 0 or blocked_at < nth):
            where = hexes_of(blocked_at)
            terrains = [self._terrain.get(h) for h in where]
            adj = [hex_distance(h, b) == 1 for h in where]
            reason = _blocking_reason(terrains, adj, sight_class, lo, lt)
            return LosResult(LosStatus.BLOCKED, count, reason, where)
        if nth >= 0:
            return LosResult(LosStatus.BLOCKED, count, LosReason.TOO_MANY_DEGRADING, hexes_of(degrading[0]) + hexes_of(nth))
        if count:
            return LosResult(LosStatus.DEGRADED, count, LosReason.DEGRADING_TERRAIN, sum((hexes_of(i) for i in degrading), ()))
        return _NOTHING


def line_of_sight(
    state: BoardState,
    a: tuple[int, int] | str,
    b: tuple[int, int] | str,
    *,
    sight_class: str | None = None,
    observer_offset: int = 0,
    target_offset: int = 0,
    rules: LosRules = LosRules(),
) -> LosResult:
    """One-off LOS query (labels accepted).  For many queries keep a :class:`LineOfSight`."""
    board = state.board
    return LineOfSight(state, rules).check(
        board.hex(a), board.hex(b), sight_class=sight_class,
        observer_offset=observer_offset, target_offset=target_offset,
    )


# ---------------------------------------------------------------------------------------------
# The precomputed table


@attrs.frozen
class _Lines:
    """Every line of a board with two or more steps, flattened (CSR) for numpy.

    Pairs are unordered (``i < j``, dense hex indices); ``ptr[p]:ptr[p+1]`` are pair ``p``'s steps
    in order from ``i``; ``side1``/``side2`` are the hexes of each step (equal for a crossed hex, the
    sentinel ``n`` for hexes off the board); ``key*_i``/``key*_j`` are a side's place in a case's
    effect table seen from a target in ``i``/``j``: twice its hex, plus one if it is adjacent to that
    target; ``hexside`` marks (as bytes) the steps along a hexside, whose two sides differ.
    """

    n: int
    pi: np.ndarray
    pj: np.ndarray
    ptr: np.ndarray
    side1: np.ndarray
    side2: np.ndarray
    key1_i: np.ndarray
    key1_j: np.ndarray
    key2_i: np.ndarray
    key2_j: np.ndarray
    hexside: np.ndarray
    pair_of_step: np.ndarray
    local: np.ndarray
    flat_ij: np.ndarray  # pi * n + pj: where pair p seen from i sits in a flattened (n, n) array
    flat_ji: np.ndarray  # pj * n + pi: the same seen from j
    # the geometry, to find the lines through a hex without a pass over every step: each row is
    # one side offset of one step of one vector (vq, vr); pair_at maps i * n + j to pair p or -1
    vectors: np.ndarray  # (k, 2): the vector of each pair group, in the geometry's order
    geometry: DeltaSteps
    row_vq: np.ndarray
    row_vr: np.ndarray
    row_oq: np.ndarray
    row_or: np.ndarray
    grid: np.ndarray
    origin: tuple[int, int]
    pair_at: np.ndarray


class _LiveSteps:
    """The steps of some lines that can be in the way on one terrain mask (see
    :meth:`LosTable._live_steps`), with what no query case changes gathered once.

    For statuses, a line's steps are summed, so order does not matter: the one-hex steps (nearly
    all) are kept apart from the hexside steps and need one lookup each, not the lesser of two.
    The details need the steps in order, with their places from either end: gathered on first use.
    """

    def __init__(self, lines: "_Lines", steps: np.ndarray, owner: np.ndarray, lengths: np.ndarray):
        self._lines, self._lengths = lines, lengths
        self.steps, self.owner = steps, owner  # in order within each line; owner: index in the pairs
        # np.take rather than indexing: the same gather, without fancy indexing's set-up per call
        hexside = np.take(lines.hexside, steps).view(bool)
        one_at, two_at = np.flatnonzero(~hexside), np.flatnonzero(hexside)
        one, two = np.take(steps, one_at), np.take(steps, two_at)
        self.one_owner, self.two_owner = np.take(owner, one_at), np.take(owner, two_at)
        self.one_key = {True: np.take(lines.key1_j, one), False: np.take(lines.key1_i, one)}
        self.two_keys = {True: (np.take(lines.key1_j, two), np.take(lines.key2_j, two)),
                         False: (np.take(lines.key1_i, two), np.take(lines.key2_i, two))}
        self._ordered: dict[bool, tuple[np.ndarray, np.ndarray, np.ndarray]] = {}

    def ordered(self, forward: bool) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Both sides' keys seen from the target (``j`` if ``forward``) and each step's place
        seen from the observer, for every step in order."""
        found = self._ordered.get(forward)
        if found is None:
            lines, steps = self._lines, self.steps
            local = np.take(lines.local, steps)
            if not forward:
                local = np.take(self._lengths, self.owner) - 1 - local
            found = self._ordered[forward] = (
                np.take(lines.key1_j if forward else lines.key1_i, steps),
                np.take(lines.key2_j if forward else lines.key2_i, steps), local)
        return found


def _build_lines(hexes: Sequence[Hex]) -> _Lines:
    """Flatten the crossed steps of every pair of ``hexes`` at distance two or more."""
    n = len(hexes)
    qs = np.array([h.q for h in hexes], dtype=np.int64)
    rs = np.array([h.r for h in hexes], dtype=np.int64)
    q0, r0 = int(qs.min()) - 2, int(rs.min()) - 2
    grid = np.full((int(qs.max()) - q0 + 3, int(rs.max()) - r0 + 3), n, dtype=np.int32)
    grid[qs - q0, rs - r0] = np.arange(n, dtype=np.int32)
    pi, pj = np.triu_indices(n, 1)
    dq, dr = qs[pj] - qs[pi], rs[pj] - rs[pi]
    dist = (np.abs(dq) + np.abs(dr) + np.abs(dq + dr)) // 2
    keep = dist >= 2
    pi, pj, dq, dr = pi[keep], pj[keep], dq[keep], dr[keep]
    span = int(max(np.abs(dr).max(initial=0), 1)) * 2 + 1
    key = dq * span + dr
    order = np.argsort(key, kind="stable")
    pi, pj, dq, dr, key = pi[order], pj[order], dq[order], dr[order], key[order]
    # one geometry per vector, shared by every pair along it (delta_steps: all vectors at once)
    fresh = np.r_[True, key[1:] != key[:-1]] if len(key) else np.zeros(0, dtype=bool)
    group = np.cumsum(fresh) - 1
    starts = np.flatnonzero(fresh)
    geometry = delta_steps(dq[starts], dr[starts])
    lengths = np.diff(geometry.ptr)[group]
    ptr = np.zeros(len(lengths) + 1, dtype=np.int64)
    np.cumsum(lengths, out=ptr[1:])
    total = int(ptr[-1])
    pair_of_step = np.repeat(np.arange(len(lengths), dtype=np.int32), lengths)
    everything = np.arange(total, dtype=np.int32)
    local = everything - np.take(ptr[:-1].astype(np.int32), pair_of_step)
    at = everything + np.take((geometry.ptr[group] - ptr[:-1]).astype(np.int32), pair_of_step)  # geometry row
    # A line's hexes lie within a hex of its ends' bounding box, inside the grid's margin: a side's
    # hex is one lookup in the flattened grid, at the observer's cell plus the offset's.
    width = grid.shape[1]
    start_cell = np.take(((qs[pi] - q0) * width + (rs[pi] - r0)).astype(np.int32), pair_of_step)
    flat_grid = grid.ravel()
    # adjacency to either end is geometry too: decided per geometry row, gathered per step
    vector = np.repeat(np.arange(len(starts)), np.diff(geometry.ptr))
    vq, vr = dq[starts][vector], dr[starts][vector]
    cat: dict[str, np.ndarray] = {}
    for tag, offsets in (("1", geometry.first), ("2", geometry.last)):
        offset_cell = (offsets[:, 0] * width + offsets[:, 1]).astype(np.int32)
        cat["s" + tag] = np.take(flat_grid, start_cell + np.take(offset_cell, at))
        cat["a" + tag + "i"] = np.take(_dist_vec(offsets[:, 0], offsets[:, 1]) == 1, at)
        cat["a" + tag + "j"] = np.take(_dist_vec(offsets[:, 0] - vq, offsets[:, 1] - vr) == 1, at)
    side1, side2 = cat["s1"], cat["s2"]

    def place(side: np.ndarray, adjacent: np.ndarray) -> np.ndarray:
        return side * np.int32(2) + adjacent.astype(np.int32)

    sides_of_rows = np.concatenate([geometry.first, geometry.last])
    pair_at = np.full(n * n, -1, dtype=np.int32)
    pair_at[pi * n + pj] = np.arange(len(pi), dtype=np.int32)
    pair_at[pj * n + pi] = np.arange(len(pi), dtype=np.int32)
    # int32 where it fits (every index of a board's steps does): half the memory traffic of the
    # per-step passes that build a case.
    return _Lines(
        n=n, pi=pi.astype(np.int32), pj=pj.astype(np.int32), ptr=ptr, side1=side1, side2=side2,
        key1_i=place(side1, cat["a1i"]), key1_j=place(side1, cat["a1j"]),
        key2_i=place(side2, cat["a2i"]), key2_j=place(side2, cat["a2j"]),
        hexside=(side1 != side2).view(np.uint8), pair_of_step=pair_of_step,
        local=local, flat_ij=pi * n + pj, flat_ji=pj * n + pi,
        vectors=np.stack([dq[starts], dr[starts]], axis=1), geometry=geometry,
        row_vq=np.concatenate([vq, vq]), row_vr=np.concatenate([vr, vr]),
        row_oq=sides_of_rows[:, 0], row_or=sides_of_rows[:, 1], grid=grid, origin=(q0, r0), pair_at=pair_at,
    )


def _grid_index(grid: np.ndarray, q: np.ndarray, r: np.ndarray, n: int) -> np.ndarray:
    """Dense index of each (q, r) of the grid's frame, ``n`` for one off the board."""
    inside = (q >= 0) & (q < grid.shape[0]) & (r >= 0) & (r < grid.shape[1])
    found: np.ndarray = np.where(inside, grid[np.clip(q, 0, grid.shape[0] - 1), np.clip(r, 0, grid.shape[1] - 1)], n)
    return found


def _dist_vec(dq: np.ndarray, dr: np.ndarray) -> np.ndarray:
    distance: np.ndarray = (np.abs(dq) + np.abs(dr) + np.abs(dq + dr)) // 2
    return distance


def _terrain_arrays(state: BoardState, hexes: Sequence[Hex],
                    sight_class: str | None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per-hex elevation, feature height and LOS class, with a clear sentinel at index n."""
    n = len(hexes)
    elev = np.zeros(n + 1, dtype=np.int32)
    top = np.zeros(n + 1, dtype=np.int32)
    cls = np.zeros(n + 1, dtype=np.int8)
    for i, h in enumerate(hexes):
        t = state.terrain(h)
        elev[i] = t.elevation
        top[i] = t.elevation + t.obstacle
        cls[i] = int(t.los_class(sight_class))
    return elev, top, cls


@attrs.frozen
class _Case:
    """One query case: sight class and the two units' height offsets."""

    sight_class: str | None
    observer_offset: int
    target_offset: int


class LosTable:
    """Every ordered pair's LOS on one terrain state, per query case, built with numpy.

    ``status(a, b)``, ``matrix()`` and ``row(a)`` read the statuses, computed for all pairs the
    first time a case (sight class, offsets) is asked.  ``query(a, b)`` returns the full
    :class:`LosResult`, built on first use and cached from per-pair details (degrading count,
    deciding steps) that a case computes only when it is first queried that way: a status is one
    sum per line, the details several passes.  :meth:`updated` makes the table of another terrain
    state of the same board by recomputing only the pairs whose line crosses, or ends in, a
    changed hex.
    """

    def __init__(self, state: BoardState, rules: LosRules = LosRules(), lines: SightLines | None = None):
        self.state = state
        self.rules = rules
        self.single = LineOfSight(state, rules, lines)
        self.hexes = state.board.hexes
        self.index = state.board.index
        self._lines = _build_lines(self.hexes)
        self.single.lines.learn(self._lines.vectors, self._lines.geometry)  # single checks share the geometry
        self._status: dict[_Case, np.ndarray] = {}
        self._details: dict[_Case, dict[str, np.ndarray]] = {}
        self._results: dict[_Case, list[LosResult | None]] = {}
        self._live_cache: dict[bytes, _LiveSteps] = {}

    # -- queries -------------------------------------------------------------------------------
    def status(self, a: tuple[int, int], b: tuple[int, int], *, sight_class: str | None = None, observer_offset: int = 0, target_offset: int = 0) -> LosStatus:
        status = self._status_of(_Case(sight_class, observer_offset, target_offset))
        return LosStatus(int(status[self.index[a], self.index[b]]))  # type: ignore[index]  # a (q, r) tuple finds its Hex

    def query(self, a: tuple[int, int], b: tuple[int, int], *, sight_class: str | None = None, observer_offset: int = 0, target_offset: int = 0) -> LosResult:
        case = _Case(sight_class, observer_offset, target_offset)
        cache = self._results.get(case)
        if cache is None:
            self._details_of(case)
            cache = self._results[case] = [None] * (len(self.hexes) ** 2)
        i, j = self.index[a], self.index[b]  # type: ignore[index]  # a (q, r) tuple finds its Hex
        k = i * len(self.hexes) + j
        hit = cache[k]
        if hit is None:
            hit = cache[k] = self._materialise(case, i, j)
        return hit

    def matrix(self, *, sight_class: str | None = None, observer_offset: int = 0, target_offset: int = 0) -> np.ndarray:
        """Read-only ``(n, n)`` int8 array of statuses, rows observers, in ``board.hexes`` order."""
        m = self._status_of(_Case(sight_class, observer_offset, target_offset)).view()
        m.flags.writeable = False
        return m

    def row(self, a: tuple[int, int], *, sight_class: str | None = None, observer_offset: int = 0, target_offset: int = 0) -> np.ndarray:
        """Read-only statuses from an observer in ``a`` to every hex, in ``board.hexes`` order."""
        row: np.ndarray = self.matrix(sight_class=sight_class, observer_offset=observer_offset,
                                      target_offset=target_offset)[self.index[a]]  # type: ignore[index]  # a (q, r) tuple finds its Hex
        return row

    # -- building --------------------------------------------------------------------------------
    def _status_of(self, case: _Case) -> np.ndarray:
        status = self._status.get(case)
        if status is None:
            n = len(self.hexes)
            status = self._status[case] = np.zeros((n, n), dtype=np.int8)
            self._fill(case, np.arange(len(self._lines.pi)), status, None)
        return status

    def _details_of(self, case: _Case) -> dict[str, np.ndarray]:
        details = self._details.get(case)
        if details is None:
            details = self._details[case] = _empty_details(len(self.hexes))
            status = self._status.get(case)
            fresh = status is None
            if fresh:
                n = len(self.hexes)
                status = self._status[case] = np.zeros((n, n), dtype=np.int8)
            self._fill(case, np.arange(len(self._lines.pi)), status if fresh else None, details)
        return details

    def _fill(self, case: _Case, pairs: np.ndarray, status: np.ndarray | None,
              details: dict[str, np.ndarray] | None, live_cache: dict[bytes, _LiveSteps] | None = None) -> None:
        """(Re)compute both directions of the given unordered pairs into ``status`` and
        ``details`` (either may be None: not wanted).  ``live_cache`` keeps the live steps of
        these pairs per terrain mask (the whole board's are kept on the table)."""
        if len(pairs) == 0:
            return
        L = self._lines
        lengths = (L.ptr[pairs + 1] - L.ptr[pairs]).astype(np.int32)
        elev, top, cls = _terrain_arrays(self.state, self.hexes, case.sight_class)
        live = self._live_steps(pairs, lengths, (elev > 0) | (cls > 0), live_cache)
        owner = live.owner
        pi, pj = L.pi[pairs], L.pj[pairs]
        lo_i, lo_j = elev[pi] + case.observer_offset, elev[pj] + case.observer_offset
        lt_i, lt_j = elev[pi] + case.target_offset, elev[pj] + case.target_offset
        base = int(min(lo_i.min(), lo_j.min(), lt_i.min(), lt_j.min()))
        levels = int(max(lo_i.max(), lo_j.max(), lt_i.max(), lt_j.max())) - base + 1
        # Every side hex's effect for every (observer level, target level, adjacent to target)
        # is a small table: a step's effect is then a lookup, not the height tests per step.
        # A blocking side weighs at least the degrading limit, so a line's summed effects reach
        # the limit exactly when it is blocked.
        blocking = max(self.rules.degrading_limit, _BLOCKING)
        table = _effect_table(elev, top, cls, base, levels, blocking)
        block = np.int32(len(elev) * 2)  # one (level, level) block: every hex, not adjacent / adjacent
        for flat, lo, lt, forward in ((L.flat_ij[pairs], lo_i, lt_j, True), (L.flat_ji[pairs], lo_j, lt_i, False)):
            # each pair's block for its observer's and target's levels; a side's key is its place in it
            start = (((lo - base) * levels + (lt - base)) * block).astype(np.int32)
            if status is not None:
                status.reshape(-1)[flat] = self._line_status(table, start, live, forward, len(pairs))
            if details is not None:
                key1, key2, pos = live.ordered(forward)
                column = np.take(start, live.owner)
                effect = np.minimum(np.take(table, column + key1), np.take(table, column + key2))
                self._reduce(details, flat, effect, pos, live.owner, forward, blocking)

    def _line_status(self, table: np.ndarray, start: np.ndarray, live: _LiveSteps, forward: bool,
                     n_pairs: int) -> np.ndarray:
        """Per pair, the status from its steps' summed effects (GoE 14a: a blocking step, or as
        many degrading steps as the limit, block; fewer degrade).  A hexside step is the lesser
        of its two sides."""
        effect = np.take(table, np.take(start, live.one_owner) + live.one_key[forward])
        total = np.bincount(live.one_owner, weights=effect, minlength=n_pairs)
        if len(live.two_owner):
            column = np.take(start, live.two_owner)
            key1, key2 = live.two_keys[forward]
            effect = np.minimum(np.take(table, column + key1), np.take(table, column + key2))
            total += np.bincount(live.two_owner, weights=effect, minlength=n_pairs)
        limit = self.rules.degrading_limit
        return np.where(total >= limit, np.int8(2), (total > 0).astype(np.int8))

    def _live_steps(self, pairs: np.ndarray, lengths: np.ndarray, live: np.ndarray,
                    cache: dict[bytes, _LiveSteps] | None) -> _LiveSteps:
        """The steps of ``pairs`` whose every side can be in the way, and the index in ``pairs``
        of each one's pair.  A step is the lesser of its sides and a hex with neither ground
        above 0 nor a feature is never in the way, so the other steps are clear whatever the
        heights; on most boards they are most steps.  Answers are kept per mask."""
        L = self._lines
        whole = len(pairs) == len(L.pi)
        if whole or cache is None:
            cache = self._live_cache if whole else {}
        key = live.tobytes()
        found = cache.get(key)
        if found is not None:
            return found
        # Gathered as bytes (twice as fast as bools), searched as bools (nonzero on bytes is five
        # times slower).
        can = live.view(np.uint8)
        if whole:
            steps = np.flatnonzero((np.take(can, L.side1) & np.take(can, L.side2)).view(bool))
            owner = np.take(L.pair_of_step, steps)
        else:
            sub_ptr = np.zeros(len(pairs) + 1, dtype=np.int64)
            np.cumsum(lengths, out=sub_ptr[1:])
            sub_owner = np.repeat(np.arange(len(pairs), dtype=np.int32), lengths)
            sub_steps = np.take(np.take(L.ptr, pairs) - sub_ptr[:-1], sub_owner) + np.arange(int(sub_ptr[-1]))
            keep = np.flatnonzero((np.take(can, np.take(L.side1, sub_steps))
                                   & np.take(can, np.take(L.side2, sub_steps))).view(bool))
            steps, owner = np.take(sub_steps, keep), np.take(sub_owner, keep)
        found = cache[key] = _LiveSteps(L, steps, owner, lengths)
        return found

    def _reduce(self, details: dict[str, np.ndarray], flat: np.ndarray, effect: np.ndarray, pos: np.ndarray,
                owner: np.ndarray, forward: bool, blocking_effect: int) -> None:
        """Per pair: first blocking step, degrading count, first and limit-th degrading steps.

        ``owner`` (sorted, a pair may have no step) names each step's pair, ``pos`` its place
        seen from the observer; ``flat`` is each pair's place in the flattened ``(n, n)`` arrays.
        Steps are stored in order from ``i``, so seen from ``j`` (``forward`` false) a pair's
        first step is its last one stored, and a degrading step's rank is the number of
        degrading steps at or after it.  ``blocking_effect`` is the value a blocking step has in
        ``effect``.
        """
        n_pairs = len(flat)
        blocking = np.flatnonzero(effect == blocking_effect)
        first_block = _first_of_each(owner, pos, blocking, n_pairs, forward)
        degrading = np.flatnonzero(effect == _DEGRADING)
        d_owner, d_pos = owner[degrading], pos[degrading]
        count = np.bincount(d_owner, minlength=n_pairs).astype(np.int32)
        starts = np.flatnonzero(np.r_[True, d_owner[1:] != d_owner[:-1]]) if len(d_owner) else d_owner
        group_start = np.repeat(starts, np.diff(np.r_[starts, len(d_owner)]))
        upto = np.arange(len(d_owner)) - group_start + 1  # degrading steps at or before it, from i
        rank = upto if forward else count[d_owner] - upto + 1
        nth = _at_rank(d_owner, d_pos, rank, self.rules.degrading_limit, n_pairs)
        first_deg = _at_rank(d_owner, d_pos, rank, 1, n_pairs)
        details["count"].reshape(-1)[flat] = count
        details["block"].reshape(-1)[flat] = np.where(first_block < _BIG, first_block, -1)
        details["first"].reshape(-1)[flat] = np.where(first_deg < _BIG, first_deg, -1)
        details["nth"].reshape(-1)[flat] = np.where(nth < _BIG, nth, -1)

    def _materialise(self, case: _Case, i: int, j: int) -> LosResult:
        """Full :class:`LosResult` of one ordered pair from the arrays (same builder as queries)."""
        a, b = self.hexes[i], self.hexes[j]
        if i == j:
            return _SAME_HEX
        if self.rules.adjacent_always_visible and hex_distance(a, b) == 1:
            return _ADJACENT
        arrays = self._details_of(case)
        status = int(self._status[case][i, j])
        if status == 0:
            return _NOTHING
        single = self.single
        steps = single.lines.steps((b[0] - a[0], b[1] - a[1]))
        lo, lt = single.level(a, case.observer_offset), single.level(b, case.target_offset)
        count = int(arrays["count"][i, j])
        first, nth = int(arrays["first"][i, j]), int(arrays["nth"][i, j])
        if status == 1 and count > 1:
            # several degrading steps short of the limit (games with a limit above two): list them all
            effects = single._step_effects(a, b, steps, case.sight_class, lo, lt)
            degrading = [k for k, e in enumerate(effects) if e == _DEGRADING]
        else:
            degrading = [first] + [-1] * (self.rules.degrading_limit - 2) + [nth] if nth >= 0 else [first]
        return single.result(a, b, steps, int(arrays["block"][i, j]), degrading, case.sight_class, lo, lt, count)

    # -- patching --------------------------------------------------------------------------------
    def updated(self, state: BoardState) -> LosTable:
        """Table for ``state`` (same board): only pairs touching changed hexes are recomputed."""
        if state.board is not self.state.board:
            raise BoardError("a LOS table can only be patched to a state of the same board")
        changed = self.state.changed_hexes(state)
        new = LosTable.__new__(LosTable)
        new.state, new.rules = state, self.rules
        new.single = self.single.with_state(state)
        new.hexes, new.index, new._lines = self.hexes, self.index, self._lines
        new._status, new._details, new._results, new._live_cache = {}, {}, {}, self._live_cache
        if not changed:
            new._status, new._details = dict(self._status), dict(self._details)
            new._results = {c: list(v) for c, v in self._results.items()}
            return new
        pairs = self.affected_pairs(changed)
        live_cache: dict[bytes, _LiveSteps] = {}  # the cases of one sight class share their live steps
        for case, status in self._status.items():
            details = self._details.get(case)
            new._status[case] = status.copy()
            if details is not None:
                new._details[case] = {k: v.copy() for k, v in details.items()}
            new._fill(case, pairs, new._status[case], new._details.get(case), live_cache)
        if not self._results:
            return new
        n = len(self.hexes)
        L = self._lines
        ends = list(zip(L.pi[pairs].tolist(), L.pj[pairs].tolist()))
        for case, cached in self._results.items():
            results = list(cached)
            for i, j in ends:
                results[i * n + j] = None
                results[j * n + i] = None
            new._results[case] = results
        return new

    def affected_pairs(self, changed: Iterable[Hex]) -> np.ndarray:
        """Indices of the unordered pairs whose line crosses or ends in one of ``changed``."""
        L = self._lines
        n = L.n
        found = []
        for h in changed:
            i = self.index[h]
            # a line of vector v has h as a side at offset o when it starts at h - o: one candidate
            # per geometry row, kept when both ends are on the board
            aq, ar = h[0] - L.row_oq - L.origin[0], h[1] - L.row_or - L.origin[1]
            bq, br = aq + L.row_vq, ar + L.row_vr
            a, b = _grid_index(L.grid, aq, ar, n), _grid_index(L.grid, bq, br, n)
            on = np.flatnonzero((a < n) & (b < n))
            found.append(np.take(L.pair_at, np.take(a, on) * n + np.take(b, on)))
            found.append(L.pair_at[i * n:(i + 1) * n])  # the lines ending in h (pair_at is symmetric)
        pairs = np.unique(np.concatenate(found)) if found else np.zeros(0, dtype=np.int32)
        return pairs[pairs >= 0].astype(np.int64)

    def cells_through(self, changed: Iterable[Hex]) -> np.ndarray:
        """Places ``index[a] * n + index[b]``, both ways, of the lines of two or more steps that
        cross or end in one of ``changed`` (the pairs whose LOS such a hex can change)."""
        pairs = self.affected_pairs(changed)
        cells: np.ndarray = np.concatenate([self._lines.flat_ij[pairs], self._lines.flat_ji[pairs]])
        return cells

    def __len__(self) -> int:
        return len(self.hexes) ** 2


def _first_of_each(owner: np.ndarray, pos: np.ndarray, among: np.ndarray, n_pairs: int, forward: bool) -> np.ndarray:
    """Per pair, ``pos`` of its first step among the steps ``among`` (in stored order if
    ``forward``, else reversed); _BIG for a pair with none.  ``owner`` is sorted.  Only the steps
    picked have their place gathered: most lines have several blocking steps."""
    out = np.full(n_pairs, _BIG, dtype=np.int32)
    if len(among):
        owners = np.take(owner, among)
        new = owners[1:] != owners[:-1]
        pick = np.flatnonzero(np.r_[True, new] if forward else np.r_[new, True])
        out[np.take(owners, pick)] = np.take(pos, np.take(among, pick))
    return out


def _at_rank(owner: np.ndarray, pos: np.ndarray, rank: np.ndarray, wanted: int, n_pairs: int) -> np.ndarray:
    """Per pair, ``pos`` of its degrading step of rank ``wanted``; _BIG for a pair with none."""
    out = np.full(n_pairs, _BIG, dtype=np.int32)
    pick = rank == wanted
    out[owner[pick]] = pos[pick]
    return out


def _effect_table(elev: np.ndarray, top: np.ndarray, cls: np.ndarray, base: int, levels: int,
                  blocking: int = _BLOCKING) -> np.ndarray:
    """Flattened ``(observer level, target level, hex, adjacent to target)`` -> effect of that hex
    as a side of a step (levels counted from ``base``); a blocking side has the value ``blocking``."""
    level = np.arange(base, base + levels, dtype=np.int32)
    effects = _effects(elev[None, None, :, None], top[None, None, :, None], cls[None, None, :, None],
                       np.array([False, True])[None, None, None, :],
                       level[:, None, None, None], level[None, :, None, None])
    if blocking != _BLOCKING:
        effects[effects == _BLOCKING] = blocking
    return effects.ravel()


def _empty_details(n: int) -> dict[str, np.ndarray]:
    """Per-pair details of one case before they are filled (-1: no such step)."""
    return {
        "count": np.zeros((n, n), dtype=np.int16),
        "block": np.full((n, n), -1, dtype=np.int32),
        "first": np.full((n, n), -1, dtype=np.int32),
        "nth": np.full((n, n), -1, dtype=np.int32),
    }


def _effects(e: np.ndarray, t: np.ndarray, c: np.ndarray, adj: np.ndarray, lo: np.ndarray, lt: np.ndarray) -> np.ndarray:
    """Vectorised :func:`_side_effect` (GoE 14b): the effect of a side hex of ground ``e``,
    feature top ``t`` and LOS class ``c`` between levels ``lo`` and ``lt`` (arrays broadcast)."""
    higher = lo > lt

    def in_the_way(height: np.ndarray, blocking: Any) -> np.ndarray:
        shadow = blocking & adj & (height > lt)
        return np.where(higher, (height >= lo) | shadow, height > lo)

    hill = (e > 0) & in_the_way(e, True)
    feature = (c > 0) & in_the_way(t, c == _BLOCKING)
    return np.maximum(np.where(hill, _BLOCKING, _CLEAR), np.where(feature, c, 0)).astype(np.int8)
