"""Support (GoE 19) and Reaction (20) cards in fire and assault."""
import pytest

from rules_goe85.model.actions import REFUSALS, Block, Decline, Declined, PlayCard, PlayReaction, Step, Stop, Use
from rules_goe85.model.events import HitUndone, TargetNoted, UnitHit
from rules_goe85.model.frames import AssaultCombat, FireFrame, Impulse
from rules_goe85.model.vehicles import APFire
from rules_goe85.queries.first_fire import first_fire_mode
from rules_goe85.effects.attack_start import start_fire
from rules_goe85.queries.card_menu import main_options
from rules_goe85.queries.board import board_for

from ..helpers import decline_empty_windows, impulse_plays, play_through
from ..helpers import BLANK, BLANK2, BLANK3, BLANK4, GOLD, GREEN, GREEN2, GREEN3, RED, RULES, _assault, _notes, _react
from ..refpos import arrange, fresh, pick, stack_top


def _fire(uid: str, target: str):
    """A ``then`` script: ``uid`` fires at ``target`` in the Soviet impulse (the attack's frame pushed)."""
    return lambda c: start_fire(RULES, c, "soviet", "fire", uid, target, False)


TN1_BONUS0 = "#18"  # TN 1, APF bonus 0


TN3_BONUS_M2 = "#24"  # TN 3 (Turret), APF bonus -2


TANKS = [("T", "t-62", "soviet", "5A1", {"facing": 1}), ("K", "t-55", "mujahideen", "5C3", {"facing": 4})]


def _ap_shot(g, *, soviet, muj, top, plays):
    """Fire the T-62 at the T-55 (range 3, clear, front armour 4) and answer each window with
    the first React of ``plays`` it offers, else Done."""
    arrange(g, TANKS, hands={"soviet": soviet, "mujahideen": muj}, top=top)
    g.apply(PlayCard("#9", Block.UPPER, Use.FIRE, "T", "K", ap=True))
    offered = []
    while g.decision is not None and any(isinstance(f, APFire) for f in g.state.stack):
        acts = g.decision.actions
        pick = next((a for a in acts if isinstance(a, PlayReaction) and a.use in plays), None)
        offered += [a.use for a in acts if isinstance(a, PlayReaction)]
        g.apply(pick if pick is not None else next(a for a in acts if isinstance(a, REFUSALS)))
    return offered


B = board_for("your-papers-please")


# -- 20a First Fire by a Move & Fire unit -------------------------------------------------------
@pytest.mark.rule("goe85:20a")
def test_first_fire_marks_a_move_and_fire_unit_ops_complete():
    g = fresh()
    # M1 steps on a Move & Fire, S1 opportunity-fires at it, M1 answers with First Fire
    arrange(g, [("M1", "muj-rifle-intensive", "mujahideen", "5C4"), ("S1", "sov-rifle-intensive", "soviet", "5E4")],
            hands={"mujahideen": ["#4", "#21"], "soviet": ["#16"]}, top=[BLANK, BLANK3, BLANK4, "#23", "#12", "#22", "#25"],  # no Hit
            frames=[Impulse("mujahideen", "main")])
    play_through(g, pick(g, PlayCard, card="#4", use=Use.MOVE_FIRE, unit="M1"))
    play_through(g, Step(("M1",), "5D4"))
    play_through(g, PlayCard("#16", Block.UPPER, Use.OPP_FIRE, "S1", "M1"))
    assert g.decision.player == "mujahideen"
    play_through(g, PlayReaction("#21", Use.FIRST_FIRE, "M1"))
    # both attacks missed; the move goes on, M1 Ops Complete: its fire part spent, it stops there
    assert not any(isinstance(e, UnitHit) for e in g.events)
    assert g.state.units["M1"].marker == "ops" and g.decision.actions == (Stop(),)
    # a unit not moving that answers with First Fire is Fired (test_first_fire_the_target_fires_back)


