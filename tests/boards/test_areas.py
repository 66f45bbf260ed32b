"""Area maps: validation, Orgun movement costs, searches, retreats and supply."""
from __future__ import annotations

from fractions import Fraction

import attrs
import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop_core.boards.areas import (
    ORGUN_MOVE_COST,
    AreaCostRule,
    AreaMap,
    AreaSpec,
    to_ticks,
)
from tabletop_core.errors import BoardError, TabletopError

# A small map in Orgun's style:
#
#   1 ==== 2 ---- 3          "====" is a road; 5 is a mountain, 6 a fort with a minefield.
#   |      ||     |          Area 1 is the DRA supply source, 7 the Mujahideen one.
#   4 ---- 5 ---- 6 ---- 7
#                 ||
#                 8 (road 6=8)
EDGES = [(1, 2, True), (2, 3, False), (1, 4, False), (2, 5, True), (3, 6, False), (4, 5, False),
         (5, 6, False), (6, 7, False), (6, 8, True)]


def records(edges=EDGES, **extra):
    ids = sorted({a for e in edges for a in e[:2]})
    recs = {a: {"id": a, "neighbours": [], "roads": []} for a in ids}
    for a, b, road in edges:
        recs[a]["neighbours"].append(b)
        recs[b]["neighbours"].append(a)
        if road:
            recs[a]["roads"].append(b)
            recs[b]["roads"].append(a)
    for a, attrs_ in extra.items():
        recs[int(a[1:])].update(attrs_)
    return list(recs.values())


@pytest.fixture(scope="module")
def amap() -> AreaMap:
    return AreaMap.from_records(records(
        a1={"supply": ["dra"], "name": "Orgun"},
        a5={"mountain": True, "terrain": 2},
        a6={"fort": True, "minefield": True, "zones": ["orgun"], "terrain": 1},
        a7={"supply": ["m"]},
    ), source="test-map")


# -- construction ------------------------------------------------------------------------------


def test_attributes_and_graph(amap):
    assert len(amap) == 8 and list(amap) == [1, 2, 3, 4, 5, 6, 7, 8]
    assert amap[5].mountain and amap[5].terrain == 2
    assert amap[6].fort and amap[6].minefield and amap.in_zone(6, "orgun") and not amap.in_zone(5, "orgun")
    assert amap.supply_sources("dra") == (1,) and amap.supply_sources("m") == (7,)
    assert amap.neighbours(6) == (3, 5, 7, 8)
    assert amap.is_road(2, 1) and amap.is_road(1, 2) and not amap.is_road(2, 3)
    assert amap.adjacent(4, 5) and not amap.adjacent(1, 5)
    assert amap.graph.edges[1, 2]["road"] is True and amap.graph.nodes[5]["area"].mountain
    with pytest.raises(nx.NetworkXError):
        amap.graph.add_node(99)  # frozen
    with pytest.raises(BoardError, match="unknown area 99"):
        amap.neighbours(99)


def test_accepts_attrs_records_and_string_ids():
    m = AreaMap.from_records([
        AreaSpec("pass", neighbours=("valley", 3), roads=("valley",)),
        AreaSpec("valley", neighbours=("pass",), roads=("pass",)),
        AreaSpec(3, neighbours=("pass",)),
    ])
    assert m.ids == (3, "pass", "valley")  # ints sort before strings
    assert m.path_cost(["valley", "pass", 3]) == Fraction(3, 2)


