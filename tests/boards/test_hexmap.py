"""Multi-map boards: map shape with half hexes (GoE 24a), layouts, labels, terrain, roads, overlays."""
from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop_core.boards import (
    Board, BoardState, HexTerrain, LosClass, MapDef, Overlay, Placement, column_layout, hex_distance,
    row_layout,
)
from tabletop_core.boards.hexmap import column_index, column_letters
from tabletop_core.errors import BoardError, TabletopError

WOODS = HexTerrain("woods", obstacle=1, los=LosClass.BLOCKING)


@pytest.fixture(scope="module")
def five():
    maps = [MapDef.standard(m, terrain={"E4": WOODS}, roads=[("A4", 2), ("B4", 1)]) for m in "45678"]
    return Board.build(maps)


@pytest.mark.rule("goe85:24a")
def test_standard_map_has_playable_half_hexes_on_row_0_and_the_edges():
    m = MapDef.standard("7")
    assert len(m.terrain) == 6 * 9 + 5 * 8
    assert (4, 0) in m.half and (4, 8) in m.half  # E0, E8: cut by the north and south edges
    assert (3, 0) not in m.half and (3, 0) in m.terrain  # D0 is a full hex
    assert all((0, r) in m.half and (10, r) in m.half for r in range(9))  # columns A and K
    board = Board.build([m])
    e0 = board.hex("7E0")
    assert board.is_half(e0) and len(board.neighbors(e0)) == 3  # playable: D0, F0 and E1 lead in


def test_labels_parse_and_format(five):
    h = five.hex("7E4")
    assert five.label(h) == "7E4" and five.parse("7e4") == ("7", "E", 4)
    assert five.terrain(h) is WOODS
    assert five.hex(h) == h


def test_a_label_is_found_for_a_hex_or_a_plain_pair_and_refused_off_the_board(five):
    h = five.hex("7E4")
    assert five.label((h[0], h[1])) == five.label(h) == "7E4"
    assert five.labels([h[0], h[1]]) == five.labels(h)  # a list is no key: read as a pair
    with pytest.raises(BoardError, match="not on the board"):
        five.label((999, 999))


@pytest.mark.parametrize("label", ["7Z4", "9E4", "7E9", "E4", "7", "", "x"])
def test_unknown_labels_raise_a_board_error_naming_the_label(five, label):
    with pytest.raises(BoardError) as err:
        five.hex(label)
    assert isinstance(err.value, TabletopError) and repr(label) in str(err.value)


def test_row_layout_joins_edge_half_hexes(five):
    assert len(five) == 5 * 94 - 4 * 9
    k3, a3 = five.hex("4K3"), five.hex("5A3")
    assert k3 == a3 and five.labels(k3) == ("4K3", "5A3") and not five.is_half(k3)
    assert five.map_of(k3) == "4"
    # 4J3 and 5B3 are two hexes apart across the joined column
    assert hex_distance(five.hex("4J3"), five.hex("5B3")) == 2


def test_side_by_side_without_joining_and_column_layout():
    maps = [MapDef.standard("7", columns=12), MapDef.standard("8", columns=12)]
    board = Board.build(maps, row_layout(maps, merge_edges=False))
    assert len(board) == 2 * len(maps[0].terrain)
    assert hex_distance(board.hex("7L4"), board.hex("8A4")) == 1
    with pytest.raises(BoardError):
        row_layout([MapDef.standard("7", columns=12), MapDef.standard("8")], merge_edges=True)
    tall = [MapDef.standard("8"), MapDef.standard("7")]
    stacked = Board.build(tall, column_layout(tall))
    assert stacked.hex("8E8") == stacked.hex("7E0")  # map 8 north of map 7, south/north half hexes join
    assert hex_distance(stacked.hex("8E7"), stacked.hex("7E1")) == 2


