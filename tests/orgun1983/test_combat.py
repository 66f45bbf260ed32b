"""Attacks, the damage formula, modifiers, cards, the T-55's ammunition, ambushes, raids and
cohesion tests."""
from __future__ import annotations

import pytest

from rules_orgun1983.actions import (
    Activate, Ambush, AmbushWindow, Attack, AttackNow, ChooseAttack, ChooseMove, Decline, Done, Go, Hold,
    Pick, PlayCard, Raid, Retreat, Step, Stop, TakeLoss,
)
from rules_orgun1983.effects import cohesion_test
from rules_orgun1983.queries import strength
from rules_orgun1983.state import (
    DRA, MUJ, AmbushDeclared, AmmoTest, CohesionTested, CombatResolved, LossTaken, SupplyChecked, UnitEliminated,
    UnitMoved,
)

rule = pytest.mark.rule


def attack(t, area, units, *, att_cards=(), def_cards=()):
    t.do(Activate(area), ChooseAttack(), *(Pick(u) for u in units), Go())
    t.do(*(PlayCard(c) for c in att_cards), Done())
    t.do(*(PlayCard(c) for c in def_cards), Done())
    return t


def combat(t) -> CombatResolved:
    return t.events(CombatResolved)[-1]


# -- cohesion -------------------------------------------------------------------------------------
@rule("orgun1983:cohesion")
@pytest.mark.parametrize("face,leader,passed", [
    (4, None, True),    # 4 <= cohesion 4
    (5, None, False),
    (5, "KL", True),    # 5 - 1 = 4
    (6, "ZL", False),   # a natural 6 always fails, whatever the leader
    (1, None, True),
])
def test_cohesion_test(table, face, leader, passed):
    units = {"K1": 35} | ({leader: 35} if leader else {})
    t = table.place(**units)
    t.roll(face)
    roll, ok = cohesion_test(t.rules, t.ctx, "K1", reason="test")
    event = t.events(CohesionTested)[-1]
    assert (roll, ok, event.passed) == (face, passed, passed)
    assert event.cohesion == 4  # the middle number of a Mujahideen band


# -- the attack -----------------------------------------------------------------------------------
@rule("orgun1983:attack")
def test_attack_is_against_every_enemy_unit_in_the_area(table):
    t = table.place(J1=15, J2=15, R4=15, M2=15, W2=40).control(DRA, 15).start()
    t.roll(3, 1)
    attack(t, 15, ["J1"])
    c = combat(t)
    # the defence counts R4 (3) and M2 (2) and the area (+1); the attack only the picked J1
    assert (c.attack, c.defence) == (2, 6)


@rule("orgun1983:attack")
def test_attack_optional_when_entering_enemy_units_in_an_area_the_enemy_does_not_control(table):
    t = table.place(J1=22, R4=15, W2=40).control(MUJ, 15).start()
    t.do(Activate(22), ChooseMove(), Pick("J1"), Go(), Step(15))
    assert set(t.legal()) == {AttackNow(), Hold()}
    t.do(Hold())
    assert not t.events(CombatResolved) and t.state.top is None


@rule("orgun1983:attack")
def test_attack_compulsory_when_entering_an_enemy_controlled_area(table):
    t = table.place(J1=22, R4=15, W2=40).control(DRA, 15).start()
    t.do(Activate(22), ChooseMove(), Pick("J1"), Go(), Step(15))
    assert isinstance(t.state.top, Attack) and t.state.top.units == ("J1",)
    assert Hold() not in t.legal()


# -- damage -----------------------------------------------------------------------------------------
@rule("orgun1983:damage")
def test_positive_result_is_loss_points_on_the_defenders(table):
    t = table.place(J1=15, J2=15, R4=15, M2=15, W2=40).control(DRA, 15).start()
    t.roll(5, 2)  # (2+2+5) - (3+2+1+2) = +1
    attack(t, 15, ["J1", "J2"])
    assert combat(t).result == 1
    assert t.decision.player == DRA and set(t.legal()) == {TakeLoss("R4"), TakeLoss("M2")}
    t.do(TakeLoss("R4"))
    assert t.unit("R4").steps == 1 and strength(t.rules, t.unit("R4")) == 2  # reduced side


