"""A vehicle or helicopter moving in a :class:`MoveFrame` (GoE 7b, 8, 15d, 17b).

A vehicle moves alone (never as part of a stack step): forward into its two front hexes, in
reverse into its two rear hexes at +1 MP keeping its facing, or pivots one vertex for 1 MP (7b,
15d).  A flying helicopter enters one of the front hexes of its facing or of the facing one vertex
either side, 1 MP a hex whatever the terrain, its movement unlimited (17b).  A ground carrier or
passenger that loads or unloads has half its MF for that move (8a, 8i; the reading in
``queries/transport_budget.py``); a helicopter's passenger pays half its MF (17c).  A vehicle
brought on by a map edge is then faced by its owner (15d, a :class:`FacingChoice`).
"""
from __future__ import annotations

import attrs

from tabletop_core.boards.hexfacing import front_hexes, rear_hexes

from ...model.actions import Fly, Load, Pivot, Reverse, Step, Unload, Use
from ...model.events import Note, UnitMoved
from ...model.frames import FacingChoice, MoveFrame, OppFireWindow
from ...model.state import other
from ...model.vehicles import Faced, Loaded, ModeSet, Unloaded
from ...queries.board import board_at
from ...queries.carrying import may_unload, passengers, room_for
from ...queries.facing import facing_of
from ...queries.fortifications import tracked_wire_cost
from ...queries.movement import half, mp_allowance
from ...queries.transport_budget import may_transport, mp_after_transport
from ...queries.opportunity import window_opens
from ...queries.sight import is_heli
from ...queries.units import eligible, heli_mode, stacking_ok, units_at, utype


def targetable_unit(u) -> bool:
    """8d: a loaded passenger is inside its carrier, not a target of its own."""
    return not u.carrier


def _cost(rules, state, board, a, b, u) -> int | None:
    cls = utype(u).move_class
    if cls == "F":
        return 1  # 17b: helicopters ignore the terrain below them
    cost = board.row(b).cost(cls) if a is None else board.enter_cost(a, b, cls)
    if cost is None:
        return None
    cost = tracked_wire_cost(state, b, cls, cost)  # 23c
    if b in state.barrage:  # 12b
        cost += rules.tec.barrage_mp
    return cost


def _may_enter(state, side, u, b) -> bool:
    """9: stacking after the step; vehicles cannot assault, so never into an enemy hex (13a)."""
    there = [x for x in units_at(state, b) if x.uid != u.uid]
    if any(x.side != side for x in there):
        return False
    return stacking_ok(there + [u])


def vehicle_options(rules, state, f: MoveFrame, uid: str, m: int) -> list:
    """Steps, reverses, pivots (7b) or flights (17b) of one vehicle in a move."""
    u = state.units.get(uid)
    if u is None or u.carrier:
        return []
    board = board_at(state)
    first = uid not in f.stepped
    out = []

    def affordable(cost):
        return cost is not None and (cost <= m or (first and m > 0))  # 7c minimum move

    if u.hex is None:  # entering by a map edge; its owner then turns it (act_vehicle)
        for b in rules.entry_hexes(state, f.player):
            cost = _cost(rules, state, board, None, b, u)
            if affordable(cost) and _may_enter(state, f.player, u, b):
                out.append(Step((uid,), board.label(b)))
        return out
    v = facing_of(state, u)
    if is_heli(u):
        if heli_mode(u) != "flying" or m <= 0:
            return []
        seen = set()
        for turn in (0, -1, 1):  # 17b: one vertex turned per hex entered, free of MP
            nv = (v + turn) % 6
            for b in front_hexes(u.hex, nv):
                if b in seen or b not in board.board:
                    continue
                seen.add(b)
                if _may_enter(state, f.player, u, b):
                    out.append(Fly(uid, board.label(b), nv))
        return out
    for b in front_hexes(u.hex, v):
        if b in board.board:
            cost = _cost(rules, state, board, u.hex, b, u)
            if affordable(cost) and _may_enter(state, f.player, u, b):
                out.append(Step((uid,), board.label(b)))
    for b in rear_hexes(u.hex, v):  # 15d: reverse at +1 MP a hex, facing kept
        if b in board.board:
            cost = _cost(rules, state, board, u.hex, b, u)
            if cost is not None and affordable(cost + 1) and _may_enter(state, f.player, u, b):
                out.append(Reverse(uid, board.label(b)))
    if m >= 1 and f.use != Use.RESERVE:
        for nv in ((v + 1) % 6, (v - 1) % 6):  # 7b: 1 MP per vertex pivoted
            out.append(Pivot(uid, nv))
    return out


