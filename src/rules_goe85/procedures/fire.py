"""Ranged combat against Soft Targets (GoE 10), its Damage Draw, and the cards played into it.

The numbers are pure functions (queries/attack_plan.py) so the rulebook's worked examples test
them directly, and an attack begins in effects/attack_start.py; :class:`FireFrame` carries an
attack through its windows on the stack: ``support`` (the attacker's Support cards, 19) -> ``react`` (the defender's Reactions, 20) ->
``draw`` (one card per step, 10b) -> ``hit`` (Light Wounds / Resilient on a hit about to land) ->
``panic`` (19e) -> done.
"""
from __future__ import annotations

from ..effects.attack_start import start_fire
from ..effects.openings import offer_punishing_retreat
from ..queries.attack_plan import draw_plan

from ..effects.ability_hooks import after_fire
from ..effects.damage_draw import damage_card
from ..effects.first_fire import fire_back
from ..effects.losses import apply_hit
from ..queries.first_fire import first_fire_mode

from ..queries.deck import reacts

import attrs
from tabletop_core import Decision
from tabletop_core.decks import hand

from ..queries.board import board_at
from ..queries.deck import counts_as_hit, reaction_window
from ..model.actions import Decline, Declined, PickVictim, Use
from ..model.state import DECK, other
from ..model.frames import CRITICAL_HIT_REDRAWN, FireFrame, FireOrder, MoveFrame
from ..model.events import MarkerSet, Note
from ..queries.units import has, units_at, utype
from ..queries.helicopters import heli_passenger  # 17f


# -- declaring an attack --------------------------------------------------------------------------


# -- the frame's windows --------------------------------------------------------------------------
# GoE hidden hands: each window opens on its public slots only (queries/deck.py, reaction_window).
def _support_slots(state, f: FireFrame):
    out = []
    lead = state.units.get(f.lead)
    if lead is None or f.use in (Use.ARTILLERY, Use.BOOBY_TRAP, Use.EVENT):
        return out
    board = board_at(state)
    if "bullet_storm" not in f.used and utype(lead).leg and not has(lead, "sniper"):  # 19c, 21g
        out.append(("bullet_storm", Use.BULLET_STORM, ""))
    if Use.CRITICAL_HIT not in f.used and any(utype(state.units[t]).leg for t in f.targets if t in state.units):
        out.append(("critical_hit", Use.CRITICAL_HIT, ""))  # 19d
    if "grenades" not in f.used and board.distance(lead.hex, f.hex) <= 1:  # 19g
        out.append(("grenades", Use.GRENADES, ""))
    return out


def _react_slots(state, f: FireFrame):
    out = []
    if "unexpected_cover" not in f.used and not f.sniper and f.use != Use.BOOBY_TRAP:  # 20d: not vs Snipers
        out.append(("unexpected_cover", Use.UNEXPECTED_COVER, ""))
    lead = state.units.get(f.lead)
    if "first_fire" not in f.used and lead is not None and f.use not in (Use.FIRST_FIRE, Use.ARTILLERY, Use.EVENT, Use.BOOBY_TRAP):
        for t in f.targets:  # 20a: a defending Eligible Unit fires back at the same time
            u = state.units.get(t)
            if u is None or u.marker or u.shaken or any(x.side != u.side for x in units_at(state, u.hex)):
                continue
            if first_fire_mode(state, u, lead):
                out.append(("first_fire", Use.FIRST_FIRE, t))
    return out


def _hit_slots(state, f: FireFrame):
    u = state.units.get(f.pending)
    if u is None:
        return []
    out = []
    if "light_wounds" not in f.used and utype(u).leg and reacts(u.side, f.side):  # 20c (12a: own units too)
        out.append(("light_wounds", Use.LIGHT_WOUNDS, u.uid))
    if "resilient" in utype(u).powers:  # 22n: any status, any turn (a Power, not a Reaction card)
        out.append((None, Use.RESILIENT, u.uid))
    return out


def _hit_owner(state, f: FireFrame) -> str:
    u = state.units.get(f.pending)
    return u.side if u is not None else other(f.side)


def _panic_slots(state, f: FireFrame):
    if "panic" in f.used or f.use == Use.BOOBY_TRAP:
        return []
    out = []
    for t in f.targets:
        u = state.units.get(t)
        if u is not None and u.side != f.side and u.shaken and u.reduced and utype(u).leg:  # 19e
            out.append(("panic", Use.PANIC, t))
    return out


def decide(rules, state, f: FireFrame):
    if f.step == "support":
        return reaction_window(state, f.side, _support_slots(state, f), Declined.SUPPORT, "support the attack?")
    if f.step == "react":
        return reaction_window(state, other(f.side), _react_slots(state, f), Declined.REACT, "react to the attack?")
    if f.step == "hit":
        return reaction_window(state, _hit_owner(state, f), _hit_slots(state, f), Declined.TAKE, f"{f.pending} is hit")
    if f.step == "victim":  # 12a: the attacker places a hit that cannot go evenly
        return Decision(f.side, tuple(PickVictim(uid) for uid in f.pending.split(",")),
                        "artillery: which unit takes the hit?")
    if f.step == "panic":
        return reaction_window(state, f.side, _panic_slots(state, f), Declined.PANIC, "Panic?")
    return None


