"""The area index the appliers keep (state.at) always says what a scan of state.units says, and a
clone's index is its own."""
from __future__ import annotations

import pytest

from tabletop_core import agents_for, new_game
from tabletop_core.agents import AgentView


def scanned(state) -> dict[str, dict[int, list[str]]]:
    out: dict[str, dict[int, list[str]]] = {}
    for u in state.units.values():
        out.setdefault(u.side, {}).setdefault(u.area, []).append(u.id)
    return {side: {a: sorted(ids) for a, ids in areas.items()} for side, areas in out.items()}


def indexed(state) -> dict[str, dict[int, list[str]]]:
    return {side: dict(areas) for side, areas in state.at.items() if areas}


def play_checking(game, agents, every: int = 1) -> None:
    while not game.over:
        if game.state.decisions % every == 0:
            assert indexed(game.state) == scanned(game.state)
        decision = game.decision
        game.apply(agents[decision.player].choose(AgentView(game, decision.player, decision)))
    assert indexed(game.state) == scanned(game.state)


@pytest.mark.parametrize("seed", [0, 7, 11])
def test_the_index_follows_every_move_retreat_escape_and_elimination(seed):
    game = new_game("orgun1983", "orgun-1983", seed=seed)
    play_checking(game, agents_for(game, "random,random"))


def test_the_index_survives_a_rebuild_from_the_log():
    game = new_game("orgun1983", "orgun-1983", seed=3)
    play_checking(game, agents_for(game, "random,random"), every=50)
    rebuilt = type(game).from_events(game.rules, game.header, game.events)
    assert indexed(rebuilt.state) == indexed(game.state)


def test_a_clone_moving_its_units_leaves_the_original_index_alone():
    game = new_game("orgun1983", "orgun-1983", seed=5)
    agents = agents_for(game, "random,random")
    for _ in range(40):
        decision = game.decision
        game.apply(agents[decision.player].choose(AgentView(game, decision.player, decision)))
    before = indexed(game.state)
    clone = game.clone()
    play_checking(clone, agents_for(clone, "random,random"), every=25)
    assert indexed(game.state) == before == scanned(game.state)
