"""The foot rules added in part 2: 21d, 21k, 21m, 22g, 22l, 22o, 23b, 23c, 20a (Move & Fire),
set-up as a decision phase, and the LOS example situations D-G, C-E, A-B and D-M."""
import attrs
import pytest

from tabletop_core.boards import LosStatus
from tabletop_core.boards.hexfacing import facing_toward
from tabletop_core.game import Game

from rules_goe85.model.actions import REFUSALS, Block, Place, PlaceFoxhole, PlayCard, Step, Stop, Use
from rules_goe85.procedures.artillery import strike
from rules_goe85.queries.board import board_for
from rules_goe85.procedures.fire import fire_options, first_fire_marker
from rules_goe85.model.events import BunkerPlaced, WirePlaced
from rules_goe85.procedures.turn import main_options
from rules_goe85.model.frames import Deploy
from rules_goe85.model.frames import FireFrame, Impulse, MoveFrame
from rules_goe85.queries.units import stacking_ok, units_at

from .helpers import BLANK, BLANK2, RED, RULES, ctx, game, give, position, run, stack_deck
from .test_artillery_and_los import _line_board, _los


def _impulse(g, side="soviet"):
    g.state.stack.clear()
    g.state.phase = "impulses"
    g.state.stack.append(Impulse(side, "main"))
    g._decision = None


def _finish_windows(g):
    while g.state.result is None and g.decision is not None and any(
            isinstance(f, FireFrame) for f in g.state.stack):
        g.apply(next(a for a in g.decision.actions if isinstance(a, REFUSALS)))


# -- 21d Tactical Coordination ------------------------------------------------------------------
@pytest.mark.rule("goe85:21d")
def test_tactical_coordination_clears_a_friend_with_any_card():
    g = game()
    position(g, [("S1", "sov-lieutenant", "soviet", "5C4"), ("S2", "sov-rifle-intensive", "soviet", "5C5"),
                 ("M1", "muj-rifle-intensive", "mujahideen", "5K0")], S2={"marker": "ops"})
    _impulse(g)
    give(g, "soviet", ["#23"])  # Fire / Rally: no Power, any Action card serves
    play = PlayCard("#23", Block.ANY, Use.TACTICAL_COORDINATION, "S1", "S2")
    assert play in main_options(RULES, g.state, "soviet")
    g.apply(play)
    assert g.state.units["S2"].marker == "" and g.state.units["S1"].marker == "ops"


# -- 21k Indirect Fire --------------------------------------------------------------------------
@pytest.mark.rule("goe85:21k")
def test_indirect_fire_through_an_adjacent_spotter():
    g = game()
    b = board_for("your-papers-please")
    assert not b.sees(b.hex("5A2"), b.hex("5A5")) and b.sees(b.hex("5B2"), b.hex("5A5"))
    position(g, [("S1", "sov-mortar", "soviet", "5A2"), ("S2", "sov-rifle-intensive", "soviet", "5B2"),
                 ("M1", "muj-rifle-intensive", "mujahideen", "5A5")], M1={"concealed": True})
    assert ("S1", "M1", False) in fire_options(RULES, g.state, "soviet", use=Use.FIRE)
    assert ("S1", "M1", True) not in fire_options(RULES, g.state, "soviet", use=Use.FIRE)  # the firer alone
    assert fire_options(RULES, g.state, "soviet", use=Use.RAPID_FIRE, units=[g.state.units["S1"]]) == []
    _impulse(g)
    give(g, "soviet", ["#23", "#8"])  # #8 Bullet Storm: the attack waits in its Support window
    g.force_faces([3])  # 3-6: on target
    g.apply(PlayCard("#23", Block.UPPER, Use.FIRE, "S1", "M1"))
    f = next(x for x in g.state.stack if isinstance(x, FireFrame))
    assert f.hef == 2  # HEF 2, range 3 no modifier, clear CF 0
    assert f.degrade == 0  # hits a Concealed unit on a green Hit
    stack_deck(g, [BLANK, RED])
    _finish_windows(g)
    assert g.state.units["M1"].shaken and g.state.units["S1"].marker == "fired"


