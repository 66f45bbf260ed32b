"""The scenario hammer-and-anvil: set-up, special rules, events and victory."""
import pytest

from tabletop_core.decks import hand
from tabletop_core.game import Game

from rules_goe85.model.actions import Boldness, HelicopterAttack, PlaceFoxhole, PlayReaction, Step, Use
from rules_goe85.model.frames import Deploy, EventChoice, FireFrame, Impulse, MoveFrame, OppFireWindow
from rules_goe85.model.state import DECK
from rules_goe85.procedures.move.steps import start_move
from rules_goe85.queries.board import board_for

from ..helpers import decline_empty_windows, impulse_plays, play_through
from ..helpers import DATA, GREEN, RULES, _labels, game, keep_first_bonus_cards
from ..refpos import arrange, fresh, pushed


@pytest.mark.rule("goe85:scenario:hammer-and-anvil")
@pytest.mark.rule("goe85:23a")
def test_setup_order_and_foxholes_follow_the_scenario():
    g = Game.start(RULES, "hammer-and-anvil", seed=1)
    assert g.decision.player == "mujahideen"  # the Mujahideen set up first here
    _place_all_side = [0]
    while g.state.top.side == "mujahideen":
        g.apply(g.decision.actions[0])
        _place_all_side[0] += 1
    assert _place_all_side[0] == 11
    while g.state.top.pending:
        g.apply(g.decision.actions[0])
    d = g.decision
    assert d.player == "soviet" and all(isinstance(a, PlaceFoxhole) for a in d.actions)
    b = board_for("hammer-and-anvil")
    zone = set(b.zone_hexes(RULES.data.scenarios["hammer-and-anvil"].forces[1].zones[0]))
    assert all(b.hex(a.to) in zone and not b.row(b.hex(a.to)).building for a in d.actions)
    g.apply(d.actions[0])
    assert len(g.state.foxholes) == 1
    assert not any(isinstance(f, Deploy) for f in g.state.stack)
    default = game("hammer-and-anvil")  # the automatic deployment stays an option
    assert all(u.hex is not None for u in default.state.units.values() if not u.entry)


@pytest.mark.rule("goe85:scenario:hammer-and-anvil")
def test_hammer_events_and_booby_trap():
    units = [("S1", "spetsnaz", "soviet", "5G4"), ("M1", "muj-rifle-intensive", "mujahideen", "5J6", {"marker": "ops"}),
             ("M2", "muj-rifle-intensive", "mujahideen", "5A6")]
    # the event cards' choices, their frames on the impulse that drew them (drawn in play below)
    g = arrange(fresh("hammer-and-anvil"), units,
                frames=[Impulse("mujahideen", "main"), EventChoice("mujahideen", "boldness", 2)])
    g.apply(Boldness("M1"))
    assert g.state.units["M1"].marker == "" and isinstance(g.state.top, MoveFrame) and g.state.top.use == "fast_move"
    g = arrange(fresh("hammer-and-anvil"), units, frames=[Impulse("mujahideen", "main"), EventChoice("soviet", "helicopter")])
    assert g.decision.player == "soviet" and HelicopterAttack("5A6") in g.decision.actions
    mark = len(g.events)
    g.apply(HelicopterAttack("5A6"))
    f = next(x for x in pushed(g, mark) if isinstance(x, FireFrame))
    b = board_for("hammer-and-anvil")
    assert isinstance(f, FireFrame) and f.use == "event" and f.spraying and f.hef == 5 - b.cf(b.hex("5A6"))
    # Booby Trap: an Artillery card played when a Soviet unit enters a building hex
    g2 = fresh("hammer-and-anvil")
    arrange(g2, [("S1", "spetsnaz", "soviet", "5H4"), ("M1", "muj-rifle-intensive", "mujahideen", "5A1")],
            hands={"mujahideen": ["#19"]}, top=[GREEN],
            then=lambda c: start_move(RULES, c, "soviet", "move", ["S1"]))  # S1 moves in its impulse
    g2.apply(Step(("S1",), "5H5"))  # a building
    assert isinstance(g2.state.top, OppFireWindow) and PlayReaction("#19", Use.BOOBY_TRAP, "S1") in g2.decision.actions
    play_through(g2, PlayReaction("#19", Use.BOOBY_TRAP, "S1"))
    assert g2.state.units["S1"].shaken


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
    decline_empty_windows(g)  # the Soviet hand holds no Light Wounds
    assert g.state.units["S1"].hex == house and g.state.units["S1"].shaken
    assert g.decision.player == "mujahideen"
    play_through(g, PlayReaction("#12", Use.BOOBY_TRAP, "S1"))
    assert g.state.units["S1"].reduced  # 2 cards: a green Hit, a blank


