"""Multi-map hex boards: map definitions, layouts, labels, terrain, roads and overlays.

A game's board is made of printed *maps* (GoE ships maps 4-8) laid side by side.  Each map is a
:class:`MapDef`: an id (``"7"``), lettered columns ``A..`` running north-south, numbered rows
``0..`` counted from the north edge, the set of hexes printed on it (half hexes included: GoE 24a
makes them playable) and the base terrain of each hex.  A :class:`Placement` puts a map on the
board by an axial translation, optionally turned 180 degrees; :class:`Board` joins the placed maps
into one set of axial hexes and translates labels (``7E4`` = map 7, column E, row 4) both ways.

Map geometry (see :mod:`hexgrid`): columns are vertical, odd columns (B, D, ...) sit half a hex
lower than even ones.  The :meth:`MapDef.standard` shape has ``rows`` full hexes in odd columns and
``rows + 1`` in even columns, whose first and last hexes are cut by the north and south edges; the
first and last columns are cut by the west and east edges.  When two maps are placed so that edge
half hexes coincide, they join into one hex with two labels (first placement's label first).

Terrain is a frozen :class:`HexTerrain` per hex: a terrain ``kind`` name for the rules package to
look up (movement costs and cover are game data, not core knowledge), ``elevation`` (the ground
level a unit stands on), ``obstacle`` (how far the terrain feature rises above that ground), the
LOS class of the feature (clear / degrading / blocking) with per-sight-class exceptions, and the
names of overlays on it.  Play changes terrain only through :class:`Overlay` values (smoke, rubble,
placed woods, building or clear tiles) held by a :class:`BoardState`; the base board never changes.
"""
from __future__ import annotations

import enum
import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from types import MappingProxyType
from typing import Any

import attrs

from ..errors import BoardError
from .hexgrid import DIRECTIONS, Hex, axial_to_offset, offset_to_axial


class LosClass(enum.IntEnum):
    """How a terrain feature affects a line of sight through its hex (ordered: worse is larger)."""

    CLEAR = 0
    DEGRADING = 1
    BLOCKING = 2


def _strings(items: Iterable[str]) -> tuple[str, ...]:
    return tuple(items)


def _cells(items: Iterable[tuple[int, int]]) -> frozenset[tuple[int, int]]:
    return frozenset(items)


def _road_sides(items: Iterable[tuple[tuple[int, int], int]]) -> tuple[tuple[tuple[int, int], int], ...]:
    return tuple(items)


def _offset(value: tuple[int, int]) -> Hex:
    return Hex(int(value[0]), int(value[1]))


def _los_for_converter(value: Mapping[str, LosClass] | Iterable[tuple[str, LosClass]]) -> tuple[tuple[str, LosClass], ...]:
    items = value.items() if isinstance(value, Mapping) else value
    return tuple(sorted((str(k), LosClass(v)) for k, v in items))


@attrs.frozen
class HexTerrain:
    """The terrain of one hex as far as the board cares.

    ``los`` is the feature's LOS class for any sight class not listed in ``los_for``; ``los_for``
    maps sight classes to exceptions (e.g. rough blocks a ``"leg"`` observer but only degrades for
    a ``"vehicle"``: GoE 14 example J-I / F-I).  A hex with ``elevation > 0`` is also a hill: its
    ground is blocking terrain as tall as its elevation (GoE 14b example K-M).
    """

    kind: str = "clear"
    elevation: int = attrs.field(default=0)
    obstacle: int = attrs.field(default=0)
    los: LosClass = attrs.field(default=LosClass.CLEAR, converter=LosClass)
    los_for: tuple[tuple[str, LosClass], ...] = attrs.field(default=(), converter=_los_for_converter)
    markers: tuple[str, ...] = attrs.field(default=(), converter=_strings)

    @elevation.validator
    @obstacle.validator
    def _non_negative(self, attribute: attrs.Attribute[int], value: int) -> None:
        if not isinstance(value, int) or value < 0:
            raise BoardError(f"terrain {self.kind!r}: {attribute.name} must be an int >= 0, got {value!r}")

    @property
    def height(self) -> int:
        """Obstacle height (GoE 14b OH) of the feature: its ground level plus its own height."""
        return self.elevation + self.obstacle

    def los_class(self, sight_class: str | None = None) -> LosClass:
        """The feature's LOS class for an observer of ``sight_class``."""
        if sight_class is not None:
            for name, cls in self.los_for:
                if name == sight_class:
                    return cls
        return self.los

    def sight_classes(self) -> tuple[str, ...]:
        """Sight classes this terrain treats specially."""
        return tuple(name for name, _ in self.los_for)


