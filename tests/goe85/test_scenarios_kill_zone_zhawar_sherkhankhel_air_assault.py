"""Kill Zone, Tanks at Zhawar, Ambush at Sherkhankhel and Air Assault: set-up, special rules, events
and victory (scenario_events.py, scenarios_mech.py)."""
import pytest
from tabletop_core.decks import hand
from tabletop_core.testing import check_ruleset

from rules_goe85.model.actions import (
    Decline, Declined, Discard, ExitMap, Ied, Place, PlaceVillageUnit, PlayCard, Prepare, Reverse, Step, Tough, Unload, Use, Wave,
)
from rules_goe85.scenarios import air_assault, ambush_at_sherkhankhel, kill_zone, tanks_at_zhawar
from rules_goe85.scenarios import special_rules as se
from rules_goe85.queries.board import board_for
from rules_goe85.procedures.turn import _uses, end_turn_limit, main_options
from rules_goe85.model.frames import EventChoice, FireFrame, MoveFrame
from rules_goe85.model.vehicles import APFire

from .helpers import DATA, GREEN, RULES, BLANK, ctx, game, give, position, run, stack_deck

MINE = ("kill-zone", "tanks-at-zhawar", "ambush-at-sherkhankhel", "air-assault")


def labels(g, hexes):
    b = board_for(g.state.scenario)
    return sorted(b.label(h) for h in hexes)


def decide(g):
    g._decision = None
    return RULES.decision(g.state)


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
    g = game("kill-zone")
    position(g, [("T", "t-55", "soviet", "7E2"), ("B", "bmp-1", "soviet", "7F4"), ("R", "rpd", "mujahideen", "8D3")],
             B={"entry": 2})
    g.state.stack.append(MoveFrame(player="soviet", use="move", mp=(("T", 9, 0), ("B", 9, 0)), origin=()))
    d = decide(g)
    b = board_for("kill-zone")
    near = kill_zone.near_road(b, b.hex("7E4"))
    steps_t = [a.to for a in d.actions if isinstance(a, (Step, Reverse)) and (a.units if isinstance(a, Step) else (a.unit,)) == ("T",)]
    assert steps_t and all(kill_zone.near_road(b, b.hex(x)) for x in steps_t)  # on or next to the road
    assert not near  # 7E4 is two rows off the road
    steps_b = [a.to for a in d.actions if isinstance(a, (Step, Reverse)) and (a.units if isinstance(a, Step) else (a.unit,)) == ("B",)]
    assert any(not kill_zone.near_road(b, b.hex(x)) for x in steps_b)  # a reinforcement is free
    # once a turn a Mujahideen unit in cover jumps to another covered hex within 2, on any map
    g.state.stack.clear()
    position(g, [("R", "rpd", "mujahideen", "8E1"), ("S", "sov-rifle-intensive", "soviet", "7E2")])
    g.state.turn = 1
    from rules_goe85.procedures.turn import relocations

    targets = {a.to for a in relocations(RULES, g.state, "mujahideen")}
    assert "8F0" in targets and all(b.distance(b.hex("8E1"), b.hex(t)) <= 2 and b.cf(b.hex(t)) > 0 for t in targets)