@rule("orgun1983:damage")
def test_negative_result_hits_the_attackers(table):
    t = table.place(J1=15, J2=15, R4=15, M2=15, W2=40).control(DRA, 15).start()
    t.roll(1, 6)  # (4+1) - (6+6) = -7
    attack(t, 15, ["J1", "J2"])
    assert combat(t).result == -7
    # 7 points, 4 steps: both bands are gone, the extra points are lost
    assert {e.unit for e in t.events(UnitEliminated)} == {"J1", "J2"}
    assert "R4" in t.state.units and "M2" in t.state.units


@rule("orgun1983:damage")
def test_zero_has_no_effect_and_cards_count(table):
    t = table.place(J1=15, J2=15, R4=15, M2=15, W2=40).control(DRA, 15).start()
    arms = t.give(MUJ, "M-ARMS")
    dig = t.give(DRA, "D-DIGIN")
    t.roll(4, 3)  # (4+1+4) - (6+2+3) = -2
    attack(t, 15, ["J1", "J2"], att_cards=arms, def_cards=dig)
    c = combat(t)
    assert (c.attack, c.defence, c.result) == (5, 8, -2)
    t2 = type(table)().place(J1=15, J2=15, R4=15, M2=15, W2=40).control(DRA, 15).start()
    t2.roll(3, 1)  # (4+3) - (6+1) = 0
    attack(t2, 15, ["J1", "J2"])
    assert combat(t2).result == 0 and not t2.events(LossTaken)


# -- modifiers ----------------------------------------------------------------------------------
@rule("orgun1983:tribes")
@pytest.mark.parametrize("advisor,expected", [(False, 4 - 2), (True, 4)])
def test_several_tribes_minus_two_unless_an_advisor(table, advisor, expected):
    units = {"J1": 15, "K1": 15, "R4": 15, "W2": 40} | ({"A1": 15} if advisor else {})
    t = table.place(**units).control(DRA, 15).start()
    t.roll(1, 1)
    attack(t, 15, ["J1", "K1"])
    assert combat(t).attack == expected


@rule("orgun1983:tribes")
def test_one_tribe_has_no_penalty(table):
    t = table.place(J1=15, J2=15, R4=15, W2=40).control(DRA, 15).start()
    t.roll(1, 1)
    attack(t, 15, ["J1", "J2"])
    assert combat(t).attack == 4


@rule("orgun1983:orgun-zone")
@pytest.mark.parametrize("area,expected", [(22, 3 - 1), (7, 3)])
def test_dra_attacks_into_the_orgun_zone_at_minus_one(table, area, expected):
    t = table.place(R1=area, J1=area, W2=40).control(MUJ, area).start(initiative=DRA)
    t.roll(1, 1)
    attack(t, area, ["R1"])
    assert combat(t).attack == expected


@rule("orgun1983:orgun-zone")
def test_mujahideen_attacks_in_the_zone_are_not_reduced(table):
    t = table.place(J1=22, R1=22, W2=40).control(DRA, 22).start()
    t.roll(1, 1)
    attack(t, 22, ["J1"])
    assert combat(t).attack == 2


@rule("orgun1983:supply")
def test_low_supply_attacks_at_minus_two(table):
    t = table.place(J1=15, R4=15, W2=40).control(DRA, 15).start()
    t.ctx.emit(SupplyChecked((), ("J1",)))
    t.roll(1, 1)
    attack(t, 15, ["J1"])
    assert combat(t).attack == 2 - 2


@rule("orgun1983:t55-ammo")
@pytest.mark.parametrize("face,out", [(6, True), (5, False)])
def test_mujahideen_t55_ammunition_after_an_attack(table, face, out):
    t = table.place(ZT=15, Z1=15, R4=15, W2=40).control(DRA, 15).start()
    t.roll(3, 3, face)  # attack, defence, ammunition
    attack(t, 15, ["ZT", "Z1"])
    test = t.events(AmmoTest)[-1]
    assert test.unit == "ZT" and test.out is out
    assert strength(t.rules, t.unit("ZT")) == (0 if out else 4)


