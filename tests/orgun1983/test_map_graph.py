"""Playing never builds the map's networkx graph, so a process playing Orgun never imports
networkx (its objects would sit in every full garbage collection); the graph is there on first
use for inspection and drawing, the same map as the queries read."""
from __future__ import annotations

import subprocess
import sys
import textwrap


def test_a_played_game_imports_no_networkx():
    script = textwrap.dedent("""
        import sys
        from tabletop_core import agents_for, new_game, play
        game = new_game("orgun1983", "orgun-1983", seed=1)
        play(game, agents_for(game, "random,random"))
        print("networkx" in sys.modules, game.rules.data.area_map._graph is None)
    """)
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True).stdout.split()
    assert out == ["False", "True"]


def test_the_graph_built_on_first_use_is_the_map():
    from rules_orgun1983.data import default_data

    amap = default_data().area_map
    graph = amap.graph
    assert graph is amap.graph  # built once
    assert sorted(graph.nodes) == sorted(amap)
    for a in amap:
        assert sorted(graph.neighbors(a)) == sorted(amap.neighbours(a))
        assert graph.nodes[a]["area"] is amap[a]
        for b in amap.neighbours(a):
            assert graph.edges[a, b]["road"] is amap.is_road(a, b)
