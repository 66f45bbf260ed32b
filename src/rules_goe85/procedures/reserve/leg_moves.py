"""The Reserve Phase (GoE 5f): each side in turn moves Eligible Units one at a time.

What a unit may do here (:func:`unit_moves`) and whether it may do anything (:func:`may_move`, the
same answer for a fraction of the search): the decision asks for the unit first and then for its
destination (``transport.py``), so only the picked unit's moves are ever searched in full.
"""
from __future__ import annotations

import functools
from typing import NamedTuple

import attrs
from tabletop_core.boards import reachable_hexes, reachable_vehicle
from tabletop_core.boards.hexfacing import pivot_steps

from ...model.actions import EndReserve, ReserveMove
from ...model.events import ConcealSet, UnitMoved
from ...model.frames import FacingChoice, ReserveFrame
from ...model.occupancy import by_hex
from ...model.state import other
from ...queries.board import board_at
from ...queries import leg_reserve
from ...queries.near_enemy import NearZone
from ...queries.facing import facing_of
from ...queries.fortifications import tracked_wire_cost
from ...queries.units import VEHICLE_KINDS, is_vehicle, stacking_room, units_at, utype
from ...queries.vehicle_reach import reserve_vehicle_reach

# -- Reserve Phase (5f) ---------------------------------------------------------------------------
class Around(NamedTuple):
    """What every Eligible Unit of ``side`` meets in this Reserve Phase decision: where the units
    stand, the enemy's hexes and the hexes within three of them (5f)."""

    board: object
    occ: object  # .get(hex, default) -> the units in a hex
    enemy_hexes: set
    near_zone: NearZone


class _Occupants:
    """The units in a hex, as the reserve cost functions ask (``occ.get(hex, [])``)."""

    def __init__(self, state):
        self.state = state

    def get(self, h, default=()):
        return units_at(self.state, h) or default


def around(state, side: str) -> Around:
    board = board_at(state)
    enemy_hexes = {u.hex for u in state.units.values() if u.side != side and u.hex is not None}
    return Around(board, _Occupants(state), enemy_hexes, NearZone(board, enemy_hexes))


def side_units(state, side: str) -> list:
    """The units of ``side``, by id (the order every Reserve Phase listing offers them in)."""
    return sorted((u for u in state.units.values() if u.side == side), key=lambda x: x.uid)


def movers(state, side: str, moved, mine=None) -> list:
    """5f, 8a: the units of ``side`` that may still take a reserve move (passengers ride), by id;
    ``mine``: :func:`side_units` of ``side``, if known."""
    return [u for u in (side_units(state, side) if mine is None else mine)
            if u.uid not in moved and not u.marker and not u.carrier]


def _entering(state, u) -> bool:
    return u.hex is None and bool(u.entry) and u.entry <= state.turn


def _budget(u, near: bool) -> int:
    far = {"L": 2, "F": 8}.get(utype(u).move_class, 3)  # 5f: Leg 2, helicopters 8, W/O/T 3
    if u.shaken:
        return 0 if near else 1
    return 1 if near else far


def _step_cost(state, u, at: Around):
    board, enemy_hexes = at.board, at.enemy_hexes
    fits = stacking_room(state, u)
    move_class = utype(u).move_class

    def cost(a, b):
        if b in enemy_hexes or not fits(b):
            return None
        c = board.enter_cost(a, b, move_class)
        return c if c is None or not state.wire else tracked_wire_cost(state, b, move_class, c)  # 23c

    return cost


def _is_leg(u) -> bool:
    return utype(u).leg and not is_vehicle(u)  # 5f, 7c, 12b, 21e, 23c for Leg units (queries/leg_reserve.py)


def unit_moves(rules, state, u, at: Around) -> list[ReserveMove]:
    """Every reserve move of ``u`` (a mover of :func:`movers`), by destination."""
    board = at.board
    if _is_leg(u):
        entering = _entering(state, u)
        if u.hex is None and not entering:
            return []
        entries = rules.entry_hexes(state, u.side) if entering else ()
        found = leg_reserve.destinations(rules, state, u, at.occ, at.enemy_hexes, at.near_zone, entries)
        return [ReserveMove(u.uid, board.label(b)) for b in sorted(found)]
    if u.hex is None:
        if not _entering(state, u):
            return []
        fits = stacking_room(state, u)  # 9: u is still off the map, counted nowhere
        return [ReserveMove(u.uid, board.label(b)) for b in rules.entry_hexes(state, u.side)
                if b not in at.enemy_hexes and fits(b)]
    near = u.hex in at.near_zone
    budget = _budget(u, near)
    if budget == 0:
        return []
    cost = _step_cost(state, u, at)
    least = leg_reserve.least_step(board, utype(u).move_class)
    if is_vehicle(u) and utype(u).move_class != "F":  # 7b: front hexes, reverse, pivots
        v0 = facing_of(state, u)
        states = reserve_vehicle_reach(board, u.hex, v0, budget, cost, None if near else at.near_zone)
        best: dict = {}
        for h, v in sorted(states):  # each hex with the least facing it is reached with
            if h != u.hex and h not in best:
                best[h] = v
        return [ReserveMove(u.uid, board.label(b), best[b]) for b in sorted(best)]
    stop = at.near_zone | state.wire if state.wire and utype(u).leg else at.near_zone  # 5f, 23c
    reach = reachable_hexes(board.board, u.hex, budget, cost, must_stop=None if near and not state.wire else stop,
                            least_step=least)
    dests = {h for h in reach if h != u.hex}
    if not dests:  # 7c: at least one hex unless prohibited
        dests = {b for b in board.neighbours[u.hex] if cost(u.hex, b) is not None}
    return [ReserveMove(u.uid, board.label(b)) for b in sorted(dests)]


