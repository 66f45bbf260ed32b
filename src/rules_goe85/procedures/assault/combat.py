"""Assault combat resolved step by step (GoE 13a-13e), so that every hit can be answered.

:mod:`assault` runs the windows before the Damage Draws (Support and Reaction cards, the abort of
Shaken attackers, a Retreat played before any draw).  Then an :class:`AssaultCombat` frame takes
over: the Damage Draws in the order 13a and Ambush (19b) give, each side's hits applied one at a
time in the 13b order with a window on every hit (Light Wounds 20c, Resilient 22n), a last window
for Panic (19e) and one for Retreat (19f) once all hits are resolved, then the outcome (13c, 13d, 13e).

Readings (kept here only):
* Light Wounds is a Reaction card, which answers the other player's action (the reading in
  ``queries.deck.reacts``): the assault is the attacker's action, so only the defending player may play
  it, for one of its Leg units, once per assault (20: one Reaction of a name per action).  Resilient may be played by either player, for any unit with the Power,
  at any status (6c, 22n); each play takes one hit off.
* 13d counts the hits a side *suffered*: a hit ignored through Light Wounds or Resilient is not
  suffered.
* After an Ambush (19b) every surviving defender, Shaken or not (10c: Shaken units counterattack),
  returns fire in one Damage Draw.  The defender's card bonus goes to its first draw.
* 13d: when the attackers came from several hexes the defending player picks which one its units
  retreat directly away from; a Retreat card (19f) withdraws them away from the first attacker's.
* Retreat after the hits (19f): the hits stay in the record; compensating :class:`HitUndone`
  events put each unit back as it was before the first hit (losses, wrecks and the victory points
  its elimination scored are given back), then the player's units withdraw.
"""
from __future__ import annotations

from ...effects.damage_draw import draw_hits
from ...effects.losses import apply_hit
from ...queries.assault_numbers import tactical
from ...queries.assault_numbers import assault_hef
from ...queries.assault_numbers import distribute
from ...queries.assault_numbers import loser

import attrs
from tabletop_core import Decision
from tabletop_core.decks import hand

from ...model.actions import Decline, Declined, PlayReaction, RetreatFrom, Use
from ...queries.board import away_from, board_at
from ...queries.deck import reaction_window
from ...model.state import DECK, other
from ...model.events import MarkerSet, Note, VPScored
from ...queries.units import units_at, utype
from ...queries.deck import reacts
from ...model.frames import AssaultCombat
from ...model.events import HitUndone

LIGHT_WOUNDS, RESILIENT, RETREAT = "light_wounds", "resilient", "retreat"


def begin(rules, ctx, f, attackers, defenders) -> None:
    """Push the combat of an :class:`~.state.AssaultFrame` ``f`` whose pre-draw windows are over."""
    state = ctx.state
    steady = tuple(d.uid for d in defenders if not d.shaken)
    late = tuple(d.uid for d in defenders if d.shaken)
    if "ambush" in f.used:  # 19b: the attacker's hits land before the defender draws
        plan = ("att", "def_all")
    elif "def_ambush" in f.used:  # 19b played by the defender: its unshaken units first
        plan = ("def", "att", "late")
    else:  # 13a: simultaneous, then the Shaken defenders
        plan = ("both", "late")
    before = tuple(sorted(units_at(state, f.hex), key=lambda u: u.uid))
    ctx.push(AssaultCombat(side=f.side, hex=f.hex, attackers=tuple((a.uid, dict(f.attackers)[a.uid]) for a in attackers),
                           defenders=steady + late, late=late, used=f.used, att_bonus=f.att_bonus, def_bonus=f.def_bonus,
                           plan=plan, before=before, vp=tuple(sorted(state.vp.items())),
                           wrecks=tuple(sorted(state.wrecks))))


# -- who is still fighting ----------------------------------------------------------------------
def _alive(state, uids):
    return [state.units[u] for u in uids if u in state.units and state.units[u].hex is not None]


