"""Opportunity Fire (GoE 11)."""
import pytest

from rules_goe85.model.actions import Block, Decline, Declined, PlayCard, Step, Use
from rules_goe85.model.frames import Impulse, MoveFrame, OppFireWindow
from rules_goe85.procedures.move.steps import start_move

from ..helpers import play_through
from ..helpers import BLANK, BLANK2, BLANK3, GREEN, GREEN2, RULES, _mp
from ..refpos import arrange, fresh


@pytest.mark.rule("goe85:11a")
@pytest.mark.rule("goe85:18h")
def test_opportunity_fire_stops_a_hit_mover():
    g = fresh("your-papers-please")
    arrange(g, [("M1", "muj-rifle-intensive", "mujahideen", "5C4"), ("S1", "sov-rifle-intensive", "soviet", "5C1")],
            hands={"soviet": ["#9"]}, top=[GREEN, BLANK, BLANK2, BLANK3],  # #9: Fire
            frames=[Impulse("mujahideen", "main")],
            then=lambda c: start_move(RULES, c, "mujahideen", "move", ["M1"]))  # M1 moves in its impulse
    play_through(g, Step(("M1",), "5C3"))
    assert isinstance(g.state.top, OppFireWindow) and g.decision.player == "soviet"
    play_through(g, PlayCard("#9", Block.UPPER, Use.OPP_FIRE, "S1", "M1"))
    while g.decision.player == "mujahideen" and not isinstance(g.state.top, MoveFrame):
        play_through(g, Decline(Declined.REACT) if Decline(Declined.REACT) in g.decision.actions else g.decision.actions[-1])
    assert g.state.units["M1"].shaken and g.state.units["M1"].marker == "ops"
    assert g.state.units["S1"].marker == "fired"
    f = g.state.top
    assert isinstance(f, MoveFrame) and dict((u, m) for u, m, _ in f.mp)["M1"] == 0


# -- a stack moving with a Hero, combined fire, Spraying Fire at the moving stack (11a, 10d, 21h) --
BLANKS = ["#1", "#4", "#7", "#10", "#12", "#15", "#19", "#22"]  # no Hit


def _soviet_stack_moves(units, *, muj_hand=("#23",), top=()):
    """The Soviet impulse: ``units`` (the Soviet ones in 5C1 move with Move card #46) and a
    Mujahideen RPD and Rifle in 5C5 holding Fire card #23; the stack steps into 5C2."""
    g = fresh()
    arrange(g, units, hands={"soviet": ["#46"], "mujahideen": list(muj_hand)}, top=top)
    play_through(g, PlayCard("#46", Block.UPPER, Use.MOVE, "", "5C1"))
    movers = tuple(sorted(u[0] for u in units if u[2] == "soviet" and u[3] == "5C1"))
    play_through(g, Step(movers, "5C2"))
    return g


MUJ_FIRERS = [("MR", "rpd", "mujahideen", "5C5"), ("M2", "muj-rifle-intensive", "mujahideen", "5C5")]


@pytest.mark.rule("goe85:11a")
@pytest.mark.rule("goe85:10d-targets")
@pytest.mark.rule("goe85:2j")
def test_a_stack_moving_with_a_hero_draws_opportunity_fire_at_the_mover_the_firer_picks():
    """11a + 10d: the stack Yuri leads into 5C2 can be fired on; the firing player picks either
    Rifle (Yuri, not alone, is no target).  Before, only the first mover (Yuri) was looked at, so no
    window opened at all.  The Rifle hit stops (Ops Complete); Yuri and the other Rifle move on (18h)."""
    g = _soviet_stack_moves([("H1", "yuri", "soviet", "5C1"), ("S1", "sov-rifle-intensive", "soviet", "5C1"),
                             ("S2", "sov-rifle-intensive", "soviet", "5C1"), *MUJ_FIRERS],
                            top=[GREEN, *BLANKS])
    assert isinstance(g.state.top, OppFireWindow) and g.decision.player == "mujahideen"
    unit_targets = {a.target for a in g.decision.actions if isinstance(a, PlayCard) and not a.target.startswith("hex:")}
    assert unit_targets == {"S1", "S2"}
    # RPD (HEF 2) at 3 hexes (+0), +1 at a moving Soft Target, clear (CF 0): 3 cards, the first a green Hit
    play_through(g, PlayCard("#23", Block.UPPER, Use.OPP_FIRE, "MR", "S2"))
    units = g.state.units
    assert units["S2"].shaken and units["S2"].marker == "ops" and units["MR"].marker == "fired"
    assert isinstance(g.state.top, MoveFrame) and _mp(g)["S2"] == 0 and _mp(g)["S1"] > 0 and _mp(g)["H1"] > 0
    assert any(isinstance(a, Step) and set(a.units) == {"H1", "S1"} for a in g.decision.actions)