@pytest.mark.rule("goe85:scenario:kill-zone")
def test_kill_zone_events_ied_indecision_preparation_tough():
    g = game("kill-zone")
    position(g, [("G", "btr-70", "soviet", "7E2"), ("S", "sov-rifle-intensive", "soviet", "7F2"),
                 ("X", "sov-rifle-intensive", "soviet", "7F5"), ("R", "rpd", "mujahideen", "8E1")],
             R={"marker": "fired"})
    f = EventChoice("mujahideen", "ied")
    d = se.decide_event(RULES, g.state, f)
    assert Ied("G", True) in d.actions and Ied("S", False) in d.actions
    assert not any("X" in a.units for a in d.actions if isinstance(a, Step))  # off the road
    g.state.stack.append(f)
    se.act_event(RULES, ctx(g), f, Ied("G", True))
    top = g.state.stack[-1]
    assert isinstance(top, APFire) and top.apf == 3 and top.target == "G"
    g.state.stack.clear()
    g.state.stack.append(f)
    se.act_event(RULES, ctx(g), f, Ied("S", False))
    top = g.state.stack[-1]
    assert isinstance(top, FireFrame) and top.hef == 4 and top.targets == ("S",)  # 4 HEF less no cover
    g.state.stack.clear()
    # Tough: a Mujahideen unit's marker comes off
    f = EventChoice("mujahideen", "tough")
    assert Tough("R") in se.decide_event(RULES, g.state, f).actions
    g.state.stack.append(f)
    se.act_event(RULES, ctx(g), f, Tough("R"))
    assert g.state.units["R"].marker == ""
    # Soviet Indecision: two cards discarded, the Soviet player's pick
    give(g, "soviet", ["#2", "#3", "#4"])
    f = EventChoice("soviet", "indecision", 2)
    g.state.stack.append(f)
    se.act_event(RULES, ctx(g), f, Discard("#2"))
    se.act_event(RULES, ctx(g), g.state.stack[-1], Discard("#3"))
    assert g.state.decks["action"].piles[hand("soviet")] == ["#4"] and not g.state.stack
    # Mujahideen Preparation: keep one, one to the bottom, one somewhere in the deck
    stack_deck(g, ["#5", "#6", "#8"])
    f = EventChoice("mujahideen", "preparation")
    assert Prepare("#5", "#6") in se.decide_event(RULES, g.state, f).actions
    g.state.stack.append(f)
    se.act_event(RULES, ctx(g), f, Prepare("#5", "#6"))
    piles = g.state.decks["action"].piles
    assert "#5" in piles[hand("mujahideen")] and piles["draw"][0] == "#6" and "#8" in piles["draw"]


@pytest.mark.rule("goe85:scenario:kill-zone")
def test_kill_zone_victory_points_and_the_fifth_kill():
    from rules_goe85.procedures.damage import apply_hit

    g = game("kill-zone")
    position(g, [("G", "gaz-66", "soviet", "7E2"), ("B", "btr-70", "soviet", "7G2"), ("S", "sov-rifle-intensive", "soviet", "7F5")]
             + [(f"M{i}", "rpd", "mujahideen", lab) for i, lab in enumerate(["8A3", "8C3", "8E3", "8G3", "8I3", "8K3"])],
             G={"shaken": True}, B={"shaken": True, "reduced": True}, S={"shaken": True, "reduced": True},
             **{f"M{i}": {"shaken": True, "reduced": True} for i in range(6)})
    for uid in ("G", "B", "S"):
        apply_hit(RULES, ctx(g), uid)
    assert g.state.vp["mujahideen"] == 4  # GAZ-66 1, BTR-70 2, Leg unit 1
    for i in range(4):
        apply_hit(RULES, ctx(g), f"M{i}")
    assert g.state.result is None
    apply_hit(RULES, ctx(g), "M4")  # the fifth: the game ends, 4 VP < 10
    assert g.state.result.winner == "soviet"
    # reaching 10 VP wins at once
    g = game("kill-zone")
    position(g, [("T", "t-55", "soviet", "7E2"), ("R", "rpd", "mujahideen", "8A3")], T={"shaken": True})
    g.state.vp["mujahideen"] = 8
    apply_hit(RULES, ctx(g), "T")
    assert g.state.result.winner == "mujahideen"


