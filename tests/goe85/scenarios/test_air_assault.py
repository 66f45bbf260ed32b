"""The scenario air-assault: set-up, special rules, events and victory."""
import pytest

from rules_goe85.data.loading import game_data
from rules_goe85.model.actions import PlaceFoxhole, PlayCard, Unload, Use, Wave
from rules_goe85.model.frames import MoveFrame
from rules_goe85.procedures.turn import main_options
from rules_goe85.queries.board import board_for
from rules_goe85.scenarios import air_assault, mechanised_events as se

from ..helpers import DATA, RULES, ctx, decide, game, give, position, run


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
    from rules_goe85.queries.movement import mp_allowance

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
    from rules_goe85.effects.losses import apply_hit

    g = game("air-assault")
    position(g, [("H", "mi-24", "soviet", "6B2"), ("S", "spetsnaz", "soviet", "6B3"), ("M", "rpd", "mujahideen", "6J6")],
             H={"mode": "landed", "shaken": True, "reduced": True}, S={"shaken": True, "reduced": True},
             M={"shaken": True, "reduced": True})
    for uid in ("H", "S", "M"):
        apply_hit(RULES, ctx(g), uid)
    run(g)
    assert g.state.vp == {"soviet": 1, "mujahideen": 5}


# -- default deployment: every Foxhole, within 23 -------------------------------------------------
@pytest.mark.rule("goe85:scenario:air-assault")
@pytest.mark.parametrize("scenario", ["air-assault", "ambush-at-sherkhankhel", "9th-company", "hammer-and-anvil"])
def test_default_deployment_places_every_foxhole(scenario):
    g = game(scenario)
    b = board_for(scenario)
    want = sum(f.foxholes for f in game_data().scenarios[scenario].forces)
    assert len(g.state.foxholes) == want
    for h in g.state.foxholes:
        assert not b.row(h).building and b.row(h).kind != "pond" and h not in g.state.bunkers


@pytest.mark.rule("goe85:scenario:air-assault")
def test_no_foxhole_in_the_bunker_hex_when_setting_up_by_decision():
    g = game("air-assault", setup="choose")
    b = board_for("air-assault")
    while not any(isinstance(a, PlaceFoxhole) for a in g.decision.actions):
        g.apply(g.decision.actions[0])
    d = g.decision
    targets = {a.to for a in d.actions}
    assert "6F3" not in targets and b.hex("6F3") in g.state.bunkers and "6 left" in d.prompt
    assert all(not b.row(b.hex(t)).building for t in targets)
    for _ in range(6):
        g.apply(g.decision.actions[0])
    assert len(g.state.foxholes) == 6 and b.hex("6F3") not in g.state.foxholes
