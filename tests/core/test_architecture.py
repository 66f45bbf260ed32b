"""The core and the Orgun and FUBAR plug-ins import no module of their own back (an arrow that runs
back up is a defect; GoE's contracts are in tests/goe85/test_architecture.py)."""
from __future__ import annotations

import pytest

from tests.import_graph import import_cycles


@pytest.mark.parametrize("package", ["tabletop_core", "rules_orgun1983", "rules_fubar"])
def test_no_module_imports_itself_back(package):
    """The host, registries, hook specs, agents and game used to import one another (the package's
    ``__version__`` from its ``__init__``, the registries from the plug-in host the hook specs
    describe): now ``version``, ``registries`` and ``hookspecs`` sit below everything that uses them.
    FUBAR's shared questions (``d6``, ``sight``, ``move_allowance``, ``targeting``, ``saves``) sit
    below its procedures, and fire, moving and transport open On Guard windows through the ruleset."""
    assert import_cycles(package) == []


def test_the_core_layers_read_top_down():
    """The plug-in host builds on the hook specs and the registries, never the other way round, and
    the game knows nothing of plug-ins or agents."""
    import grimp

    graph = grimp.build_graph("tabletop_core")
    below = {"tabletop_core.game": {"tabletop_core.plugins", "tabletop_core.agents", "tabletop_core.hookspecs", "tabletop_core.runner"},
             "tabletop_core.registries": {"tabletop_core.plugins", "tabletop_core.hookspecs", "tabletop_core.agents"},
             "tabletop_core.hookspecs": {"tabletop_core.plugins", "tabletop_core.agents"},
             "tabletop_core.version": {"tabletop_core"}}
    for low, highs in below.items():
        for high in highs:
            assert not graph.chain_exists(importer=low, imported=high), f"{low} reaches {high}"


#: FUBAR's shared questions, asked by several procedures and importing none of them.
FUBAR_QUERIES = ("d6", "sight", "move_allowance", "targeting", "saves", "measure", "state", "data", "policy")
#: FUBAR's procedures (and the ruleset over them).
FUBAR_PROCEDURES = ("activation", "movement", "measured_move", "fire", "on_guard", "transport", "casualties",
                    "close_combat", "walking", "move_menu", "action_menu", "scenarios", "rules")


def test_the_fubar_queries_import_no_procedure():
    import grimp

    graph = grimp.build_graph("rules_fubar")
    for low in FUBAR_QUERIES:
        for high in FUBAR_PROCEDURES:
            assert not graph.chain_exists(importer=f"rules_fubar.{low}", imported=f"rules_fubar.{high}"), f"{low} reaches {high}"


def test_fubar_procedures_open_on_guard_windows_through_the_ruleset():
    """On Guard resolves fire, so fire, moving, getting in or out and activation never import it:
    the ruleset (``FubarRules.open_move_windows`` / ``open_fire_windows``) composes them."""
    import grimp

    graph = grimp.build_graph("rules_fubar")
    for low in ("fire", "movement", "transport", "activation", "measured_move"):
        assert not graph.chain_exists(importer=f"rules_fubar.{low}", imported="rules_fubar.on_guard"), f"{low} reaches on_guard"
