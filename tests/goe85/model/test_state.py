"""The state's records (model/state.py): a unit replaced field by field."""
import attrs
import pytest

from rules_goe85.model.state import UNIT_FIELDS, Unit, unit_with

FULL = Unit("s1", "sov-rifle-intensive", "soviet", (3, 4), True, True, "fired", True, 2, 5, "landed", "c9")
OTHER = {"uid": "m2", "type": "muj-rifle-intensive", "side": "mujahideen", "hex": None, "reduced": False,
         "shaken": False, "marker": "", "concealed": False, "entry": 0, "facing": -1, "mode": "", "carrier": ""}


def test_unit_with_names_every_field_of_unit_in_order():
    assert UNIT_FIELDS == tuple(a.name for a in attrs.fields(Unit))
    assert set(OTHER) == set(UNIT_FIELDS)


@pytest.mark.parametrize("field", UNIT_FIELDS)
def test_unit_with_changes_one_field_as_evolve_does(field):
    assert unit_with(FULL, **{field: OTHER[field]}) == attrs.evolve(FULL, **{field: OTHER[field]})
    assert unit_with(FULL) == FULL


def test_unit_with_changes_several_and_refuses_a_field_it_lacks():
    assert unit_with(FULL, hex=(1, 1), carrier="") == attrs.evolve(FULL, hex=(1, 1), carrier="")
    with pytest.raises(TypeError, match="no field colour"):
        unit_with(FULL, colour="red")
