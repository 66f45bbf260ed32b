"""The plug-in API of tabletop: every hook a plug-in may implement, grouped by stage.

Plug-ins are found through the entry point group ``tabletop.rulesets`` (and can be registered by
hand on a plugin manager).  Every hook is called with keyword arguments only (pluggy refuses
positional calls); a plug-in implements the ones it needs with ``@tabletop_core.hookimpl``,
naming any subset of the arguments.

Hooks run at set-up and at event boundaries, never inside a ruleset's inner loops: a pluggy call
costs microseconds.  A variant therefore changes a ruleset once, when a game is created, by
returning an evolved rules object whose parts the hot path then calls directly.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pluggy

if TYPE_CHECKING:
    from .game import Game
    from .registries import AgentRegistry, RulesetRegistry, VariantRegistry
    from .rules import Rules
    from .values import Event, Result

hookspec = pluggy.HookspecMarker("tabletop")
# What a plug-in marks its implementations with (re-exported as ``tabletop_core.hookimpl``).
hookimpl = pluggy.HookimplMarker("tabletop")


# --- Stage 1: start-up (once per plugin manager) ------------------------------------------------
@hookspec(historic=True)
def tabletop_add_hookspecs(pluginmanager: pluggy.PluginManager) -> None:
    """Add a ruleset's own hook specifications (its variant and house-rule hooks).

    Called historically, right after the core's specs are added, for every plug-in registered
    now or later: call ``pluginmanager.add_hookspecs(module)``.  Implemented by rulesets that
    expose extension points (``rules_fubar`` does).
    """


@hookspec
def tabletop_register_rulesets(registry: "RulesetRegistry") -> None:
    """Register rulesets: ``registry.add(factory)`` where ``factory()`` returns a fresh
    :class:`~tabletop_core.rules.Rules` instance (its class carries name, version, title).

    Called once per plugin manager, for every plug-in.  Implemented by rules packages.
    """


@hookspec
def tabletop_register_agents(registry: "AgentRegistry") -> None:
    """Register agents: ``registry.add(name, factory, ruleset=None)``; the factory is called as
    ``factory(seed=..., player=..., rules=...)`` and returns an agent (``choose(view)``).
    ``ruleset`` limits a heuristic agent to one ruleset.

    Called once per plugin manager.  The core registers ``random`` and ``human``.
    """


@hookspec
def tabletop_register_variants(registry: "VariantRegistry") -> None:
    """Announce variants and house rules: ``registry.add(ruleset, name, title)``.

    Called once per plugin manager; lists what ``--variant`` accepts for each ruleset.
    """


# --- Stage 2: creating a game ---------------------------------------------------------------------
@hookspec(firstresult=True)
def tabletop_evolve_rules(rules: "Rules", variant: str) -> "Rules | None":
    """Return ``rules`` changed by ``variant``, or None if this plug-in does not own ``variant``
    for ``rules.name``.

    ``firstresult``: called once per requested variant, in the order given, each call seeing the
    rules evolved by the previous ones.  Implemented by variant plug-ins (``fubar_lwtv``).  Return
    a new rules object; never mutate the one passed in.
    """


# --- Stage 3: observing games -----------------------------------------------------------------
@hookspec
def tabletop_game_started(game: "Game") -> None:
    """A game driven by the runner has been set up.  Implemented by observers (statistics,
    renderers); called once per game."""


@hookspec
def tabletop_game_event(game: "Game", event: "Event") -> None:
    """An event was appended to a game driven by the runner.

    Called for every event, only when at least one plug-in implements it (so unobserved games pay
    nothing).  Observers must not change the game.
    """


@hookspec
def tabletop_game_ended(game: "Game", result: "Result") -> None:
    """A game driven by the runner has ended.  Called once per game."""