def _att(state, f):
    return [u for u in _alive(state, [a for a, _ in f.attackers]) if u.hex == f.hex]


def _def(state, f):
    return [u for u in _alive(state, f.defenders) if u.hex == f.hex]


# -- the frame ----------------------------------------------------------------------------------
# GoE hidden hands: each window opens on its public slots only (queries/deck.py, reaction_window).
def _hit_slots(state, f: AssaultCombat):
    u = state.units.get(f.pending)
    if u is None:
        return None, []
    out = []
    if reacts(u.side, f.side) and LIGHT_WOUNDS not in f.used and utype(u).leg:  # 20c (queries.deck.reacts)
        out.append((LIGHT_WOUNDS, LIGHT_WOUNDS, u.uid))
    if RESILIENT in utype(u).powers:  # 22n: any status, either player's turn
        out.append((None, RESILIENT, u.uid))
    return u.side, out


def _panic_slots(state, f: AssaultCombat):
    """19e: after the attack, a reduced and Shaken defending Leg unit may be removed by Panic."""
    if "panic" in f.used:
        return []
    return [("panic", Use.PANIC, u.uid) for u in _def(state, f) if u.shaken and u.reduced and utype(u).leg]


def _retreat_slots(state, f: AssaultCombat, side: str):
    key = RETREAT if side == f.side else "def_" + RETREAT
    if RETREAT in f.used or "def_" + RETREAT in f.used or key in f.asked:
        return []
    return [(RETREAT, RETREAT, "")]


def _asking(f: AssaultCombat):
    """The side asked in the Retreat window now: the attacker first, then the defender."""
    for side in (f.side, other(f.side)):
        key = RETREAT if side == f.side else "def_" + RETREAT
        if key not in f.asked:
            return side, key
    return None, None


def decide(rules, state, f: AssaultCombat):
    if f.pending:
        owner, slots = _hit_slots(state, f)
        return reaction_window(state, owner, slots, Declined.TAKE, f"{f.pending} is hit in the assault")
    if f.stage == "direction":  # 13d: away from which of the attack's hexes
        board = board_at(state)
        return Decision(other(f.side), tuple(RetreatFrom(board.label(h)) for h in _entries(state, f)),
                        "retreat directly away from which attacking hex?")
    if f.stage == "panic":
        return reaction_window(state, f.side, _panic_slots(state, f), Declined.PANIC, "Panic?")
    if f.stage == "after":
        side, _ = _asking(f)
        if side is None:
            return None
        return reaction_window(state, side, _retreat_slots(state, f, side), Declined.STAY, "Retreat from the assault?")
    return None


def act(rules, ctx, f: AssaultCombat, action) -> None:
    if f.pending:
        if isinstance(action, Decline):
            _land(rules, ctx, f)
            return
        owner = ctx.state.units[f.pending].side
        ctx.move_card(DECK, action.card, hand(owner), "discard", player=owner)
        if action.use == LIGHT_WOUNDS:  # 20c: this hit is ignored
            ctx.emit(Note(f"{action.unit} ignores the hit (Light Wounds)"))
            ctx.replace(_consumed(f, used=f.used + (LIGHT_WOUNDS,)))
        else:  # 22n: one less damage; a Power leaves the unit Ops Complete
            ctx.emit(Note(f"{action.unit} takes one less damage (Resilient)"))
            ctx.emit(MarkerSet(action.unit, "ops"))
            ctx.replace(_consumed(f))
        return
    if f.stage == "direction":
        outcome(rules, ctx, f, board_at(ctx.state).hex(action.to))
        return
    if f.stage == "panic":  # 19e: the attacker's Support after the assault's attack
        if isinstance(action, PlayReaction):
            ctx.move_card(DECK, action.card, hand(f.side), "discard", player=f.side)
            ctx.emit(Note(f"Panic: {action.unit} is removed"))
            while action.unit in ctx.state.units:
                apply_hit(rules, ctx, action.unit)
        ctx.replace(attrs.evolve(f, stage="after", used=f.used + ("panic",)))
        return
    side, key = _asking(f)
    if isinstance(action, Decline):
        ctx.replace(attrs.evolve(f, asked=f.asked + (key,)))
        return
    ctx.move_card(DECK, action.card, hand(side), "discard", player=side)
    withdraw_after_hits(rules, ctx, f, side)


