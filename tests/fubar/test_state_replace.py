"""The appliers' fast unit and figure replacements (``state.replace_unit``, ``Fig.at``) build
exactly the values ``attrs.evolve`` builds, so the state folded from a game's events, and its
digest, is the same (# FUBAR: every event's apply function replaces a unit)."""
from __future__ import annotations

import random

import attrs
import pytest

from tabletop_core import new_game
from tabletop_core.agents import AgentView, RandomAgent

from rules_fubar.state import Fig, UnitState, replace_unit


def _units_of_played_games():
    """Every unit value the appliers made in a few short random games of each scenario."""
    out = []
    for scenario in ("recovery-team", "meeting-engagement", "cordon-and-search"):
        game = new_game("fubar", scenario, seed=3)
        seats = {p: RandomAgent(seed=3, player=p) for p in game.rules.players}
        for _ in range(120):
            if game.over:
                break
            d = game.decision
            game.apply(seats[d.player].choose(AgentView(game, d.player, d)))
            out += list(game.state.units.values())
    return out


def test_unit_state_fields_are_all_positional_and_plain():
    """``replace_unit`` builds a unit positionally: it relies on these."""
    for a in attrs.fields(UnitState):
        assert a.init and not a.kw_only and a.converter is None and a.validator is None and a.alias == a.name


@pytest.mark.rule("fubar:actions")
def test_replace_unit_and_fig_at_build_what_evolve_builds():
    rnd = random.Random(15)
    units = _units_of_played_games()
    names = [a.name for a in attrs.fields(UnitState)]
    assert units
    for u in rnd.sample(units, min(300, len(units))):
        other = rnd.choice(units)
        changes = {n: getattr(other, n) for n in rnd.sample(names, rnd.randint(0, len(names)))}
        got, want = replace_unit(u, **changes), attrs.evolve(u, **changes)
        assert got == want and repr(got) == repr(want) and type(got) is UnitState
        for f in u.figures:
            x, y = rnd.uniform(0, 48), rnd.uniform(0, 48)
            assert f.at(x, y) == attrs.evolve(f, x=x, y=y) and repr(f.at(x, y)) == repr(attrs.evolve(f, x=x, y=y))
    with pytest.raises(KeyError):
        replace_unit(units[0], no_such_field=1)
