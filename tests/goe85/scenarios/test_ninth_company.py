"""The scenario 9th-company: set-up, special rules, events and victory."""
import pytest

from rules_goe85.model.events import ControlSet
from rules_goe85.model.frames import ArtilleryFrame
from rules_goe85.model.state import DECK, sapper_pile
from rules_goe85.procedures.draws import draw_one_into_hand

from ..helpers import RULES, _labels, ctx, game, stack_deck


@pytest.mark.rule("goe85:scenario:9th-company")
def test_9th_company_setup_and_victory():
    g = game("9th-company")
    assert len([u for u in g.state.units.values() if u.side == "mujahideen"]) == 24  # 2+2+4+5+5+3 and three Heroes
    assert all(lab.startswith("7") for lab in _labels(g, "soviet"))
    for lab in _labels(g, "mujahideen"):
        assert (lab.startswith("7") and int(lab[2:]) <= 3) or (lab.startswith("8") and int(lab[2:]) >= 3)
    assert len(g.state.foxholes) == 2
    assert any(u.concealed for u in g.state.units.values())  # Rifle/Concealed may begin concealed (22p)
    c = ctx(g)
    for lab in ("6E6", "6F5", "6F4", "6F3", "6G6"):
        c.emit(ControlSet(lab, "mujahideen"))
    RULES.special_rules(c.state).final_result(RULES, c)
    assert g.state.result.winner == "mujahideen"


@pytest.mark.rule("goe85:scenario:9th-company")
@pytest.mark.rule("goe85:5b")
def test_9th_company_events_sapper_and_artillery_strike():
    g = game("9th-company")
    stack_deck(g, ["#55", "#57"])
    c = ctx(g)
    assert draw_one_into_hand(RULES, c, "mujahideen") == "event"
    assert "#55" in g.state.decks[DECK].piles[sapper_pile("mujahideen")]  # kept aside for an assault
    assert draw_one_into_hand(RULES, c, "soviet") == "event"
    assert isinstance(g.state.top, ArtilleryFrame) and g.state.top.hef == 3
    assert "#57" in g.state.decks[DECK].piles["removed"]
