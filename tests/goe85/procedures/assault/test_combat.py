"""Assault combat (GoE 13a-13f): hit by hit, the loser, retreats (procedures/assault/combat.py)."""
import pytest

from rules_goe85.model.actions import Block, EndImpulse, PlayCard, RetreatFrom, Step, Stop, Use
from rules_goe85.model.events import ControlSet
from rules_goe85.model.frames import AssaultFrame, Impulse
from rules_goe85.model.state import Unit
from rules_goe85.queries.assault_numbers import distribute
from rules_goe85.procedures.move.steps import start_move
from rules_goe85.queries.board import board_for

from ...helpers import decline_empty_windows, impulse_plays, play_through
from ...helpers import (
    BLANK, BLANK2, BLANK3, GOLD, GREEN, GREEN2, RED, RULES, _assault, _notes,
)
from ...refpos import arrange, fresh


B = board_for("your-papers-please")


def U(uid, tid, side="mujahideen", **kw):
    return Unit(uid, tid, side, (0, 0), **kw)


@pytest.mark.rule("goe85:13d")
def test_defenders_choose_which_attacking_hex_to_retreat_away_from():
    g = fresh()
    arrange(g, [("S1", "sov-rifle-intensive", "soviet", "5C4"), ("S2", "sov-rifle-intensive", "soviet", "5C4"),
                ("M1", "muj-rifle-intensive", "mujahideen", "5C4")],
            top=[GREEN, BLANK, BLANK2, BLANK3, "#19"],  # attackers: 1 hit of 4 cards; the defender: none
            frames=_assault(g, [("S1", "5C3"), ("S2", "5D4")], "5C4"))
    # 13d: the defender suffered more hits and retreats; the assault came from 5C3 and 5D4
    decline_empty_windows(g)  # the Light Wounds window of the empty Mujahideen hand
    assert g.decision.player == "mujahideen"
    assert {a.to for a in g.decision.actions} == {"5C3", "5D4"}
    play_through(g, RetreatFrom("5D4"))
    assert g.state.units["M1"].hex == B.hex("5B3")  # directly away from 5D4
    assert g.state.units["M1"].shaken and g.state.units["M1"].marker == "ops"


def _control(g, label):
    """Who controls ``label``, as a player sees it (24e)."""
    return g.observe("mujahideen")["control"].get(label)


def _held_by(side, *labels):
    """Referee set-up events: ``side`` controls these hexes (24e: it occupied them last)."""
    def extra(c):
        for label in labels:
            c.emit(ControlSet(label, side))
    return extra


def _assault_notes(g):
    return [t for t in _notes(g) if t.startswith("assault in ")]


@pytest.mark.rule("goe85:13a")
@pytest.mark.rule("goe85:18d")
@pytest.mark.rule("goe85:24e")
def test_units_moved_in_by_two_command_ops_actions_assault_together_at_the_end_of_the_impulse():
    """Issue 12 item 10 (failed before: S1 fought alone when its move ended and S2 could not join)."""
    g = fresh()
    arrange(g, [("S1", "sov-rifle-intensive", "soviet", "5F2"), ("S2", "sov-rifle-intensive", "soviet", "5F4"),
                ("H", "yuri", "soviet", "5F4"), ("M1", "muj-rifle-intensive", "mujahideen", "5F3")],
            hands={"soviet": ["#31", "#46", "#35"]},  # Fire / Command Ops; Move / Scout; Panic / Move
            # the card Command Ops draws, then the attackers' 7 cards (3 Hits) and the one Yuri's Tactical
            # redraws (21i), then the defender's 1 (none)
            top=["#22", GREEN, GOLD, RED, "#1", "#4", "#15", "#19", "#23", "#12"],
            extra=_held_by("mujahideen", "5F3"))
    play_through(g, PlayCard("#31", Block.LOWER, Use.COMMAND_OPS))
    play_through(g, PlayCard("#46", Block.UPPER, Use.MOVE, "", "5F2"))
    play_through(g, Step(("S1",), "5F3"))
    play_through(g, Stop())
    # 13a: the assault waits for the impulse's last action; the hex is not held yet (24e)
    assert g.state.units["S1"].hex == B.hex("5F3") and not _assault_notes(g)
    assert "5F3: the assault waits for the last action of the impulse (13a)" in _notes(g)
    assert _control(g, "5F3") == "mujahideen" and g.decision.player == "soviet"
    play_through(g, PlayCard("#35", Block.LOWER, Use.MOVE, "", "5F4"))
    assert Step(("H", "S2"), "5F3") in g.decision.actions  # the stack with its Hero may join
    play_through(g, Step(("H", "S2"), "5F3"))
    play_through(g, Stop())
    # one assault by all three: HEF 2 + 2 + 3 (Yuri's Assault+) = 7 cards, three Hits eliminate M1
    assert _assault_notes(g) == ["assault in 5F3: attackers HEF 7 -> 3 hits", "assault in 5F3: defenders HEF 1 -> 0 hits"]
    assert "M1" not in g.state.units
    assert all(g.state.units[u].hex == B.hex("5F3") and g.state.units[u].marker == "ops" for u in ("S1", "S2", "H"))
    assert _control(g, "5F3") == "soviet"  # 13c, 24e: the attackers hold the hex now


