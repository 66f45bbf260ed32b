"""Rally (16), Second Wind, concealment (18q) and the Powers (22)."""
import pytest

from tabletop_core.events import NumberDrawn

from rules_goe85.cards.powers import conceal_hexes, power_plays, rally_targets
from rules_goe85.model.actions import REFUSALS, Block, PlayCard, PlayReaction, Step, Stop, Use
from rules_goe85.model.events import TargetNoted, UnitHit
from rules_goe85.model.frames import FireFrame, Impulse, OppFireWindow
from rules_goe85.effects.attack_start import start_fire
from rules_goe85.queries.card_menu import main_options
from rules_goe85.queries.board import board_for

from ..helpers import decline_empty_windows, impulse_plays, play_through
from ..helpers import BLANK, BLANK2, BLANK3, BLANK4, GOLD, GREEN, GREEN2, RED, RED2, RULES, _assault, _finish_windows, _react
from ..refpos import arrange, emit, fresh, play_until


# -- 22g Brutal ---------------------------------------------------------------------------------
def _brutal_assault(power: bool):
    g = fresh()
    arrange(g, [("M1", "muj-rifle-brutal", "mujahideen", "5C4"), ("S1", "sov-rifle-intensive", "soviet", "5C5")],
            hands={"mujahideen": ["#1"]},
            top=[RED, BLANK3, BLANK2],  # attacker draws 1 (a hit), defender 2 (no hit)
            frames=[Impulse("mujahideen", "main")])
    g.apply(PlayCard("#1", Block.POWER, Use.BRUTAL, "M1") if power else PlayCard("#1", Block.LOWER, Use.FAST_MOVE, "", "5C4"))
    g.apply(Step(("M1",), "5C5"))
    play_through(g, Stop())
    return g


B = board_for("your-papers-please")


def SmokePlacedAt(h):
    from rules_goe85.model.events import SmokePlaced

    return SmokePlaced(h, 2)


# -- 22o Mortar ---------------------------------------------------------------------------------
@pytest.mark.rule("goe85:22o")
def test_mortar_power_is_a_three_hef_strike_on_one_hex():
    g = fresh()
    arrange(g, [("S1", "sov-mortar", "soviet", "5A2"), ("S2", "sov-rifle-intensive", "soviet", "5B2"),
                ("M1", "muj-rifle-intensive", "mujahideen", "5A5"), ("M2", "muj-rifle-intensive", "mujahideen", "5A5")],
            hands={"soviet": ["#1"],  # a Power card
                   "mujahideen": ["#18"]})  # Unexpected Cover: the strike waits in its Reaction window
    play = PlayCard("#1", Block.POWER, Use.MORTAR, "S1", "5A5")
    assert play in main_options(RULES, g.state, "soviet")
    g.force_faces([3])
    g.apply(play)
    frames = [x for x in g.state.stack if isinstance(x, FireFrame)]
    assert len(frames) == 1 and frames[0].hef == 4  # 3 HEF, +1 card for two units, no cover
    assert g.state.barrage == {board_for("your-papers-please").hex("5A5")}  # 12b
    assert g.state.units["S1"].marker == "ops"


# -- 22l Rapid Fire -----------------------------------------------------------------------------
@pytest.mark.rule("goe85:22l")
def test_rapid_fire_attacks_two_hexes_with_two_hef_each():
    g = fresh()
    b = board_for("your-papers-please")
    assert b.cf(b.hex("5E4")) == 0 and b.cf(b.hex("5E5")) == 0
    arrange(g, [("S1", "sov-pkm", "soviet", "5C4"), ("M1", "muj-rifle-intensive", "mujahideen", "5E4"),
                ("M2", "muj-rifle-intensive", "mujahideen", "5E5"), ("M3", "muj-rifle-intensive", "mujahideen", "5H4")],
            hands={"soviet": ["#1", "#8"]}, top=[RED, BLANK2, BLANK3, RED2, BLANK4, "#23"])
    opts = main_options(RULES, g.state, "soviet")
    assert PlayCard("#1", Block.POWER, Use.RAPID_FIRE, "S1", "M1", second="M2") in opts
    assert not any(o.use == "rapid_fire" and {o.target, o.second} == {"M1", "M3"} for o in opts)  # 3 hexes apart
    g.apply(PlayCard("#1", Block.POWER, Use.RAPID_FIRE, "S1", "M1", second="M2"))
    frames = [x for x in g.state.stack if isinstance(x, FireFrame)]
    assert [(x.targets, x.hef) for x in reversed(frames)] == [(("M1",), 3), (("M2",), 3)]  # 2 +1 range 2
    _finish_windows(g)
    assert g.state.units["M1"].shaken and g.state.units["M2"].shaken
    assert g.state.units["S1"].marker == "ops"


