"""The scenario air-assault: set-up, special rules, events and victory."""
import pytest

from tabletop_core.events import ActionTaken

from rules_goe85.data.loading import game_data
from rules_goe85.model.actions import Decline, PlaceFoxhole, PlayCard, Unload, Use, Wave
from rules_goe85.model.events import PhaseSet
from rules_goe85.model.frames import ArtilleryFrame, Impulse, MoveFrame
from rules_goe85.model.vehicles import MechSet
from rules_goe85.queries.card_menu import main_options
from rules_goe85.queries.board import board_for
from rules_goe85.scenarios import mechanised_events as se

from ..helpers import DATA, RULES, decline_empty_windows, game, impulse_plays, play_through
from ..refpos import arrange, fresh, pick, play_until


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
    g = fresh("air-assault")

    def turn_3(c):  # turn 3; the Mi-8 brought P in (the scenario's carried mark, as at set-up)
        c.emit(PhaseSet("impulses", 3))
        c.emit(MechSet("carried:H", 1))

    arrange(g, [("H", "mi-8", "soviet", "6B2", {"mode": "landed"}), ("P", "spetsnaz", "soviet", "6B2", {"carrier": "H"}),
                ("M", "rpd", "mujahideen", "6J6")], hands={"soviet": ["#46"]}, extra=turn_3)
    g.apply(pick(g, PlayCard, card="#46", use=Use.HELI_MOVE, unit="H"))
    while Unload("P", "H") not in g.decision.actions:  # the Mi-8 keeps its mode
        g.apply(next(a for a in g.decision.actions if isinstance(a, Decline)))
    play_through(g, Unload("P", "H"))
    assert g.state.units["P"].carrier == "" and "H" not in g.state.units and g.state.mech["aa_withdrawn"] == 1
    # turn 4: one Mi-8 has been withdrawn, so one squad comes, the Soviet player's pick
    play_until(g, lambda g: any(isinstance(a, Wave) for a in g.decision.actions))
    assert g.state.turn == 4 and g.decision.player == "soviet"
    assert Wave("sov-rifle-marksman") in g.decision.actions
    g.apply(Wave("sov-rifle-marksman"))
    wave = [u for u in g.state.units.values() if ".w" in u.uid]
    assert sorted(u.type for u in wave) == ["mi-8", "sov-rifle-marksman"] and all(u.entry == 4 for u in wave)
    mark = len(g.events)
    play_until(g, lambda g: g.state.turn == 6)
    assert not any(isinstance(e, ActionTaken) and isinstance(e.action, Wave) for e in g.events[mark:])  # once
    assert any(".w" in u for u in g.state.units)
    # the second wave's Mi-8s go at the end of turn 6, loaded or not
    play_until(g, lambda g: g.state.turn == 7)
    assert not any(".w" in u for u in g.state.units)


@pytest.mark.rule("goe85:scenario:air-assault")
def test_air_assault_tunnels_heavy_artillery_and_victory():
    g = fresh("air-assault")
    b = board_for("air-assault")
    cid = next(c for c in DATA.cards if DATA.cards[c].kind == "action" and "move" in (DATA.cards[c].upper, DATA.cards[c].lower))
    arrange(g, [("M", "muj-rifle-intensive", "mujahideen", "6I4"), ("A", "aarash", "mujahideen", "6I4"),
                ("S", "spetsnaz", "soviet", "6J3")],
            hands={"mujahideen": ["#7", cid]},  # #7 Scout / ... : no Move
            frames=[Impulse("mujahideen", "main")], extra=lambda c: c.emit(PhaseSet("impulses", 2)))
    opts = [a for a in main_options(RULES, g.state, "mujahideen") if isinstance(a, PlayCard) and a.use == "tunnel_move"]
    assert opts and all(b.in_cover(b.hex(a.target), g.state.foxholes) for a in opts)
    target = next(a for a in opts if b.distance(b.hex(a.target), b.hex("6I4")) > 4)
    assert target in impulse_plays(g)
    g.apply(target)
    f = g.state.top
    assert isinstance(f, MoveFrame) and g.state.units["M"].hex == b.hex(target.target)
    assert g.state.units["A"].hex == b.hex(target.target)  # the Hero comes along
    full = {u: m for u, m, _ in f.mp}
    from rules_goe85.queries.movement import mp_allowance

    assert full["M"] == mp_allowance(g.state.units["M"], "move") - 2
    assert not [a for a in main_options(RULES, g.state, "mujahideen") if isinstance(a, PlayCard) and a.use in (Use.TUNNEL_MOVE, Use.TUNNEL_MOVE_FIRE)]
    # Heavy Artillery Strike: 5 HEF (the Event card's effect, started by the referee)
    arrange(g, [("M", "muj-rifle-intensive", "mujahideen", "6I4"), ("S", "spetsnaz", "soviet", "6J3")],
            then=lambda c: se.resolve_event(c, "heavy_artillery"))
    assert isinstance(g.state.top, ArtilleryFrame) and g.state.top.hef == 5 and g.decision.player == "soviet"
    # victory: played in test_air_assault_won_by_spetsnaz_dropped_on_the_bunker


