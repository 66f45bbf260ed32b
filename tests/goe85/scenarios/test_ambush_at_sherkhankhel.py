"""The scenario ambush-at-sherkhankhel: set-up, special rules, events and victory."""
import pytest

from rules_goe85.model.events import PhaseSet

from tabletop_core.decks import hand

from rules_goe85.model.actions import Block, Decline, Declined, Draw, ExitMap, FireAt, PlaceVillageUnit, PlayCard, Step, Use
from rules_goe85.model.frames import EventChoice, FireFrame, Impulse, MoveFrame
from rules_goe85.model.vehicles import MechSet
from rules_goe85.queries.fire_options import fire_options
from rules_goe85.effects.attack_start import start_fire
from rules_goe85.procedures.turn import end_turn_limit
from rules_goe85.queries.sight import sees
from rules_goe85.queries.board import board_at, board_for
from rules_goe85.scenarios import mechanised_events as se

from ..helpers import DATA, RULES, game, labels, keep_first_bonus_cards
from ..refpos import arrange, fresh, play_until


SK = "ambush-at-sherkhankhel"


# d10 then d6 per tile, in the order 3 Woods, 1 Rough, 4 Buildings: the woods on 8D2, the rough on
# 8J1, every building on 8F2 (column 3 = D, 9 = J, 5 = F)
VILLAGE_FACES = [3, 2] * 3 + [9, 1] + [5, 2] * 4


def _village_game(lay: bool):
    g = game(SK)
    units = [("S", "sov-rifle-intensive", "soviet", "8I5"),  # it sees 8I4 (adjacent)
             ("A", "sov-rifle-intensive", "soviet", "8D1"), ("B", "sov-rifle-intensive", "soviet", "8F1"),
             ("C", "sov-rifle-marksman", "soviet", "8F4"),
             ("M", "muj-rifle-resilient", "mujahideen", "8D3"), ("P", "muj-rifle-resilient", "mujahideen", "8F2"),
             ("Q", "muj-rifle-resilient", "mujahideen", "7K7")]
    # without the village: mark it done, so no later act lays it
    arrange(g, units, frames=[Impulse("soviet", "start")],
            extra=None if lay else (lambda c: c.emit(MechSet("village", 1))))
    g.force_faces(VILLAGE_FACES if lay else ())
    g.apply(Draw())  # the Soviet impulse's first act: S sees 8I4, the tiles are laid
    while g.decision is not None and g.decision.player == "mujahideen":  # no RPG / DShK, no card plays
        g.apply(g.decision.actions[-1])
    return g


# -- Ambush at Sherkhankhel -----------------------------------------------------------------------
@pytest.mark.rule("goe85:scenario:ambush-at-sherkhankhel")
def test_sherkhankhel_setup_concealed_start_cards_and_end_turns():
    g = game("ambush-at-sherkhankhel")
    keep_first_bonus_cards(g)  # 24b: the Bonus cards come before the first deal
    b = board_for("ambush-at-sherkhankhel")
    muj = [u for u in g.state.units.values() if u.side == "mujahideen"]
    assert muj and all(u.concealed for u in muj if DATA.units[u.type].leg)
    assert {b.label(u.hex) for u in muj} <= {"7G1", "7F0", "6G1", "7D0", "5J4", "5J2"}
    assert labels(g, g.state.foxholes) == ["6G1", "7D0", "7F0", "7G1"]  # all four, one a hex
    assert all(g.state.mech.get(f"noexit:{u.uid}") == (1 if b.local(u.hex)[0] == "5" else None) for u in muj)
    cards = g.state.decks["action"].piles[hand("mujahideen")]
    assert "#37" in cards and "#7" in cards and len(cards) == 4
    assert g.state.initiative == "mujahideen"
    assert end_turn_limit(RULES, g.state) == 3
    play_until(g, lambda g: g.state.turn == 2)
    assert end_turn_limit(RULES, g.state) == 2


