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


@pytest.mark.rule("goe85:scenario:jalalabad")
@pytest.mark.rule("goe85:12a")
def test_jalalabad_mujahideen_call_artillery_with_card_33():
    """Issue 12 item 24.  Old behaviour: #33's Artillery block was never offered to the Mujahideen
    (only #19's top half was), though no SSR bars them from artillery in Jalalabad."""
    from rules_goe85.model.actions import PlayCard, Strike, Use
    from rules_goe85.model.frames import Impulse

    from ..helpers import play_through
    from ..refpos import arrange

    g = arrange(game("jalalabad"), [("S", "sov-rifle-intensive", "soviet", "5E3"), ("R", "rpd", "mujahideen", "5E5")],
                hands={"mujahideen": ["#33", "#12"]}, frames=[Impulse("mujahideen", "main")])
    calls = [a for a in g.decision.actions if isinstance(a, PlayCard) and a.use == Use.ARTILLERY]
    assert [a.card for a in calls] == ["#33"]  # #12's Artillery stays Soviet-only
    play_through(g, calls[0])
    assert g.decision.player == "mujahideen" and g.decision.prompt == "call an artillery strike (3 HEF)"
    assert any(isinstance(a, Strike) and a.target == "5E3" for a in g.decision.actions)
