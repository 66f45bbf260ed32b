"""The scenario kill-zone: set-up, special rules, events and victory."""
import pytest

from tabletop_core.decks import hand

from rules_goe85.data.loading import game_data
from rules_goe85.model.actions import Discard, Ied, Place, Prepare, Relocate, Reverse, Step, Tough
from rules_goe85.model.events import PhaseSet
from rules_goe85.model.frames import EventChoice, FireFrame, Impulse
from rules_goe85.model.vehicles import APFire
from rules_goe85.queries.board import board_for
from rules_goe85.scenarios import kill_zone, mechanised_events as se

from rules_goe85.effects.losses import apply_hit
from rules_goe85.procedures.move.steps import start_move

from ..helpers import DATA, RULES, game
from ..refpos import arrange, fresh, pushed


# -- Kill Zone ------------------------------------------------------------------------------------
@pytest.mark.rule("goe85:scenario:kill-zone")
def test_kill_zone_setup_loaded_on_the_road_and_ambushers_in_cover():
    spec = DATA.scenarios["kill-zone"]
    assert spec.initiative == "mujahideen" and spec.end_turns == 3 and spec.muj_card19 == ["command_ops"]
    assert sorted(spec.events) == ["ied", "muj_preparation", "soviet_indecision", "tough"] and spec.bonus_cards == 0
    g = game("kill-zone")
    b = board_for("kill-zone")
    units = g.state.units.values()
    road = se.road_hexes(b)
    sov = [u for u in units if u.side == "soviet" and u.hex is not None]
    for u in sov:
        assert u.hex in road and b.label(u.hex) not in ("7C1", "7C2")
        if DATA.units[u.type].leg:  # every Leg unit rides in a GAZ-66, BTR-70 or BMP-1
            assert g.state.units[u.carrier].type in ("gaz-66", "btr-70", "bmp-1")
    for u in units:
        if u.side == "mujahideen":
            assert b.cf(u.hex) > 0 and all(b.distance(u.hex, s.hex) > 1 for s in sov)
    assert b.row(b.hex("8F0")).kind == "woods" and b.row(b.hex("8I2")).kind == "rough"
    # the reinforcements (turn 2) enter by the edge hexes within 3 of 7A4
    entry = RULES.entry_hexes(g.state, "soviet")
    assert entry and all(b.distance(h, b.hex("7A4")) <= 3 for h in entry)
    assert {u.entry for u in units if u.side == "soviet" and u.hex is None} == {2}
    # set-up as a decision: a Leg unit may only go where a carrier has room
    g2 = game("kill-zone", setup="choose")
    d = g2.decision
    placed = 0
    while d.player == "soviet" and placed < 40:
        a = d.actions[0]
        if isinstance(a, Place) and DATA.units[a.unit.split(".")[1]].leg:
            carriers = {b.label(v.hex) for v in g2.state.units.values() if DATA.units[v.type].carrier and v.hex is not None}
            assert {x.to for x in d.actions} <= carriers
        g2.apply(a)
        placed += 1
        d = g2.decision
    assert all(u.carrier for u in g2.state.units.values() if u.side == "soviet" and u.hex is not None
               and DATA.units[u.type].leg)


@pytest.mark.rule("goe85:scenario:kill-zone")
def test_kill_zone_vehicles_keep_to_the_road_and_relocation_anywhere():
    units = [("T", "t-55", "soviet", "7E2"), ("B", "bmp-1", "soviet", "7F4", {"entry": 2}), ("R", "rpd", "mujahideen", "8D3")]
    b = board_for("kill-zone")

    def steps_of(uid):  # where ``uid`` may go first when it moves in the Soviet impulse
        g = arrange(fresh("kill-zone"), units, then=lambda c: start_move(RULES, c, "soviet", "move", [uid]))
        return [a.to for a in g.decision.actions if isinstance(a, (Step, Reverse))
                and (a.units if isinstance(a, Step) else (a.unit,)) == (uid,)]

    near = kill_zone.near_road(b, b.hex("7E4"))
    steps_t = steps_of("T")
    assert steps_t and all(kill_zone.near_road(b, b.hex(x)) for x in steps_t)  # on or next to the road
    assert not near  # 7E4 is two rows off the road
    steps_b = steps_of("B")
    assert any(not kill_zone.near_road(b, b.hex(x)) for x in steps_b)  # a reinforcement is free
    # once a turn a Mujahideen unit in cover jumps to another covered hex within 2, on any map
    g = arrange(fresh("kill-zone"), [("R", "rpd", "mujahideen", "8E1"), ("S", "sov-rifle-intensive", "soviet", "7E2")],
                frames=[Impulse("mujahideen", "main")])
    assert g.state.turn == 1
    from rules_goe85.procedures.turn import relocations

    targets = {a.to for a in relocations(RULES, g.state, "mujahideen")}
    assert "8F0" in targets and all(b.distance(b.hex("8E1"), b.hex(t)) <= 2 and b.cf(b.hex(t)) > 0 for t in targets)


