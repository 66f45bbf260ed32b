"""Artillery (12a) for foot units: a strike may be called on an empty hex, and a hit that cannot
be spread evenly goes to the unit the attacker picks.  Set through the referee."""
import pytest

from rules_goe85.model.actions import PickVictim, Strike
from rules_goe85.queries.board import board_for
from rules_goe85.model.frames import ArtilleryFrame, FireFrame, Impulse

from .helpers import BLANK, GREEN, GREEN2
from .refpos import arrange, fresh

B = board_for("your-papers-please")
GREEN3 = "#9"


@pytest.mark.rule("goe85:12a")
@pytest.mark.rule("goe85:12b")
def test_a_strike_on_an_empty_hex_spreads_its_hits_and_the_attacker_places_the_odd_one():
    g = fresh()
    arrange(g, [("S1", "sov-rifle-intensive", "soviet", "5C2"),
                ("M1", "muj-rifle-intensive", "mujahideen", "5C4"), ("M2", "muj-rifle-intensive", "mujahideen", "5C4")],
            top=[GREEN, GREEN2, GREEN3, BLANK],
            frames=[Impulse("soviet", "main"), ArtilleryFrame("soviet", 3, "card")])
    # 12a: the target hex may be empty (5C5, seen by the spotter), the pattern any two of its neighbours
    call = next(a for a in g.decision.actions if isinstance(a, Strike) and a.target == "5C5"
                and set(a.pattern) == {"5C4", "5C6"})
    g.force_faces([3])  # 3 +1 (Soviet) = 4: on target
    g.apply(call)
    assert g.state.barrage >= {B.hex(x) for x in ("5C5", "5C4", "5C6")}  # 12b
    # 5C4: 3 HEF, no cover against artillery, +1 card for two Soft Targets: 4 cards, three green Hits;
    # every unit takes one before any takes a second; where that leaves a choice the Soviet player picks
    f = g.state.top
    assert isinstance(f, FireFrame) and f.step == "victim" and g.decision.player == "soviet"
    assert {a.unit for a in g.decision.actions} == {"M1", "M2"}
    g.apply(PickVictim("M1"))  # the first hit
    assert g.state.units["M1"].shaken and g.state.units["M2"].shaken  # the second had to go to M2
    assert g.state.top.step == "victim"  # the third: either again
    g.apply(PickVictim("M2"))
    m1, m2 = g.state.units["M1"], g.state.units["M2"]
    assert m1.shaken and not m1.reduced and m2.shaken and m2.reduced
