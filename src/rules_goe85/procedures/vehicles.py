"""Vehicles, transport and helicopters on the map (GoE 7b, 8, 9, 13f, 17): facing and movement,
loading and unloading, helicopter modes, line of sight one level up, and destruction (wrecks,
crashes, passengers).

A vehicle in a :class:`MoveFrame` moves alone (never as part of a stack step): forward into its
two front hexes, in reverse into its two rear hexes at +1 MP keeping its facing, or pivots one
vertex for 1 MP (7b, 15d).  A flying helicopter enters one of the front hexes of its facing or of
the facing one vertex either side, 1 MP a hex whatever the terrain, its movement unlimited (17b).
Loading and unloading cost half the MF (rounded up, after Fast Move's +1, 8a/8i) of the unit
doing it: the carrier when it is moving, else the passenger (8a's three ways all follow from this
one price; see the readings in docs/coverage/goe85.md).
"""
from __future__ import annotations

import attrs
from tabletop_core import Decision
from tabletop_core.boards.hexfacing import facing_toward, front_hexes, rear_hexes

from ..model.actions import (
    Block, DeclareMode, Decline, Declined, Fly, Load, Pivot, PlayCard, Reverse, Step, Unload, Use,
)
from ..queries.board import board_at
from ..queries.fortifications import tracked_wire_cost
from ..model.frames import APFireOrder, FireOrder, MoveFrame, OppFireWindow
from ..model.state import other
from ..queries.opportunity import window_opens
from ..model.events import Note, UnitMoved
from ..queries.units import airborne, heli_mode, is_hard, stacking_ok, units_at, utype
from ..queries.sight import is_heli, sees
from ..queries.carrying import passengers, room_for
from ..queries.facing import _centre, facing_of
from ..queries.movement import half, mp_allowance
from ..model.vehicles import Destroyed, Faced, Loaded, ModeChoice, ModeSet, Unloaded, Withdrawn, WreckPlaced

VEHICLE_VERBS = ("step", "reverse", "pivot", "fly", "load", "unload")
LANDING = ("clear", "hill", "scrub")  # 17b: where a helicopter may land
HELI_FLY_RESERVE = 8  # 5f


# -- questions ------------------------------------------------------------------------------------
def targetable_unit(u) -> bool:
    """8d: a loaded passenger is inside its carrier, not a target of its own."""
    return not u.carrier


# -- movement options -----------------------------------------------------------------------------
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

    if u.hex is None:  # entering by a map edge, facing inwards
        for b in rules.entry_hexes(state, f.player):
            cost = _cost(rules, state, board, None, b, u)
            if affordable(cost) and _may_enter(state, f.player, u, b):
                out.append(Step((uid,), board.label(b), facing_toward(b, _centre(state.scenario))))
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
    """8a/8c/8g/8h/17c: load and unload choices inside a move."""
    left = {u: m for u, m, _ in f.mp}
    out = []
    for uid in left:
        u = state.units.get(uid)
        if u is None or u.hex is None:
            continue
        if u.carrier:  # unloading
            c = state.units.get(u.carrier)
            if c is None or not _may_unload(state, c, u):
                continue
            pays = c.uid if (c.uid in left and not is_heli(c)) else uid
            if _can_pay(state, f, pays, left):
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
            pays = c.uid if (c.uid in left and not is_heli(c)) else uid
            if _can_pay(state, f, pays, left):
                out.append(Load(uid, c.uid))
    for cid in left:  # the carrier in the move, its passenger not activated (8a: move then unload)
        c = state.units.get(cid)
        if c is None or not utype(c).carrier:
            continue
        for p in passengers(state, cid):
            if p.uid not in left and _may_unload(state, c, p) and _can_pay(state, f, cid, left) and not is_heli(c):
                out.append(Unload(p.uid, cid))
    return out


def _may_unload(state, c, p) -> bool:
    if is_heli(c):
        mode = heli_mode(c)  # 17c: landed; Spetsnaz may also leave a hovering helicopter
        if not (mode == "landed" or (mode == "hovering" and p.type == "spetsnaz")):
            return False
    there = [x for x in units_at(state, c.hex) if x.uid != p.uid]
    return stacking_ok(there + [attrs.evolve(p, carrier="")])  # 8c, 9


def _can_pay(state, f: MoveFrame, uid: str, left) -> bool:

    u = state.units[uid]
    return left.get(uid, 0) >= half(mp_allowance(u, f.use)) and left.get(uid, 0) > 0


