"""Movement (GoE 7, 9, 18e/g/h/i/o), Opportunity Fire windows (11a) and the Reserve Phase (5f).

A move is a :class:`MoveFrame` on the stack: the phasing player steps units hex by hex (alone, or a
whole stack together), paying the Terrain Effects Chart; stacking (9) is checked at every step;
after every step the other player may halt the mover and fire (an :class:`OppFireWindow`).
"""
from __future__ import annotations

import attrs
from tabletop_core import Decision
from tabletop_core.boards import hexes_within, reachable_hexes
from tabletop_core.decks import hand

from .actions import (
    Block, Decline, Declined, EndReserve, FireAt, PlayCard, PlayReaction, ReserveMove, Step, Stop, Use,
)
from .board import board_at
from .cards import card, hand_of
from .state import (
    DECK, ConcealSet, FireChoice, FireFrame, Impulse, MarkerSet, MoveFrame, OppFireWindow,
    ReserveFrame, UnitMoved, other,
)
from .units import eligible, has, heli_mode, is_hard, is_vehicle, movement_factor, stacking_ok, units_at, utype

from .abilities_extra import after_move  # noqa: E402
from .fortifications import fire_blocked, stops_in_wire, tracked_wire_cost  # noqa: E402

ASSAULT_ABILITIES = ("assault", "assault_plus")


def mp_allowance(u, use: str) -> int:
    """GoE 18e/h/i: MF, +1 for Fast Move, half (rounded up) for Move & Fire; Shaken halves (10c)."""
    fast = use == Use.FAST_MOVE
    mf = movement_factor(u, fast=fast)
    if use == Use.MOVE_FIRE:
        mf = (mf + 1) // 2
    return mf


def start_move(rules, ctx, side: str, use: Use, uids: list[str], card_id: str = "", *, brutal: str = "") -> None:
    state = ctx.state
    units = [state.units[u] for u in uids]
    hero_mp = {}
    for u in units:  # 2j: units stacked with a Hero move at its speed while they stay with it
        if utype(u).hero and u.hex is not None:
            hero_mp[u.hex] = max(hero_mp.get(u.hex, 0), mp_allowance(u, use))
    mp = []
    for u in units:
        own = mp_allowance(u, use)
        lent = max(0, hero_mp.get(u.hex, 0) - own) if (u.hex is not None and not utype(u).hero) else 0
        mp.append((u.uid, own, lent))
    ctx.push(MoveFrame(player=side, use=use, mp=tuple(mp), origin=tuple((u.uid, u.hex) for u in units),
                       card=card_id, brutal=brutal))


def _step_cost(rules, state, board, a, b, movers, use: str) -> int | None:
    if a is None:
        cost = board.row(b).cost("L")
    else:
        cost = board.enter_cost(a, b, "L")
    if cost is None:
        return None
    pathfinder = any(has(state.units[m], "pathfinder") and not state.units[m].shaken for m in movers)
    if use == Use.SCOUT or pathfinder:  # 18o, 21e
        cost = 1
    if b in state.barrage:  # 12b
        cost += rules.tec.barrage_mp
    return cost


def _can_enter(state, side, movers, b) -> str:
    """'' if the stack of ``movers`` may step into ``b``, 'assault' if it is an enemy hex it may
    assault, 'no' otherwise (9, 13a)."""
    there = units_at(state, b)
    enemy = [u for u in there if u.side != side]
    moving = [state.units[m] for m in movers]
    if enemy:
        if any(isinstance(fr, Impulse) and b in fr.assaulted for fr in state.stack):
            return "no"  # 13a: this hex has had its assault in this impulse
        if all(any(has(u, a) for a in ASSAULT_ABILITIES) and not u.shaken for u in moving):
            friends = [u for u in there if u.side == side]
            return "assault" if stacking_ok(friends + moving) else "no"
        return "no"
    return "" if stacking_ok(there + moving) else "no"