# -- Tanks at Zhawar ------------------------------------------------------------------------------
@pytest.mark.rule("goe85:scenario:tanks-at-zhawar")
def test_zhawar_setup_wire_artillery_cards_and_hands():
    spec = DATA.scenarios["tanks-at-zhawar"]
    assert spec.hand == {"soviet": 4, "mujahideen": 5} and spec.turns == 7 and spec.initiative == "mujahideen"
    g = game("tanks-at-zhawar")
    b = board_for("tanks-at-zhawar")
    assert len(g.state.wire) == 3
    assert b.row(b.hex("5I5")).building and b.row(b.hex("5J2")).building and b.row(b.hex("6F3")).kind in ("clear", "hill")
    assert b.elevation[b.hex("6F3")] == 3  # the tile keeps the hill's level
    for u in g.state.units.values():
        if u.hex is not None and u.side == "mujahideen":
            assert b.local(u.hex)[0] == "6" and b.local(u.hex)[2] >= 4
        if u.hex is not None and u.side == "soviet":
            assert any(lab.startswith("5") for lab in b.board.labels(u.hex)) or b.label(u.hex) == "6I1"
    # the Mujahideen call 3 HEF artillery with #12 (its Soviet restriction ignored) or #19's top half
    assert ("upper", "artillery") in _uses(RULES, g.state, "mujahideen", "#12")
    assert ("upper", "artillery") in _uses(RULES, g.state, "mujahideen", "#19")
    from rules_goe85.procedures.artillery import on_target

    assert not on_target(3, "mujahideen", False) and on_target(4, "mujahideen", False)  # 4-6 only
    assert ("upper", "artillery") not in _uses(RULES, DATA and game("jalalabad").state, "mujahideen", "#12")


@pytest.mark.rule("goe85:scenario:tanks-at-zhawar")
def test_zhawar_assaulting_a_t55_takes_a_hit_card():
    g = game("tanks-at-zhawar")
    position(g, [("A", "sov-rifle-intensive", "soviet", "5E2"), ("C", "sov-rifle-intensive", "soviet", "5E2"),
                 ("T", "t-55", "mujahideen", "5E1")])
    g.state.stack.append(MoveFrame(player="soviet", use="move", mp=(("A", 4, 0), ("C", 4, 0)), origin=()))
    stack_deck(g, [GREEN, BLANK])  # A draws a Hit, C a blank
    RULES.act(ctx(g), Step(("A", "C"), "5E1"))
    b = board_for("tanks-at-zhawar")
    assert g.state.units["A"].hex == b.hex("5E1") and g.state.units["C"].hex == b.hex("5E2")
    mp = {u: m for u, m, _ in next(f for f in g.state.stack if isinstance(f, MoveFrame)).mp}
    assert mp["C"] == 0  # it ends its move next to the tank


@pytest.mark.rule("goe85:scenario:tanks-at-zhawar")
def test_zhawar_victory_two_per_building_and_the_bonus_cards():
    g = game("tanks-at-zhawar")
    spec = DATA.scenarios["tanks-at-zhawar"]
    for lab in spec.victory_hexes:
        g.state.control[lab] = "mujahideen"
    assert tanks_at_zhawar.zhawar_vp(g.state, spec) == 10
    g.state.vp["soviet"] = 2  # the Soviets completed their Bonus card: -4 for the Mujahideen
    assert tanks_at_zhawar.zhawar_vp(g.state, spec) == 6
    g.state.vp["mujahideen"] = 2
    RULES.special_rules(g.state).final_result(RULES, ctx(g))
    assert g.state.result.winner == "soviet"


# -- Ambush at Sherkhankhel -----------------------------------------------------------------------
@pytest.mark.rule("goe85:scenario:ambush-at-sherkhankhel")
def test_sherkhankhel_setup_concealed_start_cards_and_end_turns():
    g = game("ambush-at-sherkhankhel")
    b = board_for("ambush-at-sherkhankhel")
    muj = [u for u in g.state.units.values() if u.side == "mujahideen"]
    assert muj and all(u.concealed for u in muj if DATA.units[u.type].leg)
    assert {b.label(u.hex) for u in muj} <= {"7G1", "7F0", "6G1", "7D0", "5J4", "5J2"}
    assert labels(g, g.state.foxholes) == ["6G1", "7D0", "7F0", "7G1"]  # all four, one a hex
    assert all(g.state.mech.get(f"noexit:{u.uid}") == (1 if b.local(u.hex)[0] == "5" else None) for u in muj)
    cards = g.state.decks["action"].piles[hand("mujahideen")]
    assert "#37" in cards and "#7" in cards and len(cards) == 4
    assert g.state.initiative == "mujahideen"
    assert end_turn_limit(RULES, g.state) == 3
    g.state.turn = 2
    assert end_turn_limit(RULES, g.state) == 2


