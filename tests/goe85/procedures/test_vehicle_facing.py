"""A vehicle's facing at set-up (GoE 15d)."""
import pytest

from tabletop_core.game import Game

from rules_goe85.model.actions import Face, Place
from rules_goe85.model.frames import FacingChoice

from ..helpers import DATA, RULES


@pytest.mark.rule("goe85:15d")
def test_a_vehicle_set_up_faces_the_corner_its_owner_picks():
    g = Game.start(RULES, "jalalabad", seed=0)  # set-up as a decision phase
    while g.state.result is None and not isinstance(g.state.top, FacingChoice):
        place = g.decision.actions[0]
        assert isinstance(place, Place)
        g.apply(place)
    uid = g.state.top.uid
    assert DATA.units[g.state.units[uid].type].kind in ("vehicle", "truck", "helicopter")
    assert [a.facing for a in g.decision.actions] == list(range(6))
    g.apply(Face(uid, 4))
    assert g.state.units[uid].facing == 4