def act(rules, ctx, f: FireFrame, action) -> None:
    state = ctx.state
    if f.step == "victim":
        take_aim(ctx, f, action.unit)
        return
    if isinstance(action, Decline):
        if f.step == "hit":
            apply_hit(rules, ctx, f.pending)
            ctx.replace(attrs.evolve(f, step="draw", pending="", total_hits=f.total_hits + 1,
                                     hits=_bump(f.hits, f.pending)))
            return
        nxt = {"support": "react", "react": "begin", "panic": "done"}[f.step]
        ctx.replace(attrs.evolve(f, step=nxt))
        return
    side = f.side if f.step in ("support", "panic") else (_hit_owner(state, f) if f.step == "hit" else other(f.side))
    ctx.move_card(DECK, action.card, hand(side), "discard", player=side)
    used = f.used + (action.use,)
    if action.use in (Use.BULLET_STORM, Use.GRENADES):
        ctx.replace(attrs.evolve(f, hef=f.hef + 1, used=used))
    elif action.use == Use.CRITICAL_HIT:
        ctx.replace(attrs.evolve(f, used=used))  # 19d: one card of the Damage Draw may be redrawn
    elif action.use == Use.UNEXPECTED_COVER:
        ctx.replace(attrs.evolve(f, hef=f.hef - 1, used=used))  # 20d: CF 1 vs Soft Targets
    elif action.use == Use.FIRST_FIRE:
        # 20a: the target fires back at once; its attack is resolved on top of this one, whose
        # firepower is already fixed, so both land whatever the other does (results "after")
        ctx.replace(attrs.evolve(f, used=used))
        fire_back(rules, ctx, other(f.side), action.unit, f.lead)  # AP at a Hard Target (ap_cases.py)
    elif action.use == Use.LIGHT_WOUNDS:
        ctx.emit(Note(f"{action.unit} ignores the hit (Light Wounds)"))
        ctx.replace(attrs.evolve(f, step="draw", pending="", used=used))
    elif action.use == Use.RESILIENT:
        ctx.emit(Note(f"{action.unit} takes one less damage (Resilient)"))
        ctx.emit(MarkerSet(action.unit, "ops"))
        ctx.replace(attrs.evolve(f, step="draw", pending="", used=used))
    elif action.use == Use.PANIC:
        while action.unit in ctx.state.units:
            apply_hit(rules, ctx, action.unit)
        ctx.replace(attrs.evolve(f, used=used))


def _bump(hits, uid):
    d = dict(hits)
    d[uid] = d.get(uid, 0) + 1
    return tuple(sorted(d.items()))


def tied_victims(state, f: FireFrame) -> list[str]:
    """The targets the next hit may go to: the one target, or with Spraying Fire / artillery the
    hits spread evenly, non-Heroes before Heroes, Difficult Targets last (21h, 12a)."""
    alive = [t for t in f.targets if t in state.units]
    if len(alive) <= 1:
        return alive
    taken = dict(f.hits)

    def key(t):
        u = state.units[t]
        return taken.get(t, 0), has(u, "difficult_target"), utype(u).hero

    best = min(key(t) for t in alive)
    return [t for t in alive if key(t) == best]


def choose_victim(ctx, f: FireFrame) -> str | None:
    """Which target takes the next hit; a tie is settled at random (21h; artillery asks, 12a)."""
    tied = tied_victims(ctx.state, f)
    if not tied:
        return None
    return tied[0] if len(tied) == 1 else ctx.choice(tied, reason="which unit takes the hit")


def take_aim(ctx, f: FireFrame, victim: str | None) -> None:
    """The hit goes to ``victim`` (None: a miss): 23a first, then the Light Wounds / Resilient window."""
    state = ctx.state
    if victim is not None and not f.foxhole and f.use != Use.ASSAULT:
        u = state.units[victim]
        if u.hex in state.foxholes and utype(u).leg:  # 23a: the first Hit is redrawn
            f = attrs.evolve(f, foxhole=True)
            ctx.emit(Note(f"{victim} is in a Foxhole: the Hit is redrawn"))
            cid = damage_card(ctx)
            hit = cid is not None and counts_as_hit(cid, f.degrade)
            victim = victim if hit else None
    if victim is None:
        ctx.replace(attrs.evolve(f, step="draw", pending=""))
        return
    ctx.replace(attrs.evolve(f, step="hit", pending=victim))


