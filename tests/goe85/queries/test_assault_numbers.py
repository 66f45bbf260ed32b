"""An assault's numbers (GoE 13a-13d, 21a, 21b): queries/assault_numbers.py."""
import pytest

from rules_goe85.model.state import Unit
from rules_goe85.queries.assault_numbers import assault_hef, distribute, loser


def U(uid, tid, side="mujahideen", **kw):
    return Unit(uid, tid, side, (0, 0), **kw)


@pytest.mark.rule("goe85:13b")
@pytest.mark.rule("goe85:13f")
def test_assault_hits_spread_shaken_then_reduced_then_eliminated():
    rifle, bmp = U("r", "muj-rifle-intensive"), U("v", "bmp-1")
    assert distribute([bmp, rifle], 4) == ["v", "r", "r", "v"]


@pytest.mark.rule("goe85:13a")
@pytest.mark.rule("goe85:21a")
@pytest.mark.rule("goe85:21b")
@pytest.mark.rule("goe85:13d")
def test_assault_numbers():
    assert assault_hef([U("a", "spetsnaz", "soviet")]) == 4  # Assault+ adds 1
    assert assault_hef([U("a", "dshk")]) == 1  # no Assault ability: defends with 1
    assert loser(2, 2) == "attacker" and loser(1, 3) == "defender"
