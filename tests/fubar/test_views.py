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
                    assert shown["figures"] == [(f.id, f.x, f.y, f.weapon, f.suppressed, f.leader) for f in u.figures]
                    assert shown["damage"] == (u.stunned, u.weapon_destroyed, u.immobilised)
    assert {"Activated", "Choosing", "AllocateHits"} <= frames


def _plain_entry(u) -> dict:
    """A unit shown in full, built from the unit itself (what ``view.observation`` keeps per unit)."""
    return {
        "side": u.side, "troop": u.troop, "grade": u.grade, "hidden": u.hidden,
        "figures": [(f.id, f.x, f.y, f.weapon, f.suppressed, f.leader) for f in u.figures],
        "heading": u.heading if u.vehicle else None, "on_guard": u.on_guard, "attempted": u.attempted,
        "stance": u.stance, "damage": (u.stunned, u.weapon_destroyed, u.immobilised), "aboard": u.carried_by,
    }


@pytest.mark.rule("fubar:hidden")
def test_kept_unit_views_equal_the_units_and_no_caller_edits_another_view():
    """The units' entries are kept per unit value (``rules.unit_views``) and their order per set
    of ids (``rules.unit_orders``): at every decision of played games, after moves, fire, losses
    and arrivals, the units come in sorted order and each equals the unit as it stands, and a caller
    that edits its view (the unit dict, its figures list) changes no view given after it."""
    for game in _views_of_played_games():
        for player in ("isaf", "insurgents"):
            first = game.observe(player)
            assert list(first["units"]) == sorted(game.state.units)  # the kept order (rules.unit_orders)
            for uid, u in game.state.units.items():
                if u.side == player or not u.hidden:
                    assert first["units"][uid] == _plain_entry(u)
            for shown in first["units"].values():
                if isinstance(shown["figures"], list):
                    shown["figures"].append(("x", 0.0, 0.0, "", False, ""))
                    shown["side"] = "nobody"
            again = game.observe(player)
            for uid, u in game.state.units.items():
                if u.side == player or not u.hidden:
                    assert again["units"][uid] == _plain_entry(u)