def test_overlapping_full_hexes_are_refused():
    maps = [MapDef.standard("7"), MapDef.standard("8")]
    with pytest.raises(BoardError, match="overlap"):
        Board.build(maps, [Placement.at("7", 0, 0), Placement.at("8", 4, 0)])
    with pytest.raises(BoardError, match="not among"):
        Board.build(maps, [Placement.at("9", 0, 0)])


def test_rotated_map_turns_labels_and_roads():
    m = MapDef.standard("6", terrain={"B1": WOODS}, roads=[("B1", 2)])
    board = Board.build([m], [Placement("6", (0, 0), rotated=True)])
    # 180 degrees about the map centre: A0 <-> K8, B1 <-> J6
    assert board.hex("6A0") == Board.build([m]).hex("6K8")
    b1 = board.hex("6B1")
    assert board.terrain(b1) is WOODS
    plain = Board.build([m])
    assert b1 == plain.hex("6J6")
    # the road leaves B1 to the SE on the map; turned, it leaves to the NW
    assert board.road_directions(b1) == (5,)
    assert plain.road_directions(plain.hex("6B1")) == (2,)


def test_roads_are_hexside_connections(five):
    a4, b4 = five.hex("7A4"), five.hex("7B4")
    assert five.has_road(a4, b4) and five.has_road(b4, a4) and five.has_road(b4, five.hex("7C4"))
    assert five.road_directions(b4)  # declared from B4 towards NE
    assert not five.has_road(five.hex("7E4"), five.hex("7E5"))


def test_overlays_change_terrain_without_mutating_the_base(five):
    state = BoardState(five)
    h = five.hex("6C3")
    woods = Overlay("woods tile", kind="woods", obstacle=1, los=LosClass.BLOCKING)
    s1 = state.place("6C3", woods)
    assert s1.terrain(h).kind == "woods" and s1.terrain(h).los is LosClass.BLOCKING
    assert state.terrain(h).kind == "clear" and five.terrain(h).kind == "clear"
    assert s1.version == 1 and s1.key != state.key and s1.changed_hexes(state) == {h}
    smoke = Overlay("smoke", los_at_least=LosClass.DEGRADING)
    s2 = s1.place(h, smoke)
    assert s2.terrain(h).los is LosClass.BLOCKING and s2.terrain(h).markers == ("woods tile", "smoke")
    s3 = s2.remove(h, "woods tile")
    assert s3.terrain(h).los is LosClass.DEGRADING and s3.terrain(h).kind == "clear"
    assert s3.remove(h, "smoke").key == state.key
    with pytest.raises(BoardError):
        state.remove(h, "smoke")
    # a clear tile keeps the hill's elevation (scenario special rules)
    hill = BoardState(Board.build([MapDef.standard("5", terrain={"C5": HexTerrain("hill", elevation=1, los=LosClass.DEGRADING)})]))
    cleared = hill.place("5C5", Overlay("clear tile", kind="clear", los=LosClass.CLEAR))
    t = cleared.terrain(hill.board.hex("5C5"))
    assert (t.elevation, t.los) == (1, LosClass.CLEAR)


def test_per_class_los_and_validation():
    rough = HexTerrain("rough", obstacle=1, los=LosClass.BLOCKING, los_for={"vehicle": LosClass.DEGRADING})
    assert rough.los_class("vehicle") is LosClass.DEGRADING and rough.los_class("leg") is LosClass.BLOCKING
    assert rough.los_class() is LosClass.BLOCKING and rough.height == 1
    with pytest.raises(BoardError):
        HexTerrain("hole", elevation=-1)
    with pytest.raises(BoardError):
        MapDef.standard("7", terrain={"Z9": WOODS})


@given(st.integers(0, 700))
def test_column_letters_round_trip(n):
    assert column_index(column_letters(n)) == n


@pytest.mark.rule("goe85:24a")
@given(st.data())
def test_every_board_hex_label_round_trips(five, data):
    h = data.draw(st.sampled_from(five.hexes))
    for label in five.labels(h):
        assert five.hex(label) == h
        assert five.hex(label.lower()) == h
