"""Movement: costs, contested areas, tanks, militia, minefields, the DRA mountain test, lone
leaders, stacking and control."""
from __future__ import annotations

import pytest

from rules_orgun1983.actions import (
    Activate, Attack, AttackNow, ChooseMove, Decline, Done, Eliminate, Go, Hold, LayMines, Pick, Retreat, Stacking,
    Step, Stop,
)
from rules_orgun1983.movement import step_cost
from rules_orgun1983.queries import stack_count
from rules_orgun1983.state import (
    DRA, MUJ, ActivationBegan, ControlSet, LeaderTest, LossTaken, MountainTest, UnitEliminated, UnitMoved,
)

rule = pytest.mark.rule


def move(t, area, units, *steps, stop=True):
    t.do(Activate(area), ChooseMove(), *(Pick(u) for u in units), Go(), *(Step(s) for s in steps))
    if stop:
        t.do(Stop())
    return t


def moves(t):
    return [(e.unit, e.source, e.target, e.cost) for e in t.events(UnitMoved) if e.reason == "move"]


@rule("orgun1983:move-cost")
def test_road_costs_half_and_clear_area_one(table):
    t = table.place(R1=1, W2=40).start(initiative=DRA)
    move(t, 1, ["R1"], 2, 15, 6)
    assert moves(t) == [("R1", 1, 2, 0.5), ("R1", 2, 15, 0.5), ("R1", 15, 6, 1.0)]


@rule("orgun1983:move-cost")
def test_area_next_to_enemy_costs_two_even_by_road(table):
    t = table.place(R1=2, J1=7, W2=40).start(initiative=DRA)
    t.do(Activate(2), ChooseMove(), Pick("R1"), Go())
    # 15 borders 7, where a Mujahideen band stands: 2 OP although a road leads there
    assert step_cost(t.rules, t.state, DRA, 2, 15, False) == 4  # ticks of half an OP
    t.do(Step(15))
    assert moves(t)[-1] == ("R1", 2, 15, 2.0)
    t.do(Decline())  # J1 in 7 could ambush
    # 1 OP left (op 3): area 7 holds the enemy (2 OP) -- out of reach; 19 by road is 0.5
    legal = {a.area for a in t.legal() if isinstance(a, Step)}
    assert 7 not in legal and 22 not in legal and 19 in legal


@rule("orgun1983:move-cost")
def test_entering_enemy_units_costs_two_and_ends_the_move(table):
    t = table.place(J1=22, R4=15, M2=15, W2=40).control(DRA, 15).start()
    t.do(Activate(22), ChooseMove(), Pick("J1"), Go(), Step(15))
    assert moves(t)[-1] == ("J1", 22, 15, 2.0)
    # the move ends; 15 is DRA-controlled so the attack is compulsory
    assert isinstance(t.state.top, Attack)


@rule("orgun1983:leave-contested")
def test_leaving_a_contested_area_only_into_friendly_or_neutral(table):
    t = table.place(J1=15, R4=15, W2=40).control(DRA, 15, 19, 12).control(MUJ, 22)
    t.start()
    t.do(Activate(15), ChooseMove(), Pick("J1"), Go())
    legal = {a.area for a in t.legal() if isinstance(a, Step)}
    assert 19 not in legal and 12 not in legal  # DRA-controlled
    assert 22 in legal or 7 in legal or 6 in legal
    assert legal <= {2, 6, 7, 22}


@rule("orgun1983:tanks-mountains")
def test_tanks_enter_mountains_only_along_a_road(table):
    t = table.place(T1=33, R1=1, W2=40).start(initiative=DRA)
    t.do(Activate(33), ChooseMove(), Pick("T1"), Go())
    legal = {a.area for a in t.legal() if isinstance(a, Step)}
    assert 38 in legal  # mountain, but along the 33-38 road
    assert 35 not in legal  # mountain without a road
    assert 28 in legal and 32 in legal


