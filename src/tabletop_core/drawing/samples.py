"""Seeded sample positions to draw: a game played by random agents for a number of decisions.

The README's pictures, the drawing benchmark and the drawing tests all need "some position of this
game"; the same ruleset, scenario, seed and count always give the same position.
"""
from __future__ import annotations

from .. import new_game
from ..agents import AgentView, RandomAgent
from ..game import Game


def sample_game(ruleset: str, scenario: str, *, seed: int = 1, decisions: int = 50) -> Game:
    """The game after ``decisions`` random decisions (fewer if it ends first)."""
    game = new_game(ruleset, scenario, seed=seed)
    agents = {p: RandomAgent(seed=seed, player=p) for p in game.rules.players}
    while not game.over and game.state.decisions < decisions:
        d = game.decision
        assert d is not None  # the game is not over
        game.apply(agents[d.player].choose(AgentView(game, d.player, d)))
    return game
