"""Opportunity Fire (GoE 11a): after every step the other player may halt the mover and fire
(an :class:`OppFireWindow`), or spring Hammer and Anvil's Booby Trap."""
from __future__ import annotations

from tabletop_core import Decision
from tabletop_core.decks import hand

from ..model.actions import Decline, Declined, PlayReaction, Use
from ..model.state import DECK
from ..model.frames import APFireOrder, FireFrame, FireOrder, OppFireWindow
from ..queries.opportunity import booby_trap_plays, heli_shots, moving_stack, opp_fire_plays, spray_movers
from ..queries.heli_designation import designated_heli, spent_marker
from ..queries.units import heli_mode
from ..model.events import MarkerSet, Note
from ..model.vehicles import HeliOppFire, ModeChoice


# A step pushes an OppFireWindow on public conditions (queries/opportunity.py, window_opens); the
# hand only fills the offer, and a hand with nothing usable is asked too, with Decline alone, so the
# mover cannot tell the other hand from whether the window opened.
def decide_window(rules, state, f: OppFireWindow):
    plays = opp_fire_plays(rules, state, f.player, f.hex, f.movers)
    traps = booby_trap_plays(rules, state, f.player, f.hex, list(f.movers))
    return Decision(f.player, (*plays, *traps, Decline(Declined.HOLD)), f"Opportunity Fire on {', '.join(f.movers)}?")


def act_window(rules, ctx, f: OppFireWindow, action) -> None:
    state = ctx.state
    ctx.pop()
    if isinstance(action, Decline):
        return
    ctx.move_card(DECK, action.card, hand(f.player), "discard", player=f.player)
    uid = designated_heli(state, f.player, action)
    if uid:  # 17b: a helicopter declares its mode, then picks its shot (HeliOppFire)
        ctx.push(HeliOppFire(f.player, uid, action.card, action.block, action.use, f.movers, f.hex))
        ctx.push(ModeChoice(f.player, uid))
        return
    if isinstance(action, PlayReaction):  # Booby Trap: 1 HEF (2 after a Fast Move), no modifiers
        movers = moving_stack(state, f.hex, f.movers[0])  # the SSR: a random unit of the moving stack
        victim = movers[0] if len(movers) == 1 else ctx.choice(movers, reason="booby trap victim")
        ctx.push(FireFrame(side=f.player, use=Use.BOOBY_TRAP, lead="", supporters=(), targets=(victim,), hex=f.hex,
                           hef=2 if f.fast else 1, step="begin", marker=""))
        return
    _fire(ctx, f.player, f.hex, f.movers, action)


def _fire(ctx, player: str, h, movers, action) -> None:
    """11a: the Opportunity Fire attack ``action`` at the stack moving into ``h``."""
    state = ctx.state
    marker = "fired" if action.use == Use.OPP_FIRE else "ops"
    use = Use.FIRE if action.use == Use.OPP_FIRE else action.use
    if action.ap:  # 11a, 15: AP Opportunity Fire (the chosen AP firers one after another, 10d)
        ctx.push(APFireOrder(player, use, action.unit, action.target, action.supporters, marker=marker,
                             opp_movers=(action.target,), moving=True))
        return
    # 11a, 10d: at the mover picked, or with Spraying Fire at the whole moving stack (21h, 18h)
    struck = spray_movers(state, h, movers) if action.target.startswith("hex:") else (action.target,)
    ctx.push(FireOrder(player, use, action.unit, action.target, action.supporters, marker=marker,
                       opp_movers=struck, moving=True))


def advance_window(rules, ctx, f: OppFireWindow) -> None:
    ctx.pop()  # nothing can be played any more


# -- 17b: a helicopter's Opportunity Fire, its mode declared ---------------------------------------
def _shots(state, f: HeliOppFire) -> list:
    u = state.units.get(f.uid)
    if u is None or u.hex is None or u.shaken:
        return []
    return heli_shots(state, f.player, f.hex, f.movers, f.card, f.block, f.use, f.uid)


def decide_heli(rules, state, f: HeliOppFire):
    shots = _shots(state, f)
    if len(shots) < 2:
        return None  # one shot left is fired at once; none spends the activation (advance)
    return Decision(f.player, tuple(shots), f"{f.uid} ({heli_mode(state.units[f.uid])}): Opportunity Fire at what?")


def act_heli(rules, ctx, f: HeliOppFire, action) -> None:
    ctx.pop()
    _fire(ctx, f.player, f.hex, f.movers, action)


def advance_heli(rules, ctx, f: HeliOppFire) -> None:
    shots = _shots(ctx.state, f)
    ctx.pop()
    if shots:
        _fire(ctx, f.player, f.hex, f.movers, shots[0])
    elif f.uid in ctx.state.units:  # 4c: the mode declared leaves no shot; the activation is spent
        ctx.emit(Note(f"{f.uid} has no shot as {heli_mode(ctx.state.units[f.uid])}"))
        ctx.emit(MarkerSet(f.uid, spent_marker(f.use)))