@rule("orgun1983:tanks-mountains")
def test_tank_group_cannot_take_infantry_into_mountains(table):
    t = table.place(T1=32, R3=32, R1=1, W2=40).start(initiative=DRA)
    t.do(Activate(32), ChooseMove(), Pick("T1"), Pick("R3"), Go())
    legal = {a.area for a in t.legal() if isinstance(a, Step)}
    assert 29 not in legal and 38 not in legal and 33 in legal


@rule("orgun1983:militia")
def test_militia_never_enter_forts_or_minefields(table):
    t = table.place(M3=28, W2=40).mines(15).start(initiative=DRA)
    t.do(Activate(28), ChooseMove(), Pick("M3"), Go())
    legal = {a.area for a in t.legal() if isinstance(a, Step)}
    assert 32 not in legal and 19 not in legal  # forts
    assert 33 in legal and 12 in legal
    t2 = type(table)().place(M2=2, W2=40).mines(15).start(initiative=DRA)
    t2.do(Activate(2), ChooseMove(), Pick("M2"), Go())
    legal2 = {a.area for a in t2.legal() if isinstance(a, Step)}
    assert 15 not in legal2 and 6 in legal2  # 15 is mined


@rule("orgun1983:militia")
def test_militia_cannot_lay_minefields(table):
    t = table.place(M4=6, R1=6, W2=40).control(DRA, 6).start(initiative=DRA)
    t.do(Activate(6))
    layers = {a.unit for a in t.legal() if isinstance(a, LayMines)}
    assert layers == {"R1"}
    t.do(LayMines("R1"))
    assert 6 in t.state.minefields and t.unit("R1").spent


@rule("orgun1983:minefields")
@pytest.mark.parametrize("face,points", [(1, 1), (2, 1), (3, 2), (4, 2), (5, 3), (6, 3)])
def test_minefield_losses_on_entering_a_dra_mined_area(face, points):
    from .conftest import Table

    t = Table().place(J1=7, J2=7, K3=7, R1=1).control(DRA, 15).mines(15).start()
    t.roll(face)
    t.do(Activate(7), ChooseMove(), Pick("J1"), Pick("J2"), Pick("K3"), Go(), Step(15))
    # the loss points are spread by the owner when there is a choice
    while t.decision.player == MUJ and t.legal() and type(t.legal()[0]).__name__ == "TakeLoss":
        t.do(t.legal()[0])
    assert len([e for e in t.events(LossTaken)]) == points


@rule("orgun1983:minefields")
def test_no_minefield_loss_where_dra_does_not_control(table):
    t = table.place(J1=7, R1=1).mines(15).start()  # 15 is neutral
    t.do(Activate(7), ChooseMove(), Pick("J1"), Go(), Step(15))
    assert not t.events(LossTaken)


@rule("orgun1983:minefields")
def test_minefield_removed_when_mujahideen_control_it_at_turn_end(table):
    t = table.place(J1=15, R1=1).control(MUJ, 15).mines(15, 19).control(DRA, 19).start(phase="supply")
    # supply -> victory: the mine in 15 goes, the one in 19 stays
    assert 15 not in t.state.minefields and 19 in t.state.minefields


@rule("orgun1983:dra-mountains")
@pytest.mark.parametrize("face,leader,entered", [(4, False, False), (5, False, True), (4, True, True), (6, False, True), (1, True, False)])
def test_dra_mountain_entry_test(face, leader, entered):
    from .conftest import Table

    units = {"R1": 28, "K1": 12, "W2": 40} | ({"DL": 28} if leader else {})
    t = Table().place(**units).start(initiative=DRA)
    picks = ["R1", "DL"] if leader else ["R1"]
    t.roll(face)
    t.do(Activate(28), ChooseMove(), *(Pick(u) for u in picks), Go(), Step(12))
    test = t.events(MountainTest)[0]
    assert test.entered is entered and test.drm == (1 if leader else 0)
    assert (t.unit("R1").area == 12) is entered
    assert t.unit("R1").spent


@rule("orgun1983:dra-mountains")
def test_no_mountain_test_into_empty_mountains(table):
    t = table.place(R1=28, W2=40).start(initiative=DRA)
    t.do(Activate(28), ChooseMove(), Pick("R1"), Go(), Step(12))
    assert not t.events(MountainTest) and t.unit("R1").area == 12


