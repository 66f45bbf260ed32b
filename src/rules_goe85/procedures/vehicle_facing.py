"""Vehicles at set-up (GoE 9, 15d, 24).

* In the set-up decision phase (:mod:`.setup`) a vehicle or helicopter placed on the map then has
  its facing chosen by its owner (15d: vehicles face a hex corner): a :class:`FacingChoice`.
* The automatic deployment (``options={"setup": "default"}``, :func:`scenarios._deploy`) keeps
  stacking (9): :func:`fits` is asked before a unit joins a hex, so no hex gets two ground
  vehicles; its vehicles keep no facing and face the middle of the board
  (:func:`vehicles.facing_of`, the documented default).
"""
from __future__ import annotations

from tabletop_core import Decision

from ..model.actions import Face
from ..queries.units import stacking_ok, units_at
from ..model.vehicles import Faced
from ..model.frames import FacingChoice


def decide(rules, state, f: FacingChoice):
    if f.uid not in state.units:
        return None
    return Decision(f.player, tuple(Face(f.uid, v) for v in range(6)), f"{f.uid}: face a hex corner")


def act(rules, ctx, f: FacingChoice, action) -> None:
    ctx.pop()
    ctx.emit(Faced(f.uid, action.facing))


def advance(rules, ctx, f: FacingChoice) -> None:
    ctx.pop()


def fits(state, h, unit, placed=()) -> bool:
    """9: may ``unit`` join the units already in ``h`` (and ``placed``, not yet emitted)?"""
    return stacking_ok(units_at(state, h) + list(placed) + [unit])