@pytest.mark.rule("goe85:21k")
def test_indirect_fire_miss_lands_next_door():
    g = game()
    position(g, [("S1", "sov-mortar", "soviet", "5A2"), ("S2", "sov-rifle-intensive", "soviet", "5B2"),
                 ("M1", "muj-rifle-intensive", "mujahideen", "5A5")])
    _impulse(g)
    give(g, "soviet", ["#23"])
    g.force_faces([2])  # 1-2: off to an adjacent hex, which is empty
    g.apply(PlayCard("#23", Block.UPPER, Use.FIRE, "S1", "M1"))
    assert not any(isinstance(x, FireFrame) for x in g.state.stack)
    assert not g.state.units["M1"].shaken and g.state.units["S1"].marker == "fired"


# -- 22o Mortar ---------------------------------------------------------------------------------
@pytest.mark.rule("goe85:22o")
def test_mortar_power_is_a_three_hef_strike_on_one_hex():
    g = game()
    position(g, [("S1", "sov-mortar", "soviet", "5A2"), ("S2", "sov-rifle-intensive", "soviet", "5B2"),
                 ("M1", "muj-rifle-intensive", "mujahideen", "5A5"), ("M2", "muj-rifle-intensive", "mujahideen", "5A5")])
    _impulse(g)
    give(g, "soviet", ["#1"])  # a Power card
    give(g, "mujahideen", ["#18"])  # Unexpected Cover: the strike waits in its Reaction window
    play = PlayCard("#1", Block.POWER, Use.MORTAR, "S1", "5A5")
    assert play in main_options(RULES, g.state, "soviet")
    g.force_faces([3])
    g.apply(play)
    frames = [x for x in g.state.stack if isinstance(x, FireFrame)]
    assert len(frames) == 1 and frames[0].hef == 4  # 3 HEF, +1 card for two units, no cover
    assert g.state.barrage == {board_for("your-papers-please").hex("5A5")}  # 12b
    assert g.state.units["S1"].marker == "ops"


# -- 22l Rapid Fire -----------------------------------------------------------------------------
@pytest.mark.rule("goe85:22l")
def test_rapid_fire_attacks_two_hexes_with_two_hef_each():
    g = game()
    b = board_for("your-papers-please")
    assert b.cf(b.hex("5E4")) == 0 and b.cf(b.hex("5E5")) == 0
    position(g, [("S1", "sov-pkm", "soviet", "5C4"), ("M1", "muj-rifle-intensive", "mujahideen", "5E4"),
                 ("M2", "muj-rifle-intensive", "mujahideen", "5E5"), ("M3", "muj-rifle-intensive", "mujahideen", "5H4")])
    _impulse(g)
    give(g, "soviet", ["#1", "#8"])
    opts = main_options(RULES, g.state, "soviet")
    assert PlayCard("#1", Block.POWER, Use.RAPID_FIRE, "S1", "M1", second="M2") in opts
    assert not any(o.use == "rapid_fire" and {o.target, o.second} == {"M1", "M3"} for o in opts)  # 3 hexes apart
    g.apply(PlayCard("#1", Block.POWER, Use.RAPID_FIRE, "S1", "M1", second="M2"))
    frames = [x for x in g.state.stack if isinstance(x, FireFrame)]
    assert [(x.targets, x.hef) for x in reversed(frames)] == [(("M1",), 3), (("M2",), 3)]  # 2 +1 range 2
    stack_deck(g, [RED, BLANK, BLANK, RED, BLANK, BLANK])
    _finish_windows(g)
    assert g.state.units["M1"].shaken and g.state.units["M2"].shaken
    assert g.state.units["S1"].marker == "ops"


# -- 22g Brutal ---------------------------------------------------------------------------------
def _brutal_assault(power: bool):
    g = game()
    position(g, [("M1", "muj-rifle-brutal", "mujahideen", "5C4"), ("S1", "sov-rifle-intensive", "soviet", "5C5")])
    _impulse(g, "mujahideen")
    give(g, "mujahideen", ["#1"])
    g.apply(PlayCard("#1", Block.POWER, Use.BRUTAL, "M1") if power else PlayCard("#1", Block.LOWER, Use.FAST_MOVE, "", "5C4"))
    g.apply(Step(("M1",), "5C5"))
    stack_deck(g, [RED, BLANK, BLANK2])  # attacker draws 1 (a hit), defender 2 (no hit)
    g.apply(Stop())
    run(g)
    return g