@pytest.mark.rule("goe85:19a")
@pytest.mark.rule("goe85:20d")
@pytest.mark.rule("goe85:19d")
def test_aimed_shot_and_unexpected_cover_move_the_to_hit_number_critical_hit_adds_two_apf():
    g = fresh()
    # to hit: range 3 - TM 3 (+2 Aimed Shot) + CF 0 (+2 Unexpected Cover, a Hard Target) = 0; the
    # TN 1 card hits.  Damage: APF 4 +1 (range 3) -2 (card) +2 (Critical Hit) = 5 >= AF 4: destroyed
    offered = _ap_shot(g, soviet=["#9", "#15", "#2"], muj=["#7"], top=[TN1_BONUS0, TN3_BONUS_M2],
                       plays=("aimed_shot", "unexpected_cover", "critical_hit"))
    assert offered == ["aimed_shot", "unexpected_cover", "critical_hit"]
    assert any(t.startswith("T fires AP at K: needs 0, draws #18") and t.endswith("hit") for t in _notes(g))
    assert any("APF 4+1+2, card #24 -> destroy" in t for t in _notes(g))
    assert "K" not in g.state.units
    # without the Aimed Shot the same cover makes it 2: the TN 1 card misses
    g = fresh()
    _ap_shot(g, soviet=["#9", "#15"], muj=["#7"], top=[TN1_BONUS0], plays=("unexpected_cover",))
    assert any(t.startswith("T fires AP at K: needs 2, draws #18") and t.endswith("miss") for t in _notes(g))
    assert "K" in g.state.units
    # without the Critical Hit: 4 +1 -2 = 3 < 4, no effect
    g = fresh()
    _ap_shot(g, soviet=["#9", "#15"], muj=[], top=[TN1_BONUS0, TN3_BONUS_M2], plays=("aimed_shot",))
    assert any("APF 4+1+0, card #24 -> none" in t for t in _notes(g)) and "K" in g.state.units


@pytest.mark.rule("goe85:20b")
@pytest.mark.rule("goe85:19d")
def test_glancing_shot_takes_two_off_the_apf_bonus_draw():
    g = fresh()
    # hit (TN 9 against 0); APF 4 +1 -2 (card) +2 (Critical Hit) -2 (Glancing Shot) = 3 < AF 4
    offered = _ap_shot(g, soviet=["#9", "#2"], muj=["#3"], top=["#16", TN3_BONUS_M2],
                       plays=("critical_hit", "glancing_shot"))
    assert offered == ["critical_hit", "glancing_shot"]  # 20b: after the hit, before the APF draw
    assert any("APF 4+1+0, card #24 -> none" in t for t in _notes(g))
    assert "K" in g.state.units and not g.state.units["K"].shaken
    # 20b only once the vehicle is hit: a miss offers no Glancing Shot
    g = fresh()
    offered = _ap_shot(g, soviet=["#9"], muj=["#3"], top=["#5"], plays=())  # #5: Miss
    assert offered == [] and "K" in g.state.units


@pytest.mark.rule("goe85:19a")
def test_aimed_shot_supports_only_a_fire_action_against_a_hard_target():
    g = fresh()
    # a Reload & Fire (18n) at the same tank: no Aimed Shot window (19a), TM 3 +1 (18n)
    arrange(g, [("T", "t-62", "soviet", "5A1", {"facing": 1, "marker": "fired"}), TANKS[1]],
            hands={"soviet": ["#11", "#15"]}, top=[TN1_BONUS0], extra=lambda c: c.emit(TargetNoted("T", "K")))
    play = PlayCard("#11", Block.UPPER, Use.RELOAD_FIRE, "T", "K", ap=True)
    assert play in main_options(RULES, g.state, "soviet")
    play_through(g, play)
    assert g.decision is None or not any(isinstance(a, PlayReaction) and a.use == "aimed_shot" for a in g.decision.actions)
    assert any(t.startswith("T fires AP at K: needs -1, draws #18") for t in _notes(g))


