"""Jalalabad: victory points for eliminations and for objective hexes (victory ``mech_vp``); its
SU-25 and Stinger events are in :mod:`.mechanised`."""
from __future__ import annotations

from ..model.events import VPScored
from ..model.state import PLAYERS, SOVIET, other
from ..queries.units import utype
from .rule_set import ScenarioRules

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
        if vp[SOVIET] == vp[other(SOVIET)]:
            ctx.end(None, f"tied at {vp[SOVIET]:g} VP", vp)
        else:
            winner = max(PLAYERS, key=lambda s: vp[s])
            ctx.end(winner, f"{winner} has more VP ({vp[SOVIET]:g} to {vp[other(SOVIET)]:g})", vp)


RULES = Jalalabad()
