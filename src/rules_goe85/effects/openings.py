"""Frames one procedure opens for another, pushed for their owner to run (dispatch.py): the assaults a
move declares (13a), a placed vehicle's facing choice (15d), Punishing Fire's step back (18j) and
Hammer and Anvil's Booby Trap after a combat-directed retreat, and a move's MoveFrame (7, 2j)."""
from __future__ import annotations

import attrs

from ..data.loading import game_data
from ..model.actions import Use
from ..model.frames import AssaultFrame, FacingChoice, FireFrame, Impulse, MoveFrame, PunishingRetreat, TrapWindow
from ..model.state import SOVIET
from ..queries.board import board_at
from ..queries.punishing_retreat import may_retreat_off_map, retreat_hexes
from ..queries.movement import mp_allowance
from ..queries.units import is_vehicle, utype


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


def offer_punishing_retreat(rules, ctx, f: FireFrame) -> None:
    """Called with the second attack already on the stack."""
    state = ctx.state
    if len(f.targets) != 1:
        return
    if not retreat_hexes(state, f.targets[0], f.lead) and not may_retreat_off_map(rules, state, f.targets[0], f.lead):
        return
    ctx.push(PunishingRetreat(state.units[f.targets[0]].side, f.targets[0], f.lead))


def after_placement(ctx, unit) -> None:
    """Called by :func:`procedures.setup.act` once a unit is placed: a vehicle's facing is asked next (vehicle_facing.py)."""
    if unit.hex is not None and is_vehicle(unit):
        ctx.push(FacingChoice(unit.side, unit.uid))


def push_assaults(rules, ctx, side, assaults, *, brutal: tuple[str, ...] = ()) -> None:
    """One assault per hex entered (13a), by every unit the impulse's actions moved into it;
    ``brutal``: the units whose Brutal Power moved them (22g)."""
    by_hex: dict = {}
    for uid, frm in assaults:
        u = ctx.state.units.get(uid)
        if u is not None:
            by_hex.setdefault(u.hex, []).append((uid, frm))
    top = ctx.state.top
    if by_hex and isinstance(top, Impulse):  # 13a: one assault per hex per impulse
        ctx.replace(attrs.evolve(top, assaulted=tuple(sorted(set(top.assaulted) | set(by_hex)))))
    for h in sorted(by_hex, reverse=True):
        used = ("brutal",) if any(uid in brutal for uid, _ in by_hex[h]) else ()
        ctx.push(AssaultFrame(side=side, hex=h, attackers=tuple(by_hex[h]), used=used))


def start_move(rules, ctx, side: str, use: Use, uids: list[str], card_id: str = "", *, brutal: str = "") -> None:
    """Push the MoveFrame of a move (7) for move/steps.py to run: each unit's MP, and what a Hero
    stacked with it lends (2j).  A MoveOrder's advance opens it; so does a helicopter's card play,
    which then pushes the helicopter's ModeChoice over it (17b: the mode is declared first)."""
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
