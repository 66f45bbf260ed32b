"""Games played part-way by random agents, for tests that need events from real play."""
from __future__ import annotations

import tabletop_core
from tabletop_core import Game
from tabletop_core.agents import AgentView


def random_prefix(ruleset: str, scenario: str, seed: int, decisions: int) -> Game:
    """``ruleset``'s ``scenario`` after at most ``decisions`` random decisions (a save is taken at
    a decision point; a long prefix meets most event types)."""
    game = tabletop_core.new_game(ruleset, scenario, seed=seed)
    seats = tabletop_core.agents_for(game, "random")
    for _ in range(decisions):
        if game.over:
            break
        decision = game.decision
        game.apply(seats[decision.player].choose(AgentView(game, decision.player, decision)))
    return game
