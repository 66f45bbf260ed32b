"""Vehicle facing (GoE 7b, 15d): front/rear hexes, pivots, arcs and the hexspine rules."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop_core.boards import (
    Arc, Board, BoardState, HexTerrain, LineOfSight, LosClass, LosStatus, MapDef, facing_toward,
    flank_hexes, front_hexes, neighbors, pivot_cost, range_to, rear_hexes, ring, shot_arc,
)
from tabletop_core.boards.hexgrid import SPINES, Hex

ORIGIN = Hex(0, 0)


@pytest.mark.rule("goe85:15d")
def test_front_rear_and_flank_hexes_partition_the_neighbours():
    for v in range(6):
        groups = front_hexes(ORIGIN, v) + rear_hexes(ORIGIN, v) + flank_hexes(ORIGIN, v)
        assert sorted(groups) == sorted(neighbors(ORIGIN))
        assert all(shot_arc(h, ORIGIN, v) is Arc.FRONT for h in front_hexes(ORIGIN, v))
        assert all(shot_arc(h, ORIGIN, v) is Arc.REAR for h in rear_hexes(ORIGIN, v))
        assert all(shot_arc(h, ORIGIN, v) is Arc.FLANK for h in flank_hexes(ORIGIN, v))


@pytest.mark.rule("goe85:7b")
def test_front_hexes_touch_the_front_vertex():
    # vertex 1 is the east corner: front hexes are NE and SE
    assert front_hexes(ORIGIN, 1) == (Hex(1, -1), Hex(1, 0))
    assert rear_hexes(ORIGIN, 1) == (Hex(-1, 1), Hex(-1, 0))


@pytest.mark.rule("goe85:7b")
@pytest.mark.parametrize("a, b, cost", [(0, 0, 0), (0, 1, 1), (0, 5, 1), (1, 4, 3), (2, 5, 3), (5, 1, 2)])
def test_pivot_costs_one_mp_per_vertex_the_short_way(a, b, cost):
    assert pivot_cost(a, b) == cost
    assert pivot_cost(a, b, per_vertex=2) == 2 * cost


@pytest.mark.rule("goe85:15d")
def test_hexspine_between_front_and_flank_is_front_between_flank_and_rear_is_flank():
    for v in range(6):
        for k in (1, 2, 3):
            assert shot_arc(Hex(SPINES[v].q * k, SPINES[v].r * k), ORIGIN, v) is Arc.FRONT
            front_edge = SPINES[(v + 1) % 6]
            rear_edge = SPINES[(v + 2) % 6]
            astern = SPINES[(v + 3) % 6]
            assert shot_arc(Hex(front_edge.q * k, front_edge.r * k), ORIGIN, v) is Arc.FRONT
            assert shot_arc(Hex(-front_edge.q * k, -front_edge.r * k), ORIGIN, v) is Arc.FLANK  # spine v+4
            assert shot_arc(Hex(rear_edge.q * k, rear_edge.r * k), ORIGIN, v) is Arc.FLANK
            assert shot_arc(Hex(astern.q * k, astern.r * k), ORIGIN, v) is Arc.REAR


@pytest.mark.rule("goe85:15d")
@given(st.integers(-12, 12), st.integers(-12, 12), st.integers(0, 5))
@settings(max_examples=500, deadline=None)
def test_every_direction_falls_in_exactly_one_arc_and_arcs_are_mirror_symmetric(dq, dr, v):
    if (dq, dr) == (0, 0):
        return
    arc = shot_arc(Hex(dq, dr), ORIGIN, v)
    assert arc in (Arc.FRONT, Arc.FLANK, Arc.REAR)
    # turning the target by one vertex turns its arcs with it
    turned = Hex(-dr, dq + dr)  # rotate 60 degrees clockwise
    assert shot_arc(turned, ORIGIN, (v + 1) % 6) is arc


@pytest.mark.rule("goe85:15d")
def test_arc_sizes_on_a_ring_are_120_60_120_60():
    # on a large ring every hex is a direction; counts follow the arc widths (spines go to the
    # arc that the rule names: front/flank spine -> front, flank/rear spine -> flank)
    r = 12
    counts = {a: 0 for a in Arc}
    for h in ring(ORIGIN, r):
        counts[shot_arc(h, ORIGIN, 0)] += 1
    assert counts[Arc.FRONT] == 2 * r + 1
    assert counts[Arc.REAR] == 2 * r - 1
    assert counts[Arc.FLANK] == 2 * r
    assert sum(counts.values()) == 6 * r


@pytest.mark.rule("goe85:15d")
@pytest.mark.rule("goe85:10b")
def test_vehicle_example_t62_in_c5_hits_bmp1_in_d2_in_the_flank():
    # GoE 15c on a test map; the BMP-1 faces the east vertex (1).  Armour modifiers are GoE data.
    board = Board.build([MapDef.standard("3", terrain={"C4": HexTerrain("brush", obstacle=1, los=LosClass.DEGRADING)})])
    h = board.hex
    t62, bmp = h("3C5"), h("3D2")
    rng = range_to(t62, bmp)
    assert rng == 3
    line = LineOfSight(BoardState(board)).check(t62, bmp, sight_class="vehicle")
    assert line.status is LosStatus.DEGRADED and line.degrading == 1
    to_hit = rng + line.degrading - 3  # range, +1 for the degrading hex, minus the T-62's TM of 3
    assert to_hit == 1
    arc = shot_arc(t62, bmp, facing=1)
    assert arc is Arc.FLANK
    armour_modifier = {Arc.FRONT: 0, Arc.FLANK: -1, Arc.REAR: -2}
    assert 1 + armour_modifier[arc] == 0  # BMP-1 AF 1 -> 0
    apf = 4 + 1 + (-2)  # T-62 APF 4, +1 within 4 hexes, card bonus -2
    assert apf >= 1 + armour_modifier[arc]


def test_facing_toward_points_the_front_at_a_hex():
    for v in range(6):
        target = Hex(SPINES[v].q * 3, SPINES[v].r * 3)
        assert facing_toward(ORIGIN, target) == v


def test_bad_vertex_is_refused():
    with pytest.raises(ValueError):
        front_hexes(ORIGIN, 6)
