"""On Guard's kept Guards and the kept cover levels, checked in real play against the plain
computation: a unit's ``Guard`` (``on_guard.guard_of``, kept per set of figures; an equal unit of
other figure objects and a riding one included) and the cover level of every sample of every On
Guard window's path (a hidden mover's windows keep only the samples in the open) and of every
unit's places (``Measure.cover_of``), then each place's cover feature and depth (``feature_at``)."""
from __future__ import annotations

import math

import attrs
import pytest

from tabletop_core import agents_for, new_game
from tabletop_core.agents import AgentView
from tabletop_core.boards import geometry as geo

from rules_fubar import on_guard as og
from rules_fubar.state import OnGuardWindow
from rules_fubar.targeting import weapon_of


def _plain_level(table, positions) -> int:
    """# FUBAR cover: the best level at least half the positions reach, from the core table."""
    levels = sorted((int(table.cover_at(p)) for p in positions), reverse=True)
    return levels[(len(levels) + 1) // 2 - 1]


def _plain_feature(table, p):
    feat = table.cover_feature_at(p)
    return (None, math.inf) if feat is None else (feat.id, geo.distance_to_boundary(p, feat.vertices))


def _plain_armed(rules, u):
    return tuple((f, w) for f in u.figures if (w := weapon_of(rules, u, f)) is not None)


@pytest.mark.rule("fubar:on-guard")
@pytest.mark.rule("fubar:cover")
@pytest.mark.rule("fubar:hidden")
@pytest.mark.parametrize("scenario,variants", [("meeting-engagement", ()), ("meeting-engagement", ("lwtv",)),
                                               ("cordon-and-search", ()), ("recovery-team", ("lwtv",))])
def test_kept_guards_and_cover_levels_are_the_plain_ones(scenario, variants):
    seen = {"windows": 0, "hidden movers": 0, "covered samples": 0, "leader": 0, "vehicle": 0, "rider": 0,
            "several reactors": 0}
    for seed in range(4):
        game = new_game("fubar", scenario, seed=seed, variants=variants)
        seats = agents_for(game, "random,random")
        while not game.over:
            rules, state = game.rules, game.state
            top = state.top
            if isinstance(top, OnGuardWindow) and top.path:
                seen["windows"] += 1
                mover = state.units[top.enemy]
                m = rules.measure_for(mover)
                for sample in top.path:
                    # the level first (as a hidden mover's window asks it), then the depth
                    assert m.cover_of(sample) == _plain_level(m.table, sample)
                    seen["covered samples"] += m.cover_of(sample) > 0
                    for p in sample:
                        assert m.feature_at(p) == _plain_feature(m.table, p)
                seen["hidden movers"] += mover.hidden
                seen["several reactors"] += len(og.reactors(rules, state, top)) > 1
            for u in state.units.values():
                m = rules.measure_for(u)
                if u.figures:
                    assert m.cover_of(tuple(f.pos for f in u.figures)) == _plain_level(m.table, [f.pos for f in u.figures])
                guard = og.guard_of(rules, u)
                assert guard.armed == _plain_armed(rules, u)
                # an equal unit of other (equal) figure objects: answered anew, the same
                twin = attrs.evolve(u, figures=tuple(attrs.evolve(f) for f in u.figures))
                assert og.guard_of(rules, twin) == guard
                # riding: no weapon (the flag is in the key, the figures the same tuple)
                assert og.guard_of(rules, attrs.evolve(u, carried_by="some-vehicle")).armed == ()
                seen["leader"] += any(f.leader for f in u.figures)
                seen["vehicle"] += bool(u.vehicle)
                seen["rider"] += bool(u.carried_by)
            d = game.decision
            game.apply(seats[d.player].choose(AgentView(game, d.player, d)))
    assert seen["windows"] and seen["leader"] and seen["vehicle"] and seen["hidden movers"], seen
    assert seen["several reactors"] and seen["covered samples"], seen
    if scenario != "meeting-engagement":
        assert seen["rider"], seen