@pytest.mark.rule("goe85:scenario:hammer-and-anvil")
def test_hammer_and_anvil_setup_escape_and_score():
    g = game("hammer-and-anvil")
    keep_first_bonus_cards(g)  # 24b: the Bonus cards come before the first deal
    assert all(lab[1] in "EFG" and lab.startswith("5") for lab in _labels(g, "mujahideen"))
    assert all(lab.startswith("6") for lab in _labels(g, "soviet"))
    spetsnaz = [u for u in g.state.units.values() if u.type == "spetsnaz"]
    assert len(spetsnaz) == 4 and all(u.hex is None and u.entry == 1 for u in spetsnaz)
    assert all(RULES.entry_hexes(g.state, "soviet"))
    assert len(g.state.decks[DECK].piles[hand("mujahideen")]) == 5
    # the escape and the score are played below (test_hammer_and_anvil_won_by_...)


def _draw_event(event_index: int, units):
    """Hammer and Anvil after the Bonus cards: the Soviet ends an impulse, discards nothing, and the
    Mujahideen draw the scenario's event card ``event_index`` (0 Boldness, 1 Attack Helicopter)."""
    from rules_goe85.model.actions import Decline, Draw, EndImpulse
    from rules_goe85.queries.deck import card

    g = game("hammer-and-anvil")
    keep_first_bonus_cards(g)
    events = sorted((c for c in DATA.cards if DATA.cards[c].kind == "event"), key=lambda c: card(c).number)
    arrange(g, units, hands={"soviet": ["#16"]}, top=[events[event_index], "#1", "#4"],
            frames=[Impulse("soviet", "main")])
    g.apply(EndImpulse())
    g.apply(next(a for a in g.decision.actions if isinstance(a, Decline)))  # keep the Fire card
    g.apply(Draw())
    return g


@pytest.mark.rule("goe85:scenario:hammer-and-anvil")
@pytest.mark.rule("goe85:4a")
def test_boldness_removes_any_administrative_marker_shaken_and_concealed_too():
    """Issue 12 item 24: Boldness takes off ANY administrative marker (4a), so a Shaken, Concealed,
    Ops Complete Rifle is free of all three and fast moves (the old engine kept Shaken and
    Concealed: this test fails on it)."""
    g = _draw_event(0, [("S1", "spetsnaz", "soviet", "6G4"),
                        ("M1", "muj-rifle-intensive", "mujahideen", "5J6", {"shaken": True, "concealed": True, "marker": "ops"})])
    assert g.decision.player == "mujahideen" and Boldness("M1") in g.decision.actions
    g.apply(Boldness("M1"))
    m1 = g.state.units["M1"]
    assert (m1.marker, m1.shaken, m1.concealed) == ("", False, False)
    assert isinstance(g.state.top, MoveFrame) and g.state.top.use == "fast_move"


@pytest.mark.rule("goe85:scenario:hammer-and-anvil")
@pytest.mark.rule("goe85:5b")
def test_the_attack_helicopter_event_is_carried_out():
    """Issue 12 item 24: the Soviet player picks the hex the Attack Helicopter strikes but cannot let
    the event pass (5b; the old engine offered a Decline: this test fails on it)."""
    g = _draw_event(1, [("S1", "spetsnaz", "soviet", "6G4"), ("M1", "muj-rifle-intensive", "mujahideen", "5J6"),
                        ("M2", "muj-rifle-intensive", "mujahideen", "5A6")])
    d = g.decision
    assert d.player == "soviet" and set(d.actions) == {HelicopterAttack("5J6"), HelicopterAttack("5A6")}
    start = len(g.events)
    g.apply(HelicopterAttack("5A6"))
    fired = [e.frame for e in g.events[start:] if type(e).__name__ == "FramePushed" and isinstance(e.frame, FireFrame)]
    assert [(f.use, f.spraying, f.targets) for f in fired][:1] == [("event", True, ("M2",))]  # 5 HEF, Spraying Fire


