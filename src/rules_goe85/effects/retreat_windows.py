"""Hammer and Anvil's Booby Trap window opened after a combat-directed retreat (the window itself is
procedures/booby_trap.py)."""
from __future__ import annotations

from ..model.frames import FireFrame
from ..model.frames import PunishingRetreat
from ..queries.punishing_retreat import retreat_hexes

import attrs

from ..data.loading import game_data
from ..model.frames import TrapWindow
from ..model.state import SOVIET
from ..queries.board import board_at


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
