"""City Boys: after each Reserve Phase the Mujahideen roll for morale (victory ``morale``); their
Bonus cards move their morale VP; relocation on map 4 is data (``relocate_map``) played by the turn."""
from __future__ import annotations

from ..model.events import Note
from ..model.state import MUJ, SOVIET
from .rule_set import ScenarioRules

SCENARIO = "city-boys"


def muj_morale_vp(state) -> float:
    """Each Mujahideen unit on the map is worth 1 VP; completed Bonus cards add 2 for the
    Mujahideen's and take 2 for the Soviets' (scored into ``state.vp`` as they are completed)."""
    return sum(1 for u in state.units.values() if u.side == MUJ and u.hex is not None) + state.vp[MUJ]


def morale_check(rules, ctx) -> bool:
    """Roll 1d6, -1 if the Mujahideen hold the whole Mosque; above their VP, their morale breaks and
    the Soviets win.  True if the game ended."""
    state = ctx.state
    spec = rules.spec(state)
    mosque = all(state.control.get(lab) == MUJ for lab in spec.morale_hexes)
    roll = ctx.roll("d6", player=MUJ, reason="Mujahideen morale").total
    score = roll - (1 if mosque else 0)
    vp = muj_morale_vp(state)
    if score > vp:
        ctx.end(SOVIET, f"Mujahideen morale breaks (roll {score} > {vp:g} VP)", {MUJ: vp})
        return True
    ctx.emit(Note(f"Mujahideen morale holds (roll {score} <= {vp:g} VP)"))
    return False


class CityBoys(ScenarioRules):
    id = SCENARIO

    def end_of_reserve(self, rules, ctx) -> bool:
        return morale_check(rules, ctx)

    def bonus_vp(self, side: str, points: float, card: str) -> tuple[str, float, str]:
        # the cards move the Mujahideen's morale VP: theirs add, the Soviets' take away
        return MUJ, (points if side == MUJ else -points), f"{side} completes Bonus card {card}"

    def final_result(self, rules, ctx) -> None:
        ctx.end(MUJ, "the Mujahideen morale held to the end", {MUJ: muj_morale_vp(ctx.state)})


RULES = CityBoys()
