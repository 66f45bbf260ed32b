"""Movement (GoE 7, 9, 18e/g/h/i/o): stacks moving hex by hex.

A move is a :class:`MoveFrame` on the stack: the phasing player steps units hex by hex (alone, or a
whole stack together), paying the Terrain Effects Chart; stacking (9) is checked at every step;
after every step the other player may halt the mover and fire (:mod:`.opportunity_fire`).
"""
from __future__ import annotations

from ...effects.ability_hooks import after_move
from ...effects.openings import push_assaults, start_move
from ...queries.helicopters import must_fly

import attrs
from tabletop_core import Decision

from ...model.actions import Step, Stop, Use
from ...queries.board import board_at
from ...model.events import ConcealSet, MarkerSet, Note, UnitMoved
from ...model.frames import ExtraPlays, FireChoice, Impulse, MoveFrame, MoveOrder, OppFireWindow, with_assaults
from ...model.state import other
from ...queries.opportunity import window_opens
from ...model.occupancy import by_hex as index_by_hex
from ...queries.units import group_room, has, is_vehicle, stacking_ok, units_at, utype

from ...queries.fortifications import stops_in_wire  # noqa: E402



ASSAULT_ABILITIES = ("assault", "assault_plus")


def _step_cost(rules, state, board, a, b, movers, use: str) -> int | None:
    moving = [state.units[m] for m in movers]
    return _cost(rules, state, board, a, b, use, _pathfinder(moving))


def _pathfinder(moving) -> bool:
    """21e: an unshaken Pathfinder in the moving stack."""
    return any(has(u, "pathfinder") and not u.shaken for u in moving)


def _cost(rules, state, board, a, b, use: str, pathfinder: bool) -> int | None:
    """MP to step into ``b`` (from ``a``, or entering the map): the TEC, 1 for a Scout move or with
    a Pathfinder (18o, 21e), plus a Barrage's (12b); None where Leg units may not go."""
    if a is None:
        cost = board.row(b).cost("L")
    else:
        cost = board.enter_cost(a, b, "L")
    if cost is None:
        return None
    if use == Use.SCOUT or pathfinder:  # 18o, 21e
        cost = 1
    if b in state.barrage:  # 12b
        cost += rules.tec.barrage_mp
    return cost


# Reading (Move & Fire and enemy hexes; the one place): 13a names the moves that may assault
# (Move, Fast Move, Let's Get 'Em! and other card-driven moves), and 18i's unit must fire once its
# move ends, which 10a forbids out of a hex shared with the enemy.  So a Move & Fire never enters an
# enemy hex: its move is the approach to a fire, not an assault.  (The alternative, an assault that
# takes the place of the fire, would drop the fire 18i makes compulsory.)
#
# Reading (a hex holding only a flying helicopter; the one place): 13a lets an Assault unit enter
# "an enemy unit's hex", and neither 13 nor 17 exempts a helicopter flying one level above its hex
# (17b), while 21c names Assault Combat where an exception was meant.  So that hex is an enemy hex
# like any other: entered only by assault, which the helicopter defends with a HEF of 1 and takes
# hits as a vehicle does (13a, 13f).  (The alternative: a flying helicopter is above the ground
# fight, so ground units pass under it and neither assault nor count it; that would need a rule
# for its stacking and for an assault on the units beneath, which the text does not give.)
def _can_enter(state, side, moving, b, use: str) -> str:
    """'' if the stack of ``moving`` units may step into ``b``, 'assault' if it is an enemy hex it
    may assault, 'no' otherwise (9, 13a, 18i)."""
    there = units_at(state, b)
    enemy = [u for u in there if u.side != side]
    if enemy:
        if use == Use.MOVE_FIRE:
            return "no"  # 18i + 10a (the reading above)
        if any(isinstance(fr, Impulse) and b in fr.assaulted for fr in state.stack):
            return "no"  # 13a: this hex has had its assault in this impulse
        if all(any(has(u, a) for a in ASSAULT_ABILITIES) and not u.shaken for u in moving):
            friends = [u for u in there if u.side == side]
            return "assault" if stacking_ok(friends + moving) else "no"
        return "no"
    return "" if stacking_ok(there + moving) else "no"


def decide_move(rules, state, f: MoveFrame):
    board = board_at(state)
    occupied = index_by_hex(state)
    opts = []
    left = {u: (m, b) for u, m, b in f.mp}
    by_hex: dict = {}
    for uid, m, b in f.mp:
        u = state.units.get(uid)
        if u is None:
            continue
        by_hex.setdefault(u.hex, []).append(uid)
    from .vehicle_steps import transport_options, vehicle_options

    for h, uids in sorted(by_hex.items(), key=lambda kv: (kv[0] is not None, kv[0] or (0, 0))):
        for uid in [u for u in uids if is_vehicle(state.units[u])]:  # 7b, 17b: vehicles move alone
            opts += vehicle_options(rules, state, f, uid, left[uid][0])
        uids = [u for u in uids if not is_vehicle(state.units[u]) and not state.units[u].carrier]  # 8a: passengers ride
        groups = [[u] for u in uids]
        live = [u for u in uids if left[u][0] + left[u][1] > 0 or u not in f.stepped]
        if len(live) > 1:
            groups.append(live)
        # (a hex whose terrain bars Leg units costs None: exits() leaves those out)
        dests = _entry_hexes(rules, state, f.player) if h is None else board.exits(h, "L")
        for g in groups:
            moving = [state.units[x] for x in g]
            pathfinder = _pathfinder(moving)
            with_hero = len(g) > 1 and any(utype(u).hero for u in moving)  # 2j: the Hero lends its MF
            # per unit: (MP of its own, its budget, may it take a first step beyond it: 7c)
            budgets = [(left[uid][0], left[uid][0] + (left[uid][1] if with_hero else 0),
                        uid not in f.stepped and left[uid][0] > 0) for uid in g]
            step_units = tuple(g)
            fits = group_room(state, moving)  # _can_enter's stacking test where no enemy stands
            for b in dests:
                cost = _cost(rules, state, board, h, b, f.use, pathfinder)
                if cost is None:
                    continue
                if not all((cost <= budget or minimum) and not (budget <= 0 and m <= 0) for m, budget, minimum in budgets):
                    continue
                there = occupied.get(b, ())
                if all(u.side == f.player for u in there):
                    if not fits(b):
                        continue
                elif _can_enter(state, f.player, moving, b, f.use) == "no":
                    continue
                opts.append(Step(step_units, board.label(b)))
    opts += transport_options(rules, state, f)
    if opts and must_fly(state, f):  # 17b: a flying helicopter moves at least one hex
        return Decision(f.player, tuple(opts), f"move ({f.use})")
    return Decision(f.player, (*opts, Stop()), f"move ({f.use})")