@pytest.mark.rule("goe85:scenario:hammer-and-anvil")
@pytest.mark.parametrize("seed", range(6))
def test_booby_trap_strikes_the_moving_stack_not_the_units_already_in_the_building(seed):
    """Issue 12 item 24.  Old behaviour: the victim was drawn from every Soviet unit in the hex, so
    the Spetsnaz and Hero already in 5H5 were struck two times in three."""
    g = arrange(game("hammer-and-anvil", seed=seed),
                [("S1", "spetsnaz", "soviet", "5H5"), ("Y", "yuri", "soviet", "5H5"),
                 ("S2", "spetsnaz", "soviet", "5H4"), ("M1", "muj-rifle-intensive", "mujahideen", "5A1")],
                hands={"soviet": ["#46"], "mujahideen": ["#19"]}, top=[GREEN])
    play_through(g, next(a for a in impulse_plays(g) if getattr(a, "use", None) == Use.MOVE and a.target == "5H4"))
    g.apply(Step(("S2",), "5H5"))  # into the building: the Mujahideen may spring the trap
    play_through(g, PlayReaction("#19", Use.BOOBY_TRAP, "S2"))
    units = g.observe("mujahideen")["units"]
    assert units["S2"]["shaken"] and not units["S1"]["shaken"] and not units["Y"]["shaken"]


# -- victory through play (issue 12: no VP written into the state) -------------------------------
DRAWS = ["#13", "#17", "#24", "#28", "#35", "#39", "#7", "#10", "#18"]  # what the impulses draw: no End Turn


def _last_turn_in_the_escape_lane(hand=("#46", "#22", "#9"), top=DRAWS):
    """Turn 8: two Mujahideen stacks next to column 6G; the only Soviet units Shaken (no one to see
    them slip in), one of them a reduced RPK-74 in the open."""
    from ..refpos import last_turn

    return arrange(fresh("hammer-and-anvil"),
                   [("M1", "muj-rifle-intensive", "mujahideen", "6F1"), ("M2", "muj-rifle-intensive", "mujahideen", "6F1"),
                    ("M3", "muj-rifle-intensive", "mujahideen", "6F2"), ("M4", "muj-rifle-resilient", "mujahideen", "6F2"),
                    ("S1", "sov-rifle-marksman", "soviet", "6B5", {"shaken": True}),
                    ("S2", "rpk-74", "soviet", "6E1", {"shaken": True, "reduced": True})],
                   hands={"mujahideen": list(hand)}, top=top,
                   frames=[Impulse("mujahideen", "main")], extra=last_turn("hammer-and-anvil"))


@pytest.mark.rule("goe85:scenario:hammer-and-anvil")
def test_hammer_and_anvil_won_by_four_units_slipping_into_6g_unseen():
    from ..refpos import end_impulse, move_stack, play_out, start_impulse

    g = _last_turn_in_the_escape_lane()
    move_stack(g, "#46", "6F1", ["6G2"])  # 2 VP a unit
    end_impulse(g)
    start_impulse(g, draw=False)  # the Soviets pass
    start_impulse(g, draw=True)
    move_stack(g, "#22", "6F2", ["6G3"])
    assert g.observe("soviet")["vp"]["mujahideen"] == 8
    result = play_out(g)
    assert result.winner == "mujahideen" and result.reason == "mujahideen has 8 VP (needs 8)"


@pytest.mark.rule("goe85:scenario:hammer-and-anvil")
def test_hammer_and_anvil_lost_with_one_escape_and_one_kill():
    """Two units slip in (4 VP) and the Mujahideen fire kills the reduced RPK-74 (1 VP): 5 of 8."""
    from rules_goe85.model.actions import PlayCard

    from ..refpos import decline_windows, end_impulse, move_stack, pick, play_out, start_impulse

    # a full hand of five: the second impulse draws one card (#13), then the Damage Draw a green Hit
    g = _last_turn_in_the_escape_lane(("#46", "#22", "#9", "#17", "#24"), ["#13", GREEN, *DRAWS])
    move_stack(g, "#46", "6F1", ["6G2"])
    end_impulse(g)
    start_impulse(g, draw=False)
    start_impulse(g, draw=True)
    play_through(g, pick(g, PlayCard, card="#9", use=Use.FIRE, unit="M3", target="S2", supporters=()))
    decline_windows(g)  # no support card, no reaction
    assert "S2" not in g.observe("soviet")["units"]
    assert g.observe("soviet")["vp"]["mujahideen"] == 5
    result = play_out(g)
    assert result.winner == "soviet" and result.scores["mujahideen"] == 5