def _consumed(f: AssaultCombat, **kw) -> AssaultCombat:
    group, n = f.queue[0]
    queue = ((group, n - 1),) + f.queue[1:] if n > 1 else f.queue[1:]
    return attrs.evolve(f, queue=queue, pending="", **kw)


def _land(rules, ctx, f: AssaultCombat) -> None:
    group, _ = f.queue[0]
    apply_hit(rules, ctx, f.pending)
    a, d = f.suffered
    ctx.replace(_consumed(f, suffered=(a + 1, d) if group == "att" else (a, d + 1)))


def advance(rules, ctx, f: AssaultCombat) -> None:
    state = ctx.state
    if f.pending:  # no answer possible: the hit lands
        _land(rules, ctx, f)
        return
    if f.queue:
        group, _ = f.queue[0]
        victims = _att(state, f) if group == "att" else _def(state, f)
        if not victims:  # the side is gone: the remaining hits are lost
            ctx.replace(attrs.evolve(f, queue=f.queue[1:]))
            return

        # 13b: the next hit goes where the Shaken / reduced / eliminated order puts it now
        ctx.replace(attrs.evolve(f, pending=distribute(victims, 1)[0]))
        return
    if f.plan:
        _draw(ctx, f)
        return
    if f.stage in ("hits", "panic"):  # no Panic to play (or none left): the Retreat window
        ctx.replace(attrs.evolve(f, stage="panic" if f.stage == "hits" else "after"))
        return
    side, key = _asking(f)
    if side is not None:  # this side holds no Retreat card (or one was played): the next one
        ctx.replace(attrs.evolve(f, asked=f.asked + (key,)))
        return
    outcome(rules, ctx, f)


def _draw(ctx, f: AssaultCombat) -> None:
    state = ctx.state
    board = board_at(state)
    step, plan = f.plan[0], f.plan[1:]
    def_bonus_used = "def_bonus" in f.used

    def draw(units, bonus, who):
        if not units:
            return 0
        total = assault_hef(units, bonus)
        hits = draw_hits(ctx, total, redraw=tactical(units))
        ctx.emit(Note(f"assault in {board.label(f.hex)}: {who} HEF {total} -> {hits} hits"))
        return hits

    used = f.used
    if step in ("def", "both"):
        steady = [u for u in _def(state, f) if u.uid not in f.late]
        d_bonus = f.def_bonus if steady else 0
        if step == "both":  # 13a: both draw before either result is applied
            a_hits = draw(_att(state, f), f.att_bonus, "attackers")
            d_hits = draw(steady, d_bonus, "defenders")
            queue = (("def", a_hits), ("att", d_hits))
        else:
            d_hits = draw(steady, d_bonus, "defenders (Ambush)")
            queue = (("att", d_hits),)
        if steady:
            used = used + ("def_bonus",)
    elif step == "att":
        a_hits = draw(_att(state, f), f.att_bonus, "attackers (Ambush)" if "ambush" in f.used else "attackers")
        queue = (("def", a_hits),)
    else:  # late (Shaken defenders) or def_all (every surviving defender after an Ambush)
        units = _def(state, f) if step == "def_all" else [u for u in _def(state, f) if u.uid in f.late]
        bonus = 0 if def_bonus_used else f.def_bonus
        d_hits = draw(units, bonus, "defenders" if step == "def_all" else "Shaken defenders")
        queue = (("att", d_hits),)
    ctx.replace(attrs.evolve(f, plan=plan, used=used, queue=tuple(q for q in queue if q[1] > 0)))


