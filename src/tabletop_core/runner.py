"""Playing games to the end with agents."""
from __future__ import annotations

from typing import Any, Callable, Mapping

from .agents import AgentView
from .errors import RulesetError
from .values import Event, Result


def play(game: Any, agents: Mapping[str, Any], *, on_event: Callable[[Event], None] | None = None,
         max_decisions: int | None = None) -> Result:
    """Ask each deciding player's agent until the game ends; returns the result.

    ``max_decisions`` (default: the ruleset's declared bound) stops a game that does not end."""
    limit = max_decisions if max_decisions is not None else game.rules.max_decisions
    if on_event is not None:
        game.subscribe(on_event)
    while True:
        state = game.state  # read afresh each turn: an agent may undo, which rebuilds the state
        if state.result is not None:
            break
        if state.decisions >= limit:
            raise RulesetError(f"{game.rules.name}: no result after {limit} decisions (the declared maximum)")
        decision = game.decision
        agent = agents[decision.player]
        action = agent.choose(AgentView(game, decision.player, decision))
        game.apply(action)
    result: Result = game.result
    return result