@rule("orgun1983:t55-ammo")
def test_t55_tests_when_defending_and_dra_tanks_never(table):
    t = table.place(T1=15, R4=15, ZT=15, W2=40).control(MUJ, 15).start(initiative=DRA)
    t.roll(1, 4, 6)  # (5+3+1) - (4+1+4) = 0: no losses; the Mujahideen T-55 still took part
    attack(t, 15, ["T1", "R4"])
    assert [e.unit for e in t.events(AmmoTest)] == ["ZT"]
    assert t.unit("ZT").no_ammo


@rule("orgun1983:night-attack")
def test_only_one_night_attack_card_per_attack(table):
    t = table.place(J1=15, R4=15, W2=40).control(DRA, 15).start()
    nights = t.give(MUJ, "M-NIGHT") + t.give(MUJ, "M-NIGHT")
    arms = t.give(MUJ, "M-ARMS")
    t.do(Activate(15), ChooseAttack(), Pick("J1"), Go())
    assert {a.card for a in t.legal() if isinstance(a, PlayCard)} == set(nights) | set(arms)
    t.do(PlayCard(nights[0]))
    assert {a.card for a in t.legal() if isinstance(a, PlayCard)} == set(arms)  # no second Night Attack
    t.roll(1, 1)
    t.do(PlayCard(arms[0]), Done(), Done())
    assert combat(t).attack == 2 + 2 + 1


@rule("orgun1983:cards")
def test_hands_are_hidden_from_the_opponent(table):
    t = table.place(J1=15, R4=15, W2=40).control(DRA, 15).start()
    t.give(MUJ, "M-NIGHT", "M-ARMS")
    mine = t.game.observe(MUJ)["cards"]["cards:muj"]["hand:muj"]
    theirs = t.game.observe(DRA)["cards"]["cards:muj"]["hand:muj"]
    assert len(mine) == 2 and theirs == 2


# -- ambush -------------------------------------------------------------------------------------
def enter_15(t):
    t.do(Activate(2), ChooseMove(), Pick("R4"), Go(), Step(15))


@rule("orgun1983:ambush")
@pytest.mark.parametrize("face,passed", [(4, False), (3, True)])
def test_ambush_results(table, face, passed):
    t = table.place(R4=2, J1=7, R1=1).start(initiative=DRA)
    enter_15(t)
    assert isinstance(t.state.top, AmbushWindow) and t.decision.player == MUJ
    assert Ambush("J1", "R4") in t.legal()
    t.roll(face)
    t.do(Ambush("J1", "R4"))
    assert t.events(AmbushDeclared) and t.unit("J1").spent and t.unit("J1").area == 7
    if passed:
        assert t.unit("R4").area == 15 and t.decision.player == DRA  # it may go on moving
        assert any(isinstance(a, Step) for a in t.legal())
    else:
        assert t.unit("R4").area == 2  # back where it came from


def _no_window(t):
    enter_15(t)
    return not isinstance(t.state.top, AmbushWindow)


@rule("orgun1983:ambush")
def test_ambush_condition_at_most_three_mujahideen(table):
    from .conftest import Table

    assert _no_window(table.place(R4=2, J1=7, J2=7, K1=7, K2=7, R1=1).start(initiative=DRA))
    assert not _no_window(Table().place(R4=2, J1=7, J2=7, K1=7, KL=7, R1=1).start(initiative=DRA))  # leaders not counted


@rule("orgun1983:ambush")
def test_ambush_condition_terrain_above_zero(table):
    assert _no_window(table.place(R4=2, J1=6, R1=1).start(initiative=DRA))  # 6 has terrain 0


@rule("orgun1983:ambush")
def test_ambush_condition_not_contested(table):
    assert _no_window(table.place(R4=2, J1=7, M4=7, R1=1).start(initiative=DRA))


@rule("orgun1983:ambush")
def test_ambush_condition_fresh_and_supplied(table):
    from .conftest import Table

    assert _no_window(table.place(R4=2, J1=7, J2=40, R1=1).spend("J1").start(initiative=DRA))
    t = Table().place(R4=2, J1=7, R1=1)
    t.ctx.emit(SupplyChecked((), ("J1",)))
    assert _no_window(t.start(initiative=DRA))