def outcome(rules, ctx, f: AssaultCombat, frm_choice=None) -> None:
    """13c-13e once every hit is resolved and nobody retreated by card.  ``frm_choice``: the entry
    hex the defender chose to retreat away from (13d: its choice when the attack came from several)."""
    from ...effects.losses import retreat

    state = ctx.state
    board = board_at(state)
    entered = dict(f.attackers)
    att_left, def_left = _att(state, f), _def(state, f)
    if f.stage != "direction":
        for u in att_left + def_left:  # 13e
            ctx.emit(MarkerSet(u.uid, "ops"))
    if not att_left or not def_left:  # 13c: the survivors hold the hex
        ctx.pop()
        return
    # 13d: the side that suffered more hits retreats; the attacker on a tie
    if loser(att_hits=f.suffered[0], def_hits=f.suffered[1]) == "attacker":
        ctx.pop()
        for u in att_left:
            retreat(rules, ctx, board, state.units[u.uid], entered[u.uid], f.side)
        return
    if "brutal" in f.used:
        # 22g: defenders forced to retreat by a Brutal unit's assault are eliminated instead
        ctx.pop()
        ctx.emit(Note("Brutal: the defenders forced to retreat are eliminated"))
        for u in def_left:
            while u.uid in state.units:
                apply_hit(rules, ctx, u.uid)
        return
    froms = _entries(state, f)
    if len(froms) > 1 and frm_choice is None:  # 13d: the defender picks the direction
        ctx.replace(attrs.evolve(f, stage="direction"))
        return
    ctx.pop()
    frm = frm_choice if frm_choice is not None else (froms[0] if froms else None)
    for u in def_left:
        dest = away_from(frm, f.hex) if frm is not None else None
        retreat(rules, ctx, board, state.units[u.uid], dest, u.side)


def _entries(state, f: AssaultCombat):
    """The hexes the surviving attackers entered the assault from (off-map entries left out)."""
    entered = dict(f.attackers)
    return sorted({entered[u.uid] for u in _att(state, f) if entered[u.uid] is not None})


def withdraw_after_hits(rules, ctx, f: AssaultCombat, side: str) -> None:
    """19f played once the hits are resolved: undo them (compensating events), then ``side``'s
    units leave the hex; everybody who took part is Ops Complete."""
    from ...effects.losses import retreat

    state = ctx.state
    ctx.pop()
    board = board_at(state)
    ctx.emit(Note(f"{side} plays Retreat: the assault's results are undone"))
    for was in f.before:
        now = state.units.get(was.uid)
        if now is not None and attrs.evolve(now, marker=was.marker) == was:
            continue
        gone = now is None
        ctx.emit(HitUndone(attrs.evolve(was, marker=now.marker if now is not None else was.marker), eliminated=gone,
                           wreck=gone and was.hex in state.wrecks and was.hex not in f.wrecks
                           and utype(was).kind in ("vehicle", "truck", "helicopter")))
    for s, points in f.vp:  # victory points scored for eliminations in this assault
        delta = state.vp[s] - points
        if delta:
            ctx.emit(VPScored(s, -delta, "assault undone (Retreat)"))
    entered = dict(f.attackers)
    attackers = _att(state, f)
    defenders = _def(state, f)
    for u in attackers + defenders:
        ctx.emit(MarkerSet(u.uid, "ops"))
    if side == f.side:
        for u in attackers:
            retreat(rules, ctx, board, state.units[u.uid], entered[u.uid], f.side)
    else:
        frm = entered[attackers[0].uid] if attackers else next(iter(entered.values()), None)
        for u in defenders:
            retreat(rules, ctx, board, state.units[u.uid], away_from(frm, f.hex) if frm is not None else None, u.side)


__all__ = ["AssaultCombat", "HitUndone", "begin", "decide", "act", "advance"]
