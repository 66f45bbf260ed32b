"""Punishing Fire (GoE 18j): between the two attacks the target's owner may pull it back one hex.

:func:`fire.finish` pushes the second attack, then (when the target has somewhere to go) a
:class:`PunishingRetreat` on top of it.  Declining leaves the second attack as it stands; a retreat
moves the target and the second attack is declared again from the new hex (range, cover, the +1
against a Moved target), the cards played on the first attack still applying.

Readings (kept here only):
* The retreat is a step into an adjacent hex the unit could enter (terrain, stacking, no enemy)
  that is farther from the firing unit than the hex it leaves, or off the map beyond such a step
  where the scenario makes the unit's edge its exit (13d's "not off the map unless ... a valid
  exit point": the unit leaves as the scenario's exits count, and the second attack is lost).  Vehicles do not retreat this way
  (their moves follow facing rules); a unit marked Ops Complete may not retreat.
* The marker: none -> Moved; Moved -> Ops Complete; Fired -> Ops Complete (the unit now carries both
  a Fired and a Moved marker, and one marker stands for both here).
* The cards of the first attack in the second one: Bullet Storm +1 and Unexpected Cover -1 (not
  against a Sniper) again; Grenades! only counts against an adjacent hex, which a retreat leaves;
  Critical Hit gives its one redraw again, and a Tactical Hero's redraw is the second attack's own.
  If the target is out of the firer's LOS or range after the retreat, the second attack is lost.
"""
from __future__ import annotations

from ..effects.attack_start import start_fire
from ..queries.punishing_retreat import may_retreat_off_map, retreat_hexes

from ..effects.openings import offer_booby_trap

import attrs
from tabletop_core import Decision

from ..model.actions import Decline, Declined, Retreat, RetreatOffMap, Use
from ..queries.board import board_at
from ..model.events import ConcealSet, MarkerSet, Note, UnitMoved
from ..model.frames import FireFrame
from ..queries.units import has, targetable, units_at, utype
from ..model.frames import PunishingRetreat

MARK_AFTER = {"": "moved", "moved": "ops", "fired": "ops"}


def decide(rules, state, f: PunishingRetreat):
    board = board_at(state)
    opts = [Retreat(f.target, board.label(b)) for b in retreat_hexes(state, f.target, f.lead)]
    if may_retreat_off_map(rules, state, f.target, f.lead):
        opts.append(RetreatOffMap(f.target))
    if not opts:
        return None
    return Decision(f.player, (*opts, Decline(Declined.STAY)), f"Punishing Fire: retreat {f.target} one hex?")


def advance(rules, ctx, f: PunishingRetreat) -> None:
    ctx.pop()  # nowhere to go any more: the second attack stands


def act(rules, ctx, f: PunishingRetreat, action) -> None:
    state = ctx.state
    ctx.pop()
    if isinstance(action, Decline):
        return
    board = board_at(state)
    u = state.units[f.target]
    for x in units_at(state, u.hex):  # 18q: a Concealed unit that moves gives its hex away
        if x.concealed and x.side == u.side:
            ctx.emit(ConcealSet(x.uid, False))
    if isinstance(action, RetreatOffMap):
        _leave_the_map(rules, ctx, u)
        return
    b = board.hex(action.to)
    ctx.emit(UnitMoved(u.uid, b, 0))
    ctx.emit(MarkerSet(u.uid, MARK_AFTER[u.marker]))
    ctx.emit(Note(f"{u.uid} retreats to {board.label(b)} before the second attack"))
    second = ctx.state.top
    if isinstance(second, FireFrame) and second.use == Use.PUNISHING_FIRE_2:
        ctx.pop()
        redeclare(rules, ctx, second)

    offer_booby_trap(ctx, u.uid, b)  # Hammer and Anvil: a Booby Trap on a combat-directed retreat
    rules.after_step(ctx, [u.uid], b)  # control, scenario triggers (their frames go first)


def _leave_the_map(rules, ctx, u) -> None:
    """13d, 18j: the target steps back off the map by its scenario's exit; nothing is left to fire at."""
    ctx.emit(Note(f"{u.uid} retreats off the map before the second attack"))
    second = ctx.state.top
    if isinstance(second, FireFrame) and second.use == Use.PUNISHING_FIRE_2:
        ctx.pop()
        ctx.emit(Note(f"{u.uid} has left the map: the second attack is lost"))
    rules.special_rules(ctx.state).exit_by_retreat(rules, ctx, u)


def redeclare(rules, ctx, second: FireFrame) -> None:
    """The second attack against the target in its new hex, or none if it can no longer be fired at."""

    from ..queries.fire_reach import MAX_RANGE, SNIPER_RANGE
    from ..queries.fortifications import fire_blocked
    from ..queries.sight import sees

    state = ctx.state
    board = board_at(state)
    lead, tgt = state.units.get(second.lead), state.units.get(second.targets[0])
    if lead is None or tgt is None:
        return
    reach = SNIPER_RANGE if has(lead, "sniper") else MAX_RANGE
    if (board.distance(lead.hex, tgt.hex) > reach or not sees(state, lead, tgt) or not targetable(state, tgt, sniper=has(lead, "sniper"))
            or fire_blocked(state, lead.hex, tgt.hex, target_leg=utype(tgt).leg)):
        ctx.emit(Note(f"{tgt.uid} is out of {lead.uid}'s reach: the second attack is lost"))
        return
    start_fire(rules, ctx, second.side, "punishing_fire_2", lead.uid, tgt.uid, False, marker=second.marker)
    fresh = ctx.state.top
    delta = (1 if "bullet_storm" in second.used else 0) - (1 if "unexpected_cover" in second.used and not fresh.sniper else 0)
    ctx.replace(attrs.evolve(fresh, step="begin", hef=fresh.hef + delta, used=second.used))


