"""Area maps: boards made of named areas joined by borders, some of them roads.

Operational games such as Orgun 1983 move units from area to area.  An :class:`AreaMap` is built
once from plain data (dicts or :class:`AreaSpec` records, e.g. read from a rules package's TOML
file), validated, and never changes afterwards; what changes during a game (who stands where, which
minefields are still down) lives in the game state and is handed to the queries as parameters.

The map offers a frozen networkx graph for inspection and drawing, but every query runs on
adjacency tuples precomputed at construction: a networkx Dijkstra costs ~70 µs on a 50-area map,
a hand-rolled heapq search on plain tuples roughly half of that (see the design's costs table).
The graph is built, and networkx imported, on first use only: play never asks for it, and
networkx's ~22,000 objects would otherwise sit in every full garbage collection of a process
playing games (Orgun random play ran about 5% slower with them).

Movement costs are counted in integer *ticks* (``scale`` ticks per movement point: Orgun's
half-point road rate needs ``scale=2``), so fractional budgets never drift; the public functions
take and return :class:`fractions.Fraction` (ints and exact binary floats such as ``2.5`` are
accepted on input).

Area ids are ints or strings.  Wherever a tie must be broken (which of two equally near areas is
"the nearest", which of two equally cheap paths is returned) the smaller id wins, ints before
strings, so results never depend on dict or set order.
"""
from __future__ import annotations

import heapq
from collections import deque
from types import MappingProxyType
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping
from fractions import Fraction
from numbers import Rational
from typing import TYPE_CHECKING, Any, Union

import attrs

from ..errors import BoardError

if TYPE_CHECKING:  # imported where the graph is first built (see the module's documentation)
    import networkx as nx

AreaId = Union[int, str]
#: An area test: either a collection of area ids or a predicate on an area id.
AreaTest = Union[Collection[AreaId], Callable[[AreaId], bool], None]
#: A custom edge cost: ``(from_area, to_area, along_road) -> ticks`` or None when the step is forbidden.
EdgeCost = Callable[[AreaId, AreaId, bool], Union[int, None]]

_SPEC_FIELDS = ("id", "neighbours", "roads", "terrain", "mountain", "fort", "minefield", "zones", "supply", "name")


def _id_key(area: AreaId) -> tuple[int, Any]:
    """Sort key that orders mixed ids deterministically: ints first, then strings."""
    return (0, area) if isinstance(area, int) else (1, area)


@attrs.frozen
class AreaSpec:
    """One area as declared in data: its attributes and the areas it borders.

    ``neighbours`` lists every bordering area; ``roads`` lists the neighbours reached along a main
    road (each must also be a neighbour).  Both must be declared from both sides.  ``supply`` names
    the sides for which the area is a supply source; ``zones`` names special zones the area belongs
    to (Orgun's ``"orgun"`` zone, for instance).
    """

    id: AreaId
    neighbours: tuple[AreaId, ...] = ()
    roads: tuple[AreaId, ...] = ()
    terrain: int = 0
    mountain: bool = False
    fort: bool = False
    minefield: bool = False
    zones: frozenset[str] = frozenset()
    supply: frozenset[str] = frozenset()
    name: str = ""


@attrs.frozen
class Area:
    """The validated attributes of one area (what stays fixed during a game).

    ``terrain`` is the area's attack modifier (Orgun: added to the defender; an ambush needs it
    above 0); ``mountain``, ``fort`` and ``minefield`` are the printed symbols at set-up;
    ``supply`` holds the sides whose supply source the area is.
    """

    id: AreaId
    terrain: int
    mountain: bool
    fort: bool
    minefield: bool
    zones: frozenset[str]
    supply: frozenset[str]
    name: str


# ----------------------------------------------------------------------------------------------
# Movement cost rules


def to_ticks(value: Any, scale: int, *, what: str = "budget") -> int:
    """Convert a movement amount (int, Fraction, exact float) to integer ticks, refusing drift.

    ``2.5`` with ``scale=2`` is 5 ticks; ``0.3`` is refused because it is not a whole number of
    half-points, rather than silently rounded.
    """
    if isinstance(value, bool):
        raise BoardError(f"{what} must be a number, got {value!r}")
    if value < 0 if isinstance(value, (int, float, Rational)) else False:
        raise BoardError(f"{what} must not be negative, got {value!r}")
    if isinstance(value, int):
        return value * scale
    if isinstance(value, float):
        if value != value or value in (float("inf"), float("-inf")):
            raise BoardError(f"{what} must be finite, got {value!r}")
        value = Fraction(value)
    if isinstance(value, Rational):
        ticks = Fraction(value) * scale
        if ticks.denominator != 1:
            raise BoardError(f"{what} {value} is not a whole number of 1/{scale} movement points")
        return int(ticks)
    raise BoardError(f"{what} must be an int, Fraction or float, got {type(value).__name__} {value!r}")


