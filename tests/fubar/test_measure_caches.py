"""The measuring caches and batched sight lines answer exactly as the plain scalar definitions
(# FUBAR cover: the 2" edge rule, the same-area 6" rule, then line of sight)."""
from __future__ import annotations

import math
import random

import attrs
import pytest

from tabletop_core.boards import geometry as geo
from tabletop_core.boards.table import Figure, Unit

from rules_fubar.move_menu import cover_in_reach
from rules_fubar.measure import COVER_EDGE, SAME_AREA, Measure, edge, unit_distance
from rules_fubar.rules import FubarRules
from rules_fubar.state import Fig, UnitState


def _plain_visible(table, f: Fig, g: Fig) -> bool:
    """The rule written out once more, straight on the core table, with no cache."""
    def where(p):
        feat = table.cover_feature_at(p)
        return (None, math.inf) if feat is None else (feat.id, geo.distance_to_boundary(p, feat.vertices))

    fa, da = where(f.pos)
    fb, db = where(g.pos)
    if fa is not None and fa == fb:
        return max(geo.distance(f.pos, g.pos) - f.r - g.r, 0.0) <= SAME_AREA
    if (fa is not None and da > COVER_EDGE) or (fb is not None and db > COVER_EDGE):
        return False
    return table.line_of_sight(f.pos, g.pos)


def _unit(rnd, uid, n, spread):
    x, y = rnd.uniform(2, 46), rnd.uniform(2, 46)
    figs = tuple(Fig(f"{uid}-{k}", round(min(max(x + rnd.uniform(-spread, spread), 0.5), 47.5), 3),
                     round(min(max(y + rnd.uniform(-spread, spread), 0.5), 47.5), 3)) for k in range(n))
    return UnitState(id=uid, side="x", troop="t", faction="f", grade="green", figures=figs, start_figures=n)


@pytest.mark.rule("fubar:cover")
@pytest.mark.parametrize("scenario", ["recovery-team", "meeting-engagement", "cordon-and-search"])
def test_cached_and_batched_answers_match_the_plain_rule(scenario):
    table = FubarRules().table_of(scenario)
    m = Measure(table)  # a fresh measure: every answer below is computed here, then cached
    rnd = random.Random(scenario)
    for trial in range(60):
        me = _unit(rnd, "me", rnd.randint(1, 6), 3.0)
        others = [_unit(rnd, f"o{k}", rnd.randint(1, 8), rnd.choice([1.0, 4.0])) for k in range(rnd.randint(1, 7))]
        plain = [o for o in others if any(_plain_visible(table, f, g) for f in me.figures for g in o.figures)]
        # the activation roll's test, its own answers worked out on a fresh measure (the cover
        # rules' two groups of target figures, then the sight lines)
        assert Measure(table).sees_any_of(me, others) == bool(plain)
        assert m.seen_among(me, others) == plain  # batched when many sight lines are left over
        assert [o for o in others if m.sees(me, o)] == plain  # and from the cache
        for o in others:
            # the distance between units, its sums written out: the least edge of every pair
            assert unit_distance(me, o) == min(edge(f, g) for f in me.figures for g in o.figures)
            for f in me.figures:
                want = sorted(((edge(f, g), g) for g in o.figures if _plain_visible(table, f, g)), key=lambda t: t[0])
                assert list(m.seen_figures(f, o)) == want
                assert m.nearest_seen(f, o.figures) == (want[0][0] if want else None)  # nearest first, cached
        p = (rnd.uniform(0, 48), rnd.uniform(0, 48))
        for reach in (1.5, 3.0, 6.0, 12.0):
            assert m.nearest_cover(p, reach) == table.nearest_cover(p, reach)
        for u in (me, *others):  # the level and the coherency count, as the core's numpy ones
            core = Unit(u.id, [Figure(f.id, f.x, f.y, f.r) for f in u.figures])
            assert m.unit_cover(u) == int(table.unit_cover(core).level)
            assert m.out_of_coherency(u) == len(table.out_of_coherency(core))
        for reach in (3.0, 12.0):  # the cover a move may head for: every feature's edge, no box prefilter
            c = me.figures[0].pos
            plain = [(f.id, *geo.closest_on_boundary(c, f.vertices)) for f in table.features
                     if f.cover > 0 and not geo.point_in_polygon(c, f.vertices)]
            want = [(fid, (qx, qy), math.sqrt(d2)) for fid, qx, qy, d2 in plain if math.sqrt(d2) <= reach]
            assert list(cover_in_reach(m, c, reach)) == want


