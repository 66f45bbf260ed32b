"""Action cards (18), Support (19), abilities (21) and Powers (22) as this plug-in plays them."""
import pytest

from rules_goe85.model.actions import (
    REFUSALS, Block, Boldness, HelicopterAttack, PlayCard, PlayReaction, Step, Stop, Strike, Use,
)
from rules_goe85.cards.powers import any_card_plays, do_power, power_plays
from rules_goe85.queries.board import board_for
from rules_goe85.procedures.fire import attack_hef, fire_options, start_fire
from rules_goe85.procedures.move import start_move
from rules_goe85.scenarios.common import act_event, decide_event
from rules_goe85.procedures.turn import main_options
from rules_goe85.model.frames import ArtilleryFrame, EventChoice, FireFrame, Impulse, MoveFrame, OppFireWindow

from .helpers import BLANK, GOLD, GREEN, GREEN2, RULES, ctx, game, give, position, run, stack_deck


def _impulse(g, side="soviet"):
    g.state.stack.clear()
    g.state.phase = "impulses"
    g.state.stack.append(Impulse(side, "main"))
    g._decision = None


@pytest.mark.rule("goe85:4c")
@pytest.mark.rule("goe85:4e")
@pytest.mark.rule("goe85:4a")
def test_only_eligible_units_act():
    g = game()
    position(g, [("S1", "sov-rifle-intensive", "soviet", "5C4"), ("S2", "sov-rifle-intensive", "soviet", "5C5"),
                 ("M1", "muj-rifle-intensive", "mujahideen", "5E4")], S1={"marker": "ops"}, S2={"marker": "moved"})
    assert fire_options(RULES, g.state, "soviet", use=Use.FIRE) == []


@pytest.mark.rule("goe85:18n")
@pytest.mark.rule("goe85:18p")
def test_reload_and_fire_and_second_wind():
    g = game()
    position(g, [("S1", "sov-rifle-intensive", "soviet", "5C4"), ("M1", "muj-rifle-intensive", "mujahideen", "5E4")],
             S1={"marker": "fired"})
    g.state.last_target["S1"] = "M1"
    _impulse(g)
    give(g, "soviet", ["#11", "#18"])  # Reload & Fire / Fire ; Second Wind / Unexpected Cover
    opts = main_options(RULES, g.state, "soviet")
    assert PlayCard("#11", Block.UPPER, Use.RELOAD_FIRE, "S1", "M1") in opts
    assert PlayCard("#18", Block.UPPER, Use.SECOND_WIND, "S1") in opts
    stack_deck(g, [BLANK] * 5)
    g.apply(PlayCard("#11", Block.UPPER, Use.RELOAD_FIRE, "S1", "M1"))
    while any(isinstance(f, FireFrame) for f in g.state.stack):
        g.apply(next(a for a in g.decision.actions if isinstance(a, REFUSALS)))
    assert g.state.units["S1"].marker == "ops"  # 18n: Ops Complete afterwards


@pytest.mark.rule("goe85:18g")
@pytest.mark.rule("goe85:18o")
@pytest.mark.rule("goe85:21e")
def test_lets_get_em_scout_and_pathfinder():
    g = game()
    position(g, [("M1", "muj-rifle-intensive", "mujahideen", "5C6"), ("M2", "muj-rifle-intensive", "mujahideen", "5E6"),
                 ("S1", "sov-rifle-intensive", "soviet", "5K0")])
    _impulse(g, "mujahideen")
    give(g, "mujahideen", ["#25"])  # Let's Get 'Em! / Light Wounds
    assert PlayCard("#25", Block.UPPER, Use.LETS_GET_EM, "", "5C6", second="5E6") in main_options(RULES, g.state, "mujahideen")
    g.apply(PlayCard("#25", Block.UPPER, Use.LETS_GET_EM, "", "5C6", second="5E6"))
    assert {u for u, _, _ in g.state.top.mp} == {"M1", "M2"}
    g.apply(Stop())
    # Scout: every hex costs one MP (woods at 5C7 and 5D7 cost 2 otherwise)
    g2 = game()
    position(g2, [("M1", "muj-rifle-intensive", "mujahideen", "5C6"), ("S1", "sov-rifle-intensive", "soviet", "5K0")])
    start_move(RULES, ctx(g2), "mujahideen", "scout", ["M1"])
    g2._decision = None
    g2.apply(Step(("M1",), "5C7"))
    assert dict((u, m) for u, m, _ in g2.state.top.mp)["M1"] == 2
    g3 = game()
    position(g3, [("M1", "muj-rifle-intensive", "mujahideen", "5C6"), ("MH", "dadvar", "mujahideen", "5C6"),
                  ("S1", "sov-rifle-intensive", "soviet", "5K0")])
    start_move(RULES, ctx(g3), "mujahideen", "move", ["M1", "MH"])
    g3._decision = None
    g3.apply(Step(("M1", "MH"), "5C7"))  # Dadvar is a Pathfinder: woods cost 1
    assert dict((u, m) for u, m, _ in g3.state.top.mp)["MH"] == 3


