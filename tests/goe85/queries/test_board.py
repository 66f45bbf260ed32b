"""Line of sight (GoE 14) through the board, with the rulebook's example situations."""
import pytest

from tabletop_core.boards import Board, LineOfSight, LosStatus, MapDef

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
