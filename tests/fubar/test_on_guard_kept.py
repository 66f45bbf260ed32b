"""On Guard's kept answers (# FUBAR on-guard): a reactor's ``Guard`` (kept per set of figures), its
catch points (kept under the ids of its figures and of the window's path) and a move's samples
(kept per move), each checked in real play against the plain computation: every On Guard window
random games open, in both editions, at every decision the window asks (after a reaction too)."""
from __future__ import annotations

import math

import attrs

import pytest

from tabletop_core import agents_for, new_game
from tabletop_core.agents import AgentView

from rules_fubar import on_guard as og
from rules_fubar.state import OnGuardWindow
from rules_fubar.targeting import engaged, weapon_of


def _plain_guard(rules, u) -> og.Guard:
    """``og.Guard`` of ``u`` worked out from ``weapon_of`` figure by figure, nothing kept."""
    armed = tuple((f, w) for f in u.figures if (w := weapon_of(rules, u, f)) is not None)
    shooters = None if any(w.indirect for _f, w in armed) else tuple((f.pos, f.r, w.reach) for f, w in armed)
    spread = None
    if u.figures:
        n = len(u.figures)
        c = (sum([f.x for f in u.figures]) / n, sum([f.y for f in u.figures]) / n)
        spread = (c, max([math.dist(c, f.pos) for f in u.figures]) + og.BASE_ALLOWANCE)
    return og.Guard(armed, shooters, max([w.max_range for _f, w in armed], default=0.0),
                    max([f.r for f in u.figures], default=0.0), spread)


def _windows(scenario, variants, seeds):
    """(game, window) at every decision an On Guard window of a move asks in random games."""
    for seed in seeds:
        game = new_game("fubar", scenario, seed=seed, variants=variants)
        seats = agents_for(game, "random,random")
        while not game.over:
            top = game.state.top
            if isinstance(top, OnGuardWindow) and top.path:
                yield game, top
            d = game.decision
            game.apply(seats[d.player].choose(AgentView(game, d.player, d)))


@pytest.mark.rule("fubar:on-guard")
@pytest.mark.rule("fubar:mortars")
@pytest.mark.parametrize("scenario,variants", [("meeting-engagement", ()), ("meeting-engagement", ("lwtv",)),
                                               ("recovery-team", ()), ("cordon-and-search", ("lwtv",))])
def test_kept_guards_and_catch_points_are_the_plain_ones(scenario, variants):
    """At every decision of every window: each unit's ``guard_of`` is the plain one (leaders,
    vehicles, riders, suppressed figures, mortars), each reactor's kept catch point (asked at the
    window's opening, at each of its decisions, after reactions suppressed or killed some of the
    mover's figures, and of a move played again in a later game: the same samples, one tuple)
    is the one worked out afresh, and the window's reactors are the units with a catch point."""
    seen = {"leader": 0, "vehicle": 0, "rider": 0, "mortar": 0, "hidden": 0, "several": 0, "caught": 0,
            "asked": 0, "again": 0}
    last_window = None
    for game, top in _windows(scenario, variants, range(5)):
        rules, state = game.rules, game.state
        for u in state.units.values():
            assert og.guard_of(rules, u) == _plain_guard(rules, u)
            seen["leader"] += any(f.leader for f in u.figures)
            seen["vehicle"] += bool(u.vehicle)
            seen["rider"] += bool(u.carried_by)
        mover = state.units[top.enemy]
        able = [u for u in state.units.values() if u.side == top.player and u.alive and u.on_guard
                and not u.reacted and not engaged(state, u.id)]
        if not mover.alive or engaged(state, top.enemy):
            continue
        want = []
        for u in able:
            fresh = og._catch_point(rules, state, u, _plain_guard(rules, u), mover, top.path, top.movers, None)
            assert og.catch_point(rules, state, u, mover, top.path, top.movers) == fresh
            if fresh is not None:
                want.append(u.id)
            seen["asked"] += 1
            seen["caught"] += fresh is not None
            seen["mortar"] += og.guard_of(rules, u).shooters is None
            seen["hidden"] += u.hidden
        assert og.reactors(rules, state, top) == want
        seen["several"] += len(able) > 1
        seen["again"] += top is last_window
        last_window = top
    assert seen["asked"] > 20 and 0 < seen["caught"] < seen["asked"] and seen["again"] > 0
    assert all(seen[k] for k in ("leader", "vehicle", "mortar", "hidden", "several"))
    if scenario == "cordon-and-search":  # it starts mounted
        assert seen["rider"]


@pytest.mark.rule("fubar:on-guard")
def test_kept_samples_are_the_plain_ones_and_one_tuple():
    """``path_samples`` keeps a move's samples: the same tuple for the same move (so the catch
    points kept under its id are found), equal to the samples worked out afresh, straight moves,
    bent ones and figures that stay alike."""
    starts = ((1.0, 1.0), (2.0, 1.5), (3.0, 1.0))
    for paths in [((((4.0, 5.0),), ((5.0, 5.5),), ())), ((((4.0, 5.0), (6.0, 1.0)), ((5.0, 5.5),), ((3.0, 1.0),)))]:
        first = og.path_samples(starts, paths)
        assert og.path_samples(starts, tuple(paths)) is first
        assert first == og.path_samples.__wrapped__(starts, paths) == og._walk_samples(starts, paths)


@pytest.mark.rule("fubar:on-guard")
@pytest.mark.rule("fubar:mortars")
@pytest.mark.parametrize("variants", [(), ("lwtv",)])
def test_a_kept_mortar_catch_point_follows_its_friends(variants):
    """A mortar's catch point depends on where its friends stand (they may spot for it): the
    same reactor asked about the same path, its friends gone, then back, gets the answer worked
    out afresh each time, though the path and the reactor's figures are the same objects."""
    asked, changed = 0, 0
    for scenario in ("meeting-engagement", "recovery-team"):
        for game, top in _windows(scenario, variants, range(8)):
            rules, state = game.rules, game.state
            mover = state.units[top.enemy]
            for u in [u for u in state.units.values() if u.side == top.player and u.on_guard and not u.reacted
                      and og.guard_of(rules, u).shooters is None]:
                alone = attrs.evolve(state, units={k: v for k, v in state.units.items() if v.side != u.side or v is u})
                answers = []
                for s in (state, alone, state):
                    fresh = og._catch_point(rules, s, u, _plain_guard(rules, u), mover, top.path, top.movers, None)
                    assert og.catch_point(rules, s, u, mover, top.path, top.movers) == fresh
                    answers.append(fresh)
                asked += 1
                changed += answers[0] != answers[1]
    assert asked > 10 and changed > 0
