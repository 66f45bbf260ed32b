"""Your Papers, Please: the side holding two of the three hexes at the end wins (victory ``control_two``)."""
from __future__ import annotations

from ..model.state import PLAYERS
from .rule_set import ScenarioRules

SCENARIO = "your-papers-please"


class YourPapersPlease(ScenarioRules):
    id = SCENARIO

    def final_result(self, rules, ctx) -> None:
        state = ctx.state
        spec = rules.spec(state)
        counts = {s: sum(1 for lab in spec.victory_hexes if state.control.get(lab) == s) for s in PLAYERS}
        winner = next((s for s in PLAYERS if counts[s] >= 2), None)
        ctx.end(winner, "controls two of the three hexes" if winner else "no side controls two of the three hexes",
                counts)


RULES = YourPapersPlease()