@rule("orgun1983:ambush")
def test_dra_ambush_needs_a_single_unit(table):
    from .conftest import Table

    t = table.place(J1=22, R1=12, W2=40).start()
    t.do(Activate(22), ChooseMove(), Pick("J1"), Go(), Step(15))
    assert isinstance(t.state.top, AmbushWindow) and t.decision.player == DRA
    t2 = Table().place(J1=22, R1=12, R2=12, W2=40).start()
    t2.do(Activate(22), ChooseMove(), Pick("J1"), Go(), Step(15))
    assert not isinstance(t2.state.top, AmbushWindow)


@rule("orgun1983:ambush")
def test_declining_an_ambush_changes_nothing(table):
    t = table.place(R4=2, J1=7, R1=1).start(initiative=DRA)
    enter_15(t)
    t.do(Decline())
    assert not t.unit("J1").spent and t.unit("R4").area == 15


# -- raid -----------------------------------------------------------------------------------------
@rule("orgun1983:raid")
def test_raid_pass_spends_and_retreats_the_target(table):
    t = table.place(J1=7, R4=15, R1=1).control(DRA, 15).start()
    t.do(Activate(7))
    assert Raid("J1", "R4") in t.legal()
    t.roll(2)
    t.do(Raid("J1", "R4"))
    assert t.unit("J1").area == 7 and t.unit("J1").spent
    assert t.unit("R4").spent and t.unit("R4").area == 15  # waiting for its owner's choice


@rule("orgun1983:raid")
def test_the_dra_player_picks_where_a_raided_unit_retreats(table):
    # fails on 1.x, which sent the raided unit to the smallest adjacent area id (2) by itself
    t = table.place(J1=7, R4=15, R1=1).control(DRA, 15).start()
    t.roll(2)
    t.do(Activate(7), Raid("J1", "R4"))
    decision = t.decision
    assert decision.player == DRA
    # every adjacent area the movement rules allow: not 7 (the raider's, Mujahideen units)
    assert {a.area for a in decision.actions if isinstance(a, Retreat)} == {2, 6, 12, 19, 22}
    t.do(Retreat("R4", 22))
    assert t.unit("R4").area == 22 and t.unit("R4").spent
    assert t.state.control.get(22) == DRA  # it stands alone there
    assert t.decision.player == DRA  # the activation is over: DRA's turn to activate


@rule("orgun1983:raid")
def test_a_raided_unit_may_not_retreat_where_the_movement_rules_forbid(table):
    # militia M4 raided in 6: 15 is mined (militia may not enter), 3 holds Mujahideen, 2 is
    # Mujahideen-controlled; only 5 and 9 remain for its owner to choose from
    t = table.place(J1=3, M4=6, R1=1).control(MUJ, 2).mines(15).start()
    t.roll(1)
    t.do(Activate(3), Raid("J1", "M4"))
    assert {a.area for a in t.legal() if isinstance(a, Retreat)} == {5, 9}
    t.do(Retreat("M4", 9))
    assert t.unit("M4").area == 9


@rule("orgun1983:raid")
def test_raid_on_a_spent_unit_destroys_it(table):
    t = table.place(J1=7, R4=15, R1=1).control(DRA, 15).spend("R4").start()
    t.roll(2)
    t.do(Activate(7), Raid("J1", "R4"))
    assert "R4" not in t.state.units


@rule("orgun1983:raid")
@pytest.mark.parametrize("face,raider_alive", [(6, False), (5, True)])
def test_raid_failures(table, face, raider_alive):
    t = table.place(J1=7, R4=15, R1=1).control(DRA, 15).start()
    t.roll(face)
    t.do(Activate(7), Raid("J1", "R4"))
    assert ("J1" in t.state.units) is raider_alive
    if raider_alive:
        assert t.unit("J1").area == 7 and t.unit("J1").spent
    assert not t.unit("R4").spent and t.unit("R4").area == 15


