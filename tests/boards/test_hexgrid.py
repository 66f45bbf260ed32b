"""Hex coordinates, distance, neighbours, rings and GoE 10b range."""
from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop_core.boards import (
    DIRECTIONS, Hex, axial_to_offset, direction_between, hex_distance, hexes_within, neighbor,
    neighbors, offset_to_axial, range_to, ring,
)

coords = st.tuples(st.integers(-50, 50), st.integers(-50, 50)).map(lambda t: Hex(*t))


def test_hex_is_a_cheap_hashable_tuple():
    h = Hex(2, -1)
    assert h == (2, -1) and hash(h) == hash((2, -1)) and h.s == -1
    assert h + (1, 1) == Hex(3, 0) and h - (2, -1) == Hex(0, 0)


def test_neighbours_are_at_distance_one_in_clockwise_order():
    o = Hex(0, 0)
    assert neighbors(o) == DIRECTIONS
    assert all(hex_distance(o, n) == 1 for n in neighbors(o))
    assert [direction_between(o, neighbor(o, d)) for d in range(6)] == list(range(6))
    with pytest.raises(ValueError):
        direction_between(o, Hex(2, 0))


@pytest.mark.parametrize("radius", [0, 1, 2, 5])
def test_ring_and_area_sizes(radius):
    o = Hex(3, -2)
    r = ring(o, radius)
    assert len(r) == max(1, 6 * radius) and len(set(r)) == len(r)
    assert all(hex_distance(o, h) == radius for h in r)
    area = hexes_within(o, radius)
    assert len(area) == 3 * radius * (radius + 1) + 1
    assert set(area) == {h for k in range(radius + 1) for h in ring(o, k)}


@pytest.mark.rule("goe85:10b")
def test_range_counts_the_target_hex_not_the_firers():
    # GoE 10b: 8E2 to 8E4 is range 2; an adjacent target is at range 1
    e2, e4 = offset_to_axial(4, 2), offset_to_axial(4, 4)
    assert range_to(e2, e4) == 2
    assert range_to(e2, offset_to_axial(4, 3)) == 1
    assert range_to(e2, e2) == 0


@given(st.integers(0, 40), st.integers(0, 40))
def test_offset_round_trip(col, row):
    assert axial_to_offset(offset_to_axial(col, row)) == (col, row)


@given(coords, coords)
def test_distance_symmetric_and_zero_only_on_itself(a, b):
    assert hex_distance(a, b) == hex_distance(b, a) >= 0
    assert (hex_distance(a, b) == 0) == (a == b)


@given(coords, coords, coords)
def test_triangle_inequality(a, b, c):
    assert hex_distance(a, c) <= hex_distance(a, b) + hex_distance(b, c)


@given(coords, coords)
def test_distance_is_the_shortest_neighbour_walk(a, b):
    # greedy walk: each step to a neighbour nearer the goal reduces the distance by exactly one
    steps, h = 0, a
    while h != b:
        h = min(neighbors(h), key=lambda n: hex_distance(n, b))
        steps += 1
    assert steps == hex_distance(a, b)