@rule("orgun1983:lone-leader")
@pytest.mark.parametrize("face,killed", [(1, True), (4, True), (5, False), (6, False)])
def test_entering_an_area_held_only_by_an_enemy_leader(face, killed):
    from .conftest import Table

    t = Table().place(J1=22, DL=15, R1=19, R2=1).control(DRA, 19).start()
    t.roll(face)
    t.do(Activate(22), ChooseMove(), Pick("J1"), Go(), Step(15))
    test = t.events(LeaderTest)[0]
    assert test.killed is killed
    if killed:
        assert "DL" not in t.state.units
    else:
        assert t.unit("DL").area == 19  # the nearest area with DRA units


@rule("orgun1983:stacking")
def test_excess_units_retreat_or_are_destroyed(table):
    t = table.place(R1=19, R2=19, T6=19, R4=15, DL=19, H1=19, W2=40).control(DRA, 19, 15).start(initiative=DRA)
    # leaders and the Mi-24 are not counted: 19 holds exactly 3
    assert stack_count(t.rules, t.state, 19, DRA) == 3
    t.do(Activate(15), ChooseMove(), Pick("R4"), Go(), Step(19), Stop())
    assert isinstance(t.state.top, Stacking)
    options = t.legal()
    assert Eliminate("R4") in options and Retreat("R4", 15) in options
    assert not any(getattr(a, "unit", None) in ("DL", "H1") for a in options)
    t.do(Eliminate("R1"))
    assert "R1" not in t.state.units and stack_count(t.rules, t.state, 19, DRA) == 3


@rule("orgun1983:stacking")
def test_mujahideen_stack_six(table):
    t = table.place(Z1=38, Z2=38, Z3=38, K1=38, K2=38, J1=38, J2=24, ZL=38, A1=24, R1=1).start()
    t.do(Activate(24), ChooseMove(), Pick("J2"), Go(), Step(38), Stop())
    assert isinstance(t.state.top, Stacking)
    t.do(Retreat("J2", 24))
    assert t.unit("J2").area == 24 and set(t.legal()) == {Pick("A1"), Done()}  # another party from 24?
    t.do(Done())
    assert t.state.top is None


@rule("orgun1983:control")
def test_control_follows_sole_occupation_not_passing_through(table):
    t = table.place(J1=10, R1=1).start()
    t.do(Activate(10), ChooseMove(), Pick("J1"), Go(), Step(7), Step(3), Stop())
    changes = [(e.area, e.side) for e in t.events(ControlSet)]
    assert (3, MUJ) in changes and (7, MUJ) not in changes


@rule("orgun1983:control")
def test_a_leader_alone_takes_no_control_and_contested_areas_keep_theirs(table):
    t = table.place(ZL=24, J1=15, R4=15, R1=1).control(DRA, 15).start()
    t.do(Activate(24), ChooseMove(), Pick("ZL"), Go(), Step(10), Stop())
    assert t.state.control.get(10) is None
    assert t.state.control[15] == DRA  # contested: J1 and R4 both there


# -- review additions ------------------------------------------------------------------------------
@rule("orgun1983:leave-contested")
@rule("orgun1983:mi24")
def test_the_mi24_too_leaves_a_contested_area_only_into_friendly_or_neutral(table):
    # 19 is contested (J1 there); 22 and 32 are Mujahideen-controlled but empty, 28 DRA, 12 neutral
    t = table.place(H1=19, R1=19, J1=19, W2=40).control(DRA, 19, 28).control(MUJ, 22, 32).start(initiative=DRA)
    t.do(Activate(19), ChooseMove(), Pick("H1"), Go())
    assert t.state.top.flying
    assert {a.area for a in t.legal() if isinstance(a, Step)} == {12, 15, 28, 29}


