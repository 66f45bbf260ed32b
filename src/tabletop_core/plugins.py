"""The plug-in host: registries, the plugin-manager factory and a typed façade over it.

``make_plugin_manager`` builds a pluggy manager in one place — specs, the core's built-ins,
entry points, extra plug-ins, ``check_pending`` — and nothing is built at import time.  ``Host``
asks it once for what is installed and answers typed questions: which rulesets, scenarios, agents
and variants there are, and how to make a rules object with variants applied.
"""
from __future__ import annotations

import importlib.metadata
import sys
from typing import TYPE_CHECKING, Any, Callable, Iterable, Mapping

import pluggy

import tabletop_core.agents as builtin_agents  # the modules, not the package (whose __init__ imports this one)
import tabletop_core.hookspecs as hookspecs
from .errors import RulesetError, TabletopError, UnknownNameError
from .registries import AgentRegistry, RulesetInfo, RulesetRegistry, VariantInfo, VariantRegistry
from .rules import Rules, Scenario

if TYPE_CHECKING:  # annotations only: the game module imports this one
    from .game import Game

ENTRY_POINT_GROUP = "tabletop.rulesets"


def report_skipped(name: str, problem: str) -> None:
    """The default way to tell that an installed plug-in was skipped: one line on stderr."""
    sys.stderr.write(f"tabletop: plug-in {name} skipped: {problem}\n")


def load_entry_points(pm: pluggy.PluginManager, *, on_skip: Callable[[str, str], None] = report_skipped) -> list[str]:
    """Register every installed plug-in of ENTRY_POINT_GROUP; one that fails to import is skipped
    (``on_skip(name, problem)``) so that the others and every command still work.  Returns the
    names skipped."""
    skipped: list[str] = []
    for entry in importlib.metadata.entry_points(group=ENTRY_POINT_GROUP):
        if pm.get_plugin(entry.name) is not None or pm.is_blocked(entry.name):
            continue
        try:
            plugin = entry.load()
        except Exception as exc:  # noqa: BLE001 - a broken third-party package must not stop the rest
            skipped.append(entry.name)
            on_skip(f"{entry.name} ({entry.value})", f"{type(exc).__name__}: {exc}")
            continue
        pm.register(plugin, name=entry.name)
    return skipped


def make_plugin_manager(*, entry_points: bool = True, plugins: Iterable[object] = (),
                        on_skip: Callable[[str, str], None] = report_skipped) -> pluggy.PluginManager:
    """A ready plugin manager: core specs, built-in agents, installed plug-ins, ``plugins``.
    An installed plug-in that fails to import is skipped with ``on_skip(name, problem)``."""
    pm = pluggy.PluginManager("tabletop")
    pm.add_hookspecs(hookspecs)
    pm.hook.tabletop_add_hookspecs.call_historic(kwargs={"pluginmanager": pm})
    pm.register(builtin_agents, name="tabletop_core.agents")
    if entry_points:
        load_entry_points(pm, on_skip=on_skip)
    for plugin in plugins:
        if not pm.is_registered(plugin):
            pm.register(plugin)
    pm.check_pending()
    return pm


class Host:
    """What is installed, asked once per host."""

    def __init__(self, pm: pluggy.PluginManager | None = None):
        self.pm = pm if pm is not None else make_plugin_manager()
        rulesets, agents, variants = RulesetRegistry(), AgentRegistry(), VariantRegistry()
        self.pm.hook.tabletop_register_rulesets(registry=rulesets)
        self.pm.hook.tabletop_register_agents(registry=agents)
        self.pm.hook.tabletop_register_variants(registry=variants)
        self._rulesets = rulesets.entries
        self._agents = agents.entries
        self._variants = variants.entries
        self._observed = bool(
            self.pm.hook.tabletop_game_event.get_hookimpls()
            or self.pm.hook.tabletop_game_started.get_hookimpls()
            or self.pm.hook.tabletop_game_ended.get_hookimpls()
        )

    # -- rulesets -------------------------------------------------------------------------------
    def rulesets(self) -> dict[str, RulesetInfo]:
        return dict(sorted(self._rulesets.items()))

    def ruleset_info(self, name: str) -> RulesetInfo:
        info = self._rulesets.get(name)
        if info is None:
            raise UnknownNameError("ruleset", name, list(self._rulesets))
        return info

    def variants(self, ruleset: str) -> list[VariantInfo]:
        return [v for (r, _), v in sorted(self._variants.items()) if r == ruleset]

    def rules(self, name: str, variants: Iterable[str] = ()) -> Rules:
        """A fresh rules object for ``name`` with ``variants`` layered on, in order."""
        variants = tuple(variants)
        rules = self.ruleset_info(name).factory()
        applied: list[str] = []
        twice = sorted({v for v in variants if variants.count(v) > 1})
        if twice:
            raise TabletopError(f"variant {', '.join(twice)} of {name} is asked for twice: a variant is layered once")
        for variant in variants:
            evolved = self.pm.hook.tabletop_evolve_rules(rules=rules, variant=variant)
            if evolved is None:
                raise UnknownNameError(f"variant of {name}", variant, [v.name for v in self.variants(name)])
            applied.append(variant)
            rules = evolved
            rules.variants = tuple(applied)
        return rules

    def scenarios(self, name: str) -> Mapping[str, Scenario]:
        return self.ruleset_info(name).factory().scenarios()

    # -- agents ---------------------------------------------------------------------------------
    def agent_names(self, ruleset: str | None = None) -> list[str]:
        return sorted(n for n, a in self._agents.items() if a.ruleset in (None, ruleset))

    def agent(self, name: str, *, seed: int, player: str, rules: Rules) -> Any:
        info = self._agents.get(name)
        if info is None or (info.ruleset is not None and info.ruleset != rules.name):
            raise UnknownNameError(f"agent for {rules.name}", name, self.agent_names(rules.name))
        return info.factory(seed=seed, player=player, rules=rules)

    # -- observers ------------------------------------------------------------------------------
    def attach_observers(self, game: Game) -> None:
        """Forward a game's events to observer plug-ins, if any are installed."""
        if not self._observed:
            return
        hook = self.pm.hook
        game.subscribe(lambda event: hook.tabletop_game_event(game=game, event=event))
        hook.tabletop_game_started(game=game)

    def game_ended(self, game: Game) -> None:
        if self._observed and game.result is not None:
            self.pm.hook.tabletop_game_ended(game=game, result=game.result)
