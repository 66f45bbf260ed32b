"""The Reserve Phase (GoE 5f)."""
import pytest
from tabletop_core import agents_for, new_game
from tabletop_core.agents import AgentView
from tabletop_core.errors import IllegalActionError

from rules_goe85.model.actions import Decline, Declined, EndReserve, PickReserveUnit, ReserveMove
from rules_goe85.model.events import BarrageSet
from rules_goe85.model.frames import ReserveDestination, ReserveFrame
from rules_goe85.procedures.reserve.leg_moves import movers, reserve_moves
from rules_goe85.queries.board import board_for

from ...helpers import RULES, reserve_ground_vehicles, reserve_move, reserve_moves_of
from ...refpos import arrange, fresh


B = board_for("your-papers-please")


def _dests(g, uid):
    return {a.to for a in reserve_moves_of(g, uid)}


@pytest.mark.rule("goe85:5f")
def test_reserve_moves_two_mp_far_from_the_enemy_one_near():
    g = fresh("your-papers-please")
    arrange(g, [("M1", "muj-rifle-intensive", "mujahideen", "5A7"), ("M2", "muj-rifle-intensive", "mujahideen", "5J1"),
                ("S1", "sov-rifle-intensive", "soviet", "5J3")])
    moves = reserve_moves(RULES, g.state, "mujahideen", ())
    b = board_for(g.state.scenario)
    far = {m.to for m in moves if m.unit == "M1"}
    near = {m.to for m in moves if m.unit == "M2"}
    assert all(b.distance(b.hex("5A7"), b.hex(x)) <= 2 for x in far) and any(
        b.distance(b.hex("5A7"), b.hex(x)) == 2 for x in far)
    assert all(b.distance(b.hex("5J1"), b.hex(x)) == 1 for x in near)


@pytest.mark.rule("goe85:5f")
@pytest.mark.rule("goe85:7c")
@pytest.mark.rule("goe85:12b")
@pytest.mark.rule("goe85:21e")
def test_reserve_allowances_for_leg_units():
    g = fresh()
    units = [("S1", "sov-rifle-intensive", "soviet", "5C2"),
             ("S2", "sov-rifle-intensive", "soviet", "", {"entry": 1}),
             ("S3", "spetsnaz", "soviet", "5H0"),
             ("S4", "sov-rifle-intensive", "soviet", "5J6"),
             ("S5", "sov-rifle-intensive", "soviet", "5I6", {"shaken": True}),
             ("S6", "sov-rifle-intensive", "soviet", "5B1", {"shaken": True}),
             ("M1", "muj-rifle-intensive", "mujahideen", "5K8")]
    arrange(g, units, frames=[ReserveFrame("soviet")], phase="reserve")
    # far from the enemy: 2 MP; 5C4 is two clear hexes down the column
    assert {"5C3", "5C4"} <= _dests(g, "S1")
    # a Barrage in 5C3 costs 1 + 2 MP (12b): 5C3 only as the one-hex minimum move (7c), not beyond
    arrange(g, units, frames=[ReserveFrame("soviet")], phase="reserve",
            extra=lambda c: c.emit(BarrageSet((B.hex("5C3"),))))
    assert "5C3" in _dests(g, "S1") and "5C4" not in _dests(g, "S1")
    # an entering reinforcement pays its edge hex out of the 2 MP and may go one clear hex further
    s2 = _dests(g, "S2")
    assert "5C0" in s2 and "5C1" in s2 and "5C2" not in s2
    # 21e: a Pathfinder pays 1 MP a hex: 5H1 then the woods of 5H2
    assert "5H2" in _dests(g, "S3")
    # within three hexes of an enemy: 1 MP, but 7c lets it into any enterable neighbour (5K6 rough)
    s4 = _dests(g, "S4")
    assert s4 == {B.label(n) for n in B.neighbours[B.hex("5J6")] if n in B.board and n != B.hex("5K8")}
    assert "5K6" in s4
    assert _dests(g, "S5") == set()  # Shaken within three hexes: no move
    s6 = _dests(g, "S6")  # Shaken far away: 1 MP
    assert "5B2" in s6 and "5B3" not in s6


@pytest.mark.rule("goe85:5f")
@pytest.mark.rule("goe85:18q")
def test_a_concealed_unit_moving_in_the_reserve_phase_gives_its_hex_away():
    g = fresh()
    arrange(g, [("S1", "sov-rifle-intensive", "soviet", "5J0"),
                ("M1", "muj-rifle-concealed", "mujahideen", "5A3", {"concealed": True}),
                ("M2", "muj-rifle-concealed", "mujahideen", "5A3", {"concealed": True})],
            frames=[ReserveFrame("soviet")], phase="reserve")
    g.apply(EndReserve())
    assert g.decision.player == "mujahideen"
    reserve_move(g, reserve_moves_of(g, "M1")[0])
    assert not g.state.units["M1"].concealed and not g.state.units["M2"].concealed


