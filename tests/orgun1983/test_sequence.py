"""The turn sequence: turns, initiative, cards, reinforcements, activations, passes, supply,
victory, and the Mi-24."""
from __future__ import annotations

import pytest

from rules_orgun1983.actions import (
    Activate, Attack, ChooseAttack, ChooseMove, Done, EnterAt, Go, Move, Pass, Pick, PlayCard, Step, Stop,
)
from rules_orgun1983.cards import hand_of
from rules_orgun1983.queries import group_eligible, stack_count
from rules_orgun1983.state import (
    DRA, MUJ, ActivationBegan, CombatResolved, GroupArrived, InitiativeDetermined, PhaseBegan, TurnBegan,
    UnitEliminated, UnitMoved, UnitPlaced,
)
from tabletop_core import new_game
from tabletop_core.events import DiceRolled, GameEnded
from tabletop_core.testing import random_playout

rule = pytest.mark.rule


def initiative(t) -> InitiativeDetermined:
    return t.events(InitiativeDetermined)[-1]


# -- turns ----------------------------------------------------------------------------------------
@rule("orgun1983:turns")
def test_turn_one_belongs_to_the_mujahideen_without_a_roll():
    game = new_game("orgun1983", "orgun-1983", seed=11)
    first = next(e for e in game.events if isinstance(e, InitiativeDetermined))
    assert first.side == MUJ and not first.rolled
    assert not any(isinstance(e, DiceRolled) and e.reason == "initiative" for e in game.events)


@rule("orgun1983:turns")
def test_a_game_lasts_at_most_twelve_turns():
    for seed in (2, 5):
        game = random_playout("orgun1983", "orgun-1983", seed)
        turns = [e.turn for e in game.events if isinstance(e, TurnBegan)]
        assert turns == list(range(1, len(turns) + 1)) and turns[-1] <= 12
        if "operational" in game.result.reason or game.result.winner is None:
            assert turns[-1] == 12


@rule("orgun1983:turns")
@pytest.mark.parametrize("turn,eligible", [(1, False), (8, False), (9, True), (10, True), (11, False)])
def test_soviet_ground_units_only_on_turns_9_and_10(table, turn, eligible):
    t = table.pending("soviet_motor_rifle", "soviet_vdv", "commando_relief")
    t.ctx.emit(TurnBegan(turn))
    assert group_eligible(t.rules, t.state, "soviet_motor_rifle") is eligible
    assert group_eligible(t.rules, t.state, "soviet_vdv") is eligible  # its card window is 1-12
    assert group_eligible(t.rules, t.state, "commando_relief") is (turn >= 3)


# -- initiative -----------------------------------------------------------------------------------
@rule("orgun1983:initiative")
@pytest.mark.parametrize("faces,holder,winner", [
    ((3, 5), MUJ, DRA), ((5, 3), DRA, MUJ), ((4, 4), MUJ, MUJ), ((4, 4), DRA, DRA),
])
def test_initiative_roll_and_ties(table, faces, holder, winner):
    t = table.place(J1=22, R1=1).roll(*faces).start(turn=2, phase="initiative", initiative=holder)
    e = initiative(t)
    assert e.rolled and (e.muj_total, e.dra_total) == faces and e.side == winner


@rule("orgun1983:initiative")
@pytest.mark.parametrize("turn,winner", [(6, MUJ), (7, DRA)])
def test_dra_plus_one_from_turn_7_holding_19_and_32(table, turn, winner):
    t = table.place(R1=19, R3=32, J1=22).control(DRA, 19, 32).roll(4, 4)
    t.start(turn=turn, phase="initiative", initiative=MUJ)
    assert initiative(t).side == winner


@rule("orgun1983:initiative")
def test_mujahideen_modifiers_add_up(table):
    # fails on 1.x, which took only the best modifier (+2): 3 against 4, DRA's initiative
    from .conftest import Table

    t = table.place(J1=19, J2=32, R1=1).control(MUJ, 19, 32).roll(1, 4)
    t.start(turn=7, phase="initiative", initiative=MUJ)
    e = initiative(t)
    assert (e.muj_total, e.dra_total) == (1 + 1 + 2, 4) and e.side == MUJ  # a tie: the holder keeps it
    best = Table(table.rules.with_readings(muj_initiative_modifiers_stack=False))
    best.place(J1=19, J2=32, R1=1).control(MUJ, 19, 32).roll(1, 4)
    best.start(turn=7, phase="initiative", initiative=MUJ)
    assert (initiative(best).muj_total, initiative(best).side) == (1 + 2, DRA)


