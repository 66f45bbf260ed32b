"""On Guard along a path (# FUBAR on-guard): where a reactor catches a mover, as worked out with
its shortcuts (shooters dropped whose every line to the path runs behind one building, kept
answers), against the rule written out plainly on positions from real play."""
from __future__ import annotations

import math

import pytest

from tabletop_core import agents_for, new_game
from tabletop_core.agents import AgentView

from rules_fubar import on_guard as og
from rules_fubar.state import Fig, OnGuardWindow
from rules_fubar.targeting import engaged, weapon_of

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


@pytest.mark.rule("fubar:on-guard")
@pytest.mark.parametrize("scenario", ["recovery-team", "meeting-engagement", "cordon-and-search"])
def test_catch_points_in_play_are_the_plain_rule(scenario):
    """Every On Guard window a move opens in a few random games: each reactor's catch point is
    the plain rule's, through the path's own cached answers and after the moves that follow
    (the watchers' buildings' shadows are kept per place); paths behind buildings, out of reach
    and in the open all come up."""
    asked, hidden, caught = 0, 0, 0
    for seed in range(4):
        game = new_game("fubar", scenario, seed=seed)
        seats = agents_for(game, "random,random")
        while not game.over:
            state, top = game.state, game.state.top
            if isinstance(top, OnGuardWindow) and top.path:
                mover = state.units[top.enemy]
                for u in state.units.values():
                    if u.side != top.player or not u.alive or not u.on_guard or u.reacted or engaged(state, u.id):
                        continue
                    if any(w.indirect for f in u.figures if (w := weapon_of(game.rules, u, f)) is not None):
                        continue  # a mortar asks can_fire_at of a ghost unit: no shortcut there
                    m = game.rules.measure_for(u)
                    want = _plain_catch(game.rules, u, mover, top.path, top.movers)
                    assert og.catch_point(game.rules, state, u, mover, top.path, top.movers) == want
                    asked += 1
                    caught += want is not None
                    shooters = og._direct_shooters([(f, w) for f in u.figures if (w := weapon_of(game.rules, u, f))])
                    hidden += len(og._watching(m, shooters, og.path_box(top.path), max(f.r for f in mover.figures))) < len(shooters)
            d = game.decision
            game.apply(seats[d.player].choose(AgentView(game, d.player, d)))
    assert asked > 10 and 0 < caught < asked and hidden > 0
