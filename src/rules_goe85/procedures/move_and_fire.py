"""Move & Fire's fire part (GoE 18i): after its move the unit fires if it can."""
from __future__ import annotations

from ..queries.ap_targets import ap_leads
from ..queries.fire_options import fire_options

from tabletop_core import Decision

from ..model.actions import FireAt, Use
from ..model.frames import APFireOrder, FireChoice, FireOrder
from ..model.events import MarkerSet


# -- Move & Fire's fire part (18i) ----------------------------------------------------------------
# Reading (Shaken units and Move & Fire; the one place): 18i makes the fire part depend on the unit
# "not Shaken while moving", and 4c counts a Shaken unit as Eligible, so a Shaken Eligible Unit may
# take a Move & Fire: it moves up to half its MF (halved for Shaken first, 10c, then halved again,
# rounded up), does not fire (10c), and is marked Ops Complete.  A unit Shaken during the move (by
# Opportunity Fire, 11a) likewise does not fire.
def decide_fire_choice(rules, state, f: FireChoice):
    u = state.units.get(f.unit)
    if u is None or u.shaken:
        return None

    opts = [FireAt(lead, tgt) for lead, tgt, group in fire_options(rules, state, f.player, use=Use.MOVE_FIRE, units=[u])
            if not group]
    opts += [FireAt(lead, tgt, ap=True) for lead, tgt, group in ap_leads(state, f.player, use=Use.MOVE_FIRE, units=[u])
             if not group]  # 18i, 15b: a Move & Fire AP shot misses on MF
    if not opts:
        return None
    return Decision(f.player, tuple(opts), "Move & Fire: pick the target")


def act_fire_choice(rules, ctx, f: FireChoice, action) -> None:
    ctx.pop()
    if action.ap:
        ctx.push(APFireOrder(f.player, Use.MOVE_FIRE, action.unit, action.target, marker="ops"))
        return
    ctx.push(FireOrder(f.player, Use.MOVE_FIRE, action.unit, action.target, marker="ops", degrade=1))


def advance_fire_choice(rules, ctx, f: FireChoice) -> None:
    ctx.pop()
    if f.unit in ctx.state.units:
        ctx.emit(MarkerSet(f.unit, "ops"))


