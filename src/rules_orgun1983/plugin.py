"""Entry point of rules_orgun1983: registers the Orgun 1983 ruleset and its heuristic agent."""
from __future__ import annotations

from functools import cache

from tabletop_core import hookimpl

from .rules import OrgunRules


@cache
def shared_rules() -> OrgunRules:
    """One rules object for every game: it holds no game state, and the core builds its (costly)
    event codec once per rules object, so sharing it saves that work on every new game."""
    return OrgunRules()


@hookimpl
def tabletop_register_rulesets(registry):
    registry.add(shared_rules)


@hookimpl
def tabletop_register_agents(registry):
    from .agents import OrgunAgent

    registry.add("orgun", OrgunAgent, ruleset="orgun1983", description="Orgun 1983 heuristic: attacks when favoured, heads for objectives")
