"""Stacking (GoE 9)."""
import pytest

from rules_goe85.model.state import Unit
from rules_goe85.queries.units import stacking_ok, units_at

from ..helpers import DATA, game


def U(uid, tid, side="mujahideen", **kw):
    return Unit(uid, tid, side, (0, 0), **kw)


@pytest.mark.rule("goe85:9")
def test_stacking_examples():
    assert stacking_ok([U("a", "muj-rifle-intensive"), U("b", "muj-rifle-intensive"), U("h", "aarash")])
    assert not stacking_ok([U("a", "muj-rifle-intensive"), U("b", "muj-rifle-intensive"), U("c", "rpd")])
    assert stacking_ok([U("a", "muj-rifle-intensive"), U("t", "t-55"), U("h", "aarash")])
    assert not stacking_ok([U("h", "aarash"), U("d", "dadvar")])


# -- 9, 15d: vehicles at set-up -------------------------------------------------------------------
@pytest.mark.rule("goe85:9")
@pytest.mark.rule("goe85:scenario:jalalabad")
def test_default_deployment_never_stacks_two_vehicles():
    g = game("jalalabad")
    hexes = {u.hex for u in g.state.units.values() if u.hex is not None}
    assert all(stacking_ok(units_at(g.state, h)) for h in hexes)
    vehicles = [u for u in g.state.units.values() if u.hex is not None and DATA.units[u.type].kind == "vehicle"]
    assert len({u.hex for u in vehicles}) == len(vehicles)


@pytest.mark.rule("goe85:9")
def test_vehicle_stacking():
    assert not stacking_ok([U("a", "t-55", "soviet"), U("b", "bmp-1", "soviet")])  # one ground vehicle
    assert stacking_ok([U("a", "sov-rifle-intensive", "soviet"), U("b", "sov-rifle-intensive", "soviet"), U("c", "btr-70", "soviet"),
                        U("p", "sov-rifle-marksman", carrier="c")])  # 9 example: the passenger does not count
    assert not stacking_ok([U("a", "bmp-1", "soviet"), U("h", "mi-8", mode="landed")])  # landed: a ground vehicle
    assert stacking_ok([U("a", "bmp-1", "soviet"), U("h", "mi-8", mode="hovering")])
    assert not stacking_ok([U("h", "mi-8", mode="flying"), U("i", "mi-24", mode="hovering")])  # one air unit