@pytest.mark.rule("fubar:weapons")
@pytest.mark.parametrize("scenario", ["meeting-engagement", "cordon-and-search"])
def test_can_fire_at_answers_as_every_figures_shot_does(scenario):
    """``can_fire_at`` skips target figures beyond a direct weapon's longest band; it must agree
    with ``shot`` figure by figure (the range to the nearest figure seen, then the band)."""
    from rules_fubar import targeting
    from tabletop_core import new_game

    game = new_game("fubar", scenario, seed=3)
    rules, state = game.rules, game.state
    weapons = sorted(rules.data.weapons)
    rnd = random.Random(scenario)
    answers = set()
    for trial in range(80):
        shooter = _unit(rnd, "me", rnd.randint(1, 6), 3.0)
        figs = tuple(attrs.evolve(f, weapon=rnd.choice(weapons)) for f in shooter.figures)
        table = rules.data.scenarios[scenario].table
        shooter = attrs.evolve(shooter, figures=figs, table=table)
        target = attrs.evolve(_unit(rnd, "them", rnd.randint(1, 8), rnd.choice([1.0, 4.0])), table=table)
        plain = any(targeting.shot(rules, state, shooter, f, target) for f in shooter.figures)
        assert targeting.can_fire_at(rules, state, shooter, target) == plain
        answers.add(plain)
        some = shooter.figures[: rnd.randint(1, len(shooter.figures))]  # a Walk's small arms, say
        assert targeting.can_fire_at(rules, state, shooter, target, figures=some) == any(
            targeting.shot(rules, state, shooter, f, target) for f in some)
    assert answers == {True, False}  # both answers were met


def _boundary_points(table, rnd, n):
    """Points on terrain edges and corners (where 'holding' a sight line's end is decided by the
    boundary tolerance), and some anywhere."""
    out = []
    for _ in range(n):
        f = rnd.choice(table.features)
        k = rnd.randrange(len(f.vertices))
        (x0, y0), (x1, y1) = f.vertices[k], f.vertices[(k + 1) % len(f.vertices)]
        t = rnd.choice([0.0, 0.5, rnd.random()])
        out.append((x0 + (x1 - x0) * t, y0 + (y1 - y0) * t))
        out.append((rnd.uniform(0, 48), rnd.uniform(0, 48)))
    return out


@pytest.mark.rule("fubar:cover")
@pytest.mark.parametrize("scenario", ["recovery-team", "meeting-engagement"])
def test_sight_lines_with_the_ends_features_kept_per_point_answer_as_the_plain_line(scenario):
    """``Table.line_of_sight`` given each end's ``blockers_holding`` (kept per point by the
    measure) answers as the plain line, ends on terrain edges and corners included."""
    table = FubarRules().table_of(scenario)
    rnd = random.Random(scenario)
    points = _boundary_points(table, rnd, 40)
    answers = set()
    for a in points:
        for b in points:
            plain = table.line_of_sight(a, b)
            assert table.line_of_sight(a, b, holding=(table.blockers_holding(a), table.blockers_holding(b))) == plain
            answers.add(plain)
    assert answers == {True, False}


@pytest.mark.rule("fubar:on-guard")
@pytest.mark.parametrize("scenario", ["recovery-team", "meeting-engagement"])
def test_sees_within_for_bare_positions_and_reaches_for_figures_answer_as_the_plain_rule(scenario):
    """The On Guard path check asks ``sees_within`` of the places a mover passes, and can-fire
    questions ask ``reaches`` of figures: both must agree with the plain rule (a target figure
    within reach, edge to edge, and in sight)."""
    table = FubarRules().table_of(scenario)
    m = Measure(table)
    rnd = random.Random(scenario)
    answers = set()
    for trial in range(80):
        me = _unit(rnd, "me", rnd.randint(1, 4), 3.0)
        them = _unit(rnd, "them", rnd.randint(1, 6), rnd.choice([1.0, 4.0]))
        for f in me.figures:
            for reach in (3.0, 12.0, 24.0 + 1e-9):
                want = any(edge(f, g) <= reach and _plain_visible(table, f, g) for g in them.figures)
                assert m.sees_within(f.pos, f.r, [(g.pos, g.r) for g in them.figures], reach) == want
                assert m.reaches(f, them.figures, reach) == want
                answers.add(want)
    assert answers == {True, False}


