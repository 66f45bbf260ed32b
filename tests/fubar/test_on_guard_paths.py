"""On Guard along a path (# FUBAR on-guard): where a reactor catches a mover, as worked out with
its shortcuts (shooters dropped whose every line to the path runs behind one building, kept
answers), against the rule written out plainly on positions from real play."""
from __future__ import annotations

import math

import pytest

from tabletop_core import agents_for, new_game
from tabletop_core.agents import AgentView

from rules_fubar import on_guard as og
from rules_fubar.state import Fig, OnGuardWindow, replace_unit
from rules_fubar.targeting import can_fire_at, engaged, weapon_of

from .test_measure_caches import _plain_visible


def _plain_catch(rules, reactor, mover, path, ids):
    """The sample, nearest the reactor's centre first (then path order), at which one of its
    figures sees a place of a mover's figure within its weapon's reach; None: nowhere."""
    table = rules.measure_for(reactor).table
    armed = [(f, w) for f in reactor.figures if (w := weapon_of(rules, reactor, f)) is not None]
    radius = {f.id: f.r for f in mover.figures}
    n = len(reactor.figures)
    rc = (sum([f.x for f in reactor.figures]) / n, sum([f.y for f in reactor.figures]) / n)
    best = None
    for k, places in enumerate(path):
        targets = [Fig(i, p[0], p[1], radius[i]) for i, p in zip(ids, places) if i in radius]
        if any(max(math.dist(f.pos, g.pos) - f.r - g.r, 0.0) <= w.longest + 1e-9 and _plain_visible(table, f, g)
               for f, w in armed for g in targets):
            xs, ys = zip(*places)
            here = (math.dist(rc, (sum(xs) / len(places), sum(ys) / len(places))), k)
            best = here if best is None or here < best else best
    return None if best is None else path[best[1]]


def _windows_in_play(scenario, seeds):
    """(game, the window, the mover, an On Guard unit of the window's player still able to react)
    at every On Guard window a move opens in random games of ``seeds``, before it is answered."""
    for seed in seeds:
        game = new_game("fubar", scenario, seed=seed)
        seats = agents_for(game, "random,random")
        while not game.over:
            state, top = game.state, game.state.top
            if isinstance(top, OnGuardWindow) and top.path:
                for u in state.units.values():
                    if u.side == top.player and u.alive and u.on_guard and not u.reacted and not engaged(state, u.id):
                        yield game, top, state.units[top.enemy], u
            d = game.decision
            game.apply(seats[d.player].choose(AgentView(game, d.player, d)))


def _mortar(rules, u) -> bool:
    return any(w.indirect for f in u.figures if (w := weapon_of(rules, u, f)) is not None)


@pytest.mark.rule("fubar:on-guard")
@pytest.mark.parametrize("scenario", ["recovery-team", "meeting-engagement", "cordon-and-search"])
def test_catch_points_in_play_are_the_plain_rule(scenario):
    """Every On Guard window a move opens in a few random games: each reactor's catch point is
    the plain rule's, through the path's own cached answers and after the moves that follow
    (the watchers' buildings' shadows are kept per place); paths behind buildings, out of reach
    and in the open all come up."""
    asked, hidden, caught = 0, 0, 0
    for game, top, mover, u in _windows_in_play(scenario, range(4)):
        if _mortar(game.rules, u):
            continue  # test_mortar_catch_points_in_play_are_can_fire_at_on_the_mover_there
        state = game.state
        m = game.rules.measure_for(u)
        want = _plain_catch(game.rules, u, mover, top.path, top.movers)
        assert og.catch_point(game.rules, state, u, mover, top.path, top.movers) == want
        asked += 1
        caught += want is not None
        shooters = og._direct_shooters([(f, w) for f in u.figures if (w := weapon_of(game.rules, u, f))])
        hidden += len(og._watching(m, shooters, og.path_box(top.path), max(f.r for f in mover.figures))) < len(shooters)
    assert asked > 10 and 0 < caught < asked and hidden > 0


def _ghost(mover, ids, places):
    """The mover standing at one sample of its path: its figures still standing, in its order."""
    at = dict(zip(ids, places))
    return replace_unit(mover, figures=tuple(Fig(f.id, at[f.id][0], at[f.id][1], f.r, f.weapon, f.armour, f.leader,
                                                 f.suppressed) for f in mover.figures if f.id in at))


@pytest.mark.rule("fubar:on-guard")
@pytest.mark.rule("fubar:mortars")
@pytest.mark.parametrize("scenario", ["recovery-team", "meeting-engagement", "cordon-and-search"])
def test_mortar_catch_points_in_play_are_can_fire_at_on_the_mover_there(scenario):
    """An On Guard unit holding a mortar catches a mover where ``can_fire_at`` says it could fire
    at the mover's figures standing at that sample of the path (its direct weapons, a mortar
    figure's own sight, a friend's spotting, the band's reach): the positional answer at every
    sample of every window of a few random games, and the catch point (nearest the reactor's
    centre first, then path order), against a ghost unit placed there and asked whole."""
    asked, fired, caught = 0, 0, 0
    for game, top, mover, u in _windows_in_play(scenario, range(8)):
        rules, state = game.rules, game.state
        if not _mortar(rules, u):
            continue
        m = rules.measure_for(u)
        radius = {f.id: f.r for f in mover.figures}
        n = len(u.figures)
        rc = (sum([f.x for f in u.figures]) / n, sum([f.y for f in u.figures]) / n)
        best = None
        for k, places in enumerate(top.path):
            ghost = _ghost(mover, top.movers, places)
            want = bool(ghost.figures) and can_fire_at(rules, state, u, ghost)
            assert og._fires_at_places(rules, state, m, u, None, mover, top.movers, radius, places) == want
            asked += 1
            fired += want
            if want:
                xs, ys = zip(*places)
                here = (math.dist(rc, (sum(xs) / len(places), sum(ys) / len(places))), k)
                best = here if best is None or here < best else best
        plain = None if best is None else top.path[best[1]]
        assert og.catch_point(rules, state, u, mover, top.path, top.movers) == plain
        caught += plain is not None
    assert asked > 20 and 0 < caught and 0 < fired
    if scenario != "cordon-and-search":  # there every sample a mortar is asked about is one it fires at
        assert fired < asked
