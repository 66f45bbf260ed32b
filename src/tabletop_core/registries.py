"""The registries plug-ins fill at start-up: rulesets, agents and variants (``registry.add(...)``).

They are handed to the ``tabletop_register_*`` hooks (see :mod:`tabletop_core.hookspecs`); the host
(:mod:`tabletop_core.plugins`) reads them.  They know nothing of games, so every module may name them.
"""
from __future__ import annotations

from typing import Any, Callable

import attrs

from .errors import RulesetError
from .rules import Rules


@attrs.frozen
class RulesetInfo:
    """An installed ruleset: name, version, title and the factory of its rules objects."""

    name: str
    version: str
    title: str
    factory: Callable[[], Rules] = attrs.field(eq=False, repr=False)


class RulesetRegistry:
    """Where plug-ins register rulesets (``registry.add(MyRules)``), in ``tabletop_register_rulesets``."""

    def __init__(self) -> None:
        self.entries: dict[str, RulesetInfo] = {}

    def add(self, factory: Callable[[], Rules]) -> None:
        cls: type[Rules] = factory if isinstance(factory, type) else type(factory())
        name = cls.name
        if not name:
            raise RulesetError(f"{cls!r} has no name")
        if name in self.entries:
            raise RulesetError(f"two plug-ins register a ruleset named {name!r}")
        self.entries[name] = RulesetInfo(name, cls.version, cls.title, factory)


@attrs.frozen
class AgentInfo:
    """An installed agent: name, factory, the ruleset it is for (None: any) and a description."""

    name: str
    factory: Callable[..., Any] = attrs.field(eq=False, repr=False)
    ruleset: str | None = None
    description: str = ""


class AgentRegistry:
    """Where plug-ins register agents (``registry.add(name, factory)``), in ``tabletop_register_agents``."""

    def __init__(self) -> None:
        self.entries: dict[str, AgentInfo] = {}

    def add(self, name: str, factory: Callable[..., Any], *, ruleset: str | None = None, description: str = "") -> None:
        if name in self.entries:
            raise RulesetError(f"two plug-ins register an agent named {name!r}")
        self.entries[name] = AgentInfo(name, factory, ruleset, description)


@attrs.frozen
class VariantInfo:
    """An installed variant or house rule of a ruleset."""

    ruleset: str
    name: str
    title: str


class VariantRegistry:
    """Where plug-ins register variants, in ``tabletop_register_variants``."""

    def __init__(self) -> None:
        self.entries: dict[tuple[str, str], VariantInfo] = {}

    def add(self, ruleset: str, name: str, title: str = "") -> None:
        self.entries[(ruleset, name)] = VariantInfo(ruleset, name, title)
