"""A scenario's board as the rules ask about it: terrain rows, cover, movement cost, LOS and range.

Built once per scenario and cached.  Line of sight (GoE 14) is read from the core's
:class:`~tabletop_core.boards.LosTable`: the first LOS question of a board builds its sight lines,
and the first of each query case (sight class, the two units' heights) that case's statuses for
every pair of hexes, kept as bytes (one index per answer; a whole observer's row for the queries
that ask about many hexes).  Terrain that changes in play is derived from the game state, never
written into the shared board: tiles laid during play (``state.tiles``, Sherkhankhel's village)
give :meth:`GoEBoard.at` a tiled copy of the board (rows, elevations, move costs, and a LOS table
patched from the printed board's for the lines that cross or end in a tiled hex), and Smoke
markers give :meth:`GoEBoard.sight` a LOS view on top of it that checks exactly only the lines
crossing or ending in a Smoke hex.  Both are cached by the set of tiles / markers.
Ask terrain with :func:`board_at` (state) where tiles may lie, :func:`board_for` (scenario) for the
printed board.
"""
from __future__ import annotations

import copy
import functools

import numpy as np
from tabletop_core.boards import Hex, LineOfSight, LosClass, LosStatus, LosTable, Overlay, hex_distance, hexes_within
from tabletop_core.boards.hexgrid import DIRECTIONS

from ..data.components import Terrain
from ..data.loading import game_data