@pytest.mark.rule("goe85:22g")
def test_brutal_assault_eliminates_the_defender_that_must_retreat():
    g = _brutal_assault(power=True)
    assert "S1" not in g.state.units and g.state.units["M1"].hex == board_for("your-papers-please").hex("5C5")
    g = _brutal_assault(power=False)  # the same assault without Brutal: the defender retreats (13d)
    assert g.state.units["S1"].shaken and g.state.units["S1"].hex != board_for("your-papers-please").hex("5C5")


@pytest.mark.rule("goe85:22n")
@pytest.mark.rule("goe85:13d")
def test_resilient_takes_one_hit_off_and_counts_as_not_suffered():
    g = fresh()
    arrange(g, [("S1", "sov-rifle-intensive", "soviet", "5C4"), ("M1", "muj-rifle-resilient", "mujahideen", "5C4")],
            hands={"mujahideen": ["#10"]},  # a Power card
            top=[GREEN, BLANK, GREEN2],  # the attacker: 1 hit of 2 cards; the defender: 1 hit
            frames=_assault(g, [("S1", "5C3")], "5C4"))
    assert g.state.top.pending == "M1"
    play_through(g, _react(g, "resilient"))  # 22n: no damage from this hit; the Power leaves M1 Ops Complete
    # the defender's hit on S1 lands; 13d: the attacker suffered 1, the defender 0: the attacker retreats
    assert not g.state.units["M1"].shaken and g.state.units["S1"].shaken
    assert g.state.units["S1"].hex == B.hex("5C3") and g.state.units["M1"].hex == B.hex("5C4")


@pytest.mark.rule("goe85:18n")
@pytest.mark.rule("goe85:18p")
def test_reload_and_fire_and_second_wind():
    g = fresh()
    arrange(g, [("S1", "sov-rifle-intensive", "soviet", "5C4", {"marker": "fired"}),
                ("M1", "muj-rifle-intensive", "mujahideen", "5E4")],
            hands={"soviet": ["#11", "#18"]},  # Reload & Fire / Fire ; Second Wind / Unexpected Cover
            top=[BLANK, BLANK2, BLANK3, BLANK4, "#23"],
            extra=lambda c: c.emit(TargetNoted("S1", "M1")))  # S1 fired at M1 earlier this turn
    opts = main_options(RULES, g.state, "soviet")
    assert PlayCard("#11", Block.UPPER, Use.RELOAD_FIRE, "S1", "M1") in opts
    assert PlayCard("#18", Block.UPPER, Use.SECOND_WIND, "S1") in opts
    g.apply(PlayCard("#11", Block.UPPER, Use.RELOAD_FIRE, "S1", "M1"))
    while any(isinstance(f, FireFrame) for f in g.state.stack):
        g.apply(next(a for a in g.decision.actions if isinstance(a, REFUSALS)))
    assert g.state.units["S1"].marker == "ops"  # 18n: Ops Complete afterwards


@pytest.mark.rule("goe85:22c")
@pytest.mark.rule("goe85:22i")
@pytest.mark.rule("goe85:22f")
def test_leadership_aggressive_prep_fire():
    units = [("SH", "yuri", "soviet", "5C4"), ("S1", "sov-rifle-intensive", "soviet", "5C5", {"marker": "fired"}),
             ("SG", "glukhov", "soviet", "5E5", {"marker": "ops"}), ("S2", "sov-rifle-intensive", "soviet", "5E5", {"shaken": True}),
             ("SP", "sov-rifle-prep", "soviet", "5C2"), ("M1", "muj-rifle-intensive", "mujahideen", "5E3"),
             ("M2", "muj-rifle-intensive", "mujahideen", "5E3")]
    g = arrange(fresh(), units, hands={"soviet": ["#1"]})
    plays = power_plays(g.state, "soviet", "#1")
    assert PlayCard("#1", Block.POWER, Use.LEADERSHIP, "SH", "S1") in plays
    assert PlayCard("#1", Block.POWER, Use.AGGRESSIVE, "SG") in plays  # any status
    play_through(g, PlayCard("#1", Block.POWER, Use.LEADERSHIP, "SH", "S1"))
    assert g.state.units["S1"].marker == "" and g.state.units["SH"].marker == "ops"
    g = arrange(fresh(), units, hands={"soviet": ["#1"]})
    play_through(g, PlayCard("#1", Block.POWER, Use.AGGRESSIVE, "SG"))
    assert not g.state.units["S2"].shaken
    g = arrange(fresh(), units, hands={"soviet": ["#1"]}, top=[GOLD])
    assert PlayCard("#1", Block.POWER, Use.PREP_FIRE, "SP", "5E3") in power_plays(g.state, "soviet", "#1")
    play_through(g, PlayCard("#1", Block.POWER, Use.PREP_FIRE, "SP", "5E3"))
    assert g.state.units["M1"].shaken and g.state.units["M2"].shaken  # gold Hit: two units Shaken


