"""The core's board drawings, each alone: hex maps, area maps, the measured table, and scenes."""
from __future__ import annotations

import re

import pytest

from tabletop_core.boards import AreaMap, Board, BoardState, HexTerrain, MapDef, Overlay, Table, TerrainFeature
from tabletop_core.drawing import (
    HexStyle, PanelSection, Piece, Scene, changes, draw_area_board, draw_hex_board, draw_table, fragment, layout_areas,
)
from tabletop_core.drawing.areaboard import voronoi_cells
from tabletop_core.errors import BoardError


def _maps():
    hill = HexTerrain(kind="clear", elevation=2)
    a = MapDef.standard("1", 5, 4, terrain={"C2": hill, "B1": HexTerrain(kind="woods")}, roads=[("A1", 2), ("B1", 2)])
    b = MapDef.standard("2", 5, 4)
    return a, b


def test_hex_board_draws_each_map_cut_to_its_edges_with_every_label():
    a, b = _maps()
    board = Board.build([a, b])
    svg, proj = draw_hex_board(board, HexStyle(fills={"woods": "#00aa00"}, symbols={"woods": "trees"}))
    assert svg.count("<clipPath") == 2  # one per printed map: half hexes show as halves
    for h in board.hexes:
        for label in board.labels(h):  # joined edge halves keep both labels
            assert f">{label}<" in svg
    assert "#00aa00" in svg and ">L2<" in svg
    assert svg.count('stroke="#5b3a1a"') == 6  # a lone level-2 hex: a contour on all six hexsides
    assert svg.count('stroke="#c9a66b"') == len(board.roads) == 2  # each road hexside, centre to centre
    x0, y0 = proj.centre(board.hex("1A0"))
    assert 0 < x0 < proj.width and 0 < y0 < proj.height


def test_hex_board_draws_overlays_from_a_board_state():
    a, _b = _maps()
    state = BoardState(Board.build([a])).place("1D2", Overlay(name="tile:building", kind="building"))
    svg, _proj = draw_hex_board(state, HexStyle(fills={"building": "#123456"}))
    assert "#123456" in svg


def test_voronoi_cells_tile_the_frame_and_hold_their_own_centre():
    cells = voronoi_cells({"nw": (25, 25), "ne": (75, 25), "sw": (25, 75), "se": (75, 75)}, 100, 100, margin=0)
    assert sorted(cells["nw"]) == sorted(((0.0, 0.0), (50.0, 0.0), (50.0, 50.0), (0.0, 50.0)))
    assert all(len(cell) == 4 for cell in cells.values())


def _area_map():
    return AreaMap.from_records([
        {"id": 1, "name": "Ford", "neighbours": (2,), "roads": (2,)},
        {"id": 2, "name": "Pass", "neighbours": (1, 3), "roads": (1,), "mountain": True, "zones": frozenset({"z"})},
        {"id": 3, "name": "Fort", "neighbours": (2,), "fort": True, "supply": frozenset({"red"})},
    ])


def test_area_board_has_each_area_as_a_shape_with_number_name_and_links():
    amap = _area_map()
    layout = layout_areas(amap, {1: (0, 0), 2: (1, 0), 3: (2, 1)})
    svg = draw_area_board(amap, layout)
    for a in amap:
        assert f'data-area="{a}"' in svg and f">{a}<" in svg and f">{amap[a].name}<" in svg
    assert ">supply red<" in svg
    assert 'stroke-dasharray="8 5"' in svg  # the zone's border
    assert 'stroke-dasharray="3 4"' in svg  # 2-3: a border crossing without a road


def test_area_layout_without_positions_is_deterministic_and_refuses_gaps():
    amap = _area_map()
    assert layout_areas(amap).centres == layout_areas(amap).centres
    with pytest.raises(BoardError, match=r"no position for areas \[3\]"):
        layout_areas(amap, {1: (0, 0), 2: (1, 0)})


def test_table_is_drawn_to_scale_north_up_with_cover_and_rulers():
    table = Table.build(24, 12, [TerrainFeature("wood", [(2, 2), (6, 2), (6, 6)], "soft"),
                                 TerrainFeature("house", [(10, 1), (14, 1), (14, 5), (10, 5)], "hard", True)])
    svg, proj = draw_table(table)
    assert ">wood (soft)<" in svg and ">house (hard)<" in svg
    assert {f'{n}"' for n in (0, 6, 12, 18, 24)} <= set(re.findall(r'>(\d+")<', svg))
    assert proj.point(0, 0)[1] > proj.point(0, 12)[1]  # y = 0 is the south edge, at the bottom
    assert proj.point(24, 0)[0] - proj.point(0, 0)[0] == pytest.approx(24 * proj.scale)


def test_scene_haloes_what_changed_and_crosses_out_what_left():
    before = Scene(100, 100, pieces=[Piece("a", 10, 10, "<rect/>", key="7E4"), Piece("b", 50, 50, "<rect/>", key=1),
                                     Piece("c", 30, 30, "<rect/>", key="7E5")])
    after = Scene(100, 100, pieces=[Piece("a", 20, 10, "<rect/>", key="7E3"), Piece("c", 34, 34, "<rect/>", key="7E5")],
                  panel=[PanelSection("Turn <1>", ["x & y"])])
    changed, gone = changes(before.keys(), after)
    assert changed == {"a"} and gone == [(50, 50)]  # c was only nudged within its stack
    svg = after.svg(changed=changed, gone=gone)
    assert svg.count('class="halo"') == 1 and 'class="gone"' in svg
    assert "Turn &lt;1&gt;" in svg and "x &amp; y" in svg


def test_fragment_keeps_generated_ids_apart():
    import drawsvg

    def clipped():
        clip = drawsvg.ClipPath()
        clip.append(drawsvg.Rectangle(0, 0, 1, 1))
        return drawsvg.Rectangle(0, 0, 2, 2, clip_path=clip)

    one, two = fragment([clipped()], id_prefix="one"), fragment([clipped()], id_prefix="two")
    assert 'id="one' in one and 'id="two' in two and "<svg" not in one
