"""GoE 14 line of sight: the rulebook's LOS example situations, the hexside rules, heights,
helicopters (17e), exact geometry, and the precomputed table against single queries."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop_core.boards import (
    Board, BoardState, HexTerrain, LineOfSight, LosClass, LosReason, LosStatus, LosTable, MapDef,
    Overlay, SightLines, hex_distance, hexes_within,
)
from tabletop_core.boards.hexgrid import Hex, VERTEX_OFFSETS, lattice
from tabletop_core.boards.hexlos import crossed_steps

# Representative GoE terrain (the real values live in the rules package's data).
WOODS = HexTerrain("woods", obstacle=1, los=LosClass.BLOCKING)
BUILDING = HexTerrain("building", obstacle=1, los=LosClass.BLOCKING)
BRUSH = HexTerrain("brush", obstacle=1, los=LosClass.DEGRADING)
ROUGH = HexTerrain("rough", obstacle=1, los=LosClass.BLOCKING, los_for={"vehicle": LosClass.DEGRADING})


def hill(level: int) -> HexTerrain:
    return HexTerrain("hill", elevation=level)


# ---------------------------------------------------------------------------------------------
# The GoE 14 LOS example, rebuilt on map "1": terrain and unit hexes chosen to give every
# situation the geometry the example describes.

EXAMPLE_TERRAIN = {
    "D1": BRUSH, "C2": BRUSH,          # D-A (one brush between), A-B (brush on one side only)
    "E3": WOODS,                        # C-E (woods on the edge of the line), K-C (shadow)
    "I5": ROUGH, "I6": ROUGH,           # F-H, J-I, F-I
    "G2": hill(2), "J3": hill(2), "J1": hill(2), "H1": hill(2),  # K, L, M on level 2; H1 as high as M
    "I2": hill(3), "I1": hill(1), "H2": hill(1),
}
UNITS = {
    "A": "C2", "B": "D0", "C": "D3", "D": "E1", "E": "F3", "F": "I4", "G": "E2",
    "H": "I7", "I": "J6", "J": "H5", "K": "G2", "L": "J3", "M": "J1",
}
VEHICLES = {"F"}


@pytest.fixture(scope="module")
def example():
    board = Board.build([MapDef.standard("1", terrain=EXAMPLE_TERRAIN)])
    return BoardState(board)


def los(state: BoardState, x: str, y: str):
    """LOS from unit x to unit y; a pair with a vehicle in it uses the vehicle sight class."""
    board = state.board
    cls = "vehicle" if (x in VEHICLES or y in VEHICLES) else "leg"
    return LineOfSight(state).check(board.hex("1" + UNITS[x]), board.hex("1" + UNITS[y]), sight_class=cls)


def labels(state, result):
    return sorted(state.board.label(h) for h in result.hexes)


@pytest.mark.rule("goe85:14a")
def test_example_d_g_adjacent_units_always_see(example):
    for x, y in (("D", "G"), ("G", "D")):
        r = los(example, x, y)
        assert r.status is LosStatus.CLEAR and r.reason is LosReason.ADJACENT


@pytest.mark.rule("goe85:14a")
def test_example_d_a_one_brush_hex_only_degrades(example):
    r = los(example, "D", "A")
    assert r.status is LosStatus.DEGRADED and r.degrading == 1
    assert labels(example, r) == ["1D1"]  # A's own brush hex (C2) does not count


@pytest.mark.rule("goe85:14a")
def test_example_a_b_degrading_on_one_side_of_the_hexside_does_nothing(example):
    r = los(example, "A", "B")
    assert r.status is LosStatus.CLEAR and r.degrading == 0


@pytest.mark.rule("goe85:14a")
def test_example_c_e_blocking_terrain_on_the_edge_does_not_block(example):
    assert los(example, "C", "E").status is LosStatus.CLEAR
    # "If E4 had been blocking terrain": woods on both sides of the hexside block.
    walled = example.place("1E4", Overlay("woods tile", kind="woods", obstacle=1, los=LosClass.BLOCKING))
    r = los(walled, "C", "E")
    assert r.status is LosStatus.BLOCKED and labels(walled, r) == ["1E3", "1E4"]


@pytest.mark.rule("goe85:14a")
def test_example_f_h_two_rough_hexes_block_a_vehicle(example):
    r = los(example, "F", "H")
    assert r.status is LosStatus.BLOCKED and r.reason is LosReason.TOO_MANY_DEGRADING
    assert r.degrading == 2 and labels(example, r) == ["1I5", "1I6"]


@pytest.mark.rule("goe85:14a")
def test_example_j_i_leg_units_cannot_see_over_rough(example):
    r = los(example, "J", "I")
    assert r.status is LosStatus.BLOCKED and labels(example, r) == ["1I6"]


@pytest.mark.rule("goe85:14b")
def test_example_k_c_lower_unit_in_the_shadow_of_woods(example):
    r = los(example, "K", "C")
    assert r.status is LosStatus.BLOCKED and r.reason is LosReason.SHADOW
    assert labels(example, r) == ["1E3"]


@pytest.mark.rule("goe85:14b")
def test_example_k_l_same_height_nothing_in_between(example):
    assert los(example, "K", "L").status is LosStatus.CLEAR
    assert los(example, "L", "K").status is LosStatus.CLEAR  # the level-1 hill at H2 is lower than both


@pytest.mark.rule("goe85:14b")
def test_example_k_m_blocked_by_the_higher_hill(example):
    r = los(example, "K", "M")
    assert r.status is LosStatus.BLOCKED and r.reason is LosReason.TALLER_THAN_BOTH
    assert labels(example, r) == ["1I2"]


@pytest.mark.rule("goe85:14b")
def test_example_d_m_blocked_by_terrain_as_high_as_the_higher_unit(example):
    down = los(example, "M", "D")
    assert down.status is LosStatus.BLOCKED and down.reason is LosReason.AS_HIGH_AS_OBSERVER
    assert labels(example, down) == ["1H1"]  # the level-1 hill at I1 is lower than M: no effect
    up = los(example, "D", "M")
    assert up.status is LosStatus.BLOCKED and up.reason is LosReason.HIGHER_THAN_OBSERVER
    assert labels(example, up) == ["1H1"]


@pytest.mark.rule("goe85:14a")
def test_example_f_i_vehicle_to_leg_degraded_by_rough(example):
    r = los(example, "F", "I")
    assert r.status is LosStatus.DEGRADED and r.degrading == 1 and labels(example, r) == ["1I5"]
    # the same rough blocks when both units are Leg units
    board = example.board
    leg = LineOfSight(example).check(board.hex("1I4"), board.hex("1J6"), sight_class="leg")
    assert leg.status is LosStatus.BLOCKED


@pytest.mark.rule("goe85:14a")
def test_units_never_block_and_target_hex_terrain_never_counts(example):
    # a unit standing in the intervening hex changes nothing: LOS knows no units at all; the
    # brush in A's own hex is not counted in either direction
    assert los(example, "A", "D").degrading == 1
    assert los(example, "D", "A").degrading == 1


# ---------------------------------------------------------------------------------------------
# GoE 17e helicopter example


@pytest.mark.rule("goe85:17e")
def test_helicopter_example():
    terrain = {"C4": hill(1), "E3": BUILDING, "F3": WOODS}
    state = BoardState(Board.build([MapDef.standard("2", terrain=terrain)]))
    sight = LineOfSight(state)
    h = state.board.hex
    mi24_a, mi24_b, rifle_c, rifle_d = h("2C4"), h("2C3"), h("2G3"), h("2G2")
    assert sight.level(mi24_a, 1) == 2 and sight.level(mi24_b, 1) == 1
    to_c = sight.check(mi24_a, rifle_c, observer_offset=1)
    assert to_c.status is LosStatus.BLOCKED and to_c.reason is LosReason.SHADOW
    assert [state.board.label(x) for x in to_c.hexes] == ["2F3"]
    assert sight.check(mi24_a, rifle_d, observer_offset=1).status is LosStatus.CLEAR
    for rifle in (rifle_c, rifle_d):
        r = sight.check(mi24_b, rifle, observer_offset=1)
        assert r.status is LosStatus.BLOCKED and r.reason is LosReason.AS_HIGH_AS_OBSERVER
    # a rifle sees the hovering helicopter as a unit one level up (target offset)
    assert sight.level(rifle_d, 0) == 0
    back = sight.check(rifle_d, mi24_a, target_offset=1)
    assert back.status is LosStatus.BLOCKED and back.reason is LosReason.HIGHER_THAN_OBSERVER


# ---------------------------------------------------------------------------------------------
# GoE 15c vehicle example: the line C5 -> D2 passes one degrading hex, C4


@pytest.mark.rule("goe85:14a")
def test_vehicle_example_line_passes_c4():
    state = BoardState(Board.build([MapDef.standard("3", terrain={"C4": BRUSH})]))
    h = state.board.hex
    r = LineOfSight(state).check(h("3C5"), h("3D2"), sight_class="vehicle")
    assert r.status is LosStatus.DEGRADED and r.degrading == 1
    assert [state.board.label(x) for x in r.hexes] == ["3C4"]


# ---------------------------------------------------------------------------------------------
# Hexside and height rules in isolation


def _line_board(**terrain):
    return BoardState(Board.build([MapDef.standard("9", terrain=terrain)]))


@pytest.mark.rule("goe85:14a")
@pytest.mark.parametrize(
    "e3, e4, status, count",
    [
        (None, None, LosStatus.CLEAR, 0),
        (WOODS, None, LosStatus.CLEAR, 0),
        (BRUSH, None, LosStatus.CLEAR, 0),
        (WOODS, WOODS, LosStatus.BLOCKED, 0),
        (BRUSH, BRUSH, LosStatus.DEGRADED, 1),
        (WOODS, BRUSH, LosStatus.DEGRADED, 1),
    ],
)
def test_hexside_step_is_only_as_bad_as_its_better_side(e3, e4, status, count):
    terrain = {k: v for k, v in (("E3", e3), ("E4", e4)) if v is not None}
    state = _line_board(**terrain)
    h = state.board.hex
    r = LineOfSight(state).check(h("9D3"), h("9F3"))
    assert (r.status, r.degrading) == (status, count)


@pytest.mark.rule("goe85:14a")
def test_degrading_hexside_step_counts_once_toward_the_limit():
    # D3 -> H3 runs along hexsides (E3|E4), crosses F3, then along (G3|G4)
    state = _line_board(E3=BRUSH, E4=BRUSH, F3=BRUSH)
    h = state.board.hex
    r = LineOfSight(state).check(h("9D3"), h("9H3"))
    assert r.status is LosStatus.BLOCKED and r.degrading == 2


@pytest.mark.rule("goe85:14b")
def test_woods_between_hilltops_does_not_block():
    state = _line_board(C3=hill(1), E3=WOODS, G3=hill(1))
    h = state.board.hex
    assert LineOfSight(state).check(h("9C3"), h("9G3")).status is LosStatus.CLEAR
    flat = _line_board(E3=WOODS)
    assert LineOfSight(flat).check(h("9C3"), h("9G3")).status is LosStatus.BLOCKED


@pytest.mark.rule("goe85:14b")
def test_higher_observer_sees_over_low_woods_unless_target_is_in_its_shadow():
    state = _line_board(C5=hill(2), E4=WOODS)
    h = state.board.hex
    sight = LineOfSight(state)
    # C5 -> G3 crosses E4 two hexes away from G3: not in the way of a level-2 observer
    assert E4_on_line(state, "9C5", "9G3")
    assert sight.check(h("9C5"), h("9G3")).status is LosStatus.CLEAR
    # a target adjacent to the woods is in its shadow
    assert E4_on_line(state, "9C5", "9F3")
    assert sight.check(h("9C5"), h("9F3")).reason is LosReason.SHADOW


def E4_on_line(state, a, b):
    h = state.board.hex
    A, B = h(a), h(b)
    steps = crossed_steps((B[0] - A[0], B[1] - A[1]))
    return any(h("9E4") in [Hex(A[0] + o[0], A[1] + o[1]) for o in step] for step in steps)


# ---------------------------------------------------------------------------------------------
# Exact geometry


def brute_force_steps(delta):
    """Reference: test every hex near the segment with exact rational clipping."""
    from fractions import Fraction

    dx, dy = lattice(delta)
    n = hex_distance((0, 0), delta)
    singles, pairs = set(), set()
    for c in hexes_within((0, 0), n + 1):
        if c in ((0, 0), tuple(delta)):
            continue
        cx, cy = lattice(c)
        verts = [(cx + ox, cy + oy) for ox, oy in VERTEX_OFFSETS]
        lo, hi = Fraction(0), Fraction(1)
        inside = True
        for k in range(6):
            (ax, ay), (bx, by) = verts[k], verts[(k + 1) % 6]
            ex, ey = bx - ax, by - ay
            # inside iff cross(e, X - a) has the same sign as for the centre
            sign = 1 if ex * (cy - ay) - ey * (cx - ax) > 0 else -1
            a0 = sign * (ex * (0 - ay) - ey * (0 - ax))
            b0 = sign * (ex * dy - ey * dx)
            if b0 == 0:
                if a0 <= 0:
                    inside = False
            elif b0 > 0:
                lo = max(lo, Fraction(-a0, b0))
            else:
                hi = min(hi, Fraction(-a0, b0))
        if inside and lo < hi:
            singles.add((c[0], c[1]))
        for k in range(6):
            (ax, ay), (bx, by) = verts[k], verts[(k + 1) % 6]
            on = dx * ay - dy * ax == 0 and dx * by - dy * bx == 0
            mid = (ax + bx) * dx + 3 * (ay + by) * dy
            if on and 0 < mid < 2 * (dx * dx + 3 * dy * dy):
                pairs.add((c[0], c[1]))
    return singles, pairs


@given(st.integers(-7, 7), st.integers(-7, 7))
@settings(max_examples=300, deadline=None)
def test_crossed_steps_match_exact_brute_force(dq, dr):
    steps = crossed_steps((dq, dr))
    singles, on_edges = brute_force_steps((dq, dr))
    assert {s[0] for s in steps if len(s) == 1} == singles
    assert {h for s in steps if len(s) == 2 for h in s} == on_edges


def test_crossed_steps_spine_and_column():
    assert crossed_steps((2, -1)) == ((((1, -1), (1, 0))),)
    assert crossed_steps((0, 3)) == (((0, 1),), ((0, 2),))
    assert crossed_steps((4, -2)) == (((1, -1), (1, 0)), ((2, -1),), ((3, -2), (3, -1)))


# ---------------------------------------------------------------------------------------------
# Random boards: symmetry, the table against single queries, patching


def random_board(seed: int, maps=("4", "5"), flat=False) -> BoardState:
    rng = random.Random(seed)
    defs = []
    for mid in maps:
        terrain = {}
        for c in "ABCDEFGHIJK":
            for r in range(8):
                x = rng.random()
                if x < 0.12:
                    terrain[f"{c}{r}"] = WOODS
                elif x < 0.24:
                    terrain[f"{c}{r}"] = BRUSH
                elif x < 0.30:
                    terrain[f"{c}{r}"] = ROUGH
                elif x < 0.40 and not flat:
                    terrain[f"{c}{r}"] = hill(rng.randint(1, 3))
        defs.append(MapDef.standard(mid, terrain=terrain))
    return BoardState(Board.build(defs))


@pytest.mark.rule("goe85:14a")
@given(st.integers(0, 10_000), st.data())
@settings(max_examples=40, deadline=None)
def test_los_is_symmetric_between_units_on_the_same_level(seed, data):
    state = random_board(seed, maps=("4",))
    sight = LineOfSight(state)
    hexes = state.board.hexes
    for _ in range(20):
        a = data.draw(st.sampled_from(hexes))
        b = data.draw(st.sampled_from(hexes))
        if sight.level(a) != sight.level(b):
            continue
        for cls in ("leg", "vehicle"):
            ab, ba = sight.check(a, b, sight_class=cls), sight.check(b, a, sight_class=cls)
            assert (ab.status, ab.degrading) == (ba.status, ba.degrading)


@pytest.mark.rule("goe85:14b")
@pytest.mark.parametrize("case", [("leg", 0, 0), ("vehicle", 0, 0), ("leg", 1, 0), (None, 0, 1)])
def test_table_agrees_with_single_queries_on_every_pair(case):
    cls, oo, to = case
    state = random_board(7)
    table = LosTable(state)
    sight = LineOfSight(state)
    for a in state.board.hexes:
        for b in state.board.hexes:
            expected = sight.check(a, b, sight_class=cls, observer_offset=oo, target_offset=to)
            assert table.query(a, b, sight_class=cls, observer_offset=oo, target_offset=to) == expected
            assert table.status(a, b, sight_class=cls, observer_offset=oo, target_offset=to) == expected.status


@pytest.mark.rule("goe85:14a")
def test_patched_table_equals_a_rebuilt_one():
    state = random_board(11)
    table = LosTable(state)
    table.matrix(sight_class="leg")
    table.matrix(sight_class="vehicle", observer_offset=1)
    smoke = Overlay("smoke", los_at_least=LosClass.DEGRADING, obstacle=1)
    clear_hill = Overlay("clear tile", kind="hill", elevation=1, obstacle=0, los=LosClass.CLEAR)
    changed = state.place("4E4", smoke).place("5C3", clear_hill).place("4H2", Overlay("rubble", los=LosClass.DEGRADING))
    patched = table.updated(changed)
    fresh = LosTable(changed)
    for cls, oo in (("leg", 0), ("vehicle", 1)):
        assert (patched.matrix(sight_class=cls, observer_offset=oo) == fresh.matrix(sight_class=cls, observer_offset=oo)).all()
    sight = LineOfSight(changed)
    for a in changed.board.hexes[::7]:
        for b in changed.board.hexes[::3]:
            assert patched.query(a, b, sight_class="leg") == sight.check(a, b, sight_class="leg")
    # the old table still answers for the old state
    assert table.state is state
    assert len(table.affected_pairs([changed.board.hex("4E4")])) < len(table._lines.pi)


@pytest.mark.rule("goe85:14a")
def test_single_checks_moved_to_another_terrain_state_see_that_terrain():
    """``with_state`` looks up only the hexes with overlays in either state: its answers are those
    of a fresh LineOfSight, whether overlays were laid, removed or both."""
    state = random_board(5)
    smoke = Overlay("smoke", los_at_least=LosClass.BLOCKING, obstacle=1)
    tiled = state.place("4E4", Overlay("clear tile", kind="hill", elevation=1, obstacle=0, los=LosClass.CLEAR))
    for old, new in ((state, tiled.place("5C3", smoke)), (tiled, state.place("5C3", smoke)), (tiled.place("5C3", smoke), tiled)):
        moved, fresh = LineOfSight(old).with_state(new), LineOfSight(new)
        for a in new.board.hexes[::5]:
            for b in new.board.hexes[::2]:
                for cls in ("leg", "vehicle"):
                    assert moved.check(a, b, sight_class=cls) == fresh.check(a, b, sight_class=cls), (a, b, cls)


@pytest.mark.rule("goe85:14a")
def test_smoke_overlay_changes_los_without_touching_the_base_map():
    state = _line_board()
    h = state.board.hex
    smoked = state.place("9E3", Overlay("smoke", los_at_least=LosClass.DEGRADING, obstacle=1))
    assert LineOfSight(state).check(h("9E2"), h("9E5")).status is LosStatus.CLEAR
    r = LineOfSight(smoked).check(h("9E2"), h("9E5"))
    assert r.status is LosStatus.DEGRADED
    assert state.board.terrain(h("9E3")).los is LosClass.CLEAR
    assert smoked.terrain(h("9E3")).markers == ("smoke",)
    assert smoked.key != state.key and smoked.remove("9E3", "smoke").key == state.key


def test_result_describe_names_hexes(example):
    r = los(example, "K", "M")
    assert "1I2" in r.describe(example.board.label)


@pytest.mark.rule("goe85:14a")
def test_table_agrees_with_single_queries_for_another_degrading_limit():
    from tabletop_core.boards import LosRules

    state = random_board(3, maps=("4",))
    rules = LosRules(degrading_limit=3)
    table, sight = LosTable(state, rules), LineOfSight(state, rules)
    for a in state.board.hexes:
        for b in state.board.hexes:
            assert table.query(a, b, sight_class="vehicle") == sight.check(a, b, sight_class="vehicle")


@pytest.mark.rule("goe85:14a")
@pytest.mark.parametrize("limit", [1, 2, 3])
@pytest.mark.parametrize("case", [("leg", 0, 0), ("vehicle", 1, 0), (None, 0, 1)])
def test_table_statuses_alone_agree_with_single_queries(limit, case):
    """The statuses a case computes without its details (matrix, row, status before any query)
    are the single queries' on every pair, also after a patch."""
    from tabletop_core.boards import LosRules

    cls, oo, to = case
    rules = LosRules(degrading_limit=limit)
    state = random_board(5 + limit)
    table = LosTable(state, rules)
    kw = dict(sight_class=cls, observer_offset=oo, target_offset=to)
    hexes = state.board.hexes
    smoke = Overlay("smoke", los_at_least=LosClass.BLOCKING, obstacle=1)
    changed = state.place("4E4", smoke).place("5C3", Overlay("rubble", los=LosClass.DEGRADING))
    table.matrix(**kw)
    patched = table.updated(changed)
    assert patched._status  # the case was carried over and patched, not rebuilt
    for tab, st_ in ((table, state), (patched, changed)):
        sight = LineOfSight(st_, rules)
        m = tab.matrix(**kw)
        for i, a in enumerate(hexes):
            row = tab.row(a, **kw)
            for j, b in enumerate(hexes):
                expected = int(sight.check(a, b, **kw).status)
                assert m[i, j] == row[j] == expected
        assert not tab._details  # no query asked: the details were never computed
    assert table.query(hexes[0], hexes[-1], **kw) == LineOfSight(state, rules).check(hexes[0], hexes[-1], **kw)


def test_table_of_a_board_without_lines_of_two_steps():
    """A board whose hexes are all adjacent has no crossed steps: the table still answers."""
    state = BoardState(Board.build([MapDef.standard("1", 2, 1)]))
    table = LosTable(state)
    a, b = state.board.hexes[:2]
    assert table.status(a, b) is LosStatus.CLEAR and table.query(a, b) == LineOfSight(state).check(a, b)


@pytest.mark.rule("goe85:14a")
def test_cells_through_a_hex_are_the_lines_that_cross_or_end_in_it():
    state = random_board(2, maps=("4",))
    table = LosTable(state)
    hexes, n = state.board.hexes, len(state.board.hexes)
    lines = SightLines()
    for h in (state.board.hex("4E4"), state.board.hex("4A0"), state.board.hex("4K7")):
        expected = set()
        for i, a in enumerate(hexes):
            for j, b in enumerate(hexes):
                if hex_distance(a, b) < 2:
                    continue
                crossed = {(a[0] + q, a[1] + r) for step in lines.steps((b[0] - a[0], b[1] - a[1])) for q, r in step}
                if h in (a, b) or tuple(h) in crossed:
                    expected.add(i * n + j)
        assert set(table.cells_through([h]).tolist()) == expected