@pytest.mark.rule("goe85:scenario:ambush-at-sherkhankhel")
def test_sherkhankhel_no_assault_and_turn_one_move_and_fire():
    g = game("ambush-at-sherkhankhel")
    position(g, [("S", "sov-rifle-intensive", "soviet", "7D3"), ("M", "muj-rifle-resilient", "mujahideen", "7D2")])
    g.state.stack.append(MoveFrame(player="soviet", use="move", mp=(("S", 4, 0),), origin=()))
    d = decide(g)
    assert not any(isinstance(a, Step) and a.to == "7D2" for a in d.actions)
    g.state.stack.clear()
    g.state.turn = 1
    g.state.stack.append(FireFrame(side="soviet", use="move_fire", lead="S", supporters=(), targets=("M",),
                                   hex=board_for("ambush-at-sherkhankhel").hex("7D2"), hef=3, degrade=1))
    RULES.special_rules(g.state).after_act(RULES, ctx(g), None)
    assert g.state.stack[-1].degrade == 2  # turn 1: one colour rarer
    RULES.special_rules(g.state).after_act(RULES, ctx(g), None)
    assert g.state.stack[-1].degrade == 2  # once


@pytest.mark.rule("goe85:scenario:ambush-at-sherkhankhel")
def test_sherkhankhel_village_tiles_on_first_sight_of_8i4():
    g = game("ambush-at-sherkhankhel")
    position(g, [("S", "sov-rifle-intensive", "soviet", "8I5"), ("M", "muj-rifle-resilient", "mujahideen", "7D2")])
    from rules_goe85.model.frames import Impulse

    g.state.stack.append(Impulse("soviet", "main"))  # in the Soviet impulse, a unit sees 8I4
    g.referee(lambda c: RULES.special_rules(c.state).after_act(RULES, c, None), forced_faces=[3, 2] * 8)  # every tile on 8D2
    b = board_for("ambush-at-sherkhankhel")
    assert g.state.mech["village"] == 1 and g.state.tiles == {b.hex("8D2"): "building"}  # the last on top
    d = g.decision
    assert d.player == "mujahideen" and PlaceVillageUnit("8D2", "rpg") in d.actions
    g.apply(PlaceVillageUnit("8D2", "rpg"))
    g.apply(PlaceVillageUnit("8D2", "dshk"))
    placed = [u for u in g.state.units.values() if "village" in u.uid]
    assert sorted(u.type for u in placed) == ["dshk", "rpg"] and all(g.state.mech[f"noexit:{u.uid}"] for u in placed)
    # then two Action cards drawn and played out of turn
    assert isinstance(g.state.stack[-1], se.ExtraPlays) and len(g.state.decks["action"].piles[hand("mujahideen")]) >= 1
    d = g.decision
    assert d.player == "mujahideen" and any(isinstance(a, PlayCard) for a in d.actions)
    g.apply(next(a for a in d.actions if isinstance(a, PlayCard) and a.use == "fire") if any(
        isinstance(a, PlayCard) and a.use == "fire" for a in d.actions) else Decline(Declined.NO_MORE))
    while isinstance(g.state.stack[-1], se.ExtraPlays) is False and g.decision.player == "mujahideen" \
            and not isinstance(g.state.stack[-1], Impulse):
        g.apply(g.decision.actions[-1])
    if isinstance(g.state.stack[-1], se.ExtraPlays):
        g.apply(Decline(Declined.NO_MORE))
    assert isinstance(g.state.stack[-1], Impulse) and g.state.stack[-1].player == "soviet"
    RULES.special_rules(g.state).after_act(RULES, ctx(g), None)
    assert g.state.tiles == {b.hex("8D2"): "building"}  # only the first sight lays tiles


