"""The scenario 9th-company: set-up, special rules, events and victory."""
import pytest

from rules_goe85.model.actions import Draw, Use
from rules_goe85.model.frames import ArtilleryFrame, Impulse
from rules_goe85.model.state import DECK, sapper_pile

from ..helpers import _labels, game
from ..refpos import arrange, fresh, pushed


HILL = ("6E6", "6F5", "6F4", "6F3", "6G6")
DRAWS = ["#13", "#17", "#24", "#28", "#35", "#39", "#7", "#10", "#18"]  # what the impulses draw: no End Turn


@pytest.mark.rule("goe85:scenario:9th-company")
def test_9th_company_setup_and_victory():
    g = game("9th-company")
    assert len([u for u in g.state.units.values() if u.side == "mujahideen"]) == 24  # 2+2+4+5+5+3 and three Heroes
    assert all(lab.startswith("7") for lab in _labels(g, "soviet"))
    for lab in _labels(g, "mujahideen"):
        assert (lab.startswith("7") and int(lab[2:]) <= 3) or (lab.startswith("8") and int(lab[2:]) >= 3)
    assert len(g.state.foxholes) == 2
    assert any(u.concealed for u in g.state.units.values())  # Rifle/Concealed may begin concealed (22p)
    assert not any(lab in g.observe("soviet")["control"] for lab in HILL)  # no one set up on the hill (24e)


@pytest.mark.rule("goe85:scenario:9th-company")
@pytest.mark.rule("goe85:5b")
def test_9th_company_events_sapper_and_artillery_strike():
    units = [("M", "muj-rifle-intensive", "mujahideen", "7A1"), ("S", "spetsnaz", "soviet", "7K1")]
    # each player draws up to the hand size at the start of an impulse (6a), an Event card first
    g = arrange(fresh("9th-company"), units, top=["#55"], frames=[Impulse("mujahideen", "start")])
    g.apply(Draw())
    assert "#55" in g.state.decks[DECK].piles[sapper_pile("mujahideen")]  # kept aside for an assault
    g = arrange(fresh("9th-company"), units, top=["#57"], frames=[Impulse("soviet", "start")])
    mark = len(g.events)
    g.apply(Draw())
    strikes = [f for f in pushed(g, mark) if isinstance(f, ArtilleryFrame)]
    assert len(strikes) == 1 and strikes[0].hef == 3
    assert "#57" in g.state.decks[DECK].piles["removed"]


def _storm_the_hill(soviet_hex: str, first=("6E6", "6F5", "6G6")):
    """Turn 8, the last: two Mujahideen Fast Moves over the hill, ``first`` and 6F4-6F3."""
    from ..refpos import arrange, end_impulse, fresh, last_turn, move_stack, start_impulse

    g = arrange(fresh("9th-company"),
                [("M1", "muj-rifle-intensive", "mujahideen", "6D6"), ("A", "aarash", "mujahideen", "6D6"),
                 ("M2", "muj-rifle-intensive", "mujahideen", "6E4"), ("S1", "spetsnaz", "soviet", soviet_hex)],
                hands={"mujahideen": ["#8", "#30"], "soviet": ["#46"]}, top=DRAWS,
                frames=[Impulse("mujahideen", "main")], extra=last_turn("9th-company"))
    move_stack(g, "#8", "6D6", list(first), use=Use.FAST_MOVE)  # MF 4: Aarash's (2j), +1
    end_impulse(g)
    return g


@pytest.mark.rule("goe85:scenario:9th-company")
@pytest.mark.rule("goe85:24e")
def test_9th_company_won_by_taking_every_hill_hex():
    from ..refpos import end_impulse, move_stack, play_out, start_impulse

    g = _storm_the_hill("7E5")
    start_impulse(g, draw=False)  # the Soviets pass
    start_impulse(g, draw=True)
    move_stack(g, "#30", "6E4", ["6F4", "6F3"], use=Use.FAST_MOVE)
    assert {lab: g.observe("soviet")["control"][lab] for lab in HILL} == dict.fromkeys(HILL, "mujahideen")
    result = play_out(g)
    assert result.winner == "mujahideen" and result.reason == "controls every objective hex"


@pytest.mark.rule("goe85:scenario:9th-company")
@pytest.mark.rule("goe85:24e")
def test_9th_company_lost_when_the_soviets_walk_back_onto_the_hill():
    """The Mujahideen cross 6G6 and leave it; a Spetsnaz squad steps in behind them, the last to
    occupy it: 4 of 5 hexes at the end, and the Soviets win."""
    from ..refpos import end_impulse, move_stack, play_out, start_impulse

    g = _storm_the_hill("6H6", ("6E6", "6F5", "6G6", "6G5"))
    start_impulse(g, draw=True)
    move_stack(g, "#46", "6H6", ["6G6"])
    end_impulse(g)
    start_impulse(g, draw=True)
    move_stack(g, "#30", "6E4", ["6F4", "6F3"], use=Use.FAST_MOVE)
    assert g.observe("mujahideen")["control"]["6G6"] == "soviet"
    result = play_out(g)
    assert result.winner == "soviet" and result.reason == "mujahideen controls 4 of 5"