@pytest.mark.rule("goe85:scenario:ambush-at-sherkhankhel")
def test_sherkhankhel_no_assault_and_turn_one_move_and_fire():
    units = [("S", "sov-rifle-intensive", "soviet", "7D3"), ("M", "muj-rifle-resilient", "mujahideen", "7D2")]
    g = arrange(fresh(SK), units, hands={"soviet": ["#2"]})  # Critical Hit / Move
    g.apply(PlayCard("#2", Block.LOWER, Use.MOVE, "", "7D3"))
    assert any(isinstance(a, Step) for a in g.decision.actions)
    assert not any(isinstance(a, Step) and a.to == "7D2" for a in g.decision.actions)
    # turn 1: a Soviet Move & Fire's attack is one colour rarer (gold or red only, 18i, then red only)
    # from the moment it begins (the scenario's ``attack_degrade``), and only once
    def move_and_fire(turn):
        g = arrange(fresh(SK), units, hands={"soviet": ["#4"]}, extra=lambda c: c.emit(PhaseSet("impulses", turn)))
        assert g.state.turn == turn
        g.apply(PlayCard("#4", Block.UPPER, Use.MOVE_FIRE, "S"))
        while not any(isinstance(a, FireAt) for a in g.decision.actions):
            g.apply(g.decision.actions[-1])
        g.apply(FireAt("S", "M"))
        f = g.state.top
        assert isinstance(f, FireFrame) and f.use == Use.MOVE_FIRE
        return g, f.degrade

    g, degrade = move_and_fire(1)
    assert degrade == 2  # 18i gold or red, and turn 1: red only
    g.apply(Decline(Declined.SUPPORT))  # the attack's first act (its Support window)
    assert isinstance(g.state.top, FireFrame) and g.state.top.degrade == 2  # not made rarer again
    assert g.decision.player == "mujahideen"
    assert move_and_fire(2)[1] == 1  # turn 2: only 18i's gold or red


@pytest.mark.rule("goe85:scenario:ambush-at-sherkhankhel")
def test_sherkhankhel_village_tiles_on_first_sight_of_8i4():
    g = fresh(SK)
    arrange(g, [("S", "sov-rifle-intensive", "soviet", "8I5"), ("M", "muj-rifle-resilient", "mujahideen", "7D2")],
            frames=[Impulse("soviet", "start")])
    g.force_faces([3, 2] * 8)  # every tile on 8D2
    g.apply(Draw())  # the Soviet impulse's first act, with a unit seeing 8I4
    b = board_for("ambush-at-sherkhankhel")
    assert g.state.mech["village"] == 1 and g.state.tiles == {b.hex("8D2"): "building"}  # the last on top
    d = g.decision
    assert d.player == "mujahideen" and PlaceVillageUnit("8D2", "rpg") in d.actions
    g.apply(PlaceVillageUnit("8D2", "rpg"))
    g.apply(PlaceVillageUnit("8D2", "dshk"))
    placed = [u for u in g.state.units.values() if "village" in u.uid]
    assert sorted(u.type for u in placed) == ["dshk", "rpg"] and all(g.state.mech[f"noexit:{u.uid}"] for u in placed)
    # then two Action cards drawn and played out of turn
    assert isinstance(g.state.stack[-1], se.ExtraPlays) and len(g.state.decks["action"].piles[hand("mujahideen")]) >= 1
    d = g.decision
    assert d.player == "mujahideen" and any(isinstance(a, PlayCard) for a in d.actions)
    g.apply(next(a for a in d.actions if isinstance(a, PlayCard) and a.use == "fire") if any(
        isinstance(a, PlayCard) and a.use == "fire" for a in d.actions) else Decline(Declined.NO_MORE))
    while isinstance(g.state.stack[-1], se.ExtraPlays) is False and g.decision.player == "mujahideen" \
            and not isinstance(g.state.stack[-1], Impulse):
        g.apply(g.decision.actions[-1])
    if isinstance(g.state.stack[-1], se.ExtraPlays):
        g.apply(Decline(Declined.NO_MORE))
    assert isinstance(g.state.stack[-1], Impulse) and g.state.stack[-1].player == "soviet"
    mark = len(g.events)
    g.apply(g.decision.actions[-1])  # the Soviets' next act, S still seeing 8I4
    assert len(g.events) > mark and g.state.tiles == {b.hex("8D2"): "building"}  # only the first sight lays tiles