@pytest.mark.rule("goe85:20c")
@pytest.mark.rule("goe85:22n")
@pytest.mark.rule("goe85:13b")
@pytest.mark.rule("goe85:13d")
def test_light_wounds_and_resilient_answer_each_assault_hit():
    g = fresh()
    # two Soviet rifles (HEF 2 each) assault two Mujahideen rifles (HEF 1 each): 4 cards against 2
    arrange(g, [("S1", "sov-rifle-intensive", "soviet", "5C4"), ("S2", "sov-rifle-intensive", "soviet", "5C4"),
                ("M1", "muj-rifle-resilient", "mujahideen", "5C4"), ("M2", "muj-rifle-intensive", "mujahideen", "5C4")],
            hands={"mujahideen": ["#36", "#10"]},  # Let's Get 'Em / Light Wounds; a Power card (First Fire / Move)
            top=[GREEN, GREEN2, GREEN3, BLANK, BLANK2, BLANK3],
            frames=_assault(g, [("S1", "5C3"), ("S2", "5C3")], "5C4"))
    f = g.state.top
    assert isinstance(f, AssaultCombat) and f.pending == "M1"  # 3 hits drawn; 13b: M1 first (unit order)
    assert {a.use for a in g.decision.actions if isinstance(a, PlayReaction)} == {"light_wounds", "resilient"}
    assert g.decision.player == "mujahideen"
    play_through(g, _react(g, "light_wounds"))  # 20c: the first hit is ignored
    assert not g.state.units["M1"].shaken and g.state.top.pending == "M1"  # 13b: the next hit is M1's again
    assert {a.use for a in g.decision.actions if isinstance(a, PlayReaction)} == {"resilient"}  # one Light Wounds
    play_through(g, Decline(Declined.TAKE))
    # the third hit: M2 is the only unshaken unit (13b) and has no answer: it lands by itself
    u1, u2 = g.state.units["M1"], g.state.units["M2"]
    assert u1.shaken and u2.shaken and not u1.reduced and not u2.reduced
    # 13d: the defenders suffered 2 hits, the attackers none: the defenders retreat directly away
    assert u1.hex == B.hex("5C5") and u2.hex == B.hex("5C5")
    assert all(g.state.units[u].marker == "ops" for u in ("S1", "S2", "M1", "M2"))
    assert g.state.units["S1"].hex == B.hex("5C4")


@pytest.mark.rule("goe85:19f")
def test_retreat_after_the_hits_undoes_them_by_compensating_events():
    g = fresh()
    arrange(g, [("S1", "sov-rifle-intensive", "soviet", "5C4"), ("M1", "muj-rifle-intensive", "mujahideen", "5C4")],
            hands={"mujahideen": ["#45"]},  # Rally / Retreat
            top=[RED, GOLD, GREEN],  # the attacker: 2 hits; the defender: 1 hit
            frames=_assault(g, [("S1", "5C3")], "5C4"))
    assert PlayReaction("#45", Use.RETREAT) in g.decision.actions  # 19f: before the draws, or ...
    play_through(g, Decline(Declined.REACT))
    # ... once the hits have landed, in the last window
    assert g.state.units["M1"].shaken and g.state.units["M1"].reduced and g.state.units["S1"].shaken
    assert isinstance(g.state.top, AssaultCombat) and g.state.top.stage == "after"
    assert g.decision.player == "mujahideen"
    mark = len(g.events)
    play_through(g, _react(g, "retreat"))
    m1, s1 = g.state.units["M1"], g.state.units["S1"]
    assert not (m1.shaken or m1.reduced or s1.shaken)  # 19f: the results are ignored for both sides
    assert m1.hex == B.hex("5C5") and s1.hex == B.hex("5C4")  # the defenders withdraw directly away
    assert m1.marker == "ops" and s1.marker == "ops"
    # the hits stay in the record; the undoing is new events
    hits = [e for e in g.events[:mark] if isinstance(e, UnitHit)]
    assert [(e.uid, e.outcome) for e in hits] == [("M1", "shaken"), ("M1", "reduced"), ("S1", "shaken")]
    assert {e.unit.uid for e in g.events[mark:] if isinstance(e, HitUndone)} == {"M1", "S1"}


@pytest.mark.rule("goe85:19f")
def test_retreat_after_the_hits_brings_back_an_eliminated_unit():
    g = fresh()
    arrange(g, [("S1", "sov-rifle-intensive", "soviet", "5C4"),
                ("M1", "muj-rifle-intensive", "mujahideen", "5C4", {"shaken": True, "reduced": True}),
                ("M2", "muj-rifle-intensive", "mujahideen", "5E6")],
            hands={"mujahideen": ["#6"]},  # Retreat / Move
            top=[GREEN, BLANK],
            frames=_assault(g, [("S1", "5C3")], "5C4"))
    play_through(g, Decline(Declined.REACT))
    assert "M1" not in g.state.units and g.state.losses["mujahideen"] == 1  # 10c: the third step
    play_through(g, _react(g, "retreat"))
    m1 = g.state.units["M1"]
    assert m1.shaken and m1.reduced and m1.hex == B.hex("5C5")  # as it was before the hit
    assert g.state.losses["mujahideen"] == 0
    assert g.state.units["S1"].hex == B.hex("5C4")


