"""Opportunity Fire (GoE 11a): after every step the other player may halt the mover and fire
(an :class:`OppFireWindow`), or spring Hammer and Anvil's Booby Trap."""
from __future__ import annotations

from tabletop_core import Decision
from tabletop_core.decks import hand

from ..model.actions import Decline, Declined, PlayReaction, Use
from ..model.state import DECK
from ..model.frames import APFireOrder, FireFrame, FireOrder, OppFireWindow
from ..queries.opportunity import booby_trap_plays, moving_stack, opp_fire_plays


# A step pushes an OppFireWindow on public conditions (queries/opportunity.py, window_opens); the
# hand only fills the offer, and a hand with nothing usable is asked too, with Decline alone, so the
# mover cannot tell the other hand from whether the window opened.
def decide_window(rules, state, f: OppFireWindow):
    plays = opp_fire_plays(rules, state, f.player, f.hex, f.mover)
    traps = booby_trap_plays(rules, state, f.player, f.hex, [f.mover])
    return Decision(f.player, (*plays, *traps, Decline(Declined.HOLD)), f"Opportunity Fire on {f.mover}?")


def act_window(rules, ctx, f: OppFireWindow, action) -> None:
    state = ctx.state
    ctx.pop()
    if isinstance(action, Decline):
        return
    ctx.move_card(DECK, action.card, hand(f.player), "discard", player=f.player)
    if isinstance(action, PlayReaction):  # Booby Trap: 1 HEF (2 after a Fast Move), no modifiers
        movers = moving_stack(state, f.hex, f.mover)  # the SSR: a random unit of the moving stack
        victim = movers[0] if len(movers) == 1 else ctx.choice(movers, reason="booby trap victim")
        ctx.push(FireFrame(side=f.player, use=Use.BOOBY_TRAP, lead="", supporters=(), targets=(victim,), hex=f.hex,
                           hef=2 if f.fast else 1, step="begin", marker=""))
        return
    marker = "fired" if action.use == Use.OPP_FIRE else "ops"
    use = Use.FIRE if action.use == Use.OPP_FIRE else action.use
    if action.ap:  # 11a, 15: AP Opportunity Fire
        ctx.push(APFireOrder(f.player, use, action.unit, action.target, marker=marker, opp_mover=action.target,
                             moving=True))
        return
    ctx.push(FireOrder(f.player, use, action.unit, action.target, marker=marker, opp_mover=action.target,
                       moving=True))


def advance_window(rules, ctx, f: OppFireWindow) -> None:
    ctx.pop()  # nothing can be played any more