@pytest.mark.rule("goe85:22n")
def test_resilient_power_as_a_reaction():
    g = fresh()
    arrange(g, [("S1", "sov-rifle-intensive", "soviet", "5C4"),
                ("M1", "muj-rifle-resilient", "mujahideen", "5E4", {"marker": "ops"})],
            hands={"mujahideen": ["#10"]},  # a Power card
            top=[GREEN, BLANK, BLANK2],
            then=lambda c: start_fire(RULES, c, "soviet", "fire", "S1", "M1", False))  # S1 fires in its impulse
    decline_empty_windows(g)
    assert g.decision.player == "mujahideen" and PlayReaction("#10", Use.RESILIENT, "M1") in g.decision.actions
    g.apply(PlayReaction("#10", Use.RESILIENT, "M1"))
    assert not g.state.units["M1"].shaken


@pytest.mark.rule("goe85:18l")
@pytest.mark.rule("goe85:18m")
@pytest.mark.rule("goe85:4d")
@pytest.mark.rule("goe85:4g")
def test_rally2_and_reinforcements_in_an_impulse():
    g = fresh()
    arrange(g, [("S1", "sov-rifle-intensive", "soviet", "5C4", {"shaken": True}),
                ("S2", "rpk-74", "soviet", "5C5", {"shaken": True}), ("M1", "muj-rifle-intensive", "mujahideen", "5K8")],
            hands={"soviet": ["#38", "#3"]})  # Fire / Rally 2 ; Reinforcements / Glancing Shot
    assert g.decision.player == "soviet"  # the phasing player decides
    assert PlayCard("#38", Block.LOWER, Use.RALLY2, "S1", "S2") in impulse_plays(g)
    size = len(g.state.decks["action"].piles["hand:soviet"])
    g.apply(PlayCard("#3", Block.UPPER, Use.REINFORCEMENTS))
    assert len(g.state.decks["action"].piles["hand:soviet"]) == size  # played one, drew one
    assert g.state.top.step == "main"  # and may take another action
    g.apply(PlayCard("#38", Block.LOWER, Use.RALLY2, "S1", "S2"))
    assert not g.state.units["S1"].shaken and not g.state.units["S2"].shaken
    assert g.state.units["S1"].marker == g.state.units["S2"].marker == "ops"
    assert g.state.top.step == "discard"


@pytest.mark.rule("goe85:22f")
@pytest.mark.rule("goe85:4a")
@pytest.mark.rule("goe85:5g")
def test_prep_fire_smoke_blocks_then_fades():
    from rules_goe85.model.events import CleanedUp

    g = fresh()
    arrange(g, [("SP", "sov-rifle-prep", "soviet", "5G2"), ("S1", "sov-rifle-intensive", "soviet", "5G4"),
                ("M1", "muj-rifle-intensive", "mujahideen", "5G6")], hands={"soviet": ["#1"]})
    b = board_for(g.state.scenario)
    assert b.sight(g.state).los(b.hex("5G4"), b.hex("5G6")) == 0
    assert PlayCard("#1", Block.POWER, Use.PREP_FIRE, "SP", "5I2") in power_plays(g.state, "soviet", "#1")  # an empty hex
    play_through(g, PlayCard("#1", Block.POWER, Use.PREP_FIRE, "SP", "5I2"))
    assert g.state.smoke == {b.hex("5I2"): 2} and g.state.units["SP"].marker == "ops"
    emit(g, SmokePlacedAt(b.hex("5G5")))  # a second Smoke 2, placed by the referee
    assert not b.sight(g.state).sees(b.hex("5G4"), b.hex("5G6"))  # Smoke 2 blocks (our reading)
    turn = g.state.turn
    play_until(g, lambda g: g.state.turn == turn + 1)  # 5g: the end of the turn cleans up
    assert any(isinstance(e, CleanedUp) for e in g.events)
    assert g.state.smoke == {b.hex("5I2"): 1, b.hex("5G5"): 1}  # Smoke 2 fades to Smoke 1
    assert b.sight(g.state).los(b.hex("5G4"), b.hex("5G6")) == 1  # Smoke 1 degrades
    play_until(g, lambda g: g.state.turn == turn + 2)
    assert g.state.smoke == {}