@pytest.mark.rule("goe85:22g")
def test_brutal_assault_eliminates_the_defender_that_must_retreat():
    g = _brutal_assault(power=True)
    assert "S1" not in g.state.units and g.state.units["M1"].hex == board_for("your-papers-please").hex("5C5")
    g = _brutal_assault(power=False)  # the same assault without Brutal: the defender retreats (13d)
    assert g.state.units["S1"].shaken and g.state.units["S1"].hex != board_for("your-papers-please").hex("5C5")


# -- 21m Single Use -----------------------------------------------------------------------------
@pytest.mark.rule("goe85:21m")
def test_single_use_weapon_leaves_after_firing():
    g = game()
    position(g, [("M1", "muj-recoilless", "mujahideen", "5C4"), ("M2", "muj-rifle-intensive", "mujahideen", "5C4"),
                 ("S1", "sov-rifle-intensive", "soviet", "5E4")])
    _impulse(g, "mujahideen")
    give(g, "mujahideen", ["#23", "#8"])
    g.apply(PlayCard("#23", Block.UPPER, Use.FIRE, "M1", "S1"))
    assert next(x for x in g.state.stack if isinstance(x, FireFrame)).hef == 4  # 3 +1 range 2
    stack_deck(g, [BLANK] * 4)
    _finish_windows(g)
    assert "M1" not in g.state.units and g.state.losses["mujahideen"] == 0  # discarded, not eliminated
    assert "M2" in g.state.units


# -- 23b Bunkers --------------------------------------------------------------------------------
@pytest.mark.rule("goe85:23b")
def test_bunker_facing_cover_and_second_wind():
    g = game()
    b = board_for("your-papers-please")
    bunker = b.hex("5E4")
    position(g, [("M1", "muj-rifle-intensive", "mujahideen", "5E4"), ("S1", "sov-rifle-intensive", "soviet", "5C4"),
                 ("S2", "sov-rifle-intensive", "soviet", "5G4")])
    _impulse(g)
    give(g, "soviet", ["#23", "#8"])
    g.referee(lambda c: c.emit(BunkerPlaced(bunker, facing_toward(bunker, b.hex("5C4")))))
    assert bunker in g.state.bunkers
    sov = fire_options(RULES, g.state, "soviet", use=Use.FIRE)
    assert ("S1", "M1", False) in sov and not any(lead == "S2" for lead, _, _ in sov)  # only from the front
    muj = fire_options(RULES, g.state, "mujahideen", use=Use.FIRE)
    assert ("M1", "S1", False) in muj and ("M1", "S2", False) not in muj  # fires only out of the front
    g.apply(PlayCard("#23", Block.UPPER, Use.FIRE, "S1", "M1"))
    f = next(x for x in g.state.stack if isinstance(x, FireFrame))
    assert f.hef == 2 + 1 - (b.cf(bunker) + 1)  # range 2: +1; the bunker adds 1 CF to the terrain's
    # artillery comes from the front: 3 HEF less the bunker's +1
    g.state.stack.clear()
    strike(RULES, ctx(g), "soviet", 3, [bunker])
    assert g.state.top.hef == 3 - b.cf(bunker, artillery=True) - 1
    g.state.stack.clear()
    g.state.units["M1"] = attrs.evolve(g.state.units["M1"], marker="fired")
    _impulse(g, "mujahideen")
    give(g, "mujahideen", ["#35"])  # Panic / Move: any card is a Second Wind in a bunker
    assert PlayCard("#35", Block.ANY, Use.SECOND_WIND, "M1") in main_options(RULES, g.state, "mujahideen")


