"""Every scenario module of this package, found by its ``SCENARIO`` id (see :mod:`.rule_set`)."""
from __future__ import annotations

import functools
import importlib
import pkgutil

from tabletop_core.errors import RulesetError

from .rule_set import ScenarioRules


def scenario_rules(scenario_ids) -> dict[str, ScenarioRules]:
    """{scenario id: its rules} for the scenarios of the data file; a scenario without a module, or a
    module without a scenario, is refused by name."""
    found = dict(_modules())
    missing = sorted(set(scenario_ids) - set(found))
    unknown = sorted(set(found) - set(scenario_ids))
    if missing or unknown:
        raise RulesetError(f"rules_goe85.scenarios: data/scenarios.toml and the scenario modules differ "
                           f"(no module for {missing}, no table for {unknown})")
    return found


@functools.cache  # the package's files do not change while it runs; a batch makes a ruleset per game
def _modules() -> tuple[tuple[str, ScenarioRules], ...]:
    from . import __path__ as here

    found: dict[str, ScenarioRules] = {}
    for info in sorted(pkgutil.iter_modules(here), key=lambda m: m.name):
        module = importlib.import_module(f"{__package__}.{info.name}")
        sid = getattr(module, "SCENARIO", None)
        if sid is None:
            continue
        rules = getattr(module, "RULES", None)
        if not isinstance(rules, ScenarioRules) or rules.id != sid:
            raise RulesetError(f"{module.__name__}: RULES must be a ScenarioRules for scenario {sid!r}")
        found[sid] = rules
    return tuple(found.items())