@pytest.mark.rule("goe85:19b")
@pytest.mark.rule("goe85:13a")
def test_after_an_ambush_a_defender_shaken_by_it_still_returns_fire():
    g = fresh()
    arrange(g, [("S1", "sov-rifle-intensive", "soviet", "5C4"), ("M1", "muj-rifle-intensive", "mujahideen", "5C4")],
            hands={"soviet": ["#48"]},  # Ambush / Fire
            top=[GREEN, BLANK, GREEN2],
            frames=_assault(g, [("S1", "5C3")], "5C4"))
    play_through(g, _react(g, "ambush"))
    # the attacker's 1 hit lands first (M1 Shaken); 10c: the Shaken M1 still counterattacks (1 card)
    assert g.state.units["M1"].shaken and g.state.units["S1"].shaken
    # 13d: one hit each: a tie, the attacker retreats to the hex it came from
    assert g.state.units["S1"].hex == B.hex("5C3") and g.state.units["M1"].hex == B.hex("5C4")


@pytest.mark.rule("goe85:19c")
@pytest.mark.rule("goe85:4e")
def test_the_defender_may_play_bullet_storm_in_an_assault():
    g = fresh()
    arrange(g, [("S1", "sov-rifle-intensive", "soviet", "5C4"),
                ("M1", "muj-rifle-intensive", "mujahideen", "5C4", {"marker": "ops"})],
            hands={"mujahideen": ["#8"]},  # Fast Move / Bullet Storm
            top=[BLANK, BLANK2, BLANK3, GREEN],  # attacker 2 cards, no hit; defender 1 + 1 cards
            frames=_assault(g, [("S1", "5C3")], "5C4"))
    assert g.decision.player == "mujahideen"  # 4e: an Ops Complete defender may take Bullet Storm
    play_through(g, _react(g, "bullet_storm"))
    # HEF 1 + 1: the second card is the green Hit
    assert g.state.units["S1"].shaken and g.state.units["S1"].hex == B.hex("5C3")


@pytest.mark.rule("goe85:19e")
@pytest.mark.rule("goe85:13c")
def test_panic_after_the_assault_attack_removes_a_reduced_shaken_defender():
    g = fresh()
    arrange(g, [("S1", "sov-rifle-intensive", "soviet", "5C4"),
                ("M1", "muj-rifle-intensive", "mujahideen", "5C4", {"shaken": True})],
            hands={"soviet": ["#24"]},  # Panic / Move
            top=[GREEN, BLANK, BLANK2],  # the attacker: 1 hit (M1 reduced); the Shaken M1 then draws 1: none
            frames=_assault(g, [("S1", "5C3")], "5C4"))
    decline_empty_windows(g)  # the Mujahideen hold no Light Wounds
    assert g.state.units["M1"].reduced and g.decision.player == "soviet"
    play_through(g, _react(g, "panic"))
    assert "M1" not in g.state.units  # 19e
    assert g.state.units["S1"].hex == B.hex("5C4") and g.state.units["S1"].marker == "ops"  # 13c, 13e


@pytest.mark.rule("goe85:19e")
@pytest.mark.rule("goe85:19g")
def test_panic_and_grenades():
    g = fresh()
    arrange(g, [("S1", "sov-rifle-intensive", "soviet", "5C4"),
                ("M1", "muj-rifle-intensive", "mujahideen", "5C5", {"shaken": True})],
            hands={"soviet": ["#17", "#24"]},  # Grenades!, Panic
            top=[GREEN, BLANK, BLANK2, BLANK3, BLANK4], then=_fire("S1", "M1"))
    decline_empty_windows(g)
    g.apply(PlayReaction("#17", Use.GRENADES))
    assert g.state.top.hef == 4  # 2 +1 range +1 Grenades (adjacent)
    while PlayReaction("#24", Use.PANIC, "M1") not in g.decision.actions:
        g.apply(g.decision.actions[-1])
    g.apply(PlayReaction("#24", Use.PANIC, "M1"))
    assert "M1" not in g.state.units  # reduced and Shaken: removed