@attrs.frozen
class Overlay:
    """A tile or marker placed on a hex during play that changes its terrain.

    Fields left ``None`` keep what lies below.  ``kind``/``elevation``/``obstacle``/``los``/``los_for``
    replace (a woods tile, a building tile, a clear-hex tile that keeps the elevation: set only what
    the tile changes); ``los_at_least`` raises the LOS class without lowering it (smoke over woods is
    still blocking).  The overlay's ``name`` is recorded in the hex's ``markers``.
    """

    name: str
    kind: str | None = None
    elevation: int | None = None
    obstacle: int | None = None
    los: LosClass | None = attrs.field(default=None, converter=attrs.converters.optional(LosClass))
    los_for: tuple[tuple[str, LosClass], ...] | None = attrs.field(
        default=None, converter=attrs.converters.optional(_los_for_converter)
    )
    los_at_least: LosClass | None = attrs.field(default=None, converter=attrs.converters.optional(LosClass))

    def apply(self, base: HexTerrain) -> HexTerrain:
        """The terrain of a hex after this overlay is laid on ``base``."""
        los = base.los if self.los is None else self.los
        los_for = base.los_for if self.los_for is None else self.los_for
        if self.los is not None and self.los_for is None:
            los_for = ()  # a replaced feature drops the old feature's exceptions
        if self.los_at_least is not None:
            los = max(los, self.los_at_least)
            los_for = tuple((name, max(cls, self.los_at_least)) for name, cls in los_for)
        return HexTerrain(
            kind=base.kind if self.kind is None else self.kind,
            elevation=base.elevation if self.elevation is None else self.elevation,
            obstacle=base.obstacle if self.obstacle is None else self.obstacle,
            los=los,
            los_for=los_for,
            markers=base.markers + (self.name,),
        )


# ---------------------------------------------------------------------------------------------
# Labels


_LABEL_RE = re.compile(r"^([A-Z]+)([0-9]+)$")


def column_letters(col: int) -> str:
    """Column index to letters: 0 -> A, 25 -> Z, 26 -> AA (spreadsheet style)."""
    if col < 0:
        raise BoardError(f"column index must be >= 0, got {col}")
    letters = ""
    col += 1
    while col:
        col, rem = divmod(col - 1, 26)
        letters = chr(ord("A") + rem) + letters
    return letters


def column_index(letters: str) -> int:
    """Inverse of :func:`column_letters`."""
    if not letters or not letters.isalpha() or not letters.isupper() or not letters.isascii():
        raise BoardError(f"bad column letters {letters!r}")
    n = 0
    for ch in letters:
        n = n * 26 + (ord(ch) - ord("A") + 1)
    return n - 1


# ---------------------------------------------------------------------------------------------
# Maps and layouts


def _freeze_terrain(value: Mapping[tuple[int, int], HexTerrain]) -> Mapping[tuple[int, int], HexTerrain]:
    return MappingProxyType({(int(c), int(r)): t for (c, r), t in value.items()})


