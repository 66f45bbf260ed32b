"""Assault combat hit by hit (13a-13e): Light Wounds (20c) and Resilient (22n) answer each hit,
Retreat (19f) after all hits undoes them, Ambush (19b) lets every surviving defender return fire,
and the defender's Bullet Storm (4e, 19c).  Positions are set through the referee."""
import pytest

from rules_goe85.model.actions import (
    Block, Decline, Declined, PlayCard, PlayReaction, RetreatFrom, Step, Stop, Use,
)
from rules_goe85.model.frames import AssaultCombat
from rules_goe85.model.events import HitUndone
from rules_goe85.queries.board import board_for
from rules_goe85.model.frames import AssaultFrame, Impulse
from rules_goe85.model.events import UnitHit

from .helpers import BLANK, BLANK2, GOLD, GREEN, GREEN2, RED
from .refpos import arrange, fresh

B = board_for("your-papers-please")
GREEN3 = "#9"  # Fire / Bloodlust, green Hit
BLANK3 = "#15"  # Move & Fire / Aimed Shot, no Hit


def _assault(g, attackers, hex_label, **kw):
    """Frames: the Soviet impulse with an assault in ``hex_label`` on top (13a: the move has ended)."""
    frame = AssaultFrame(side="soviet", hex=B.hex(hex_label),
                         attackers=tuple((uid, B.hex(frm)) for uid, frm in attackers), **kw)
    return [Impulse("soviet", "main"), frame]


def _react(g, verb):
    return next(a for a in g.decision.actions if isinstance(a, PlayReaction) and a.use == verb)


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
    g.apply(_react(g, "light_wounds"))  # 20c: the first hit is ignored
    assert not g.state.units["M1"].shaken and g.state.top.pending == "M1"  # 13b: the next hit is M1's again
    assert {a.use for a in g.decision.actions if isinstance(a, PlayReaction)} == {"resilient"}  # one Light Wounds
    g.apply(Decline(Declined.TAKE))
    # the third hit: M2 is the only unshaken unit (13b) and has no answer: it lands by itself
    u1, u2 = g.state.units["M1"], g.state.units["M2"]
    assert u1.shaken and u2.shaken and not u1.reduced and not u2.reduced
    # 13d: the defenders suffered 2 hits, the attackers none: the defenders retreat directly away
    assert u1.hex == B.hex("5C5") and u2.hex == B.hex("5C5")
    assert all(g.state.units[u].marker == "ops" for u in ("S1", "S2", "M1", "M2"))
    assert g.state.units["S1"].hex == B.hex("5C4")


@pytest.mark.rule("goe85:22n")
@pytest.mark.rule("goe85:13d")
def test_resilient_takes_one_hit_off_and_counts_as_not_suffered():
    g = fresh()
    arrange(g, [("S1", "sov-rifle-intensive", "soviet", "5C4"), ("M1", "muj-rifle-resilient", "mujahideen", "5C4")],
            hands={"mujahideen": ["#10"]},  # a Power card
            top=[GREEN, BLANK, GREEN2],  # the attacker: 1 hit of 2 cards; the defender: 1 hit
            frames=_assault(g, [("S1", "5C3")], "5C4"))
    assert g.state.top.pending == "M1"
    g.apply(_react(g, "resilient"))  # 22n: no damage from this hit; the Power leaves M1 Ops Complete
    # the defender's hit on S1 lands; 13d: the attacker suffered 1, the defender 0: the attacker retreats
    assert not g.state.units["M1"].shaken and g.state.units["S1"].shaken
    assert g.state.units["S1"].hex == B.hex("5C3") and g.state.units["M1"].hex == B.hex("5C4")


@pytest.mark.rule("goe85:19f")
def test_retreat_after_the_hits_undoes_them_by_compensating_events():
    g = fresh()
    arrange(g, [("S1", "sov-rifle-intensive", "soviet", "5C4"), ("M1", "muj-rifle-intensive", "mujahideen", "5C4")],
            hands={"mujahideen": ["#45"]},  # Rally / Retreat
            top=[RED, GOLD, GREEN],  # the attacker: 2 hits; the defender: 1 hit
            frames=_assault(g, [("S1", "5C3")], "5C4"))
    assert PlayReaction("#45", Use.RETREAT) in g.decision.actions  # 19f: before the draws, or ...
    g.apply(Decline(Declined.REACT))
    # ... once the hits have landed, in the last window
    assert g.state.units["M1"].shaken and g.state.units["M1"].reduced and g.state.units["S1"].shaken
    assert isinstance(g.state.top, AssaultCombat) and g.state.top.stage == "after"
    assert g.decision.player == "mujahideen"
    mark = len(g.events)
    g.apply(_react(g, "retreat"))
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
    g.apply(Decline(Declined.REACT))
    assert "M1" not in g.state.units and g.state.losses["mujahideen"] == 1  # 10c: the third step
    g.apply(_react(g, "retreat"))
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
    g.apply(_react(g, "ambush"))
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
    g.apply(_react(g, "bullet_storm"))
    # HEF 1 + 1: the second card is the green Hit
    assert g.state.units["S1"].shaken and g.state.units["S1"].hex == B.hex("5C3")