class GoEBoard:
    def __init__(self, scenario: str):
        data = game_data()
        from ..data.components import build_board

        self.spec = data.scenarios[scenario]
        self.tec = data.tec
        self.state = build_board(self.spec, data.maps, data.tec)
        self.board = self.state.board
        self.hexes = self.board.hexes
        self.rows: dict[Hex, Terrain] = {}
        for h in self.hexes:
            t = self.state.terrain(h)
            self.rows[h] = data.tec.row(t.kind, t.elevation)
        self.elevation = {h: self.state.terrain(h).elevation for h in self.hexes}
        self._los = LineOfSight(self.state)
        self.index = self.board.index  # hex -> its place in ``hexes``: rows and columns of the LOS table
        self._table: LosTable | None = None  # built on the first LOS question (see _los_table)
        self._statuses: dict[tuple, bytes] = {}  # (sight, up, target_up) -> n * n statuses, rows observers
        self._seers: dict[tuple, frozenset] = {}  # (target, sight, up, target_up) -> the hexes seeing it
        self._smoked: dict[tuple, int] = {}  # a line's exact LOS under the Smoke on it (_Sight)
        self._costs: dict[tuple, int | None] = {}
        self._exits: dict[tuple, tuple] = {}  # (hex, move class) -> exits(): terrain only, per copy
        self._smoke: dict[tuple, _Sight] = {}
        self.neighbours = {h: self.board.neighbors(h) for h in self.hexes}
        self._labels = {h: self.board.label(h) for h in self.hexes}  # every action names its hexes
        self._by_label = {lab: h for h in self.hexes for lab in self.board.labels(h)}
        self._within: dict[tuple, frozenset] = {}  # geometry only: shared by the tiled copies
        self._sides: dict[Hex, tuple] = {}  # geometry only (sides()): shared by the tiled copies
        self._zones: dict = {}  # set-up zones by their labels: shared by the tiled copies
        self._derived: dict = {}  # answers from this copy's terrain alone (derived): not shared
        self._base = self  # the printed board (a tiled copy points back to it)
        self.tiles: tuple = ()  # the (hex, kind) tiles laid on this copy
        self._tiled: dict[tuple, GoEBoard] = {}

    # -- tiles laid during play -----------------------------------------------------------------
    def at(self, state) -> "GoEBoard":
        """The board as it lies in ``state``: the printed one, or a copy under the tiles laid in play."""
        tiles = getattr(state, "tiles", None)
        base = self._base
        if not tiles:
            return base
        key = tuple(sorted(tiles.items()))
        if key == self.tiles:
            return self
        found = base._tiled.get(key)
        if found is None:
            if len(base._tiled) > 16:
                base._tiled.clear()  # a bounded cache of derived boards, not game state
            found = base._tiled[key] = base._with_tiles(key)
        return found

    def _with_tiles(self, key: tuple) -> "GoEBoard":
        from ..data.components import HexSpec, tile_overlay

        bs = self.state
        for h, kind in key:  # a tile keeps the hex's elevation (as the scenarios' printed tiles do)
            bs = bs.place(h, tile_overlay(self.tec, HexSpec(self.label(h), kind), self.state.terrain(h).elevation))
        changed = bs.changed_hexes(self.state)
        new = copy.copy(self)
        new.state, new.tiles, new._tiled, new._smoke, new._smoked = bs, key, {}, {}, {}
        new.rows, new.elevation = dict(self.rows), dict(self.elevation)
        for h in changed:
            t = bs.terrain(h)
            new.rows[h] = self.tec.row(t.kind, t.elevation)
            new.elevation[h] = t.elevation
        new._los = self._los.with_state(bs)  # same rules and sight-line cache, the new terrain
        new._table = self._los_table().updated(bs)  # patched, not rebuilt: only lines touching a tile
        new._statuses, new._seers, new._derived = {}, {}, {}
        new._costs = {k: v for k, v in self._costs.items() if k[0] not in changed and k[1] not in changed}
        new._exits = {}
        return new

    # -- names --------------------------------------------------------------------------------
    def label(self, h) -> str:
        try:
            return self._labels[h]
        except (KeyError, TypeError):  # off the board: the board's error names the hex
            return self.board.label(h)

    def hex(self, label: str) -> Hex:
        try:
            return self._by_label[label]  # an action's label as the board wrote it
        except (KeyError, TypeError):  # any other spelling, a hex, or no hex: the board's answer
            return self.board.hex(label)

    def local(self, h) -> tuple[str, str, int]:
        """(map id, column letters, row) of a hex's first label."""
        return self.board.parse(self.board.label(h))

    # -- terrain ------------------------------------------------------------------------------
    def row(self, h) -> Terrain:
        return self.rows[h]

    def cf(self, h, *, artillery: bool = False) -> int:
        """GoE 4b, 12a: the Cover Factor of a hex against direct fire or artillery."""
        r = self.rows[h]
        return r.cf_artillery if artillery else r.cf

    def in_cover(self, h, foxholes=()) -> bool:
        """Covered terrain (18q, 23a): a positive Cover Factor or a Foxhole."""
        return self.rows[h].cf > 0 or h in foxholes

    def terrain_cover(self) -> frozenset:
        """The hexes whose terrain alone is covered (:meth:`in_cover` without fortifications)."""
        return self.derived("terrain cover", lambda: frozenset(h for h, r in self.rows.items() if r.cf > 0))

    def map_hexes(self, map_id: str) -> frozenset:
        """The hexes of the board whose first label is on map ``map_id`` (:meth:`local`); "*": every hex."""
        return self.derived(("map hexes", map_id), lambda: frozenset(
            h for h in self.hexes if map_id == "*" or self.local(h)[0] == map_id))

    def enter_cost(self, a, b, move_class: str) -> int | None:
        """MP to step from ``a`` into adjacent ``b`` (TEC, roads, climbing); None if prohibited."""
        key = (a, b, move_class)
        try:
            return self._costs[key]
        except KeyError:
            cost = self._costs[key] = self._enter_cost(a, b, move_class)
            return cost

    def _enter_cost(self, a, b, move_class: str) -> int | None:
        if move_class != "F" and self.board.has_road(a, b):
            return self.tec.road_mp
        cost = self.rows[b].cost(move_class)
        if cost is None:
            return None
        if move_class != "F" and self.elevation[b] > self.elevation[a]:
            cost += self.tec.climb_mp
        return cost

    def exits(self, a, move_class: str) -> tuple:
        """The hexes next to ``a`` on this board that a unit of ``move_class`` may step into from
        ``a`` as the terrain stands (:meth:`enter_cost` not None), in ``neighbours`` order: the
        reserve first-step tests ask them of every mover at every pick."""
        key = (a, move_class)
        found = self._exits.get(key)
        if found is None:
            rows, cost = self.rows, self.enter_cost
            found = self._exits[key] = tuple(b for b in self.neighbours[a]
                                             if b in rows and cost(a, b, move_class) is not None)
        return found

    def sides(self, h) -> tuple:
        """The six hexes next to ``h`` in :data:`DIRECTIONS` order, None where off the board
        (geometry: memoised, shared by the tiled copies)."""
        found = self._sides.get(h)
        if found is None:
            rows, q, r = self.rows, h[0], h[1]
            found = self._sides[h] = tuple(n if n in rows else None
                                           for n in (Hex(q + d.q, r + d.r) for d in DIRECTIONS))
        return found

    def within(self, h, radius: int) -> frozenset:
        """The hexes at most ``radius`` from ``h``, on the map or off it (geometry: memoised)."""
        key = (h, radius)
        found = self._within.get(key)
        if found is None:
            found = self._within[key] = frozenset(hexes_within(h, radius))
        return found

    # -- sight and range ----------------------------------------------------------------------
    def los(self, a, b, sight: str = "leg", up: int = 0, target_up: int = 0) -> int:
        """GoE 14: LosStatus value (0 clear, 1 degraded, 2 blocked) from a unit in ``a`` to one in ``b``;
        ``up`` / ``target_up`` lift a flying or hovering helicopter one level (17e)."""
        index = self.index
        try:
            cell = index[a] * len(index) + index[b]
        except KeyError:  # off the board: the single check names the hex
            return int(self._los.check(a, b, sight_class=sight, observer_offset=up, target_offset=target_up).status)
        found = self._statuses.get((sight, up, target_up))
        return (found or self.statuses(sight, up, target_up))[cell]

    def sees(self, a, b, sight: str = "leg", up: int = 0, target_up: int = 0) -> bool:
        return self.los(a, b, sight, up, target_up) != LosStatus.BLOCKED

    def seen_from(self, a, sight: str = "leg", up: int = 0, target_up: int = 0) -> np.ndarray:
        """GoE 14: which hexes (a bool per hex, in ``hexes`` order) a unit in ``a`` sees."""
        n = len(self.hexes)
        start = self.index[a] * n
        row = np.frombuffer(self.statuses(sight, up, target_up), dtype=np.int8, count=n, offset=start)
        return row < LosStatus.BLOCKED

    def seers(self, b, sight: str = "leg", up: int = 0, target_up: int = 0) -> frozenset:
        """GoE 14: the hexes from which a unit (of this sight class and height) sees one in ``b``:
        a column of the LOS table, memoised, so "does any of these units see ``b``?" is a set lookup
        per unit (asked after every act in Sherkhankhel)."""
        key = (b, sight, up, target_up)
        found = self._seers.get(key)
        if found is None:
            n = len(self.hexes)
            column = np.frombuffer(self.statuses(sight, up, target_up), dtype=np.int8)[self.index[b]::n]
            hexes = self.hexes
            found = self._seers[key] = frozenset(hexes[i] for i in np.flatnonzero(column < LosStatus.BLOCKED).tolist())
        return found

    def seen_by_any(self, looks, b) -> bool:
        """Whether any look (observer hex, sight class, height) sees ``b``: a set lookup each."""
        index = self.index
        for a, sight, up in looks:
            if a in index:
                if a in self.seers(b, sight, up, 0):
                    return True
            elif self.sees(a, b, sight, up, 0):  # off the board: the single check names the hex
                return True
        return False

    def distances(self, h) -> np.ndarray:
        """The distance from ``h`` to every hex of the board, in ``hexes`` order."""
        q, r = self._axial
        dq, dr = q - h[0], r - h[1]
        return (np.abs(dq) + np.abs(dr) + np.abs(dq + dr)) // 2

    @functools.cached_property
    def _axial(self) -> tuple[np.ndarray, np.ndarray]:
        return (np.fromiter((h[0] for h in self.hexes), dtype=np.int64, count=len(self.hexes)),
                np.fromiter((h[1] for h in self.hexes), dtype=np.int64, count=len(self.hexes)))

    def statuses(self, sight: str, up: int, target_up: int) -> bytes:
        """One query case's LOS statuses of every ordered pair, ``index[a] * n + index[b]``."""
        key = (sight, up, target_up)
        found = self._statuses.get(key)
        if found is None:
            found = self._statuses[key] = self._los_table().matrix(
                sight_class=sight, observer_offset=up, target_offset=target_up).tobytes()
        return found

    def _los_table(self) -> LosTable:
        if self._table is None:
            self._table = LosTable(self.state, lines=self._los.lines)
        return self._table

    def sight(self, state) -> "GoEBoard | _Sight":
        """LOS as it is now: the board (under the tiles laid in play), or that board under the Smoke
        markers in play (22f)."""
        board = self.at(state)
        if board is not self:
            return board.sight(state)
        if not state.smoke:
            return self
        key = tuple(sorted(state.smoke.items()))
        found = self._smoke.get(key)
        if found is None:
            if len(self._smoke) > 64:
                self._smoke.clear()  # a bounded cache of derived LOS tables, not game state
            found = self._smoke[key] = _Sight(self, dict(key))
        return found

    def smoked_los(self, smoke: dict) -> LineOfSight:
        """The single LOS check of this board with ``smoke`` (hex -> level) laid as terrain (22f):
        each marker an obstacle that degrades (Smoke 1) or blocks (Smoke 2)."""
        bs = self.state
        for h, level in sorted(smoke.items()):
            bs = bs.place(h, Overlay(name=f"smoke{level}", obstacle=max(bs.terrain(h).obstacle, 1),
                                     los_at_least=LosClass.BLOCKING if level >= 2 else LosClass.DEGRADING))
        return self._los.with_state(bs)

    @staticmethod
    def distance(a, b) -> int:
        """GoE 10b: count the target's hex, not the firer's."""
        return hex_distance(a, b)

    # -- edges and zones ----------------------------------------------------------------------
    @functools.cached_property
    def _max(self) -> dict[str, tuple[int, int]]:
        out: dict[str, tuple[int, int]] = {}
        for mid, m in self.board.maps.items():
            out[mid] = (max(c for c, _ in m.terrain), max(r for _, r in m.terrain))
        return out

    def edge_hexes(self, map_id: str, edge: str = "", column: str = "") -> tuple[Hex, ...]:
        """Hexes of a map's edge (24a half hexes included) or of one column, for entering units."""
        out = []
        maxc, maxr = self._max[map_id]
        for h in self.hexes:
            for lab in self.board.labels(h):
                if not lab.startswith(map_id):
                    continue
                _, col, row = _split(lab, map_id)
                ci = ord(col[0]) - ord("A")
                if column and col == column:
                    out.append(h)
                elif edge == "north" and (row == 0 or (ci % 2 == 1 and row == 0)):
                    out.append(h)
                elif edge == "south" and row >= maxr - (ci % 2):
                    out.append(h)
                elif edge == "west" and ci == 0:
                    out.append(h)
                elif edge == "east" and ci == maxc:
                    out.append(h)
        return tuple(sorted(set(out)))

    def zone_hexes(self, zone) -> tuple[Hex, ...]:
        """The hexes of a set-up zone (labels only: memoised, shared by the tiled copies)."""
        key = (zone.map, zone.row_min, zone.row_max, tuple(zone.columns), tuple(zone.hexes))
        found = self._zones.get(key)
        if found is None:
            found = self._zones[key] = self._zone_hexes(zone)
        return found

    def _zone_hexes(self, zone) -> tuple[Hex, ...]:
        if zone.hexes:
            return tuple(self.hex(lab) for lab in zone.hexes)
        out = []
        for h in self.hexes:
            for lab in self.board.labels(h):
                mid, col, row = _split(lab, zone.map) if lab.startswith(zone.map) else ("", "", -1)
                if mid != zone.map:
                    continue
                if zone.row_min <= row <= zone.row_max and (not zone.columns or col in zone.columns):
                    out.append(h)
        return tuple(sorted(set(out)))

    def derived(self, key, build):
        """A value that depends on this board's terrain alone (and ``key``), built by ``build()``
        the first time it is asked: a tiled copy builds its own."""
        try:
            return self._derived[key]
        except KeyError:
            found = self._derived[key] = build()
            return found

    def adjacent(self, a, b) -> bool:
        return hex_distance(a, b) == 1


