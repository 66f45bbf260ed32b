"""Hammer and Anvil's Booby Trap on a combat-directed retreat (the SSR: 2 HEF when Soviet units
enter a building hex by a Fast Move or a retreat that combat forces on them).

Retreats out of an assault (13d, 19f) and the step back from Punishing Fire (18j) call
:func:`effects.trap_window.offer_booby_trap`; the Mujahideen player may then play any Artillery action as the trap against one
of the units that retreated into the building (at random when several did), with 2 HEF and no
modifiers.  Moves that spend MP keep their own window (the OppFireWindow each step pushes,
opportunity_fire.py).
"""
from __future__ import annotations

from tabletop_core import Decision
from tabletop_core.decks import hand

from ..model.actions import Decline, Declined, PlayReaction, Use
from ..queries.deck import card, hand_of
from ..data.loading import game_data
from ..model.state import DECK, MUJ
from ..model.frames import FireFrame
from ..model.frames import TrapWindow

TRAP_HEF_RETREAT = 2


def _plays(state, f: TrapWindow):
    if game_data().scenarios[state.scenario].muj_artillery_as != "booby_trap":
        return []
    if not any(m in state.units and state.units[m].hex == f.hex for m in f.movers):
        return []
    return [PlayReaction(cid, Use.BOOBY_TRAP, f.movers[0]) for cid in hand_of(state, MUJ) if "artillery" in card(cid).blocks()]


def decide(rules, state, f: TrapWindow):
    opts = _plays(state, f)
    return Decision(MUJ, (*opts, Decline(Declined.HOLD)), "Booby Trap on the retreating unit?") if opts else None


def act(rules, ctx, f: TrapWindow, action) -> None:
    state = ctx.state
    ctx.pop()
    if isinstance(action, Decline):
        return
    ctx.move_card(DECK, action.card, hand(MUJ), "discard", player=MUJ)
    movers = sorted(m for m in f.movers if m in state.units and state.units[m].hex == f.hex)
    victim = movers[0] if len(movers) == 1 else ctx.choice(movers, reason="booby trap victim")
    ctx.push(FireFrame(side=MUJ, use=Use.BOOBY_TRAP, lead="", supporters=(), targets=(victim,), hex=f.hex,
                       hef=TRAP_HEF_RETREAT, step="begin", marker=""))


def advance(rules, ctx, f: TrapWindow) -> None:
    ctx.pop()


