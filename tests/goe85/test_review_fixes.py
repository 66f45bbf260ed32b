"""Rules-lawyer review of the rows marked done: each test pins a discrepancy found and fixed
(22i Aggressive reconstitutes, 22f Prep Fire picks among every unit, 22m / 11a the Marksman Power
as Opportunity Fire).  Positions are set through the referee."""
import pytest

from tabletop_core.events import NumberDrawn

from rules_goe85.board import board_for
from rules_goe85.state import Impulse, OppFireWindow, Play, UnitHit

from .helpers import GREEN
from .refpos import arrange, fresh

B = board_for("your-papers-please")
BLANK3, BLANK4 = "#15", "#19"  # no Hit


@pytest.mark.rule("goe85:22i")
@pytest.mark.rule("goe85:18b")
def test_aggressive_bloodlusts_every_eligible_unit_of_the_hex_rally_or_reconstitute():
    g = fresh()
    arrange(g, [("SG", "glukhov", "soviet", "5C4", {"shaken": True, "marker": "fired"}),
                ("S2", "sov-rifle-intensive", "soviet", "5C4", {"reduced": True}),
                ("S3", "sov-rifle-intensive", "soviet", "5C4", {"shaken": True, "marker": "ops"}),
                ("M1", "muj-rifle-intensive", "mujahideen", "5K8")],
            hands={"soviet": ["#1"]})
    play = Play("#1", "power", "aggressive", "SG")
    assert play in g.decision.actions  # the Power's unit: any status
    g.apply(play)
    u = g.state.units
    assert not u["SG"].shaken and u["SG"].marker == "ops"  # rallied, Ops Complete for using a Power
    assert not u["S2"].reduced and u["S2"].marker == ""  # 18b: reconstituted, no Ops Complete
    assert u["S3"].shaken  # not an Eligible Unit: no Bloodlust for it


@pytest.mark.rule("goe85:22f")
def test_prep_fire_picks_its_random_unit_among_every_unit_in_the_hex():
    g = fresh()
    arrange(g, [("SP", "sov-rifle-prep", "soviet", "5C2"),
                ("M1", "muj-rifle-intensive", "mujahideen", "5C4", {"shaken": True}),
                ("M2", "muj-rifle-intensive", "mujahideen", "5C4")],
            hands={"soviet": ["#1"]}, top=[GREEN])
    g.apply(Play("#1", "power", "prep_fire", "SP", "5C4"))
    # a green Hit: one random unit of the two; if it is the Shaken M1 nothing more happens
    drawn = [e for e in g.events if isinstance(e, NumberDrawn) and e.reason.startswith("Prep Fire")]
    assert len(drawn) == 1 and (drawn[0].low, drawn[0].high) == (0, 1)
    picked = ("M1", "M2")[drawn[0].value]
    hits = [e.uid for e in g.events if isinstance(e, UnitHit)]
    assert hits == ([] if picked == "M1" else ["M2"])
    assert g.state.smoke[B.hex("5C4")] == 2


@pytest.mark.rule("goe85:22m")
@pytest.mark.rule("goe85:11a")
def test_the_marksman_power_may_be_used_as_opportunity_fire():
    g = fresh()
    arrange(g, [("S1", "sov-rifle-marksman", "soviet", "5C2"), ("M1", "muj-rifle-intensive", "mujahideen", "5C5")],
            hands={"soviet": ["#1"]}, top=[GREEN, BLANK3, BLANK4],
            frames=[Impulse("mujahideen", "main"), OppFireWindow("soviet", "M1", B.hex("5C5"))])
    play = Play("#1", "power", "marksman", "S1", "M1")
    assert play in g.decision.actions
    g.apply(play)
    # 22m: HEF 2, no range or terrain, +1 against a moving target: 3 cards, one green Hit
    m1 = g.state.units["M1"]
    assert m1.shaken and m1.marker == "ops"  # 11a: hit, it stops, Ops Complete
    assert g.state.units["S1"].marker == "ops"  # a Power
    assert g.state.decks["action"].piles["discard"][-3:] == [GREEN, BLANK3, BLANK4]
