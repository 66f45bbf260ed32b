"""Movement search on hex boards: cheapest paths and everything reachable on a budget.

The rules package supplies the cost of each step as a callable ``cost(from_hex, to_hex)`` that
returns a cost (int, Fraction or float) or ``None`` when the step is prohibited (terrain, stacking,
an enemy unit without Assault...).  The core knows no terrain costs; :func:`road_aware` shows how a
cost callable can use the board's roads.  ``must_stop`` hexes end movement on entering (GoE 23c
wire, reserve-phase stops within three hexes of an enemy, GoE 5f): they can be reached, but no step
leads out of them.  ``least_step``: a lower bound the caller knows for every step's cost (GoE: the
cheapest entry of the terrain chart); a state with less than that left of the budget is not
expanded, since each of its steps would be refused anyway (the results are the same, the cost
callable is asked less: a budget of 2 settles a ring of hexes at 2 whose every step over-ran it).

Two kinds of state are searched with the same Dijkstra (heapq):

* hex movement, states are hexes;
* vehicle movement (GoE 7b/15d), states are ``(hex, facing vertex)``: move forward into either
  front hex keeping the facing, reverse into either rear hex for an extra cost keeping the facing,
  or pivot one vertex for the pivot cost.

Ties are broken by state order, so results never depend on set or dict order.
"""
from __future__ import annotations

import heapq
from collections.abc import Callable, Collection, Iterable
from typing import Any, Union

import attrs

from ..errors import BoardError
from .hexgrid import DIRECTIONS, Hex
from .hexmap import Board

Cost = Union[int, float, Any]
CostFn = Callable[[Hex, Hex], Union[Cost, None]]
#: successors(state) -> iterable of (next_state, step_cost)
Successors = Callable[[Any], Iterable[tuple[Any, Cost]]]
HexTest = Union[Collection[Hex], Callable[[Hex], bool], None]
VehicleState = tuple[Hex, int]


@attrs.frozen
class Path:
    """A cheapest route: its total cost and the states from start to goal (start included)."""

    cost: Cost
    states: tuple[Any, ...]

    @property
    def hexes(self) -> tuple[Hex, ...]:
        """The hexes entered in order (for vehicle states, pivots in place collapse)."""
        out: list[Hex] = []
        for s in self.states:
            h = s[0] if _is_vehicle_state(s) else s
            if not out or out[-1] != h:
                out.append(h)
        return tuple(out)


def _is_vehicle_state(s: Any) -> bool:
    return isinstance(s, tuple) and len(s) == 2 and isinstance(s[0], tuple)


def _as_test(test: HexTest) -> Callable[[Hex], bool]:
    if test is None:
        return lambda h: False
    if callable(test):
        return test
    members = frozenset(test)
    return members.__contains__


def _checked(cost: Cost | None, a: Hex, b: Hex) -> Cost | None:
    if cost is not None and cost < 0:
        raise BoardError(f"step {a!r} -> {b!r} has negative cost {cost!r}")
    return cost


def hex_steps(board: Board, cost: CostFn, must_stop: HexTest = None, *, least_step: Cost = 0) -> Successors:
    """Successor function for hex movement on ``board`` with per-step ``cost``."""
    stop = _as_test(must_stop)
    neighbors = board.neighbors

    def successors(h: Hex) -> list[tuple[Hex, Cost]]:
        out = []
        for n in neighbors(h):
            c = cost(h, n)
            if c is not None:
                out.append((n, _checked(c, h, n) if c < 0 else c))
        return out

    successors.stops = stop  # type: ignore[attr-defined]
    successors.least = least_step  # type: ignore[attr-defined]
    return successors


def vehicle_steps(
    board: Board,
    cost: CostFn,
    must_stop: HexTest = None,
    *,
    pivot_cost: Cost = 1,
    reverse_extra: Cost = 1,
    can_reverse: bool = True,
    least_step: Cost = 0,
) -> Successors:
    """Successor function for a vehicle's ``(hex, vertex)`` state (GoE 7b, 15d); ``least_step``
    bounds ``cost`` (the pivot and the reverse are counted in)."""
    stop = _as_test(must_stop)
    on_board = board.base  # the hexes of the board, as ``n in board`` asks
    # the hexsides a vehicle facing v crosses, and what it pays beyond the step: its front hexes
    # (front_hexes), then its rear hexes (rear_hexes: GoE 15d, +1 MP per hex reversed)
    crossings = tuple(((v, 0), ((v + 1) % 6, 0))
                      + ((((v + 3) % 6, reverse_extra), ((v + 4) % 6, reverse_extra)) if can_reverse else ())
                      for v in range(6))
    # a hex's steps are the same whatever the facing it is left with: each hexside's neighbour and
    # step cost is worked out the first time a state asks for it (a search asks up to six per hex)
    sides: dict[Hex, list[tuple[Hex, Cost | None] | None]] = {}

    def side(h: Hex, k: int) -> tuple[Hex, Cost | None]:
        d = DIRECTIONS[k]
        n = Hex(h[0] + d.q, h[1] + d.r)
        c = cost(h, n) if n in on_board else None
        return n, (_checked(c, h, n) if c is not None and c < 0 else c)

    def successors(state: VehicleState) -> list[tuple[VehicleState, Cost]]:
        h, v = state
        if not isinstance(v, int) or not 0 <= v < 6:
            raise ValueError(f"a facing is a vertex 0..5, got {v!r}")  # as front_hexes says
        known = sides.get(h)
        if known is None:
            known = sides[h] = [None] * 6
        out = []
        for k, extra in crossings[v]:
            found = known[k]
            if found is None:
                found = known[k] = side(h, k)
            n, c = found
            if c is not None:
                out.append(((n, v), c + extra))
        out.append(((h, (v + 1) % 6), pivot_cost))  # GoE 7b: 1 MP per vertex pivoted
        out.append(((h, (v - 1) % 6), pivot_cost))
        return out

    successors.stops = lambda s: stop(s[0])  # type: ignore[attr-defined]
    least = min(least_step, pivot_cost, least_step + reverse_extra) if can_reverse else min(least_step, pivot_cost)
    successors.least = least  # type: ignore[attr-defined]
    return successors