class _Sight:
    """LOS answers for one set of Smoke markers (22f).  Smoke only adds to what is in the way
    (an obstacle, a degrading or blocking class; no elevation), so a line the board blocks stays
    blocked, and a line with no Smoke hex on it or at its ends is the board's own answer
    (``base``).  The others are checked exactly on the smoked terrain; the answer depends on the
    Smoke of that line alone, so it is kept on the board by line, query case and the line's Smoke,
    for every later set of markers that leaves that line's Smoke as it is."""

    def __init__(self, base: GoEBoard, smoke: dict):
        self._base = base
        self._smoke = smoke  # hex -> Smoke level
        self._on_line: dict[tuple, tuple] = {}  # (a, b) -> the (hex, level) Smoke on that line
        self._lines = base._los.lines  # the sight lines' crossed hexes (shared with the smoked check)
        self._smoked: LineOfSight | None = None  # the exact check on the smoked terrain, made when first needed

    def _exact(self) -> LineOfSight:
        """The exact check under this Smoke, made on the first line that needs it (many sets of
        markers see only lines the board's answers or the kept exact answers settle)."""
        if self._smoked is None:
            self._smoked = self._base.smoked_los(self._smoke)
        return self._smoked

    def smoke_on(self, a, b) -> tuple:
        """The Smoke markers (hex, level) in the hexes a line of two or more steps crosses or ends
        in (a shorter one is always clear, 14a); () if none."""
        key = (a, b)
        found = self._on_line.get(key)
        if found is None:
            found = self._on_line[key] = self._walk(a, b)
        return found

    def _walk(self, a, b) -> tuple:
        aq, ar = a[0], a[1]
        if hex_distance(a, b) < 2:
            return ()
        smoke = self._smoke
        on = {h: smoke[h] for h in (a, b) if h in smoke}
        for step in self._lines.steps((b[0] - aq, b[1] - ar)):
            for oq, orr in step:
                h = (aq + oq, ar + orr)
                level = smoke.get(h)  # type: ignore[call-overload]
                if level is not None:
                    on[h] = level
        return tuple(sorted(on.items()))

    def los(self, a, b, sight: str = "leg", up: int = 0, target_up: int = 0) -> int:
        base = self._base
        seen = base.los(a, b, sight, up, target_up)  # off the board: the board's error names the hex
        if seen == LosStatus.BLOCKED:
            return seen
        on = self.smoke_on(a, b)
        return self._through_smoke(a, b, sight, up, target_up, on) if on else seen

    def _through_smoke(self, a, b, sight: str, up: int, target_up: int, on: tuple) -> int:
        memo = self._base._smoked
        key = (a, b, sight, up, target_up, on)
        found = memo.get(key)
        if found is None:
            if len(memo) > 100_000:
                memo.clear()  # a bounded cache of derived answers, not game state
            found = memo[key] = int(self._exact().check(a, b, sight_class=sight, observer_offset=up,
                                                        target_offset=target_up).status)
        return found

    def sees(self, a, b, sight: str = "leg", up: int = 0, target_up: int = 0) -> bool:
        return self.los(a, b, sight, up, target_up) != LosStatus.BLOCKED

    def seen_by_any(self, looks, b) -> bool:
        """Whether any look (observer hex, sight class, height) sees ``b``: first the board's
        column for the lines clear of the Smoke, then the exact check of the others."""
        base = self._base
        index = base.index
        through_smoke = []
        for look in looks:
            a = look[0]
            if a not in index:
                through_smoke.append(look)  # off the board: the board's error names the hex
            elif a in base.seers(b, look[1], look[2], 0):
                if not self.smoke_on(a, b):
                    return True
                through_smoke.append(look)
        return any(self.sees(a, b, sight, up, 0) for a, sight, up in through_smoke)

    def seen_from(self, a, sight: str = "leg", up: int = 0, target_up: int = 0) -> np.ndarray:
        """The board's row, with the lines through Smoke from ``a`` it sees checked on the smoked terrain."""
        base = self._base
        seen = base.seen_from(a, sight, up, target_up).copy()
        hexes = base.hexes
        for j in self._smoked_lines_from(a, seen):
            on = self.smoke_on(a, hexes[j])
            if on:
                seen[j] = self._through_smoke(a, hexes[j], sight, up, target_up, on) != LosStatus.BLOCKED
        return seen

    def _smoked_lines_from(self, a, seen: np.ndarray) -> list:
        """The places (in ``hexes``) of the hexes ``seen`` from ``a`` whose line from ``a`` may hold
        Smoke: every one when ``a`` is smoked, else those with a Smoke hex on a shortest path from
        ``a`` (a line crosses only such hexes, and ends in one), not a walk of every line."""
        if a in self._smoke:
            return np.flatnonzero(seen).tolist()
        base = self._base
        from_a = base.distances(a)
        between = np.zeros(len(from_a), dtype=bool)
        for s in self._smoke:
            between |= base.distances(s) + hex_distance(a, s) == from_a
        return np.flatnonzero(seen & between).tolist()