@pytest.mark.rule("goe85:scenario:ambush-at-sherkhankhel")
def test_sherkhankhel_exits_and_victory_product():
    g = fresh(SK)
    b = board_for("ambush-at-sherkhankhel")
    arrange(g, [("S", "sov-rifle-intensive", "soviet", "7K3"), ("M", "muj-rifle-resilient", "mujahideen", "6B6"),
                ("N", "muj-rifle-resilient", "mujahideen", "7J3"), ("V", "rpd", "mujahideen", "5B7")],
            hands={"mujahideen": ["#2"]}, frames=[Impulse("mujahideen", "main")],  # #2: Critical Hit / Move
            extra=lambda c: c.emit(MechSet("noexit:V", 1)))  # V was first placed on board 5
    g.apply(PlayCard("#2", Block.LOWER, Use.MOVE, "", "6B6"))
    g.apply(Step(("M",), "5K7"))  # onto 6A7 (board 5 calls it 5K7), the edge: the exit is offered
    assert b.hex("6A7") in se._exit_edges("ambush-at-sherkhankhel") or se.may_exit(g.state, g.state.units["M"])
    assert se.may_exit(g.state, g.state.units["M"]) and not se.may_exit(g.state, g.state.units["N"])
    assert not se.may_exit(g.state, g.state.units["V"])  # first placed on board 5
    f = g.state.top
    assert isinstance(f, EventChoice) and f.event == "exit" and g.decision.player == "mujahideen"
    g.apply(ExitMap("M"))
    assert "M" not in g.state.units and g.state.mech["exited"] == 1
    # the score (kills x exits; 4 a kill for the Soviets) is played below: test_sherkhankhel_won_...


@pytest.mark.rule("goe85:scenario:ambush-at-sherkhankhel")
def test_sherkhankhel_village_tiles_change_los_movement_and_cover():
    before, after = _village_game(False), _village_game(True)
    b = board_for(SK)
    assert before.state.tiles == {}
    assert after.state.tiles == {b.hex("8D2"): "woods", b.hex("8J1"): "rough", b.hex("8F2"): "building"}
    assert after.observe("soviet")["tiles"] == {"8D2": "woods", "8F2": "building", "8J1": "rough"}
    # LOS: 8D1 -> 8D3 crosses only 8D2; clear printed ground, blocked under the woods tile (14a)
    for g, seen in ((before, True), (after, False)):
        st = g.state
        assert sees(st, st.units["A"], st.units["M"]) is seen
        assert (("A", "M", ()) in fire_options(RULES, st, "soviet", use=Use.FIRE)) is seen
    assert board_for(SK).row(b.hex("8D2")).kind == "clear"  # the printed board is untouched
    assert board_at(after.state).row(b.hex("8D2")).kind == "woods"
    assert board_at(after.state).elevation[b.hex("8D2")] == 0  # the tile keeps the level
    # movement: stepping into 8F2 costs 1 MP on clear ground, 2 into the building tile (TEC)
    for g, left in ((before, 3), (after, 2)):
        h = g.state.units["B"].hex

        arrange(g, [(u.uid, u.type, u.side, board_for(SK).label(u.hex)) for u in g.state.units.values()
                    if u.uid != "P"],
                frames=[Impulse("soviet", "main"), MoveFrame(player="soviet", use=Use.MOVE, mp=(("B", 4, 0),),
                                                             origin=(("B", h),))])
        g.apply(Step(("B",), "8F2"))
        mf = next(f for f in g.state.stack if isinstance(f, MoveFrame))
        assert dict((u, m) for u, m, _ in mf.mp)["B"] == left
    # cover: the building tile's CF 2 comes off an attack on a unit in 8F2 (10b)
    hefs = []
    for g in (_village_game(False), _village_game(True)):

        def fire(c):
            start_fire(RULES, c, "soviet", "fire", "C", "P", False)
            hefs.append(c.state.top.hef)  # the attack as declared (10b): HEF, range and cover

        g.referee(fire)
    assert hefs[0] - hefs[1] == 2