@pytest.mark.rule("goe85:scenario:air-assault")
def test_air_assault_scoring_of_losses():
    from rules_goe85.effects.losses import apply_hit

    g = fresh("air-assault")
    arrange(g, [("H", "mi-24", "soviet", "6B2", {"mode": "landed", "shaken": True, "reduced": True}),
                ("S", "spetsnaz", "soviet", "6B3", {"shaken": True, "reduced": True}),
                ("M", "rpd", "mujahideen", "6J6", {"shaken": True, "reduced": True})],
            then=lambda c: [apply_hit(RULES, c, uid) for uid in ("H", "S", "M")])  # a third Hit on each
    decline_empty_windows(g)
    assert g.state.vp == {"soviet": 1, "mujahideen": 5}


# -- victory through play (issue 12: no control or VP written into the state) -------------------
DRAWS = ["#13", "#17", "#28", "#35", "#39", "#7", "#10", "#18"]  # what the impulses draw: no End Turn


@pytest.mark.rule("goe85:scenario:air-assault")
@pytest.mark.rule("goe85:24e")
@pytest.mark.rule("goe85:17c")
def test_air_assault_won_by_spetsnaz_dropped_on_the_bunker():
    """Turn 7, the last; the Mujahideen hold the Bunker (6F3) and the six Foxholes from set-up (24e).
    An Mi-24 flies over the Foxholes 6F5, 6F4 and 6E4: that captures nothing (old behaviour: all
    three, 9 VP).  Next impulse an Mi-8 hovering over the Bunker drops its Spetsnaz onto it: 10 VP
    to 0, a Soviet win."""
    from rules_goe85.model.actions import Declined, Fly

    from ..refpos import done, end_impulse, last_turn, play_out, start_impulse

    g = arrange(fresh("air-assault"),
                [("G", "mi-24", "soviet", "6F6", {"facing": 0, "mode": "flying"}),
                 ("H", "mi-8", "soviet", "6F3", {"facing": 0, "mode": "hovering"}),
                 ("P", "spetsnaz", "soviet", "6F3", {"carrier": "H"}), ("M1", "rpd", "mujahideen", "6J6")],
                hands={"soviet": ["#24", "#46"]}, top=DRAWS, extra=last_turn("air-assault"))
    g.apply(pick(g, PlayCard, card="#24", use=Use.HELI_MOVE, unit="G"))
    g.apply(Decline(Declined.KEEP_MODE))
    for label in ("6F5", "6F4", "6E4"):
        g.apply(pick(g, Fly, to=label))
    g.apply(done(g))
    assert set(g.observe("soviet")["control"].values()) == {"mujahideen"}
    end_impulse(g)
    start_impulse(g, draw=False)  # the Mujahideen pass
    start_impulse(g, draw=True)
    g.apply(pick(g, PlayCard, card="#46", use=Use.HELI_MOVE, unit="H"))
    g.apply(Decline(Declined.KEEP_MODE))
    g.apply(Unload("P", "H"))  # 17c: Spetsnaz may leave a hovering helicopter into any terrain
    assert g.observe("mujahideen")["control"]["6F3"] == "soviet"
    result = play_out(g)
    assert result.winner == "soviet" and result.scores == {"soviet": 10, "mujahideen": 0}


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