@pytest.mark.rule("goe85:11a")
@pytest.mark.rule("goe85:10d-attackers")
@pytest.mark.rule("goe85:21h")
@pytest.mark.rule("goe85:18h")
def test_opportunity_fire_by_any_subset_of_a_hex_and_spraying_fire_at_the_moving_stack():
    """11a + 10d + 21h/18h: the RPD may fire alone, with the Rifle, or let the Rifle lead; and as
    a Spraying Fire lead it strikes the moving stack (S1 and Yuri), not the Rifle already in 5C2.
    Before, one unit alone at one target was all Opportunity Fire offered."""
    g = _soviet_stack_moves([("H1", "yuri", "soviet", "5C1"), ("S1", "sov-rifle-intensive", "soviet", "5C1"),
                             ("S3", "sov-rifle-intensive", "soviet", "5C2"), *MUJ_FIRERS],
                            top=[GREEN, GREEN2, *BLANKS])
    plays = {(a.unit, a.target, a.supporters) for a in g.decision.actions
             if isinstance(a, PlayCard) and a.block is Block.UPPER and not a.ap}
    assert {("MR", "S1", ()), ("MR", "S1", ("M2",)), ("M2", "S1", ()), ("M2", "S1", ("MR",)),
            ("MR", "hex:5C2", ()), ("MR", "hex:5C2", ("M2",))} <= plays
    assert not any(t in ("S3", "H1") for _, t, _ in plays)  # not moving / a Hero not alone
    assert not any(lead == "M2" and t.startswith("hex:") for lead, t, _ in plays)  # the Rifle cannot spray
    # RPD 2, range 3 (+0), moving +1, the Rifle's bare 1, clear: 4 cards; two green Hits spread
    # over the movers, the non-Hero first (21h)
    spray = PlayCard("#23", Block.UPPER, Use.OPP_FIRE, "MR", "hex:5C2", supporters=("M2",))
    words = RULES.describe_action(spray, g.state)
    assert "Mujahideen RPD + 5C5 Mujahideen Rifle (Intensive Fire) fire at the units moving into 5C2" in words
    assert "HEF 4" in words
    play_through(g, spray)
    fire = [e.text for e in g.events if type(e).__name__ == "Note" and "fires at" in e.text]
    assert fire[-1] == "MR fires at H1, S1 (5C2): HEF 4"
    units = g.state.units
    assert units["S1"].shaken and units["H1"].shaken and not units["S3"].shaken
    assert units["S1"].marker == units["H1"].marker == "ops" and units["S3"].marker == ""
    assert units["MR"].marker == units["M2"].marker == "fired"
    assert _mp(g)["S1"] == _mp(g)["H1"] == 0


@pytest.mark.rule("goe85:17d")
@pytest.mark.rule("goe85:10d-moving")
@pytest.mark.rule("goe85:11a")
def test_opportunity_fire_at_a_flying_helicopter_takes_no_moving_bonus():
    """10d/17d: the Mi-24 flies into 5C6, two hexes from the DShK (HEF 3): 3 + 1 (range) - 2
    (flying) - 1 (Difficult Target, alone) = 1; before, the +1 against a moving Soft Target made it 2."""
    from rules_goe85.model.actions import Fly

    g = fresh()
    arrange(g, [("H", "mi-24", "soviet", "5C4", {"mode": "flying", "facing": 3}), ("D", "dshk", "mujahideen", "5A7")],
            hands={"soviet": ["#46"], "mujahideen": ["#23"]}, top=BLANKS[1:])
    play_through(g, PlayCard("#46", Block.ANY, Use.HELI_MOVE, "H"))
    play_through(g, Decline(Declined.KEEP_MODE))
    play_through(g, Fly("H", "5C5", 3))
    play_through(g, Decline(Declined.HOLD))  # the DShK lets it pass 5C5
    play_through(g, Fly("H", "5C6", 3))
    assert isinstance(g.state.top, OppFireWindow) and g.decision.player == "mujahideen"
    play = PlayCard("#23", Block.UPPER, Use.OPP_FIRE, "D", "H")
    assert "HEF 1" in RULES.describe_action(play, g.state)
    play_through(g, play)
    notes = [e.text for e in g.events if type(e).__name__ == "Note" and "fires at" in e.text]
    assert notes[-1] == "D fires at H (5C6): HEF 1"
