"""The core and the Orgun plug-in import no module of their own back (an arrow that runs back up is a
defect; GoE's contracts are in tests/goe85/test_architecture.py).  rules_fubar still has one group of
six modules that import one another (activation, fire, measured_move, movement, on_guard, transport):
it is not checked here until it is untied."""
from __future__ import annotations

import pytest

from tests.import_graph import import_cycles


@pytest.mark.parametrize("package", ["tabletop_core", "rules_orgun1983"])
def test_no_module_imports_itself_back(package):
    """The host, registries, hook specs, agents and game used to import one another (the package's
    ``__version__`` from its ``__init__``, the registries from the plug-in host the hook specs
    describe): now ``version``, ``registries`` and ``hookspecs`` sit below everything that uses them."""
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