@pytest.mark.rule("goe85:16a")
@pytest.mark.rule("goe85:16b")
@pytest.mark.rule("goe85:18k")
@pytest.mark.rule("goe85:18b")
def test_rally_and_reconstitution():
    g = fresh()
    muj = [Impulse("mujahideen", "main")]
    arrange(g, [("M1", "muj-rifle-intensive", "mujahideen", "5C4", {"shaken": True, "reduced": True}),
                ("M2", "rpd", "mujahideen", "5E6", {"reduced": True}), ("S1", "sov-rifle-intensive", "soviet", "5C3")],
            hands={"mujahideen": ["#5"]}, frames=muj)
    t = dict(rally_targets(g.state, "mujahideen"))
    assert t == {"M1": "rally", "M2": "reconstitute"}
    play_through(g, PlayCard("#5", Block.LOWER, Use.RALLY, "M1"))
    assert not g.state.units["M1"].shaken and g.state.units["M1"].marker == "ops"
    arrange(g, [("M1", "muj-rifle-intensive", "mujahideen", "5C4", {"reduced": True, "marker": "ops"}),
                ("M2", "rpd", "mujahideen", "5E6", {"reduced": True}), ("S1", "sov-rifle-intensive", "soviet", "5C3")],
            hands={"mujahideen": ["#9"]}, frames=muj)  # the next impulse
    play_through(g, PlayCard("#9", Block.LOWER, Use.BLOODLUST, "M2", reconstitute=True))
    assert not g.state.units["M2"].reduced and g.state.units["M2"].marker == ""
    # reduced and adjacent to an enemy: no reconstitution
    assert "M1" not in dict(rally_targets(g.state, "mujahideen", any_status=True))


@pytest.mark.rule("goe85:18q")
@pytest.mark.rule("goe85:22p")
def test_concealment_needs_cover_and_no_adjacent_enemy():
    g = fresh()
    arrange(g, [("M1", "muj-rifle-concealed", "mujahideen", "5C7"), ("M2", "rpd", "mujahideen", "5E5"),
                ("S1", "sov-rifle-intensive", "soviet", "5K0")])
    b = board_for(g.state.scenario)
    assert conceal_hexes(g.state, "mujahideen") == [b.hex("5C7")]  # woods, not the open 5E5


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
    assert play in impulse_plays(g)  # the Power's unit: any status
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
    play_through(g, play)
    # 22m: HEF 2, no range or terrain, +1 against a moving target: 3 cards, one green Hit
    m1 = g.state.units["M1"]
    assert m1.shaken and m1.marker == "ops"  # 11a: hit, it stops, Ops Complete
    assert g.state.units["S1"].marker == "ops"  # a Power
    assert g.state.decks["action"].piles["discard"][-3:] == [GREEN, BLANK3, BLANK4]


# -- 22k: Sagger ------------------------------------------------------------------------------------
@pytest.mark.rule("goe85:22k")
def test_sagger_he_against_leg_units_one_or_three_in_a_building():
    g = fresh()
    rifle = "5C6"
    arrange(g, [("S", "bmp-1-sagger", "soviet", "5A0", {"facing": 3}), ("M", "muj-rifle-intensive", "mujahideen", rifle)],
            hands={"soviet": ["#16"]})
    d = B.distance(B.hex("5A0"), B.hex(rifle))
    assert d == 7 and B.sees(B.hex("5A0"), B.hex(rifle), "vehicle")
    play = PlayCard("#16", Block.POWER, Use.SAGGER, "S", "M", he=True)
    assert play in main_options(RULES, g.state, "soviet")
    play_through(g, play)
    hef = 1 + (RULES.tec.he_modifier(d) or 0) - B.cf(B.hex(rifle))  # HEF 1, the usual modifiers
    assert any(getattr(e, "text", "") == f"S fires at M ({rifle}): HEF {hef}" for e in g.events)
    assert g.state.units["S"].marker == "ops"  # a Power: Ops Complete (22)
    arrange(g, [("S", "bmp-1-sagger", "soviet", "5A0", {"facing": 3}), ("M", "muj-rifle-intensive", "mujahideen", "5B2")],
            hands={"soviet": ["#16"]})
    assert not any(isinstance(o, PlayCard) and o.use == "sagger" for o in main_options(RULES, g.state, "soviet"))  # < 7
    from rules_goe85.procedures.vehicles import sagger_hef

    building = next(h for h in B.hexes if B.row(h).building)
    arrange(g, [("M", "muj-rifle-intensive", "mujahideen", B.label(building))])
    assert sagger_hef(g.state, "M") == 3
