"""The hot paths' shortcuts give the plain rule's answers, on positions from real play.

Each shortcut (control changes read area by area, step costs worked out in the menu's loop, the
heuristic agent's kept distances and looked-up weights) is compared, at every decision of seeded
games and after every move they make, with the rule written out the plain way."""
from __future__ import annotations

import pytest

from rules_orgun1983.actions import Move
from rules_orgun1983.agents import FIXED_WEIGHT, READS_TABLE, OrgunAgent
from rules_orgun1983.movement import legal_steps, step_cost
from rules_orgun1983.queries import control_changes, party_can_enter, sole_controllers
from rules_orgun1983.rules import SCENARIO, OrgunRules
from rules_orgun1983.state import other
from tabletop_core import Game, agents_for
from tabletop_core.agents import AgentView

rule = pytest.mark.rule


def played(rules, seed: int, agents: str = "random,random"):
    """Yield (game, view) at every decision of a seeded game, then play the agent's choice."""
    game = Game.start(rules, SCENARIO, seed=seed)
    seats = agents_for(game, agents)
    while not game.over:
        decision = game.decision
        view = AgentView(game, decision.player, decision)
        yield game, view
        game.apply(seats[decision.player].choose(view))


def plain_steps(R, state, frame: Move) -> list[tuple[int, int]]:
    """The legal steps the plain way: every neighbour, the leaving rule, the units' limits and
    step_cost, against what is left of the budget."""
    here, side = frame.here, frame.side
    group = tuple(u for u in frame.units if u in state.units and state.units[u].area == here)
    if not group:
        return []
    enemy = other(side)
    contested = here in state.at[enemy]
    out = []
    for to in R.data.area_map.neighbours(here):
        if contested and state.control.get(to) == enemy:
            continue
        if frame.flying:
            if to in state.at[enemy] and not R.readings.mi24_enters_mujahideen_areas:
                continue
        elif not party_can_enter(R, state, group, here, to):
            continue
        cost = step_cost(R, state, side, here, to, frame.flying)
        if cost <= frame.budget - frame.used:
            out.append((to, cost))
    return out


@rule("orgun1983:control")
@pytest.mark.parametrize("leaders_control", [False, True])
def test_control_changes_are_the_sole_controllers_the_control_lacks(leaders_control):
    rules = OrgunRules().with_readings(control_by_leaders=leaders_control)
    changed = 0
    for seed in (4, 11):
        for game, _view in played(rules, seed):
            state = game.state
            plain = sorted(sole_controllers(rules, state).items() - state.control.items())
            found = control_changes(rules, state)
            assert found == plain
            changed += bool(found)
    assert changed  # some positions (mid-move, mid-raid) do wait for a sync


@rule("orgun1983:move-cost")
@pytest.mark.parametrize("seed", [5, 13, 21])
def test_the_step_menu_costs_each_step_as_step_cost_does(seed):
    rules = OrgunRules()
    menus = 0
    for game, _view in played(rules, seed):
        stack = game.state.stack
        if stack and isinstance(stack[-1], Move) and not stack[-1].checks:
            assert legal_steps(rules, game.state, stack[-1]) == plain_steps(rules, game.state, stack[-1])
            menus += 1
    assert menus > 50


@rule("orgun1983:activation")
@pytest.mark.parametrize("seed", [2, 8])
def test_the_agents_kept_distances_and_fixed_weights_are_what_it_would_work_out(seed):
    rules = OrgunRules()
    hops = rules.lookups.hops
    looked_up = 0
    for game, view in played(rules, seed, "orgun,orgun"):
        agent = OrgunAgent(seed=seed, player=view.player, rules=rules)
        obs = view.observation
        wanted = agent._wanted(obs)
        kept = agent._distances(wanted)
        assert kept is agent._distances(wanted)  # asked again: the same answer, kept
        for area in rules.data.area_map:
            assert kept[area] == (min(hops[area].get(g, 99) for g in wanted) if wanted else 0)
        pending = obs["pending"]
        frame = pending[-1] if pending else None
        for action in view.decision.actions:
            weight = agent._weight(action, wanted, frame)
            if type(action) not in READS_TABLE:
                assert FIXED_WEIGHT.get(type(action), 1.0) == weight
                looked_up += 1
    assert looked_up > 100


def test_positional_makers_make_the_values_attrs_makes():
    import attrs

    from rules_orgun1983.actions import MoveEnd, Select, make_move, make_move_end, make_select
    from rules_orgun1983.state import Unit, make_unit
    from rules_orgun1983.value_makers import positional_maker

    pairs = [
        (make_unit("K1", "muj", 35, 2, True, False, False), Unit("K1", "muj", 35, 2, True)),
        (make_move("dra", ("C2", "C3"), 7, 10, 8, 4, ("stop",), False, (10, 7)),
         Move("dra", ("C2", "C3"), 7, 10, 8, 4, ("stop",), False, (10, 7))),
        (make_move_end("muj", 19, ("K1",), "stack"), MoveEnd("muj", 19, ("K1",))),
        (make_select("dra", 15, "attack", ("C1",), 0), Select("dra", 15, "attack", ("C1",))),
    ]
    for made, plain in pairs:
        assert type(made) is type(plain) and made == plain and hash(made) == hash(plain) and repr(made) == repr(plain)
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            made.side = "x"  # as frozen as the attrs-made value

    @attrs.frozen
    class Checked:
        n: int = attrs.field(validator=attrs.validators.instance_of(int))

    with pytest.raises(TypeError, match="validator"):
        positional_maker(Checked)  # it would skip the check: refused


@rule("orgun1983:activation")
@pytest.mark.parametrize("seed", [3, 17])
def test_kept_menus_are_the_menus_built_afresh(seed):
    from rules_orgun1983.kept_answers import KeptAnswers

    rules = OrgunRules()
    afresh = OrgunRules()
    afresh.menus = KeptAnswers(limit=0)  # keeps nothing: every menu built from the state
    kept = 0
    for game, view in played(rules, seed):
        plain = afresh.decision(game.state)
        assert plain == view.decision
        kept += plain is not view.decision and len(rules.menus) > 0
    assert not afresh.menus  # nothing was kept there
    assert kept > 100 and 0 < len(rules.menus) < 2_000


def test_kept_answers_are_bounded():
    from tabletop_core import Decision

    from rules_orgun1983.actions import PASS
    from rules_orgun1983.kept_answers import KeptAnswers

    menus = KeptAnswers(limit=3)
    for n in range(7):
        menus.keep(("activate", "muj", n), Decision("muj", (PASS,), ""))
        assert len(menus) <= 3
    assert ("activate", "muj", 6) in menus and ("activate", "muj", 0) not in menus


@rule("orgun1983:supply")
@pytest.mark.parametrize("seed", [6, 19])
def test_kept_supply_networks_are_the_networks_traced_afresh(seed):
    from rules_orgun1983.kept_answers import KeptAnswers
    from rules_orgun1983.sequence import supplied_areas

    rules = OrgunRules()
    afresh = OrgunRules()
    afresh.supply_kept = KeptAnswers(limit=0)
    asked = 0
    for game, _view in played(rules, seed):
        if game.state.phase != "action" or game.state.stack:
            continue
        for side in ("muj", "dra"):
            assert supplied_areas(rules, game.state, side) == supplied_areas(afresh, game.state, side)
            asked += 1
    assert asked > 100 and rules.supply_kept and not afresh.supply_kept