@pytest.mark.rule("goe85:scenario:kill-zone")
def test_kill_zone_events_ied_indecision_preparation_tough():
    units = [("G", "btr-70", "soviet", "7E2"), ("S", "sov-rifle-intensive", "soviet", "7F2"),
             ("X", "sov-rifle-intensive", "soviet", "7F5"), ("R", "rpd", "mujahideen", "8E1", {"marker": "fired"})]

    def drawn(event: EventChoice, **kw):  # the Event card drawn in the Mujahideen impulse: its choice asked
        return arrange(fresh("kill-zone"), units, frames=[Impulse("mujahideen", "main"), event], **kw)

    g = drawn(EventChoice("mujahideen", "ied"))
    d = g.decision
    assert d.player == "mujahideen" and Ied("G", True) in d.actions and Ied("S", False) in d.actions
    assert not any("X" in a.units for a in d.actions if isinstance(a, Step))  # off the road
    mark = len(g.events)
    g.apply(Ied("G", True))
    top = pushed(g, mark)[0]
    assert isinstance(top, APFire) and top.apf == 3 and top.target == "G"
    g = drawn(EventChoice("mujahideen", "ied"))
    mark = len(g.events)
    g.apply(Ied("S", False))
    top = next(f for f in pushed(g, mark) if isinstance(f, FireFrame))
    assert top.hef == 4 and top.targets == ("S",)  # 4 HEF less no cover
    # Tough: a Mujahideen unit's marker comes off
    g = drawn(EventChoice("mujahideen", "tough"))
    assert Tough("R") in g.decision.actions
    g.apply(Tough("R"))
    assert g.state.units["R"].marker == ""
    # Soviet Indecision: two cards discarded, the Soviet player's pick
    g = drawn(EventChoice("soviet", "indecision", 2), hands={"soviet": ["#2", "#3", "#4"]})
    assert g.decision.player == "soviet"
    g.apply(Discard("#2"))
    g.apply(Discard("#3"))
    assert g.state.decks["action"].piles[hand("soviet")] == ["#4"]
    assert not any(isinstance(f, EventChoice) for f in g.state.stack)
    # Mujahideen Preparation: keep one, one to the bottom, one somewhere in the deck
    g = drawn(EventChoice("mujahideen", "preparation"), top=["#5", "#6", "#8"])
    assert Prepare("#5", "#6") in g.decision.actions
    g.apply(Prepare("#5", "#6"))
    piles = g.state.decks["action"].piles
    assert "#5" in piles[hand("mujahideen")] and piles["draw"][0] == "#6" and "#8" in piles["draw"]


@pytest.mark.rule("goe85:scenario:kill-zone")
def test_kill_zone_victory_points_and_the_fifth_kill():
    def hits(*uids):  # a referee script: one more Hit on each
        return lambda c: [apply_hit(RULES, c, uid) for uid in uids]

    g = fresh("kill-zone")
    weak = {"shaken": True, "reduced": True}
    arrange(g, [("G", "gaz-66", "soviet", "7E2", {"shaken": True}), ("B", "btr-70", "soviet", "7G2", weak),
                ("S", "sov-rifle-intensive", "soviet", "7F5", weak)]
            + [(f"M{i}", "rpd", "mujahideen", lab, weak) for i, lab in enumerate(["8A3", "8C3", "8E3", "8G3", "8I3", "8K3"])],
            then=hits("G", "B", "S"))
    assert g.state.vp["mujahideen"] == 4  # GAZ-66 1, BTR-70 2, Leg unit 1
    g.referee(hits("M0", "M1", "M2", "M3"))
    assert g.state.result is None
    g.referee(hits("M4"))  # the fifth: the game ends, 4 VP < 10
    assert g.state.result.winner == "soviet"
    # reaching 10 VP wins at once: played in test_kill_zone_won_by_the_mujahideens_tenth_vp


# -- Kill Zone: the relocation carries its Hero; no last turn --------------------------------------------
@pytest.mark.rule("goe85:scenario:kill-zone")
def test_kill_zone_relocation_carries_an_accompanying_hero():
    g = game("kill-zone")
    arrange(g, [("R", "rpd", "mujahideen", "8E1"), ("H", "aarash", "mujahideen", "8E1"),
                ("S", "sov-rifle-intensive", "soviet", "7E2"), ("T", "t-55", "soviet", "7K2")],
            frames=[Impulse("mujahideen", "main")])
    d = g.decision
    with_hero = [a for a in d.actions if isinstance(a, Relocate) and a.hero == "H"]
    alone = [a for a in d.actions if isinstance(a, Relocate) and a.unit == "R" and not a.hero]
    assert with_hero and alone and not any(a.unit == "H" for a in d.actions if isinstance(a, Relocate))
    g.apply(Relocate("R", "8F0", "H"))
    b = board_for("kill-zone")
    assert g.state.units["R"].hex == g.state.units["H"].hex == b.hex("8F0")
    assert g.state.relocated["mujahideen"] == g.state.turn
    assert not any(isinstance(a, Relocate) for a in g.decision.actions)  # once a turn


