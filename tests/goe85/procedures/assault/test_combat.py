"""Assault combat (GoE 13a-13f): hit by hit, the loser, retreats (procedures/assault/combat.py)."""
import pytest

from rules_goe85.model.actions import Block, PlayCard, RetreatFrom, Step, Stop, Use
from rules_goe85.model.frames import AssaultFrame
from rules_goe85.model.state import Unit
from rules_goe85.queries.assault_numbers import distribute
from rules_goe85.procedures.move.steps import start_move
from rules_goe85.queries.board import board_for

from ...helpers import decline_empty_windows, play_through
from ...helpers import (
    BLANK, BLANK2, BLANK3, GOLD, GREEN, GREEN2, RED, RULES, _assault, ctx, game, position, run, stack_deck,
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
    g = game("your-papers-please")
    position(g, [("S1", "spetsnaz", "soviet", "5C3"), ("M1", "dshk", "mujahideen", "5C4")])
    start_move(RULES, ctx(g), "soviet", "move", ["S1"])
    g._decision = None
    g.apply(Step(("S1",), "5C4"))
    g.apply(Stop())
    stack_deck(g, [GREEN, GOLD, RED, GREEN2, BLANK])  # Spetsnaz HEF 4: four hits; the DShK's 1 card: blank
    run(g)
    while g.state.stack and isinstance(g.state.top, AssaultFrame) and g.decision is not None:
        g.apply(g.decision.actions[-1])
    run(g)
    assert "M1" not in g.state.units and g.state.units["S1"].hex == board_for(g.state.scenario).hex("5C4")
    assert g.state.units["S1"].marker == "ops"


@pytest.mark.rule("goe85:13f")
def test_vehicle_defends_an_assault_with_hef_1_and_dies_on_the_second_hit():
    from rules_goe85.queries.assault_numbers import distribute, unit_assault_hef

    t55 = U("t", "t-55", "mujahideen")
    assert unit_assault_hef(t55) == 1
    rifle = U("r", "sov-rifle-intensive", "soviet")
    assert distribute([t55, rifle], 4) == ["t", "r", "r", "t"]  # 13b example: Shake both, reduce the Rifle, then the tank