def _entry_hexes(rules, state, side):
    return rules.entry_hexes(state, side)


def act_move(rules, ctx, f: MoveFrame, action) -> None:
    state = ctx.state
    board = board_at(state)
    if isinstance(action, Stop):
        finish_move(rules, ctx, f)
        return
    if not isinstance(action, Step) or is_vehicle(state.units[action.units[0]]):
        from .vehicle_steps import act_vehicle

        act_vehicle(rules, ctx, f, action)
        return
    movers = list(action.units)
    b = board.hex(action.to)
    a = state.units[movers[0]].hex
    cost = _step_cost(rules, state, board, a, b, movers, f.use)
    kind = _can_enter(state, f.player, [state.units[m] for m in movers], b, f.use)
    with_hero = len(movers) > 1 and any(utype(state.units[x]).hero for x in movers)
    new_mp = []
    assaults = list(f.assaults)
    for uid, m, lent in f.mp:
        if uid in movers:
            if not with_hero:
                lent = 0  # leaving the Hero's stack: back to its own MF
            # 2j: the Hero's speed holds only while the unit stays with it for the whole move, so
            # a step is paid from the unit's own MF first; a unit that leaves keeps only its own MF
            # less what it spent with the Hero
            own = min(m, cost or 0)
            m -= own
            lent = max(0, lent - ((cost or 0) - own))
            if kind == "assault":
                m, lent = 0, 0
                assaults.append((uid, a))
            elif stops_in_wire(state, b, state.units[uid]):  # 23c: Leg units stop on entering wire
                m, lent = 0, 0
        new_mp.append((uid, m, lent))
    # 18q: a concealed unit that moves gives away its hex
    for uid in movers:
        u = state.units[uid]
        if u.concealed or (u.hex is not None and any(x.concealed for x in units_at(state, u.hex) if x.side == u.side)):
            for x in units_at(state, u.hex) if u.hex is not None else [u]:
                if x.concealed and x.side == u.side:
                    ctx.emit(ConcealSet(x.uid, False))
    for uid in movers:
        ctx.emit(UnitMoved(uid, b, cost or 0))
    stepped = tuple(sorted(set(f.stepped) | set(movers)))
    ctx.replace(attrs.evolve(f, mp=tuple(new_mp), stepped=stepped, assaults=tuple(assaults)))
    rules.after_step(ctx, movers, b)
    if kind != "assault":
        if window_opens(rules, ctx.state, f.player, movers, b):  # 11a (opportunity_fire.py)
            ctx.push(OppFireWindow(other(f.player), tuple(movers), b, f.use == Use.FAST_MOVE))


def finish_move(rules, ctx, f: MoveFrame) -> None:
    state = ctx.state
    ctx.pop()
    if f.use == Use.MOVE_FIRE:
        uid = f.mp[0][0]
        if uid in state.units:
            ctx.push(FireChoice(f.player, uid, f.card))
        return
    for uid in f.stepped:
        u = state.units.get(uid)
        if u is not None and u.marker not in ("ops",):
            ctx.emit(MarkerSet(uid, "moved"))
    after_move(ctx, f)  # 22g: the Brutal unit is Ops Complete
    if not f.assaults:
        return
    # 13a: assault combat is the impulse's last action; the frame that grants the actions holds the
    # assaults, so that units a later action (Command Ops) moves into the same hex join them
    holder = state.top
    if isinstance(holder, (Impulse, ExtraPlays)) and holder.player == f.player:
        board = board_at(state)
        entered = sorted({state.units[uid].hex for uid, _ in f.assaults if uid in state.units})
        for h in entered:  # the log says why nobody fights yet
            ctx.emit(Note(f"{board.label(h)}: the assault waits for the last action of the impulse (13a)"))
        ctx.replace(with_assaults(holder, f.assaults, f.brutal))
    else:  # a move no impulse of its mover holds (an Event's move): its assaults follow at once
        push_assaults(rules, ctx, f.player, f.assaults, brutal=(f.brutal,) if f.brutal else ())




def advance_order(rules, ctx, f: MoveOrder) -> None:
    """A :class:`MoveOrder` another procedure pushed: the move it asks for begins here."""
    ctx.pop()
    start_move(rules, ctx, f.side, f.use, list(f.uids), f.card, brutal=f.brutal)