def may_move(rules, state, u, at: Around, allowed=None, limit=None) -> bool:
    """Whether :func:`unit_moves` of ``u`` is not empty, searching as little as that takes: a unit
    free of facing reaches nothing without a first hex it may enter (and 7c makes that hex a move);
    a vehicle neither (:func:`_first_entries`).  ``allowed(moves)``: whether a scenario's limit
    leaves one of these moves (it judges each move alone, by its hex: then a vehicle's first steps
    are asked at once, and only when the limit refuses them all are the hexes beyond them searched
    and asked at once; other units' moves are listed and asked).  ``limit``: the hex test ``allowed``
    applies to each move, when it is one (``ScenarioRules.reserve_hex_limit``): then the hexes beyond
    are searched only if the terrain alone lets the vehicle reach a hex it passes
    (:func:`_terrain_reach`)."""
    t = utype(u)
    vehicle = t.kind in VEHICLE_KINDS  # is_vehicle
    ground_vehicle = vehicle and t.move_class != "F" and u.hex is not None
    if allowed is not None and not ground_vehicle:
        return allowed(unit_moves(rules, state, u, at))
    if t.leg and not vehicle:
        entering = _entering(state, u)
        if u.hex is None and not entering:
            return False
        entries = rules.entry_hexes(state, u.side) if entering else ()
        return leg_reserve.has_destination(rules, state, u, at.occ, at.enemy_hexes, at.near_zone, entries, at.board)
    if u.hex is None:  # an entering vehicle: an entry hex it may stand in (as unit_moves lists them)
        if not _entering(state, u):
            return False
        fits = stacking_room(state, u)
        return any(b not in at.enemy_hexes and fits(b) for b in rules.entry_hexes(state, u.side))
    near = u.hex in at.near_zone
    budget = _budget(u, near)
    if budget == 0:
        return False
    cost = _step_cost(state, u, at)
    if not ground_vehicle:  # cost is None wherever the terrain alone forbids the step: exits() only
        return any(cost(u.hex, b) is not None for b in at.board.exits(u.hex, t.move_class))
    start, v0 = u.hex, facing_of(state, u)
    first = _first_entries(at.board.sides(start), start, v0, budget, cost)
    if allowed is None:  # every hex a search reaches is entered by a first step from ``start``
        return next(first, None) is not None
    label = at.board.label
    first = list(first)
    if not first or allowed([ReserveMove(u.uid, label(b), v) for b, v, _ in first]):
        return bool(first)
    # only hexes beyond first steps the limit refuses are left: search on (the limit judges the hex)
    stop = None if near else at.near_zone
    least = leg_reserve.least_step(at.board, t.move_class)
    if not any(budget - spent >= least and (stop is None or b not in stop) for b, _, spent in first):
        return False  # no first step leaves room for a second one
    if limit is not None and not any(limit(h) for h in _terrain_reach(at.board, start, v0, budget, t.move_class, least)):
        return False  # not even on empty ground could it reach a hex the limit leaves it
    refused = {b for b, _, _ in first}
    reach = reachable_vehicle(at.board.board, start, v0, budget, cost, must_stop=stop, least_step=least)
    beyond: dict = {}  # hex -> a facing it is reached with (the limit never judges the facing)
    for h, v in reach:
        if h != start and h not in refused:
            beyond.setdefault(h, v)
    return bool(beyond) and allowed([ReserveMove(u.uid, label(h), v) for h, v in beyond.items()])


