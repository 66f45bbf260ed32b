"""Punishing Fire (GoE 18j)."""
import pytest

from rules_goe85.model.actions import Block, Decline, Declined, PlayCard, PlayReaction, Retreat, Use
from rules_goe85.model.frames import FireFrame, PunishingRetreat
from rules_goe85.queries.punishing_retreat import retreat_hexes
from rules_goe85.queries.card_menu import main_options
from rules_goe85.queries.board import board_for

from ..helpers import play_through
from ..helpers import (
    BLANK, BLANK2, BLANK3, BLANK4, BLANK5, GREEN, GREEN2, RED2, RULES,
)
from ..refpos import arrange, fresh


B = board_for("your-papers-please")


@pytest.mark.rule("goe85:18j")
def test_punishing_fire_attacks_twice():
    g = fresh()
    arrange(g, [("S1", "sov-rifle-intensive", "soviet", "5C4"), ("M1", "muj-rifle-intensive", "mujahideen", "5G4")],
            hands={"soviet": ["#22"]},  # Move / Punishing Fire
            top=[GREEN, BLANK, GREEN2, BLANK2])  # HEF 2 each: one hit per attack
    assert PlayCard("#22", Block.LOWER, Use.PUNISHING_FIRE, "S1", "M1") in main_options(RULES, g.state, "soviet")
    g.apply(PlayCard("#22", Block.LOWER, Use.PUNISHING_FIRE, "S1", "M1"))
    while any(isinstance(f, FireFrame) for f in g.state.stack):
        g.apply(g.decision.actions[-1])
    u = g.state.units["M1"]
    assert u.shaken and u.reduced and g.state.units["S1"].marker == "fired"


@pytest.mark.rule("goe85:18j")
@pytest.mark.rule("goe85:10d-moving")
def test_the_target_steps_back_one_hex_and_the_second_attack_is_declared_again():
    g = fresh()
    arrange(g, [("S1", "sov-rifle-intensive", "soviet", "5C4"), ("M1", "muj-rifle-intensive", "mujahideen", "5C6")],
            hands={"soviet": ["#22", "#8"]},  # Move / Punishing Fire; Fast Move / Bullet Storm
            top=[GREEN, BLANK, BLANK2, BLANK3, BLANK4, GREEN2, BLANK5, RED2])
    play_through(g, PlayCard("#22", Block.LOWER, Use.PUNISHING_FIRE, "S1", "M1"))
    play_through(g, PlayReaction("#8", Use.BULLET_STORM))  # 19c, applies to both attacks
    # first attack: HEF 2 +1 (range 2) +1 (Bullet Storm), clear: 4 cards, one green Hit
    assert g.state.units["M1"].shaken
    assert isinstance(g.state.top, PunishingRetreat) and g.decision.player == "mujahideen"
    # only hexes farther from the firer than 5C6 (range 2): 5D6, 5C7, 5B6
    assert {a.to for a in g.decision.actions if isinstance(a, Retreat)} == {"5D6", "5C7", "5B6"}
    play_through(g, Retreat("M1", "5C7"))
    m1 = g.state.units["M1"]
    assert m1.hex == B.hex("5C7") and m1.marker == "moved"  # 18j: marked Moved
    # second attack from the new hex: HEF 2 +0 (range 3) +1 (Moved target, 10d) +1 (Bullet Storm)
    # -1 (woods): 3 cards, so the red Hit lying fourth is not drawn
    assert m1.shaken and m1.reduced and "M1" in g.state.units
    assert g.state.decks["action"].piles["draw"][-1] == RED2


@pytest.mark.rule("goe85:18j")
@pytest.mark.rule("goe85:19d")
def test_critical_hit_redraws_in_both_attacks_and_an_ops_complete_target_cannot_retreat():
    g = fresh()
    arrange(g, [("S1", "sov-rifle-intensive", "soviet", "5C4"), ("M1", "muj-rifle-intensive", "mujahideen", "5C6")],
            hands={"soviet": ["#22", "#2"]},  # Punishing Fire; Critical Hit / Move
            top=[BLANK, GREEN, BLANK2, BLANK3, BLANK4, GREEN2, BLANK5, RED2])
    play_through(g, PlayCard("#22", Block.LOWER, Use.PUNISHING_FIRE, "S1", "M1"))
    play_through(g, PlayReaction("#2", Use.CRITICAL_HIT))
    assert g.state.units["M1"].shaken  # HEF 3: the first miss redrawn into a green Hit, then two misses
    play_through(g, Decline(Declined.STAY))
    # second attack, HEF 3 again: 19d's redraw applies again (the miss becomes the green Hit), then
    # a miss and the red Hit: reduced, then eliminated
    assert "M1" not in g.state.units
    arrange(g, [("S1", "sov-rifle-intensive", "soviet", "5C4"),
                ("M1", "muj-rifle-intensive", "mujahideen", "5C6", {"marker": "ops"}),
                ("M2", "muj-rifle-intensive", "mujahideen", "5C6", {"marker": "moved"}),
                ("M3", "muj-rifle-intensive", "mujahideen", "5E6")])
    assert retreat_hexes(g.state, "M1", "S1") == []  # 18j: Ops Complete: no retreat
    assert retreat_hexes(g.state, "M2", "S1") == sorted(B.hex(x) for x in ("5D6", "5C7", "5B6"))
