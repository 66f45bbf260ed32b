"""Assault combat (GoE 13): units that moved into an enemy hex fight it out at the end of the move.

Pure helpers (:func:`assault_hef`, :func:`distribute`, :func:`loser`) carry the numbers; the
:class:`AssaultFrame` offers the attacker's Support cards (Bullet Storm, Grenades!, the Sapper event
card) and the defender's cards (Unexpected Cover, Grenades!, Bullet Storm), then hands the Damage
Draws and the hits to :mod:`.assault_combat`.
"""
from __future__ import annotations

import attrs
from tabletop_core import Decision
from tabletop_core.decks import hand

from ..model.actions import Decline, Declined, PlayReaction, Use
from ..queries.board import away_from, board_at
from ..queries.deck import card, counts_as_hit, hand_of
from .draws import damage_card
from ..model.state import DECK, REMOVED, other, sapper_pile
from ..model.frames import AssaultFrame, AssaultOrder, Impulse
from ..model.events import MarkerSet, Note, UnitMoved
from .damage import eliminate
from ..queries.movement import may_retreat_into
from ..queries.units import has, hef, hit_outcome, units_at, utype


def unit_assault_hef(u) -> int:
    """GoE 13a, 21a/b: a unit without Assault defends with 1; Assault+ adds 1."""
    if not (has(u, "assault") or has(u, "assault_plus")):
        return 1
    return hef(u) + (1 if has(u, "assault_plus") else 0)


def assault_hef(units, bonus: int = 0) -> int:
    """13a: the total, unmodified by range or terrain."""
    return sum(unit_assault_hef(u) for u in units) + bonus


def distribute(units, hits: int, *, order=None) -> list[str]:
    """13b: who takes each of ``hits`` hits: everyone is Shaken before anyone is reduced, reduced
    before anyone is eliminated (destroying a unit without a reduced side counts as reducing it,
    but a true reduction goes first, as in the rulebook's example).  Returns the unit ids in the
    order they take the hits."""
    state = {u.uid: u for u in units}
    rank = {u.uid: (utype(u).hero, i) for i, u in enumerate(order or units)}
    out = []
    for _ in range(hits):
        if not state:
            break

        def key(uid):
            outcome = hit_outcome(state[uid])
            one_step_kill = outcome == "eliminated" and not state[uid].reduced
            stage = {"shaken": 0, "reduced": 1, "eliminated": 1 if one_step_kill else 2}[outcome]
            return stage, outcome == "eliminated", rank[uid]

        uid = min(state, key=key)
        out.append(uid)
        u = state[uid]
        outcome = hit_outcome(u)
        if outcome == "eliminated":
            del state[uid]
        else:
            state[uid] = attrs.evolve(u, shaken=True, reduced=u.reduced or outcome == "reduced")
    return out


def loser(att_hits: int, def_hits: int) -> str:
    """13d: the side that suffered more hits retreats; on a tie, the attacker."""
    return "defender" if def_hits > att_hits else "attacker"


def advance_order(rules, ctx, f: AssaultOrder) -> None:
    """13a: the impulse's actions are over; its assaults begin."""
    ctx.pop()
    push_assaults(rules, ctx, f.side, f.attackers, brutal=f.brutal)


def push_assaults(rules, ctx, side, assaults, *, brutal: tuple[str, ...] = ()) -> None:
    """One assault per hex entered (13a), by every unit that entered it in the impulse's actions;
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


def _draw_hits(ctx, count: int, *, redraw: bool = False) -> int:
    """13a: the Damage Draw; ``redraw``: a Tactical Hero's side redraws its first miss (21i)."""
    hits = 0
    for _ in range(max(0, count)):
        cid = damage_card(ctx)
        if cid is None:
            break
        if not counts_as_hit(cid, 0) and redraw:  # 21i (our reading: always the first miss)
            redraw = False
            cid = damage_card(ctx)
            if cid is None:
                break
        if counts_as_hit(cid, 0):  # 13a: every Hit colour counts
            hits += 1
    return hits


def _tactical(units) -> bool:
    """21i: an unshaken, not Ops Complete Tactical unit among the side's units in the assault."""
    return any(has(u, "tactical") and not u.shaken and u.marker != "ops" for u in units)


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
        rules.occupy(ctx, f.side, f.hex)  # 24e: held without a fight
        return
    # 13 note: an attacker Shaken before the draws aborts and goes back
    for u in [a for a in attackers if a.shaken]:
        _retreat(rules, ctx, board, u, entered[u.uid], f.side)
    attackers = [a for a in attackers if not a.shaken and a.uid in state.units and state.units[a.uid].hex == f.hex]
    if not attackers:
        return
    if "retreat" in f.used or "def_retreat" in f.used:  # 19f: no combat; one side withdraws
        for u in attackers + defenders:
            ctx.emit(MarkerSet(u.uid, "ops"))
        if "retreat" in f.used:
            for u in attackers:
                _retreat(rules, ctx, board, state.units[u.uid], entered[u.uid], f.side)
        else:
            frm = entered[attackers[0].uid]
            for u in defenders:
                _retreat(rules, ctx, board, state.units[u.uid], away_from(frm, f.hex) if frm is not None else None, u.side)
            rules.occupy(ctx, f.side, f.hex)  # 24e: the attackers hold the hex the defenders left
        return
    # 13a-13e: the Damage Draws and the hits, one hit at a time (assault_combat.py)
    from .assault_combat import begin

    begin(rules, ctx, f, attackers, [state.units[d.uid] for d in defenders if d.uid in state.units])


def _retreat(rules, ctx, board, u, dest, side) -> None:
    """13d: retreat into ``dest`` if the unit may go there (``queries/movement.may_retreat_into``:
    on the map, terrain its own movement class may enter, free of enemies, within stacking); the
    side that retreats into a hex occupies it (24e).  Otherwise the unit is eliminated, and a
    carrier's passengers that survive its destruction retreat the same way on their own (8e)."""
    state = ctx.state
    if may_retreat_into(state, u, dest):
        from .booby_trap import offer

        ctx.emit(UnitMoved(u.uid, dest, 0))
        rules.occupy(ctx, side, dest)
        offer(ctx, u.uid, dest)  # Hammer and Anvil: a Booby Trap on a combat-directed retreat
        return
    aboard = [p.uid for p in state.units.values() if p.carrier == u.uid]
    left = u.hex
    ctx.emit(Note(f"{u.uid} cannot retreat and is eliminated"))
    eliminate(rules, ctx, u.uid)
    for uid in aboard:  # 8e: the carrier was destroyed in the assault
        p = state.units.get(uid)
        if p is not None and not p.carrier and p.hex == left:
            _retreat(rules, ctx, board, p, dest, side)
