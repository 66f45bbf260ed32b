"""Jalalabad: victory points for eliminations and for objective hexes (victory ``mech_vp``); its
SU-25 and Stinger events are in :mod:`.mechanised`."""
from __future__ import annotations

from ..model.events import VPScored
from ..model.state import SOVIET, other
from ..queries.units import utype
from .rule_set import ScenarioRules, more_vp_wins

SCENARIO = "jalalabad"


class Jalalabad(ScenarioRules):
    id = SCENARIO

    def on_eliminated(self, rules, ctx, unit) -> None:
        points = 2 if utype(unit).kind in ("vehicle", "truck", "helicopter") else 1
        ctx.emit(VPScored(other(unit.side), points, f"{unit.uid} eliminated"))

    def final_result(self, rules, ctx) -> None:
        state = ctx.state
        spec = rules.spec(state)
        vp = dict(state.vp)
        for label in spec.victory_hexes:
            side = state.control.get(label)
            if side:
                vp[side] = vp[side] + (1.5 if side == SOVIET else 1.0)
        more_vp_wins(ctx, vp)


RULES = Jalalabad()