@attrs.frozen
class MapDef:
    """One printed map: its id, the hexes it has (by ``(col, row)``) and their base terrain.

    ``half`` lists the hexes cut by the map's edge (playable, GoE 24a).  ``roads`` lists road
    hexsides as ``((col, row), direction)`` with directions as in :mod:`hexgrid`; declaring a road
    from either side is enough.
    """

    id: str
    terrain: Mapping[tuple[int, int], HexTerrain] = attrs.field(converter=_freeze_terrain)
    half: frozenset[tuple[int, int]] = attrs.field(default=frozenset(), converter=_cells)
    roads: tuple[tuple[tuple[int, int], int], ...] = attrs.field(default=(), converter=_road_sides)

    def __attrs_post_init__(self) -> None:
        if not self.id or not self.id.isalnum():
            raise BoardError(f"a map needs a non-empty alphanumeric id, got {self.id!r}")
        unknown = [h for h in self.half if h not in self.terrain]
        if unknown:
            raise BoardError(f"map {self.id}: half hexes {sorted(unknown)} are not on the map")
        for (cell, direction) in self.roads:
            if tuple(cell) not in self.terrain or not 0 <= direction < 6:
                raise BoardError(f"map {self.id}: bad road entry {(cell, direction)!r}")

    @classmethod
    def standard(
        cls,
        map_id: str,
        columns: int = 11,
        rows: int = 8,
        terrain: Mapping[str, HexTerrain] | None = None,
        default: HexTerrain = HexTerrain(),
        roads: Iterable[tuple[str, int]] = (),
    ) -> MapDef:
        """The usual map shape (see module docstring), terrain given by local labels (``"E4"``).

        Even columns hold rows ``0..rows`` (the first and last are half hexes), odd columns rows
        ``0..rows-1``; the first and last columns are half hexes all the way down.
        """
        cells: dict[tuple[int, int], HexTerrain] = {}
        half: set[tuple[int, int]] = set()
        for col in range(columns):
            last = rows if col % 2 == 0 else rows - 1
            for row in range(last + 1):
                cells[(col, row)] = default
                if col in (0, columns - 1) or (col % 2 == 0 and row in (0, rows)):
                    half.add((col, row))
        for label, t in (terrain or {}).items():
            cell = _parse_local(map_id, label)
            if cell not in cells:
                raise BoardError(f"map {map_id}: terrain given for {label!r}, which is not on the map")
            cells[cell] = t
        road_cells = tuple((_parse_local(map_id, label), direction) for label, direction in roads)
        return cls(id=map_id, terrain=cells, half=half, roads=road_cells)

    def label(self, cell: tuple[int, int]) -> str:
        """Local label (without the map id), e.g. ``"E4"``."""
        return f"{column_letters(cell[0])}{cell[1]}"


def _parse_local(map_id: str, label: str) -> tuple[int, int]:
    m = _LABEL_RE.match(label.strip().upper())
    if m is None:
        raise BoardError(f"map {map_id}: bad hex label {label!r} (expected column letters then a row number)")
    return column_index(m.group(1)), int(m.group(2))


@attrs.frozen
class Placement:
    """Where a map lies on the board: axial translation of its local hexes, optional 180° turn.

    A turned map is rotated about its own centre before translation, so a turned map occupies the
    same hexes as an unturned one with the same offset (for maps symmetric in shape).
    """

    map_id: str
    offset: tuple[int, int] = attrs.field(default=(0, 0), converter=_offset)
    rotated: bool = False

    @classmethod
    def at(cls, map_id: str, col: int, row: int, rotated: bool = False) -> Placement:
        """Put the map's A0 corner at board column/row ``(col, row)`` (offset coordinates)."""
        return cls(map_id, offset_to_axial(col, row), rotated)


def row_layout(maps: Iterable[MapDef], *, merge_edges: bool = True, rotated: Iterable[str] = ()) -> tuple[Placement, ...]:
    """Place maps west to east.  With ``merge_edges`` the east half hexes of one map and the
    west half hexes of the next join into full hexes (both labels stay valid)."""
    turned = set(rotated)
    out: list[Placement] = []
    col = 0
    previous: MapDef | None = None
    for m in maps:
        if previous is not None:
            width = max(c for c, _ in previous.terrain) + 1
            step = width - 1 if merge_edges else width
            if step % 2:
                raise BoardError(
                    f"map {previous.id}: {width} columns cannot be placed "
                    f"{'edge-merged' if merge_edges else 'side by side'} without shifting rows by half a hex"
                )
            col += step
        out.append(Placement.at(m.id, col, 0, m.id in turned))
        previous = m
    return tuple(out)


def column_layout(maps: Iterable[MapDef], *, merge_edges: bool = True) -> tuple[Placement, ...]:
    """Place maps north to south (first map northernmost), joining edge half hexes if asked."""
    out: list[Placement] = []
    row = 0
    for m in maps:
        out.append(Placement.at(m.id, 0, row))
        height = max(r for c, r in m.terrain if c % 2 == 0) + 1
        row += height - 1 if merge_edges else height
    return tuple(out)