@pytest.mark.rule("goe85:21f")
@pytest.mark.rule("goe85:18i")
def test_no_move_and_fire_units():
    g = game()
    position(g, [("M1", "dshk", "mujahideen", "5C6"), ("M2", "rpd", "mujahideen", "5E6"),
                 ("S1", "sov-rifle-intensive", "soviet", "5K0")])
    _impulse(g, "mujahideen")
    give(g, "mujahideen", ["#4"])  # Move & Fire
    opts = main_options(RULES, g.state, "mujahideen")
    assert PlayCard("#4", Block.UPPER, Use.MOVE_FIRE, "M2") in opts and PlayCard("#4", Block.UPPER, Use.MOVE_FIRE, "M1") not in opts


@pytest.mark.rule("goe85:21j")
@pytest.mark.rule("goe85:21l")
def test_elite_and_fanatic_take_any_card():
    g = game()
    position(g, [("M1", "baddar", "mujahideen", "5C6"), ("M2", "aarash", "mujahideen", "5E6"),
                 ("S1", "sov-rifle-intensive", "soviet", "5K0")], M1={"shaken": True}, M2={"shaken": True})
    plays = any_card_plays(g.state, "mujahideen", "#1")
    assert PlayCard("#1", Block.ANY, Use.BLOODLUST, "M1") in plays
    assert PlayCard("#1", Block.ANY, Use.RALLY, "M2") in plays


@pytest.mark.rule("goe85:21c")
def test_difficult_target_alone():
    assert attack_hef(lead_hef=2, distance=4, cf=0, range_mod=0, difficult=True) == 1
    g = game()
    position(g, [("S1", "sov-rifle-intensive", "soviet", "5C4"), ("M1", "baddar", "mujahideen", "5E4")])
    start_fire(RULES, ctx(g), "soviet", "fire", "S1", "M1", False)
    assert g.state.top.hef == 2  # 2 +1 range -1 Difficult Target


@pytest.mark.rule("goe85:21i")
def test_tactical_hero_redraws_a_miss():
    g = game()
    position(g, [("S1", "sov-rifle-intensive", "soviet", "5C4"), ("SH", "yuri", "soviet", "5C4"),
                 ("M1", "muj-rifle-intensive", "mujahideen", "5E8")])
    stack_deck(g, [BLANK, GREEN, BLANK])
    start_fire(RULES, ctx(g), "soviet", "fire", "S1", "M1", False)
    assert g.state.top.redraw
    run(g)
    while g.state.stack:
        g.apply(g.decision.actions[-1])
        run(g)
    assert g.state.units["M1"].shaken


@pytest.mark.rule("goe85:2i")
@pytest.mark.rule("goe85:22a")
@pytest.mark.rule("goe85:22b")
@pytest.mark.rule("goe85:22j")
def test_fire_powers_add_hef():
    g = game()
    position(g, [("S1", "rpk-74", "soviet", "5C4"), ("S2", "spetsnaz", "soviet", "5C5"), ("S3", "ags-17", "soviet", "5C6"),
                 ("M1", "muj-rifle-intensive", "mujahideen", "5G4")])
    for uid, verb, expected in (("S1", "kill_shot", 2 + 1), ("S2", "deadly_shot", 3 + 1), ("S3", "explosive_rounds", 3 + 2)):
        start_fire(RULES, ctx(g), "soviet", Use(verb), uid, "M1", False, marker="ops")
        d = board_for(g.state.scenario).distance(g.state.units[uid].hex, g.state.units["M1"].hex)
        assert g.state.top.hef == expected + RULES.tec.he_modifier(d)
        g.state.stack.pop()


