"""Tanks at Zhawar: a Soviet unit stepping into a Mujahideen T-55's hex to assault it first draws a
card (any HE Hit: it goes in; else it stops adjacent); the Mujahideen score 2 VP per building hex
held, +2 for their Bonus card, -4 for the Soviets' (victory ``zhawar``).  The Wire is placed at
set-up (data, ``wire``)."""
from __future__ import annotations

from ..effects.damage_draw import damage_card

import attrs

from ..model.actions import Step
from ..model.events import Note
from ..model.frames import MoveFrame
from ..model.state import MUJ, SOVIET
from ..queries.board import board_at
from ..queries.deck import card
from ..queries.units import units_at
from .rule_set import ScenarioRules

SCENARIO = "tanks-at-zhawar"


def zhawar_vp(state, spec) -> float:
    """2 per building hex held, the Mujahideen's Bonus card +2, the Soviets' -4 (bonus_cards scored it +2 Soviet)."""
    held = sum(1 for lab in spec.victory_hexes if state.control.get(lab) == MUJ)
    return 2 * held + state.vp[MUJ] - 2 * state.vp[SOVIET]


class TanksAtZhawar(ScenarioRules):
    id = SCENARIO

    def before_act(self, rules, ctx, action) -> bool:
        """Each Soviet unit about to step into a Mujahideen T-55's hex draws a card first."""
        state = ctx.state
        f = state.top
        if not (isinstance(f, MoveFrame) and isinstance(action, Step) and f.player == SOVIET):
            return False
        board = board_at(state)
        to = board.hex(action.to)
        if not any(u.side == MUJ and u.type == "t-55" for u in units_at(state, to)):
            return False
        passed, failed = [], []
        for m in action.units:
            cid = damage_card(ctx)
            hit = bool(cid) and card(cid).he in ("green", "gold", "red")
            ctx.emit(Note(f"{m} faces the T-55: {'goes in' if hit else 'holds back'}"))
            (passed if hit else failed).append(m)
        f = ctx.state.top
        if failed:
            ctx.replace(attrs.evolve(f, mp=tuple((x, 0 if x in failed else m, 0 if x in failed else b) for x, m, b in f.mp),
                                     stepped=tuple(sorted(set(f.stepped) | set(failed)))))
        if passed:
            from ..procedures.move.steps import act_move

            act_move(rules, ctx, ctx.state.top, attrs.evolve(action, units=tuple(passed)))
        return True

    def final_result(self, rules, ctx) -> None:
        state = ctx.state
        spec = rules.spec(state)
        vp = zhawar_vp(state, spec)
        won = vp >= spec.victory_points
        ctx.end(MUJ if won else SOVIET, f"the Mujahideen have {vp:g} VP (need {spec.victory_points})", {MUJ: vp})


RULES = TanksAtZhawar()