def _plain_nearest_cover(table, p, reach):
    """# FUBAR actions (Gone to Ground): the nearest cover written out once more, every feature
    measured (no box prefilter): inside one at distance 0, else the nearest edge point in reach."""
    best = None
    for f in table.features:
        if f.cover < 1:
            continue
        if geo.point_in_polygon(p, f.vertices):
            if best is None or best[2] > 0.0 or f.cover > best[0].cover:
                best = (f, p, 0.0)
            continue
        qx, qy, d2 = geo.closest_on_boundary(p, f.vertices)
        d = math.sqrt(d2)
        if d <= reach and (best is None or d < best[2]):
            best = (f, (qx, qy), d)
    return best


@pytest.mark.rule("fubar:actions")
@pytest.mark.parametrize("scenario", ["recovery-team", "meeting-engagement"])
def test_nearest_cover_skipping_far_boxes_answers_as_measuring_every_feature(scenario):
    table = FubarRules().table_of(scenario)
    rnd = random.Random(scenario)
    found = set()
    for p in _boundary_points(table, rnd, 150):
        for reach in (0.5, 3.0, 8.0, math.inf):
            spot = table.nearest_cover(p, reach)
            plain = _plain_nearest_cover(table, p, reach)
            assert (None if spot is None else (spot.feature, spot.point, spot.distance)) == plain
            found.add(spot is None)
    assert found == {True, False}


@pytest.mark.rule("fubar:actions")
@pytest.mark.parametrize("scenario", ["recovery-team", "meeting-engagement", "cordon-and-search"])
def test_moves_settled_by_their_length_as_by_their_vector(scenario):
    """The move menu keeps a body move when it is at least 1/4" long; every kind (toward an enemy
    or an objective, into cover, away, round a flank, a sidestep) is settled by the length
    ``body_candidates`` gives it, which must agree with the vector's, but for lengths within
    rounding of the limit (left to the vector)."""
    from tabletop_core import agents_for
    from tabletop_core.agents import AgentView
    from tabletop_core import new_game
    from rules_fubar import move_menu as mm
    from rules_fubar.measure import centroid

    game = new_game("fubar", scenario, seed=1)
    seats = agents_for(game, "random,random")
    settled = {}
    for _ in range(150):
        if game.over:
            break
        state = game.state
        for u in [u for u in state.units.values() if u.alive and u.figures]:
            seen, c = mm.visible_enemies(game.rules, state, u), centroid(u)
            nearest = mm._nearest(u, seen)
            for reach in (12.0, 0.3, 0.25, 0.1):
                for m, r, length in mm.body_candidates(game.rules, state, u, "run", reach, seen, nearest, c):
                    vector = mm.body_vector(game.rules, state, u, m, r, seen, c)
                    assert math.hypot(*vector) == pytest.approx(length, abs=1e-12)
                    if abs(length - mm.SMALLEST_MOVE) > 1e-9:
                        assert (length > mm.SMALLEST_MOVE) == (math.hypot(*vector) >= mm.SMALLEST_MOVE)
                        settled.setdefault(m.kind, set()).add(length > mm.SMALLEST_MOVE)
        d = game.decision
        game.apply(seats[d.player].choose(AgentView(game, d.player, d)))
    assert {"enemy", "objective", "away", "flank", "sidestep"} <= set(settled)
    assert set().union(*settled.values()) == {True, False}
    assert settled["sidestep"] == {True, False}  # 2", or the reach: 0.3 offered, 0.1 not


