"""The scenario tanks-at-zhawar: set-up, special rules, events and victory."""
import pytest

from rules_goe85.model.actions import Face, Place, PlaceWire, Step
from rules_goe85.model.frames import Impulse, MoveFrame
from rules_goe85.queries.card_menu import _uses
from rules_goe85.queries.board import board_for

from rules_goe85.procedures.move.steps import start_move

from ..helpers import BLANK, DATA, GREEN, RULES, game
from ..refpos import arrange, fresh


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
    g = fresh("tanks-at-zhawar")
    arrange(g, [("A", "sov-rifle-intensive", "soviet", "5E2"), ("C", "sov-rifle-intensive", "soviet", "5E2"),
                ("T", "t-55", "mujahideen", "5E1")],
            top=[GREEN, BLANK],  # A draws a Hit, C a blank
            then=lambda c: start_move(RULES, c, "soviet", "move", ["A", "C"]))  # the stack moves in its impulse
    g.apply(Step(("A", "C"), "5E1"))
    b = board_for("tanks-at-zhawar")
    assert g.state.units["A"].hex == b.hex("5E1") and g.state.units["C"].hex == b.hex("5E2")
    mp = {u: m for u, m, _ in next(f for f in g.state.stack if isinstance(f, MoveFrame)).mp}
    assert mp["C"] == 0  # it ends its move next to the tank


ASSAULTS = [("M1", "6I2", "6I1"), ("M2", "5H6", "5H5"), ("M3", "5E4", "5E3"), ("M4", "5I6", "5I5"), ("M5", "5J3", "5J2")]
MOVES = ["#2", "#6", "#10", "#13", "#17"]  # a Move block each
DRAWS = ["#24", "#28", "#35", "#39", "#46", "#50", "#22"]  # what the impulses draw: no End Turn


@pytest.mark.rule("goe85:scenario:tanks-at-zhawar")
@pytest.mark.rule("goe85:24e")
@pytest.mark.parametrize("taken", [5, 4])
def test_zhawar_victory_two_per_building_taken_by_moving_in(taken):
    """Turn 7, the last: the Soviets hold every building from their set-up (24e); a Mujahideen squad
    walks into one each impulse while the Soviets pass.  Five buildings are 10 VP and a win, four
    only 8: the Soviets win."""
    from ..refpos import arrange, end_impulse, fresh, last_turn, move_stack, play_out, start_impulse

    g = fresh("tanks-at-zhawar")
    assert set(g.observe("soviet")["control"].values()) == {"soviet"}
    arrange(g, [(uid, "muj-rifle-intensive", "mujahideen", frm) for uid, frm, _ in ASSAULTS]
            + [("S1", "sov-rifle-intensive", "soviet", "5A1")],
            hands={"mujahideen": MOVES}, top=DRAWS, frames=[Impulse("mujahideen", "main")],
            extra=last_turn("tanks-at-zhawar"))
    for k, (uid, frm, building) in enumerate(ASSAULTS[:taken]):
        if k:
            start_impulse(g, draw=False)  # the Soviets pass
            start_impulse(g, draw=True)
        move_stack(g, MOVES[k], frm, [building])
        end_impulse(g)
    assert sum(side == "mujahideen" for side in g.observe("soviet")["control"].values()) == taken
    result = play_out(g)
    assert result.scores == {"mujahideen": 2 * taken}
    assert result.winner == ("mujahideen" if taken == 5 else "soviet")
    assert result.reason == f"the Mujahideen have {2 * taken} VP (need 10)"


# -- Tanks at Zhawar: the Wire is the Soviet player's decision ------------------------------------
@pytest.mark.rule("goe85:scenario:tanks-at-zhawar")
def test_zhawar_wire_is_placed_by_the_soviet_player_at_set_up():
    g = game("tanks-at-zhawar", setup="choose")
    b = board_for("tanks-at-zhawar")
    assert not g.state.wire
    while g.decision.player == "soviet" and any(isinstance(a, Place) for a in g.decision.actions):
        g.apply(g.decision.actions[0])
        while g.decision.player == "soviet" and any(isinstance(a, Face) for a in g.decision.actions):
            g.apply(g.decision.actions[0])
    d = g.decision
    assert d.player == "soviet" and all(isinstance(a, PlaceWire) for a in d.actions) and "3 left" in d.prompt
    targets = {a.to for a in d.actions}
    assert "6I1" not in targets and "5I5" not in targets and "5H5" not in targets  # no Wire in a building (23)
    assert all(any(lab.startswith("5") for lab in b.board.labels(b.hex(x))) for x in targets)  # map 5 (6I1: a building)
    picks = ["5A1", "5A2", "5A3"]  # a line of adjacent hexes: the player's choice, not our spread
    for p in picks:
        assert p in {a.to for a in g.decision.actions}
        g.apply(PlaceWire(p))
    assert sorted(b.label(h) for h in g.state.wire) == picks
    assert g.decision.player == "mujahideen"


@pytest.mark.rule("goe85:scenario:tanks-at-zhawar")
@pytest.mark.rule("goe85:24b")
def test_zhawar_the_soviets_bonus_card_takes_four_from_the_mujahideen():
    """All five buildings taken (10 VP), then a Soviet squad steps onto the Mujahideen's friendly
    (north) edge and completes the Soviets' Breakthrough card: -4, 6 VP, a Soviet win."""
    from ..refpos import arrange, end_impulse, fresh, last_turn, move_stack, play_out, start_impulse

    g = arrange(fresh("tanks-at-zhawar"),
                [(uid, "muj-rifle-intensive", "mujahideen", frm) for uid, frm, _ in ASSAULTS]
                + [("S1", "sov-rifle-intensive", "soviet", "6C1")],
                hands={"mujahideen": MOVES, "soviet": ["#46"]}, top=DRAWS, frames=[Impulse("mujahideen", "main")],
                extra=last_turn("tanks-at-zhawar", bonus={"soviet": "B5"}))  # Breakthrough
    for k, (uid, frm, building) in enumerate(ASSAULTS):
        if k:
            start_impulse(g, draw=False)
            start_impulse(g, draw=True)
        move_stack(g, MOVES[k], frm, [building])
        end_impulse(g)
    start_impulse(g, draw=True)
    move_stack(g, "#46", "6C1", ["6C0"])
    end_impulse(g)
    assert g.observe("mujahideen")["vp"]["soviet"] == 2  # the card is scored (and shown) when completed
    result = play_out(g)
    assert result.winner == "soviet" and result.reason == "the Mujahideen have 6 VP (need 10)"
