"""The vectorised crossed steps (hexlines.delta_steps) are crossed_steps' on every vector."""
import numpy as np
import pytest

from tabletop_core.boards.hexgrid import hex_distance
from tabletop_core.boards.hexlines import delta_steps
from tabletop_core.boards.hexlos import crossed_steps


def _as_steps(found, k):
    return tuple(tuple(sorted({tuple(found.first[s].tolist()), tuple(found.last[s].tolist())}))
                 for s in range(found.ptr[k], found.ptr[k + 1]))


@pytest.mark.rule("goe85:14a")
def test_delta_steps_are_crossed_steps_on_every_vector_of_a_large_board():
    """Every vector within 24 hexes (longer than any GoE map row's lines): same hexes, same
    hexside pairs, same order."""
    vectors = [(q, r) for q in range(-24, 25) for r in range(-24, 25) if hex_distance((0, 0), (q, r)) >= 2]
    found = delta_steps(np.array([v[0] for v in vectors]), np.array([v[1] for v in vectors]))
    assert len(found.ptr) == len(vectors) + 1
    hexsides = 0
    for k, v in enumerate(vectors):
        expected = crossed_steps(v)
        assert _as_steps(found, k) == expected, v
        hexsides += sum(len(step) == 2 for step in expected)
    assert hexsides > 0  # the lines along hexsides are among them


def test_delta_steps_of_no_vector_is_empty():
    found = delta_steps(np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64))
    assert found.ptr.tolist() == [0] and len(found.first) == 0


@pytest.mark.rule("goe85:14a")
def test_sight_lines_taught_by_a_table_give_crossed_steps_both_ways():
    """A LosTable teaches its line cache the geometry it built; single checks then read the steps
    from it, for each vector and its reverse, and they are crossed_steps'."""
    from tabletop_core.boards import LosTable, SightLines

    from .test_hexlos import random_board

    lines = SightLines()
    state = random_board(4, maps=("4",))
    LosTable(state, lines=lines)
    hexes = state.board.hexes
    vectors = {(b.q - a.q, b.r - a.r) for a in hexes for b in hexes if hex_distance(a, b) >= 2}
    assert len(lines._learned) > 0
    for v in sorted(vectors):
        assert lines.steps(v) == crossed_steps(v), v