@attrs.frozen
class BoundCost:
    """Entry costs for one map and one situation (who is where), ready for the searches.

    ``enter[a]`` is the cost in ticks of entering area ``a`` across an ordinary border,
    ``road_enter[a]`` the cost of entering it along a road; None means the area cannot be entered
    that way.  ``edge``, when set, replaces both tables with a per-step function for rules whose
    cost depends on the area left as well as the area entered.  Build one with
    :meth:`AreaCostRule.bind`; restrict it further with :meth:`without`.
    """

    scale: int
    enter: Mapping[AreaId, int | None]
    road_enter: Mapping[AreaId, int | None]
    edge: EdgeCost | None = None

    def step(self, frm: AreaId, to: AreaId, road: bool) -> int | None:
        """Ticks to step from ``frm`` into ``to`` (None: forbidden)."""
        if self.edge is not None:
            return self.edge(frm, to, road)
        return self.road_enter[to] if road else self.enter[to]

    def without(self, areas: Iterable[AreaId], *, except_by_road: bool = False) -> BoundCost:
        """A copy in which ``areas`` cannot be entered (optionally still along a road).

        Orgun: militia may not enter forts or minefields (``except_by_road=False``); tanks may
        enter mountain areas only along a road (``except_by_road=True``).
        """
        banned = set(areas)
        enter = {a: (None if a in banned else c) for a, c in self.enter.items()}
        road = self.road_enter if except_by_road else {a: (None if a in banned else c) for a, c in self.road_enter.items()}
        edge = self.edge
        if edge is not None:
            inner = edge

            def edge(frm: AreaId, to: AreaId, road_step: bool) -> int | None:
                if to in banned and not (except_by_road and road_step):
                    return None
                return inner(frm, to, road_step)

        return BoundCost(self.scale, enter, road, edge)


@attrs.frozen
class AreaCostRule:
    """What entering an area costs, given where the enemy stands.

    The defaults are Orgun's (# Orgun: movement): half a point along a main road, one point into a
    friendly or neutral area, two points into an area holding enemy units or bordering one.

    Reading (the rule is silent on the overlap): when a road leads into an area that holds enemy
    units or borders one, the enemy rate applies, not the road rate — the threat of the enemy
    outweighs the road.  Set ``road_overrides_enemy=True`` for the other reading.  An area
    controlled by the enemy but empty of enemy units costs the friendly/neutral rate, since the
    rule prices enemy *units*, not control.

    A ruleset changes the rule with ``attrs.evolve`` (different numbers) or by subclassing and
    overriding :meth:`bind` (different logic); it binds once per search, never per step.
    """

    road: Fraction = attrs.field(default=Fraction(1, 2), converter=Fraction)
    clear: Fraction = attrs.field(default=Fraction(1), converter=Fraction)
    enemy: Fraction = attrs.field(default=Fraction(2), converter=Fraction)
    enemy_adjacent: Fraction = attrs.field(default=Fraction(2), converter=Fraction)
    road_overrides_enemy: bool = False
    scale: int = attrs.field(init=False)

    @scale.default
    def _scale(self) -> int:
        den = 1
        for frac in (self.road, self.clear, self.enemy, self.enemy_adjacent):
            if frac < 0:
                raise BoardError(f"movement costs must not be negative, got {frac}")
            den = den * frac.denominator // _gcd(den, frac.denominator)
        return den

    _costs: tuple[int, int, int, int] = attrs.field(init=False, repr=False, eq=False)

    @_costs.default
    def _cost_ticks(self) -> tuple[int, int, int, int]:
        s = self.scale
        return (int(self.road * s), int(self.clear * s), int(self.enemy * s), int(self.enemy_adjacent * s))

    def ticks(self, value: Any) -> int:
        """A movement amount in this rule's ticks."""
        return to_ticks(value, self.scale)

    def points(self, ticks: int) -> Fraction:
        """Ticks back to movement points."""
        return Fraction(ticks, self.scale)

    def bind(self, area_map: AreaMap, enemy_areas: Collection[AreaId] = ()) -> BoundCost:
        """Entry-cost tables for ``area_map`` with enemy units in ``enemy_areas``."""
        road, clear, enemy, near = self._costs
        enemy_set = set(enemy_areas)
        unknown = [a for a in enemy_set if a not in area_map]
        if unknown:
            raise BoardError(f"enemy_areas names unknown area(s) {sorted(unknown, key=_id_key)!r}")
        enter: dict[AreaId, int | None] = dict.fromkeys(area_map.ids, clear)
        road_enter: dict[AreaId, int | None] = dict.fromkeys(area_map.ids, road)
        threatened = []
        for a in enemy_set:
            for b in area_map.neighbours(a):
                if b not in enemy_set:
                    enter[b] = near
                    threatened.append(b)
            enter[a] = enemy
            threatened.append(a)
        if not self.road_overrides_enemy:
            for a in threatened:
                road_enter[a] = enter[a]
        return BoundCost(self.scale, enter, road_enter)