@rule("orgun1983:initiative")
@rule("orgun1983:mi24")
def test_the_mi24_and_area_32_add_up_too(table):
    t = table.place(J2=32, R1=1).control(MUJ, 32)
    t.place(H1=19)
    t.ctx.emit(UnitEliminated("H1", "shot down", True))
    t.roll(2, 5).start(turn=8, phase="initiative", initiative=DRA)
    e = initiative(t)
    assert (e.muj_total, e.dra_total, e.side) == (2 + 1 + 2, 5, DRA)  # 5 = 5: the holder keeps it


@rule("orgun1983:initiative")
@rule("orgun1983:mi24")
def test_destroying_the_mi24_gives_the_mujahideen_plus_one(table):
    t = table.place(H1=19, R1=19, J1=22)
    t.ctx.emit(UnitEliminated("H1", "shot down", True))
    t.roll(3, 4).start(turn=7, phase="initiative", initiative=DRA)
    e = initiative(t)
    assert e.muj_total == 4 and e.side == DRA  # 4 = 4: the holder keeps it


@rule("orgun1983:initiative")
def test_no_roll_after_turn_10(table):
    t = table.place(J1=22, R1=1).start(turn=11, phase="initiative", initiative=DRA)
    e = initiative(t)
    assert e.side == DRA and not e.rolled


# -- cards ----------------------------------------------------------------------------------------
@rule("orgun1983:cards")
def test_card_phase_draws_the_turn_track_number(table):
    t = table.place(J1=22, R1=1).start(turn=4, phase="cards")
    assert len(hand_of(t.state, MUJ)) == 2 and len(hand_of(t.state, DRA)) == 1


@rule("orgun1983:cards")
def test_no_hand_limit(table):
    t = table.place(J1=22, R1=1)
    t.give(MUJ, "M-NIGHT", "M-NIGHT", "M-NIGHT", "M-ARMS", "M-ARMS", "M-ARMS", "M-LOCALS", "M-LOCALS", "M-LOCALS", "M-CAVES")
    t.start(turn=7, phase="cards")
    assert len(hand_of(t.state, MUJ)) == 12


# -- reinforcements -------------------------------------------------------------------------------
@rule("orgun1983:reinforcements")
@pytest.mark.parametrize("face,arrives", [(5, True), (4, False)])
def test_reinforcement_roll(table, face, arrives):
    t = table.place(J1=22, R1=1).pending("waziri_lashkar").roll(face)
    t.start(turn=3, phase="cards", initiative=MUJ)
    if arrives:
        # fails on 1.x, which entered by the first area of the list (41) by itself
        decision = t.decision
        assert decision.player == MUJ and set(decision.actions) == {EnterAt(41), EnterAt(40)}
        t.do(EnterAt(40))
        assert t.unit("W3").area == 40 and t.unit("W4").area == 40
        assert "waziri_lashkar" not in t.state.pending_groups
    else:
        assert "W3" not in t.state.units and t.decision.player == MUJ
        assert not any(isinstance(a, EnterAt) for a in t.legal())


@rule("orgun1983:reinforcements")
def test_only_open_entry_areas_are_offered(table):
    # 41 holds a DRA unit: the Waziri group may enter only by 40, so there is nothing to choose
    t = table.place(J1=22, R1=41).pending("waziri_lashkar").roll(6)
    t.start(turn=3, phase="cards", initiative=MUJ)
    assert t.unit("W3").area == 40 and t.unit("W4").area == 40
    assert t.state.control.get(40) == MUJ


@rule("orgun1983:reinforcements")
def test_reinforcements_wait_before_their_turn(table):
    t = table.place(J1=22, R1=1).pending("zadran_tank").start(turn=3, phase="cards")
    assert not [e for e in t.events(DiceRolled) if "zadran_tank" in e.reason]
    assert "ZT" not in t.state.units


@rule("orgun1983:reinforcements")
@pytest.mark.parametrize("turn,rolled", [(8, False), (9, True), (10, True), (11, False)])
def test_soviet_motor_rifle_rolls_only_on_9_and_10(table, turn, rolled):
    t = table.place(J1=22, R1=19).pending("soviet_motor_rifle").roll(4)
    t.start(turn=turn, phase="cards", initiative=DRA)
    assert bool([e for e in t.events(DiceRolled) if "soviet_motor_rifle" in e.reason]) is rolled
    if rolled:
        t.do(EnterAt(2))
        assert t.unit("S1").area == 2 and t.unit("S2").area == 2
    else:
        assert "S1" not in t.state.units