@rule("orgun1983:leave-contested")
def test_leaving_contested_by_a_ground_group_lists_exactly_the_allowed_areas(table):
    # J1 and R4 share 15; 19 and 12 are DRA's, 22 Mujahideen, 2, 6, 7 neutral
    t = table.place(J1=15, R4=15, W2=40).control(DRA, 15, 19, 12).control(MUJ, 22).start()
    t.do(Activate(15), ChooseMove(), Pick("J1"), Go())
    # the DRA-controlled 12 and 19 are never offered, whatever the OP left
    legal = {a.area for a in t.legal() if isinstance(a, Step)}
    assert legal == {2, 6, 7, 22}


@rule("orgun1983:stacking")
def test_stacking_retreats_only_into_adjacent_areas_that_may_be_entered(table):
    # 19 gets a fourth DRA unit; its neighbours: 12 (mountain), 15 (the mover's origin), 22 (J1
    # there), 28, 29 (Mujahideen-controlled, mountain), 32 (already three DRA units)
    t = table.place(R1=19, R2=19, T6=19, R4=15, J1=22, R3=32, M1=32, T1=32, W2=40)
    t.control(DRA, 19, 15, 32).control(MUJ, 29).start(initiative=DRA)
    t.do(Activate(15), ChooseMove(), Pick("R4"), Go(), Step(19))
    if not isinstance(t.state.top, Stacking):
        t.do(Decline())  # J1 in 22 may ambush: it declines
    t.do(Stop())
    assert isinstance(t.state.top, Stacking)
    retreats = {(a.unit, a.area) for a in t.legal() if isinstance(a, Retreat)}
    assert {a for u, a in retreats if u == "R4"} == {12, 15, 28}
    assert {a for u, a in retreats if u == "T6"} == {15, 28}  # a tank: no mountain without a road
    assert {a.unit for a in t.legal() if isinstance(a, Eliminate)} == {"R1", "R2", "T6", "R4"}
    t.do(Retreat("T6", 28))
    assert t.unit("T6").area == 28 and stack_count(t.rules, t.state, 19, DRA) == 3
    assert not isinstance(t.state.top, Stacking)


@rule("orgun1983:stacking")
def test_no_room_anywhere_means_the_excess_is_destroyed(table):
    # seven bands in 38; every neighbour (24, 29, 32, 33, 40, 41) is DRA-controlled: no retreat
    t = table.place(Z1=38, Z2=38, Z3=38, K1=38, K2=38, J1=38, J2=38, R1=1)
    t.control(DRA, 24, 29, 32, 33, 40, 41).start()
    t.ctx.push(Stacking(MUJ, 38))
    t.game._run_automatic()
    assert t.decision.player == MUJ
    assert all(isinstance(a, Eliminate) for a in t.legal()) and len(t.legal()) == 7
    t.do(Eliminate("K2"))
    assert "K2" not in t.state.units and stack_count(t.rules, t.state, 38, MUJ) == 6
    assert not isinstance(t.state.top, Stacking) and t.decision.player == MUJ


@rule("orgun1983:minefields")
@pytest.mark.parametrize("faces,points", [((1, 6), (1, 3)), ((4, 2), (2, 1))])
def test_minefield_per_unit_reading(faces, points):
    from rules_orgun1983.rules import OrgunRules

    from .conftest import Table

    t = Table(OrgunRules().with_readings(minefield_roll_per_unit=True))
    t.place(K3=7, J1=7, R1=1).control(DRA, 15).mines(15).start()
    t.roll(*faces)
    t.do(Activate(7), ChooseMove(), Pick("K3"), Pick("J1"), Go(), Step(15))
    lost = {u: len([e for e in t.events(LossTaken) if e.unit == u]) for u in ("K3", "J1")}
    assert (lost["K3"], lost["J1"]) == (min(points[0], 2), min(points[1], 2))


