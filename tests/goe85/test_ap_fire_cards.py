"""The cards and abilities of AP fire and vehicles, number for number: Cannister (18c), Aimed Shot
(19a), Critical Hit's +2 APF (19d), Glancing Shot (20b) and Unexpected Cover's CF 2 (20d) against
Hard Targets; movement classes (7a).  Positions are set through the referee."""
import pytest
from tabletop_core.boards.hexfacing import front_hexes

from rules_goe85.model.actions import Block, PlayCard, PlayReaction, REFUSALS, Step, Use
from rules_goe85.queries.board import board_for
from rules_goe85.procedures.move import start_move
from rules_goe85.procedures.turn import main_options
from rules_goe85.model.events import TargetNoted
from rules_goe85.model.vehicles import APFire

from .helpers import GREEN, GREEN2, RED, RULES
from .refpos import arrange, fresh

B = board_for("your-papers-please")
TN1_BONUS0 = "#18"  # TN 1, APF bonus 0
TN3_BONUS_M2 = "#24"  # TN 3 (Turret), APF bonus -2
TANKS = [("T", "t-62", "soviet", "5A1", {"facing": 1}), ("K", "t-55", "mujahideen", "5C3", {"facing": 4})]


def _notes(g):
    return [e.text for e in g.events if type(e).__name__ == "Note"]


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
    g.apply(play)
    assert g.decision is None or not any(isinstance(a, PlayReaction) and a.use == "aimed_shot" for a in g.decision.actions)
    assert any(t.startswith("T fires AP at K: needs -1, draws #18") for t in _notes(g))


@pytest.mark.rule("goe85:18c")
def test_cannister_adds_two_hef_up_to_four_hexes():
    g = fresh()
    arrange(g, [("T", "t-62", "soviet", "5A1", {"facing": 1}), ("M", "muj-rifle-intensive", "mujahideen", "5C3"),
                ("M2", "muj-rifle-intensive", "mujahideen", "5C5"), ("S", "sov-rifle-intensive", "soviet", "5E0")],
            hands={"soviet": ["#4"]}, top=[GREEN, "#19", "#23", GREEN2, RED])
    opts = main_options(RULES, g.state, "soviet")
    canister = {(o.unit, o.target) for o in opts if o.use == "cannister"}
    # 18c: a vehicle's Fire at 4 hexes at most (5C5 is 5 away); a Leg unit has none
    assert B.distance(B.hex("5A1"), B.hex("5C5")) == 5 and canister == {("T", "M")}
    g.apply(PlayCard("#4", Block.LOWER, Use.CANNISTER, "T", "M"))
    # HEF 2 +0 (range 3) +2 (Cannister) - CF 0 = 4 cards: two green Hits, the red Hit is not drawn
    assert "T fires at M (5C3): HEF 4" in _notes(g)
    m = g.state.units["M"]
    assert m.shaken and m.reduced and g.state.decks["action"].piles["draw"][-1] == RED
    assert g.state.units["T"].marker == "fired"


@pytest.mark.rule("goe85:7a")
def test_each_movement_class_pays_its_own_terrain_costs():
    here, woods = B.hex("5C6"), B.hex("5C7")
    assert B.row(woods).kind == "woods"
    # TEC by class: woods costs Leg 2, Off-road 3, Tracked 2, Flying 1 and is closed to Wheeled
    assert [B.enter_cost(here, woods, c) for c in "LWOTF"] == [2, None, 3, 2, 1]
    facing = next(f for f in range(6) if woods in front_hexes(here, f))
    for tid, ok in (("btr-70", False), ("bmp-1", True)):  # W, T in play
        g = fresh()
        arrange(g, [("V", tid, "soviet", "5C6", {"facing": facing}), ("M", "muj-rifle-intensive", "mujahideen", "5K6")])
        g.referee(lambda c: start_move(RULES, c, "soviet", "move", ["V"]))
        steps = {a.to for a in g.decision.actions if isinstance(a, Step)}
        assert ("5C7" in steps) is ok
        if ok:
            g.apply(Step(("V",), "5C7"))
            assert dict((u, m) for u, m, _ in g.state.top.mp)["V"] == 6 - 2


