"""Assault combat (GoE 13): units that moved into an enemy hex fight it out at the end of the move.

Pure helpers (:func:`assault_hef`, :func:`distribute`, :func:`loser`) carry the numbers; the
:class:`AssaultFrame` offers the attacker's Support cards (Bullet Storm, Grenades!, the Sapper event
card) and the defender's cards (Unexpected Cover, Grenades!, Bullet Storm), then hands the Damage
Draws and the hits to :mod:`.assault_combat`.
"""
from __future__ import annotations

from ...effects.losses import retreat

import attrs
from tabletop_core import Decision
from tabletop_core.decks import hand

from ...model.actions import Decline, Declined, PlayReaction, Use
from ...queries.board import away_from, board_at
from ...queries.deck import card, hand_of
from ...model.state import DECK, REMOVED, other, sapper_pile
from ...model.frames import AssaultFrame
from ...model.events import MarkerSet
from ...queries.units import has, units_at, utype


def _ambush_ok(units) -> bool:
    """19b: not on a Shaken unit, nor one without Assault or Assault+."""
    return bool(units) and all(not u.shaken and (has(u, "assault") or has(u, "assault_plus")) for u in units)


def _support(state, f: AssaultFrame):
    out = []
    attackers = [state.units[u] for u, _ in f.attackers if u in state.units]
    if "ambush" not in f.used and "def_ambush" not in f.used and _ambush_ok(attackers):
        out += [PlayReaction(c, Use.AMBUSH) for c in hand_of(state, f.side) if "ambush" in card(c).blocks()]
    for name in ("bullet_storm", "grenades", "retreat"):
        if name not in f.used and not (name == "retreat" and "def_retreat" in f.used):
            out += [PlayReaction(c, name) for c in hand_of(state, f.side) if name in card(c).blocks()]
    if "sapper" not in f.used and f.side == "mujahideen":  # 9th Company event: +3 HEF
        out += [PlayReaction(c, Use.SAPPER) for c in state.decks[DECK].piles.get(sapper_pile(f.side), [])]
    return out


def _react(state, f: AssaultFrame):
    d = other(f.side)
    out = []
    defenders = [u for u in units_at(state, f.hex) if u.side == d]
    if "ambush" not in f.used and "def_ambush" not in f.used and _ambush_ok(defenders):
        out += [PlayReaction(c, Use.AMBUSH) for c in hand_of(state, d) if "ambush" in card(c).blocks()]
    for name in ("unexpected_cover", "grenades", "retreat", "bullet_storm"):
        key = name if name == "unexpected_cover" else "def_" + name
        if name == "bullet_storm" and not any(utype(u).leg and not u.shaken for u in defenders):
            continue  # 4e, 19c: an unshaken defending Leg unit may take Bullet Storm's +1 HEF
        if key not in f.used and not (name == "retreat" and "retreat" in f.used):
            out += [PlayReaction(c, name) for c in hand_of(state, d) if name in card(c).blocks()]
    return out


def decide(rules, state, f: AssaultFrame):
    if f.step == "support":
        opts = _support(state, f)
        return Decision(f.side, (*opts, Decline(Declined.SUPPORT)), "support the assault?") if opts else None
    if f.step == "react":
        opts = _react(state, f)
        return Decision(other(f.side), (*opts, Decline(Declined.REACT)), "react to the assault?") if opts else None
    return None


def act(rules, ctx, f: AssaultFrame, action) -> None:
    if isinstance(action, Decline):
        ctx.replace(attrs.evolve(f, step="react" if f.step == "support" else "resolve"))
        return
    state = ctx.state
    if action.use == Use.SAPPER:
        ctx.move_card(DECK, action.card, sapper_pile(f.side), REMOVED)
        ctx.replace(attrs.evolve(f, att_bonus=f.att_bonus + 3, used=f.used + ("sapper",)))
        return
    side = f.side if f.step == "support" else other(f.side)
    ctx.move_card(DECK, action.card, hand(side), "discard", player=side)
    if action.use == Use.RETREAT:  # 19f: this side leaves the hex, the assault's results are void
        ctx.replace(attrs.evolve(f, used=f.used + ("retreat" if f.step == "support" else "def_retreat",)))
    elif action.use == Use.AMBUSH:
        ctx.replace(attrs.evolve(f, used=f.used + ("ambush" if f.step == "support" else "def_ambush",)))
    elif action.use == Use.UNEXPECTED_COVER:  # 20d: the enemy's Damage Draw is one card shorter
        ctx.replace(attrs.evolve(f, att_bonus=f.att_bonus - 1, used=f.used + (action.use,)))
    elif f.step == "support":
        ctx.replace(attrs.evolve(f, att_bonus=f.att_bonus + 1, used=f.used + (action.use,)))
    else:  # the defender's Grenades!
        ctx.replace(attrs.evolve(f, def_bonus=f.def_bonus + 1, used=f.used + ("def_" + action.use,)))
    del state


def advance(rules, ctx, f: AssaultFrame) -> None:
    if f.step in ("support", "react"):
        ctx.replace(attrs.evolve(f, step="react" if f.step == "support" else "resolve"))
        return
    resolve(rules, ctx, f)


def resolve(rules, ctx, f: AssaultFrame) -> None:
    state = ctx.state
    ctx.pop()
    board = board_at(state)
    entered = dict(f.attackers)
    attackers = [state.units[u] for u in entered if u in state.units and state.units[u].hex == f.hex]
    defenders = [u for u in units_at(state, f.hex) if u.side != f.side and not u.carrier]  # 8d: passengers sit out
    if not attackers:
        return
    if not defenders:
        for u in attackers:
            ctx.emit(MarkerSet(u.uid, "ops"))
        return
    # 13 note: an attacker Shaken before the draws aborts and goes back
    for u in [a for a in attackers if a.shaken]:
        retreat(rules, ctx, board, u, entered[u.uid], f.side)
    attackers = [a for a in attackers if not a.shaken and a.uid in state.units and state.units[a.uid].hex == f.hex]
    if not attackers:
        return
    if "retreat" in f.used or "def_retreat" in f.used:  # 19f: no combat; one side withdraws
        for u in attackers + defenders:
            ctx.emit(MarkerSet(u.uid, "ops"))
        if "retreat" in f.used:
            for u in attackers:
                retreat(rules, ctx, board, state.units[u.uid], entered[u.uid], f.side)
        else:
            frm = entered[attackers[0].uid]
            for u in defenders:
                retreat(rules, ctx, board, state.units[u.uid], away_from(frm, f.hex) if frm is not None else None, u.side)
        return
    # 13a-13e: the Damage Draws and the hits, one hit at a time (assault_combat.py)
    from .combat import begin

    begin(rules, ctx, f, attackers, [state.units[d.uid] for d in defenders if d.uid in state.units])


