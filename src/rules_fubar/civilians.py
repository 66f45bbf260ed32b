"""Civilians on the table and breaking the Rules of Engagement (# FUBAR bvp: -4 BVP for breaking ROE).

The quick reference gives only the penalty.  The readings, kept here:

* a scenario lists groups of civilians (``civilians`` in ``data/scenarios.toml``); each group is a
  unit of the non-player side ``civilians`` (troop type ``civilians``: unarmed, light armour),
  standing where the scenario puts it.  Civilians never activate, move or fire;
* a scenario names the sides bound by ROE (``roe``; the ISAF side in the shipped scenarios);
* such a side breaks ROE each time one of its units fires at a group of civilians: -4 BVP to that
  side, once per attack, whether or not the dice hit.  A player may still choose to fire at them
  (they are in every fire menu that can reach them) and pays for it;
* hits on civilians are saved like any other and the unsaved ones are casualties (no player
  answers for them, so they fall in their listed order), worth no kill BVP.  Fire that strays
  onto civilians near a target is not modelled: the text gives no rule for it.
"""
from __future__ import annotations

from .state import BvpAwarded, UnitState

#: The non-player side civilians belong to.
SIDE = "civilians"
#: The troop type a scenario's civilian groups are made of.
TROOP = "civilians"


def bound_by_roe(rules, state, side: str) -> bool:
    return side in rules.data.scenarios[state.scenario].roe


def check_roe(rules, ctx, firer: UnitState, target: UnitState) -> None:
    """# FUBAR bvp: firing at civilians breaks ROE for a side bound by it."""
    if target.side == SIDE and bound_by_roe(rules, ctx.state, firer.side):
        ctx.emit(BvpAwarded(firer.side, rules.data.bvp.roe_breach, f"{firer.id} breaks ROE: fires at {target.id}"))


def hostile(u: UnitState, e: UnitState) -> bool:
    """An enemy of ``u``: a unit of another player's side (civilians are nobody's enemy)."""
    return e.side != u.side and e.side != SIDE