@pytest.mark.rule("goe85:13a")
@pytest.mark.rule("goe85:18d")
def test_ending_the_impulse_with_an_action_unused_fights_the_waiting_assault():
    g = fresh()
    arrange(g, [("S1", "sov-rifle-intensive", "soviet", "5C3"), ("M1", "muj-rifle-intensive", "mujahideen", "5C4")],
            hands={"soviet": ["#31", "#46"]}, top=["#12", BLANK, BLANK2, GREEN])
    play_through(g, PlayCard("#31", Block.LOWER, Use.COMMAND_OPS))
    play_through(g, PlayCard("#46", Block.UPPER, Use.MOVE, "", "5C3"))
    play_through(g, Step(("S1",), "5C4"))
    play_through(g, Stop())
    assert not _assault_notes(g)
    play_through(g, EndImpulse())  # 18d: "up to two" actions; the assault is the impulse's last
    # the attacker draws 2 blanks, the defender a green Hit: S1 is repulsed back to 5C3 (13d)
    assert _assault_notes(g) == ["assault in 5C4: attackers HEF 2 -> 0 hits", "assault in 5C4: defenders HEF 1 -> 1 hits"]
    assert g.state.units["S1"].hex == B.hex("5C3") and g.state.units["S1"].shaken


@pytest.mark.rule("goe85:13d")
@pytest.mark.rule("goe85:13a")
def test_an_assault_straight_from_the_map_edge_is_recorded_and_replays(tmp_path):
    from tabletop_core import load_game


    g = fresh()
    arrange(g, [("S1", "sov-rifle-intensive", "soviet", "", {"entry": 1}), ("M1", "muj-rifle-intensive", "mujahideen", "5C0")],
            hands={"soviet": ["#46"]}, top=[BLANK, BLANK2, GREEN])
    play_through(g, PlayCard("#46", Block.UPPER, Use.MOVE, "", "entry"))
    play_through(g, Step(("S1",), "5C0"))  # enters the map into the enemy's hex: an assault
    play_through(g, Stop())
    # attacker 2 blanks, defender a green Hit: the attacker must go back where it came from, off
    # the map, which is no retreat (13d): eliminated
    assert "S1" not in g.state.units and g.state.losses["soviet"] == 1
    path = tmp_path / "edge.jsonl"
    g.save(path)
    assert load_game(path).digest() == g.digest()


@pytest.mark.rule("goe85:13a")
@pytest.mark.rule("goe85:13c")
@pytest.mark.rule("goe85:13e")
def test_assault_resolution_in_play():
    g = fresh("your-papers-please")
    arrange(g, [("S1", "spetsnaz", "soviet", "5C3"), ("M1", "dshk", "mujahideen", "5C4")],
            top=[GREEN, GOLD, RED, GREEN2, BLANK],  # Spetsnaz HEF 4: four hits; the DShK's 1 card: blank
            then=lambda c: start_move(RULES, c, "soviet", "move", ["S1"]))  # S1 moves in its impulse
    g.apply(Step(("S1",), "5C4"))
    play_through(g, Stop())
    assert g.state.units["M1"].hex == g.state.units["S1"].hex  # 13a: the assault waits for the impulse's end
    play_through(g, EndImpulse())
    while any(isinstance(f, AssaultFrame) for f in g.state.stack) and g.decision is not None:
        play_through(g, g.decision.actions[-1])
    assert "M1" not in g.state.units and g.state.units["S1"].hex == board_for(g.state.scenario).hex("5C4")
    assert g.state.units["S1"].marker == "ops"


