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


def test_figure_hash_is_a_plain_number_kept_once_and_agrees_with_equality():
    """``Fig.__hash__`` keeps a plain int (no object for the collector to track), equal figures
    hash equal however they were built, and copies and pickles leave the kept number out."""
    import copy
    import gc
    import pickle

    figures = [f for u in _units_of_played_games() for f in u.figures]
    assert figures
    for f in figures[:400]:
        twin = Fig(f.id, f.x, f.y, f.r, f.weapon, f.armour, f.leader, f.suppressed)
        assert twin == f and twin is not f and hash(twin) == hash(f) == hash(f)
        assert type(f._attrs_cached_hash) is int and not gc.is_tracked(f._attrs_cached_hash)
        assert hash(f.at(f.x + 1.0, f.y)) != hash(f) or f.at(f.x + 1.0, f.y) != f
        for other in (copy.copy(f), pickle.loads(pickle.dumps(f))):
            assert other == f and other._attrs_cached_hash is None and hash(other) == hash(f)
    assert {f: 1 for f in figures}.keys() == {Fig(*attrs.astuple(f)): 1 for f in figures}.keys()


@pytest.mark.rule("fubar:actions")
def test_a_move_keeps_the_figures_that_stay_and_the_unit_tuple_when_none_moves():
    """``UnitMoved``'s applier: a figure standing where the event puts it is kept as it is; when no
    figure moves the unit keeps its very figures tuple (answers kept on its identity still hold);
    the figures are always those the plain rule builds, moved or not."""
    from rules_fubar.state import UnitMoved

    from .helpers import emit, lab, place

    game = lab()
    place(game, "ft1", "a", "isaf", 40.0, 10.0)
    place(game, "taliban-green", "e", "insurgents", 44.0, 40.0)
    before = game.state.units["a"].figures
    emit(game, UnitMoved("a", "isaf", tuple(f.pos for f in before), 45.0, False))
    after = game.state.units["a"].figures
    assert after is before and game.state.units["a"].heading == 45.0
    moved = tuple((f.x + 3.0, f.y) if k == 0 else f.pos for k, f in enumerate(before))
    emit(game, UnitMoved("a", "isaf", moved, 45.0, False))
    now = game.state.units["a"].figures
    assert now[0] == attrs.evolve(before[0], x=before[0].x + 3.0) and now[0].pos == moved[0]
    assert all(n is b for n, b in zip(now[1:], before[1:]))
    assert now == tuple(f if f.pos == p else attrs.evolve(f, x=p[0], y=p[1]) for f, p in zip(before, moved))
