"""The `orgun` heuristic agent: it answers every new decision and does not waste its moves."""
from __future__ import annotations

import pytest

from rules_orgun1983.state import ActivationBegan, UnitMoved
from tabletop_core import agents_for, new_game, play

rule = pytest.mark.rule


def paths(game) -> list[list[int]]:
    """Every unit's path in every move activation, the start first."""
    found: dict[tuple[int, str], list[int]] = {}
    activation = 0
    for e in game.events:
        if isinstance(e, ActivationBegan):
            activation += 1
        elif isinstance(e, UnitMoved) and e.reason == "move":
            found.setdefault((activation, e.unit), [e.source]).append(e.target)
    return list(found.values())


@rule("orgun1983:activation")
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_heuristic_never_doubles_back_within_a_move(seed):
    # fails on the 1.x agent, which stepped 2 -> 1 -> 2 and the like, wasting its OP
    game = new_game("orgun1983", "orgun-1983", seed=seed)
    play(game, agents_for(game, "orgun,orgun"))
    assert game.result is not None
    walked = paths(game)
    assert walked  # it moved
    for path in walked:
        assert len(path) == len(set(path)), path