@pytest.mark.rule("goe85:13f")
def test_vehicle_defends_an_assault_with_hef_1_and_dies_on_the_second_hit():
    from rules_goe85.queries.assault_numbers import distribute, unit_assault_hef

    t55 = U("t", "t-55", "mujahideen")
    assert unit_assault_hef(t55) == 1
    rifle = U("r", "sov-rifle-intensive", "soviet")
    assert distribute([t55, rifle], 4) == ["t", "r", "r", "t"]  # 13b example: Shake both, reduce the Rifle, then the tank


@pytest.mark.rule("goe85:13a")
@pytest.mark.rule("goe85:18d")
@pytest.mark.rule("goe85:5e")
def test_when_the_turn_ends_during_the_first_command_ops_action_its_assault_is_still_fought():
    """18d: the second action is lost; 5e: the action under way is completed, and its assault with it."""
    from rules_goe85.model.events import EndTurnCounted

    def two_end_turns_down(c):
        c.emit(EndTurnCounted("#52", 2))  # of the scenario's 3

    g = fresh()
    arrange(g, [("S1", "sov-rifle-intensive", "soviet", "5F1"), ("M1", "muj-rifle-intensive", "mujahideen", "5F3")],
            hands={"soviet": ["#31", "#46", "#35"], "mujahideen": ["#9"]},
            # Command Ops' card; M1's Opportunity Fire (3 cards: the third End Turn, no Hit);
            # the assault: S1's 2 cards (1 Hit), M1's 1 (none)
            top=["#22", "#51", "#1", "#4", GREEN, "#15", "#19"], extra=two_end_turns_down)
    play_through(g, PlayCard("#31", Block.LOWER, Use.COMMAND_OPS))
    play_through(g, PlayCard("#46", Block.UPPER, Use.MOVE, "", "5F1"))
    play_through(g, Step(("S1",), "5F2"))
    play_through(g, PlayCard("#9", Block.UPPER, Use.OPP_FIRE, "M1", "S1"))
    assert g.state.end_turns == 3 and g.state.top.__class__.__name__ == "MoveFrame"  # the move goes on
    play_through(g, Step(("S1",), "5F3"))
    play_through(g, Stop())
    assert _assault_notes(g) == ["assault in 5F3: attackers HEF 2 -> 1 hits", "assault in 5F3: defenders HEF 1 -> 0 hits"]
    assert g.state.units["M1"].hex == B.hex("5F4") and _control(g, "5F3") == "soviet"
    assert g.state.phase == "reserve"  # then the turn ends: the second action is lost


@pytest.mark.rule("goe85:24e")
@pytest.mark.rule("goe85:13d")
def test_a_repulsed_assault_leaves_control_with_the_defender():
    """Issue 12 item 2 (failed before: the Soviets took 5F3 the moment they stepped in)."""
    g = fresh()
    arrange(g, [("S1", "sov-rifle-intensive", "soviet", "5F2"), ("H", "yuri", "soviet", "5F2"),
                ("M1", "muj-rifle-intensive", "mujahideen", "5F3"), ("M2", "muj-rifle-intensive", "mujahideen", "5F3")],
            hands={"soviet": ["#46"]},
            # the attackers' 5 cards and Yuri's Tactical redraw: no Hit; the defenders' 2: two Hits
            top=["#1", "#4", "#15", "#19", "#23", "#12", GREEN, GOLD], extra=_held_by("mujahideen", "5F3"))
    play_through(g, PlayCard("#46", Block.UPPER, Use.MOVE, "", "5F2"))
    play_through(g, Step(("H", "S1"), "5F3"))
    assert _control(g, "5F3") == "mujahideen"  # stepping into an enemy hex does not take it
    play_through(g, Stop())
    assert _assault_notes(g) == ["assault in 5F3: attackers HEF 5 -> 0 hits", "assault in 5F3: defenders HEF 2 -> 2 hits"]
    # 13b, 13d: both attackers Shaken; they suffered more hits and go back where they came from
    assert all(g.state.units[u].hex == B.hex("5F2") and g.state.units[u].shaken for u in ("S1", "H"))
    assert _control(g, "5F3") == "mujahideen"  # 24e: never held, never lost
    assert g.observe("soviet")["control"]["5F3"] == "mujahideen"