def vehicle_may_step(state, u, at: Around, occupied) -> bool:
    """:func:`may_move` of a ground vehicle on the map with no scenario limit (``allowed`` None):
    whether some first entry (:func:`_first_entries`: a front hex, a rear one for 1 MP more, after
    the pivots it takes) costs no more than its allowance and is open to it -- no enemy there (5f),
    room for it (9).  Asked of every such mover at every pick, so the steps are tried in place,
    not through a cost function and a generator.  ``occupied``: ``by_hex(state)``."""
    t = utype(u)
    start = u.hex
    budget = _budget(u, start in at.near_zone)
    if budget == 0:
        return False
    board, enemy, wire, move_class = at.board, at.enemy_hexes, state.wire, t.move_class
    sides, v0 = board.sides(start), facing_of(state, u)
    fits = None  # stacking_room(state, u), made only if a hex tried is occupied (an empty hex takes one unit)
    for k, (extra, _) in enumerate(ENTRY_TURNS):
        b = sides[(v0 + k) % 6]
        if b is None or b in enemy:
            continue
        c = board.enter_cost(start, b, move_class)
        if c is None:
            continue
        if wire:
            c = tracked_wire_cost(state, b, move_class, c)  # 23c
        if c + extra > budget:
            continue
        if b in occupied:
            if fits is None:
                fits = stacking_room(state, u)
            if not fits(b):
                continue
        return True
    return False


def _terrain_reach(board, start, v0: int, budget: int, move_class: str, least) -> frozenset:
    """The hexes other than ``start`` a vehicle facing ``v0`` could reach within ``budget`` on the
    terrain alone -- no unit, enemy or stop in its way: a bound on every search of its reserve move
    (those only refuse steps, stop earlier or add to a step's cost: 5f, 9, 23c), kept with the
    board's terrain (a stuck Kill Zone truck is asked again at every pick)."""

    def build() -> frozenset:
        cost = functools.partial(board.enter_cost, move_class=move_class)
        reach = reachable_vehicle(board.board, start, v0, budget, cost, least_step=least)
        return frozenset(h for h, _ in reach if h != start)

    return board.derived(("vehicle terrain reach", start, v0, budget, move_class), build)


def _entry_turns() -> tuple[tuple[int, int], ...]:
    """For the neighbour ``k`` vertices round from a vehicle's facing: the least MP its pivots and
    a reverse add to entering it, and the facing (``k``-relative) it enters by: pivots cost 1 MP a
    vertex (7b), a reverse 1 MP more (15d), as :func:`vehicle_steps` searches them."""
    out = []
    for k in range(6):
        ways = [(pivot_steps(0, v), v) for v in (k % 6, (k - 1) % 6)]  # k is one of v's front hexes
        ways += [(pivot_steps(0, v) + 1, v) for v in ((k - 3) % 6, (k - 4) % 6)]  # one of its rear hexes
        out.append(min(ways))
    return tuple(out)


ENTRY_TURNS = _entry_turns()


def _first_entries(sides, start, v0: int, budget: int, cost):
    """``(hex, facing, MP)``: the hexes next to ``start`` a vehicle facing ``v0`` can enter within
    ``budget``, the facing it enters them by and the least MP that takes, lazily, the front ones
    first (:data:`ENTRY_TURNS`): every hex a vehicle search reaches is entered through one of them;
    no search is built.  ``sides``: the board's six hexes next to ``start`` (``GoEBoard.sides``)."""
    for k, (extra, turn) in enumerate(ENTRY_TURNS):
        b = sides[(v0 + k) % 6]
        if b is not None:
            c = cost(start, b)
            if c is not None and c + extra <= budget:
                yield b, (v0 + turn) % 6, c + extra


def reserve_moves(rules, state, side: str, moved) -> list[ReserveMove]:
    """Every reserve move of every unit of ``side`` that may still move (both steps of the choice)."""
    at = around(state, side)
    return [m for u in movers(state, side, moved) for m in unit_moves(rules, state, u, at)]


def act_reserve(rules, ctx, f: ReserveFrame, action) -> None:
    if isinstance(action, EndReserve):
        if f.second:
            ctx.pop()
        else:
            ctx.replace(ReserveFrame(other(f.side), (), True))
        return
    board = board_at(ctx.state)
    b = board.hex(action.to)
    if action.facing >= 0:  # a vehicle's facing at the end of its reserve move (7b)
        from ...model.vehicles import Faced

        ctx.emit(Faced(action.unit, action.facing))
    origin = ctx.state.units[action.unit].hex
    ctx.emit(UnitMoved(action.unit, b, 0))
    u = ctx.state.units[action.unit]
    for x in [u] + (units_at(ctx.state, origin) if origin is not None else []):  # 18q: moving gives the hex away
        if x.concealed and x.side == u.side:
            ctx.emit(ConcealSet(x.uid, False))
    ctx.replace(attrs.evolve(f, moved=f.moved + (action.unit,)))
    rules.after_step(ctx, [action.unit], b)
    if origin is None and action.unit in ctx.state.units and is_vehicle(u):  # 15d: an entering vehicle: its owner faces it
        ctx.push(FacingChoice(u.side, u.uid))
