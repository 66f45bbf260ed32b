"""The scenario jalalabad: set-up, special rules, events and victory."""
import pytest

from rules_goe85.model.actions import Stinger, Su25
from rules_goe85.model.frames import EventChoice, Impulse

from ..helpers import DATA, decline_empty_windows, game
from ..refpos import arrange, fresh


@pytest.mark.rule("goe85:scenario:jalalabad")
def test_jalalabad_setup_events_and_vp():
    spec = DATA.scenarios["jalalabad"]
    assert spec.hand == {"soviet": 5, "mujahideen": 4} and spec.end_turns == 3 and spec.turns == 8
    assert spec.bonus_cards == 4 and sorted(spec.events) == ["stinger", "stinger", "su25_strike"]
    units = [("H", "mi-24", "soviet", "5E2", {"mode": "hovering"}), ("R", "rpd", "mujahideen", "5F3"),
             ("T", "t-55", "mujahideen", "4E2"), ("S", "sov-rifle-intensive", "soviet", "5A1")]
    # Stinger: a gold Hit is two hits on the helicopter (Shaken, then damaged); the event card's
    # choice is asked with its frame on the impulse that drew it
    g = arrange(fresh("jalalabad"), units, top=["#2"],  # gold Hit
                frames=[Impulse("mujahideen", "main"), EventChoice("mujahideen", "stinger")])
    assert g.decision.player == "mujahideen" and Stinger("H") in g.decision.actions
    g.apply(Stinger("H"))
    decline_empty_windows(g)
    h = g.state.units["H"]
    assert h.shaken and h.reduced
    # SU-25 on 4E2 (the T-55): 7 APF with TM -3 at range 1 -> needs 4 + CF; TN 8 hits, APF 7+2 destroys
    g = arrange(fresh("jalalabad"), units, top=["#4", "#28"],  # each TN 8, APF bonus +2
                frames=[Impulse("soviet", "main"), EventChoice("soviet", "su25_strike")])
    assert g.decision.player == "soviet"
    g.apply(Su25(("4E2", "4E3")))
    decline_empty_windows(g)
    assert "T" not in g.state.units and g.state.vp["soviet"] == 2  # 2 VP for a vehicle


@pytest.mark.rule("goe85:scenario:jalalabad")
@pytest.mark.rule("goe85:12a")
def test_jalalabad_mujahideen_call_artillery_with_card_33():
    """Issue 12 item 24.  Old behaviour: #33's Artillery block was never offered to the Mujahideen
    (only #19's top half was), though no SSR bars them from artillery in Jalalabad."""
    from rules_goe85.model.actions import PlayCard, StrikeTarget, Use
    from rules_goe85.model.frames import Impulse

    from ..helpers import impulse_plays, play_through
    from ..refpos import arrange

    g = arrange(game("jalalabad"), [("S", "sov-rifle-intensive", "soviet", "5E3"), ("R", "rpd", "mujahideen", "5E5")],
                hands={"mujahideen": ["#33", "#12"]}, frames=[Impulse("mujahideen", "main")])
    calls = [a for a in impulse_plays(g) if isinstance(a, PlayCard) and a.use == Use.ARTILLERY]
    assert [a.card for a in calls] == ["#33"]  # #12's Artillery stays Soviet-only
    play_through(g, calls[0])
    assert g.decision.player == "mujahideen" and g.decision.prompt == "call an artillery strike (3 HEF)"
    assert StrikeTarget("5E3") in g.decision.actions  # the target hex first, then the pattern


# -- victory through play (issue 12: no control written into the state) --------------------------
DRAWS = ["#13", "#17", "#28", "#35", "#39", "#7", "#10", "#18"]  # what the impulses draw: no End Turn


@pytest.mark.rule("goe85:scenario:jalalabad")
@pytest.mark.rule("goe85:24e")
@pytest.mark.rule("goe85:17b")
def test_jalalabad_building_vp_after_an_overflight_and_a_capture():
    """Turn 8, the last.  Each side holds the buildings of its set-up zone (24e): the Mujahideen
    the fifteen of map 4 (1 VP each), the Soviets 5E3 and 5I4 (1.5 each).  A flying Mi-24 passes
    over 4C3 and 4C4 and takes neither (it occupies nothing on the ground); a rifle squad walks
    into 5H5 and takes it.  15 to 4.5: the Mujahideen win."""
    from rules_goe85.model.actions import Decline, Declined, Fly, PlayCard, Use

    from ..refpos import arrange, done, end_impulse, fresh, last_turn, move_stack, pick, play_out, start_impulse

    g = arrange(fresh("jalalabad"),
                [("H", "mi-24", "soviet", "4C2", {"facing": 3, "mode": "flying"}),
                 ("S1", "sov-rifle-intensive", "soviet", "5H4"), ("M1", "rpd", "mujahideen", "4J6")],
                hands={"soviet": ["#24", "#46"]}, top=DRAWS, extra=last_turn("jalalabad"))
    g.apply(pick(g, PlayCard, card="#24", use=Use.HELI_MOVE, unit="H"))
    g.apply(Decline(Declined.KEEP_MODE))
    for label in ("4C3", "4C4"):
        g.apply(pick(g, Fly, to=label))
    g.apply(done(g))
    assert g.observe("soviet")["control"]["4C3"] == "mujahideen" == g.observe("soviet")["control"]["4C4"]
    end_impulse(g)
    start_impulse(g, draw=False)  # the Mujahideen pass
    start_impulse(g, draw=True)
    move_stack(g, "#46", "5H4", ["5H5"])
    result = play_out(g)
    assert result.winner == "mujahideen" and result.scores == {"soviet": 4.5, "mujahideen": 15}
