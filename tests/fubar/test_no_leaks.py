"""What a FUBAR player is offered and shown does not depend on where the enemy's hidden units are
(issue 17, item 2): Spot is offered at every hidden enemy and the roll settles sight, suggested
moves steer clear only of On Guard units the mover can see, the insurgent reserves are public, and
a reaction's vehicle damage is rolled by the facing where the shot caught the vehicle.  The
conformance kit's non-interference checks pass on every scenario, base and LWTV."""
from __future__ import annotations

import pytest

from tabletop_core import Game, default_host, new_game
from tabletop_core.testing import check_leaks

from rules_fubar.measure import centroid, facing
from rules_fubar.state import Decline, Move, MoveFigures, ReactFire, ReservesUsed, Spot, UnitRevealed, VehicleDamaged, Walk

from .helpers import activate, designate_hideouts, events_of, lab, offered, place, take

SEEDS = range(4)

#: From the activated unit at (42, 46): a hidden unit at NEAR is in its line of sight, at FAR it is not.
NEAR, FAR = (34, 18), (12, 14)


def _spotter_facing(hidden_at):
    """An ISAF unit activated with one hidden insurgent unit at ``hidden_at``; its owner's decision."""
    game = lab()
    place(game, "ft1", "a", "isaf", 42, 46)
    place(game, "taliban-green", "h", "insurgents", *hidden_at, hidden=True)
    return game, activate(game, "a")


@pytest.mark.rule("fubar:hidden")
def test_spot_is_offered_at_a_hidden_enemy_wherever_it_is():
    near_game, near = _spotter_facing(NEAR)
    far_game, far = _spotter_facing(FAR)
    m = near_game.rules.measure_for(near_game.state.units["a"])
    assert m.sees(near_game.state.units["a"], near_game.state.units["h"])
    assert not m.sees(far_game.state.units["a"], far_game.state.units["h"])
    # the menu is the same whether the hidden unit is in sight or not: it tells nothing of where it is
    assert Spot("h") in near.actions and near.actions == far.actions
    assert near_game.observe("isaf") == far_game.observe("isaf")


@pytest.mark.rule("fubar:hidden")
def test_a_spot_roll_reveals_only_a_unit_in_sight_and_a_miss_looks_the_same_either_way():
    results = {}
    for where, face in (("near", 6), ("far", 6), ("near", 2)):
        game, _decision = _spotter_facing(NEAR if where == "near" else FAR)
        start = len(game.events)
        game.force_faces([face])
        game.apply(Spot("h"))
        revealed = bool(events_of(game, UnitRevealed, start))
        assert revealed == (not game.state.units["h"].hidden)
        assert not any(type(x) is Spot for x in game.decision.actions)  # one attempt an activation
        results[where, face] = revealed, game.decision.actions, [e.redact("isaf") for e in game.events[start:]]
    assert results["near", 6][0] and not results["far", 6][0] and not results["near", 2][0]
    # out of sight, a passing roll shows ISAF what a failed one does (bar the die's face)
    far_pass, near_miss = results["far", 6], results["near", 2]
    assert far_pass[1] == near_miss[1]
    assert [type(e) for e in far_pass[2]] == [type(e) for e in near_miss[2]]


def _mover_facing_guard(hidden: bool, at=(6, 38)):
    """The suggested runs of an ISAF unit in the open at (42, 40) activated with an insurgent On Guard unit in cover at
    ``at``, whose field of fire covers the run toward the compound (the nearest objective)."""
    game = lab()
    place(game, "ft1", "a", "isaf", 42, 40)
    place(game, "taliban-green", "g", "insurgents", *at, on_guard=True, hidden=hidden)
    activate(game, "a")
    return offered(game, "run")