@pytest.mark.rule("goe85:22c")
@pytest.mark.rule("goe85:22i")
@pytest.mark.rule("goe85:22f")
def test_leadership_aggressive_prep_fire():
    g = game()
    position(g, [("SH", "yuri", "soviet", "5C4"), ("S1", "sov-rifle-intensive", "soviet", "5C5"),
                 ("SG", "glukhov", "soviet", "5E5"), ("S2", "sov-rifle-intensive", "soviet", "5E5"),
                 ("SP", "sov-rifle-prep", "soviet", "5C2"), ("M1", "muj-rifle-intensive", "mujahideen", "5E3"),
                 ("M2", "muj-rifle-intensive", "mujahideen", "5E3")],
             S1={"marker": "fired"}, SG={"marker": "ops"}, S2={"shaken": True})
    plays = power_plays(g.state, "soviet", "#1")
    assert PlayCard("#1", Block.POWER, Use.LEADERSHIP, "SH", "S1") in plays
    assert PlayCard("#1", Block.POWER, Use.AGGRESSIVE, "SG") in plays  # any status
    do_power(RULES, ctx(g), PlayCard("#1", Block.POWER, Use.LEADERSHIP, "SH", "S1"))
    assert g.state.units["S1"].marker == "" and g.state.units["SH"].marker == "ops"
    do_power(RULES, ctx(g), PlayCard("#1", Block.POWER, Use.AGGRESSIVE, "SG"))
    assert not g.state.units["S2"].shaken
    assert PlayCard("#1", Block.POWER, Use.PREP_FIRE, "SP", "5E3") in power_plays(g.state, "soviet", "#1")
    stack_deck(g, [GOLD])
    do_power(RULES, ctx(g), PlayCard("#1", Block.POWER, Use.PREP_FIRE, "SP", "5E3"))
    assert g.state.units["M1"].shaken and g.state.units["M2"].shaken  # gold Hit: two units Shaken


@pytest.mark.rule("goe85:22n")
def test_resilient_power_as_a_reaction():
    g = game()
    position(g, [("S1", "sov-rifle-intensive", "soviet", "5C4"), ("M1", "muj-rifle-resilient", "mujahideen", "5E4")],
             M1={"marker": "ops"})
    give(g, "mujahideen", ["#10"])  # a Power card
    stack_deck(g, [GREEN, BLANK, BLANK])
    start_fire(RULES, ctx(g), "soviet", "fire", "S1", "M1", False)
    run(g)
    assert g.decision.player == "mujahideen" and PlayReaction("#10", Use.RESILIENT, "M1") in g.decision.actions
    g.apply(PlayReaction("#10", Use.RESILIENT, "M1"))
    assert not g.state.units["M1"].shaken


@pytest.mark.rule("goe85:19e")
@pytest.mark.rule("goe85:19g")
def test_panic_and_grenades():
    g = game()
    position(g, [("S1", "sov-rifle-intensive", "soviet", "5C4"), ("M1", "muj-rifle-intensive", "mujahideen", "5C5")],
             M1={"shaken": True})
    give(g, "soviet", ["#17", "#24"])  # Grenades!, Panic
    stack_deck(g, [GREEN, BLANK, BLANK, BLANK, BLANK])
    start_fire(RULES, ctx(g), "soviet", "fire", "S1", "M1", False)
    run(g)
    g.apply(PlayReaction("#17", Use.GRENADES))
    assert g.state.top.hef == 4  # 2 +1 range +1 Grenades (adjacent)
    while PlayReaction("#24", Use.PANIC, "M1") not in g.decision.actions:
        g.apply(g.decision.actions[-1])
    g.apply(PlayReaction("#24", Use.PANIC, "M1"))
    assert "M1" not in g.state.units  # reduced and Shaken: removed


@pytest.mark.rule("goe85:18a")
def test_artillery_card_calls_a_strike():
    g = game()
    position(g, [("S1", "sov-rifle-intensive", "soviet", "5C4"), ("M1", "muj-rifle-intensive", "mujahideen", "5E4")])
    _impulse(g)
    give(g, "soviet", ["#12"])
    g.apply(PlayCard("#12", Block.UPPER, Use.ARTILLERY))
    assert isinstance(g.state.top, ArtilleryFrame) and g.state.top.hef == 3
    assert any(isinstance(a, Strike) and a.target == "5E4" for a in g.decision.actions)
    # the Mujahideen may not call artillery: #19's top half is read per scenario (here: Command Ops etc.)
    _impulse(g, "mujahideen")
    give(g, "mujahideen", ["#19"])
    verbs = {p.use for p in main_options(RULES, g.state, "mujahideen") if p.card == "#19" and p.block == "upper"}
    assert "artillery" not in verbs and "command_ops" in verbs