@pytest.mark.rule("goe85:scenario:kill-zone")
def test_kill_zone_has_no_last_turn_the_game_goes_on_after_turn_ten():
    """Issue 12 item 3: the text ends Kill Zone only at the Soviets' fifth kill (or the Mujahideen's
    10 VP); the old 10-turn guard ended it after turn 10 (this test fails on it)."""
    assert game_data().scenarios["kill-zone"].turns == 0  # no last turn printed
    g = game("kill-zone")
    arrange(g, [("R", "rpd", "mujahideen", "8E1"), ("S", "sov-rifle-intensive", "soviet", "7E2")],
            phase="cleanup", frames=[], extra=lambda c: c.emit(PhaseSet("cleanup", 10)))
    # the referee leaves turn 10's clean-up under way; the game runs on by itself
    assert g.state.result is None
    assert g.state.turn == 11 and g.decision is not None  # turn 11 is dealt and played


@pytest.mark.rule("goe85:scenario:kill-zone")
def test_the_ied_is_3_ap_or_4_he_at_the_attackers_choice():
    """Issue 12 item 24.  Old behaviour: the engine fixed the attack by the target (AP at a Hard
    Target, HE otherwise), so a GAZ-66 on the road (a truck: struck by AP and HE alike, 17d) could
    only take the 4 HE."""
    from ..helpers import play_through

    g = arrange(game("kill-zone"),
                [("G", "gaz-66", "soviet", "7E2"), ("S", "sov-rifle-intensive", "soviet", "7F2"),
                 ("B", "btr-70", "soviet", "7G2"), ("R", "rpd", "mujahideen", "8E1"), ("R2", "rpd", "mujahideen", "8E3")],
                frames=[Impulse("mujahideen", "main"), EventChoice("mujahideen", "ied")], top=["#4"])
    offered = {(a.unit, a.ap) for a in g.decision.actions if isinstance(a, Ied)}
    assert offered == {("G", True), ("G", False), ("S", False), ("B", True)}  # no AP at a rifle, no HE at armour
    play_through(g, Ied("G", True))  # 3 APF, TM 0: card #4 (TN 8) hits and wrecks the truck
    assert "G" not in g.state.units and g.observe("soviet")["vp"]["mujahideen"] == 1


# -- victory through play (issue 12: no VP or kills written into the state) ----------------------
WEAK = {"shaken": True, "reduced": True}  # one more hit eliminates
HITS = ["#3", "#6", "#9", "#13", "#17", "#2", "#5", "#11", "#14", "#16", "#20", "#21", "#24", "#26"]  # each an HE Hit


@pytest.mark.rule("goe85:scenario:kill-zone")
@pytest.mark.rule("goe85:12a")
def test_kill_zone_ends_with_the_soviets_fifth_kill():
    """A Soviet artillery strike (card #12) on three hexes of worn-out Mujahideen kills five of them:
    the fifth kill ends the game at once, a Soviet win (the Mujahideen have no VP)."""
    from rules_goe85.model.actions import Decline, PickVictim, PlayCard, Strike, Use

    from ..refpos import pick

    g = arrange(game("kill-zone"),
                [("S", "sov-rifle-intensive", "soviet", "8E1"), ("B", "btr-70", "soviet", "7E2"),
                 ("M1", "muj-rifle-concealed", "mujahideen", "8D3", WEAK), ("M2", "rpd", "mujahideen", "8D3", WEAK),
                 ("M3", "rpg", "mujahideen", "8E4", WEAK), ("M4", "rpd", "mujahideen", "8E4", WEAK),
                 ("M5", "muj-rifle-concealed", "mujahideen", "8E3", WEAK), ("A", "aarash", "mujahideen", "8I1")],
                hands={"soviet": ["#12"]}, top=HITS, faces=[6])  # the targeting roll: on target
    g.apply(pick(g, PlayCard, card="#12", use=Use.ARTILLERY))
    g.apply(pick(g, Strike, target="8E3", pattern=("8E4", "8D3")))
    while not g.over:  # the Mujahideen hold no reaction; the Soviet player spreads the hits
        g.apply(next(a for a in g.decision.actions if isinstance(a, (Decline, PickVictim))))
    assert g.result.winner == "soviet" and "5th Mujahideen unit" in g.result.reason
    assert sorted(g.observe("soviet")["units"]) == ["A", "B", "S"]