@pytest.mark.rule("goe85:20a")
def test_first_fire_the_target_fires_back():
    g = fresh()
    arrange(g, [("S1", "sov-rifle-intensive", "soviet", "5C4"), ("M1", "rpd", "mujahideen", "5E4")],
            hands={"mujahideen": ["#10"]},  # First Fire / Move
            top=[GREEN, GOLD, BLANK, BLANK2, BLANK3], then=_fire("S1", "M1"))
    decline_empty_windows(g)
    assert PlayReaction("#10", Use.FIRST_FIRE, "M1") in g.decision.actions
    g.apply(PlayReaction("#10", Use.FIRST_FIRE, "M1"))
    while any(isinstance(f, FireFrame) for f in g.state.stack):
        g.apply(next(a for a in g.decision.actions if isinstance(a, REFUSALS)))
    # the RPD (HEF 2 +1 range) drew first: two hits on the Rifle; the Rifle's attack still went in
    assert g.state.units["S1"].shaken and g.state.units["S1"].reduced
    assert g.state.units["M1"].marker == "fired" and g.state.units["S1"].marker == "fired"


@pytest.mark.rule("goe85:19d")
def test_critical_hit_redraws_one_card_against_leg_units():
    g = fresh()
    arrange(g, [("S1", "sov-rifle-intensive", "soviet", "5C4"), ("M1", "muj-rifle-intensive", "mujahideen", "5G4")],
            hands={"soviet": ["#2"]},  # Critical Hit / Move
            top=[BLANK, GREEN, BLANK2], then=_fire("S1", "M1"))
    decline_empty_windows(g)
    g.apply(PlayReaction("#2", Use.CRITICAL_HIT))
    while any(isinstance(f, FireFrame) for f in g.state.stack):
        g.apply(next(a for a in g.decision.actions if isinstance(a, REFUSALS)))
    assert g.state.units["M1"].shaken


@pytest.mark.rule("goe85:19f")
def test_retreat_voids_the_assault():
    from rules_goe85.effects.openings import push_assaults

    g = fresh()
    b = board_for(g.state.scenario)
    # 13a: S1 moved in from 5C3; its impulse opens the assault
    arrange(g, [("S1", "spetsnaz", "soviet", "5C4"), ("M1", "rpd", "mujahideen", "5C4")],
            hands={"mujahideen": ["#6"]},  # Retreat / Move
            then=lambda c: push_assaults(RULES, c, "soviet", [("S1", b.hex("5C3"))]))
    decline_empty_windows(g)
    play_through(g, PlayReaction("#6", Use.RETREAT))
    assert g.state.units["M1"].hex == b.hex("5C5") and not g.state.units["M1"].shaken  # directly away
    assert g.state.units["S1"].hex == b.hex("5C4") and g.state.units["S1"].marker == "ops"


@pytest.mark.rule("goe85:20d")
@pytest.mark.rule("goe85:20c")
@pytest.mark.rule("goe85:19c")
def test_reactions_and_supports_in_a_fire():
    g = fresh()
    arrange(g, [("S1", "sov-rifle-intensive", "soviet", "5C4"), ("M1", "muj-rifle-intensive", "mujahideen", "5E4")],
            hands={"soviet": ["#8"],  # Bullet Storm
                   "mujahideen": ["#7", "#14"]},  # Unexpected Cover, Light Wounds
            top=[GREEN, BLANK, BLANK2], then=_fire("S1", "M1"))
    decline_empty_windows(g)
    assert g.decision.player == "soviet" and PlayReaction("#8", Use.BULLET_STORM) in g.decision.actions
    play_through(g, PlayReaction("#8", Use.BULLET_STORM))
    assert g.state.top.hef == 4  # 2 + 1 range + 1 Bullet Storm
    assert PlayReaction("#7", Use.UNEXPECTED_COVER) in g.decision.actions
    play_through(g, PlayReaction("#7", Use.UNEXPECTED_COVER))
    assert g.state.top.hef == 3  # 20d: CF 1 against a Soft Target
    assert g.decision.player == "mujahideen" and PlayReaction("#14", Use.LIGHT_WOUNDS, "M1") in g.decision.actions
    play_through(g, PlayReaction("#14", Use.LIGHT_WOUNDS, "M1"))
    assert not g.state.units["M1"].shaken