@pytest.mark.rule("goe85:scenario:ambush-at-sherkhankhel")
def test_tiled_board_patches_the_los_table_and_is_shared():
    from tabletop_core.boards import LineOfSight

    b = board_for(SK)
    a, m, far1, far2 = b.hex("8D1"), b.hex("8D3"), b.hex("8A5"), b.hex("8C6")
    assert b.los(a, m) == 0 and b.los(far1, far2) is not None
    g = _village_game(True)
    assert board_at(g.state) is board_at(g.state) is not b  # cached by the set of tiles
    tiled = b._with_tiles(tuple(sorted(g.state.tiles.items())))  # patched from the printed board's table
    assert tiled._table._lines is b._table._lines  # the sight lines are shared, not rebuilt
    assert tiled.los(a, m) == 2 and b.los(a, m) == 0  # recomputed under the woods; the printed board unchanged
    fresh = LineOfSight(tiled.state)
    for x in b.hexes[::9]:
        for y in b.hexes[::4]:
            for cls in ("leg", "vehicle"):
                assert tiled.los(x, y, cls) == int(fresh.check(x, y, sight_class=cls).status), (x, y, cls)


# -- victory through play (issue 12: no kills, exits or VP written into the state) ---------------
DRAWS = ["#13", "#17", "#28", "#35", "#39", "#7", "#10", "#18"]  # what the impulses draw: no End Turn
WEAK = {"shaken": True, "reduced": True}  # one more hit eliminates


@pytest.mark.rule("goe85:scenario:ambush-at-sherkhankhel")
@pytest.mark.parametrize("exits", [2, 0])
def test_sherkhankhel_won_by_kills_times_exits(exits):
    """Turn 7, the last.  The RPD kills a worn-out Soviet squad (1 kill); then a Mujahideen stack
    walks onto the south edge and ``exits`` of its squads leave the map.  The Mujahideen score kills
    x exits: 1 x 2 = 2 to 0 wins; with no exit 1 x 0 = 0, a tie."""
    from rules_goe85.model.actions import ExitMap

    from ..helpers import GREEN
    from ..refpos import decline_windows, done, end_impulse, fresh, hold_fire, pick, play_out, start_impulse
    from ..refpos import last_turn

    g = arrange(fresh(SK),
                [("M1", "muj-rifle-resilient", "mujahideen", "7E7"), ("M2", "muj-rifle-intensive", "mujahideen", "7E7"),
                 ("R", "rpd", "mujahideen", "7C6"), ("S1", "sov-rifle-intensive", "soviet", "7K2"),
                 ("S2", "sov-rifle-marksman", "soviet", "7C5", WEAK)],
                hands={"mujahideen": ["#9", "#2"]}, top=[GREEN, *DRAWS], frames=[Impulse("mujahideen", "main")],
                extra=last_turn(SK))
    g.apply(pick(g, PlayCard, card="#9", use=Use.FIRE, unit="R", target="S2", supporters=()))
    decline_windows(g)
    assert "S2" not in g.observe("mujahideen")["units"]
    end_impulse(g)
    start_impulse(g, draw=False)  # the Soviets pass
    start_impulse(g, draw=True)
    g.apply(pick(g, PlayCard, card="#2", use=Use.MOVE, target="7E7"))
    hold_fire(g)
    g.apply(pick(g, Step, to="7E8", units=("M1", "M2")))  # the south edge
    hold_fire(g)
    assert g.decision.prompt == "exit the map?"
    for uid in ("M1", "M2")[:exits]:
        g.apply(ExitMap(uid))
    if exits < 2:
        g.apply(done(g))
    result = play_out(g)
    if exits:
        assert result.winner == "mujahideen" and result.scores == {"soviet": 0, "mujahideen": 2}
    else:
        assert result.winner is None and result.reason == "tied at 0 VP"