@pytest.mark.rule("goe85:scenario:ambush-at-sherkhankhel")
def test_sherkhankhel_exits_and_victory_product():
    g = game("ambush-at-sherkhankhel")
    b = board_for("ambush-at-sherkhankhel")
    position(g, [("S", "sov-rifle-intensive", "soviet", "7K3"), ("M", "muj-rifle-resilient", "mujahideen", "6A7"),
                 ("N", "muj-rifle-resilient", "mujahideen", "7J3"), ("V", "rpd", "mujahideen", "5B7")])
    g.state.mech["noexit:V"] = 1
    assert b.hex("6A7") in se._exit_edges("ambush-at-sherkhankhel") or se.may_exit(g.state, g.state.units["M"])
    assert se.may_exit(g.state, g.state.units["M"]) and not se.may_exit(g.state, g.state.units["N"])
    assert not se.may_exit(g.state, g.state.units["V"])  # first placed on board 5
    RULES.special_rules(g.state).after_step(RULES, ctx(g), ["M"], g.state.units["M"].hex)
    f = g.state.stack[-1]
    assert isinstance(f, EventChoice) and f.event == "exit"
    RULES.act(ctx(g), ExitMap("M"))
    assert "M" not in g.state.units and g.state.mech["exited"] == 1
    g.state.losses["soviet"] = 3
    g.state.mech["exited"] = 4
    assert ambush_at_sherkhankhel.sherkhankhel_vp(g.state)["mujahideen"] == 12  # the rulebook's example: 3 x 4
    from rules_goe85.procedures.damage import apply_hit

    g.state.units["N"] = g.state.units["N"].__class__("N", "muj-rifle-resilient", "mujahideen", b.hex("7J3"),
                                                      shaken=True, reduced=True)
    apply_hit(RULES, ctx(g), "N")
    assert g.state.vp["soviet"] == 4


# -- Air Assault ----------------------------------------------------------------------------------
@pytest.mark.rule("goe85:scenario:air-assault")
def test_air_assault_setup_loaded_mi8s_bunker_and_foxholes():
    spec = DATA.scenarios["air-assault"]
    assert spec.hand["soviet"] == 5 and spec.soviet_artillery == 4 and spec.initiative == "soviet"
    assert spec.muj_card19 == ["fire"]
    g = game("air-assault")
    b = board_for("air-assault")
    assert [b.label(h) for h in g.state.bunkers] == ["6F3"] and len(g.state.foxholes) == 6
    assert b.hex("6F3") not in g.state.foxholes
    legs = [u for u in g.state.units.values() if u.side == "soviet" and DATA.units[u.type].leg]
    assert len(legs) == 10 and all(g.state.units[u.carrier].type == "mi-8" for u in legs)
    assert all(g.state.mech.get(f"carried:{u.carrier}") for u in legs)
    entry = RULES.entry_hexes(g.state, "soviet")
    assert {lab[0] for h in entry for lab in b.board.labels(h)} <= {"6", "7", "8"}
    assert all(any(lab.startswith(("8", "7")) for lab in b.board.labels(h)) for h in entry)
    assert all(g.state.control[b.label(h)] == "mujahideen" for h in g.state.foxholes)


@pytest.mark.rule("goe85:scenario:air-assault")
def test_air_assault_mi8_leaves_when_empty_and_the_second_wave():
    g = game("air-assault")
    position(g, [("H", "mi-8", "soviet", "6B2"), ("P", "spetsnaz", "soviet", "6B2"), ("M", "rpd", "mujahideen", "6J6")],
             H={"mode": "landed"}, P={"carrier": "H"})
    g.state.mech["carried:H"] = 1
    g.state.stack.append(MoveFrame(player="soviet", use="move", mp=(("H", 9, 0), ("P", 5, 0)), origin=()))
    unload = Unload("P", "H")
    assert unload in decide(g).actions
    RULES.act(ctx(g), unload)
    assert g.state.units["P"].carrier == "" and "H" not in g.state.units and g.state.mech["aa_withdrawn"] == 1
    g.state.stack.clear()
    # turn 4: one Mi-8 has been withdrawn, so one squad comes, the Soviet player's pick
    g.state.turn = 4
    g.state.phase = "deal"
    assert RULES.special_rules(g.state).turn_start(RULES, ctx(g))
    f = g.state.stack[-1]
    d = se.decide_event(RULES, g.state, f)
    assert Wave("sov-rifle-marksman") in d.actions
    RULES.act(ctx(g), Wave("sov-rifle-marksman"))
    wave = [u for u in g.state.units.values() if ".w" in u.uid]
    assert sorted(u.type for u in wave) == ["mi-8", "sov-rifle-marksman"] and all(u.entry == 4 for u in wave)
    assert not g.state.stack and not RULES.special_rules(g.state).turn_start(RULES, ctx(g))  # once
    # the second wave's Mi-8s go at the end of turn 6, loaded or not
    g.state.turn = 6
    RULES.special_rules(g.state).end_of_turn(RULES, ctx(g))
    assert not any(".w" in u for u in g.state.units)