# -- the choice in two steps: the unit, then where it goes ------------------------------------------
@pytest.mark.rule("goe85:5f")
def test_the_reserve_choice_asks_for_the_unit_then_its_destination_and_back_changes_nothing():
    g = fresh()
    arrange(g, [("S1", "sov-rifle-intensive", "soviet", "5C2"),
                ("S5", "sov-rifle-intensive", "soviet", "5I6", {"shaken": True}),  # Shaken near the enemy: no move
                ("M1", "muj-rifle-intensive", "mujahideen", "5K8")],
            frames=[ReserveFrame("soviet")], phase="reserve")
    first = g.decision.actions
    assert PickReserveUnit("S1") in first and PickReserveUnit("S5") not in first  # no dead end offered
    assert not any(isinstance(a, ReserveMove) for a in first) and first[-1] == EndReserve()
    g.apply(PickReserveUnit("S1"))
    assert isinstance(g.state.top, ReserveDestination) and g.decision.player == "soviet"
    second = g.decision.actions
    assert {a.unit for a in second if isinstance(a, ReserveMove)} == {"S1"} and Decline(Declined.BACK) in second
    assert {"5C3", "5C4"} <= {a.to for a in second if isinstance(a, ReserveMove)}
    units = dict(g.state.units)
    g.apply(Decline(Declined.BACK))  # the wrong unit picked: choose again, nothing has moved
    assert g.state.units == units and g.state.top == ReserveFrame("soviet") and g.decision.actions == first
    g.apply(PickReserveUnit("S1"))
    g.apply(ReserveMove("S1", "5C4"))
    assert g.state.units["S1"].hex == B.hex("5C4") and g.state.top == ReserveFrame("soviet", ("S1",))
    assert PickReserveUnit("S1") not in g.decision.actions  # 5f: one move a unit


@pytest.mark.rule("goe85:5f")
def test_the_first_step_refuses_a_destination_and_the_second_another_units_move():
    g = fresh()
    arrange(g, [("S1", "sov-rifle-intensive", "soviet", "5C2"), ("S2", "sov-rifle-intensive", "soviet", "5E2"),
                ("M1", "muj-rifle-intensive", "mujahideen", "5K8")],
            frames=[ReserveFrame("soviet")], phase="reserve")
    before = g.digest()
    with pytest.raises(IllegalActionError):
        g.apply(ReserveMove("S1", "5C3"))  # the unit is picked first
    assert g.digest() == before
    g.apply(PickReserveUnit("S1"))
    picked = g.digest()
    with pytest.raises(IllegalActionError):
        g.apply(ReserveMove("S2", "5E3"))  # not the unit picked
    assert g.digest() == picked


@pytest.mark.rule("goe85:5f")
@pytest.mark.rule("goe85:17b")
@pytest.mark.rule("goe85:scenario:kill-zone")
@pytest.mark.parametrize("scenario", ["jalalabad", "kill-zone", "air-assault"])
def test_every_unit_the_first_step_offers_has_a_move_in_play(scenario):
    """Random play through whole games: the first step offers exactly the units (leg units,
    vehicles, helicopters, Kill Zone's road-bound vehicles) that have a destination in the second."""
    game_ = new_game("goe85", scenario, seed=3)
    seats = agents_for(game_, "random,random")
    picks = 0
    while not game_.over:
        d = game_.decision
        top = game_.state.top
        if isinstance(top, ReserveFrame):
            offered = {a.unit for a in d.actions if isinstance(a, PickReserveUnit)}
            for u in movers(game_.state, top.side, top.moved):  # and every unit with a move is offered
                trial = game_.clone(keep_history=False)
                trial.referee(lambda c, uid=u.uid: c.push(ReserveDestination(top.side, uid)))
                has_move = any(isinstance(m, ReserveMove) for m in trial.decision.actions)
                assert (u.uid in offered) == has_move, u.uid
            picks += len(offered)
        game_.apply(seats[d.player].choose(AgentView(game_, d.player, d)))
    assert picks


# -- a vehicle's first step (7b, 15d): it may move if it can pivot and then enter a hex -------------
def _vehicle_pick(blockers, *, enemy: str):
    """A BTR-70 ``V`` in 5B4 facing vertex 0 (its front hexes 5B3 and 5C4), friendly BTR-70s in
    ``blockers`` (one vehicle a hex, 9), a Mujahideen Rifle in ``enemy``: the Reserve Phase's first
    step and ``V``'s destinations."""
    g = fresh()
    units = [("V", "btr-70", "soviet", "5B4", {"facing": 0})]
    units += [(f"W{i}", "btr-70", "soviet", h, {"facing": 0}) for i, h in enumerate(blockers)]
    arrange(g, units + [("M1", "muj-rifle-intensive", "mujahideen", enemy)], frames=[ReserveFrame("soviet")],
            phase="reserve")
    return PickReserveUnit("V") in g.decision.actions, {a.to for a in reserve_moves_of(g, "V")}


