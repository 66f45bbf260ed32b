"""The activation sequence's menu (# FUBAR activation-sequence) and the activated unit's step one,
built from kept values, against the plain rules at every decision of played games."""
from __future__ import annotations

import pytest

from tabletop_core import agents_for, new_game
from tabletop_core.agents import AgentView

from rules_fubar import close_combat as cc
from rules_fubar import movement, targeting
from rules_fubar.activation import units_to_try
from rules_fubar.state import Activate, Activated, Choose, GoToGround


@pytest.mark.rule("fubar:activation-sequence")
@pytest.mark.parametrize("scenario,variants", [("meeting-engagement", ()), ("recovery-team", ("lwtv",))])
def test_menus_built_from_kept_values_are_the_plain_ones_in_play(scenario, variants):
    """Who may try next is the player's units not yet tried, in the state's order, whatever games
    came before (the menu is kept per player and units left); step one offers Go to Ground, fire
    and assault exactly when their plain tests say so."""
    seen = {"activate": 0, "ground": set(), "fire": set(), "assault": set()}
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
                assert (GoToGround() in d.actions) == ground
                assert (Choose("fire") in d.actions) == fire
                assert (Choose("assault") in d.actions) == assault
                seen["ground"].add(ground)
                seen["fire"].add(fire)
                seen["assault"].add(assault)
            game.apply(seats[d.player].choose(AgentView(game, d.player, d)))
    assert seen["activate"] > 50
    assert seen["ground"] == {True, False} and seen["fire"] == {True, False}