def _gcd(a: int, b: int) -> int:
    while b:
        a, b = b, a % b
    return a


#: Orgun 1983's movement costs (# Orgun: movement).
ORGUN_MOVE_COST = AreaCostRule()


def _as_test(test: AreaTest, what: str) -> Callable[[AreaId], bool] | None:
    """Turn a set of ids or a predicate into a predicate (None stays None)."""
    if test is None:
        return None
    if callable(test):
        return test
    if isinstance(test, (str, bytes)) or not isinstance(test, Collection):
        raise BoardError(f"{what} must be a collection of area ids or a callable, got {test!r}")
    members = test if isinstance(test, (set, frozenset, Mapping)) else frozenset(test)
    return members.__contains__


# ----------------------------------------------------------------------------------------------
# The map


@attrs.frozen(eq=False)
class AreaMap:
    """An immutable, validated area map with fast movement, retreat and supply searches.

    Build it with :meth:`from_records`.  Area ids are ints or strings; every listing the map
    returns is sorted by id (ints first), so results are deterministic.
    """

    areas: Mapping[AreaId, Area]
    _adj: Mapping[AreaId, tuple[AreaId, ...]]
    _steps: Mapping[AreaId, tuple[tuple[AreaId, bool], ...]]
    _rank: Mapping[AreaId, int]
    ids: tuple[AreaId, ...]
    _graph: "nx.Graph | None" = attrs.field(default=None, init=False, repr=False)  # built by ``graph``

    # -- construction --------------------------------------------------------------------------

    @classmethod
    def from_records(cls, records: Iterable[Mapping[str, Any] | AreaSpec], *, source: str = "<area map>") -> AreaMap:
        """Validate and build a map from dicts (keys as :class:`AreaSpec` fields) or AreaSpecs.

        Refused with :class:`BoardError`, naming ``source`` and the area: duplicate or badly typed
        ids, unknown keys, badly typed attributes, neighbours or roads naming unknown areas, self
        loops, a road to an area that is not a neighbour, and borders or roads declared from one
        side only.
        """
        specs: dict[AreaId, AreaSpec] = {}
        for index, rec in enumerate(records):
            spec = _coerce_spec(rec, source, index)
            if spec.id in specs:
                raise BoardError(f"{source}: area {spec.id!r} is declared twice")
            specs[spec.id] = spec
        if not specs:
            raise BoardError(f"{source}: the map has no areas")
        for spec in specs.values():
            for field in ("neighbours", "roads"):
                for other in getattr(spec, field):
                    if other == spec.id:
                        raise BoardError(f"{source}: area {spec.id!r}: {field} lists the area itself")
                    if other not in specs:
                        raise BoardError(f"{source}: area {spec.id!r}: {field} names unknown area {other!r}")
            if len(set(spec.neighbours)) != len(spec.neighbours):
                raise BoardError(f"{source}: area {spec.id!r}: neighbours lists an area twice")
            stray = [r for r in spec.roads if r not in spec.neighbours]
            if stray:
                raise BoardError(f"{source}: area {spec.id!r}: road to {stray[0]!r}, which is not a neighbour")
        for spec in specs.values():
            for other in spec.neighbours:
                if spec.id not in specs[other].neighbours:
                    raise BoardError(
                        f"{source}: area {spec.id!r} lists {other!r} as a neighbour but {other!r} does not list {spec.id!r}"
                    )
            for other in spec.roads:
                if spec.id not in specs[other].roads:
                    raise BoardError(
                        f"{source}: area {spec.id!r} has a road to {other!r} but {other!r} has no road to {spec.id!r}"
                    )
        ids = tuple(sorted(specs, key=_id_key))
        rank = {a: i for i, a in enumerate(ids)}
        areas = {
            a: Area(a, s.terrain, s.mountain, s.fort, s.minefield, s.zones, s.supply, s.name)
            for a, s in ((a, specs[a]) for a in ids)
        }
        adj = {a: tuple(sorted(specs[a].neighbours, key=rank.__getitem__)) for a in ids}
        steps = {a: tuple((b, b in specs[a].roads) for b in adj[a]) for a in ids}
        return cls(MappingProxyType(areas), adj, steps, rank, ids)

    # -- inspection ----------------------------------------------------------------------------

    @property
    def graph(self) -> "nx.Graph":
        """The map as a frozen networkx graph: nodes carry their ``area``, edges whether they are a
        ``road``.  Built on first use and kept (derived from the map, which never changes)."""
        graph = self._graph
        if graph is None:
            import networkx as nx  # here, not at the top: see the module's documentation

            graph = nx.Graph()
            for a in self.ids:
                graph.add_node(a, area=self.areas[a])
            for a in self.ids:
                for b, road in self._steps[a]:
                    graph.add_edge(a, b, road=road)
            graph = nx.freeze(graph)
            object.__setattr__(self, "_graph", graph)  # a cache of derived data on a frozen map
        return graph

    def __contains__(self, area: object) -> bool:
        return area in self.areas

    def __len__(self) -> int:
        return len(self.ids)

    def __iter__(self) -> Iterator[AreaId]:
        return iter(self.ids)

    def __getitem__(self, area: AreaId) -> Area:
        try:
            return self.areas[area]
        except (KeyError, TypeError):
            raise BoardError(f"unknown area {area!r}") from None

    def neighbours(self, area: AreaId) -> tuple[AreaId, ...]:
        """Areas bordering ``area``, sorted by id."""
        try:
            return self._adj[area]
        except (KeyError, TypeError):
            raise BoardError(f"unknown area {area!r}") from None

    def adjacent(self, a: AreaId, b: AreaId) -> bool:
        """Whether ``a`` and ``b`` share a border."""
        return b in self.neighbours(a)

    def is_road(self, a: AreaId, b: AreaId) -> bool:
        """Whether a main road crosses the border between ``a`` and ``b``."""
        return any(n == b and road for n, road in self._steps_of(a))

    def in_zone(self, area: AreaId, zone: str) -> bool:
        """Whether ``area`` lies in ``zone`` (e.g. Orgun's ``"orgun"`` zone)."""
        return zone in self[area].zones

    def supply_sources(self, side: str) -> tuple[AreaId, ...]:
        """The areas printed as supply sources for ``side`` (a scenario may name others)."""
        return tuple(a for a in self.ids if side in self.areas[a].supply)

    def sort_key(self, area: AreaId) -> int:
        """The deterministic rank of an area id (used for tie-breaking)."""
        return self._rank[area]

    def _steps_of(self, area: AreaId) -> tuple[tuple[AreaId, bool], ...]:
        try:
            return self._steps[area]
        except (KeyError, TypeError):
            raise BoardError(f"unknown area {area!r}") from None

    def _check(self, area: AreaId, what: str = "area") -> None:
        if area not in self.areas:
            raise BoardError(f"unknown {what} {area!r}")

    # -- movement ------------------------------------------------------------------------------

    def _bound(self, rule: AreaCostRule | BoundCost, enemy_areas: Collection[AreaId]) -> BoundCost:
        if isinstance(rule, BoundCost):
            return rule
        return rule.bind(self, enemy_areas)

    def path_cost(
        self,
        path: Iterable[AreaId],
        *,
        enemy_areas: Collection[AreaId] = (),
        rule: AreaCostRule | BoundCost = ORGUN_MOVE_COST,
        prohibited: AreaTest = None,
        must_stop: AreaTest = None,
    ) -> Fraction:
        """The movement cost of following ``path`` (first item: the starting area).

        Refused with :class:`BoardError` when two consecutive areas do not border each other,
        an area cannot be entered (prohibited, or forbidden by the cost rule), or the path goes on
        after entering a must-stop area.  Budgets are not checked here: compare the result.
        """
        bound = self._bound(rule, enemy_areas)
        banned = _as_test(prohibited, "prohibited")
        stop = _as_test(must_stop, "must_stop")
        it = iter(path)
        try:
            here = next(it)
        except StopIteration:
            raise BoardError("an empty path has no cost") from None
        self._check(here, "start area")
        total = 0
        stopped = None
        for there in it:
            if stopped is not None:
                raise BoardError(f"movement ends on entering area {stopped!r}; the path goes on to {there!r}")
            road = None
            for n, r in self._steps_of(here):
                if n == there:
                    road = r
                    break
            if road is None:
                raise BoardError(f"areas {here!r} and {there!r} do not border each other")
            if banned is not None and banned(there):
                raise BoardError(f"area {there!r} may not be entered")
            cost = bound.step(here, there, road)
            if cost is None:
                raise BoardError(f"area {there!r} may not be entered from {here!r}")
            total += cost
            if stop is not None and stop(there):
                stopped = there
            here = there
        return Fraction(total, bound.scale)

    def _search(
        self,
        start: AreaId,
        budget: int | None,
        bound: BoundCost,
        banned: Callable[[AreaId], bool] | None,
        stop: Callable[[AreaId], bool] | None,
        goal: AreaId | None = None,
    ) -> tuple[dict[AreaId, int], dict[AreaId, AreaId]]:
        """Dijkstra in ticks from ``start``; returns (best cost, predecessor) per reached area.

        Ties: the heap orders by (cost, area rank), and a predecessor is replaced only by a strictly
        cheaper route, so the path returned is the one found first among equals — deterministic.
        Must-stop areas are reached but never expanded.  Stops early once ``goal`` is settled.
        """
        self._check(start, "start area")
        rank = self._rank
        steps = self._steps
        edge = bound.edge
        enter, road_enter = bound.enter, bound.road_enter
        best: dict[AreaId, int] = {start: 0}
        prev: dict[AreaId, AreaId] = {}
        heap: list[tuple[int, int, AreaId]] = [(0, rank[start], start)]
        pop, push = heapq.heappop, heapq.heappush
        limit = budget if budget is not None else float("inf")
        while heap:
            cost, _, here = pop(heap)
            if cost > best[here]:
                continue  # a stale entry: a cheaper route was found after it was pushed
            if here == goal:
                break
            if stop is not None and here != start and stop(here):
                continue
            for there, road in steps[here]:
                if edge is None:
                    step = road_enter[there] if road else enter[there]
                else:
                    step = edge(here, there, road)
                if step is None:
                    continue
                new = cost + step
                if new > limit:
                    continue
                old = best.get(there)
                if old is not None and old <= new:
                    continue
                if banned is not None and banned(there):
                    continue
                best[there] = new
                prev[there] = here
                push(heap, (new, rank[there], there))
        return best, prev

    def reachable(
        self,
        start: AreaId,
        budget: Any,
        *,
        enemy_areas: Collection[AreaId] = (),
        rule: AreaCostRule | BoundCost = ORGUN_MOVE_COST,
        prohibited: AreaTest = None,
        must_stop: AreaTest = None,
    ) -> dict[AreaId, Fraction]:
        """Every area reachable from ``start`` within ``budget`` points, with its cheapest cost.

        The start itself is included at cost 0.  Must-stop areas (e.g. enemy-held ones, whose
        entry forces an attack) can be reached but not moved through.  Costs are exact Fractions.
        """
        bound = self._bound(rule, enemy_areas)
        ticks = to_ticks(budget, bound.scale)
        best, _ = self._search(start, ticks, bound, _as_test(prohibited, "prohibited"), _as_test(must_stop, "must_stop"))
        return _to_points(best, bound.scale)

    def reachable_ticks(
        self,
        start: AreaId,
        budget_ticks: int,
        bound: BoundCost,
        *,
        prohibited: AreaTest = None,
        must_stop: AreaTest = None,
    ) -> dict[AreaId, int]:
        """:meth:`reachable` for hot loops: a pre-bound cost, budget and results in integer ticks."""
        best, _ = self._search(start, budget_ticks, bound, _as_test(prohibited, "prohibited"), _as_test(must_stop, "must_stop"))
        return best

    def cheapest_path(
        self,
        start: AreaId,
        goal: AreaId,
        *,
        budget: Any = None,
        enemy_areas: Collection[AreaId] = (),
        rule: AreaCostRule | BoundCost = ORGUN_MOVE_COST,
        prohibited: AreaTest = None,
        must_stop: AreaTest = None,
    ) -> tuple[tuple[AreaId, ...], Fraction] | None:
        """The cheapest path from ``start`` to ``goal`` and its cost, or None if there is none.

        With ``budget`` only paths within it count.  Among equally cheap paths the same one is
        always returned.
        """
        self._check(goal, "goal area")
        bound = self._bound(rule, enemy_areas)
        ticks = None if budget is None else to_ticks(budget, bound.scale)
        best, prev = self._search(
            start, ticks, bound, _as_test(prohibited, "prohibited"), _as_test(must_stop, "must_stop"), goal
        )
        if goal not in best:
            return None
        path = [goal]
        while path[-1] != start:
            path.append(prev[path[-1]])
        path.reverse()
        return tuple(path), Fraction(best[goal], bound.scale)

    # -- steps: retreats, escapes, supply -------------------------------------------------------

    def steps_from(self, start: AreaId, *, passable: AreaTest = None, max_steps: int | None = None) -> dict[AreaId, int]:
        """Number of borders crossed from ``start`` to every area reachable through passable areas."""
        self._check(start, "start area")
        ok = _as_test(passable, "passable")
        dist = {start: 0}
        queue = deque([start])
        adj = self._adj
        while queue:
            here = queue.popleft()
            d = dist[here] + 1
            if max_steps is not None and d > max_steps:
                continue
            for there in adj[here]:
                if there not in dist and (ok is None or ok(there)):
                    dist[there] = d
                    queue.append(there)
        return dist

    def nearest(
        self,
        start: AreaId,
        predicate: Callable[[AreaId], bool] | Collection[AreaId],
        *,
        passable: AreaTest = None,
        include_start: bool = False,
        max_steps: int | None = None,
    ) -> AreaId | None:
        """The area nearest ``start`` (fewest borders crossed) that satisfies ``predicate``.

        Used for retreats (the nearest adjacent area a unit may enter: ``max_steps=1``) and for a
        leader's escape to the nearest area holding friendly units (# Orgun: lone leader).  The
        search crosses only ``passable`` areas (the target itself must be passable too).  Among
        areas at the same distance the smallest id wins.  None if no area qualifies.
        """
        self._check(start, "start area")
        want = _as_test(predicate, "predicate")
        assert want is not None  # the predicate is required (its type excludes None)
        ok = _as_test(passable, "passable")
        if include_start and want(start):
            return start
        rank = self._rank
        adj = self._adj
        seen = {start}
        frontier = [start]
        depth = 0
        while frontier and (max_steps is None or depth < max_steps):
            depth += 1
            nxt = []
            for here in frontier:
                for there in adj[here]:
                    if there not in seen and (ok is None or ok(there)):
                        seen.add(there)
                        nxt.append(there)
            hits = [a for a in nxt if want(a)]
            if hits:
                return min(hits, key=rank.__getitem__)
            frontier = nxt
        return None

    def supply_path(
        self, start: AreaId, sources: Collection[AreaId], passable: AreaTest = None
    ) -> tuple[AreaId, ...] | None:
        """A shortest chain of areas from ``start`` to one of ``sources``, or None.

        # Orgun: supply — a unit is supplied when friendly or neutral areas link it to a source of
        its side.  ``passable`` says which areas count as friendly or neutral; every area of the
        chain after the start (the source included) must pass it, the unit's own area need not
        (it may be contested).  Ties go to the smaller ids, area by area.
        """
        self._check(start, "start area")
        targets = set(sources)
        for s in targets:
            self._check(s, "supply source")
        if start in targets:
            return (start,)
        ok = _as_test(passable, "passable")
        prev: dict[AreaId, AreaId] = {start: start}
        queue = deque([start])
        adj = self._adj
        while queue:
            here = queue.popleft()
            for there in adj[here]:
                if there in prev or (ok is not None and not ok(there)):
                    continue
                prev[there] = here
                if there in targets:
                    path = [there]
                    while path[-1] != start:
                        path.append(prev[path[-1]])
                    return tuple(reversed(path))
                queue.append(there)
        return None

    def supplied_areas(self, sources: Collection[AreaId], passable: AreaTest = None) -> frozenset[AreaId]:
        """Every area from which :meth:`supply_path` would find a chain, in one sweep.

        The supply phase checks many units at once: an area is supplied if it is a source, or if
        it borders a supplied area that is itself a source or passable (so a contested area at the
        end of the chain is supplied, but supply does not flow through it).
        """
        ok = _as_test(passable, "passable")
        reached: set[AreaId] = set()
        queue: deque[AreaId] = deque()
        for s in sources:
            self._check(s, "supply source")
            if ok is None or ok(s):
                reached.add(s)
                queue.append(s)
        supplied = set(sources)
        adj = self._adj
        while queue:
            here = queue.popleft()
            for there in adj[here]:
                supplied.add(there)
                if there not in reached and (ok is None or ok(there)):
                    reached.add(there)
                    queue.append(there)
        return frozenset(supplied)


