"""Unit Abilities (GoE 21)."""
import pytest

from rules_goe85.cards.powers import any_card_plays
from rules_goe85.model.actions import Block, PlayCard, Step, Stop, Use
from rules_goe85.model.frames import FireFrame, Impulse
from rules_goe85.queries.attack_plan import attack_hef
from rules_goe85.effects.attack_start import start_fire
from rules_goe85.queries.fire_options import fire_options
from rules_goe85.queries.card_menu import main_options
from rules_goe85.queries.board import board_for

from ..helpers import decline_empty_windows, play_through
from ..helpers import BLANK, BLANK2, BLANK3, BLANK4, GREEN, RED, RULES, _finish_windows
from ..refpos import arrange, fresh, stack_top


B = board_for("your-papers-please")


# -- 21d Tactical Coordination ------------------------------------------------------------------
@pytest.mark.rule("goe85:21d")
def test_tactical_coordination_clears_a_friend_with_any_card():
    g = fresh()
    arrange(g, [("S1", "sov-lieutenant", "soviet", "5C4"), ("S2", "sov-rifle-intensive", "soviet", "5C5", {"marker": "ops"}),
                ("M1", "muj-rifle-intensive", "mujahideen", "5K0")],
            hands={"soviet": ["#23"]})  # Fire / Rally: no Power, any Action card serves
    play = PlayCard("#23", Block.ANY, Use.TACTICAL_COORDINATION, "S1", "S2")
    assert play in main_options(RULES, g.state, "soviet")
    g.apply(play)
    assert g.state.units["S2"].marker == "" and g.state.units["S1"].marker == "ops"


# -- 21k Indirect Fire --------------------------------------------------------------------------
@pytest.mark.rule("goe85:21k")
def test_indirect_fire_through_an_adjacent_spotter():
    g = fresh()
    b = board_for("your-papers-please")
    assert not b.sees(b.hex("5A2"), b.hex("5A5")) and b.sees(b.hex("5B2"), b.hex("5A5"))
    arrange(g, [("S1", "sov-mortar", "soviet", "5A2"), ("S2", "sov-rifle-intensive", "soviet", "5B2"),
                ("M1", "muj-rifle-intensive", "mujahideen", "5A5", {"concealed": True})],
            hands={"soviet": ["#23", "#8"]},  # #8 Bullet Storm: the attack waits in its Support window
            top=[BLANK, RED])
    assert ("S1", "M1", ()) in fire_options(RULES, g.state, "soviet", use=Use.FIRE)
    assert ("S1", "M1", ("S2",)) not in fire_options(RULES, g.state, "soviet", use=Use.FIRE)  # the firer alone
    assert fire_options(RULES, g.state, "soviet", use=Use.RAPID_FIRE, units=[g.state.units["S1"]]) == []
    g.force_faces([3])  # 3-6: on target
    g.apply(PlayCard("#23", Block.UPPER, Use.FIRE, "S1", "M1"))
    f = next(x for x in g.state.stack if isinstance(x, FireFrame))
    assert f.hef == 2  # HEF 2, range 3 no modifier, clear CF 0
    assert f.degrade == 0  # hits a Concealed unit on a green Hit
    _finish_windows(g)
    assert g.state.units["M1"].shaken and g.state.units["S1"].marker == "fired"


@pytest.mark.rule("goe85:21k")
def test_indirect_fire_miss_lands_next_door():
    g = fresh()
    arrange(g, [("S1", "sov-mortar", "soviet", "5A2"), ("S2", "sov-rifle-intensive", "soviet", "5B2"),
                ("M1", "muj-rifle-intensive", "mujahideen", "5A5")], hands={"soviet": ["#23"]})
    g.force_faces([2])  # 1-2: off to an adjacent hex, which is empty
    g.apply(PlayCard("#23", Block.UPPER, Use.FIRE, "S1", "M1"))
    assert not any(isinstance(x, FireFrame) for x in g.state.stack)
    assert not g.state.units["M1"].shaken and g.state.units["S1"].marker == "fired"


