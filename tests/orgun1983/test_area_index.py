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


def controlled_by_scan(R, state, side: str) -> set[int]:
    """The definition: the areas holding at least one of ``side``'s units that takes control."""
    return {u.area for u in state.units.values() if u.side == side and u.id in R.lookups.controlling}


@pytest.mark.parametrize("leaders_control", [False, True])
def test_controlled_areas_read_from_the_index_say_what_a_scan_says(leaders_control):
    from tabletop_core import Game
    from rules_orgun1983.queries import controlled_areas
    from rules_orgun1983.rules import SCENARIO, OrgunRules

    rules = OrgunRules().with_readings(control_by_leaders=leaders_control)
    assert rules.lookups.bystanders["dra"]  # the Mi-24 never controls (and leaders, by default)
    assert bool(rules.lookups.bystanders["muj"]) is not leaders_control  # the Mujahideen's are leaders
    for seed in (2, 9):
        game = Game.start(rules, SCENARIO, seed=seed)
        agents = agents_for(game, "random,random")
        lone_bystander_seen = False
        while not game.over:
            state = game.state
            for side in ("muj", "dra"):
                found = controlled_areas(rules, state, side)
                assert found == controlled_by_scan(rules, state, side)
                lone_bystander_seen |= bool(set(state.at[side]) - found)
            decision = game.decision
            game.apply(agents[decision.player].choose(AgentView(game, decision.player, decision)))
        if not leaders_control:
            assert lone_bystander_seen  # the games put a leader or the Mi-24 alone in an area
