"""A ground vehicle's reserve reach by whole MP (GoE 5f, 7b, 15d): queries/vehicle_reach.py."""
import pytest
from tabletop_core.boards import reachable_vehicle

from ..helpers import reserve_ground_vehicles


@pytest.mark.rule("goe85:5f")
@pytest.mark.rule("goe85:7b")
@pytest.mark.rule("goe85:15d")
@pytest.mark.parametrize("scenario,seed", [("kill-zone", 2), ("jalalabad", 1), ("tanks-at-zhawar", 3)])
def test_a_vehicles_reserve_reach_by_whole_mp_is_the_general_searchs(scenario, seed):
    """queries.vehicle_reach (the reserve destinations of a ground vehicle, settled MP by MP): in
    random Reserve Phases -- units, enemies, near-enemy stops and Wire in the way, after the moves
    made so far -- every ground vehicle reaches the states the core's general search reaches, with
    the stop and without it."""
    from rules_goe85.procedures.reserve.leg_moves import _budget, _step_cost
    from rules_goe85.queries.facing import facing_of
    from rules_goe85.queries.vehicle_reach import reserve_vehicle_reach

    checked = 0
    for state, at, u in reserve_ground_vehicles(scenario, seed, 300):
        near = u.hex in at.near_zone
        budget, cost, v0 = _budget(u, near), _step_cost(state, u, at), facing_of(state, u)
        for stop in {None, None if near else at.near_zone}:
            searched = reachable_vehicle(at.board.board, u.hex, v0, budget, cost, must_stop=stop)
            assert reserve_vehicle_reach(at.board, u.hex, v0, budget, cost, stop) == set(searched)
        checked += 1
    assert checked