@rule("orgun1983:raid")
def test_raid_modifiers_fort_mines_open_ground_and_leader(table):
    from .conftest import Table

    t = table.place(Z1=38, ZL=38, R3=32, R1=1).mines(32).start()  # fort +1, mines +1, leader -2
    t.roll(4)
    t.do(Activate(38), Raid("Z1", "R3"))
    test = t.events(CohesionTested)[-1]
    assert test.modifier == 0 and test.passed
    t2 = Table().place(J1=3, M4=6, R1=1).start()  # open ground (terrain 0): +1
    t2.roll(4)
    t2.do(Activate(3), Raid("J1", "M4"))
    test2 = t2.events(CohesionTested)[-1]
    assert test2.modifier == 1 and not test2.passed


@rule("orgun1983:raid")
def test_only_mujahideen_raid_and_only_supplied_units(table):
    t = table.place(R4=15, J1=7, W2=40).start(initiative=DRA)
    t.do(Activate(15))
    assert not any(isinstance(a, Raid) for a in t.legal())
    from .conftest import Table

    t2 = Table().place(J1=7, R4=15, R1=1)
    t2.ctx.emit(SupplyChecked((), ("J1",)))
    t2.start().do(Activate(7))
    assert not any(isinstance(a, Raid) for a in t2.legal())


# -- review additions: the damage formula in forts, who takes loss points ---------------------------
@rule("orgun1983:damage")
def test_a_fort_adds_only_its_area_modifier(table):
    from .conftest import Table

    # 19 is a fort with area modifier 2: the defence is R1's 3 + 2, nothing more
    t = table.place(J1=19, J2=19, R1=19, W2=40).control(DRA, 19).start()
    t.roll(6, 1)  # (2+2+6) - (3+2+1) = +4
    attack(t, 19, ["J1", "J2"])
    c = combat(t)
    assert (c.attack, c.defence, c.result) == (4, 5, 4)
    assert "R1" not in t.state.units  # 4 points on a 2-step battalion: eliminated
    # a variant that gives forts a separate bonus
    v = Table(table.rules.with_readings(fort_defence_bonus=1))
    v.place(J1=19, J2=19, R1=19, W2=40).control(DRA, 19).start()
    v.roll(6, 1)
    attack(v, 19, ["J1", "J2"])
    assert combat(v).defence == 6


@rule("orgun1983:damage")
def test_attacker_losses_fall_only_on_the_attacking_units(table):
    t = table.place(J1=15, J2=15, R4=15, W2=40).control(DRA, 15).start()
    t.roll(1, 6)  # (2+1) - (3+1+6) = -7: J1 alone attacked
    attack(t, 15, ["J1"])
    assert combat(t).result == -7
    assert "J1" not in t.state.units
    assert t.unit("J2").steps == 2 and t.unit("R4").steps == 2  # J2 stood by: untouched


@rule("orgun1983:damage")
@rule("orgun1983:lone-leader")
@pytest.mark.parametrize("face,killed", [(4, True), (5, False)])
def test_a_leader_left_alone_by_combat_takes_the_leader_test(table, face, killed):
    from rules_orgun1983.state import LeaderTest

    t = table.place(J1=15, J2=15, R4=15, DL=15, R1=19, W2=40).control(DRA, 15, 19).start()
    t.roll(6, 1, face)  # (2+2+6) - (3+0+1+1) = +5: R4 (2 steps) is destroyed, DL takes no point
    attack(t, 15, ["J1", "J2"])
    assert combat(t).result == 5 and "R4" not in t.state.units
    test = t.events(LeaderTest)[-1]
    assert test.unit == "DL" and test.roll == face and test.killed is killed
    if killed:
        assert "DL" not in t.state.units
    else:
        assert t.unit("DL").area == 19  # to the nearest friendly units
    assert t.state.control[15] == MUJ


# -- review additions: ambush condition 1 counts the Mi-24; several ambushes; stacking after one ----
def _j1_enters_15(t):
    t.do(Activate(22), ChooseMove(), Pick("J1"), Go(), Step(15))
    return isinstance(t.state.top, AmbushWindow)