def transport_options(rules, state, f: MoveFrame) -> list:
    """8a/8c/8g/8h/17c: load and unload choices inside a move (ground carriers: the half-MF budget
    of ``queries/transport_budget.py``; helicopters: the passenger pays half its MF, 17c)."""
    left = {u: m for u, m, _ in f.mp}
    out = []
    for uid in left:
        u = state.units.get(uid)
        if u is None or u.hex is None:
            continue
        if u.carrier:  # unloading
            c = state.units.get(u.carrier)
            if c is None or not may_unload(state, c, u):
                continue
            if (_can_pay(state, f, uid, left) if is_heli(c) else _ground_budget_ok(state, f, (uid, c.uid))):
                out.append(Unload(uid, c.uid))
            continue
        if not utype(u).leg or u.shaken:  # 8h: a Shaken passenger cannot load
            continue
        for c in units_at(state, u.hex):
            if c.side != u.side or not utype(c).carrier or c.shaken or c.carrier:  # 8h
                continue
            if is_heli(c) and heli_mode(c) != "landed":  # 17c: only landed helicopters load
                continue
            if not room_for(state, c, u):
                continue
            if (_can_pay(state, f, uid, left) if is_heli(c) else _ground_budget_ok(state, f, (uid, c.uid))):
                out.append(Load(uid, c.uid))
    for cid in left:  # a ground carrier in the move and a Leg unit that is not (8a)
        c = state.units.get(cid)
        if c is None or c.hex is None or not utype(c).carrier or is_heli(c) or not may_transport(state, f, cid):
            continue
        for p in passengers(state, cid):  # moves, then unloads its passenger
            if p.uid not in left and may_unload(state, c, p):
                out.append(Unload(p.uid, cid))
        if c.shaken or c.carrier:  # 8h
            continue
        for p in units_at(state, c.hex):  # drives to a waiting Leg unit and loads it (the BMP-1 example)
            if (p.uid not in left and p.side == c.side and utype(p).leg and not p.carrier and not p.shaken
                    and eligible(p) and room_for(state, c, p)):
                out.append(Load(p.uid, cid))
    return out


def _ground_budget_ok(state, f: MoveFrame, uids) -> bool:
    """8a: every unit of the move among ``uids`` is still within its half-MF budget."""
    in_move = {u for u, _, _ in f.mp}
    return all(may_transport(state, f, x) for x in uids if x in in_move)


def _can_pay(state, f: MoveFrame, uid: str, left) -> bool:
    u = state.units[uid]
    return left.get(uid, 0) >= half(mp_allowance(u, f.use)) and left.get(uid, 0) > 0


