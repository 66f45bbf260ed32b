"""Line of sight (GoE 14) through the board, with the rulebook's example situations."""
import pytest

from tabletop_core.boards import Board, LineOfSight, LosClass, LosStatus, MapDef, Overlay, hex_distance

from rules_goe85.data.components import hex_terrain
from rules_goe85.data.loading import game_data
from rules_goe85.queries.board import board_for


TEC = game_data().tec


def _line_board(kinds):
    """A one-map board: hexes named in ``kinds`` (label -> (kind, level)), the rest clear."""
    terrain = {lab[1:]: hex_terrain(TEC, k, lvl) for lab, (k, lvl) in kinds.items()}
    m = MapDef.standard("1", 11, 8, terrain=terrain, default=hex_terrain(TEC, "clear", 0))
    from tabletop_core.boards import BoardState

    return BoardState(Board.build([m]))


def _los(state, a, b, sight="leg"):
    bd = state.board
    return LineOfSight(state).check(bd.hex(a), bd.hex(b), sight_class=sight).status


# -- LOS example situations (14a, 14b) ----------------------------------------------------------
@pytest.mark.rule("goe85:14a")
def test_los_situations_d_g_c_e_a_b():
    s = _line_board({"1C1": ("woods", 0), "1C2": ("woods", 0)})
    assert _los(s, "1C1", "1C2") == LosStatus.CLEAR  # D-G: adjacent units always see each other
    # 1C3 -> 1E3 runs down the hexside between 1D2 and 1D3
    s = _line_board({"1D2": ("woods", 0)})
    assert _los(s, "1C3", "1E3") == LosStatus.CLEAR  # C-E: blocking terrain on the edge of the LOS
    s = _line_board({"1D2": ("woods", 0), "1D3": ("woods", 0)})
    assert _los(s, "1C3", "1E3") == LosStatus.BLOCKED  # ... but blocking on both sides blocks
    s = _line_board({"1D2": ("brush", 0)})
    assert _los(s, "1C3", "1E3") == LosStatus.CLEAR  # A-B: degrading terrain on one side does not interfere


@pytest.mark.rule("goe85:14b")
def test_los_situation_d_m():
    s = _line_board({"1C1": ("clear", 1), "1C3": ("clear", 1)})
    assert _los(s, "1C1", "1C5") == LosStatus.BLOCKED  # D-M: terrain as high as the higher unit blocks
    s = _line_board({"1C1": ("clear", 2), "1C3": ("clear", 1)})
    assert _los(s, "1C1", "1C5") == LosStatus.CLEAR  # a lower hill in between does not


@pytest.mark.rule("goe85:14a")
def test_los_situations_general():
    s = _line_board({"1C2": ("brush", 0)})
    assert _los(s, "1C1", "1C3") == LosStatus.DEGRADED  # D-A: one degrading hex
    s = _line_board({"1C2": ("brush", 0), "1C3": ("brush", 0)})
    assert _los(s, "1C1", "1C4") == LosStatus.BLOCKED  # F-H: two degrading hexes
    s = _line_board({"1C2": ("woods", 0)})
    assert _los(s, "1C1", "1C3") == LosStatus.BLOCKED
    assert _los(s, "1C1", "1C2") == LosStatus.CLEAR  # D-G: adjacent units always see each other
    s = _line_board({"1C2": ("rough", 0)})
    assert _los(s, "1C1", "1C3", "leg") == LosStatus.BLOCKED  # J-I: Leg units cannot see over rough
    assert _los(s, "1C1", "1C3", "vehicle") == LosStatus.DEGRADED  # F-I: a vehicle's LOS is degraded


@pytest.mark.rule("goe85:14b")
def test_los_situations_height():
    s = _line_board({"1C2": ("clear", 2), "1C1": ("clear", 1), "1C3": ("clear", 1)})
    assert _los(s, "1C1", "1C4") == LosStatus.BLOCKED  # K-M: the higher hill between blocks
    s = _line_board({"1C1": ("clear", 2), "1C3": ("woods", 0)})
    assert _los(s, "1C1", "1C4") == LosStatus.BLOCKED  # K-C: the lower unit in the woods' shadow
    assert _los(s, "1C1", "1C5") == LosStatus.CLEAR  # ... but not two hexes behind it
    s = _line_board({"1C1": ("clear", 1), "1C3": ("clear", 1)})
    assert _los(s, "1C1", "1C3") == LosStatus.CLEAR  # K-L: same level, nothing taller between
    b = board_for("9th-company")
    assert b.sees(b.hex("6E6"), b.hex("6E1"))  # from the level-3 hill
    assert not b.sees(b.hex("6F4"), b.hex("6F1"))  # the rough on 6F3 is as high as the observer


def _smoked_los(board, smoke: dict) -> LineOfSight:
    """A fresh single check of ``board`` with the Smoke markers ``smoke`` laid as terrain (22f)."""
    bs = board.state
    for h, level in sorted(smoke.items()):
        bs = bs.place(h, Overlay(name=f"smoke{level}", obstacle=max(bs.terrain(h).obstacle, 1),
                                 los_at_least=LosClass.BLOCKING if level >= 2 else LosClass.DEGRADING))
    return LineOfSight(bs)