def _search(
    start: Any,
    successors: Successors,
    budget: Cost | None,
    goal: Callable[[Any], bool] | None,
) -> tuple[dict[Any, Cost], dict[Any, Any], Any]:
    """Dijkstra from ``start``; stops early at the first settled goal state."""
    stops = getattr(successors, "stops", lambda s: False)
    # a state with less than the least step left is not expanded (module text)
    last = None if budget is None else budget - getattr(successors, "least", 0)
    dist: dict[Any, Cost] = {start: 0}
    prev: dict[Any, Any] = {}
    done: set[Any] = set()
    heap: list[tuple[Cost, Any]] = [(0, start)]
    while heap:
        d, s = heapq.heappop(heap)
        if s in done:
            continue
        done.add(s)
        if goal is not None and goal(s):
            return dist, prev, s
        if s != start and stops(s):
            continue  # entering a must-stop hex ends movement
        if last is not None and d > last:
            continue
        for n, c in successors(s):
            nd = d + c
            if budget is not None and nd > budget:
                continue
            old = dist.get(n)
            if old is None or nd < old:
                dist[n] = nd
                prev[n] = s
                heapq.heappush(heap, (nd, n))
    return {s: dist[s] for s in done}, prev, None


def reachable(start: Any, budget: Cost, successors: Successors) -> dict[Any, Cost]:
    """Every state reachable from ``start`` for at most ``budget``, with its cheapest cost."""
    if budget < 0:
        raise BoardError(f"movement budget must be >= 0, got {budget!r}")
    dist, _, _ = _search(start, successors, budget, None)
    return dist


def cheapest_path(
    start: Any,
    goal: Any,
    successors: Successors,
    *,
    budget: Cost | None = None,
) -> Path | None:
    """Cheapest route from ``start`` to ``goal`` (a state, or a predicate on states), or None.

    For vehicle states a plain hex goal matches any facing in that hex.
    """
    if callable(goal):
        test = goal
    elif _is_vehicle_state(start) and not _is_vehicle_state(goal):
        test = lambda s: s[0] == goal  # noqa: E731
    else:
        test = lambda s: s == goal  # noqa: E731
    dist, prev, found = _search(start, successors, budget, test)
    if found is None:
        return None
    states = [found]
    while states[-1] != start:
        states.append(prev[states[-1]])
    return Path(dist[found], tuple(reversed(states)))


def reachable_hexes(
    board: Board, start: Hex, budget: Cost, cost: CostFn, *, must_stop: HexTest = None, least_step: Cost = 0,
) -> dict[Hex, Cost]:
    """Hexes reachable on foot (or any facing-free mover) within ``budget``."""
    return reachable(board.hex(start), budget, hex_steps(board, cost, must_stop, least_step=least_step))


def reachable_vehicle(
    board: Board, start: Hex, facing: int, budget: Cost, cost: CostFn, *, must_stop: HexTest = None,
    pivot_cost: Cost = 1, reverse_extra: Cost = 1, least_step: Cost = 0,
) -> dict[VehicleState, Cost]:
    """``(hex, facing)`` states a vehicle reaches within ``budget`` (GoE 7b)."""
    succ = vehicle_steps(board, cost, must_stop, pivot_cost=pivot_cost, reverse_extra=reverse_extra,
                         least_step=least_step)
    return reachable((board.hex(start), facing), budget, succ)


def road_aware(board: Board, on_road: CostFn, off_road: CostFn) -> CostFn:
    """Cost callable that uses ``on_road`` across road hexsides and ``off_road`` elsewhere."""

    def cost(a: Hex, b: Hex) -> Cost | None:
        return on_road(a, b) if board.has_road(a, b) else off_road(a, b)

    return cost


__all__ = [
    "Path", "hex_steps", "vehicle_steps", "reachable", "cheapest_path", "reachable_hexes",
    "reachable_vehicle", "road_aware", "HexTest", "CostFn", "Successors", "VehicleState",
]
