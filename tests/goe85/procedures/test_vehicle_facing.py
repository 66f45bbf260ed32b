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


@pytest.mark.rule("goe85:15d")
@pytest.mark.rule("goe85:scenario:kill-zone")
def test_a_vehicle_brought_on_the_map_faces_the_corner_its_owner_picks():
    """15d: a vehicle entering by a map edge (Kill Zone's BMP-1 reinforcements, with the Rifle it
    carries) is turned by its owner, before any Opportunity Fire at it; the same in the Reserve
    Phase.  Old behaviour: it entered facing the middle of the board, unasked."""
    from rules_goe85.model.actions import REFUSALS, Block, PlayCard, ReserveMove, Step, Use
    from rules_goe85.model.frames import ReserveFrame

    from ..helpers import _choices, play_through
    from ..refpos import arrange, fresh

    g = fresh("kill-zone")
    units = [("B", "bmp-1", "soviet", "", {"entry": 1}), ("R", "sov-rifle-intensive", "soviet", "", {"entry": 1, "carrier": "B"}),
             ("M", "muj-rifle-intensive", "mujahideen", "8J6")]
    arrange(g, units, hands={"soviet": ["#22"]})
    play_through(g, PlayCard("#22", Block.UPPER, Use.MOVE, "", "entry"))
    step = _choices(g, Step)[0]
    play_through(g, step)
    assert isinstance(g.state.top, FacingChoice) and g.decision.player == "soviet"
    assert [a.facing for a in g.decision.actions] == list(range(6))
    g.apply(Face("B", 2))
    b = g.state.units["B"]
    assert b.facing == 2 and b.hex is not None and g.state.units["R"].carrier == "B"
    # the Reserve Phase: the same question after a reserve entry
    arrange(g, units, frames=[ReserveFrame("soviet")], phase="reserve")
    move = next(a for a in _choices(g, ReserveMove) if a.unit == "B")
    play_through(g, move)
    assert isinstance(g.state.top, FacingChoice)
    g.apply(Face("B", 5))
    assert g.state.units["B"].facing == 5
    assert any(isinstance(a, REFUSALS) for a in g.decision.actions)  # back in the Reserve Phase