@rule("orgun1983:ambush")
@rule("orgun1983:mi24")
def test_the_mi24_counts_in_the_dra_ambush_limit(table):
    from .conftest import Table

    # R1 and the Mi-24 in 12: two DRA units (only leaders are not counted) -- no ambush
    assert not _j1_enters_15(table.place(J1=22, R1=12, H1=12, W2=40).start())
    # R1 and a leader: one counted unit -- the ambush is there, with R1 only
    t = Table().place(J1=22, R1=12, DL=12, W2=40).start()
    assert _j1_enters_15(t)
    assert {(a.ambusher, a.target) for a in t.legal() if isinstance(a, Ambush)} == {("R1", "J1")}
    # the Mi-24 alone does not ambush by default; a variant lets it
    assert not _j1_enters_15(Table().place(J1=22, H1=12, W2=40).start())
    v = Table(table.rules.with_readings(mi24_ambushes=True)).place(J1=22, H1=12, W2=40).start()
    assert _j1_enters_15(v) and Ambush("H1", "J1") in v.legal()


@rule("orgun1983:ambush")
def test_one_ambush_per_entry_unless_the_reading_allows_more(table):
    from .conftest import Table

    # J1 in 7 and K1 in 22 both border 15 (terrain 1, no DRA there)
    t = table.place(R4=2, J1=7, K1=22, R1=1).start(initiative=DRA)
    enter_15(t)
    assert {a.ambusher for a in t.legal() if isinstance(a, Ambush)} == {"J1", "K1"}
    t.roll(3)  # R4 (cohesion 3) passes
    t.do(Ambush("J1", "R4"))
    assert not isinstance(t.state.top, AmbushWindow) and t.decision.player == DRA
    v = Table(table.rules.with_readings(ambushes_per_entry=2)).place(R4=2, J1=7, K1=22, R1=1).start(initiative=DRA)
    enter_15(v)
    v.roll(3)
    v.do(Ambush("J1", "R4"))
    assert isinstance(v.state.top, AmbushWindow) and set(v.legal()) == {Ambush("K1", "R4"), Decline()}
    v.roll(4)  # fails the second time: back to 2
    v.do(Ambush("K1", "R4"))
    assert v.unit("R4").area == 2 and v.unit("K1").spent and v.unit("J1").spent


@rule("orgun1983:ambush")
@rule("orgun1983:stacking")
def test_an_ambushed_unit_sent_back_into_a_full_area_is_a_stacking_excess(table):
    from rules_orgun1983.actions import Eliminate, Retreat, Stacking

    # R1-R3 go 1 -> 2 (road, through C1, M4, T1) -> 15 (next to J1 in 7: 2 OP); R1 is ambushed
    t = table.place(R1=1, R2=1, R3=1, C1=2, M4=2, T1=2, J1=7, W2=40).start(initiative=DRA)
    t.do(Activate(1), ChooseMove(), Pick("R1"), Pick("R2"), Pick("R3"), Go(), Step(2), Step(15))
    t.roll(4)  # R1's cohesion 3: fails, back to 2, which now holds four DRA units
    t.do(Ambush("J1", "R1"))
    assert t.unit("R1").area == 2
    assert isinstance(t.state.top, Stacking) and t.decision.player == DRA
    assert Eliminate("R1") in t.legal() and Retreat("R1", 1) in t.legal()
    t.do(Retreat("R1", 1))
    assert t.unit("R1").area == 1 and not isinstance(t.state.top, Stacking)
    assert t.decision.player == DRA and {a.area for a in t.legal() if isinstance(a, Step)} <= {2, 6, 7, 12, 19, 22}


@rule("orgun1983:ambush")
def test_a_unit_an_ambush_stopped_stays_behind_when_its_party_steps_back_through(table):
    # T1 and T2 (tanks, 4 OP) go 1 -> 2 -> 15, beside J1 in 7; T1 is ambushed, fails and is sent
    # back to 2; T2 goes on, back into 2 and on to 1: T1 has stopped and does not go with it
    t = table.place(T1=1, T2=1, J1=7, W2=40).start(initiative=DRA)
    t.do(Activate(1), ChooseMove(), Pick("T1"), Pick("T2"), Go(), Step(2), Step(15))
    t.roll(4)  # T1's cohesion 3: fails
    t.do(Ambush("J1", "T1"))
    assert (t.unit("T1").area, t.unit("T2").area) == (2, 15) and t.decision.player == DRA
    t.do(Step(2))
    assert Step(1) in t.legal()
    t.do(Step(1))
    assert (t.unit("T1").area, t.unit("T2").area) == (2, 1)
    assert [e.unit for e in t.events(UnitMoved) if e.target == 1] == ["T2"]