@pytest.mark.parametrize(
    "recs, message",
    [
        ([{"id": 1, "neighbours": [2]}], "area 1: neighbours names unknown area 2"),
        ([{"id": 1, "neighbours": [1]}], "area 1: neighbours lists the area itself"),
        ([{"id": 1, "neighbours": [2]}, {"id": 2}], "area 1 lists 2 as a neighbour but 2 does not list 1"),
        ([{"id": 1, "neighbours": [2], "roads": [2]}, {"id": 2, "neighbours": [1]}], "has a road to 2 but 2 has no road"),
        ([{"id": 1, "roads": [2]}, {"id": 2, "roads": [1]}], "road to 2, which is not a neighbour"),
        ([{"id": 1, "terrain": "2"}], "area 1: terrain must be an int"),
        ([{"id": 1, "terrain": True}], "terrain must be an int"),
        ([{"id": 1, "mountain": 1}], "area 1: mountain must be true or false"),
        ([{"id": 1, "zones": "orgun"}], "zones must be a list of names"),
        ([{"id": 1, "supply": [3]}], "supply must hold strings"),
        ([{"id": 1.5}], r"areas\[0\]: id must be an int or a string"),
        ([{"id": 1}, {"id": 1}], "area 1 is declared twice"),
        ([{"id": 1, "neighbor": [2]}], "unexpected field"),
        ([{"neighbours": []}], "required field id is missing"),
        ([], "no areas"),
    ],
)
def test_bad_data_is_refused_with_a_clear_error(recs, message):
    with pytest.raises(BoardError, match=message) as info:
        AreaMap.from_records(recs, source="bad.toml")
    assert "bad.toml" in str(info.value)
    assert isinstance(info.value, TabletopError)


# -- movement costs (# Orgun: movement) --------------------------------------------------------


@pytest.mark.rule("orgun1983:move-cost")
def test_orgun_costs_road_clear_enemy_and_next_to_enemy(amap):
    assert amap.path_cost([1, 2]) == Fraction(1, 2)          # along the road
    assert amap.path_cost([1, 4]) == 1                       # friendly/neutral, no road
    assert amap.path_cost([1, 2, 5]) == 1                    # two road steps
    assert amap.path_cost([4, 5, 6], enemy_areas={7}) == 3   # 5 clear (1), 6 next to the enemy (2)
    assert amap.path_cost([5, 6, 7], enemy_areas={7}) == 4   # into the enemy's own area (2)
    assert amap.path_cost([1, 4, 5], enemy_areas={8}) == 2   # 8 borders only 6: nothing here costs more


@pytest.mark.rule("orgun1983:move-cost")
def test_road_into_enemy_or_next_to_enemy_costs_the_enemy_rate(amap):
    # Reading: the enemy rate beats the road rate; a variant may choose the other reading.
    assert amap.path_cost([1, 2], enemy_areas={3}) == 2
    assert amap.path_cost([1, 2], enemy_areas={2}) == 2
    variant = attrs.evolve(ORGUN_MOVE_COST, road_overrides_enemy=True)
    assert amap.path_cost([1, 2], enemy_areas={3}, rule=variant) == Fraction(1, 2)


@pytest.mark.rule("orgun1983:move-cost")
def test_half_point_budgets_are_exact(amap):
    # 0.5 + 0.5 + ... never drifts: reachable with budget 1.5 along roads 1=2=5 and 6=8.
    r = amap.reachable(1, Fraction(3, 2))
    assert r == {1: 0, 2: Fraction(1, 2), 4: 1, 5: 1, 3: Fraction(3, 2)}
    assert all(isinstance(v, Fraction) for v in r.values())
    assert amap.reachable(1, 1.5) == r  # exact binary floats are accepted
    with pytest.raises(BoardError, match="not a whole number"):
        amap.reachable(1, 0.3)
    with pytest.raises(BoardError, match="must not be negative"):
        amap.reachable(1, -1)
    assert to_ticks(Fraction(5, 2), 2) == 5


@pytest.mark.rule("orgun1983:move-cost")
def test_reachable_respects_enemy_costs_and_must_stop(amap):
    r = amap.reachable(4, 3, enemy_areas={7}, must_stop={7})
    assert r[6] == 3 and 7 not in r  # 4→5 (1) →6 (2, next to 7); 7 would cost 2 more
    r = amap.reachable(5, 4, enemy_areas={7}, must_stop={7})
    assert r[7] == 4
    assert r[8] == Fraction(5, 2)  # 5→6 (2, next to 7), then the road 6=8 into 8, which borders no enemy