@rule("orgun1983:reinforcements")
@pytest.mark.parametrize("turn,playable", [(5, False), (9, True)])
def test_soviet_card_only_from_turn_9(table, turn, playable):
    t = table.place(J1=22, R1=19).pending("soviet_vdv")
    (card,) = t.give(DRA, "D-SOVIET")
    t.start(turn=turn, phase="cards", initiative=DRA)
    assert t.decision.player == DRA
    assert (PlayCard(card) in t.legal()) is playable
    if playable:
        t.do(PlayCard(card))
        assert set(t.legal()) == {EnterAt(19), EnterAt(1)}  # its owner picks the entry area
        t.do(EnterAt(1))
        assert t.unit("S3").area == 1 and t.events(GroupArrived)[-1].by_card


# -- activations and passes -----------------------------------------------------------------------
@rule("orgun1983:activation")
def test_one_area_per_activation_alternating_fresh_and_spent(table):
    t = table.place(J1=22, J2=22, K1=35, R1=1, R2=2).start()
    assert set(t.legal()) == {Activate(22), Activate(35), Pass()}
    t.do(Activate(22), ChooseMove(), Pick("J1"), Go(), Step(10), Stop())
    assert t.unit("J1").spent and not t.unit("J2").spent  # only the picked unit is Spent
    assert set(t.legal()) == {Pick("J2"), Done()}  # J2 may set out on a path of its own, or not
    t.do(Done())
    assert not t.unit("J2").spent
    assert t.decision.player == DRA  # the sides alternate
    t.do(Activate(1), ChooseMove(), Pick("R1"), Go(), Stop())
    assert t.decision.player == MUJ and set(t.legal()) == {Activate(22), Activate(35), Pass()}
    assert t.events(ActivationBegan)[0].side == MUJ


@rule("orgun1983:pass")
def test_two_passes_in_succession_end_the_action_phase(table):
    t = table.place(J1=22, R1=1, R2=2).start()
    t.do(Pass())
    assert t.decision.player == DRA and t.state.phase == "action"
    t.do(Activate(1), ChooseMove(), Pick("R1"), Go(), Stop())
    t.do(Pass())
    assert t.state.phase == "action"  # the activation in between reset the count
    t.do(Pass())
    assert PhaseBegan("supply") in t.game.events


@rule("orgun1983:pass")
def test_a_side_without_fresh_units_passes_by_itself(table):
    t = table.place(J1=22, R1=1).spend("R1").start()
    t.do(Activate(22), ChooseMove(), Pick("J1"), Go(), Stop())
    # neither side has a Fresh unit: the action phase is over
    assert PhaseBegan("supply") in t.game.events


# -- supply ---------------------------------------------------------------------------------------
@rule("orgun1983:supply")
def test_supply_phase_refreshes_and_marks_low_supply(table):
    # J1 stands in 1, cut off by DRA-held 1, 2, 5; K1 likewise but was never activated
    t = table.place(J1=1, K1=1, J2=24, R1=2).control(DRA, 1, 2, 5).spend("J2", "J1", "R1").start(phase="supply")
    assert not t.unit("J2").spent and not t.unit("J2").low_supply  # supplied: turned to Fresh
    assert not t.unit("R1").spent and not t.unit("R1").low_supply
    # only supplied units turn over: J1 stays Spent, K1 stays Fresh -- both Low Supply
    assert t.unit("J1").low_supply and t.unit("J1").spent
    assert t.unit("K1").low_supply and not t.unit("K1").spent


@rule("orgun1983:supply")
def test_back_in_supply_clears_low_supply(table):
    from rules_orgun1983.state import SupplyChecked

    t = table.place(J1=24, R1=2)
    t.ctx.emit(SupplyChecked((), ("J1",)))
    t.spend("J1").start(phase="supply")
    assert not t.unit("J1").low_supply and not t.unit("J1").spent


@rule("orgun1983:supply")
def test_unsupplied_refresh_reading_can_be_switched(table):
    from .conftest import Table

    t = Table(table.rules.with_readings(unsupplied_units_refresh=True))
    t.place(J1=1, R1=2).control(DRA, 1, 2, 5).spend("J1").start(phase="supply")
    assert t.unit("J1").low_supply and not t.unit("J1").spent