def _to_points(best: Mapping[AreaId, int], scale: int) -> dict[AreaId, Fraction]:
    """Ticks to Fractions, creating one Fraction per distinct value."""
    cache: dict[int, Fraction] = {}
    out = {}
    for a, t in best.items():
        f = cache.get(t)
        if f is None:
            f = cache[t] = Fraction(t, scale)
        out[a] = f
    return out


def _coerce_spec(rec: Mapping[str, Any] | AreaSpec, source: str, index: int) -> AreaSpec:
    """Check one declared area's fields and types; return a normalised AreaSpec."""
    if isinstance(rec, AreaSpec):
        raw = {f: getattr(rec, f) for f in _SPEC_FIELDS}
    elif isinstance(rec, Mapping):
        extra = sorted(set(rec) - set(_SPEC_FIELDS), key=str)
        if extra:
            raise BoardError(f"{source}: areas[{index}]: unexpected field(s) {', '.join(map(str, extra))}")
        if "id" not in rec:
            raise BoardError(f"{source}: areas[{index}]: required field id is missing")
        raw = dict(rec)
    else:
        raise BoardError(f"{source}: areas[{index}]: expected a mapping or AreaSpec, got {type(rec).__name__}")
    area = raw["id"]
    where = f"{source}: area {area!r}" if _is_id(area) else f"{source}: areas[{index}]"
    if not _is_id(area):
        raise BoardError(f"{where}: id must be an int or a string, got {type(area).__name__} {area!r}")

    def ids(field: str) -> tuple[AreaId, ...]:
        value = raw.get(field, ())
        if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
            raise BoardError(f"{where}: {field} must be a list of area ids, got {value!r}")
        value = tuple(value)
        for v in value:
            if not _is_id(v):
                raise BoardError(f"{where}: {field} must hold ints or strings, got {type(v).__name__} {v!r}")
        return value

    def flag(field: str) -> bool:
        value = raw.get(field, False)
        if type(value) is not bool:
            raise BoardError(f"{where}: {field} must be true or false, got {value!r}")
        return value

    def names(field: str) -> frozenset[str]:
        value = raw.get(field, ())
        if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
            raise BoardError(f"{where}: {field} must be a list of names, got {value!r}")
        value = tuple(value)
        for v in value:
            if not isinstance(v, str):
                raise BoardError(f"{where}: {field} must hold strings, got {type(v).__name__} {v!r}")
        return frozenset(value)

    terrain = raw.get("terrain", 0)
    if type(terrain) is not int:
        raise BoardError(f"{where}: terrain must be an int, got {type(terrain).__name__} {terrain!r}")
    name = raw.get("name", "")
    if not isinstance(name, str):
        raise BoardError(f"{where}: name must be a string, got {name!r}")
    return AreaSpec(
        id=area,
        neighbours=ids("neighbours"),
        roads=ids("roads"),
        terrain=terrain,
        mountain=flag("mountain"),
        fort=flag("fort"),
        minefield=flag("minefield"),
        zones=names("zones"),
        supply=names("supply"),
        name=name,
    )


def _is_id(value: object) -> bool:
    return (isinstance(value, int) and not isinstance(value, bool)) or isinstance(value, str)

