"""Concealment lost at the end of an impulse (GoE 18q): effects/concealment.py."""
import pytest

from rules_goe85.model.events import Rallied

from ..refpos import arrange, fresh


@pytest.mark.rule("goe85:18q")
def test_concealment_is_not_lost_next_to_a_helicopter():
    from rules_goe85.effects.concealment import lose_concealment

    g = fresh()
    arrange(g, [("H1", "mi-24", "soviet", "5C3", {"mode": "hovering"}),
                ("S1", "sov-rifle-intensive", "soviet", "5H3", {"shaken": True}),
                ("M1", "muj-rifle-concealed", "mujahideen", "5C4", {"concealed": True}),
                ("M2", "muj-rifle-concealed", "mujahideen", "5H4", {"concealed": True})])
    g.referee(lose_concealment)  # the end of an impulse
    assert g.state.units["M1"].concealed  # next to a helicopter only
    assert g.state.units["M2"].concealed  # next to a Shaken enemy only
    g.referee(lambda c: c.emit(Rallied("S1")))
    g.referee(lose_concealment)
    assert not g.state.units["M2"].concealed