def _rotation_sum(m: MapDef) -> Hex:
    """Lattice vector S such that ``h -> S - h`` turns the map 180° about its own centre."""
    axial = [offset_to_axial(c, r) for c, r in m.terrain]
    qs = [h.q for h in axial]
    ys = [2 * h.r + h.q for h in axial]
    sq = min(qs) + max(qs)
    sy = min(ys) + max(ys)
    if (sy - sq) % 2:
        raise BoardError(f"map {m.id} cannot be turned 180° onto the hex grid (its shape is off-centre)")
    return Hex(sq, (sy - sq) // 2)


@attrs.frozen(eq=False, repr=False)
class Board:
    """Placed maps joined into one board of axial hexes.  Immutable; build once per scenario.

    Lookups: ``board.hex("7E4")`` (label to :class:`Hex`), ``board.label(h)`` (canonical label),
    ``board.labels(h)`` (all labels of a joined half hex), ``board.terrain(h)`` (base terrain),
    ``board.index[h]`` (dense index 0..n-1, in ``board.hexes`` order, for tables).
    """

    maps: Mapping[str, MapDef]
    placements: tuple[Placement, ...]
    base: Mapping[Hex, HexTerrain]
    hexes: tuple[Hex, ...]
    index: Mapping[Hex, int]
    half: frozenset[Hex]
    _labels: Mapping[Hex, tuple[str, ...]]
    _by_label: Mapping[str, Hex]
    _roads: frozenset[tuple[Hex, Hex]]
    _adjacent: Mapping[Hex, tuple[Hex, ...]]

    @classmethod
    def build(cls, maps: Iterable[MapDef], placements: Iterable[Placement] | None = None) -> Board:
        """Join ``maps`` as ``placements`` say (default: one row west to east, edges joined)."""
        map_list = list(maps)
        by_id: dict[str, MapDef] = {}
        for m in map_list:
            if m.id in by_id:
                raise BoardError(f"map id {m.id!r} given twice")
            by_id[m.id] = m
        places = tuple(placements) if placements is not None else row_layout(map_list)
        if len({p.map_id for p in places}) != len(places):
            raise BoardError("a map can be placed only once")
        base: dict[Hex, HexTerrain] = {}
        labels: dict[Hex, list[str]] = {}
        halves: dict[Hex, int] = {}
        by_label: dict[str, Hex] = {}
        roads: set[tuple[Hex, Hex]] = set()
        for p in places:
            placed = by_id.get(p.map_id)
            if placed is None:
                raise BoardError(f"placement names map {p.map_id!r}, which is not among {sorted(by_id)}")
            m = placed
            to_board = _placer(m, p)
            for cell, t in m.terrain.items():
                h = to_board(cell)
                label = f"{m.id}{m.label(cell)}"
                if h in base:
                    if halves.get(h, 0) != 1 or cell not in m.half:
                        raise BoardError(f"maps overlap at {labels[h][0]} / {label}: only half hexes may join")
                    halves[h] = 2
                else:
                    base[h] = t
                    halves[h] = 1 if cell in m.half else 0
                labels.setdefault(h, []).append(label)
                by_label[label.upper()] = h
            for cell, direction in m.roads:
                a = to_board(cell)
                d = DIRECTIONS[(direction + (3 if p.rotated else 0)) % 6]
                b = Hex(a.q + d.q, a.r + d.r)
                roads.add((a, b) if a < b else (b, a))
        hexes = tuple(sorted(base))
        return cls(
            maps=MappingProxyType(by_id),
            placements=places,
            base=MappingProxyType(base),
            hexes=hexes,
            index=MappingProxyType({h: i for i, h in enumerate(hexes)}),
            half=frozenset(h for h, n in halves.items() if n == 1),
            labels=MappingProxyType({h: tuple(v) for h, v in labels.items()}),
            by_label=MappingProxyType(by_label),
            roads=frozenset((a, b) for a, b in roads if a in base and b in base),
            adjacent=MappingProxyType({
                h: tuple(n for n in (Hex(h.q + d.q, h.r + d.r) for d in DIRECTIONS) if n in base) for h in hexes
            }),
        )

    def __repr__(self) -> str:
        placed = ", ".join(f"{p.map_id}@{tuple(p.offset)}{'R' if p.rotated else ''}" for p in self.placements)
        return f"Board({placed}; {len(self.hexes)} hexes)"

    # -- labels --------------------------------------------------------------------------------
    def hex(self, label: str | tuple[int, int]) -> Hex:
        """The board hex of a label such as ``"7E4"`` (a :class:`Hex` passes through if on the board)."""
        if not isinstance(label, str):
            h = Hex(label[0], label[1])
            if h not in self.base:
                raise BoardError(f"hex {h!r} is not on the board")
            return h
        key = label.strip().upper()
        found = self._by_label.get(key)
        if found is not None:
            return found
        raise BoardError(self._explain_label(label))

    def _explain_label(self, label: str) -> str:
        key = label.strip().upper()
        for map_id in sorted(self.maps, key=len, reverse=True):
            if key.startswith(map_id.upper()):
                rest = key[len(map_id):]
                if _LABEL_RE.match(rest):
                    return f"hex {label!r}: map {map_id} has no hex {rest}"
        return (
            f"unknown hex label {label!r}: expected map id ({', '.join(sorted(self.maps))}),"
            " column letters and a row number, e.g. '7E4'"
        )

    def label(self, h: tuple[int, int]) -> str:
        """Canonical label of a board hex (the first placed map's, for joined half hexes)."""
        return self.labels(h)[0]

    def labels(self, h: tuple[int, int]) -> tuple[str, ...]:
        """Every label of a board hex (two for half hexes joined across map edges)."""
        try:
            # a Hex or an (int, int) pair finds its entry as it is (a Hex is that tuple): no Hex built
            return self._labels[h]  # type: ignore[index]
        except (KeyError, TypeError):
            pass
        try:
            return self._labels[Hex(h[0], h[1])]
        except KeyError:
            raise BoardError(f"hex {tuple(h)!r} is not on the board") from None

    def parse(self, label: str) -> tuple[str, str, int]:
        """Split a label into ``(map_id, column_letters, row)`` after checking it exists."""
        self.hex(label)
        key = label.strip().upper()
        for map_id in sorted(self.maps, key=len, reverse=True):
            if key.startswith(map_id.upper()):
                m = _LABEL_RE.match(key[len(map_id):])
                if m:
                    return map_id, m.group(1), int(m.group(2))
        raise BoardError(self._explain_label(label))  # pragma: no cover - hex() already checked

    # -- geometry and terrain ------------------------------------------------------------------
    def __contains__(self, h: object) -> bool:
        return h in self.base

    def __len__(self) -> int:
        return len(self.hexes)

    def __iter__(self) -> Iterator[Hex]:
        return iter(self.hexes)

    def neighbors(self, h: tuple[int, int]) -> tuple[Hex, ...]:
        """On-board neighbours of ``h`` in direction order (empty for a hex off the board)."""
        adjacent: tuple[Hex, ...] = self._adjacent.get(h, ())  # type: ignore[call-overload]
        return adjacent

    def terrain(self, h: tuple[int, int]) -> HexTerrain:
        """Base (printed) terrain of a hex; see :class:`BoardState` for terrain during play."""
        try:
            return self.base[h]  # type: ignore[index]
        except KeyError:
            raise BoardError(f"hex {tuple(h)!r} is not on the board") from None

    def is_half(self, h: tuple[int, int]) -> bool:
        """True for a half hex on the board's outer edge (playable: GoE 24a)."""
        return h in self.half

    def has_road(self, a: tuple[int, int], b: tuple[int, int]) -> bool:
        """True when a road crosses the hexside between adjacent hexes ``a`` and ``b``."""
        a, b = Hex(a[0], a[1]), Hex(b[0], b[1])
        return ((a, b) if a < b else (b, a)) in self._roads

    def road_directions(self, h: tuple[int, int]) -> tuple[int, ...]:
        """Hexside directions out of ``h`` that carry a road."""
        return tuple(i for i, d in enumerate(DIRECTIONS) if self.has_road(h, (h[0] + d.q, h[1] + d.r)))

    @property
    def roads(self) -> frozenset[tuple[Hex, Hex]]:
        """Road hexsides as ordered hex pairs ``(a, b)`` with ``a < b``."""
        return self._roads

    def map_of(self, h: tuple[int, int]) -> str:
        """Id of the (first) map a hex belongs to."""
        return self.parse(self.label(h))[0]


def _placer(m: MapDef, p: Placement) -> Callable[[tuple[int, int]], Hex]:
    """Function taking a map-local ``(col, row)`` to its board hex under placement ``p``."""
    ox, oy = p.offset
    if p.rotated:
        sq, sr = _rotation_sum(m)

        def place(cell: tuple[int, int]) -> Hex:
            h = offset_to_axial(*cell)
            return Hex(sq - h.q + ox, sr - h.r + oy)
    else:

        def place(cell: tuple[int, int]) -> Hex:
            h = offset_to_axial(*cell)
            return Hex(h.q + ox, h.r + oy)

    return place


# ---------------------------------------------------------------------------------------------
# Terrain during play


def _freeze_overlays(value: Mapping[Hex, tuple[Overlay, ...]]) -> Mapping[Hex, tuple[Overlay, ...]]:
    return MappingProxyType({Hex(h[0], h[1]): tuple(v) for h, v in value.items() if v})


@attrs.frozen(eq=False, repr=False)
class BoardState:
    """Board terrain during play: the base board plus the overlays laid on it, in order.

    Immutable: :meth:`place` and :meth:`remove` return a new state (copying only the small overlay
    mapping).  ``version`` counts changes since the plain board; ``key`` is a hashable digest of the
    overlays, equal for states with equal terrain, for caches (LOS tables) to key on.
    """

    board: Board
    overlays: Mapping[Hex, tuple[Overlay, ...]] = attrs.field(factory=dict, converter=_freeze_overlays)
    version: int = 0
    _effective: Mapping[Hex, HexTerrain] = attrs.field(init=False, repr=False)
    key: tuple[Any, ...] = attrs.field(init=False, repr=False)

    def __attrs_post_init__(self) -> None:
        effective = {}
        for h, stack in self.overlays.items():
            if h not in self.board.base:
                raise BoardError(f"overlay placed on {h!r}, which is not on the board")
            t = self.board.base[h]
            for ov in stack:
                t = ov.apply(t)
            effective[h] = t
        object.__setattr__(self, "_effective", effective)
        object.__setattr__(self, "key", tuple(sorted(self.overlays.items())))

    def __repr__(self) -> str:
        return f"BoardState({self.board!r}, version={self.version}, overlays on {len(self.overlays)} hexes)"

    def terrain(self, h: tuple[int, int]) -> HexTerrain:
        """Terrain of a hex now: base terrain with its overlays applied in order."""
        t = self._effective.get(h)  # type: ignore[call-overload]
        return t if t is not None else self.board.terrain(h)

    def overlays_at(self, h: tuple[int, int]) -> tuple[Overlay, ...]:
        stack: tuple[Overlay, ...] = self.overlays.get(h, ())  # type: ignore[call-overload]
        return stack

    def place(self, h: tuple[int, int] | str, overlay: Overlay) -> BoardState:
        """A new state with ``overlay`` laid on top of hex ``h`` (a hex or a label)."""
        hx = self.board.hex(h)
        new = dict(self.overlays)
        new[hx] = self.overlays_at(hx) + (overlay,)
        return BoardState(self.board, new, self.version + 1)

    def remove(self, h: tuple[int, int] | str, name: str) -> BoardState:
        """A new state without the topmost overlay called ``name`` on ``h``."""
        hx = self.board.hex(h)
        stack = list(self.overlays_at(hx))
        for i in range(len(stack) - 1, -1, -1):
            if stack[i].name == name:
                del stack[i]
                new = dict(self.overlays)
                new[hx] = tuple(stack)
                return BoardState(self.board, new, self.version + 1)
        raise BoardError(f"no overlay {name!r} on {self.board.label(hx)}")

    def changed_hexes(self, other: BoardState) -> frozenset[Hex]:
        """Hexes whose terrain differs between this state and ``other`` (same board)."""
        if other.board is not self.board:
            raise BoardError("cannot compare terrain states of different boards")
        candidates = set(self.overlays) | set(other.overlays)
        return frozenset(h for h in candidates if self.terrain(h) != other.terrain(h))
