"""Hammer and Anvil: the Mujahideen score 1 VP for each Soviet unit destroyed and 2 for each unit
slipping unseen into the escape column (``escape_column``, played in :func:`.common.after_step`);
they win with ``victory_points`` (victory ``threshold``).  The Booby Trap (the Mujahideen's Artillery
blocks) is data, ``muj_artillery_as``, played by the opportunity-fire and booby-trap procedures."""
from __future__ import annotations

from ..model.events import VPScored
from ..model.state import MUJ, SOVIET, other
from .rule_set import ScenarioRules

SCENARIO = "hammer-and-anvil"


class HammerAndAnvil(ScenarioRules):
    id = SCENARIO

    def on_eliminated(self, rules, ctx, unit) -> None:
        if unit.side == SOVIET:
            ctx.emit(VPScored(MUJ, 1, f"{unit.uid} destroyed"))

    def bonus_vp(self, side: str, points: float, card: str) -> tuple[str, float, str]:
        # 24b: only the Mujahideen total decides; the Soviets' card counts against it (our reading,
        # as City Boys and Tanks at Zhawar print it; the alternative, Soviet VP that decide nothing,
        # would make the Soviet card idle)
        return MUJ, (points if side == MUJ else -points), f"{side} completes Bonus card {card}"

    def final_result(self, rules, ctx) -> None:
        state = ctx.state
        spec = rules.spec(state)
        vp = state.vp[spec.victory_side]
        won = vp >= spec.victory_points
        ctx.end(spec.victory_side if won else other(spec.victory_side),
                f"{spec.victory_side} has {vp:g} VP (needs {spec.victory_points})", dict(state.vp))


RULES = HammerAndAnvil()
