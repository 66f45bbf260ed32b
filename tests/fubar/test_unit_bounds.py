"""The unit-level answers of the fire and assault questions (``measure.unit_bound``,
``least_gap``, ``direct_reach``, ``known_unseen``) against the plain rules, figure pair by figure
pair, on positions from real play: every unit against every other at each decision of seeded
games, so units that moved, took casualties, were suppressed and stood up are all met."""
from __future__ import annotations

import math

import pytest

from tabletop_core import agents_for, new_game
from tabletop_core.agents import AgentView

from rules_fubar import close_combat as cc
from rules_fubar import targeting
from tabletop_core.boards import geometry as geo
from tabletop_core.boards.table import COVER_EDGE, Figure, Unit

from rules_fubar.measure import direct_reach, edge, known_unseen, least_gap, sight_profile, unit_bound
from rules_fubar.move_allowance import DISTANCE

from .test_measure_caches import _plain_visible


def _positions(scenario, variants, seed, decisions=160):
    """(game, state) at each of the first ``decisions`` decisions of a random game."""
    game = new_game("fubar", scenario, seed=seed, variants=variants)
    seats = agents_for(game, "random,random")
    for _ in range(decisions):
        if game.over:
            return
        yield game, game.state
        d = game.decision
        game.apply(seats[d.player].choose(AgentView(game, d.player, d)))


def _plain_direct(rules, table, u, e) -> bool:
    """# FUBAR weapons: a figure able to fire a direct weapon sees a target figure within its
    longest band (edge to edge), written out with the plain sight rule."""
    for f in u.figures:
        if not f.weapon or f.suppressed:
            continue
        w = rules.data.weapons[f.weapon]
        if w.indirect:
            continue
        if any(edge(f, g) <= w.longest + 1e-9 and _plain_visible(table, f, g) for g in e.figures):
            return True
    return False


