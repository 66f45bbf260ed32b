"""Who spots for artillery (GoE 12a): the hexes the unshaken friendly units see, read as whole rows
of the LOS table, are the hexes a single check from some spotter sees, Smoke and helicopters included."""
import pytest

from tabletop_core.boards import LineOfSight, LosClass, LosStatus, Overlay

from rules_goe85.model.events import SmokePlaced
from rules_goe85.queries.board import board_for
from rules_goe85.queries.spotting import spotted_hexes

from ..refpos import arrange, fresh

SC = "air-assault"


def _smoked(board, smoke):
    bs = board.state
    for h, level in sorted(smoke.items()):
        bs = bs.place(h, Overlay(name=f"smoke{level}", obstacle=max(bs.terrain(h).obstacle, 1),
                                 los_at_least=LosClass.BLOCKING if level >= 2 else LosClass.DEGRADING))
    return bs


@pytest.mark.rule("goe85:12a")
@pytest.mark.rule("goe85:22f")
@pytest.mark.parametrize("smoke", [{}, {"6E4": 2, "7C3": 1, "6F5": 2, "7H5": 2}])
def test_spotted_hexes_are_the_hexes_some_spotter_sees(smoke):
    board = board_for(SC)
    h = board.hex
    smoke = {h(lab): level for lab, level in smoke.items()}
    g = arrange(fresh(SC), [
        ("R", "sov-rifle-intensive", "soviet", "6C2"),
        ("T", "bmp-1", "soviet", "7G6"),  # a ground vehicle sees as vehicles do (14 F-I)
        ("H", "mi-8", "soviet", "8E5", {"mode": "flying"}),  # one level up (17e)
        ("X", "sov-rifle-intensive", "soviet", "6B2", {"shaken": True}),  # shaken: no spotter
        ("M", "muj-rifle-intensive", "mujahideen", "7E6"),
    ], extra=lambda c: [c.emit(SmokePlaced(x, level)) for x, level in sorted(smoke.items())])
    assert g.state.smoke == smoke
    fresh_los = LineOfSight(_smoked(board, smoke))
    looks = [(h("6C2"), "leg", 0), (h("7G6"), "vehicle", 0), (h("8E5"), "leg", 1)]
    expected = sorted(b for b in board.hexes
                      if any(fresh_los.check(a, b, sight_class=cls, observer_offset=lift).status is not LosStatus.BLOCKED
                             for a, cls, lift in looks))
    got = spotted_hexes(g.state, "soviet")
    assert got == expected
    assert 0 < len(got) < len(board.hexes)


@pytest.mark.rule("goe85:12a")
def test_no_spotter_no_spotted_hex():
    g = arrange(fresh(SC), [("X", "sov-rifle-intensive", "soviet", "6B2", {"shaken": True})])
    assert spotted_hexes(g.state, "soviet") == []