@rule("orgun1983:supply")
def test_low_supply_costs_one_op(table):
    t = table.place(J1=1, J2=24, R1=2).control(DRA, 1, 2, 15)
    from rules_orgun1983.state import SupplyChecked

    t.ctx.emit(SupplyChecked(("J2",), ("J1",)))
    t.start()
    t.do(Activate(1), ChooseMove(), Pick("J1"), Go())
    assert isinstance(t.state.top, Move) and t.state.top.budget == (3 - 1) * 2


# -- victory --------------------------------------------------------------------------------------
def result(t):
    ended = t.events(GameEnded)
    return ended[-1].result if ended else None


@rule("orgun1983:victory-auto")
@pytest.mark.parametrize("extra,wins", [(28, True), (29, True), (33, True), (15, False)])
def test_mujahideen_automatic_victory(table, extra, wins):
    t = table.place(J1=32, J2=extra, R1=1).control(MUJ, 32, extra).start(turn=5, phase="victory")
    r = result(t)
    assert (r is not None and r.winner == MUJ) is wins
    if not wins:
        assert t.state.turn == 6


@rule("orgun1983:victory-auto")
def test_dra_automatic_victory_two_tribes_destroyed(table):
    t = table.place(J1=22, J2=22, J3=22, K1=35, K2=35, K3=35, R1=1, W1=41)
    for uid in ("J1", "J2", "J3", "K1", "K2", "K3"):
        t.ctx.emit(UnitEliminated(uid, "test"))
    t.start(turn=4, phase="victory")
    r = result(t)
    assert r.winner == DRA and "jaji" in r.reason and "kharoti" in r.reason


@rule("orgun1983:victory-auto")
def test_one_tribe_or_a_waiting_unit_is_not_enough(table):
    t = table.place(J1=22, J2=22, K1=35, K2=35, K3=35, R1=1, W1=41)
    for uid in ("J1", "J2", "K1", "K2", "K3"):
        t.ctx.emit(UnitEliminated(uid, "test"))
    t.start(turn=4, phase="victory")  # J3 has not arrived, so the Jaji tribe is not destroyed
    assert result(t) is None and t.state.turn == 5


@rule("orgun1983:victory-end")
@pytest.mark.parametrize("muj,dra,winner", [
    ((19, 15, 38), (), MUJ),
    ((), (19, 15), DRA),
    ((), (19, 38), DRA),
    ((15, 38), (19,), None),
    ((19,), (15, 38), None),
])
def test_operational_victory_after_turn_12(table, muj, dra, winner):
    t = table.place(J1=40, R1=1).control(MUJ, *muj).control(DRA, *dra).start(turn=12, phase="victory")
    r = result(t)
    assert r is not None and r.winner == winner
    assert "operational" in r.reason or winner is None


@rule("orgun1983:victory-end")
def test_no_operational_check_before_turn_12(table):
    t = table.place(J1=40, R1=1).control(MUJ, 19, 15, 38).start(turn=11, phase="victory")
    assert result(t) is None and t.state.turn == 12


# -- the Mi-24 ------------------------------------------------------------------------------------
@rule("orgun1983:mi24")
def test_mi24_flies_one_op_per_area_anywhere(table):
    t = table.place(H1=19, R1=19, K1=28, W2=40).start(initiative=DRA)
    t.do(Activate(19), ChooseMove(), Pick("H1"))
    assert set(t.legal()) == {Go()}  # it flies: no ground unit shares its party
    t.do(Go())
    assert t.state.top.flying and t.state.top.budget == 12
    legal = {a.area for a in t.legal() if isinstance(a, Step)}
    assert legal == {12, 15, 22, 28, 29, 32}  # a mountain (12) too
    t.do(Step(15))
    assert [e.cost for e in t.events(UnitMoved)] == [1.0]  # no road rate for a helicopter


@rule("orgun1983:mi24")
def test_mi24_reading_is_the_same_alone_or_beside_ground_units(table):
    # fails on 1.x: alone the Mi-24 could not fly into 28 (Mujahideen there), in a group with R1
    # it could, and then it moved at ground costs
    from .conftest import Table

    t = table.place(H1=19, R1=19, K1=28, W2=40).control(MUJ, 28).start(initiative=DRA)
    t.do(Activate(19), ChooseMove(), Pick("R1"))
    assert set(t.legal()) == {Go()}  # the Mi-24 cannot join a ground party
    t.do(Go(), Stop())
    t.do(Pick("H1"), Go(), Step(28))  # it flies into the Mujahideen's area: its move ends there
    assert t.unit("H1").area == 28 and isinstance(t.state.top, Attack)  # 28 is theirs: compulsory
    never = Table(table.rules.with_readings(mi24_enters_mujahideen_areas=False))
    never.place(H1=19, R1=19, K1=28, W2=40).start(initiative=DRA)
    never.do(Activate(19), ChooseMove(), Pick("H1"), Go())
    assert 28 not in {a.area for a in never.legal() if isinstance(a, Step)}


