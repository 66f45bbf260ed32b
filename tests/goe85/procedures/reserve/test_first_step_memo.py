"""The Reserve Phase's first step given again from kept answers (procedures/reserve/first_step_memo.py)."""
import pytest
from tabletop_core import new_game
from tabletop_core.agents import AgentView, RandomAgent

from rules_goe85.model.frames import ReserveFrame
from rules_goe85.procedures.reserve.transport import decide_reserve


@pytest.mark.rule("goe85:5f")
@pytest.mark.rule("goe85:9")
@pytest.mark.parametrize("scenario,seed", [("jalalabad", 2), ("kill-zone", 1), ("air-assault", 0), ("9th-company", 3),
                                           ("tanks-at-zhawar", 2)])
def test_a_pick_from_kept_answers_offers_what_a_pick_worked_out_afresh_offers(scenario, seed):
    """In random games, at every Reserve Phase pick -- after moves, loads, mode changes and the
    other side's phase -- the units offered from the answers kept since earlier picks are the
    units a pick with nothing kept offers, in the same order."""
    g = new_game("goe85", scenario, seed=seed)
    seats = {p: RandomAgent(seed=seed, player=p) for p in g.rules.players}
    picks = 0
    while not g.over:
        d = g.decision
        state = g.state
        if isinstance(state.top, ReserveFrame):
            kept, state.first_steps = state.first_steps, None
            afresh = decide_reserve(g.rules, state, state.top)
            state.first_steps = kept
            assert d.actions == afresh.actions
            picks += 1
        g.apply(seats[d.player].choose(AgentView(g, d.player, d)))
    assert picks > 20