@pytest.mark.rule("goe85:scenario:ambush-at-sherkhankhel")
def test_sherkhankhel_the_rulebooks_scoring_example():
    """The text's example, number for number: 3 Soviet units eliminated and 4 Mujahideen exited are
    12 VP (the scoring formula alone; the game's end is played above)."""
    from rules_goe85.model.state import GoEState
    from rules_goe85.scenarios.ambush_at_sherkhankhel import sherkhankhel_vp

    state = GoEState()
    state.losses["soviet"], state.mech["exited"] = 3, 4
    assert sherkhankhel_vp(state)["mujahideen"] == 12


def _first_soviet_act(units, *, smoke=None, faces=()):
    """A Soviet impulse's first act (a Draw) with ``units`` on the map and, if given, Smoke
    ``{label: level}``: the game after it."""
    from rules_goe85.model.events import SmokePlaced

    g = fresh(SK)
    b = board_for(SK)
    extra = (lambda c: [c.emit(SmokePlaced(b.hex(lab), level)) for lab, level in smoke.items()]) if smoke else None
    arrange(g, units, frames=[Impulse("soviet", "start")], extra=extra)
    g.force_faces(faces)
    g.apply(Draw())
    return g


@pytest.mark.rule("goe85:scenario:ambush-at-sherkhankhel")
@pytest.mark.rule("goe85:14a")
@pytest.mark.rule("goe85:22f")
@pytest.mark.parametrize("smoke, laid", [(None, True), ({"8I6": 1}, True), ({"8I6": 2}, False)])
def test_sherkhankhel_village_waits_for_a_soviet_line_of_sight_to_8i4(smoke, laid):
    """The tiles fall after the first act that leaves a Soviet unit seeing 8I4 (14): a Rifle in 8I7
    looks along 8I6 and 8I5, which a Smoke 1 on 8I6 only degrades and a Smoke 2 blocks (22f); the
    Rifles in 8A1 and 5F6 never see it."""
    units = [("S", "sov-rifle-intensive", "soviet", "8I7"), ("A", "sov-rifle-intensive", "soviet", "8A1"),
             ("L", "sov-rifle-intensive", "soviet", "5F6"), ("M", "muj-rifle-resilient", "mujahideen", "7D2")]
    g = _first_soviet_act(units, smoke=smoke, faces=[3, 2] * 8 if laid else ())
    assert bool(g.state.mech.get("village")) is laid
    assert bool(g.state.tiles) is laid


@pytest.mark.rule("goe85:scenario:ambush-at-sherkhankhel")
@pytest.mark.rule("goe85:17e")
@pytest.mark.parametrize("mode, laid", [("flying", True), ("hovering", True), ("landed", False)])
def test_sherkhankhel_village_seen_from_a_helicopter_a_level_up(mode, laid):
    """17e: a flying or hovering Mi-24 over 5F6 sees 8I4 from a level above its hex, which a unit
    on the ground there does not (a landed one, or the Rifle of the test above)."""
    units = [("H", "mi-24", "soviet", "5F6", {"mode": mode}), ("M", "muj-rifle-resilient", "mujahideen", "7D2")]
    g = _first_soviet_act(units, faces=[3, 2] * 8 if laid else ())
    assert bool(g.state.mech.get("village")) is laid