# -- 21m Single Use -----------------------------------------------------------------------------
@pytest.mark.rule("goe85:21m")
def test_single_use_weapon_leaves_after_firing():
    g = fresh()
    arrange(g, [("M1", "muj-recoilless", "mujahideen", "5C4"), ("M2", "muj-rifle-intensive", "mujahideen", "5C4"),
                ("S1", "sov-rifle-intensive", "soviet", "5E4")],
            hands={"mujahideen": ["#23", "#8"]}, top=[BLANK, BLANK2, BLANK3, BLANK4],
            frames=[Impulse("mujahideen", "main")])
    g.apply(PlayCard("#23", Block.UPPER, Use.FIRE, "M1", "S1"))
    assert next(x for x in g.state.stack if isinstance(x, FireFrame)).hef == 4  # 3 +1 range 2
    _finish_windows(g)
    assert "M1" not in g.state.units and g.state.losses["mujahideen"] == 0  # discarded, not eliminated
    assert "M2" in g.state.units


# -- 21i Tactical in assault; 13d the side that suffered more hits retreats ----------------------
@pytest.mark.rule("goe85:21i")
@pytest.mark.rule("goe85:13d")
def test_tactical_hero_redraws_a_miss_in_assault():
    g = fresh()
    arrange(g, [("M1", "muj-rifle-intensive", "mujahideen", "5C4"), ("M2", "aarash", "mujahideen", "5C4"),
                ("S1", "sov-rifle-intensive", "soviet", "5C5")],
            hands={"mujahideen": ["#1"]}, frames=[Impulse("mujahideen", "main")])
    g.apply(PlayCard("#1", Block.LOWER, Use.FAST_MOVE, "", "5C4"))
    g.apply(Step(("M1", "M2"), "5C5"))
    # attackers: HEF 1 + Aarash 2+1 = 4 cards, the first miss redrawn; the defender draws 2
    stack_top(g, [BLANK, RED, BLANK2, "#9", "#8", "#12", "#15"])  # the played #1 among them
    play_through(g, Stop())
    assert g.state.units["S1"].shaken  # the redrawn RED hit it; #9 green is a second hit -> reduced
    assert g.state.units["S1"].reduced
    # 2 hits suffered by the defender, 0 by the attackers: the defender retreats (13d)
    assert g.state.units["S1"].hex != board_for("your-papers-please").hex("5C5")


@pytest.mark.rule("goe85:21f")
@pytest.mark.rule("goe85:18i")
def test_no_move_and_fire_units():
    g = fresh()
    arrange(g, [("M1", "dshk", "mujahideen", "5C6"), ("M2", "rpd", "mujahideen", "5E6"),
                ("S1", "sov-rifle-intensive", "soviet", "5K0")],
            hands={"mujahideen": ["#4"]}, frames=[Impulse("mujahideen", "main")])  # Move & Fire
    opts = main_options(RULES, g.state, "mujahideen")
    assert PlayCard("#4", Block.UPPER, Use.MOVE_FIRE, "M2") in opts and PlayCard("#4", Block.UPPER, Use.MOVE_FIRE, "M1") not in opts


@pytest.mark.rule("goe85:21j")
@pytest.mark.rule("goe85:21l")
def test_elite_and_fanatic_take_any_card():
    g = fresh()
    arrange(g, [("M1", "baddar", "mujahideen", "5C6", {"shaken": True}), ("M2", "aarash", "mujahideen", "5E6", {"shaken": True}),
                ("S1", "sov-rifle-intensive", "soviet", "5K0")])
    plays = any_card_plays(g.state, "mujahideen", "#1")
    assert PlayCard("#1", Block.ANY, Use.BLOODLUST, "M1") in plays
    assert PlayCard("#1", Block.ANY, Use.RALLY, "M2") in plays


@pytest.mark.rule("goe85:21c")
def test_difficult_target_alone():
    assert attack_hef(lead_hef=2, distance=4, cf=0, range_mod=0, difficult=True) == 1
    g = fresh()
    arrange(g, [("S1", "sov-rifle-intensive", "soviet", "5C4"), ("M1", "baddar", "mujahideen", "5E4")],
            then=lambda c: start_fire(RULES, c, "soviet", "fire", "S1", "M1", False))
    assert g.state.top.hef == 2  # 2 +1 range -1 Difficult Target