@pytest.mark.rule("goe85:17f")
@pytest.mark.rule("goe85:2i")
def test_helicopter_powers_need_a_power_card_and_its_passengers_use_none():
    from rules_goe85.model.frames import FireFrame, Impulse

    g = fresh()
    units = [("H", "mi-24", "soviet", "5C3", {"facing": 1, "mode": "hovering"}),
             ("Y", "yuri", "soviet", "5C3", {"carrier": "H"}),  # Leadership, Tactical: aboard
             ("S", "sov-rifle-intensive", "soviet", "5A1", {"marker": "fired"}),
             ("M", "muj-rifle-intensive", "mujahideen", "5C5")]
    # #1 Fire / Fast Move with Power; #9 no Power; the Mujahideen's Unexpected Cover holds the attack open
    arrange(g, units, hands={"soviet": ["#1", "#9"], "mujahideen": ["#7"]})
    opts = main_options(RULES, g.state, "soviet")
    assert PlayCard("#1", Block.POWER, Use.EXPLOSIVE_ROUNDS, "H", "M") in opts  # 17f: activated normally
    assert not any(o.use == "explosive_rounds" and o.card == "#9" for o in opts)  # 3b: a Power card only
    assert not any(o.unit == "Y" for o in opts if o.use == "leadership")  # 17f: not from aboard
    g.apply(PlayCard("#9", Block.ANY, Use.FIRE, "H", "M"))
    fr = next(f for f in g.state.stack if isinstance(f, FireFrame))
    assert fr.redraw is False  # 17f: Yuri's Tactical (21i) does not work from aboard
    # the same Hero in a ground carrier keeps its Powers (8d forbids only firing and assaulting)
    arrange(g, [("B", "btr-70", "soviet", "5C3", {"facing": 1}), ("Y", "yuri", "soviet", "5C3", {"carrier": "B"}),
                *units[2:]], hands={"soviet": ["#1"]})
    assert PlayCard("#1", Block.POWER, Use.LEADERSHIP, "Y", "S") in main_options(RULES, g.state, "soviet")
    # 22n on a Mi-24 (the 17f example): a Power card answers the hit, which is not taken
    arrange(g, [units[0], units[3]], hands={"soviet": ["#1"], "mujahideen": ["#9"]},
            top=[GREEN, "#19", "#23"], frames=[Impulse("mujahideen", "main")])
    g.apply(PlayCard("#9", Block.UPPER, Use.FIRE, "M", "H"))
    assert PlayReaction("#1", Use.RESILIENT, "H") in g.decision.actions and g.decision.player == "soviet"
    g.apply(PlayReaction("#1", Use.RESILIENT, "H"))
    h = g.state.units["H"]
    assert not h.shaken and h.marker == "ops"


@pytest.mark.rule("goe85:23b")
def test_a_destroyed_bunker_leaves_rubble():
    from rules_goe85.queries.board import board_at
    from rules_goe85.model.events import BunkerPlaced

    g = fresh()
    bunker = B.hex("5C3")  # clear, level 0: CF 0, open to wheels
    assert B.row(bunker).kind == "clear" and B.enter_cost(B.hex("5C2"), bunker, "W") == 1
    # range 3 - TM 3 + CF 0: TN 9 hits; APF 4 +1 +0 >= AF 4: destroyed
    arrange(g, [("T", "t-62", "soviet", "5A1", {"facing": 1}), ("R", "muj-rifle-intensive", "mujahideen", "5C3")],
            hands={"soviet": ["#9"]}, top=["#16", "#30"], extra=lambda c: c.emit(BunkerPlaced(bunker, 3)))
    g.apply(PlayCard("#9", Block.UPPER, Use.FIRE, "T", "bunker:5C3", ap=True))
    assert bunker not in g.state.bunkers and g.state.tiles[bunker] == "rubble"
    r = g.state.units["R"]
    assert r.shaken and r.reduced  # two Hits
    now = board_at(g.state)  # the hex is Rubble: CF 1, degrading, closed to wheeled units, Leg 2 MP
    assert now.row(bunker).kind == "rubble" and now.cf(bunker) == 1
    assert now.enter_cost(B.hex("5C2"), bunker, "W") is None and now.enter_cost(B.hex("5C2"), bunker, "L") == 2
    assert now.elevation[bunker] == B.elevation[bunker]