@pytest.mark.rule("goe85:scenario:kill-zone")
def test_kill_zone_won_by_the_mujahideens_tenth_vp():
    """Three RPG shots over three impulses wreck two loaded BTR-70s (2 VP each, and their worn-out
    passengers die: 1 each) and an empty one: 10 VP ends the game at once, a Mujahideen win."""
    from rules_goe85.model.actions import PlayCard, Use

    from ..refpos import decline_windows, end_impulse, pick, start_impulse

    def shoot(rpg: str, btr: str):
        g.apply(pick(g, PlayCard, use=Use.FIRE, unit=rpg, target=btr, ap=True))
        decline_windows(g)

    g = arrange(game("kill-zone"),
                [("B1", "btr-70", "soviet", "7E2"), ("P1", "sov-rifle-intensive", "soviet", "7E2", {**WEAK, "carrier": "B1"}),
                 ("P2", "sov-rifle-marksman", "soviet", "7E2", {**WEAK, "carrier": "B1"}),
                 ("B2", "btr-70", "soviet", "7G2"), ("P3", "sov-rifle-prep", "soviet", "7G2", {**WEAK, "carrier": "B2"}),
                 ("P4", "sov-rifle-marksman", "soviet", "7G2", {**WEAK, "carrier": "B2"}),
                 ("B3", "btr-70", "soviet", "7I2"),
                 ("R1", "rpg", "mujahideen", "7E3"), ("R2", "rpg", "mujahideen", "7G3"), ("R3", "rpg", "mujahideen", "7I3")],
                hands={"mujahideen": ["#9", "#1", "#27", "#42"]},
                # per shot: the to-hit card, then the APF bonus card (+2: the BTR's AF 0 is beaten); between
                # shots the Mujahideen draw one card up to their hand of four
                top=["#4", "#16", "#13", "#8", "#28", "#18", "#32", "#41"],
                frames=[Impulse("mujahideen", "main")])
    shoot("R1", "B1")
    assert g.observe("soviet")["vp"]["mujahideen"] == 4
    end_impulse(g)
    start_impulse(g, draw=False)  # the Soviets pass
    start_impulse(g, draw=True)
    shoot("R2", "B2")
    end_impulse(g)
    start_impulse(g, draw=False)
    start_impulse(g, draw=True)
    shoot("R3", "B3")
    assert g.result.winner == "mujahideen" and g.result.reason == "the Mujahideen reach 10 VP"


@pytest.mark.rule("goe85:scenario:kill-zone")
@pytest.mark.rule("goe85:5f")
def test_kill_zone_reserve_first_step_judges_a_road_bound_vehicle_by_the_hexes_restrict_keeps():
    """The road limit's hex test (reserve_hex_limit, which the Reserve Phase's first step asks) keeps
    exactly the hexes the scenario's restrict keeps for a road-bound vehicle, and none is asked of
    a vehicle that entered later (it is free); the first step then offers the vehicles whose
    second step lists a destination."""
    from rules_goe85.model.actions import Decline, Declined, PickReserveUnit, ReserveMove
    from rules_goe85.model.frames import ReserveDestination, ReserveFrame
    from tabletop_core.values import Decision

    units = [("T", "t-55", "soviet", "7E2"), ("G", "gaz-66", "soviet", "7K1"), ("B", "bmp-1", "soviet", "7F4", {"entry": 1}),
             ("R", "rpd", "mujahideen", "8D3")]
    g = arrange(fresh("kill-zone"), units, frames=[ReserveFrame("soviet")], phase="reserve")
    b = board_for("kill-zone")
    special = RULES.special_rules(g.state)
    for uid in ("T", "G"):
        u = g.state.units[uid]
        limit = special.reserve_hex_limit(g.state, u)
        moves = [ReserveMove(uid, b.label(h)) for h in sorted(b.hexes)]
        kept = special.restrict(RULES, g.state, Decision("soviet", (*moves, Decline(Declined.BACK)), ""))
        assert {m.to for m in kept.actions if isinstance(m, ReserveMove)} == {b.label(h) for h in b.hexes if limit(h)}
    assert all(special.reserve_hex_limit(g.state, g.state.units["B"])(h) for h in b.hexes)
    offered = {a.unit for a in g.decision.actions if isinstance(a, PickReserveUnit)}
    for uid in ("T", "G", "B"):
        trial = g.clone(keep_history=False)
        trial.referee(lambda c, uid=uid: c.push(ReserveDestination("soviet", uid)))
        assert (uid in offered) == any(isinstance(a, ReserveMove) for a in trial.decision.actions), uid
    assert "T" in offered