@pytest.mark.rule("goe85:19b")
def test_ambush_lets_the_defender_strike_first():
    g = fresh()
    arrange(g, [("S1", "sov-rifle-intensive", "soviet", "5C3"), ("M1", "rpd", "mujahideen", "5C4")],
            hands={"soviet": ["#2"],  # Critical Hit / Move
                   "mujahideen": ["#37"]})  # Move & Fire / Ambush
    g.apply(pick(g, PlayCard, card="#2", use=Use.MOVE, target="5C3"))
    g.apply(Step(("S1",), "5C4"))
    while g.decision is not None and PlayReaction("#37", Use.AMBUSH) not in g.decision.actions:
        g.apply(Stop() if Stop() in g.decision.actions else g.decision.actions[-1])
    stack_top(g, [GREEN, GOLD, RED, BLANK, BLANK2])  # the RPD's 2 cards: two hits land first
    play_through(g, PlayReaction("#37", Use.AMBUSH))
    s1 = g.state.units.get("S1")
    assert s1 is None or s1.shaken  # shaken (and reduced) before it could strike
    assert "M1" in g.state.units


# -- 20a: First Fire against and by vehicles ------------------------------------------------------
@pytest.mark.rule("goe85:20a")
def test_first_fire_by_a_tank_answers_with_ap_and_both_shots_land():
    g = fresh()
    arrange(g, TANKS, hands={"soviet": ["#9"], "mujahideen": ["#21"]})  # #21: First Fire (lower)
    play_through(g, PlayCard("#9", Block.UPPER, Use.FIRE, "T", "K", ap=True))
    assert PlayReaction("#21", Use.FIRST_FIRE, "K") in g.decision.actions
    # the T-55 fires first on top: TN 9 hits, Destroy! kills the T-62; then the T-62's own shot
    # still comes (its numbers were fixed): TN 8 hits, APF 4 +1 +2 (card #9) >= AF 4 destroys
    stack_top(g, ["#16", "#31", "#28", "#9"])
    play_through(g, PlayReaction("#21", Use.FIRST_FIRE, "K"))
    while g.decision is not None and any(isinstance(f, APFire) for f in g.state.stack):
        play_through(g, next(a for a in g.decision.actions if isinstance(a, REFUSALS)))
    assert "T" not in g.state.units and "K" not in g.state.units
    notes = [e.text for e in g.events if type(e).__name__ == "Note"]
    first = next(i for i, t in enumerate(notes) if t.startswith("K fires AP at T"))
    assert notes[first + 1].startswith("AP damage on T") and any(t.startswith("T fires AP at K") for t in notes[first:])
    # an RPG fired on with HE by a vehicle answers with AP, never HE at a Hard Target
    arrange(g, [("T", "t-62", "soviet", "5A1", {"facing": 1}), ("P", "rpg", "mujahideen", "5C3")])
    assert first_fire_mode(g.state, g.state.units["P"], g.state.units["T"]) == "ap"
    arrange(g, [("S", "sov-rifle-intensive", "soviet", "5A1"), ("P", "rpg", "mujahideen", "5C3")])
    assert first_fire_mode(g.state, g.state.units["P"], g.state.units["S"]) == "he"


@pytest.mark.rule("goe85:20a")
def test_first_fire_answers_opportunity_fire_only_on_a_move_and_fire():
    """Issue 12 item 22: a Soviet Rifle steps from 5C4 to 5D4 and a Mujahideen Rifle at 5E4
    opportunity-fires; on a plain Move the mover is no defender and may not play First Fire (the old
    engine offered it: this test fails on it); on a Move & Fire it may."""
    offered = {}
    for card, use in (("#2", Use.MOVE), ("#4", Use.MOVE_FIRE)):
        g = fresh()
        arrange(g, [("S1", "sov-rifle-intensive", "soviet", "5C4"), ("M1", "muj-rifle-intensive", "mujahideen", "5E4")],
                hands={"soviet": [card, "#21"], "mujahideen": ["#16"]}, top=[BLANK] * 8,
                frames=[Impulse("soviet", "main")])
        play_through(g, next(a for a in impulse_plays(g, card) if isinstance(a, PlayCard) and a.card == card and a.use == use))
        play_through(g, Step(("S1",), "5D4"))
        play_through(g, PlayCard("#16", Block.UPPER, Use.OPP_FIRE, "M1", "S1"))
        d = g.decision
        offered[use] = d.player == "soviet" and PlayReaction("#21", Use.FIRST_FIRE, "S1") in d.actions
    assert offered == {Use.MOVE: False, Use.MOVE_FIRE: True}