@pytest.mark.rule("goe85:13d")
def test_defenders_choose_which_attacking_hex_to_retreat_away_from():
    g = fresh()
    arrange(g, [("S1", "sov-rifle-intensive", "soviet", "5C4"), ("S2", "sov-rifle-intensive", "soviet", "5C4"),
                ("M1", "muj-rifle-intensive", "mujahideen", "5C4")],
            top=[GREEN, BLANK, BLANK2, BLANK3, "#19"],  # attackers: 1 hit of 4 cards; the defender: none
            frames=_assault(g, [("S1", "5C3"), ("S2", "5D4")], "5C4"))
    # 13d: the defender suffered more hits and retreats; the assault came from 5C3 and 5D4
    assert g.decision.player == "mujahideen"
    assert {a.to for a in g.decision.actions} == {"5C3", "5D4"}
    g.apply(RetreatFrom("5D4"))
    assert g.state.units["M1"].hex == B.hex("5B3")  # directly away from 5D4
    assert g.state.units["M1"].shaken and g.state.units["M1"].marker == "ops"


@pytest.mark.rule("goe85:19e")
@pytest.mark.rule("goe85:13c")
def test_panic_after_the_assault_attack_removes_a_reduced_shaken_defender():
    g = fresh()
    arrange(g, [("S1", "sov-rifle-intensive", "soviet", "5C4"),
                ("M1", "muj-rifle-intensive", "mujahideen", "5C4", {"shaken": True})],
            hands={"soviet": ["#24"]},  # Panic / Move
            top=[GREEN, BLANK, BLANK2],  # the attacker: 1 hit (M1 reduced); the Shaken M1 then draws 1: none
            frames=_assault(g, [("S1", "5C3")], "5C4"))
    assert g.state.units["M1"].reduced and g.decision.player == "soviet"
    g.apply(_react(g, "panic"))
    assert "M1" not in g.state.units  # 19e
    assert g.state.units["S1"].hex == B.hex("5C4") and g.state.units["S1"].marker == "ops"  # 13c, 13e


@pytest.mark.rule("goe85:13a")
def test_a_hex_takes_one_assault_per_impulse():

    g = fresh()
    arrange(g, [("S1", "sov-rifle-intensive", "soviet", "5C3"), ("S2", "sov-rifle-intensive", "soviet", "5D4"),
                ("M1", "muj-rifle-intensive", "mujahideen", "5C4")],
            hands={"soviet": ["#46", "#35"]},  # Move / Scout; Panic / Move
            top=[BLANK, BLANK2, GREEN],  # the attacker draws 2 blanks, the defender a green Hit
            frames=[Impulse("soviet", "main", extra=1)])  # a second action to come (Command Ops)
    g.apply(PlayCard("#46", Block.UPPER, Use.MOVE, "", "5C3"))
    g.apply(Step(("S1",), "5C4"))
    g.apply(Stop())
    # the defender suffered fewer hits: S1 goes back to 5C3, and the impulse goes on
    assert g.state.units["S1"].hex == B.hex("5C3") and g.state.units["M1"].hex == B.hex("5C4")
    g.apply(PlayCard("#35", Block.LOWER, Use.MOVE, "", "5D4"))
    steps = {(",".join(a.units), a.to) for a in g.decision.actions if isinstance(a, Step)}
    assert ("S2", "5C5") in steps and ("S2", "5C4") not in steps  # 13a: 5C4 had its assault


@pytest.mark.rule("goe85:13d")
@pytest.mark.rule("goe85:13a")
def test_an_assault_straight_from_the_map_edge_is_recorded_and_replays(tmp_path):
    from tabletop_core import load_game


    g = fresh()
    arrange(g, [("S1", "sov-rifle-intensive", "soviet", "", {"entry": 1}), ("M1", "muj-rifle-intensive", "mujahideen", "5C0")],
            hands={"soviet": ["#46"]}, top=[BLANK, BLANK2, GREEN])
    g.apply(PlayCard("#46", Block.UPPER, Use.MOVE, "", "entry"))
    g.apply(Step(("S1",), "5C0"))  # enters the map into the enemy's hex: an assault
    g.apply(Stop())
    # attacker 2 blanks, defender a green Hit: the attacker must go back where it came from, off
    # the map, which is no retreat (13d): eliminated
    assert "S1" not in g.state.units and g.state.losses["soviet"] == 1
    path = tmp_path / "edge.jsonl"
    g.save(path)
    assert load_game(path).digest() == g.digest()