@pytest.mark.rule("goe85:scenario:air-assault")
def test_air_assault_tunnels_heavy_artillery_and_victory():
    g = game("air-assault")
    b = board_for("air-assault")
    position(g, [("M", "muj-rifle-intensive", "mujahideen", "6I4"), ("A", "aarash", "mujahideen", "6I4"),
                 ("S", "spetsnaz", "soviet", "6J3")])
    g.state.turn = 2
    give(g, "mujahideen", ["#7"])  # Scout / ... : no Move
    cid = next(c for c in DATA.cards if DATA.cards[c].kind == "action" and "move" in (DATA.cards[c].upper, DATA.cards[c].lower))
    give(g, "mujahideen", [cid])
    opts = [a for a in main_options(RULES, g.state, "mujahideen") if isinstance(a, PlayCard) and a.use == "tunnel_move"]
    assert opts and all(b.in_cover(b.hex(a.target), g.state.foxholes) for a in opts)
    target = next(a for a in opts if b.distance(b.hex(a.target), b.hex("6I4")) > 4)
    from rules_goe85.model.frames import Impulse

    g.state.stack.append(Impulse("mujahideen", "after"))
    from rules_goe85.procedures.turn import play

    play(RULES, ctx(g), "mujahideen", target)
    f = g.state.stack[-1]
    assert isinstance(f, MoveFrame) and g.state.units["M"].hex == b.hex(target.target)
    assert g.state.units["A"].hex == b.hex(target.target)  # the Hero comes along
    full = {u: m for u, m, _ in f.mp}
    from rules_goe85.procedures.move import mp_allowance

    assert full["M"] == mp_allowance(g.state.units["M"], "move") - 2
    assert not [a for a in main_options(RULES, g.state, "mujahideen") if isinstance(a, PlayCard) and a.use in (Use.TUNNEL_MOVE, Use.TUNNEL_MOVE_FIRE)]
    # Heavy Artillery Strike: 5 HEF
    g.state.stack.clear()
    se.resolve_event(ctx(g), "heavy_artillery")
    assert g.state.stack[-1].hef == 5
    g.state.stack.clear()
    # victory: 10 for the bunker, 3 a foxhole, 1 a Mujahideen unit; 2 a Soviet Leg unit, 3 a helicopter
    g.state.bunkers[b.hex("6F3")] = 3
    g.state.foxholes.clear()
    g.state.foxholes.update({b.hex("6E6"), b.hex("6G6")})
    g.state.control.update({"6F3": "soviet", "6E6": "soviet", "6G6": "mujahideen"})
    g.state.vp.update({"soviet": 1, "mujahideen": 5})
    vp = air_assault.air_assault_vp(g.state, DATA.scenarios["air-assault"])
    assert vp == {"soviet": 14, "mujahideen": 5}


@pytest.mark.rule("goe85:scenario:air-assault")
def test_air_assault_scoring_of_losses():
    from rules_goe85.procedures.damage import apply_hit

    g = game("air-assault")
    position(g, [("H", "mi-24", "soviet", "6B2"), ("S", "spetsnaz", "soviet", "6B3"), ("M", "rpd", "mujahideen", "6J6")],
             H={"mode": "landed", "shaken": True, "reduced": True}, S={"shaken": True, "reduced": True},
             M={"shaken": True, "reduced": True})
    for uid in ("H", "S", "M"):
        apply_hit(RULES, ctx(g), uid)
    run(g)
    assert g.state.vp == {"soviet": 1, "mujahideen": 5}


# -- the conformance kit --------------------------------------------------------------------------
@pytest.mark.parametrize("scenario", MINE)
def test_conformance_mech2(scenario):
    check_ruleset("goe85", scenario, seeds=range(2))