@pytest.mark.rule("orgun1983:move-cost")
def test_must_stop_areas_end_movement(amap):
    # Enemy-held 6: entering it forces an attack, so movement cannot go on to 8 or 7.
    r = amap.reachable(3, 10, enemy_areas={6}, must_stop={6})
    assert r[6] == 2
    assert 8 not in r and 7 not in r  # both lie beyond 6
    assert r[5] == 3                  # 3→2 (1), road 2=5 but 5 borders 6: enemy rate (2)
    assert r[4] == Fraction(5, 2)     # 3→2 (1), road 2=1 (0.5), 1→4 (1)
    with pytest.raises(BoardError, match="movement ends on entering area 6"):
        amap.path_cost([3, 6, 8], enemy_areas={6}, must_stop={6})


@pytest.mark.rule("orgun1983:move-cost")
def test_prohibited_areas_and_bound_restrictions(amap):
    # Orgun: militia never enter forts (6) — route 3→6→7 is closed, there is no other way to 7.
    assert amap.cheapest_path(3, 7, prohibited={6}) is None
    assert amap.cheapest_path(3, 7, prohibited=lambda a: amap[a].fort) is None
    with pytest.raises(BoardError, match="area 6 may not be entered"):
        amap.path_cost([3, 6], prohibited={6})
    # Orgun: tanks enter mountains (5) only along a road: 2=5 yes, 4-5 no.
    bound = ORGUN_MOVE_COST.bind(amap).without({5}, except_by_road=True)
    assert amap.path_cost([2, 5], rule=bound) == Fraction(1, 2)
    with pytest.raises(BoardError, match="may not be entered from 4"):
        amap.path_cost([4, 5], rule=bound)
    path, cost = amap.cheapest_path(4, 6, rule=bound)
    assert path == (4, 1, 2, 5, 6) and cost == 3
    # A per-step rule for costs that depend on the area left (here: leaving 2 costs 3 points).
    step = attrs.evolve(ORGUN_MOVE_COST.bind(amap), edge=lambda f, t, road: 6 if f == 2 else 2)
    assert amap.path_cost([1, 2, 3], rule=step) == 4
    with pytest.raises(BoardError):
        amap.path_cost([1, 2, 3], rule=step.without({3}))


@pytest.mark.rule("orgun1983:move-cost")
def test_cheapest_path_and_budget(amap):
    path, cost = amap.cheapest_path(1, 8)
    assert path == (1, 2, 5, 6, 8) and cost == Fraction(5, 2)
    assert amap.cheapest_path(1, 8, budget=2) is None
    assert amap.cheapest_path(1, 1) == ((1,), 0)
    # a custom rule with thirds: scale follows the denominators
    thirds = AreaCostRule(road=Fraction(1, 3), clear=1, enemy=2, enemy_adjacent=Fraction(4, 3))
    assert thirds.scale == 3
    assert amap.path_cost([1, 2, 5], rule=thirds) == Fraction(2, 3)


def test_path_cost_refuses_bad_paths(amap):
    with pytest.raises(BoardError, match="do not border"):
        amap.path_cost([1, 3])
    with pytest.raises(BoardError, match="empty path"):
        amap.path_cost([])
    with pytest.raises(BoardError, match="unknown start area 42"):
        amap.reachable(42, 3)
    with pytest.raises(BoardError, match="enemy_areas names unknown"):
        amap.reachable(1, 3, enemy_areas={42})


# -- nearest, retreats, supply -----------------------------------------------------------------


def test_nearest_by_steps_ties_by_id(amap):
    assert amap.nearest(5, {4, 6}) == 4          # both one step away: smaller id wins
    assert amap.nearest(1, {3, 6}) == 3          # 3 is two steps, 6 three
    assert amap.nearest(1, lambda a: a > 6) == 7  # 7 and 8 both four steps away
    assert amap.nearest(5, {5, 6}, include_start=True) == 5
    assert amap.nearest(5, {5}) is None
    assert amap.nearest(1, {7}, max_steps=2) is None
    assert amap.nearest(1, {7}, passable=lambda a: a != 6) is None
    assert amap.steps_from(1) == {1: 0, 2: 1, 4: 1, 3: 2, 5: 2, 6: 3, 7: 4, 8: 4}


