"""Entry point of rules_fubar: registers the ruleset and its heuristic agent, and adds its own hook
specifications."""
from __future__ import annotations

from tabletop_core import hookimpl

from . import hookspecs
from .agent import FubarAgent
from .rules import FubarRules


@hookimpl
def tabletop_add_hookspecs(pluginmanager) -> None:
    """Add rules_fubar's hooks (house rules that change the policy) and the bridge that calls them."""
    pluginmanager.add_hookspecs(hookspecs)
    if not pluginmanager.has_plugin(hookspecs.BRIDGE_NAME):
        pluginmanager.register(hookspecs.PolicyBridge(pluginmanager), name=hookspecs.BRIDGE_NAME)


@hookimpl
def tabletop_register_rulesets(registry) -> None:
    registry.add(FubarRules)


@hookimpl
def tabletop_register_agents(registry) -> None:
    registry.add("fubar", FubarAgent, ruleset="fubar",
                 description="heuristic: aimed fire at the most exposed enemy, cover under fire, assaults the weakened")
