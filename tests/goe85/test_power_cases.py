"""Rules-lawyer review of the rows marked done: each test pins a discrepancy found and fixed
(22i Aggressive reconstitutes, 22f Prep Fire picks among every unit, 22m / 11a the Marksman Power
as Opportunity Fire).  Positions are set through the referee."""
import pytest

from tabletop_core.events import NumberDrawn

from rules_goe85.model.actions import Block, PlayCard, PlayReaction, Use
from rules_goe85.queries.board import board_for
from rules_goe85.model.frames import Impulse, OppFireWindow
from rules_goe85.model.events import Rallied, UnitHit

from .helpers import GREEN, RULES
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
    play = PlayCard("#1", Block.POWER, Use.AGGRESSIVE, "SG")
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
    g.apply(PlayCard("#1", Block.POWER, Use.PREP_FIRE, "SP", "5C4"))
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
    play = PlayCard("#1", Block.POWER, Use.MARKSMAN, "S1", "M1")
    assert play in g.decision.actions
    g.apply(play)
    # 22m: HEF 2, no range or terrain, +1 against a moving target: 3 cards, one green Hit
    m1 = g.state.units["M1"]
    assert m1.shaken and m1.marker == "ops"  # 11a: hit, it stops, Ops Complete
    assert g.state.units["S1"].marker == "ops"  # a Power
    assert g.state.decks["action"].piles["discard"][-3:] == [GREEN, BLANK3, BLANK4]


@pytest.mark.rule("goe85:21g")
@pytest.mark.rule("goe85:21c")
@pytest.mark.rule("goe85:10d-attackers")
def test_a_sniper_leading_a_group_keeps_its_range_rule_but_loses_cover_negation():
    from rules_goe85.model.events import Note

    g = fresh()
    # Malinsky (Sniper, HEF 2) and a Rifle (HEF 2) fire together at Baddar (Difficult Target), alone
    # in the brush of 5J4 (CF 1), four hexes away
    arrange(g, [("SM", "malinsky", "soviet", "5F4"), ("S2", "sov-rifle-intensive", "soviet", "5F4"),
                ("MB", "baddar", "mujahideen", "5J4")],
            hands={"soviet": ["#23"]}, top=["#15", "#19", "#12", "#8"])
    assert B.distance(B.hex("5F4"), B.hex("5J4")) == 4 and B.cf(B.hex("5J4")) == 1
    g.apply(PlayCard("#23", Block.UPPER, Use.FIRE, "SM", "MB", group=True))
    # 2 (no range modifier for the Sniper lead) + 2 (the Rifle, bare) - 1 (cover: negation lost)
    # and no -1 for the Difficult Target (not against a Sniper): HEF 3
    notes = [e.text for e in g.events if isinstance(e, Note) and "fires at MB" in e.text]
    assert notes == ["SM fires at MB (5J4): HEF 3"]
    # nine hexes away (range modifier -1 for anyone else): still HEF 3 for the Sniper's group
    arrange(g, [("SM", "malinsky", "soviet", "5A4"), ("S2", "sov-rifle-intensive", "soviet", "5A4"),
                ("MB", "baddar", "mujahideen", "5J4")],
            hands={"soviet": ["#23"]}, top=["#15", "#19", "#12", "#8"])
    assert B.distance(B.hex("5A4"), B.hex("5J4")) == 9 and RULES.tec.he_modifier(9) == -1
    g.apply(PlayCard("#23", Block.UPPER, Use.FIRE, "SM", "MB", group=True))
    notes = [e.text for e in g.events if isinstance(e, Note) and "fires at MB" in e.text]
    assert notes[-1] == "SM fires at MB (5J4): HEF 3"


@pytest.mark.rule("goe85:21h")
@pytest.mark.rule("goe85:10d-attackers")
def test_spraying_fire_when_leading_a_group_or_a_fire_power():
    g = fresh()
    arrange(g, [("SR", "rpk-74", "soviet", "5C2"), ("S2", "sov-rifle-intensive", "soviet", "5C2"),
                ("M1", "muj-rifle-intensive", "mujahideen", "5C4"), ("M2", "muj-rifle-intensive", "mujahideen", "5C4")],
            hands={"soviet": ["#23", "#1"]}, top=[GREEN, "#6", "#9", "#15", "#19"])
    assert PlayCard("#1", Block.POWER, Use.KILL_SHOT, "SR", "hex:5C4") in g.decision.actions  # 21h with a FIRE Power
    group = PlayCard("#23", Block.UPPER, Use.FIRE, "SR", "hex:5C4", group=True)
    assert group in g.decision.actions
    g.apply(group)
    # 2 (RPK) +1 (range 2) +2 (the Rifle, bare) = 5 cards, three green Hits spread over the hex:
    # each unit Shaken, then one of them (at random, 21h) reduced
    m1, m2 = g.state.units["M1"], g.state.units["M2"]
    assert m1.shaken and m2.shaken and [m1.reduced, m2.reduced].count(True) == 1
    assert g.state.units["SR"].marker == "fired" and g.state.units["S2"].marker == "fired"


@pytest.mark.rule("goe85:18q")
def test_concealment_is_not_lost_next_to_a_helicopter():
    from rules_goe85.cards.powers import lose_concealment

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


@pytest.mark.rule("goe85:scenario:hammer-and-anvil")
@pytest.mark.rule("goe85:13d")
def test_booby_trap_on_a_soviet_unit_retreating_into_a_building():
    from rules_goe85.model.frames import AssaultFrame

    g = fresh("hammer-and-anvil")
    hb = board_for("hammer-and-anvil")
    house = hb.hex("5E3")
    assert hb.row(house).building
    target = sorted(hb.neighbours[house])[0]
    arrange(g, [("S1", "spetsnaz", "soviet", hb.label(target)), ("M1", "muj-rifle-intensive", "mujahideen", hb.label(target))],
            hands={"mujahideen": ["#12"]},  # Artillery / Fast Move: a Booby Trap in this scenario
            top=["#1", "#4", "#15", "#23", GREEN, "#6", "#8"],
            frames=[Impulse("soviet", "main"), AssaultFrame(side="soviet", hex=target, attackers=(("S1", house),))])
    # Spetsnaz 3 +1 (Assault+): 4 blanks; the Mujahideen rifle: a green Hit; the attacker goes back
    # into the building it came from: a combat-directed retreat, 2 HEF Booby Trap
    assert g.state.units["S1"].hex == house and g.state.units["S1"].shaken
    assert g.decision.player == "mujahideen"
    g.apply(PlayReaction("#12", Use.BOOBY_TRAP, "S1"))
    assert g.state.units["S1"].reduced  # 2 cards: a green Hit, a blank
