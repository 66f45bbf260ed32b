"""Movement search: budgets, prohibited steps, must-stop hexes, roads and vehicle facing (GoE 7b)."""
from __future__ import annotations

import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop_core.boards import (
    Board, HexTerrain, MapDef, cheapest_path, hex_steps, reachable, reachable_hexes, reachable_vehicle,
    road_aware, vehicle_steps,
)
from tabletop_core.boards.hexfacing import front_hexes, rear_hexes
from tabletop_core.boards.hexgrid import Hex
from tabletop_core.errors import BoardError

COSTS = {"clear": 1, "woods": 2, "rubble": 3}


@pytest.fixture(scope="module")
def board():
    terrain = {"D3": HexTerrain("woods"), "D4": HexTerrain("woods"), "E5": HexTerrain("pond")}
    roads = [("A4", 2), ("B4", 1), ("C4", 2), ("D4", 1), ("E4", 2)]  # a zigzag along row 4
    return Board.build([MapDef.standard("7", terrain=terrain, roads=roads)])


def terrain_cost(board):
    def cost(a, b):
        return COSTS.get(board.terrain(b).kind)  # pond: None = prohibited
    return cost


@pytest.mark.rule("goe85:7b")
def test_reachable_hexes_respect_budget_and_prohibited_terrain(board):
    start = board.hex("7C3")
    got = reachable_hexes(board, start, 2, terrain_cost(board))
    assert got[start] == 0 and all(c <= 2 for c in got.values())
    assert got[board.hex("7D3")] == 2  # woods
    assert board.hex("7E5") not in reachable_hexes(board, board.hex("7E4"), 5, terrain_cost(board))


@pytest.mark.rule("goe85:24a")
def test_half_hexes_cost_the_same_as_full_hexes(board):
    got = reachable_hexes(board, board.hex("7D0"), 1, terrain_cost(board))
    assert got[board.hex("7E0")] == 1 and got[board.hex("7C0")] == 1


def test_must_stop_hexes_end_movement(board):
    wire = {board.hex("7C4")}
    start = board.hex("7C3")
    got = reachable_hexes(board, start, 3, terrain_cost(board), must_stop=wire)
    assert got[board.hex("7C4")] == 1
    # C5 is reachable only around the wire now (C3 -> B4 -> B5 -> C5 or via D4 woods)
    assert got[board.hex("7C5")] == 3
    free = reachable_hexes(board, start, 3, terrain_cost(board))
    assert free[board.hex("7C5")] == 2
    # starting in a must-stop hex does not pin a unit
    assert len(reachable_hexes(board, board.hex("7C4"), 1, terrain_cost(board), must_stop=wire)) == 5  # 4 clear + itself


def test_road_movement_uses_the_road_rate(board):
    cost = road_aware(board, lambda a, b: Fraction(1, 2), terrain_cost(board))
    path = cheapest_path(board.hex("7A4"), board.hex("7F4"), hex_steps(board, cost))
    assert path is not None and path.cost == Fraction(5, 2)
    assert [board.label(h) for h in path.hexes] == ["7A4", "7B4", "7C4", "7D4", "7E4", "7F4"]
    assert cheapest_path(board.hex("7A4"), board.hex("7F4"), hex_steps(board, cost), budget=2) is None


@pytest.mark.rule("goe85:7b")
def test_vehicle_moves_into_front_hexes_and_pivots_for_one_mp(board):
    start = board.hex("7E2")
    got = reachable_vehicle(board, start, 1, 1, terrain_cost(board))
    ahead = set(front_hexes(start, 1))
    moved = {h for (h, v), c in got.items() if h != start}
    assert moved == ahead  # one MP: only forward, facing kept
    assert {(h, v) for (h, v) in got if h == start} == {(start, 1), (start, 0), (start, 2)}
    assert all(v == 1 for (h, v) in got if h != start)


@pytest.mark.rule("goe85:15d")
def test_vehicle_reverses_into_rear_hexes_for_one_extra_mp_keeping_facing(board):
    start = board.hex("7E2")
    got = reachable_vehicle(board, start, 1, 2, terrain_cost(board))
    for h in rear_hexes(start, 1):
        assert got[(h, 1)] == 2
    # pivot twice then forward would be 3 MP; reversing is cheaper
    path = cheapest_path((start, 1), rear_hexes(start, 1)[0], vehicle_steps(board, terrain_cost(board)))
    assert path.cost == 2 and path.states[-1][1] == 1