# -- 23c Wire -----------------------------------------------------------------------------------
@pytest.mark.rule("goe85:23c")
def test_wire_stops_leg_units_and_lowers_cover():
    g = game()
    b = board_for("your-papers-please")
    wire = b.hex("5C5")
    position(g, [("M1", "muj-rifle-intensive", "mujahideen", "5C4"), ("S1", "sov-rifle-intensive", "soviet", "5K0")])
    _impulse(g, "mujahideen")
    give(g, "mujahideen", ["#1"])
    g.referee(lambda c: c.emit(WirePlaced(wire)))
    g.apply(PlayCard("#1", Block.LOWER, Use.FAST_MOVE, "", "5C4"))
    g.apply(Step(("M1",), "5C5"))
    run(g)
    mf = next(x for x in g.state.stack if isinstance(x, MoveFrame))
    assert dict((u, (m, lent)) for u, m, lent in mf.mp)["M1"] == (0, 0)
    assert [a for a in g.decision.actions if isinstance(a, Step)] == []  # it must stop there
    g.apply(Stop())
    run(g)
    # fire at a unit in the wire: CF -1 (clear 0 -> -1), so HEF 2 +1 (range 2) +1 (Moved) +1 = 5
    position(g, [("M1", "muj-rifle-intensive", "mujahideen", "5C5"), ("S1", "sov-rifle-intensive", "soviet", "5C3")],
             M1={"marker": "moved"})
    _impulse(g)
    give(g, "soviet", ["#23", "#8"])
    g.apply(PlayCard("#23", Block.UPPER, Use.FIRE, "S1", "M1"))
    assert next(x for x in g.state.stack if isinstance(x, FireFrame)).hef == 2 + 1 + 1 - (b.cf(wire) - 1)


# -- 20a First Fire by a Move & Fire unit -------------------------------------------------------
@pytest.mark.rule("goe85:20a")
def test_first_fire_marks_a_move_and_fire_unit_ops_complete():
    g = game()
    position(g, [("M1", "muj-rifle-intensive", "mujahideen", "5C4"), ("S1", "sov-rifle-intensive", "soviet", "5E4")])
    assert first_fire_marker(ctx(g), "M1") == "fired"
    g.state.stack.append(MoveFrame(player="mujahideen", use=Use.MOVE_FIRE, mp=(("M1", 2, 0),), origin=(("M1", None),)))
    assert first_fire_marker(ctx(g), "M1") == "ops"


# -- set-up as a decision phase -----------------------------------------------------------------
def _place_all(g):
    while g.state.stack and isinstance(g.state.top, Deploy):
        g.apply(g.decision.actions[-1])


@pytest.mark.rule("goe85:scenario:city-boys")
@pytest.mark.rule("goe85:9")
def test_setup_is_a_decision_phase_in_the_zones():
    g = Game.start(RULES, "city-boys", seed=3)  # the default is the decision phase
    b = board_for("city-boys")
    d = g.decision
    assert d.player == "soviet" and all(isinstance(a, Place) for a in d.actions)
    assert all(b.local(b.hex(a.to))[0] == "7" and b.local(b.hex(a.to))[2] <= 3 for a in d.actions)
    while isinstance(g.state.top, Deploy) and g.state.top.side == "soviet":
        g.apply(g.decision.actions[0])  # pile into the first legal hex
    for h in {u.hex for u in g.state.units.values()}:
        assert stacking_ok(units_at(g.state, h))  # 9: never more than the limits
    soviet_hexes = {u.hex for u in g.state.units.values() if u.side == "soviet"}
    assert g.decision.player == "mujahideen"
    targets = {b.hex(a.to) for a in g.decision.actions}
    assert not targets & soviet_hexes  # never into an enemy's hex
    assert {"7C5", "7D4", "7D5"} <= {b.label(h) for h in targets}
    _place_all(g)
    assert all(u.hex is not None for u in g.state.units.values())
    assert g.state.phase == "deal" or g.state.phase == "initiative" or g.state.phase == "impulses"
    assert g.state.control  # 24e: zone control set once everyone is placed


