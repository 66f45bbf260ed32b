"""The scenario your-papers-please: set-up, special rules, events and victory."""
import pytest

from rules_goe85.model.actions import Use
from rules_goe85.model.frames import InitiativePick
from rules_goe85.queries.board import board_for

from ..helpers import RULES, game


@pytest.mark.rule("goe85:scenario:your-papers-please")
def test_your_papers_please_entry_and_control_of_two():
    g = game("your-papers-please")
    assert all(u.hex is None for u in g.state.units.values())
    b = board_for("your-papers-please")
    south = RULES.entry_hexes(g.state, "mujahideen")
    north = RULES.entry_hexes(g.state, "soviet")
    assert all(b.local(h)[2] >= 7 for h in south) and all(b.local(h)[2] == 0 for h in north)
    assert isinstance(g.state.top, InitiativePick)  # no fixed initiative
    assert g.observe("soviet")["control"] == {}  # both sides enter: nobody holds a hex at the start (24e)


DRAWS = ["#13", "#17", "#24", "#28", "#35", "#39", "#7", "#10", "#18"]  # what the impulses draw: no End Turn


# -- victory through play (issue 12: no control written into the state) --------------------------
@pytest.mark.rule("goe85:scenario:your-papers-please")
@pytest.mark.rule("goe85:24e")
def test_your_papers_please_won_by_moving_into_two_of_the_three_hexes():
    """Turn 4, the last: the Soviets walk into 5E3 and, next impulse, 5G3; the Mujahideen take 5F3.
    Both then pass, the turn ends and the Soviets hold two of the three: they win."""
    from ..refpos import arrange, end_impulse, fresh, last_turn, move_stack, play_out, start_impulse

    g = arrange(fresh("your-papers-please"),
                [("S1", "sov-rifle-intensive", "soviet", "5E2"), ("S2", "sov-rifle-intensive", "soviet", "5G2"),
                 ("M1", "muj-rifle-intensive", "mujahideen", "5F4")],
                hands={"soviet": ["#46", "#22"], "mujahideen": ["#2"]}, top=DRAWS,
                extra=last_turn("your-papers-please"))
    move_stack(g, "#46", "5E2", ["5E3"])
    end_impulse(g)
    start_impulse(g, draw=True)
    move_stack(g, "#2", "5F4", ["5F3"])
    end_impulse(g)
    start_impulse(g, draw=True)
    move_stack(g, "#22", "5G2", ["5G3"])
    assert g.observe("mujahideen")["control"] == {"5E3": "soviet", "5F3": "mujahideen", "5G3": "soviet"}
    result = play_out(g)
    assert result.winner == "soviet" and result.reason == "controls two of the three hexes"
    assert result.scores == {"soviet": 2, "mujahideen": 1}


@pytest.mark.rule("goe85:scenario:your-papers-please")
@pytest.mark.rule("goe85:24e")
def test_your_papers_please_lost_when_the_enemy_moves_through_a_hex():
    """The Soviets take 5E3 and pass through 5G3 (still theirs after they leave it); the Mujahideen
    then fast move through 5G3 into 5F3: the last to occupy 5G3, they hold two and win."""
    from ..refpos import arrange, end_impulse, fresh, last_turn, move_stack, play_out, start_impulse

    g = arrange(fresh("your-papers-please"),
                [("S1", "sov-rifle-intensive", "soviet", "5E2"), ("S2", "sov-rifle-intensive", "soviet", "5G2"),
                 ("M1", "muj-rifle-intensive", "mujahideen", "5H3")],
                hands={"soviet": ["#46", "#22"], "mujahideen": ["#8"]}, top=DRAWS,
                extra=last_turn("your-papers-please"))
    move_stack(g, "#46", "5E2", ["5E3"])
    end_impulse(g)
    start_impulse(g, draw=False)  # the Mujahideen pass
    start_impulse(g, draw=True)
    move_stack(g, "#22", "5G2", ["5G3", "5G4"])
    assert g.observe("mujahideen")["control"] == {"5E3": "soviet", "5G3": "soviet"}
    end_impulse(g)
    start_impulse(g, draw=True)
    move_stack(g, "#8", "5H3", ["5G3", "5F3"], use=Use.FAST_MOVE)
    assert g.observe("soviet")["control"] == {"5E3": "soviet", "5F3": "mujahideen", "5G3": "mujahideen"}
    result = play_out(g)
    assert result.winner == "mujahideen" and result.scores == {"soviet": 1, "mujahideen": 2}