# -- issue 14: activated units move on their own paths; empty enemy areas do not stop a move --------
@rule("orgun1983:activation")
@rule("orgun1983:move-cost")
def test_activated_units_each_move_on_their_own_path_with_their_own_op(table):
    # fails on 1.x, where the units picked in one area moved as one group at the slowest OP (2)
    t = table.place(Z1=24, Z3=24, R1=1).start()
    t.do(Activate(24), ChooseMove(), Pick("Z1"), Go())
    assert t.state.top.budget == 3 * t.rules.readings.move_cost.scale  # Z1's own OP
    t.do(Step(10), Step(7), Step(3), Stop())
    assert set(t.legal()) == {Pick("Z3"), Done()}  # the same activation: Z3 may set out too
    t.do(Pick("Z3"), Go())
    assert t.state.top.budget == 2 * t.rules.readings.move_cost.scale  # Z3's own OP
    t.do(Step(29), Step(32), Stop())
    assert moves(t) == [("Z1", 24, 10, 1.0), ("Z1", 10, 7, 1.0), ("Z1", 7, 3, 1.0),
                        ("Z3", 24, 29, 1.0), ("Z3", 29, 32, 1.0)]
    assert t.unit("Z1").spent and t.unit("Z3").spent
    assert len(t.events(ActivationBegan)) == 1 and t.decision.player == DRA  # one activation, over


@rule("orgun1983:activation")
def test_several_units_may_share_a_path_at_the_slowest_op(table):
    t = table.place(Z1=24, Z3=24, R1=1).start()
    t.do(Activate(24), ChooseMove(), Pick("Z1"), Pick("Z3"), Go())
    assert t.state.top.budget == 2 * t.rules.readings.move_cost.scale
    t.do(Step(29), Step(32))
    assert {a.area for a in t.legal() if isinstance(a, Step)} == set()  # Z3 has no OP left
    t.do(Stop())
    assert t.unit("Z1").area == t.unit("Z3").area == 32 and t.decision.player == DRA


@rule("orgun1983:activation")
def test_stopping_before_leaving_settles_nothing(table):
    # J1 stands in 15 beside R4 in the DRA's own area: a party that never leaves is no move, so it
    # is not made to attack there
    t = table.place(J1=15, R4=15, J2=15, W2=40).control(DRA, 15).start()
    t.do(Activate(15), ChooseMove(), Pick("J1"), Go(), Stop())
    assert not t.events(UnitMoved) and t.unit("J1").spent
    assert set(t.legal()) == {Pick("J2"), Done()}


@rule("orgun1983:move-cost")
@rule("orgun1983:control")
def test_an_empty_enemy_controlled_area_does_not_stop_a_move(table):
    # fails on 1.x, whose enemy_area_stops_move ended the move on entering 2 (Mujahideen-controlled)
    t = table.place(R1=1, J1=40).control(MUJ, 2, 15).start(initiative=DRA)
    t.do(Activate(1), ChooseMove(), Pick("R1"), Go(), Step(2))
    assert {a.area for a in t.legal() if isinstance(a, Step)} == {1, 3, 6, 15}  # it may go on
    t.do(Step(15), Step(6), Stop())
    assert moves(t) == [("R1", 1, 2, 0.5), ("R1", 2, 15, 0.5), ("R1", 15, 6, 1.0)]  # the table's costs
    assert t.state.control.get(2) == MUJ and t.state.control.get(15) == MUJ  # passing through
    assert t.state.control.get(6) == DRA


@rule("orgun1983:move-cost")
def test_entering_enemy_units_still_ends_the_move_unless_the_reading_says(table):
    from .conftest import Table

    t = table.place(R1=2, J1=3, W2=40).start(initiative=DRA)
    t.do(Activate(2), ChooseMove(), Pick("R1"), Go(), Step(3))
    assert t.decision.actions == (AttackNow(), Hold())  # the move ended in 3 (not Mujahideen-held)
    # the other reading: commando C1 (4 OP) spends 2 to enter 3 and may go on with the other 2
    on = Table(table.rules.with_readings(enemy_units_end_move=False)).place(C1=2, J1=3, W2=40)
    on.start(initiative=DRA)
    on.do(Activate(2), ChooseMove(), Pick("C1"), Go(), Step(3))
    assert {a.area for a in on.legal() if isinstance(a, Step)} == {2, 6, 7}