def act_vehicle(rules, ctx, f: MoveFrame, action) -> None:
    state = ctx.state
    board = board_at(state)
    uid = action.units[0] if isinstance(action, Step) else action.unit
    u = state.units[uid]
    left = {x: (m, b) for x, m, b in f.mp}
    stepped = set(f.stepped)
    if isinstance(action, (Load, Unload)):
        c = state.units[action.carrier]
        if is_heli(c):
            stepped.update(_heli_transport(ctx, f, action, u, c, left))
            transported = f.transported
        else:
            stepped.update(_ground_transport(ctx, f, action, u, c, left))
            transported = tuple(sorted(set(f.transported) | ({uid, c.uid} & set(left))))
        ctx.replace(attrs.evolve(f, mp=tuple((x, m, b) for x, (m, b) in left.items()), stepped=tuple(sorted(stepped)),
                                 transported=transported))
        if isinstance(action, Unload):  # 24e: out of its carrier it occupies the hex (no news in a ground
            rules.after_step(ctx, [uid], c.hex)  # carrier's hex; a helicopter's passengers occupied nothing)
        mover = c.uid if isinstance(action, Load) else uid
        if u.hex is not None and window_opens(rules, ctx.state, f.player, [mover], u.hex):
            ctx.push(OppFireWindow(other(f.player), mover, u.hex))  # 11a: (un)loading draws fire (on the carrier once loaded)
        return
    m = left[uid][0]
    if isinstance(action, Pivot):
        nv = action.facing
        ctx.emit(Faced(uid, nv))
        left[uid] = (max(0, m - 1), 0)
        stepped.add(uid)
        ctx.replace(attrs.evolve(f, mp=tuple((x, mm, b) for x, (mm, b) in left.items()), stepped=tuple(sorted(stepped))))
        if window_opens(rules, ctx.state, f.player, [uid], u.hex):  # 11a: a pivot draws fire
            ctx.push(OppFireWindow(other(f.player), uid, u.hex))
        return
    b = board.hex(action.to)
    cost = _cost(rules, state, board, u.hex, b, u) or 0
    if isinstance(action, Reverse):
        cost += 1
    entering = u.hex is None
    if entering:
        if is_heli(u):
            ctx.emit(ModeSet(uid, "flying"))  # 17b: enters flying
    elif isinstance(action, Fly) and action.facing != facing_of(state, u):
        ctx.emit(Faced(uid, action.facing))
    elif u.facing < 0:
        ctx.emit(Faced(uid, facing_of(state, u)))
    ctx.emit(UnitMoved(uid, b, cost))
    left[uid] = (max(0, m - cost), 0)
    stepped.add(uid)
    ctx.replace(attrs.evolve(f, mp=tuple((x, mm, bb) for x, (mm, bb) in left.items()), stepped=tuple(sorted(stepped))))
    rules.after_step(ctx, [uid], b)
    if uid in ctx.state.units and window_opens(rules, ctx.state, f.player, [uid], b):
        ctx.push(OppFireWindow(other(f.player), uid, b, f.use == Use.FAST_MOVE))
    if entering and uid in ctx.state.units:  # 15d: the owner faces the vehicle it brings on (before any fire at it)
        ctx.push(FacingChoice(f.player, uid))


def _heli_transport(ctx, f: MoveFrame, action, u, c, left) -> set:
    """17c: the passenger pays half its MF to board or leave a helicopter.  Returns who acted."""
    uid = u.uid
    price = half(mp_allowance(u, f.use))
    if isinstance(action, Load):
        ctx.emit(Loaded(uid, c.uid))
        ctx.emit(Note(f"{uid} loads into {c.uid}"))
        left[uid] = (0, 0)  # it pays, then rides from now on
    else:
        ctx.emit(Unloaded(uid))
        ctx.emit(Note(f"{uid} unloads from {c.uid}"))
        left[uid] = (0, 0) if u.shaken or uid not in left else (max(0, left[uid][0] - price), 0)
        if u.shaken and c.uid in left:  # 8g: a Shaken passenger may unload, then neither does more
            left[c.uid] = (0, 0)
    return {uid}


def _ground_transport(ctx, f: MoveFrame, action, u, c, left) -> set:
    """8a, 8g: a ground carrier loads or unloads; each unit of the move keeps what
    ``queries/transport_budget.py`` leaves it.  Returns who acted (a waiting Leg unit that boards is
    marked Moved with the movers)."""
    state = ctx.state
    uid = u.uid
    carrier_left = mp_after_transport(state, f, c.uid) if c.uid in left else None
    if isinstance(action, Load):
        ctx.emit(Loaded(uid, c.uid))
        ctx.emit(Note(f"{uid} loads into {c.uid}"))
        if uid in left:
            left[uid] = (0, 0)  # the passenger rides from now on
    else:
        ctx.emit(Unloaded(uid))
        ctx.emit(Note(f"{uid} unloads from {c.uid}"))
        if u.shaken:  # 8g: a Shaken passenger may unload, then neither does more
            carrier_left = 0 if carrier_left is not None else None
            left[uid] = (0, 0)
        elif uid in left and c.uid not in f.stepped:  # 8a third way: unload, then each moves half its MF
            left[uid] = (mp_after_transport(state, f, uid), 0)
        else:  # unloaded where its carrier stopped
            left[uid] = (0, 0)
    if carrier_left is not None:
        left[c.uid] = (carrier_left, 0)
    return {uid} | ({c.uid} & set(left))