@pytest.mark.rule("goe85:24e")
@pytest.mark.rule("goe85:13d")
def test_an_assault_won_takes_the_hex_and_the_retreating_defender_occupies_its_retreat_hex():
    g = fresh()
    arrange(g, [("S1", "sov-rifle-intensive", "soviet", "5E4"), ("M1", "muj-rifle-intensive", "mujahideen", "5F3")],
            hands={"soviet": ["#46"]}, top=[GREEN, "#1", "#4"],  # the attacker: one Hit; the defender: none
            extra=_held_by("soviet", "5G3"))
    play_through(g, PlayCard("#46", Block.UPPER, Use.MOVE, "", "5E4"))
    play_through(g, Step(("S1",), "5F3"))
    play_through(g, Stop())
    # M1 suffered more hits: it retreats directly away from 5E4, into 5G3 (brush)
    assert g.state.units["M1"].hex == B.hex("5G3") and g.state.units["M1"].shaken
    assert _control(g, "5F3") == "soviet"  # the attacker holds the hex it won
    assert _control(g, "5G3") == "mujahideen"  # the last side to occupy it


@pytest.mark.rule("goe85:18i")
@pytest.mark.rule("goe85:13a")
def test_move_and_fire_never_enters_an_enemy_hex():
    """Issue 12 item 9 (failed before: the Rifle stepped in and sat in the enemy hex, no assault)."""
    from tabletop_core.errors import IllegalActionError

    g = fresh()
    arrange(g, [("S1", "sov-rifle-intensive", "soviet", "5C3"), ("M1", "muj-rifle-intensive", "mujahideen", "5C4"),
                ("M2", "muj-rifle-intensive", "mujahideen", "5C6")],
            hands={"soviet": ["#4", "#46"]}, top=["#15", "#19", "#23"])
    assert PlayCard("#4", Block.UPPER, Use.MOVE_FIRE, "S1") in impulse_plays(g)
    play_through(g, PlayCard("#4", Block.UPPER, Use.MOVE_FIRE, "S1"))
    steps = {a.to for a in g.decision.actions if isinstance(a, Step)}
    assert "5D3" in steps and "5C4" not in steps  # the reading in procedures/move.py (18i + 10a)
    before = g.digest()
    with pytest.raises(IllegalActionError):
        g.apply(Step(("S1",), "5C4"))
    assert g.digest() == before  # refused, nothing changed
    # the same Rifle on a plain Move may assault the hex (13a)
    g2 = fresh()
    arrange(g2, [("S1", "sov-rifle-intensive", "soviet", "5C3"), ("M1", "muj-rifle-intensive", "mujahideen", "5C4")],
            hands={"soviet": ["#46"]})
    play_through(g2, PlayCard("#46", Block.UPPER, Use.MOVE, "", "5C3"))
    assert Step(("S1",), "5C4") in g2.decision.actions


@pytest.mark.rule("goe85:13d")
@pytest.mark.rule("goe85:13f")
@pytest.mark.rule("goe85:7a")
@pytest.mark.rule("goe85:8e")
def test_defenders_retreat_by_their_own_movement_class_and_a_wheeled_carrier_cannot_enter_woods():
    """Issue 12 item 11 (failed before: every retreat was checked with Leg costs, so the BTR-70 went
    into the woods).  Its passenger, two hits from its carrier's destruction (8e), retreats on foot."""
    g = fresh()
    arrange(g, [("S.a", "sov-rifle-intensive", "soviet", "5G3"), ("S.btr", "btr-70", "soviet", "5G3"),
                ("S.p", "sov-rifle-intensive", "soviet", "5G3", {"carrier": "S.btr"}),
                ("M1", "muj-rifle-intensive", "mujahideen", "5F2"), ("M2", "muj-rifle-intensive", "mujahideen", "5F2")],
            hands={"mujahideen": ["#46"]}, top=[GREEN, "#22", "#1", "#4", "#15"],  # attackers 1 Hit; defenders none
            frames=[Impulse("mujahideen", "main")], extra=_held_by("soviet", "5G3"))
    play_through(g, PlayCard("#46", Block.UPPER, Use.MOVE, "", "5F2"))
    play_through(g, Step(("M1", "M2"), "5G3"))
    play_through(g, Stop())
    # the Hit Shakes the Rifle S.a (13b); the BTR-70 (HEF 1) and S.a (2) draw 3 cards, no Hit.  The
    # defenders suffered more hits and must retreat directly away from 5F2, into the woods of 5H3:
    # prohibited to the wheeled BTR-70 (TEC: woods W -), open to Leg units
    assert _assault_notes(g) == ["assault in 5G3: attackers HEF 2 -> 1 hits", "assault in 5G3: defenders HEF 3 -> 0 hits"]
    assert g.state.units["S.a"].hex == B.hex("5H3")
    assert "S.btr" not in g.state.units and B.hex("5G3") in g.state.wrecks
    assert "S.btr cannot retreat and is eliminated" in _notes(g)
    p = g.state.units["S.p"]  # two hits for its carrier's destruction, then out on foot (8e)
    assert p.hex == B.hex("5H3") and not p.carrier and p.shaken and p.reduced
    assert _control(g, "5G3") == "mujahideen"