@pytest.mark.rule("goe85:21i")
def test_tactical_hero_redraws_a_miss():
    g = fresh()
    arrange(g, [("S1", "sov-rifle-intensive", "soviet", "5C4"), ("SH", "yuri", "soviet", "5C4"),
                ("M1", "muj-rifle-intensive", "mujahideen", "5E8")],
            top=[BLANK, GREEN, BLANK2],
            then=lambda c: start_fire(RULES, c, "soviet", "fire", "S1", "M1", False))
    assert g.state.top.redraw
    decline_empty_windows(g)
    while any(isinstance(f, FireFrame) for f in g.state.stack):
        g.apply(g.decision.actions[-1])
        decline_empty_windows(g)
    assert g.state.units["M1"].shaken


@pytest.mark.rule("goe85:21g")
@pytest.mark.rule("goe85:22m")
def test_sniper_and_marksman_ignore_range_and_cover():
    assert attack_hef(lead_hef=2, distance=9, cf=2, range_mod=-1, sniper=True) == 2
    assert attack_hef(lead_hef=1, distance=9, cf=2, range_mod=-1, marksman=True, moving_target=True) == 3


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
    g.apply(PlayCard("#23", Block.UPPER, Use.FIRE, "SM", "MB", supporters=("S2",)))
    # 2 (no range modifier for the Sniper lead) + 2 (the Rifle, bare) - 1 (cover: negation lost)
    # and no -1 for the Difficult Target (not against a Sniper): HEF 3
    notes = [e.text for e in g.events if isinstance(e, Note) and "fires at MB" in e.text]
    assert notes == ["SM fires at MB (5J4): HEF 3"]
    # nine hexes away (range modifier -1 for anyone else): still HEF 3 for the Sniper's group
    arrange(g, [("SM", "malinsky", "soviet", "5A4"), ("S2", "sov-rifle-intensive", "soviet", "5A4"),
                ("MB", "baddar", "mujahideen", "5J4")],
            hands={"soviet": ["#23"]}, top=["#15", "#19", "#12", "#8"])
    assert B.distance(B.hex("5A4"), B.hex("5J4")) == 9 and RULES.tec.he_modifier(9) == -1
    g.apply(PlayCard("#23", Block.UPPER, Use.FIRE, "SM", "MB", supporters=("S2",)))
    notes = [e.text for e in g.events if isinstance(e, Note) and "fires at MB" in e.text]
    assert notes[-1] == "SM fires at MB (5J4): HEF 3"


@pytest.mark.rule("goe85:21h")
@pytest.mark.rule("goe85:10d-attackers")
def test_spraying_fire_when_leading_a_group_or_a_fire_power():
    g = fresh()
    arrange(g, [("SR", "rpk-74", "soviet", "5C2"), ("S2", "sov-rifle-intensive", "soviet", "5C2"),
                ("M1", "muj-rifle-intensive", "mujahideen", "5C4"), ("M2", "muj-rifle-intensive", "mujahideen", "5C4")],
            hands={"soviet": ["#23", "#1"]}, top=[GREEN, "#6", "#9", "#15", "#19"])
    assert PlayCard("#1", Block.POWER, Use.KILL_SHOT, "SR", "hex:5C4") in main_options(RULES, g.state, "soviet")  # 21h with a FIRE Power
    group = PlayCard("#23", Block.UPPER, Use.FIRE, "SR", "hex:5C4", supporters=("S2",))
    assert group in main_options(RULES, g.state, "soviet") and g.check(group) is None  # whole, at the first step
    play_through(g, group)
    # 2 (RPK) +1 (range 2) +2 (the Rifle, bare) = 5 cards, three green Hits spread over the hex:
    # each unit Shaken, then one of them (at random, 21h) reduced
    m1, m2 = g.state.units["M1"], g.state.units["M2"]
    assert m1.shaken and m2.shaken and [m1.reduced, m2.reduced].count(True) == 1
    assert g.state.units["SR"].marker == "fired" and g.state.units["S2"].marker == "fired"
