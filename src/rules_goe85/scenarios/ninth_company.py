"""9th Company: the Mujahideen must hold every objective hex at the end (victory ``control_all``);
its Sapper and Artillery Strike events are Event cards (:mod:`.common`)."""
from __future__ import annotations

from ..model.state import other
from .rule_set import ScenarioRules

SCENARIO = "9th-company"


class NinthCompany(ScenarioRules):
    id = SCENARIO

    def final_result(self, rules, ctx) -> None:
        state = ctx.state
        spec = rules.spec(state)
        held = [lab for lab in spec.victory_hexes if state.control.get(lab) == spec.victory_side]
        scores = {spec.victory_side: len(held)}
        if len(held) == len(spec.victory_hexes):
            ctx.end(spec.victory_side, "controls every objective hex", scores)
        else:
            ctx.end(other(spec.victory_side), f"{spec.victory_side} controls {len(held)} of {len(spec.victory_hexes)}",
                    scores)


RULES = NinthCompany()