def decide_move(rules, state, f: MoveFrame):
    board = board_at(state)
    opts = []
    left = {u: (m, b) for u, m, b in f.mp}
    by_hex: dict = {}
    for uid, m, b in f.mp:
        u = state.units.get(uid)
        if u is None:
            continue
        by_hex.setdefault(u.hex, []).append(uid)
    from .vehicles import must_fly, transport_options, vehicle_options

    for h, uids in sorted(by_hex.items(), key=lambda kv: (kv[0] is not None, kv[0] or (0, 0))):
        for uid in [u for u in uids if is_vehicle(state.units[u])]:  # 7b, 17b: vehicles move alone
            opts += vehicle_options(rules, state, f, uid, left[uid][0])
        uids = [u for u in uids if not is_vehicle(state.units[u]) and not state.units[u].carrier]  # 8a: passengers ride
        groups = [[u] for u in uids]
        live = [u for u in uids if left[u][0] + left[u][1] > 0 or u not in f.stepped]
        if len(live) > 1:
            groups.append(live)
        dests = _entry_hexes(rules, state, f.player) if h is None else board.neighbours[h]
        for g in groups:
            for b in dests:
                cost = _step_cost(rules, state, board, h, b, g, f.use)
                if cost is None:
                    continue
                ok = True
                for uid in g:
                    m, lent = left[uid]
                    budget = m + (lent if len(g) > 1 and any(utype(state.units[x]).hero for x in g) else 0)
                    if cost > budget and not (uid not in f.stepped and m > 0):  # 7c minimum move
                        ok = False
                        break
                    if budget <= 0 and m <= 0:
                        ok = False
                        break
                if not ok:
                    continue
                if _can_enter(state, f.player, g, b) == "no":
                    continue
                opts.append(Step(tuple(g), board.label(b)))
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
        from .vehicles import act_vehicle

        act_vehicle(rules, ctx, f, action)
        return
    movers = list(action.units)
    b = board.hex(action.to)
    a = state.units[movers[0]].hex
    cost = _step_cost(rules, state, board, a, b, movers, f.use)
    kind = _can_enter(state, f.player, movers, b)
    with_hero = len(movers) > 1 and any(utype(state.units[x]).hero for x in movers)
    new_mp = []
    assaults = list(f.assaults)
    for uid, m, lent in f.mp:
        if uid in movers:
            if not with_hero:
                lent = 0  # leaving the Hero's stack: back to its own MF
            pay = cost
            use_lent = min(lent, pay) if with_hero else 0
            lent -= use_lent
            m = max(0, m - (pay - use_lent))
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
        offer_opportunity(rules, ctx, f.player, movers, b, fast=f.use == Use.FAST_MOVE)


def finish_move(rules, ctx, f: MoveFrame) -> None:
    from .assault import push_assaults

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
    push_assaults(rules, ctx, f.player, f.assaults, brutal=f.brutal)


# -- Opportunity Fire (11a) -----------------------------------------------------------------------
def opp_fire_plays(rules, state, side: str, movers_hex, mover: str):
    """Cards and leads the non-phasing side could use to fire on a unit now moving in ``movers_hex``."""
    from .fire import FIRE_POWERS, MAX_RANGE, SNIPER_RANGE
    from .vehicles import power_barred, sees
    from .units import targetable

    board = board_at(state)

    def reach(u, power: str = "") -> int:  # 21g, 22m: Snipers and the Marksman Power reach 13 hexes
        return SNIPER_RANGE if has(u, "sniper") or power == "marksman" else MAX_RANGE

    target = state.units.get(mover)
    if target is None or not targetable(state, target):
        return []
    if any(u.side == side for u in units_at(state, movers_hex)):
        return []
    leads = []
    for u in state.units.values():
        if u.side != side or not eligible(u) or u.shaken:
            continue
        if any(x.side != side for x in units_at(state, u.hex)):
            continue
        far = reach(u, "marksman" if "marksman" in utype(u).powers else "")
        if board.distance(u.hex, movers_hex) <= far and sees(state, u, target, bh=movers_hex):
            if not fire_blocked(state, u.hex, movers_hex, target_leg=utype(target).leg):  # 23b facing
                leads.append(u)
    if not leads:
        return []
    from .apfire import ap_capable, ap_target, rules_range

    he_ok = not is_hard(target)  # 15: a Hard Target only to AP fire
    ap_leads = [u for u in leads if ap_capable(u) and ap_target(target) and rules_range(board.distance(u.hex, movers_hex))
                is not None and not (utype(u).kind == "helicopter" and heli_mode(u) == "landed")]
    if not he_ok:
        leads = []
    out = []
    for cid in hand_of(state, side):
        c = card(cid)
        for block, use in (("upper", c.upper), ("lower", c.lower)):
            if use == Use.FIRE:
                for lead in leads:
                    if board.distance(lead.hex, movers_hex) <= reach(lead):
                        out.append(PlayCard(cid, block, Use.OPP_FIRE, lead.uid, mover))
                for lead in ap_leads:
                    out.append(PlayCard(cid, block, Use.OPP_FIRE, lead.uid, mover, ap=True))
        if c.power:
            for lead in leads:
                for p in utype(lead).powers:  # 11a: a Power that fires (the Marksman's too, 22m)
                    if (p in FIRE_POWERS and board.distance(lead.hex, movers_hex) <= reach(lead, p)
                            and not power_barred(lead, p)):  # 17b
                        out.append(PlayCard(cid, Block.POWER, p, lead.uid, mover))
    return out


def booby_trap_plays(rules, state, side: str, h, movers):
    """Hammer and Anvil SSR: any Artillery action may be played as a Booby Trap when Soviet units
    enter a building hex."""
    spec = rules.spec(state)
    if spec.muj_artillery_as != "booby_trap" or side != "mujahideen":
        return []
    board = board_at(state)
    if not board.row(h).building:
        return []
    return [PlayReaction(cid, Use.BOOBY_TRAP, movers[0]) for cid in hand_of(state, side) if "artillery" in card(cid).blocks()]