def must_fly(state, f: MoveFrame) -> bool:
    """17b: a helicopter activated flying must move at least one hex."""
    for uid, m, _ in f.mp:
        u = state.units.get(uid)
        if u is not None and is_heli(u) and heli_mode(u) == "flying" and uid not in f.stepped and u.hex is not None:
            return True
    return False


# -- acting ---------------------------------------------------------------------------------------
def act_vehicle(rules, ctx, f: MoveFrame, action) -> None:

    state = ctx.state
    board = board_at(state)
    uid = action.units[0] if isinstance(action, Step) else action.unit
    u = state.units[uid]
    left = {x: (m, b) for x, m, b in f.mp}
    stepped = set(f.stepped)
    if isinstance(action, (Load, Unload)):
        c = state.units[action.carrier]
        pays = c.uid if (c.uid in left and not is_heli(c)) else uid
        price = half(mp_allowance(state.units[pays], f.use))
        if isinstance(action, Load):
            ctx.emit(Loaded(uid, c.uid))
            ctx.emit(Note(f"{uid} loads into {c.uid}"))
            left[pays] = (max(0, left[pays][0] - price), 0)
            if uid in left:
                left[uid] = (0, 0)  # the passenger rides from now on
        else:
            shaken = u.shaken
            ctx.emit(Unloaded(uid))
            ctx.emit(Note(f"{uid} unloads from {c.uid}"))
            if pays in left:
                left[pays] = (max(0, left[pays][0] - price), 0)
            if uid in left and pays != uid:  # 8a(3): each then moves half its MF, if the carrier has not moved
                left[uid] = (0 if (c.uid in stepped or shaken) else half(mp_allowance(u, f.use)), 0)
            if shaken:  # 8g: a Shaken passenger may unload, then neither does more
                left[uid] = (0, 0)
                if c.uid in left:
                    left[c.uid] = (0, 0)
            if uid not in left:
                left[uid] = (0, 0)
        stepped.update({uid, pays})
        ctx.replace(attrs.evolve(f, mp=tuple((x, m, b) for x, (m, b) in left.items()), stepped=tuple(sorted(stepped))))
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
    if u.hex is None:
        ctx.emit(Faced(uid, action.facing))
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


# -- helicopter modes (17b) -----------------------------------------------------------------------
def may_land(state, u, h=None) -> bool:
    board = board_at(state)
    h = u.hex if h is None else h
    if board.row(h).kind not in LANDING and not (board.row(h).kind == "hill"):
        return False
    there = [x for x in units_at(state, h) if x.uid != u.uid]
    if any(x.side != u.side for x in there):
        return False
    return stacking_ok(there + [attrs.evolve(u, mode="landed")])


def legal_modes(state, u) -> list[str]:
    out = []
    there = [x for x in units_at(state, u.hex) if x.uid != u.uid]
    for mode in ("flying", "hovering", "landed"):
        if mode == heli_mode(u):
            continue
        if mode == "landed":
            if may_land(state, u):
                out.append(mode)
        elif stacking_ok(there + [attrs.evolve(u, mode=mode)]):
            out.append(mode)
    return out


def decide_mode(rules, state, f: ModeChoice):
    u = state.units.get(f.uid)
    if u is None or u.hex is None:
        return None
    modes = legal_modes(state, u)
    if not modes:
        return None
    return Decision(f.player, (*(DeclareMode(f.uid, m) for m in modes), Decline(Declined.KEEP_MODE)),
                    f"{f.uid}: fly, hover or land ({heli_mode(u)} now)")


def act_mode(rules, ctx, f: ModeChoice, action) -> None:
    ctx.pop()
    if isinstance(action, DeclareMode):
        ctx.emit(ModeSet(f.uid, action.mode))
        ctx.emit(Note(f"{f.uid} is now {action.mode}"))


def advance_mode(rules, ctx, f: ModeChoice) -> None:
    ctx.pop()