@pytest.mark.rule("orgun1983:supply")
def test_supply_path_through_friendly_or_neutral_areas(amap):
    friendly = {1, 2, 3, 4, 5}
    assert amap.supply_path(6, [1], friendly) == (6, 3, 2, 1)  # 6 itself may be contested
    assert amap.supply_path(1, [1], friendly) == (1,)
    assert amap.supply_path(8, [1], friendly) is None           # 6 is not friendly: cut off
    assert amap.supply_path(4, [1], lambda a: a != 1) is None    # the source must be passable too
    assert amap.supplied_areas([1], friendly) == frozenset({1, 2, 3, 4, 5, 6})
    for a in amap:
        assert (a in amap.supplied_areas([1], friendly)) == (amap.supply_path(a, [1], friendly) is not None)


# -- properties ------------------------------------------------------------------------------


@st.composite
def random_maps(draw):
    n = draw(st.integers(2, 14))
    pairs = [(a, b) for a in range(n) for b in range(a + 1, n)]
    chosen = draw(st.lists(st.sampled_from(pairs), unique=True, max_size=min(len(pairs), 3 * n)))
    edges = [(a, b, draw(st.booleans())) for a, b in chosen]
    recs = {a: {"id": a, "neighbours": [], "roads": []} for a in range(n)}
    for a, b, road in edges:
        recs[a]["neighbours"].append(b)
        recs[b]["neighbours"].append(a)
        if road:
            recs[a]["roads"].append(b)
            recs[b]["roads"].append(a)
    amap = AreaMap.from_records(list(recs.values()))
    enemy = draw(st.sets(st.integers(0, n - 1), max_size=3))
    start = draw(st.integers(0, n - 1))
    budget = Fraction(draw(st.integers(0, 16)), 2)
    return amap, enemy, start, budget


@pytest.mark.rule("orgun1983:move-cost")
@settings(max_examples=150, deadline=None)
@given(random_maps(), st.booleans())
def test_reachable_never_exceeds_budget_and_matches_cheapest_path(case, stop_at_enemy):
    amap, enemy, start, budget = case
    must_stop = enemy if stop_at_enemy else None
    r = amap.reachable(start, budget, enemy_areas=enemy, must_stop=must_stop)
    assert r[start] == 0
    for area, cost in r.items():
        assert 0 <= cost <= budget
        path, pcost = amap.cheapest_path(start, area, enemy_areas=enemy, must_stop=must_stop)
        assert pcost == cost
        assert amap.path_cost(path, enemy_areas=enemy, must_stop=must_stop) == cost
    if not stop_at_enemy:
        # cross-check against networkx Dijkstra with the same entry costs
        bound = ORGUN_MOVE_COST.bind(amap, enemy)
        g = nx.DiGraph()
        g.add_nodes_from(amap.ids)
        for a in amap:
            for b in amap.neighbours(a):
                g.add_edge(a, b, w=bound.step(a, b, amap.is_road(a, b)))
        ref = nx.single_source_dijkstra_path_length(g, start, weight="w")
        expect = {a: Fraction(t, 2) for a, t in ref.items() if Fraction(t, 2) <= budget}
        assert r == expect


@settings(max_examples=100, deadline=None)
@given(random_maps())
def test_adjacency_and_roads_are_symmetric(case):
    amap = case[0]
    for a in amap:
        assert list(amap.neighbours(a)) == sorted(amap.neighbours(a))
        for b in amap.neighbours(a):
            assert amap.adjacent(b, a)
            assert amap.is_road(a, b) == amap.is_road(b, a)
    assert amap.graph.number_of_edges() == sum(len(amap.neighbours(a)) for a in amap) // 2