@rule("orgun1983:mi24")
def test_mi24_fights_beside_dra_units_and_is_not_stacked(table):
    t = table.place(R1=19, R2=19, T6=19, H1=19, J1=19, W2=40).control(DRA, 19).start()
    assert stack_count(t.rules, t.state, 19, DRA) == 3
    t.roll(1, 1)
    t.do(Activate(19), ChooseAttack(), Pick("J1"), Go(), Done(), Done())
    c = t.events(CombatResolved)[-1]
    assert c.defence == 3 + 3 + 6 + 3 + 2  # two rifle bns, T-62, Mi-24, the area modifier of 19


# -- review additions: every initiative modifier on its own ------------------------------------------
@rule("orgun1983:initiative")
@pytest.mark.parametrize("turn,muj,dra,faces,holder,totals,winner", [
    (7, (19,), (), (4, 4), DRA, (5, 4), MUJ),      # M +1 for 19
    (7, (32,), (), (3, 4), DRA, (5, 4), MUJ),      # M +2 for 32
    (6, (32,), (), (3, 4), DRA, (3, 4), DRA),      # no modifier before turn 7
    (7, (), (19,), (4, 4), MUJ, (4, 4), MUJ),      # DRA needs both 19 and 32 -- a tie, the holder keeps it
    (7, (), (19, 32), (4, 4), MUJ, (4, 5), DRA),   # DRA +1 with both
    (10, (), (19, 32), (5, 4), DRA, (5, 5), DRA),  # a modified tie: the holder keeps it
])
def test_each_initiative_modifier(table, turn, muj, dra, faces, holder, totals, winner):
    t = table.place(J1=40, R1=1).control(MUJ, *muj).control(DRA, *dra).roll(*faces)
    t.start(turn=turn, phase="initiative", initiative=holder)
    e = initiative(t)
    assert (e.muj_total, e.dra_total, e.side) == (*totals, winner)


@rule("orgun1983:initiative")
def test_captured_reading_current_control_or_ever(table):
    from .conftest import Table

    # the Mujahideen took 32 earlier; DRA has it back now
    t = table.place(J1=40, R1=1).control(MUJ, 32).control(DRA, 32).roll(3, 4)
    t.start(turn=7, phase="initiative", initiative=DRA)
    assert (initiative(t).muj_total, initiative(t).side) == (3, DRA)
    v = Table(table.rules.with_readings(initiative_capture_is_current_control=False))
    v.place(J1=40, R1=1).control(MUJ, 32).control(DRA, 32).roll(3, 4)
    v.start(turn=7, phase="initiative", initiative=DRA)
    assert (initiative(v).muj_total, initiative(v).side) == (5, MUJ)


@rule("orgun1983:victory-auto")
def test_both_automatic_conditions_at_once(table):
    from .conftest import Table

    def situation(t):
        t.place(J1=32, J2=28, Z1=38, R1=1, W1=41)
        for uid in ("K1", "K2", "K3", "W2", "W3", "W4"):  # Kharoti and Waziri wiped out
            t.place(**{uid: 35})
            t.ctx.emit(UnitEliminated(uid, "test"))
        t.ctx.emit(UnitEliminated("W1", "test"))
        return t.control(MUJ, 32, 28).start(turn=8, phase="victory")

    assert result(situation(table)).winner == MUJ
    flipped = situation(Table(table.rules.with_readings(muj_auto_checked_first=False)))
    assert result(flipped).winner == DRA and "kharoti" in result(flipped).reason


@rule("orgun1983:reinforcements")
def test_an_entry_area_outside_the_list_is_refused_and_changes_nothing(table):
    from tabletop_core.errors import IllegalActionError

    t = table.place(J1=22, R1=1).pending("waziri_lashkar").roll(5)
    t.start(turn=3, phase="cards", initiative=MUJ)
    before = len(t.game.events)
    with pytest.raises(IllegalActionError) as refused:
        t.do(EnterAt(24))  # Gayan borders 40 but is not an entry area of the group
    assert "EnterAt(area=24)" in str(refused.value) and "pick the entry area" in str(refused.value)
    assert len(t.game.events) == before and "W3" not in t.state.units
    t.do(EnterAt(41))
    assert t.unit("W3").area == 41
