"""The activation sequence's menu (# FUBAR activation-sequence) and the activated unit's step one,
built from kept values, against the plain rules at every decision of played games."""
from __future__ import annotations

import pytest

from tabletop_core import agents_for, new_game
from tabletop_core.agents import AgentView

from rules_fubar import close_combat as cc
from rules_fubar import fire as fire_mod
from rules_fubar import move_allowance, movement, targeting, transport
from rules_fubar.activation import units_to_try
from rules_fubar.state import Activate, Activated, Choose, GoOnGuard, GoToGround, Spot, Walk


@pytest.mark.rule("fubar:activation-sequence")
@pytest.mark.parametrize("scenario,variants", [
    ("meeting-engagement", ()), ("recovery-team", ("lwtv",)), ("cordon-and-search", ()),
])
def test_menus_built_from_kept_values_are_the_plain_ones_in_play(scenario, variants):
    """Who may try next is the player's units not yet tried, in the state's order, whatever games
    came before (the menu is kept per player and units left); step one (built in one pass over the
    units, ``action_menu._offers``) is the plain list: Spot at every hidden enemy until the unit
    has spotted, Walk, the move modes, On Guard, then Go to Ground, fire, assault and boarding
    exactly when their plain tests say so."""
    seen = {"activate": 0, "ground": set(), "fire": set(), "assault": set(), "embark": set(), "spot": set()}
    for seed in (3, 4):
        game = new_game("fubar", scenario, seed=seed, variants=variants)
        seats = agents_for(game, "random,random")
        while not game.over:
            state, d = game.state, game.decision
            top = state.top
            if top is None and state.phase == "activation":
                want = tuple(Activate(uid) for uid, u in state.units.items()
                             if u.side == d.player and u.alive and not u.attempted
                             and not targeting.engaged(state, uid))
                assert d.actions == want and list(want) == [Activate(x) for x in units_to_try(state, d.player)]
                assert d.player == state.current
                seen["activate"] += 1
            elif type(top) is Activated and not state.units[top.unit].carried_by:
                u = state.units[top.unit]
                ground = not u.vehicle and movement.go_to_ground_vector(game.rules, u) is not None
                fire = bool(targeting.fire_targets(game.rules, state, u))
                assault = bool(cc.assault_targets(game.rules, state, u))
                embark = bool(transport.embark_options(game.rules, state, u))
                spots = [] if top.spotted else [Spot(t) for t in fire_mod.spot_targets(game.rules, state, u)]
                plain = [*spots, Walk(), *(Choose(k) for k in move_allowance.move_modes(u, top)), GoOnGuard()]
                plain += [GoToGround()] if ground else []
                plain += [Choose("fire")] if fire else []
                plain += [Choose("assault")] if assault else []
                plain += [Choose("embark")] if embark else []
                assert d.actions == tuple(plain)
                seen["ground"].add(ground)
                seen["fire"].add(fire)
                seen["assault"].add(assault)
                seen["embark"].add(embark)
                seen["spot"].add(bool(spots))
            game.apply(seats[d.player].choose(AgentView(game, d.player, d)))
    assert seen["activate"] > 50
    assert seen["ground"] == {True, False} and seen["fire"] == {True, False}
    if scenario != "meeting-engagement":  # hidden insurgents to spot, vehicles to board
        assert seen["spot"] == {True, False}
    if scenario == "recovery-team":
        assert seen["embark"] == {True, False}
