"""The suggested moves a menu hands out are shared values (``move_menu._suggested``): on positions
from real play, after moves as well, every move of every step-two move menu is the move its fields
name, built anew (equal, same fields, same log text), and a menu worked out with the cache emptied
is the same menu (# FUBAR actions: the suggested moves)."""
from __future__ import annotations

import attrs
import pytest

from tabletop_core import new_game
from tabletop_core.agents import AgentView, RandomAgent

from rules_fubar import move_allowance, move_menu
from rules_fubar.action_menu import MOVE_KINDS
from rules_fubar.state import Choosing, Move


@pytest.mark.rule("fubar:actions")
@pytest.mark.parametrize("scenario,variants", [("meeting-engagement", ()), ("recovery-team", ("lwtv",))])
def test_shared_suggested_moves_are_the_moves_built_anew(scenario, variants):
    menus = 0
    for seed in range(3):
        game = new_game("fubar", scenario, seed=seed, variants=variants)
        seats = {p: RandomAgent(seed=seed, player=p) for p in game.rules.players}
        while not game.over:
            d = game.decision
            state, top = game.state, game.state.top
            if type(top) is Choosing and top.kind in MOVE_KINDS:
                moves = [a for a in d.actions if type(a) is Move]
                for m in moves:
                    fresh = Move(*attrs.astuple(m))
                    assert m == fresh and attrs.astuple(m) == attrs.astuple(fresh) and repr(m) == repr(fresh)
                u = state.units[top.unit]
                allowances = move_allowance.allowance(u, move_allowance.acting_frame(state), top.kind)
                move_menu._suggested.cache_clear()
                assert move_menu.move_options(game.rules, state, u, top.kind, allowances) == moves
                menus += 1
            game.apply(seats[d.player].choose(AgentView(game, d.player, d)))
    assert menus > 20, menus
    one = move_menu._suggested("run", "away", "", True, "")
    assert one is move_menu._suggested("run", "away", "", True, "") and one == Move("run", "away", half=True)