@pytest.mark.rule("goe85:22f")
@pytest.mark.parametrize("smoke_sets", [
    ({"5E4": 2, "5G3": 1},),
    ({"5E4": 2, "5G3": 1}, {"5E4": 2}, {"5E4": 1, "5F2": 2}),  # later sets keep, drop or change a marker
])
def test_smoke_los_reuses_the_board_only_for_lines_clear_of_the_smoke(smoke_sets):
    """Under Smoke markers every line of sight is what a fresh check of the smoked board says: the
    lines that neither cross nor end in a Smoke hex are taken from the board's own answers, and
    a line checked under one set of markers is reused under a later one only while its own Smoke
    is the same; rows and "does any of these see it?" agree too, for every query case."""
    from rules_goe85.model.state import GoEState

    board = board_for("your-papers-please")
    hexes = sorted(board.hexes)[::7]
    for labels in smoke_sets:
        smoke = {board.hex(lab): level for lab, level in labels.items()}
        sight = board.sight(GoEState(scenario="your-papers-please", smoke=smoke))
        fresh = _smoked_los(board, smoke)
        for cls, up, target_up in (("leg", 0, 0), ("vehicle", 0, 0), ("leg", 1, 0), ("vehicle", 0, 1)):
            for a in hexes[:12]:
                seen = sight.seen_from(a, cls, up, target_up)
                for j, b in enumerate(board.hexes):
                    expected = int(fresh.check(a, b, sight_class=cls, observer_offset=up, target_offset=target_up).status)
                    if b in hexes:
                        assert sight.los(a, b, cls, up, target_up) == expected, (labels, a, b, cls, up, target_up)
                        assert sight.sees(a, b, cls, up, target_up) == (expected != LosStatus.BLOCKED)
                    assert seen[j] == (expected != LosStatus.BLOCKED), (labels, a, b, cls, up, target_up)
        for b in (board.hex("5E4"), board.hex("5F4"), *hexes[:6]):  # any of several observers: Smoke checked
            for cls in ("leg", "vehicle"):
                seeing = [a for a in board.hexes[::3] if fresh.check(a, b, sight_class=cls).status != LosStatus.BLOCKED]
                blind = [a for a in board.hexes[::3] if a not in seeing]
                assert not sight.seen_by_any([(a, cls, 0) for a in blind], b), (b, cls)
                for a in seeing[::5]:
                    assert sight.seen_by_any([*((x, cls, 0) for x in blind[:20]), (a, cls, 0)], b), (a, b, cls)


@pytest.mark.rule("goe85:14a")
@pytest.mark.rule("goe85:14b")
@pytest.mark.rule("goe85:17e")
def test_board_los_from_the_table_is_the_single_check_on_a_real_board():
    """The board answers from the core's LOS table; on the 9th Company's hills every query case
    GoE asks (Leg or vehicle sight, either unit a level up) gives what a single check gives."""
    board = board_for("9th-company")
    single = LineOfSight(board.state)
    for sight, up, target_up in (("leg", 0, 0), ("vehicle", 0, 0), ("leg", 1, 0), ("vehicle", 0, 1), ("leg", 1, 1)):
        for a in board.hexes[::6]:
            seen = board.seen_from(a, sight, up, target_up)
            for j, b in enumerate(board.hexes):
                expected = int(single.check(a, b, sight_class=sight, observer_offset=up, target_offset=target_up).status)
                assert board.los(a, b, sight, up, target_up) == expected, (a, b, sight, up, target_up)
                assert board.sees(a, b, sight, up, target_up) == (expected != LosStatus.BLOCKED)
                assert seen[j] == (expected != LosStatus.BLOCKED)
        for b in board.hexes[::40]:  # the hexes seeing one: the table's column
            expected = {a for a in board.hexes if single.check(
                a, b, sight_class=sight, observer_offset=up, target_offset=target_up).status != LosStatus.BLOCKED}
            assert board.seers(b, sight, up, target_up) == expected, (b, sight, up, target_up)
            if target_up == 0:
                blind = [a for a in board.hexes[::9] if a not in expected]
                assert not board.seen_by_any([(a, sight, up) for a in blind], b)
                assert board.seen_by_any([*((a, sight, up) for a in blind), (b, sight, up)], b) == (b in expected)


def test_board_los_off_the_board_is_a_clear_error():
    from tabletop_core.errors import BoardError

    board = board_for("9th-company")
    with pytest.raises(BoardError, match="not on the board"):
        board.los(board.hexes[0], (99, 99))


