"""Frames one procedure opens for another, pushed for their owner to run (dispatch.py): the assaults a
move declares (13a), a placed vehicle's facing choice (15d), Punishing Fire's step back (18j) and
Hammer and Anvil's Booby Trap after a combat-directed retreat."""
from __future__ import annotations

import attrs

from ..data.loading import game_data
from ..model.frames import AssaultFrame, FacingChoice, FireFrame, Impulse, PunishingRetreat, TrapWindow
from ..model.state import SOVIET
from ..queries.board import board_at
from ..queries.punishing_retreat import retreat_hexes
from ..queries.units import is_vehicle


def offer_booby_trap(ctx, uid: str, dest) -> None:
    """After ``uid`` retreated into ``dest``: open (or join) the trap window when the SSR applies."""
    state = ctx.state
    u = state.units.get(uid)
    if u is None or u.side != SOVIET or dest is None:
        return
    if game_data().scenarios[state.scenario].muj_artillery_as != "booby_trap":
        return
    if not board_at(state).row(dest).building:
        return
    top = state.top
    if isinstance(top, TrapWindow) and top.hex == dest:  # the same retreating stack
        ctx.replace(attrs.evolve(top, movers=top.movers + (uid,)))
        return
    ctx.push(TrapWindow(dest, (uid,)))


def offer_punishing_retreat(ctx, f: FireFrame) -> None:
    """Called with the second attack already on the stack."""
    state = ctx.state
    if len(f.targets) != 1 or not retreat_hexes(state, f.targets[0], f.lead):
        return
    ctx.push(PunishingRetreat(state.units[f.targets[0]].side, f.targets[0], f.lead))


def after_placement(ctx, unit) -> None:
    """Called by :func:`procedures.setup.act` once a unit is placed: a vehicle's facing is asked next (vehicle_facing.py)."""
    if unit.hex is not None and is_vehicle(unit):
        ctx.push(FacingChoice(unit.side, unit.uid))


def push_assaults(rules, ctx, side, assaults, *, brutal: str = "") -> None:
    """One assault per hex entered (13a); ``brutal``: the unit whose Brutal Power moved them (22g)."""
    by_hex: dict = {}
    for uid, frm in assaults:
        u = ctx.state.units.get(uid)
        if u is not None:
            by_hex.setdefault(u.hex, []).append((uid, frm))
    top = ctx.state.top
    if by_hex and isinstance(top, Impulse):  # 13a: one assault per hex per impulse
        ctx.replace(attrs.evolve(top, assaulted=tuple(sorted(set(top.assaulted) | set(by_hex)))))
    for h in sorted(by_hex, reverse=True):
        used = ("brutal",) if brutal and any(uid == brutal for uid, _ in by_hex[h]) else ()
        ctx.push(AssaultFrame(side=side, hex=h, attackers=tuple(by_hex[h]), used=used))