@pytest.mark.rule("goe85:scenario:ambush-at-sherkhankhel")
def test_sherkhankhel_artillery_event_strikes_only_where_a_soviet_eligible_unit_sees():
    """The Artillery events may target only a hex in the LOS of an (unshaken) Soviet Eligible Unit:
    the hexes only a Fired unit in 8A1 spots are not offered, those the Rifle in 8I7 sees are."""
    from rules_goe85.model.actions import StrikeTarget
    from rules_goe85.model.frames import ArtilleryFrame

    g = fresh(SK)
    arrange(g, [("S", "sov-rifle-intensive", "soviet", "8I7"), ("F", "sov-rifle-intensive", "soviet", "8A1", {"marker": "fired"}),
                ("M", "muj-rifle-resilient", "mujahideen", "7D2")],
            frames=[Impulse("soviet", "start"), ArtilleryFrame("soviet", se.HEAVY_HEF, "event")], extra=lambda c: c.emit(MechSet("village", 1)))
    b = board_at(g.state)
    offered = {b.hex(a.target) for a in g.decision.actions if isinstance(a, StrikeTarget)}
    s_sees = {h for h in b.hexes if b.sees(b.hex("8I7"), h)}
    f_only = {h for h in b.hexes if b.sees(b.hex("8A1"), h)} - s_sees
    assert b.hex("8I4") in offered and f_only and not offered & f_only
    assert offered <= s_sees

# -- 13d with 18j: a retreat off the map only by the scenario's exit -------------------------------
def _punished(scenario, m_hex, s_hex, extra=None):
    """The Soviet rifle at ``s_hex`` plays Punishing Fire (#22) at the Mujahideen rifle at ``m_hex``;
    the first attack draws no Hit; the game stops at the Mujahideen's choice to step back, if any."""
    from ..helpers import BLANK, BLANK2, BLANK3, BLANK4, BLANK5, BLANK6, play_through

    g = fresh(scenario)
    arrange(g, [("S", "sov-rifle-intensive", "soviet", s_hex), ("M", "muj-rifle-intensive", "mujahideen", m_hex)],
            hands={"soviet": ["#22"], "mujahideen": []}, top=[BLANK, BLANK2, BLANK3, BLANK4, BLANK5, BLANK6],
            extra=extra)
    play_through(g, PlayCard("#22", Block.LOWER, Use.PUNISHING_FIRE, "S", "M"))
    return g


@pytest.mark.rule("goe85:13d")
@pytest.mark.rule("goe85:18j")
@pytest.mark.rule("goe85:scenario:ambush-at-sherkhankhel")
def test_a_punished_unit_on_the_exit_edge_may_step_back_off_the_map_and_exits():
    from rules_goe85.model.actions import RetreatOffMap
    from rules_goe85.model.frames import PunishingRetreat

    g = _punished(SK, "6J7", "6J5")  # 6J7: the south edge of board 6, a Mujahideen exit
    assert isinstance(g.state.top, PunishingRetreat) and g.decision.player == "mujahideen"
    assert RetreatOffMap("M") in g.decision.actions
    assert "M" in g.state.units and not g.state.mech.get("exited")
    g.apply(RetreatOffMap("M"))
    # the unit has left by its exit: counted as one (kills x exits), not eliminated (no 4 VP)
    assert "M" not in g.state.units and g.state.mech["exited"] == 1
    assert g.state.vp["soviet"] == 0 and g.state.losses["mujahideen"] == 0
    assert "M has left the map: the second attack is lost" in [e.text for e in g.events if hasattr(e, "text")]
    assert not any(isinstance(f, FireFrame) for f in g.state.stack)


@pytest.mark.rule("goe85:13d")
@pytest.mark.rule("goe85:18j")
def test_no_retreat_off_the_map_where_the_scenario_gives_no_exit():
    from rules_goe85.model.actions import Retreat, RetreatOffMap

    # first placed on board 5 or 8, this unit may not exit: it steps back on the map only
    g = _punished(SK, "6J7", "6J5", extra=lambda c: c.emit(MechSet("noexit:M", 1)))
    assert RetreatOffMap("M") not in g.decision.actions and any(isinstance(a, Retreat) for a in g.decision.actions)
    # a scenario without exits: the same step back from the south edge of a map is refused
    g = _punished("your-papers-please", "5D7", "5D5")
    assert not any(isinstance(a, RetreatOffMap) for a in g.decision.actions)