@pytest.mark.rule("goe85:scenario:hammer-and-anvil")
@pytest.mark.rule("goe85:23a")
def test_setup_order_and_foxholes_follow_the_scenario():
    g = Game.start(RULES, "hammer-and-anvil", seed=1)
    assert g.decision.player == "mujahideen"  # the Mujahideen set up first here
    _place_all_side = [0]
    while g.state.top.side == "mujahideen":
        g.apply(g.decision.actions[0])
        _place_all_side[0] += 1
    assert _place_all_side[0] == 11
    while g.state.top.pending:
        g.apply(g.decision.actions[0])
    d = g.decision
    assert d.player == "soviet" and all(isinstance(a, PlaceFoxhole) for a in d.actions)
    b = board_for("hammer-and-anvil")
    zone = set(b.zone_hexes(RULES.data.scenarios["hammer-and-anvil"].forces[1].zones[0]))
    assert all(b.hex(a.to) in zone and not b.row(b.hex(a.to)).building for a in d.actions)
    g.apply(d.actions[0])
    assert len(g.state.foxholes) == 1
    assert not any(isinstance(f, Deploy) for f in g.state.stack)
    default = game("hammer-and-anvil")  # the automatic deployment stays an option
    assert all(u.hex is not None for u in default.state.units.values() if not u.entry)


# -- LOS example situations (14a, 14b) ----------------------------------------------------------
@pytest.mark.rule("goe85:14a")
def test_los_situations_d_g_c_e_a_b():
    s = _line_board({"1C1": ("woods", 0), "1C2": ("woods", 0)})
    assert _los(s, "1C1", "1C2") == LosStatus.CLEAR  # D-G: adjacent units always see each other
    # 1C3 -> 1E3 runs down the hexside between 1D2 and 1D3
    s = _line_board({"1D2": ("woods", 0)})
    assert _los(s, "1C3", "1E3") == LosStatus.CLEAR  # C-E: blocking terrain on the edge of the LOS
    s = _line_board({"1D2": ("woods", 0), "1D3": ("woods", 0)})
    assert _los(s, "1C3", "1E3") == LosStatus.BLOCKED  # ... but blocking on both sides blocks
    s = _line_board({"1D2": ("brush", 0)})
    assert _los(s, "1C3", "1E3") == LosStatus.CLEAR  # A-B: degrading terrain on one side does not interfere


@pytest.mark.rule("goe85:14b")
def test_los_situation_d_m():
    s = _line_board({"1C1": ("clear", 1), "1C3": ("clear", 1)})
    assert _los(s, "1C1", "1C5") == LosStatus.BLOCKED  # D-M: terrain as high as the higher unit blocks
    s = _line_board({"1C1": ("clear", 2), "1C3": ("clear", 1)})
    assert _los(s, "1C1", "1C5") == LosStatus.CLEAR  # a lower hill in between does not


# -- 21i Tactical in assault; 13d the side that suffered more hits retreats ----------------------
@pytest.mark.rule("goe85:21i")
@pytest.mark.rule("goe85:13d")
def test_tactical_hero_redraws_a_miss_in_assault():
    g = game()
    position(g, [("M1", "muj-rifle-intensive", "mujahideen", "5C4"), ("M2", "aarash", "mujahideen", "5C4"),
                 ("S1", "sov-rifle-intensive", "soviet", "5C5")])
    _impulse(g, "mujahideen")
    give(g, "mujahideen", ["#1"])
    g.apply(PlayCard("#1", Block.LOWER, Use.FAST_MOVE, "", "5C4"))
    g.apply(Step(("M1", "M2"), "5C5"))
    # attackers: HEF 1 + Aarash 2+1 = 4 cards, the first miss redrawn; the defender draws 2
    stack_deck(g, [BLANK, RED, BLANK2, "#9", "#8", "#12", "#15"])
    g.apply(Stop())
    run(g)
    assert g.state.units["S1"].shaken  # the redrawn RED hit it; #9 green is a second hit -> reduced
    assert g.state.units["S1"].reduced
    # 2 hits suffered by the defender, 0 by the attackers: the defender retreats (13d)
    assert g.state.units["S1"].hex != board_for("your-papers-please").hex("5C5")