# -- destruction (15c, 17d, 8e) -------------------------------------------------------------------
def destroy(rules, ctx, uid: str) -> None:
    """Flip to the wreck side (15c); a flying helicopter crashes into one of its two front hexes
    and attacks what is there, a hovering one into its own hex (17d); passengers: eliminated in a
    flying or hovering helicopter, two hits otherwise (8e, 17d)."""
    from .damage import apply_hit

    from .transport import assault_direction, passengers_leave_assault

    state = ctx.state
    u = state.units[uid]
    board = board_at(state)
    aboard = [p.uid for p in passengers(state, uid)]
    assault_from = assault_direction(state, u.hex) if aboard and u.hex is not None else None
    mode = heli_mode(u)
    crash_hex = None
    if is_heli(u) and mode in ("flying", "hovering") and u.hex is not None:
        crash_hex = u.hex
        if mode == "flying":
            options = [h for h in front_hexes(u.hex, facing_of(state, u)) if h in board.board]
            if options:
                crash_hex = options[ctx.randint(0, len(options) - 1, reason="where the helicopter crashes")]
    ctx.emit(Destroyed(uid, wreck=crash_hex is None))
    ctx.emit(Note(f"{uid} is destroyed"))
    rules.on_eliminated(ctx, u)
    for p in aboard:
        if p not in state.units:
            continue
        if crash_hex is not None:
            while p in state.units:
                apply_hit(rules, ctx, p)
        else:
            for _ in range(2):
                if p in state.units:
                    apply_hit(rules, ctx, p)
    if assault_from is not None and crash_hex is None:  # 8e: out of the assaulted hex
        passengers_leave_assault(rules, ctx, aboard, u.hex, assault_from)
    if crash_hex is not None:
        ctx.emit(WreckPlaced(crash_hex))
        crash_attack(rules, ctx, u, crash_hex)


def crash_attack(rules, ctx, heli, h) -> None:
    """17d: 2 HEF against the Soft Targets in the crash hex (hits spread evenly, 12a/21h), a -2 APF
    automatic hit on each Hard Target (flank armour).  Resolved at once, without reaction windows:
    the crash happens in the middle of another attack's procedure, whose frame stays on top (a
    frame pushed here would be overwritten by that procedure's next step)."""
    from tabletop_core.boards.hexfacing import Arc

    from .ap_fire import armour, damage_result
    from ..queries.deck import counts_as_hit
    from .draws import damage_card
    from .damage import apply_hit

    state = ctx.state
    soft = [x.uid for x in units_at(state, h) if not is_hard(x) and not x.carrier and not airborne(x)]
    hard = [x.uid for x in units_at(state, h) if is_hard(x)]
    for t in hard:
        cid = damage_card(ctx)
        if cid is None or t not in state.units:
            continue
        result = damage_result(cid, -2, 0, armour(utype(state.units[t]).af, Arc.FLANK))
        ctx.emit(Note(f"the crash hits {t}: APF -2, card {cid} -> {result}"))
        if result == "destroy":
            destroy(rules, ctx, t)
        elif result == "shake" and not state.units[t].shaken:
            apply_hit(rules, ctx, t)
    taken = {t: 0 for t in soft}
    for _ in range(2):
        alive = [t for t in soft if t in state.units]
        if not alive:
            break
        cid = damage_card(ctx)
        if cid is None:
            break
        if not counts_as_hit(cid, 0):
            continue
        least = min(taken[t] for t in alive)
        tied = [t for t in alive if taken[t] == least]
        heroless = [t for t in tied if not utype(state.units[t]).hero] or tied  # 21h: non-Heroes first
        victim = heroless[0] if len(heroless) == 1 else ctx.choice(heroless, reason="which unit the crash hits")
        taken[victim] += 1
        ctx.emit(Note(f"the crash hits {victim} (card {cid})"))
        apply_hit(rules, ctx, victim)


# -- withdrawing ----------------------------------------------------------------------------------
def withdraw(ctx, uid: str, why: str) -> None:
    ctx.emit(Withdrawn(uid))
    ctx.emit(Note(f"{uid} leaves the map ({why})"))


__all__ = ["vehicle_options", "transport_options", "act_vehicle", "destroy", "sees", "facing_of"]


def he_adjustment(lead, targets) -> tuple[int, int]:
    """(HEF change, degrade levels) for helicopters in ranged HE combat: -2 HEF against a flying
    helicopter (17d); a flying or landed helicopter firing hits only on the rarer colours (17b,
    the nested-colour reading), a hovering one as usual."""
    delta = -2 if any(is_heli(t) and heli_mode(t) == "flying" for t in targets) else 0
    deg = 1 if (lead is not None and is_heli(lead) and heli_mode(lead) in ("flying", "landed")) else 0
    return delta, deg