@pytest.mark.rule("fubar:on-guard")
def test_suggested_moves_steer_round_a_seen_on_guard_unit_but_not_round_a_hidden_one():
    screened = [a for a in _mover_facing_guard(hidden=False) if getattr(a, "kind", "") == "screened"]
    assert screened  # a seen On Guard unit: a run turned out of its field of fire is suggested
    hidden_there = _mover_facing_guard(hidden=True)
    assert not [a for a in hidden_there if getattr(a, "kind", "") == "screened"]
    # and the menu is the one offered with the hidden unit somewhere else entirely
    assert hidden_there == _mover_facing_guard(hidden=True, at=FAR)


@pytest.mark.rule("fubar:on-guard")
def test_a_hidden_on_guard_unit_is_asked_whether_it_can_react_or_not():
    seen = {}
    for name, at in (("in reach", (6, 38)), ("far", FAR)):
        game = lab()
        place(game, "ft1", "a", "isaf", 42, 40)
        place(game, "taliban-green", "g", "insurgents", *at, on_guard=True, hidden=True)
        activate(game, "a")
        start = len(game.events)
        take(game, Move("run", "objective", "compound"))
        d = game.decision
        seen[name] = d.player, d.prompt, [e.redact("isaf") for e in game.events[start:]], d.actions
        game.apply(Decline())
        assert game.state.units["g"].hidden
    # ISAF sees the same either way: the insurgents are asked, with the same words
    assert seen["in reach"][:3] == seen["far"][:3] and seen["far"][0] == "insurgents"
    assert ReactFire("g") in seen["in reach"][3] and seen["far"][3] == (Decline(),)


@pytest.mark.rule("fubar:vehicle-damage")
@pytest.mark.rule("fubar:on-guard")
def test_a_reaction_damages_a_vehicle_by_its_facing_where_the_shot_caught_it():
    """A hidden WMIK drives out of the orchard and back in; an On Guard team catches it in the open
    on its side, though from where it stops (hidden) the same shot would strike its rear."""
    game = lab()
    place(game, "wmik", "w", "isaf", 33.5, 19.0, hidden=True)
    place(game, "taliban-green", "g", "insurgents", 31, 26, on_guard=True)
    activate(game, "w")
    game.apply(Walk())
    game.apply(MoveFigures("drive", (((33.5, 22.5), (30.5, 19.5)),)))
    w, g = game.state.units["w"], game.state.units["g"]
    assert w.hidden and facing(w, centroid(g)) == "rear"
    game.force_faces([6] + [1] * 11 + [1] + [3])  # one hit of 12 dice, the save fails, damage 3
    game.apply(ReactFire("g"))
    damaged = events_of(game, VehicleDamaged)
    assert [(e.unit, e.facing, e.roll) for e in damaged] == [("w", "side", 3)]


@pytest.mark.rule("fubar:hideouts")
def test_the_insurgent_reserves_are_public():
    game = new_game("fubar", "recovery-team", seed=2)
    designate_hideouts(game)
    reserves = default_host().rules("fubar").data.scenarios["recovery-team"].reserve_figures
    assert game.observe("isaf")["reserves"] == game.observe("insurgents")["reserves"] == reserves
    # every arrival is seen: the reserves are the scenario's figures less those that arrived
    while not game.over and game.state.turn < 3:
        game.apply(game.decision.actions[0])
    used = sum(e.figures for e in game.events_for("isaf") if type(e) is ReservesUsed)
    assert used and game.observe("isaf")["reserves"] == reserves - used


@pytest.mark.rule("fubar:hidden")
@pytest.mark.parametrize("scenario", ["recovery-team", "meeting-engagement", "cordon-and-search"])
@pytest.mark.parametrize("variants", [(), ("lwtv",)])
def test_no_leak_beyond_observations(scenario, variants):
    """The kit's non-interference checks: legal actions, decision timing, the consequences of one's
    own action and refusals do not depend on what a player may not see (seed 2 of cordon-and-search
    LWTV covers a reaction at a hidden vehicle caught in the open; seed 3 of the meeting engagement
    a screened move round a hidden On Guard unit)."""
    rules = default_host().rules("fubar", variants)
    for seed in SEEDS:
        check_leaks(lambda: Game.start(rules, scenario, seed=seed), seed)