@pytest.mark.rule("fubar:on-guard")
def test_straight_path_samples_and_spreads_are_the_polyline_ones():
    """A move whose figures each go straight to one point (every suggested move) is sampled by a
    shortcut; its samples and their spreads must be the general polyline code's, number for
    number: figures that stay, zero-length legs, and legs of every length up to a run."""
    import random

    from rules_fubar import on_guard as og

    rng = random.Random(7)
    for _ in range(400):
        n = rng.randint(1, 10)
        starts = tuple((round(rng.uniform(1, 47), 3), round(rng.uniform(1, 47), 3)) for _ in range(n))
        paths = []
        for s in starts:
            roll = rng.random()
            if roll < 0.15:
                paths.append(())
            elif roll < 0.2:
                paths.append((s,))
            else:
                reach = rng.choice([0.25, 1.0, 5.5, 6.0, 12.0])
                paths.append(((round(s[0] + rng.uniform(-reach, reach), 3), round(s[1] + rng.uniform(-reach, reach), 3)),))
        paths = tuple(paths)
        samples = og.path_samples(starts, paths)
        assert samples == og._walk_samples(starts, paths)
        assert og.path_spreads(samples) == [og._spread(p) for p in samples]


@pytest.mark.rule("fubar:on-guard")
@pytest.mark.parametrize("scenario", ["recovery-team", "meeting-engagement", "cordon-and-search"])
def test_several_shooters_at_once_answer_as_each_asked_alone(scenario):
    """The On Guard path check asks every shooter of a reactor about a mover's places in one
    ``any_sees_within`` call, which looks a place's cover up only once some shooter has it in
    reach: it answers as the plain rule asked shooter by shooter, places on terrain edges and
    corners included."""
    table = FubarRules().table_of(scenario)
    m = Measure(table)
    rnd = random.Random(scenario + "-shooters")
    places = _boundary_points(table, rnd, 60)
    answers = set()
    for trial in range(150):
        shooters = [(rnd.choice(places), 0.5, rnd.choice([3.0, 12.0, 24.0 + 1e-9])) for _ in range(rnd.randint(1, 5))]
        targets = [(rnd.choice(places), rnd.choice([0.5, 1.0])) for _ in range(rnd.randint(1, 8))]
        want = any(edge(Fig("a", *a, ra), Fig("b", *b, rb)) <= reach
                   and _plain_visible(table, Fig("a", *a, ra), Fig("b", *b, rb))
                   for a, ra, reach in shooters for b, rb in targets)
        assert m.any_sees_within(shooters, targets) == want
        answers.add(want)
    assert answers == {True, False}


@pytest.mark.rule("fubar:cover")
@pytest.mark.parametrize("scenario", ["recovery-team", "cordon-and-search"])
def test_unit_answers_kept_by_identity_hold_for_equal_figures_and_after_a_move(scenario):
    """The unit-level caches are keyed on the figures' identity: an equal but distinct copy of
    a unit (a game loaded from its log) is answered anew, the same; a unit that moved on (new
    figures) is never given its old place's answer, however many copies come and go."""
    table = FubarRules().table_of(scenario)
    m = Measure(table)
    rnd = random.Random(15)
    for trial in range(40):
        me = _unit(rnd, "me", rnd.randint(1, 5), 3.0)
        other = _unit(rnd, "o", rnd.randint(1, 6), 3.0)
        before = (m.sees(me, other), m.nearest_seen(me.figures[0], other.figures), m.out_of_coherency(me),
                  m.reaches(me.figures[0], other.figures, 12.0))
        copy = attrs.evolve(me, figures=tuple(attrs.evolve(f) for f in me.figures))
        assert copy.figures == me.figures and copy.figures is not me.figures
        assert (m.sees(copy, other), m.nearest_seen(copy.figures[0], other.figures), m.out_of_coherency(copy),
                m.reaches(copy.figures[0], other.figures, 12.0)) == before
        moved = _unit(rnd, "me", len(me.figures), 3.0)
        plain = any(_plain_visible(table, f, g) for f in moved.figures for g in other.figures)
        assert m.sees(moved, other) == plain and m.seen_among(moved, [other]) == ([other] if plain else [])