# -- cards that vehicles and helicopters use (15, 17a, 18c, 22k) ---------------------------------
def vehicle_plays(rules, state, side: str, cid: str, uses) -> list:
    from .ap_fire import ap_leads
    from ..queries.deck import card
    from .fire import fire_options
    from ..queries.units import eligible

    out = []
    helis = [u for u in state.units.values() if u.side == side and is_heli(u) and eligible(u) and u.hex is not None]
    for block, use in uses:
        if use == Use.FIRE:
            out += [PlayCard(cid, block, Use.FIRE, lead, tgt, supporters=g, ap=True)
                    for lead, tgt, g in ap_leads(state, side, use=Use.FIRE) if not is_heli(state.units[lead])]
        elif use == Use.RELOAD_FIRE:  # 18n: the same target again, TM +1
            out += [PlayCard(cid, block, use, lead, tgt, ap=True) for lead, tgt, g in ap_leads(state, side, use=use)
                    if state.units[lead].marker == "fired" and not g]
        elif use == Use.CANNISTER:  # 18c
            out += [PlayCard(cid, block, use, lead, tgt) for lead, tgt, g in fire_options(rules, state, side, use=use)
                    if not g and not tgt.startswith("hex:")]
        elif use == Use.FAST_MOVE:  # 17c: a real Fast Move lends its +1 MP to the passengers
            out += [PlayCard(cid, block, Use.HELI_FAST_MOVE, h.uid) for h in helis]
    if card(cid).power:  # 22k Sagger: AP, or HE against Leg units (ap_cases.py)
        out += [PlayCard(cid, Block.POWER, Use.SAGGER, lead, tgt, ap=True) for lead, tgt, g in ap_leads(state, side, use=Use.SAGGER)
                if not g and "sagger" in utype(state.units[lead]).powers]
        from .ap_cases import sagger_he_plays

        out += sagger_he_plays(rules, state, side, cid)
    for h in sorted(helis, key=lambda x: x.uid):  # 17a: any card activates a helicopter
        out.append(PlayCard(cid, Block.ANY, Use.HELI_MOVE, h.uid))
        out.append(PlayCard(cid, Block.ANY, Use.HELI_MOVE_FIRE, h.uid))  # 18i: Shaken too, without the fire (move.py)
        if h.shaken:
            out.append(PlayCard(cid, Block.ANY, Use.RALLY, h.uid))
            continue
        out += [PlayCard(cid, Block.ANY, Use.FIRE, lead, tgt) for lead, tgt, g in fire_options(rules, state, side, use=Use.FIRE, units=[h])
                if not g]
        out += [PlayCard(cid, Block.ANY, Use.FIRE, lead, tgt, ap=True) for lead, tgt, g in ap_leads(state, side, use=Use.FIRE, units=[h])
                if not g]
    return out


def play_vehicle_card(rules, ctx, side: str, action) -> bool:
    """Resolve the plays :func:`vehicle_plays` offers; False for every other play."""
    from .move import start_move

    use = action.use
    if action.ap:
        marker = "fired" if use == Use.FIRE else "ops"
        ctx.push(APFireOrder(side, use, action.unit, action.target, action.supporters, marker=marker))
        return True
    if use == Use.CANNISTER:
        ctx.push(FireOrder(side, use, action.unit, action.target, marker="fired"))
        return True
    if use == Use.SAGGER and action.he:  # 22k: HEF 1, or 3 at a unit in a Bunker or building
        from .ap_cases import sagger_hef

        ctx.push(FireOrder(side, use, action.unit, action.target, marker="ops",
                           lead_hef=sagger_hef(ctx.state, action.target)))
        return True
    if use in (Use.HELI_MOVE, Use.HELI_FAST_MOVE, Use.HELI_MOVE_FIRE):
        mv = {Use.HELI_MOVE: Use.MOVE, Use.HELI_FAST_MOVE: Use.FAST_MOVE, Use.HELI_MOVE_FIRE: Use.MOVE_FIRE}[use]
        uids = [action.unit] + [p.uid for p in passengers(ctx.state, action.unit)]
        start_move(rules, ctx, side, mv, uids if mv != Use.MOVE_FIRE else [action.unit], action.card)
        ctx.push(ModeChoice(side, action.unit))  # 17b: the mode is declared first
        return True
    return False
