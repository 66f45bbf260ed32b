"""Artillery (12a, 12b) and line of sight (14) through the board, with the rulebook's examples."""
import pytest

from tabletop_core.boards import Board, LineOfSight, LosStatus, MapDef

from rules_goe85.procedures.artillery import hex_draws, on_target, strike
from rules_goe85.queries.board import board_for
from rules_goe85.data.components import game_data, hex_terrain
from rules_goe85.model.frames import FireFrame

from .helpers import BLANK, RULES, ctx, game, position, run, stack_deck

TEC = game_data().tec


@pytest.mark.rule("goe85:12a")
def test_artillery_example_numbers():
    assert on_target(3, "soviet", degraded=False)  # 3 +1 = 4: on target
    assert not on_target(3, "mujahideen", degraded=False)
    assert not on_target(4, "soviet", degraded=True) is False  # 4 +1 -1 = 4 still on target
    assert not on_target(3, "soviet", degraded=True)
    hill = TEC.rows["hill"].cf_artillery
    assert hex_draws(3, hill, 1) == 3 and hex_draws(3, hill, 2) == 4 and hex_draws(3, hill, 0) == 0


@pytest.mark.rule("goe85:12a")
@pytest.mark.rule("goe85:12b")
def test_artillery_pattern_on_a_hill():
    g = game("9th-company")
    position(g, [("S1", "spetsnaz", "soviet", "6E7"), ("M1", "muj-rifle-intensive", "mujahideen", "6E4"),
                 ("M2", "muj-rifle-intensive", "mujahideen", "6E5"), ("M3", "muj-rifle-intensive", "mujahideen", "6F4"),
                 ("M4", "rpd", "mujahideen", "6F4")])
    b = board_for("9th-company")
    pattern = [b.hex("6E5"), b.hex("6E4"), b.hex("6F4")]
    assert all(b.adjacent(pattern[0], h) for h in pattern[1:])
    strike(RULES, ctx(g), "soviet", 3, pattern)
    frames = [f for f in g.state.stack if isinstance(f, FireFrame)]
    assert [f.hef for f in reversed(frames)] == [3, 3, 4]  # 1, 1 and 2 units, hills give no cover
    assert set(pattern) <= g.state.barrage
    stack_deck(g, [BLANK] * 12)
    run(g)
    assert not g.state.stack or not isinstance(g.state.top, FireFrame)


def _line_board(kinds):
    """A one-map board: hexes named in ``kinds`` (label -> (kind, level)), the rest clear."""
    terrain = {lab[1:]: hex_terrain(TEC, k, lvl) for lab, (k, lvl) in kinds.items()}
    m = MapDef.standard("1", 11, 8, terrain=terrain, default=hex_terrain(TEC, "clear", 0))
    from tabletop_core.boards import BoardState

    return BoardState(Board.build([m]))


def _los(state, a, b, sight="leg"):
    bd = state.board
    return LineOfSight(state).check(bd.hex(a), bd.hex(b), sight_class=sight).status


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