def test_board_names_every_hex_as_the_printed_board_does():
    """The board's own label and hex tables answer as the printed board: every label of a half hex
    joined across two maps, any spelling, and the board's clear errors for a label or hex it lacks."""
    from tabletop_core.errors import BoardError

    board = board_for("ambush-at-sherkhankhel")
    for h in board.hexes:
        assert board.label(h) == board.board.label(h)
        for lab in board.board.labels(h):
            assert board.hex(lab) == h == board.hex(f" {lab.lower()} ")
    assert board.hex(tuple(board.hexes[0])) == board.hexes[0]
    with pytest.raises(BoardError, match="has no hex"):
        board.hex("8Z9")
    with pytest.raises(BoardError, match="not on the board"):
        board.label((99, 99))


@pytest.mark.rule("goe85:5f")
@pytest.mark.rule("goe85:7c")
@pytest.mark.parametrize("scenario", ["kill-zone", "jalalabad", "city-boys"])
def test_board_exits_are_the_neighbours_the_terrain_lets_a_class_step_into(scenario):
    """GoEBoard.exits (the reserve first-step tests' neighbours) lists exactly the neighbours on the
    board whose step enter_cost allows, in neighbour order, for every hex and movement class, on the
    printed board and under a tile laid in play (a copy's own terrain)."""
    board = board_for(scenario)
    tiled = board._with_tiles(tuple((h, "rubble") for h in board.hexes[:40:3]))
    assert tiled.rows != board.rows
    for b in (board, tiled):
        for h in b.hexes:
            for mc in ("L", "W", "T", "F"):
                want = tuple(n for n in b.neighbours[h] if n in b.rows and b.enter_cost(h, n, mc) is not None)
                assert b.exits(h, mc) == want


@pytest.mark.rule("goe85:scenario:city-boys")
@pytest.mark.parametrize("scenario", ["city-boys", "kill-zone"])
def test_board_map_hexes_and_terrain_cover_answer_as_local_and_in_cover(scenario):
    """The relocation's hex sets: a map's hexes as board.local names their map, and the hexes
    in_cover finds covered by terrain alone."""
    board = board_for(scenario)
    maps = {board.local(h)[0] for h in board.hexes}
    for m in maps:
        assert board.map_hexes(m) == {h for h in board.hexes if board.local(h)[0] == m}
    assert board.map_hexes("*") == set(board.hexes)
    assert board.terrain_cover() == {h for h in board.hexes if board.in_cover(h)}


@pytest.mark.rule("goe85:7b")
def test_board_sides_are_the_six_neighbours_by_direction_none_off_the_board():
    """GoEBoard.sides (a vehicle's first steps by hexside): the hex one step each way in DIRECTIONS
    order, None where that hex is off the board; its hexes are the board's neighbours."""
    from tabletop_core.boards import Hex
    from tabletop_core.boards.hexgrid import DIRECTIONS

    board = board_for("kill-zone")
    for h in board.hexes:
        want = tuple(n if n in board.board else None for n in (Hex(h[0] + d.q, h[1] + d.r) for d in DIRECTIONS))
        assert board.sides(h) == want
        assert {n for n in board.sides(h) if n is not None} == set(board.neighbours[h])


@pytest.mark.rule("goe85:22f")
@pytest.mark.rule("goe85:14a")
def test_smoke_rows_from_smoked_next_and_far_observers_are_the_smoked_board_s():
    """A row under Smoke re-checks only the lines with a Smoke hex on a shortest path: from an
    observer in a Smoke hex, next to one and far off (Sherkhankhel, the largest board), each row is
    what a fresh check of the smoked board gives."""
    from rules_goe85.model.state import GoEState

    board = board_for("ambush-at-sherkhankhel")
    smoke = {board.hexes[40]: 2, board.hexes[200]: 1, board.hexes[201]: 2}
    sight = board.sight(GoEState(scenario="ambush-at-sherkhankhel", smoke=smoke))
    fresh = _smoked_los(board, smoke)
    observers = [*smoke, *board.neighbours[board.hexes[40]], *board.hexes[::29]]
    for cls, up in (("leg", 0), ("vehicle", 0), ("leg", 1)):
        for a in observers:
            seen = sight.seen_from(a, cls, up, 0)
            for j, b in enumerate(board.hexes):
                expected = fresh.check(a, b, sight_class=cls, observer_offset=up).status != LosStatus.BLOCKED
                assert seen[j] == expected, (a, b, cls, up)


@pytest.mark.rule("goe85:14a")
@pytest.mark.parametrize("scenario", ["ambush-at-sherkhankhel", "air-assault", "your-papers-please"])
def test_a_line_of_sight_crosses_only_hexes_on_a_shortest_path_between_its_ends(scenario):
    """What lets a row under Smoke re-check only the lines with a Smoke hex on a shortest path from
    the observer: every hex a line crosses (hexside steps' two included) is on one."""
    board = board_for(scenario)
    board.los(board.hexes[0], board.hexes[1])  # the sight lines built
    lines = board._los.lines
    for a in board.hexes[::11]:
        for b in board.hexes:
            for step in lines.steps((b[0] - a[0], b[1] - a[1])):
                for c in step:
                    hop = (a[0] + c[0], a[1] + c[1])
                    assert hex_distance(a, hop) + hex_distance(hop, b) == hex_distance(a, b), (a, b, hop)
