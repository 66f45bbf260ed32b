"""What each player is shown (``Rules.observe``, ``view.py``): the pending procedure step is its
frame's fields as ``attrs.asdict`` gives them, and the other side's hidden units show only their
side and size (# FUBAR hidden), at every decision of played games, for both agents."""
from __future__ import annotations

import attrs
import pytest

from tabletop_core import agents_for, new_game
from tabletop_core.agents import AgentView


def _views_of_played_games():
    for scenario, agents in (("recovery-team", "fubar,random"), ("meeting-engagement", "random,fubar"),
                             ("cordon-and-search", "fubar,fubar")):
        game = new_game("fubar", scenario, seed=5, variants=("lwtv",) if scenario == "cordon-and-search" else ())
        seats = agents_for(game, agents)
        while not game.over:
            yield game
            d = game.decision
            game.apply(seats[d.player].choose(AgentView(game, d.player, d)))


@pytest.mark.rule("fubar:hidden")
def test_the_view_shows_the_pending_frame_as_asdict_and_hides_what_it_must():
    frames = set()
    for game in _views_of_played_games():
        state, top = game.state, game.state.top
        for player in (None, "isaf", "insurgents"):
            view = game.observe(player)
            if top is None:
                assert view["pending"] is None
            else:
                assert view["pending"] == [top.TAG, attrs.asdict(top)]
                frames.add(top.TAG)
            for uid, u in state.units.items():
                shown = view["units"][uid]
                if player is not None and u.side != player and u.hidden:
                    assert shown == {"side": u.side, "hidden": True, "figures": len(u.figures)}
                else:
                    assert shown["figures"] == [[f.id, f.x, f.y, f.weapon, f.suppressed, f.leader] for f in u.figures]
    assert {"Activated", "Choosing", "AllocateHits"} <= frames
