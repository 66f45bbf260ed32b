"""The screened suggestions' question, "would an On Guard unit the mover knows of react to this
path?" (``on_guard.exposed``), answers as the reaction itself asks it: ``catch_point`` of every
such unit, one at a time (# FUBAR on-guard), on positions from real play, after moves as well."""
from __future__ import annotations

import pytest

from tabletop_core import new_game
from tabletop_core.agents import AgentView, RandomAgent

from rules_fubar.action_menu import MOVE_KINDS
from rules_fubar import move_allowance, move_menu, on_guard
from rules_fubar.state import Choosing, Move


def _plain_exposed(rules, state, u, paths) -> bool:
    """The rule written out: some known On Guard unit has a catch point on the sampled path."""
    samples = on_guard.path_samples(tuple(f.pos for f in u.figures), paths)
    ids = tuple(f.id for f in u.figures)
    return any(on_guard.catch_point(rules, state, t, u, samples, ids) is not None
               for t in on_guard.known_threats(rules, state, u))


@pytest.mark.rule("fubar:on-guard")
@pytest.mark.parametrize("scenario,variants", [("meeting-engagement", ()), ("meeting-engagement", ("lwtv",)),
                                               ("recovery-team", ()), ("cordon-and-search", ())])
def test_exposed_answers_as_every_reactors_catch_point(scenario, variants):
    answers = {True: 0, False: 0}
    for seed in range(4):
        game = new_game("fubar", scenario, seed=seed, variants=variants)
        seats = {p: RandomAgent(seed=seed, player=p) for p in game.rules.players}
        while not game.over:
            d = game.decision
            state = game.state
            if type(state.top) is Choosing and state.top.kind in MOVE_KINDS \
                    and on_guard.known_threats(game.rules, state, state.units[state.top.unit]):
                u = state.units[state.top.unit]
                allowances = move_allowance.allowance(u, move_allowance.acting_frame(state), state.top.kind)
                for m in (a for a in d.actions if type(a) is Move):
                    ends, _used = move_menu.plan(game.rules, state, u, m, allowances)
                    paths = tuple((e,) if e != f.pos else () for f, e in zip(u.figures, ends))
                    # a fresh question first (its sight lines not drawn yet), then the reaction's own
                    got = on_guard.exposed(game.rules, state, u, paths)
                    assert got == _plain_exposed(game.rules, state, u, paths), (scenario, seed, m)
                    answers[got] += 1
            game.apply(seats[d.player].choose(AgentView(game, d.player, d)))
    assert answers[True] > 20 and answers[False] > 20, answers
