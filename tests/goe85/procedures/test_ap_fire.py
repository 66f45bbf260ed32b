"""AP fire (GoE 15, 18c) with the rulebook's numbers."""
import pytest

from tabletop_core.boards.hexfacing import Arc, shot_arc

from rules_goe85.model.actions import Block, PlayCard, Use
from rules_goe85.queries.ap_numbers import card_hits, damage_result, to_hit_number
from rules_goe85.queries.card_menu import main_options
from rules_goe85.queries.board import board_for

from ..helpers import decline_empty_windows, impulse_plays, play_through
from ..helpers import GREEN, GREEN2, RED, RULES, _notes
from ..refpos import arrange, fresh


B = board_for("your-papers-please")


@pytest.mark.rule("goe85:18c")
def test_cannister_adds_two_hef_up_to_four_hexes():
    g = fresh()
    arrange(g, [("T", "t-62", "soviet", "5A1", {"facing": 1}), ("M", "muj-rifle-intensive", "mujahideen", "5C3"),
                ("M2", "muj-rifle-intensive", "mujahideen", "5C5"), ("S", "sov-rifle-intensive", "soviet", "5E0")],
            hands={"soviet": ["#4"]}, top=[GREEN, "#19", "#23", GREEN2, RED])
    opts = main_options(RULES, g.state, "soviet")
    canister = {(o.unit, o.target) for o in opts if o.use == "cannister"}
    # 18c: a vehicle's Fire at 4 hexes at most (5C5 is 5 away); a Leg unit has none
    assert B.distance(B.hex("5A1"), B.hex("5C5")) == 5 and canister == {("T", "M")}
    play_through(g, PlayCard("#4", Block.LOWER, Use.CANNISTER, "T", "M"))
    # HEF 2 +0 (range 3) +2 (Cannister) - CF 0 = 4 cards: two green Hits, the red Hit is not drawn
    assert "T fires at M (5C3): HEF 4" in _notes(g)
    m = g.state.units["M"]
    assert m.shaken and m.reduced and g.state.decks["action"].piles["draw"][-1] == RED
    assert g.state.units["T"].marker == "fired"


@pytest.mark.rule("goe85:15a")
@pytest.mark.rule("goe85:15b")
@pytest.mark.rule("goe85:15c")
@pytest.mark.rule("goe85:15d")
@pytest.mark.rule("goe85:3c")
@pytest.mark.rule("goe85:3d")
@pytest.mark.rule("goe85:2b")
def test_vehicle_example_15c_number_for_number():
    # 15c: range 3, +1 for the degrading hex crossed, T-62 TM 3 -> to hit 1
    assert to_hit_number(3, 3, 0, degraded=True) == 1
    assert card_hits("#27", 1)  # TN 1 hits
    assert not card_hits("#27", 1, move_fire=True)  # the same card reads MF: a Move & Fire misses
    assert not card_hits("#5", -5)  # Miss
    assert not card_hits("#27", 1, tn_penalty=1)  # a moving target: TN 1 counts as 0
    # APF 4 +1 (within 4 hexes) -2 drawn = 3 >= BMP-1 flank AF 0: destroyed
    assert damage_result("#48", 4, 1, 0) == "destroy"
    assert damage_result("#48", 4, 1, 4) == "none"
    assert damage_result("#23", 9, 1, 0) == "dud" and damage_result("#8", 0, 0, 9) == "shake"
    assert damage_result("#31", 0, 0, 9) == "destroy"
    # played: T-62 in 5A2, BMP-1 in 5B4 (clear) showing its flank; a degrading hex between them
    g = fresh("your-papers-please")
    b = board_for("your-papers-please")
    a, t = b.hex("5A2"), b.hex("5B4")
    facing = next(v for v in range(6) if shot_arc(a, t, v) is Arc.FLANK)
    arrange(g, [("T", "t-62", "soviet", "5A2"), ("B", "bmp-1", "mujahideen", "5B4", {"facing": facing})],
            hands={"soviet": ["#9"]}, top=["#27", "#48"])  # #9: Fire
    assert b.los(a, t, "vehicle") == 1 and b.distance(a, t) == 3
    from rules_goe85.queries.card_menu import main_options

    opts = main_options(RULES, g.state, "soviet")
    play = PlayCard("#9", Block.UPPER, Use.FIRE, "T", "B", ap=True)
    assert play in opts
    assert not any(isinstance(o, PlayCard) and o.target == "B" and not o.ap for o in opts)  # no HE at a tank
    assert play in impulse_plays(g)
    play_through(g, play)
    decline_empty_windows(g)
    assert "B" not in g.state.units and t in g.state.wrecks  # Kaboom: the wreck side (2b)
    assert g.state.units["T"].marker == "fired"


@pytest.mark.rule("goe85:15d")
def test_hexspine_shots_take_the_better_armour():
    b = board_for("your-papers-please")
    t = b.hex("5E4")
    # straight ahead and down the front/flank spine: front; the flank/rear spine: flank
    arcs = {shot_arc(b.hex(x), t, 0).value for x in ("5E1", "5F2", "5G2")}
    assert "rear" not in arcs


@pytest.mark.rule("goe85:10d-attackers")
@pytest.mark.rule("goe85:18f")
def test_the_firing_player_picks_which_ap_firers_of_the_hex_attack_in_turn():
    """10d, 18f: AP sources of a hex attack one after another, and the firing player picks which of
    them join (here the RPG-18 R, not P, behind the T-62's lead).  Before, the hex fired all or one."""
    from ..helpers import decline_empty_windows

    g = fresh()
    arrange(g, [("T", "t-62", "soviet", "5A1", {"facing": 1}), ("R", "rpg-18", "soviet", "5A1"),
                ("P", "rpg-18", "soviet", "5A1"), ("MB", "bmp-1", "mujahideen", "5C3", {"facing": 4}),
                ("M9", "muj-rifle-intensive", "mujahideen", "5K8")],
            hands={"soviet": ["#23"]}, top=["#19", "#46", "#15", "#12", "#22", "#10", "#4"])  # T hits, a Dud!
    offered = {a.supporters for a in impulse_plays(g) if isinstance(a, PlayCard) and a.ap and a.unit == "T"}
    assert offered == {(), ("P",), ("R",), ("P", "R")}
    play = PlayCard("#23", Block.UPPER, Use.FIRE, "T", "MB", supporters=("R",), ap=True)
    assert RULES.describe_action(play, g.state).endswith("fires AP at 5C3 Mujahideen BMP-1, then 5A1 Soviet RPG-18")
    play_through(g, play)
    while not g.state.units["R"].marker and any(type(a).__name__ == "Decline" for a in g.decision.actions):
        g.apply(next(a for a in g.decision.actions if type(a).__name__ == "Decline"))
        decline_empty_windows(g)
    units = g.state.units
    assert units["T"].marker == "fired" and units["R"].marker == "fired" and units["P"].marker == ""
    assert [e.uid for e in g.events if type(e).__name__ == "TargetNoted"][-2:] == ["T", "R"]