@pytest.mark.rule("goe85:5f")
@pytest.mark.rule("goe85:7b")
@pytest.mark.rule("goe85:15d")
def test_a_vehicle_with_its_front_hexes_full_may_pivot_and_move_within_its_reserve_allowance():
    """Far from the enemy (3 MP): one vertex pivoted (1 MP) and one clear hex (1 MP) take it out of
    5B4 though both front hexes hold a vehicle; reversing costs 1 MP more (15d).  Within three hexes
    of the enemy (1 MP) the pivot alone spends it: not offered.  Boxed in on all six sides, it is
    never offered (the first step offers no dead end)."""
    offered, dests = _vehicle_pick(["5B3", "5C4"], enemy="5K8")
    assert offered and dests and not dests & {"5B3", "5C4"}
    assert {"5C5", "5A4"} <= dests  # the hexes beside the blocked front, one vertex away
    offered, dests = _vehicle_pick(["5B3", "5C4"], enemy="5E4")  # 5E4: three hexes from 5B4
    assert B.distance(B.hex("5B4"), B.hex("5E4")) == 3
    assert not offered and not dests
    offered, dests = _vehicle_pick(["5B3", "5C4", "5C5", "5B5", "5A5", "5A4"], enemy="5K8")
    assert not offered and not dests


@pytest.mark.rule("goe85:7b")
@pytest.mark.rule("goe85:15d")
@pytest.mark.parametrize("budget", [1, 2, 3])
def test_a_vehicles_first_steps_are_the_hexes_next_to_it_its_search_enters_and_at_the_same_price(budget):
    """The first step's answer for a vehicle (leg_moves._first_entries: pivots at 1 MP a vertex,
    a reverse at 1 MP more, read from a table) is what the reserve search itself finds next to it."""
    from tabletop_core.boards import reachable_vehicle
    from rules_goe85.procedures.reserve.leg_moves import _first_entries

    board = B.board
    costs = {"clear": 1, "woods": 2}
    for h in list(board.hexes)[::37]:
        def cost(a, b):
            return costs.get(B.row(b).kind, 3 if (b[0] + b[1]) % 5 else None)
        for v0 in range(6):
            reach = reachable_vehicle(board, h, v0, budget, cost)
            searched: dict = {}
            for (x, _), c in reach.items():
                if x in B.neighbours[h]:
                    searched[x] = min(c, searched.get(x, c))
            listed = {x: spent for x, _, spent in _first_entries(B.sides(h), h, v0, budget, cost)}
            assert listed == searched, (B.label(h), v0)


@pytest.mark.rule("goe85:5f")
@pytest.mark.rule("goe85:scenario:kill-zone")
def test_a_vehicles_reach_on_the_terrain_alone_holds_every_hex_its_reserve_search_reaches():
    """leg_moves._terrain_reach (the bound the first step reads before searching on for a Kill Zone
    vehicle its road limit holds back): in random Kill Zone Reserve Phases, every hex a vehicle's
    reserve search reaches -- units, enemies, near-enemy stops and Wire in its way -- lies in it."""
    from tabletop_core.boards import reachable_vehicle
    from rules_goe85.procedures.reserve.leg_moves import _budget, _step_cost, _terrain_reach
    from rules_goe85.queries import leg_reserve
    from rules_goe85.queries.facing import facing_of
    from rules_goe85.queries.units import utype

    checked = 0
    for state, at, u in reserve_ground_vehicles("kill-zone", 4, 400):
        near = u.hex in at.near_zone
        budget, mc = _budget(u, near), utype(u).move_class
        least = leg_reserve.least_entry_cost(at.board.tec, mc)
        v0 = facing_of(state, u)
        reach = reachable_vehicle(at.board.board, u.hex, v0, budget, _step_cost(state, u, at),
                                  must_stop=None if near else at.near_zone, least_step=least)
        assert {h for h, _ in reach if h != u.hex} <= _terrain_reach(at.board, u.hex, v0, budget, mc, least)
        checked += 1
    assert checked


@pytest.mark.rule("goe85:5f")
@pytest.mark.rule("goe85:7b")
@pytest.mark.rule("goe85:9")
@pytest.mark.rule("goe85:23c")
@pytest.mark.parametrize("scenario,seed", [("kill-zone", 3), ("jalalabad", 2), ("tanks-at-zhawar", 1)])
def test_a_vehicles_first_step_tried_in_place_answers_as_its_first_entries_do(scenario, seed):
    """leg_moves.vehicle_may_step (the pick step's test for a ground vehicle on the map) in random
    Reserve Phases -- units and enemies next to it, near-enemy allowances, Zhawar's Wire -- says a
    vehicle may move exactly when may_move, through its cost function and first entries, does."""
    from rules_goe85.model.occupancy import by_hex
    from rules_goe85.procedures.reserve.leg_moves import may_move, vehicle_may_step

    answers = []
    for state, at, u in reserve_ground_vehicles(scenario, seed, 400):
        answer = vehicle_may_step(state, u, at, by_hex(state))
        assert answer == may_move(RULES, state, u, at), (u.uid, u.hex)
        answers.append(answer)
    assert answers and any(answers)
