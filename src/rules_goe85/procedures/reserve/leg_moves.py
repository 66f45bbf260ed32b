"""The Reserve Phase (GoE 5f): each side in turn moves Eligible Units one at a time."""
from __future__ import annotations

import attrs
from tabletop_core import Decision
from tabletop_core.boards import hexes_within, reachable_hexes

from ...model.actions import EndReserve, ReserveMove
from ...queries.board import board_at
from ...model.events import ConcealSet, UnitMoved
from ...model.frames import FacingChoice, ReserveFrame
from ...model.state import other
from ...queries.units import is_vehicle, stacking_ok, units_at, utype

from ...queries.fortifications import tracked_wire_cost  # noqa: E402

# -- Reserve Phase (5f) ---------------------------------------------------------------------------
def reserve_moves(rules, state, side: str, moved) -> list[ReserveMove]:
    board = board_at(state)
    occ: dict = {}
    for x in state.units.values():
        if x.hex is not None:
            occ.setdefault(x.hex, []).append(x)
    enemy_hexes = {u.hex for u in state.units.values() if u.side != side and u.hex is not None}
    near_zone = set()
    for e in enemy_hexes:
        near_zone.update(hexes_within(e, 3))
    out = []
    for u in sorted(state.units.values(), key=lambda x: x.uid):
        if u.side != side or u.uid in moved or u.marker or u.carrier:  # 8a: passengers ride
            continue
        if utype(u).leg and not is_vehicle(u):  # 5f, 7c, 12b, 21e, 23c for Leg units (queries/leg_reserve.py)
            from ...queries.leg_reserve import destinations

            entering = u.hex is None and u.entry and u.entry <= state.turn
            if u.hex is None and not entering:
                continue
            entries = rules.entry_hexes(state, side) if entering else ()
            for b in sorted(destinations(rules, state, u, occ, enemy_hexes, near_zone, entries)):
                out.append(ReserveMove(u.uid, board.label(b)))
            continue
        if u.hex is None:
            if u.entry and u.entry <= state.turn:
                for b in rules.entry_hexes(state, side):
                    if b not in enemy_hexes and stacking_ok(occ.get(b, []) + [u]):
                        out.append(ReserveMove(u.uid, board.label(b)))
            continue
        near = u.hex in near_zone
        far = {"L": 2, "F": 8}.get(utype(u).move_class, 3)  # 5f: Leg 2, helicopters 8, W/O/T 3
        if u.shaken:
            budget = 0 if near else 1
        else:
            budget = 1 if near else far
        if budget == 0:
            continue
        room: dict = {}
        move_class = utype(u).move_class

        def cost(a, b, u=u, room=room, move_class=move_class):
            if b in enemy_hexes:
                return None
            ok = room.get(b)
            if ok is None:
                ok = room[b] = stacking_ok([x for x in occ.get(b, []) if x.uid != u.uid] + [u])
            if not ok:
                return None
            c = board.enter_cost(a, b, move_class)
            return c if c is None or not state.wire else tracked_wire_cost(state, b, move_class, c)  # 23c

        if is_vehicle(u) and move_class != "F":  # 7b: front hexes, reverse, pivots
            from tabletop_core.boards import reachable_vehicle

            from ...queries.facing import facing_of

            v0 = facing_of(state, u)
            states = reachable_vehicle(board.board, u.hex, v0, budget, cost, must_stop=None if near else near_zone)
            best: dict = {}
            for (h, v), c in sorted(states.items()):
                if h != u.hex and h not in best:
                    best[h] = v
            for b in sorted(best):
                out.append(ReserveMove(u.uid, board.label(b), best[b]))
            continue
        stop = near_zone | state.wire if state.wire and utype(u).leg else near_zone  # 5f, 23c
        reach = reachable_hexes(board.board, u.hex, budget, cost, must_stop=None if near and not state.wire else stop)
        dests = {h for h in reach if h != u.hex}
        if not dests:  # 7c: at least one hex unless prohibited
            dests = {b for b in board.neighbours[u.hex] if cost(u.hex, b) is not None}
        for b in sorted(dests):
            out.append(ReserveMove(u.uid, board.label(b)))
    return out


def decide_reserve(rules, state, f: ReserveFrame):
    opts = reserve_moves(rules, state, f.side, f.moved)
    return Decision(f.side, (*opts, EndReserve()), "Reserve Phase: move an Eligible Unit")


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