def test_negative_costs_and_budgets_are_refused(board):
    with pytest.raises(BoardError):
        reachable_hexes(board, board.hex("7C3"), 3, lambda a, b: -1)
    with pytest.raises(BoardError):
        reachable_hexes(board, board.hex("7C3"), -1, terrain_cost(board))


# ---------------------------------------------------------------------------------------------
# Property tests against brute force


def brute_force(start, budget, succ):
    """Bellman-Ford style relaxation to a fixed point (no heap), honouring must-stop hexes."""
    stops = getattr(succ, "stops")
    best = {start: 0}
    changed = True
    while changed:
        changed = False
        for s, d in list(best.items()):
            if s != start and stops(s):
                continue
            for n, c in succ(s):
                if d + c <= budget and (n not in best or d + c < best[n]):
                    best[n] = d + c
                    changed = True
    return best


def random_small_board(seed):
    rng = random.Random(seed)
    kinds = ["clear", "clear", "woods", "rubble", "pond"]
    terrain = {f"{c}{r}": HexTerrain(rng.choice(kinds)) for c in "ABCDEF" for r in range(5)}
    return Board.build([MapDef.standard("1", columns=6, rows=4, terrain={k: v for k, v in terrain.items() if k[1] != "4" or k[0] in "ACE"})]), rng


@given(st.integers(0, 10_000), st.integers(0, 7))
@settings(max_examples=60, deadline=None)
def test_hex_search_agrees_with_brute_force_and_stays_in_budget(seed, budget):
    board, rng = random_small_board(seed)
    stops = set(rng.sample(list(board.hexes), 3))
    start = rng.choice(board.hexes)
    succ = hex_steps(board, terrain_cost(board), must_stop=stops)
    got = reachable(start, budget, succ)
    assert got == brute_force(start, budget, succ)
    assert all(c <= budget for c in got.values())
    for goal, cost in got.items():
        path = cheapest_path(start, goal, succ)
        assert path is not None and path.cost == cost and path.states[0] == start


@given(st.integers(0, 10_000), st.integers(0, 6))
@settings(max_examples=40, deadline=None)
def test_vehicle_search_agrees_with_brute_force(seed, budget):
    board, rng = random_small_board(seed)
    start = (rng.choice(board.hexes), rng.randrange(6))
    succ = vehicle_steps(board, terrain_cost(board), must_stop=set(rng.sample(list(board.hexes), 2)))
    got = reachable(start, budget, succ)
    assert got == brute_force(start, budget, succ)
    assert all(c <= budget for c in got.values())
    for state, cost in got.items():
        # every move keeps the facing, so a state's facing is reached only through pivots
        assert isinstance(state[0], Hex) and 0 <= state[1] < 6


@given(st.integers(0, 10_000), st.integers(0, 7))
@settings(max_examples=40, deadline=None)
def test_a_least_step_bound_changes_no_search_and_asks_the_cost_less(seed, budget):
    """``least_step``: states with less than it left of the budget are not expanded; the states
    reached, their costs and the paths found are those of the search without it."""
    board, rng = random_small_board(seed)
    stops = set(rng.sample(list(board.hexes), 3))
    start = rng.choice(board.hexes)
    asked = {"plain": 0, "bounded": 0}

    def counted(name):
        base = terrain_cost(board)

        def cost(a, b):
            asked[name] += 1
            return base(a, b)
        return cost

    plain = reachable(start, budget, hex_steps(board, counted("plain"), must_stop=stops))
    bounded = reachable(start, budget, hex_steps(board, counted("bounded"), must_stop=stops, least_step=min(COSTS.values())))
    assert bounded == plain
    assert asked["bounded"] <= asked["plain"]
    assert reachable_hexes(board, start, budget, terrain_cost(board), must_stop=stops, least_step=1) == plain
    facing = rng.randrange(6)
    assert (reachable_vehicle(board, start, facing, budget, terrain_cost(board), least_step=1)
            == reachable_vehicle(board, start, facing, budget, terrain_cost(board)))
    for goal in plain:
        assert (cheapest_path(start, goal, hex_steps(board, terrain_cost(board), least_step=1), budget=budget)
                == cheapest_path(start, goal, hex_steps(board, terrain_cost(board)), budget=budget))


def test_a_least_step_bound_is_never_asked_of_a_state_it_could_not_leave(board):
    start = board.hex("7C3")
    asked = []

    def cost(a, b):
        asked.append(a)
        return terrain_cost(board)(a, b)

    reachable_hexes(board, start, 1, cost, least_step=1)
    assert set(asked) == {start}  # the ring reached for 1 MP is not expanded with nothing left