@pytest.mark.rule("goe85:scenario:hammer-and-anvil")
def test_hammer_events_and_booby_trap():
    g = game("hammer-and-anvil")
    position(g, [("S1", "spetsnaz", "soviet", "5G4"), ("M1", "muj-rifle-intensive", "mujahideen", "5J6"),
                 ("M2", "muj-rifle-intensive", "mujahideen", "5A6")], M1={"marker": "ops"})
    g.state.stack.append(EventChoice("mujahideen", "boldness", 2))
    g._decision = None
    g.apply(Boldness("M1"))
    assert g.state.units["M1"].marker == "" and isinstance(g.state.top, MoveFrame) and g.state.top.use == "fast_move"
    g.state.stack.clear()
    g.state.stack.append(EventChoice("soviet", "helicopter"))
    assert HelicopterAttack("5A6") in decide_event(RULES, g.state, g.state.top).actions
    act_event(RULES, ctx(g), g.state.top, HelicopterAttack("5A6"))
    f = g.state.top
    b = board_for("hammer-and-anvil")
    assert isinstance(f, FireFrame) and f.use == "event" and f.spraying and f.hef == 5 - b.cf(b.hex("5A6"))
    # Booby Trap: an Artillery card played when a Soviet unit enters a building hex
    g2 = game("hammer-and-anvil")
    position(g2, [("S1", "spetsnaz", "soviet", "5H4"), ("M1", "muj-rifle-intensive", "mujahideen", "5A1")])
    give(g2, "mujahideen", ["#19"])
    start_move(RULES, ctx(g2), "soviet", "move", ["S1"])
    g2._decision = None
    g2.apply(Step(("S1",), "5H5"))  # a building
    assert isinstance(g2.state.top, OppFireWindow) and PlayReaction("#19", Use.BOOBY_TRAP, "S1") in g2.decision.actions
    stack_deck(g2, [GREEN])
    g2.apply(PlayReaction("#19", Use.BOOBY_TRAP, "S1"))
    run(g2)
    assert g2.state.units["S1"].shaken


@pytest.mark.rule("goe85:18j")
def test_punishing_fire_attacks_twice():
    g = game()
    position(g, [("S1", "sov-rifle-intensive", "soviet", "5C4"), ("M1", "muj-rifle-intensive", "mujahideen", "5G4")])
    _impulse(g)
    give(g, "soviet", ["#22"])  # Move / Punishing Fire
    assert PlayCard("#22", Block.LOWER, Use.PUNISHING_FIRE, "S1", "M1") in main_options(RULES, g.state, "soviet")
    stack_deck(g, [GREEN, BLANK, GREEN2, BLANK])  # HEF 2 each: one hit per attack
    g.apply(PlayCard("#22", Block.LOWER, Use.PUNISHING_FIRE, "S1", "M1"))
    while any(isinstance(f, FireFrame) for f in g.state.stack):
        g.apply(g.decision.actions[-1])
    u = g.state.units["M1"]
    assert u.shaken and u.reduced and g.state.units["S1"].marker == "fired"


@pytest.mark.rule("goe85:18l")
@pytest.mark.rule("goe85:18m")
@pytest.mark.rule("goe85:4d")
@pytest.mark.rule("goe85:4g")
def test_rally2_and_reinforcements_in_an_impulse():
    g = game()
    position(g, [("S1", "sov-rifle-intensive", "soviet", "5C4"), ("S2", "rpk-74", "soviet", "5C5"),
                 ("M1", "muj-rifle-intensive", "mujahideen", "5K8")], S1={"shaken": True}, S2={"shaken": True})
    _impulse(g)
    give(g, "soviet", ["#38", "#3"])  # Fire / Rally 2 ; Reinforcements / Glancing Shot
    assert g.decision.player == "soviet"  # the phasing player decides
    assert PlayCard("#38", Block.LOWER, Use.RALLY2, "S1", "S2") in g.decision.actions
    size = len(g.state.decks["action"].piles["hand:soviet"])
    g.apply(PlayCard("#3", Block.UPPER, Use.REINFORCEMENTS))
    assert len(g.state.decks["action"].piles["hand:soviet"]) == size  # played one, drew one
    assert g.state.top.step == "main"  # and may take another action
    g.apply(PlayCard("#38", Block.LOWER, Use.RALLY2, "S1", "S2"))
    assert not g.state.units["S1"].shaken and not g.state.units["S2"].shaken
    assert g.state.units["S1"].marker == g.state.units["S2"].marker == "ops"
    assert g.state.top.step == "discard"


