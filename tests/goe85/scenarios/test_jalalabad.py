"""The scenario jalalabad: set-up, special rules, events and victory."""
import pytest

from rules_goe85.model.actions import Stinger, Su25
from rules_goe85.model.frames import EventChoice
from rules_goe85.scenarios.mechanised import act_event, decide_event

from ..helpers import DATA, RULES, ctx, game, position, run, stack_deck


@pytest.mark.rule("goe85:scenario:jalalabad")
def test_jalalabad_setup_events_and_vp():
    spec = DATA.scenarios["jalalabad"]
    assert spec.hand == {"soviet": 5, "mujahideen": 4} and spec.end_turns == 3 and spec.turns == 8
    assert spec.bonus_cards == 4 and sorted(spec.events) == ["stinger", "stinger", "su25_strike"]
    g = game("jalalabad")
    position(g, [("H", "mi-24", "soviet", "5E2"), ("R", "rpd", "mujahideen", "5F3"), ("T", "t-55", "mujahideen", "4E2"),
                 ("S", "sov-rifle-intensive", "soviet", "5A1")], H={"mode": "hovering"})
    # Stinger: a gold Hit is two hits on the helicopter (Shaken, then damaged)
    f = EventChoice("mujahideen", "stinger")
    assert Stinger("H") in decide_event(RULES, g.state, f).actions
    g.state.stack.append(f)
    stack_deck(g, ["#2"])  # gold Hit
    act_event(RULES, ctx(g), f, Stinger("H"))
    h = g.state.units["H"]
    assert h.shaken and h.reduced
    # SU-25 on 4E2 (the T-55): 7 APF with TM -3 at range 1 -> needs 4 + CF; TN 8 hits, APF 7+2 destroys
    f = EventChoice("soviet", "su25_strike")
    g.state.stack.append(f)
    stack_deck(g, ["#4", "#4"])
    act_event(RULES, ctx(g), f, Su25(("4E2", "4E3")))
    run(g)
    assert "T" not in g.state.units and g.state.vp["soviet"] == 2  # 2 VP for a vehicle