@pytest.mark.rule("goe85:13a")
@pytest.mark.rule("goe85:13d")
def test_moves_of_out_of_turn_plays_assault_together_when_the_plays_are_over():
    """The frame granting plays out of turn (Sherkhankhel's village event, ``ExtraPlays``) holds its
    moves' assaults as an impulse does (13a); both entry hexes are the defender's to retreat from."""
    from rules_goe85.model.frames import ExtraPlays

    g = fresh()
    arrange(g, [("M1", "muj-rifle-intensive", "mujahideen", "5F2"), ("M2", "muj-rifle-intensive", "mujahideen", "5F4"),
                ("S1", "sov-rifle-intensive", "soviet", "5F3")],
            hands={"mujahideen": ["#46", "#35"]}, top=[GREEN, GOLD, "#1", "#4"],  # attackers 2 Hits; S1 none
            frames=[Impulse("soviet", "main"), ExtraPlays("mujahideen", 2)], extra=_held_by("soviet", "5F3"))
    play_through(g, PlayCard("#46", Block.UPPER, Use.MOVE, "", "5F2"))
    play_through(g, Step(("M1",), "5F3"))
    play_through(g, Stop())
    assert not _assault_notes(g) and g.decision.player == "mujahideen"
    play_through(g, PlayCard("#35", Block.LOWER, Use.MOVE, "", "5F4"))
    play_through(g, Step(("M2",), "5F3"))
    play_through(g, Stop())
    assert _assault_notes(g) == ["assault in 5F3: attackers HEF 2 -> 2 hits", "assault in 5F3: defenders HEF 2 -> 0 hits"]
    assert g.decision.player == "soviet" and {a.to for a in g.decision.actions} == {"5F2", "5F4"}
    play_through(g, RetreatFrom("5F2"))
    assert g.state.units["S1"].hex == B.hex("5F4") and _control(g, "5F3") == "mujahideen"
    assert isinstance(g.state.top, Impulse) and g.state.top.player == "soviet"  # the Soviet impulse goes on


@pytest.mark.rule("goe85:13a")
@pytest.mark.rule("goe85:13f")
@pytest.mark.rule("goe85:17b")
def test_a_hex_holding_only_a_flying_helicopter_is_entered_by_assault():
    """The reading at ``move.steps._can_enter``: a flying helicopter's hex is an enemy hex (13a),
    entered only by a unit with Assault, and the helicopter defends it as a vehicle does (13f)."""
    g = fresh()
    arrange(g, [("M1", "muj-rifle-intensive", "mujahideen", "5C3"),
                ("H", "mi-24", "soviet", "5C4", {"mode": "flying", "facing": 3})],
            hands={"mujahideen": ["#46"]}, top=[GREEN, BLANK, BLANK2],  # the attacker's card, then the defender's
            frames=[Impulse("mujahideen", "main")])
    play_through(g, PlayCard("#46", Block.UPPER, Use.MOVE, "", "5C3"))
    assert Step(("M1",), "5C4") in g.decision.actions
    play_through(g, Step(("M1",), "5C4"))
    play_through(g, Stop())
    decline_empty_windows(g)
    notes = _assault_notes(g)
    assert notes[:2] == ["assault in 5C4: attackers HEF 1 -> 1 hits", "assault in 5C4: defenders HEF 1 -> 0 hits"]
    # 13f: the first hit Shakes the helicopter, as a one-step Leg unit; it suffered more hits and retreats (13d)
    assert g.state.units["H"].shaken and g.state.units["M1"].hex == B.hex("5C4")