@pytest.mark.rule("fubar:weapons")
# seeds whose first 160 decisions meet both answers of every question (Meeting Engagement's 102: an assault in reach)
@pytest.mark.parametrize("scenario,variants,seed", [
    ("meeting-engagement", (), 102), ("recovery-team", (), 5), ("cordon-and-search", ("lwtv",), 5),
])
def test_unit_bounds_and_kept_fire_answers_hold_to_the_plain_rule_in_play(scenario, variants, seed):
    met = {"fire": set(), "bound": set(), "unseen": set(), "assault": set(), "spotted": set()}
    table = None
    for game, state in _positions(scenario, variants, seed):
        rules = game.rules
        units = [u for u in state.units.values() if u.alive]
        m = rules.measure_for(units[0])
        table = table or m.table
        for u in units:
            cx, cy, span, held = unit_bound(m, u.figures)
            # every base inside the enclosing circle; the weapons named are those that may fire
            assert all(math.hypot(f.x - cx, f.y - cy) + f.r <= span + 1e-9 for f in u.figures)
            assert held == tuple(sorted({f.weapon for f in u.figures if f.weapon and not f.suppressed}))
            # the longest band and whether a mortar may fire, kept per set of weapons (Measure.bands)
            arms = targeting.armament(rules, u)
            if u.carried_by or (u.vehicle and u.weapon_destroyed) or not held:
                assert arms is None
            else:
                named = [rules.data.weapons[w] for w in held]
                assert arms[1:] == (max(w.longest for w in named), any(w.indirect for w in named))
            # the coherency count (# FUBAR activation), as the core table's numpy one
            core = Unit(u.id, [Figure(f.id, f.x, f.y, f.r) for f in u.figures])
            assert m.out_of_coherency(u) == len(table.out_of_coherency(core))
            # the figures sorted for the cover rules of sight, as the core table places them
            lookers, lookout, in_area = sight_profile(m, u.figures)
            want = []
            for f in u.figures:
                feat = table.cover_feature_at(f.pos)
                fid = None if feat is None else feat.id
                want.append((f.pos, f.r, fid, feat is not None and geo.distance_to_boundary(f.pos, feat.vertices) > COVER_EDGE))
            assert lookers == tuple(want)
            assert lookout == tuple((p, fid) for p, _r, fid, deep in want if not deep)
            areas = list(dict.fromkeys(fid for _p, _r, fid, _d in want if fid is not None))
            assert in_area == tuple((fid, tuple((p, r) for p, r, g, _d in want if g == fid)) for fid in areas)
            m.seen_among(u, [e for e in units if e.side != u.side])  # as the menus ask: the unit answers kept
            for e in units:
                if e.side == u.side:
                    continue
                gap = least_gap(m, u.figures, e.figures)
                least = min(edge(f, g) for f in u.figures for g in e.figures)
                assert gap <= least  # a lower bound on every figure pair's distance
                met["bound"].add(gap > 24.0)
                plain = _plain_direct(rules, table, u, e)
                assert direct_reach(m, u.figures, e.figures, rules.data.weapons) == plain
                unseen = not any(_plain_visible(table, f, g) for f in u.figures for g in e.figures)
                assert known_unseen(m, u.figures, e.figures) == unseen
                met["unseen"].add(unseen)
                # a shot's range (# FUBAR fire): the nearest target figure seen, edge to edge
                for f in u.figures:
                    seen = [edge(f, g) for g in e.figures if _plain_visible(table, f, g)]
                    assert m.nearest_seen(f, e.figures) == (min(seen) if seen else None)
                # spotting for a mortar (# FUBAR mortars): some figure of the side sees a target figure
                spotted = any(_plain_visible(table, f, g) for w in units if w.side == u.side
                              for f in w.figures for g in e.figures)
                assert targeting.spotted_by_friends(rules, state, u.side, e) == spotted
                met["spotted"].add(spotted)
                if not u.carried_by and not (u.vehicle and u.weapon_destroyed) and not targeting.engaged(state, e.id):
                    # can_fire_at (bound, kept unit answers, mortars figure by figure) as every figure's shot
                    want = any(targeting.shot(rules, state, u, f, e) is not None for f in u.figures)
                    assert targeting.can_fire_at(rules, state, u, e) == want
                    met["fire"].add(want)
            # the assault menu's enemies in reach: the bound never drops one within 8"
            got = cc.assault_targets(rules, state, u)
            want = [] if u.vehicle or u.carried_by else [
                e.id for e in units if e.side not in (u.side, "civilians") and not e.hidden and not e.vehicle
                and not e.carried_by and not targeting.engaged(state, e.id)
                and min(edge(f, g) for f in u.figures for g in e.figures) <= DISTANCE["assault"]
                and any(_plain_visible(table, f, g) for f in u.figures for g in e.figures)]
            assert got == want
            assert cc.can_assault(rules, state, u) == bool(want)
            met["assault"].add(bool(want))
    assert met["fire"] == {True, False} and met["bound"] == {True, False}
    assert met["unseen"] == {True, False} and met["assault"] == {True, False} and met["spotted"] == {True, False}


@pytest.mark.rule("fubar:actions")
@pytest.mark.parametrize("scenario", ["recovery-team", "meeting-engagement", "cordon-and-search"])
def test_whether_gone_to_ground_has_cover_in_reach_answers_as_the_nearest_cover(scenario):
    """The activation menu offers Go to Ground when cover is within 3" of the unit's centre
    (``cover_within``, stopping at the first feature in reach): the same answer as the nearest
    cover at any distance (``Measure.nearest_cover``), at points on terrain edges and corners, in
    the open, and where the units of a played game stand."""
    import random

    from rules_fubar.measure import Measure, centroid, cover_within
    from rules_fubar.rules import FubarRules

    from .test_measure_caches import _boundary_points

    table = FubarRules().table_of(scenario)
    m = Measure(table)
    points = _boundary_points(table, random.Random(scenario + "-ground"), 150)
    for game, state in _positions(scenario, (), 7, decisions=120):
        points += [centroid(u) for u in state.units.values() if u.alive]
    answers = set()
    for p in points:
        for reach in (0.5, 3.0, 8.0):
            want = m.nearest_cover(p, reach) is not None
            assert cover_within(m, p, reach) == want
            answers.add(want)
    assert answers == {True, False}