def _split(label: str, map_id: str) -> tuple[str, str, int]:
    rest = label[len(map_id):]
    i = 0
    while i < len(rest) and rest[i].isalpha():
        i += 1
    return map_id, rest[:i], int(rest[i:])


def away_from(frm, to) -> Hex | None:
    """The hex beyond ``to`` seen from adjacent ``frm`` (13d: retreat directly away)."""
    d = (to[0] - frm[0], to[1] - frm[1])
    if d not in [(x.q, x.r) for x in DIRECTIONS]:
        return None
    return Hex(to[0] + d[0], to[1] + d[1])


@functools.cache
def board_for(scenario: str) -> GoEBoard:
    """The scenario's printed board (its scenario tiles included)."""
    return GoEBoard(scenario)


def board_at(state) -> GoEBoard:
    """The board of ``state``'s scenario as it lies now: the tiles laid during play included."""
    board = board_for(state.scenario)
    return board.at(state) if getattr(state, "tiles", None) else board  # asked everywhere: no call without tiles


def deploy_preference(board, force, h):
    """Sort key of a default set-up: the hexes a force fills first (its preferred edge, then cover and height)."""
    r = board.row(h)
    y = 2 * h[1] + h[0]
    edge = {"south": -y, "north": y, "east": -h[0], "west": h[0]}.get(force.prefer, 0)
    return (edge, -r.cf, -board.elevation[h], h) if force.prefer != "cover" else (-r.cf, -board.elevation[h], h)