# -- review additions: raids ------------------------------------------------------------------------
@rule("orgun1983:raid")
@rule("orgun1983:minefields")
def test_a_raider_ignores_mines_but_they_help_the_test(table):
    t = table.place(J1=7, R4=15, R1=1).control(DRA, 15).mines(15).start()
    t.roll(3)  # 3 + 1 (mines) = 4 <= cohesion 4: passes; no minefield roll for the raider
    t.do(Activate(7), Raid("J1", "R4"))
    test = t.events(CohesionTested)[-1]
    assert (test.roll, test.modifier, test.passed) == (3, 1, True)
    assert not t.events(LossTaken) and t.unit("J1").steps == 2
    t.do(Retreat("R4", 2))
    assert t.unit("R4").spent and t.unit("R4").area == 2


@rule("orgun1983:raid")
def test_raid_on_a_spent_target_fails_on_cohesion_and_leader_drm_applies(table):
    # KL (DRM 1) beside K1: roll 5 - 1 = 4 passes against cohesion 4 in 15 (terrain 1, no mines)
    t = table.place(K1=7, KL=7, R4=15, R1=1).control(DRA, 15).spend("R4").start()
    t.roll(5)
    t.do(Activate(7), Raid("K1", "R4"))
    test = t.events(CohesionTested)[-1]
    assert (test.roll, test.modifier, test.passed) == (5, -1, True)
    assert "R4" not in t.state.units


@rule("orgun1983:raid")
def test_leaders_are_not_raid_targets_unless_the_reading_says(table):
    from .conftest import Table

    t = table.place(J1=7, R4=15, DL=15, R1=1).start()
    t.do(Activate(7))
    assert {a.target for a in t.legal() if isinstance(a, Raid)} == {"R4"}
    v = Table(table.rules.with_readings(leaders_are_targets=True)).place(J1=7, R4=15, DL=15, R1=1).start()
    v.do(Activate(7))
    assert {a.target for a in v.legal() if isinstance(a, Raid)} == {"R4", "DL"}


# -- review additions: hidden hands ---------------------------------------------------------------
@rule("orgun1983:cards")
def test_the_opponents_hand_is_hidden_in_observations_and_history():
    from tabletop_core import new_game
    from tabletop_core.events import CardMoved

    from rules_orgun1983.cards import hand_of

    game = new_game("orgun1983", "orgun-1983", seed=5)  # turn 1: both sides drew 3 cards
    dra_hand = hand_of(game.state, DRA)
    muj_hand = hand_of(game.state, MUJ)
    assert len(dra_hand) == 3 and len(muj_hand) == 3
    seen_by_muj = game.observe(MUJ)["cards"]
    assert seen_by_muj["cards:dra"]["hand:dra"] == 3 and seen_by_muj["cards:muj"]["hand:muj"] == muj_hand
    assert game.observe(DRA)["cards"]["cards:dra"]["hand:dra"] == dra_hand
    assert not any(c in repr(game.observe(MUJ)) for c in dra_hand)
    drawn = [e for e in game.events_for(MUJ) if isinstance(e, CardMoved) and e.target == "hand:dra"]
    assert len(drawn) == 3 and all(e.card is None for e in drawn)
    own = [e for e in game.events_for(DRA) if isinstance(e, CardMoved) and e.target == "hand:dra"]
    assert sorted(e.card for e in own) == sorted(dra_hand)