def offer_opportunity(rules, ctx, mover_side: str, movers, h, *, fast: bool = False) -> None:
    state = ctx.state
    side = other(mover_side)
    if opp_fire_plays(rules, state, side, h, movers[0]) or booby_trap_plays(rules, state, side, h, movers):
        ctx.push(OppFireWindow(side, movers[0], h, fast))


def decide_window(rules, state, f: OppFireWindow):
    plays = opp_fire_plays(rules, state, f.player, f.hex, f.mover)
    traps = booby_trap_plays(rules, state, f.player, f.hex, [f.mover])
    if not plays and not traps:
        return None
    return Decision(f.player, (*plays, *traps, Decline(Declined.HOLD)), f"Opportunity Fire on {f.mover}?")


def act_window(rules, ctx, f: OppFireWindow, action) -> None:
    from .fire import start_fire

    state = ctx.state
    ctx.pop()
    if isinstance(action, Decline):
        return
    ctx.move_card(DECK, action.card, hand(f.player), "discard", player=f.player)
    if isinstance(action, PlayReaction):  # Booby Trap: 1 HEF (2 after a Fast Move), no modifiers
        movers = [u.uid for u in units_at(state, f.hex) if u.side != f.player]
        victim = ctx.choice(sorted(movers), reason="booby trap victim")
        ctx.push(FireFrame(side=f.player, use=Use.BOOBY_TRAP, lead="", supporters=(), targets=(victim,), hex=f.hex,
                           hef=2 if f.fast else 1, step="begin", marker=""))
        return
    marker = "fired" if action.use == Use.OPP_FIRE else "ops"
    use = Use.FIRE if action.use == Use.OPP_FIRE else action.use
    if action.ap:  # 11a, 15: AP Opportunity Fire
        from .apfire import start as start_ap

        start_ap(rules, ctx, f.player, use, action.unit, action.target, marker=marker, opp_mover=action.target,
                 moving=True)
        return
    start_fire(rules, ctx, f.player, use, action.unit, action.target, False, marker=marker,
               opp_mover=action.target, moving=True)


def advance_window(rules, ctx, f: OppFireWindow) -> None:
    ctx.pop()  # nothing can be played any more


# -- Move & Fire's fire part (18i) ----------------------------------------------------------------
# Reading (Shaken units and Move & Fire; the one place): 18i makes the fire part depend on the unit
# "not Shaken while moving", and 4c counts a Shaken unit as Eligible, so a Shaken Eligible Unit may
# take a Move & Fire: it moves up to half its MF (halved for Shaken first, 10c, then halved again,
# rounded up), does not fire (10c), and is marked Ops Complete.  A unit Shaken during the move (by
# Opportunity Fire, 11a) likewise does not fire.
def decide_fire_choice(rules, state, f: FireChoice):
    from .fire import fire_options

    u = state.units.get(f.unit)
    if u is None or u.shaken:
        return None
    from .apfire import ap_leads

    opts = [FireAt(lead, tgt) for lead, tgt, group in fire_options(rules, state, f.player, use=Use.MOVE_FIRE, units=[u])
            if not group]
    opts += [FireAt(lead, tgt, ap=True) for lead, tgt, group in ap_leads(state, f.player, use=Use.MOVE_FIRE, units=[u])
             if not group]  # 18i, 15b: a Move & Fire AP shot misses on MF
    if not opts:
        return None
    return Decision(f.player, tuple(opts), "Move & Fire: pick the target")


def act_fire_choice(rules, ctx, f: FireChoice, action) -> None:
    from .fire import start_fire

    ctx.pop()
    if action.ap:
        from .apfire import start as start_ap

        start_ap(rules, ctx, f.player, Use.MOVE_FIRE, action.unit, action.target, marker="ops")
        return
    start_fire(rules, ctx, f.player, Use.MOVE_FIRE, action.unit, action.target, False, marker="ops", degrade=1)


def advance_fire_choice(rules, ctx, f: FireChoice) -> None:
    ctx.pop()
    if f.unit in ctx.state.units:
        ctx.emit(MarkerSet(f.unit, "ops"))


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
        if utype(u).leg and not is_vehicle(u):  # 5f, 7c, 12b, 21e, 23c for Leg units (reserve_leg.py)
            from .reserve_leg import destinations

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

            from .vehicles import facing_of

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
        from .vehstate import Faced

        ctx.emit(Faced(action.unit, action.facing))
    origin = ctx.state.units[action.unit].hex
    ctx.emit(UnitMoved(action.unit, b, 0))
    u = ctx.state.units[action.unit]
    for x in [u] + (units_at(ctx.state, origin) if origin is not None else []):  # 18q: moving gives the hex away
        if x.concealed and x.side == u.side:
            ctx.emit(ConcealSet(x.uid, False))
    ctx.replace(attrs.evolve(f, moved=f.moved + (action.unit,)))
    rules.after_step(ctx, [action.unit], b)