@pytest.mark.rule("goe85:20a")
def test_first_fire_the_target_fires_back():
    g = game()
    position(g, [("S1", "sov-rifle-intensive", "soviet", "5C4"), ("M1", "rpd", "mujahideen", "5E4")])
    give(g, "mujahideen", ["#10"])  # First Fire / Move
    stack_deck(g, [GREEN, GOLD, BLANK, BLANK, BLANK])
    start_fire(RULES, ctx(g), "soviet", "fire", "S1", "M1", False)
    run(g)
    assert PlayReaction("#10", Use.FIRST_FIRE, "M1") in g.decision.actions
    g.apply(PlayReaction("#10", Use.FIRST_FIRE, "M1"))
    while any(isinstance(f, FireFrame) for f in g.state.stack):
        g.apply(next(a for a in g.decision.actions if isinstance(a, REFUSALS)))
    # the RPD (HEF 2 +1 range) drew first: two hits on the Rifle; the Rifle's attack still went in
    assert g.state.units["S1"].shaken and g.state.units["S1"].reduced
    assert g.state.units["M1"].marker == "fired" and g.state.units["S1"].marker == "fired"


@pytest.mark.rule("goe85:19d")
def test_critical_hit_redraws_one_card_against_leg_units():
    g = game()
    position(g, [("S1", "sov-rifle-intensive", "soviet", "5C4"), ("M1", "muj-rifle-intensive", "mujahideen", "5G4")])
    give(g, "soviet", ["#2"])  # Critical Hit / Move
    stack_deck(g, [BLANK, GREEN, BLANK])
    start_fire(RULES, ctx(g), "soviet", "fire", "S1", "M1", False)
    run(g)
    g.apply(PlayReaction("#2", Use.CRITICAL_HIT))
    while any(isinstance(f, FireFrame) for f in g.state.stack):
        g.apply(next(a for a in g.decision.actions if isinstance(a, REFUSALS)))
    assert g.state.units["M1"].shaken


@pytest.mark.rule("goe85:19f")
def test_retreat_voids_the_assault():
    from rules_goe85.procedures.assault import push_assaults

    g = game()
    position(g, [("S1", "spetsnaz", "soviet", "5C4"), ("M1", "rpd", "mujahideen", "5C4")])
    give(g, "mujahideen", ["#6"])  # Retreat / Move
    b = board_for(g.state.scenario)
    push_assaults(RULES, ctx(g), "soviet", [("S1", b.hex("5C3"))])
    run(g)
    g.apply(PlayReaction("#6", Use.RETREAT))
    run(g)
    assert g.state.units["M1"].hex == b.hex("5C5") and not g.state.units["M1"].shaken  # directly away
    assert g.state.units["S1"].hex == b.hex("5C4") and g.state.units["S1"].marker == "ops"


@pytest.mark.rule("goe85:22f")
@pytest.mark.rule("goe85:4a")
@pytest.mark.rule("goe85:5g")
def test_prep_fire_smoke_blocks_then_fades():
    from rules_goe85.model.events import CleanedUp

    g = game()
    position(g, [("SP", "sov-rifle-prep", "soviet", "5G2"), ("S1", "sov-rifle-intensive", "soviet", "5G4"),
                 ("M1", "muj-rifle-intensive", "mujahideen", "5G6")])
    b = board_for(g.state.scenario)
    assert b.sight(g.state).los(b.hex("5G4"), b.hex("5G6")) == 0
    assert PlayCard("#1", Block.POWER, Use.PREP_FIRE, "SP", "5I2") in power_plays(g.state, "soviet", "#1")  # an empty hex
    do_power(RULES, ctx(g), PlayCard("#1", Block.POWER, Use.PREP_FIRE, "SP", "5I2"))
    assert g.state.smoke == {b.hex("5I2"): 2} and g.state.units["SP"].marker == "ops"
    c = ctx(g)
    c.emit(SmokePlacedAt(b.hex("5G5")))
    assert not b.sight(g.state).sees(b.hex("5G4"), b.hex("5G6"))  # Smoke 2 blocks (our reading)
    c.emit(CleanedUp())
    assert g.state.smoke == {b.hex("5I2"): 1, b.hex("5G5"): 1}  # Smoke 2 fades to Smoke 1
    assert b.sight(g.state).los(b.hex("5G4"), b.hex("5G6")) == 1  # Smoke 1 degrades
    c.emit(CleanedUp())
    assert g.state.smoke == {}


def SmokePlacedAt(h):
    from rules_goe85.model.events import SmokePlaced

    return SmokePlaced(h, 2)