@rule("orgun1983:cards")
def test_check_views_catches_a_leaked_hand():
    """The kit's check_views is meaningful here: an observe() that shows both hands fails it."""
    from tabletop_core.game import Game
    from tabletop_core.testing import check_views

    from rules_orgun1983.cards import hand_of
    from rules_orgun1983.rules import SCENARIO, OrgunRules

    class Leaky(OrgunRules):
        def observe(self, state, player):
            return super().observe(state, player) | {"hands": {s: list(hand_of(state, s)) for s in (MUJ, DRA)}}

    with pytest.raises(AssertionError, match="reveals something hidden"):
        check_views(lambda: Game.start(Leaky(), SCENARIO, seed=1), 1, steps=5)
    check_views(lambda: Game.start(OrgunRules(), SCENARIO, seed=1), 1, steps=40)


# -- issue 14: ambush parties, leaders as targets, attacking lone leaders ----------------------------
@rule("orgun1983:ambush")
def test_the_ambushing_player_may_ambush_with_several_units(table):
    # fails on 1.x, where exactly one ambusher was Spent and no further unit could join
    t = table.place(R4=2, J1=7, J2=7, K1=7, R1=1).start(initiative=DRA)
    enter_15(t)
    t.do(Ambush("J1", "R4"))
    decision = t.decision
    assert decision.player == MUJ and set(decision.actions) == {Pick("J2"), Pick("K1"), Go()}
    t.do(Pick("K1"))
    assert set(t.legal()) == {Pick("J2"), Go()}
    t.roll(5)  # R4 (cohesion 3) fails: back to 2
    t.do(Go())
    (declared,) = t.events(AmbushDeclared)
    assert declared.ambushers == ("J1", "K1") and declared.target == "R4"
    assert t.unit("J1").spent and t.unit("K1").spent and not t.unit("J2").spent  # each ambusher Spent
    assert t.unit("J1").area == t.unit("K1").area == 7  # the ambushers stay put
    assert t.unit("R4").area == 2


@rule("orgun1983:ambush")
def test_one_ambusher_alone_needs_no_second_question(table):
    t = table.place(R4=2, J1=7, J2=7, R1=1).spend("J2").start(initiative=DRA)
    enter_15(t)
    t.roll(2)  # R4 passes and may go on
    t.do(Ambush("J1", "R4"))  # J2 is Spent: nobody else may join, the test follows at once
    assert t.events(CohesionTested)[-1].passed and t.decision.player == DRA


@rule("orgun1983:ambush")
@rule("orgun1983:raid")
def test_leaders_are_neither_ambushed_nor_raided_by_default(table):
    # fails on 1.x, which offered a leader moving with its unit as an ambush target although it
    # refused leaders as raid targets
    from .conftest import Table

    t = table.place(R4=2, DL=2, J1=7, R1=1).start(initiative=DRA)
    t.do(Activate(2), ChooseMove(), Pick("R4"), Pick("DL"), Go(), Step(15))
    assert {a.target for a in t.legal() if isinstance(a, Ambush)} == {"R4"}
    both = Table(table.rules.with_readings(leaders_are_targets=True))
    both.place(R4=2, DL=2, J1=7, R1=1).start(initiative=DRA)
    both.do(Activate(2), ChooseMove(), Pick("R4"), Pick("DL"), Go(), Step(15))
    assert {a.target for a in both.legal() if isinstance(a, Ambush)} == {"R4", "DL"}


@rule("orgun1983:lone-leader")
@pytest.mark.parametrize("face,killed", [(4, True), (5, False)])
def test_attacking_an_area_held_only_by_an_enemy_leader_is_the_leader_test(table, face, killed):
    # fails on 1.x, which fought a battle (cards and damage dice) against the lone leader first
    from rules_orgun1983.state import LeaderTest

    t = table.place(KL=15, R4=15, K1=7, R1=1).control(DRA, 15).start(initiative=DRA)
    t.roll(face)
    t.do(Activate(15), ChooseAttack(), Pick("R4"), Go())
    assert not t.events(CombatResolved)
    (test,) = t.events(LeaderTest)
    assert (test.unit, test.roll, test.killed) == ("KL", face, killed)
    if killed:
        assert "KL" not in t.state.units
    else:
        assert t.unit("KL").area == 7  # to the nearest area with its own units
    assert t.unit("R4").spent and t.decision.player == MUJ