def advance(rules, ctx, f: FireFrame) -> None:
    state = ctx.state
    if f.step == "support":
        ctx.replace(attrs.evolve(f, step="react"))
    elif f.step == "react":
        ctx.replace(attrs.evolve(f, step="begin"))
    elif f.step == "begin":
        count, degrade = draw_plan(f.hef, f.degrade)
        if count and f.hef <= 0:
            ctx.emit(Note(f"desperation attack: one card, hits only {'red' if degrade == 2 else 'gold or red'}"))
        ctx.replace(attrs.evolve(f, step="draw", left=count, degrade=degrade))
    elif f.step == "draw":
        alive = [t for t in f.targets if t in state.units]
        if f.left <= 0 or not alive:
            ctx.replace(attrs.evolve(f, step="panic"))
            return
        cid = damage_card(ctx)
        if cid is None:
            ctx.replace(attrs.evolve(f, step="panic", left=0))
            return
        hit = counts_as_hit(cid, f.degrade)
        f = attrs.evolve(f, left=f.left - 1)
        if not hit and f.redraw:  # 21i Tactical: redraw one card
            f = attrs.evolve(f, redraw=False)
            cid = damage_card(ctx)
            hit = cid is not None and counts_as_hit(cid, f.degrade)
        if not hit and Use.CRITICAL_HIT in f.used and CRITICAL_HIT_REDRAWN not in f.used:  # 19d
            f = attrs.evolve(f, used=f.used + (CRITICAL_HIT_REDRAWN,))
            cid = damage_card(ctx)
            hit = cid is not None and counts_as_hit(cid, f.degrade)
        if hit and f.use == Use.ARTILLERY:
            tied = tied_victims(state, f)
            if len(tied) > 1:  # 12a: a hit that cannot go evenly: the attacker picks the unit
                ctx.replace(attrs.evolve(f, step="victim", pending=",".join(tied)))
                return
        take_aim(ctx, f, choose_victim(ctx, f) if hit else None)
    elif f.step == "hit":  # no reaction possible: the hit lands
        apply_hit(rules, ctx, f.pending)
        ctx.replace(attrs.evolve(f, step="draw", pending="", total_hits=f.total_hits + 1,
                                 hits=_bump(f.hits, f.pending)))
    elif f.step == "panic":
        ctx.replace(attrs.evolve(f, step="done"))
    else:
        finish(rules, ctx, f)


def finish(rules, ctx, f: FireFrame) -> None:
    """10b admin: mark the firers; 11a: an Opportunity Fire target that was hit stops and is Ops
    Complete; 10d mixed targets: a further 1 HEF attack on the moved units."""
    state = ctx.state
    if f.lead in state.units and f.use not in (Use.ARTILLERY, Use.BOOBY_TRAP, Use.EVENT):
        ctx.emit(MarkerSet(f.lead, f.marker))
        for s in f.supporters:
            if s in state.units:
                ctx.emit(MarkerSet(s, "fired"))
    ctx.pop()
    if f.use != Use.PUNISHING_FIRE:
        after_fire(ctx, f)  # 21m
    taken = dict(f.hits)
    for uid in f.opp_movers:  # 11a: each moving unit hit stops, Ops Complete; the others move on (18h)
        if taken.get(uid) and uid in state.units:
            ctx.emit(MarkerSet(uid, "ops"))
    top = ctx.state.top
    if isinstance(top, MoveFrame):  # 11a a hit mover, 20a a Move & Fire unit that fired first: they stop
        stop = {u for u, _, _ in top.mp if u in state.units and state.units[u].marker == "ops"}
        if stop and any(m or b for u, m, b in top.mp if u in stop):
            ctx.replace(attrs.evolve(top, mp=tuple((u, 0, 0) if u in stop else (u, m, b) for u, m, b in top.mp)))
    if f.use == Use.PUNISHING_FIRE and f.lead in state.units and all(t in state.units for t in f.targets):
        # 18j: the same unit fires a second time; the cards played on the first attack apply again
        # (Critical Hit's redraw too); the target may first step back one hex (punishing_fire.py)
        base_degrade = f.degrade - 1 if f.hef <= 0 else f.degrade  # undo the first draw's desperation step
        lead = state.units[f.lead]
        tactical = any(has(u, "tactical") and not u.shaken and u.marker != "ops"  # 21i: this attack's own redraw
                       and not heli_passenger(state, u) for u in units_at(state, lead.hex) if u.side == f.side)
        second = attrs.evolve(f, use=Use.PUNISHING_FIRE_2, step="begin", hits=(), pending="", foxhole=False,
                              total_hits=0, opp_movers=(), left=0, degrade=max(0, base_degrade), redraw=tactical,
                              used=tuple(x for x in f.used if x != CRITICAL_HIT_REDRAWN))
        ctx.push(second)
        offer_punishing_retreat(rules, ctx, second)
        return
    extra = tuple(u for u in f.moving_extra if u in state.units)
    if extra:
        ctx.push(FireFrame(side=f.side, use=Use.EVENT if f.use in (Use.ARTILLERY, Use.EVENT) else f.use, lead=f.lead,
                           supporters=(), targets=extra, hex=f.hex, hef=1, degrade=f.degrade, step="begin",
                           marker=f.marker, spraying=len(extra) > 1))


__all__ = ["decide", "act", "advance"]


def advance_order(rules, ctx, f: FireOrder) -> None:
    """A :class:`FireOrder` another procedure pushed: the attack it asks for begins here."""
    ctx.pop()
    start_fire(rules, ctx, f.side, f.use, f.lead, f.target, f.supporters, marker=f.marker, degrade=f.degrade,
               opp_movers=f.opp_movers, moving=f.moving, lead_hef=f.lead_hef)
