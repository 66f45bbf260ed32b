"""FUBAR's questions to the measured table (tabletop_core.boards.table): who sees whom, cover,
ranges, facing, troops sheltering behind vehicles.

The core :class:`~tabletop_core.boards.table.Table` answers the geometry; this module adds the
FUBAR readings on top and caches answers by position (figures stand still most of a game, so the
same sight lines are asked again and again).  Helpers the core table lacks (vehicle facing, a
figure behind a vehicle) are here.
"""
from __future__ import annotations

import math
from functools import lru_cache

import numpy as np

from tabletop_core.boards import geometry as geo
from tabletop_core.boards.table import COHERENCY, COVER_EDGE, Cover, Table

from .answer_cache import CACHE_LIMIT, ByIdentity
from .state import Fig, UnitState

#: # FUBAR cover: targets in the same cover area may be fired at only within 6".
SAME_AREA = 6.0
#: Reading: "directly behind" a vehicle means within 3" of it with the vehicle across the sight line.
BEHIND = 3.0


#: Sight lines a question must leave undecided before they go to the numpy batch kernel together;
#: fewer go one by one through the scalar kernel.  Measured on the three scenario tables with lines
#: between random points (longer than most a game asks, which cost the scalar kernel less): 120
#: lines cost about 180-250 us either way, 80 lines 120-170 us scalar against 170-230 us batched,
#: so the batch wins from about 120 lines up (the scalar kernel was once 8 us a line: 40 then).
BATCH = 120
#: ``any_sees_within``'s marker for a place whose cover feature is not looked up yet (None is an
#: answer: in the open).
_LATER = object()


def remember(cache: dict, key, value):
    if len(cache) >= CACHE_LIMIT:
        cache.clear()
    cache[key] = value
    return value


class Measure:
    """FUBAR measuring on one table.

    Every answer is a pure function of positions, so it is cached keyed on them: single points
    (the cover feature a point is in), sight lines between two points, and unit-level questions
    keyed on the figure tuples they ask about, by identity (``answer_cache.ByIdentity``): unchanged
    figures are the same objects from one state to the next (and from one game to the next,
    ``scenarios.py``), so a lookup hashes two integers where the tuples' own hash would call every
    figure's.  Figures stand still most of a game and the same questions come back decision after decision; a unit-level question
    that misses sends all its undecided sight lines to the core's numpy batch kernel at once
    (``Table.line_of_sight_many``), which answers exactly as the scalar kernel does.
    """

    def __init__(self, table: Table):
        self.table = table
        self.feature_at = lru_cache(maxsize=65536)(self._feature_at)
        self.pair_visible = lru_cache(maxsize=262144)(self._pair_visible)
        self.cover_of = lru_cache(maxsize=65536)(self._cover_of)
        self._nearest_cover = lru_cache(maxsize=65536)(self.table.nearest_cover)
        self._holding = lru_cache(maxsize=65536)(self.table.blockers_holding)
        self._level_at = lru_cache(maxsize=65536)(self._level_at)
        #: the features ``Table.nearest_cover`` looks at (soft cover or better)
        self._cover_features = tuple(f for f in self.table.features if f.cover >= Cover.SOFT)
        self._cover_gap = lru_cache(maxsize=65536)(self._box_gap)
        self._los: dict[tuple[tuple[float, float], tuple[float, float]], bool] = {}
        # the unit-level answers, keyed on the ids of the figures asked about
        self._sees = ByIdentity()
        self._seen = ByIdentity()
        self._nearest = ByIdentity()
        self._reaches = ByIdentity()
        #: On Guard catch points by reactor, mover and path (``on_guard.catch_point``).
        self.catches: dict[tuple, object] = {}
        #: a blocker's shadow from a point (a watching figure's: ``on_guard.catch_point``)
        self.shadow = lru_cache(maxsize=65536)(self.table.shadow)
        self._incoherent = ByIdentity()
        #: each unit's enclosing circle and armament (``unit_bound``), keyed on its figures
        self._bounds = ByIdentity()
        #: whether a unit's direct weapons reach a seen figure of another (``direct_reach``)
        self._direct = ByIdentity()
        #: each unit's figures sorted for the cover rules of sight (``sight_profile``)
        self._profiles = ByIdentity()
        #: the cover features that may lie within a reach of some point of a 1" cell (``cover_within``)
        self._cover_cells: dict[tuple[int, int, float], tuple] = {}
        #: the longest band of a set of weapons and whether a mortar is among them (``targeting.armament``)
        self.bands: dict[tuple[str, ...], tuple[float, bool]] = {}
        #: the figure pair that last showed a unit an enemy (``sees_any_of``): the looking unit's id ->
        #: (the seen unit's id, the looking figure's index, the seen figure's index).  A hint only, tried
        #: before the walk over every pair: units move together, so the pair that saw last time mostly
        #: sees again.  Keyed on unit ids, a scenario's few (no bound needed).
        self._witness: dict[str, tuple[str, int, int]] = {}

    # -- single points --------------------------------------------------------------------------
    def _feature_at(self, p: tuple[float, float]):
        """The cover feature holding ``p`` and the distance to its edge, or (None, inf)."""
        f = self.table.cover_feature_at(p)
        if f is None:
            return None, math.inf
        return f.id, geo.distance_to_boundary(p, f.vertices)

    def nearest_cover(self, point: tuple[float, float], reach: float):
        """``Table.nearest_cover(point, reach)``, cached per point: the nearest cover at any distance
        is the answer for every reach that includes it (ties go to the same, first, feature)."""
        if self._cover_gap(point) > reach + 1e-6:
            return None  # every cover feature's box is out of reach: so is its edge (slack for rounding)
        spot = self._nearest_cover(point)
        return None if spot is None or spot.distance > reach else spot

    def _box_gap(self, point: tuple[float, float]) -> float:
        """The distance from ``point`` to the nearest box of a cover feature (0 inside one)."""
        px, py = point
        gap = math.inf
        for f in self._cover_features:
            x0, y0, x1, y1 = f.bbox
            dx, dy = max(x0 - px, 0.0, px - x1), max(y0 - py, 0.0, py - y1)
            gap = min(gap, math.hypot(dx, dy))
        return gap

    # -- sight ----------------------------------------------------------------------------------
    def _cover_rule(self, a, b, ra: float, rb: float, fa, da: float, fb, db: float) -> bool | None:
        """# FUBAR cover: what the cover rules alone settle about ``a`` seeing ``b``.

        Inside a cover area a figure sees out, and is seen, only within 2" of its edge; two figures
        in the same cover area see each other only within 6" (no sight line needed).  None: it
        comes down to the sight line."""
        if fa is not None and fa == fb:
            return _near_in_area(a, b, ra, rb)
        if _deep(fa, da) or _deep(fb, db):
            return False
        return None

    def line_of_sight(self, a: tuple[float, float], b: tuple[float, float]) -> bool:
        key = (a, b)
        seen = self._los.get(key)
        if seen is None:
            seen = remember(self._los, key, self._line_now(a, b))
        return seen

    def _line_now(self, a: tuple[float, float], b: tuple[float, float]) -> bool:
        """The core table's sight line, with the features holding each end kept per point."""
        holding = self._holding
        return self.table.clear_between(a, b, holding(a), holding(b))

    def _sight_lines(self, lines: list[tuple[tuple[float, float], tuple[float, float]]]) -> list[bool]:
        """Answers for sight lines not yet cached: one numpy batch, or one by one when few."""
        if len(lines) < BATCH:
            line_now = self._line_now
            return [remember(self._los, k, line_now(k[0], k[1])) for k in lines]
        starts = np.array([k[0] for k in lines], dtype=np.float64)
        ends = np.array([k[1] for k in lines], dtype=np.float64)
        answers = self.table.line_of_sight_many(starts, ends).tolist()
        for k, v in zip(lines, answers):
            remember(self._los, k, v)
        return answers

    def prefetch_sight_lines(self, starts, ends) -> None:
        """Answer in one batch the sight lines from every point of ``starts`` to every point of
        ``ends`` not cached yet, when there are enough for a batch (``BATCH``): for questions about
        many positions at once (an On Guard unit watching a whole path), which then find their
        answers cached.  Fewer are left to be asked one by one as they come: drawing them all
        here, one by one, would cost more than drawing only those asked."""
        self.prefetch_lines([(a, b) for a in starts for b in ends], least=BATCH)

    def prefetch_lines(self, lines, *, least: int = 1) -> None:
        """Answer in one batch those of ``lines`` not cached yet, when at least ``least`` are
        (fewer are left to be asked one at a time, as they come: most are never asked)."""
        los = self._los
        lines = [k for k in lines if k not in los]
        if lines and len(lines) >= least:
            self._sight_lines(lines)

    def _pair_visible(self, a: tuple[float, float], b: tuple[float, float], ra: float, rb: float) -> bool:
        """# FUBAR cover: may a figure at ``a`` see (and so fire at) one at ``b``?  The cover rules
        (see ``_cover_rule``), then no blocking terrain between."""
        fa, da = self.feature_at(a)
        fb, db = self.feature_at(b)
        rule = self._cover_rule(a, b, ra, rb, fa, da, fb, db)
        return self.line_of_sight(a, b) if rule is None else rule

    def figure_sees(self, f: Fig, g: Fig) -> bool:
        return self.pair_visible(f.pos, g.pos, f.r, g.r)

    def sees(self, a: UnitState, b: UnitState) -> bool:
        """Does any figure of ``a`` see any figure of ``b``?  (Cached on both units' figures.)"""
        return self._sees.ask(self._unit_sees, a.figures, b.figures)

    def sees_any_of(self, a: UnitState, others) -> bool:
        """Does ``a`` see any unit of ``others``?  Stops at the first seen (``seen_among`` answers
        for every unit), asking what costs least first: the kept unit-level verdicts, then the
        figure pair that showed ``a`` an enemy last time (``_witness``: one sight line, where the
        walk over every pair of figures of every unit not known yet costs dozens of look-ups),
        then ``first_pair_seen``'s walk.  The hint only ever adds a True that pair's own answer
        gives, so the verdict is the walk's."""
        af = a.figures
        ida = id(af)
        known = self._sees.answers
        rest = []
        for b in others:
            verdict = known.get((ida, id(b.figures)))
            if verdict:
                return True
            if verdict is None:
                rest.append(b)
        if not rest:
            return False
        hint = self._witness.get(a.id)
        if hint is not None and self._hint_shows(af, rest, hint):
            return True
        found = first_new_pair_seen(self, [(af, b.figures) for b in rest])
        if found is None:
            return False
        n, line = found
        if line is not None:
            b = rest[n]
            self._witness[a.id] = (b.id, _index_at(af, line[0]), _index_at(b.figures, line[1]))
        return True

    def _hint_shows(self, af: tuple[Fig, ...], others, hint: tuple[str, int, int]) -> bool:
        """Does the figure pair ``hint`` names (``_witness``) see, if both figures still exist?  The
        pair's own answer (``_seen_now``: the cover rules, then the sight line, kept); a pair that
        sees settles its units' verdict (True), which is kept."""
        uid, i, j = hint
        for b in others:
            if b.id == uid:
                bf = b.figures
                if i >= len(af) or j >= len(bf):
                    return False
                f, g = af[i], bf[j]
                pa, pb = f.pos, g.pos
                fa, da = self.feature_at(pa)
                fb, db = self.feature_at(pb)
                if self._seen_now(pa, pb, f.r, g.r, fa, da, fb, db):
                    self._sees.keep((id(af), id(bf)), True, af, bf)
                    return True
                return False
        return False

    def seen_among(self, a: UnitState, others) -> list[UnitState]:
        """The units of ``others`` that ``a`` sees, in order: ``sees`` for a whole activation's
        worth of questions at once.  Units the caches or the cover rules settle are settled first;
        the sight lines left over from every other unit go to one batch when there are enough of
        them (else one unit at a time, stopping at the first figure seen)."""
        cache = self._sees
        known = cache.answers
        af = a.figures
        ida = id(af)
        verdicts: list = []
        pending = 0
        for b in others:
            bf = b.figures
            answer = known.get((ida, id(bf)))
            if answer is None:
                answer = self._unit_sees(af, bf, defer=True)
                if type(answer) is list:
                    pending += len(answer)
                else:
                    cache.keep((ida, id(bf)), answer, af, bf)
            verdicts.append(answer)
        if pending >= BATCH:
            lines = [k for v in verdicts if type(v) is list for k in v]
            answers = dict(zip(lines, self._sight_lines(lines)))
            verdicts = [any(answers[k] for k in v) if type(v) is list else v for v in verdicts]
        elif pending:
            verdicts = [first_clear(self, v) if type(v) is list else v for v in verdicts]
        out = []
        for b, v in zip(others, verdicts):
            if pending:
                cache.keep((ida, id(b.figures)), v, af, b.figures)
            if v:
                out.append(b)
        return out

    def _unit_sees(self, afigs: tuple[Fig, ...], bfigs: tuple[Fig, ...], *, defer: bool = False,
                   witness: bool = False):
        """Whether a figure of ``afigs`` sees one of ``bfigs``; with ``defer``, the sight lines
        still to test (a list) when neither the cover rules nor the caches settle it; with
        ``witness``, a kept clear sight line that settles it (a tuple of its two points) instead
        of True (True still when the 6" same-area rule does)."""
        # _cover_rule's cases, each end's cover feature and depth in it worked out once per unit's
        # figures (sight_profile): a pair in one cover area is settled by the 6" rule; any other
        # pair needs both ends within 2" of their cover's edge (or in the open), then its sight
        # line.  Their figures are sorted into those two groups, so a deep figure of ours meets
        # none but its area's.
        lookers = sight_profile(self, afigs)[0]
        _lookers, lookout, areas = sight_profile(self, bfigs)
        los = self._los
        undecided = []
        for a, ra, fa, deep in lookers:
            if fa is not None:
                for area, placed in areas:
                    if area == fa:
                        for b, rb in placed:
                            if _near_in_area(a, b, ra, rb):
                                return True
                if deep:
                    continue  # deep in its cover: it sees none outside it
                for b, fb in lookout:
                    if fa == fb:
                        continue  # settled by the area rule above
                    k = (a, b)
                    known = los.get(k)
                    if known is None:
                        undecided.append(k)
                    elif known:
                        return k if witness else True
                continue
            for b, _fb in lookout:
                k = (a, b)
                known = los.get(k)
                if known is None:
                    undecided.append(k)
                elif known:
                    return k if witness else True
        if not undecided:
            return False
        if defer:
            return undecided
        return lines_show(self, undecided)

    def seen_figures(self, f: Fig, b: UnitState) -> tuple[tuple[float, Fig], ...]:
        """The figures of ``b`` that ``f`` sees, with edge-to-edge distances, nearest first."""
        return self._seen.ask(self._figure_sees_which, f, b.figures)

    def nearest_seen(self, f: Fig, figs: tuple[Fig, ...]) -> float | None:
        """The edge-to-edge distance from ``f`` to the nearest of ``figs`` it sees (the first
        distance ``seen_figures`` gives), None when it sees none; cached on both.  The figures
        are asked nearest first and the first seen settles it: a shot's range needs no sight line
        to a figure beyond one it sees."""
        d = self._nearest.ask(self._nearest_now, f, figs)
        return None if d == math.inf else d

    def _nearest_now(self, f: Fig, figs: tuple[Fig, ...]) -> float:
        """``nearest_seen``, inf for none (the cache's None means a question not yet asked)."""
        feature_at, seen = self.feature_at, self._seen_now
        a, ra = f.pos, f.r
        fa, da = feature_at(a)
        fx, fy, sqrt = f.x, f.y, math.sqrt
        order = []
        for k, g in enumerate(figs):  # edge(f, g)'s sums written out: every figure of the target is placed
            dx = fx - g.x
            dy = fy - g.y
            order.append((max(sqrt(dx * dx + dy * dy) - ra - g.r, 0.0), k))
        order.sort()
        for d, k in order:
            g = figs[k]
            if seen(a, g.pos, ra, g.r, fa, da, *feature_at(g.pos)):
                return d
        return math.inf

    def _seen_now(self, a, b, ra: float, rb: float, fa, da: float, fb, db: float) -> bool:
        """``pair_visible`` with both ends' cover features known: the cover rules, then the sight
        line (kept per pair of points)."""
        rule = self._cover_rule(a, b, ra, rb, fa, da, fb, db)
        if rule is None:
            los = self._los
            rule = los.get((a, b))
            if rule is None:
                rule = remember(los, (a, b), self._line_now(a, b))
        return rule

    def reaches(self, f: Fig, figs: tuple[Fig, ...], reach: float) -> bool:
        """Does ``f`` see one of ``figs`` within ``reach`` (>= 0) inches, edge to edge?  (Cached on
        both and the reach: figures beyond it are never looked at, so their sight lines are never
        asked; the others one at a time until one is seen: most answers need one or two.)"""
        key = (id(f), id(figs), reach)
        answer = self._reaches.answers.get(key)
        if answer is None:
            answer = self.any_sees_within(((f.pos, f.r, reach),), [(g.pos, g.r) for g in figs])
            return self._reaches.keep(key, answer, f, figs)
        return answer

    def sees_within(self, a: tuple[float, float], ra: float, targets, reach: float) -> bool:
        """``reaches`` for bare positions: does a figure at ``a`` (base radius ``ra``) see one of
        ``targets`` ((point, radius) pairs) within ``reach`` (>= 0) inches, edge to edge?  For
        questions about places a unit passes through (an On Guard unit watching a path), whose
        figures would be built only to be asked this and are never asked about again."""
        return self.any_sees_within(((a, ra, reach),), targets)

    def any_sees_within(self, shooters, targets) -> bool:
        """``sees_within`` for several shooters ((point, radius, reach) each) at once: each place's
        cover feature looked up once, not once per pair, and the cover rules and sight line asked
        directly (``pair_visible``'s answer: a path's places are new, its cache would only miss).

        A place's cover feature is looked up only once a shooter has it in reach: most places of
        a path are out of every shooter's reach, and a new place's lookup tests every feature.
        For a shooter in the open, only once the sight line to it is clear: the cover rules then
        ask only whether the place is deep in cover, which matters to a clear line alone, and
        most lines a path's places are asked on are blocked (a deep place's line is drawn where
        it was not, and kept: the answer is the same)."""
        feature_at, los, sqrt, edge_depth = self.feature_at, self._los, math.sqrt, COVER_EDGE
        holding, clear = self._holding, self.table.clear_between  # _line_now's, written out
        # each place as [x, y, radius, point, cover feature, deep in it]: unpacked whole per pair
        theirs = [[b[0], b[1], rb, b, _LATER, False] for b, rb in targets]
        for a, ra, reach in shooters:
            fa = _LATER
            ax, ay = a
            for place in theirs:
                bx, by, rb, b, fb, b_deep = place
                dx = ax - bx  # geo.distance(a, b)'s sums, written out
                dy = ay - by
                d = sqrt(dx * dx + dy * dy)
                if d - ra - rb > reach:
                    continue  # the edge distance is max(d - ra - rb, 0), beyond reach >= 0 only when this is
                if fa is _LATER:
                    fa, da = feature_at(a)
                    a_deep = fa is not None and da > edge_depth  # _deep
                # _seen_now's cases: the cover rules, then the sight line kept per pair of points
                if fa is not None:
                    if fb is _LATER:
                        fb, db = feature_at(b)
                        b_deep = fb is not None and db > edge_depth
                        place[4], place[5] = fb, b_deep
                    if fa == fb:
                        if max(d - ra - rb, 0.0) <= SAME_AREA:  # _near_in_area
                            return True
                        continue
                    if a_deep or b_deep:
                        continue
                key = (a, b)
                seen = los.get(key)
                if seen is None:
                    seen = clear(a, b, holding(a), holding(b))
                    if len(los) >= CACHE_LIMIT:  # remember's bound
                        los.clear()
                    los[key] = seen
                if seen:
                    if fb is _LATER:  # a in the open: the cover rules ask only whether b is deep
                        fb, db = feature_at(b)
                        b_deep = fb is not None and db > edge_depth
                        place[4], place[5] = fb, b_deep
                    if not b_deep:
                        return True
        return False

    def _figure_sees_which(self, f: Fig, bfigs: tuple[Fig, ...]) -> tuple[tuple[float, Fig], ...]:
        feature_at, los = self.feature_at, self._los
        a, ra = f.pos, f.r
        fa, da = feature_at(a)
        verdicts: list[bool | None] = []
        undecided = []
        for g in bfigs:
            b = g.pos
            rule = self._cover_rule(a, b, ra, g.r, fa, da, *feature_at(b))
            if rule is None:
                rule = los.get((a, b))
                if rule is None:
                    undecided.append((a, b))
            verdicts.append(rule)
        if undecided:
            answers = iter(self._sight_lines(undecided))
            verdicts = [next(answers) if v is None else v for v in verdicts]
        out = [(edge(f, g), g) for g, v in zip(bfigs, verdicts) if v]
        out.sort(key=lambda t: t[0])
        return tuple(out)

    # -- cover ----------------------------------------------------------------------------------
    def _cover_of(self, positions: tuple[tuple[float, float], ...]) -> int:
        """``Table.unit_cover(...).level`` (the best level at least half the figures reach), from
        each point's cover feature, kept per point (``feature_at``): a unit that moved keeps most
        of its places, and the samples of a path share theirs with the menus that planned it."""
        levels = sorted((self._level_at(p) for p in positions), reverse=True)
        return levels[(len(levels) + 1) // 2 - 1]

    def _level_at(self, p: tuple[float, float]) -> int:
        fid, _d = self.feature_at(p)
        return 0 if fid is None else int(self.table.feature(fid).cover)

    def unit_cover(self, u: UnitState) -> int:
        """# FUBAR cover: the level at least half the unit's figures have (0 in the open)."""
        if not u.figures:
            return 0
        return self.cover_of(tuple(f.pos for f in u.figures))

    def in_cover(self, u: UnitState) -> bool:
        return self.unit_cover(u) > Cover.NONE

    def out_of_coherency(self, u: UnitState) -> int:
        """How many figures stand farther than 3" from every other figure of their unit (the core
        table's chain reading of coherency), cached on the unit's figures."""
        figs = u.figures
        n = self._incoherent.answers.get(id(figs))
        if n is None:
            return self._incoherent.keep(id(figs), _incoherent(figs), figs)
        return n

    def building_of(self, f: Fig, buildings: frozenset[str]) -> str | None:
        for feature in self.table.features_at(f.pos):
            if feature.id in buildings:
                return feature.id
        return None


def _deep(feature, depth: float) -> bool:
    """# FUBAR cover: a figure more than 2" inside a cover area neither sees out nor is seen."""
    return feature is not None and depth > COVER_EDGE


def _near_in_area(a, b, ra: float, rb: float) -> bool:
    """# FUBAR cover: two figures in the same cover area see each other within 6" (edge to edge)."""
    return max(geo.distance(a, b) - ra - rb, 0.0) <= SAME_AREA


def _incoherent(figs: tuple[Fig, ...]) -> int:
    """``Table.out_of_coherency``'s count, figure by figure (its numpy matrix cost more than the
    few pairs of a unit): the same edge distance, centres apart less both radii taken together,
    ``geo.distance``'s sums written out; a figure is settled by the first within 3" of it."""
    if len(figs) < 2:
        return 0
    sqrt = math.sqrt
    places = [(f.x, f.y, f.r) for f in figs]
    out = 0
    for i, (x, y, r) in enumerate(places):
        for j, (gx, gy, gr) in enumerate(places):
            if j != i:
                dx = x - gx
                dy = y - gy
                if max(sqrt(dx * dx + dy * dy) - (r + gr), 0.0) <= COHERENCY:
                    break
        else:
            out += 1
    return out


def edge(f: Fig, g: Fig) -> float:
    """Base edge to base edge (the core table's reading of FUBAR distances).  ``geo.distance``'s
    sums written out on the figures' coordinates: it is asked of every pair of figures a menu
    looks at, and the call and the position tuples cost more than the sums."""
    dx = f.x - g.x
    dy = f.y - g.y
    return max(math.sqrt(dx * dx + dy * dy) - f.r - g.r, 0.0)


def unit_distance(a: UnitState, b: UnitState) -> float:
    """The distance between two units: between their nearest figures, edge to edge (cached)."""
    return _figures_apart(a.figures, b.figures)


@lru_cache(maxsize=65536)
def _figures_apart(afigs: tuple[Fig, ...], bfigs: tuple[Fig, ...]) -> float:
    """The least ``edge`` over every pair, its sums written out (a menu asks it of every enemy
    unit after each move): the least of the differences, floored at 0 once, is the least of the
    floored ones, max and min only picking among the same numbers."""
    sqrt = math.sqrt
    theirs = [(g.x, g.y, g.r) for g in bfigs]
    least = math.inf
    for f in afigs:
        fx, fy, fr = f.x, f.y, f.r
        for gx, gy, gr in theirs:
            dx = fx - gx
            dy = fy - gy
            d = sqrt(dx * dx + dy * dy) - fr - gr
            if d < least:
                least = d
    return max(least, 0.0)


def centroid(u: UnitState) -> tuple[float, float]:
    return _centre(u.figures)


@lru_cache(maxsize=65536)
def _centre(figures: tuple[Fig, ...]) -> tuple[float, float]:
    n = len(figures)
    return (sum(f.x for f in figures) / n, sum(f.y for f in figures) / n)


def facing(vehicle: UnitState, source: tuple[float, float]) -> str:
    """# FUBAR vehicle-damage: which face of a vehicle a shot from ``source`` strikes.

    Reading: the front is the 90-degree arc centred on the vehicle's heading, the rear the opposite
    90 degrees, the sides the rest.  (The core table has no facing for round bases; this is ours.)
    """
    v = vehicle.figures[0]
    angle = math.degrees(math.atan2(source[1] - v.y, source[0] - v.x))
    diff = abs((angle - vehicle.heading + 180.0) % 360.0 - 180.0)
    if diff <= 45.0:
        return "front"
    if diff >= 135.0:
        return "rear"
    return "side"


def behind(vehicle: UnitState, source: tuple[float, float], target: Fig) -> bool:
    """# FUBAR saves: is ``target`` directly behind ``vehicle`` as seen from ``source``?

    Reading: the figure is within 3" of the vehicle and the line from the firer to the figure
    passes over the vehicle's base, the vehicle lying between them.
    """
    v = vehicle.figures[0]
    if edge(v, target) > BEHIND:
        return False
    qx, qy, d2 = geo.closest_on_segment(v.pos, source, target.pos)
    if d2 > v.r * v.r:
        return False
    return geo.distance(source, v.pos) < geo.distance(source, target.pos)


# -- unit-level answers kept on the figures' identity: bounds, direct reach, sight profiles; cover nearby -----
#: Slack on a bound from the enclosing circles: the triangle inequality holds for the exact sums, and
#: this margin covers their rounding, so a pair the bound rules out is out of reach by any figure pair's
#: own sums too (their tolerance is ``data.FIRE_TOLERANCE``, 1e-9).
BOUND_SLACK = 1e-6


def unit_bound(m: Measure, figs: tuple[Fig, ...]) -> tuple[float, float, float, tuple[str, ...]]:
    """(centre x, centre y, span, weapons) of a unit's figures, kept on their identity: every
    figure's base lies within ``span`` of the centre (its centre's distance plus its radius), and
    ``weapons`` names the weapons its figures able to fire hold (not suppressed, armed), each once
    (a tuple of names: the collector stops tracking it, as ``sight_profile``'s)."""
    known = m._bounds.answers.get(id(figs))
    if known is None:
        known = m._bounds.keep(id(figs), _bound_now(figs), figs)
    return known


def _bound_now(figs: tuple[Fig, ...]) -> tuple[float, float, float, tuple[str, ...]]:
    if not figs:
        return (0.0, 0.0, math.inf, ())
    cx, cy = _centre(figs)
    span = max(math.sqrt((f.x - cx) ** 2 + (f.y - cy) ** 2) + f.r for f in figs)
    return (cx, cy, span, tuple(sorted({f.weapon for f in figs if f.weapon and not f.suppressed})))


def least_gap(m: Measure, afigs: tuple[Fig, ...], bfigs: tuple[Fig, ...]) -> float:
    """A lower bound on the edge distance between any figure of ``afigs`` and any of ``bfigs``: the
    centres' distance less both spans (the triangle inequality), less ``BOUND_SLACK``.  A question
    about pairs within some reach is settled for the whole pair of units when this exceeds it."""
    known = m._bounds.answers  # unit_bound's look-ups written out: asked of every pair of units a menu weighs
    a = known.get(id(afigs)) or unit_bound(m, afigs)
    b = known.get(id(bfigs)) or unit_bound(m, bfigs)
    dx = a[0] - b[0]
    dy = a[1] - b[1]
    return math.sqrt(dx * dx + dy * dy) - a[2] - b[2] - BOUND_SLACK


def known_unseen(m: Measure, afigs: tuple[Fig, ...], bfigs: tuple[Fig, ...]) -> bool:
    """Is it already known (a unit-level sight answer kept by ``sees``, ``sees_any_of`` or
    ``seen_among``) that no figure of ``afigs`` sees any of ``bfigs``?  False when not known."""
    return m._sees.answers.get((id(afigs), id(bfigs))) is False


def direct_reach(m: Measure, figs: tuple[Fig, ...], target: tuple[Fig, ...], weapons) -> bool:
    """Does a figure of ``figs`` able to fire a direct weapon (armed, not suppressed) see one of
    ``target`` within its weapon's longest band?  The unit's ``reaches`` for every such figure at
    once (``any_sees_within``: each target figure's cover looked up once), kept on both units'
    figures: the activation menu asks it, then the fire menu, then the On Guard windows."""
    key = (id(figs), id(target))
    known = m._direct.answers.get(key)
    if known is None:
        shooters = []
        for f in figs:
            if f.weapon and not f.suppressed:
                w = weapons[f.weapon]
                if not w.indirect:
                    shooters.append((f.pos, f.r, w.reach))
        answer = bool(shooters) and m.any_sees_within(shooters, [(g.pos, g.r) for g in target])
        known = m._direct.keep(key, answer, figs, target)
    return known


def sight_profile(m: Measure, figs: tuple[Fig, ...]):
    """A unit's figures as the cover rules of sight see them, worked out once per figures (kept on
    their identity): as lookers, (point, radius, cover feature, deep in it) each; as targets, the
    (point, cover feature) of those not deep in cover (which a figure outside their area may see)
    and, per cover feature, the (point, radius) of every figure in it (the 6" same-area rule), as
    (feature, figures) pairs in the order the features are first met.  Tuples throughout: kept
    for the rest of a batch, they hold only numbers and names, so the garbage collector stops
    tracking them instead of walking them at every pass (a list or a dict it would walk)."""
    known = m._profiles.answers.get(id(figs))
    if known is None:
        feature_at, edge_depth = m.feature_at, COVER_EDGE
        lookers = []
        lookout = []
        in_area: dict = {}
        for g in figs:
            b = g.pos
            fb, db = feature_at(b)
            deep = fb is not None and db > edge_depth  # _deep, written out
            lookers.append((b, g.r, fb, deep))
            if fb is not None:
                in_area.setdefault(fb, []).append((b, g.r))
            if not deep:
                lookout.append((b, fb))
        areas = tuple((fid, tuple(placed)) for fid, placed in in_area.items())
        known = m._profiles.keep(id(figs), (tuple(lookers), tuple(lookout), areas), figs)
    return known


def first_pair_seen(m: Measure, pairs) -> bool:
    """Does some figure of ``a`` see one of ``b`` for some (a, b) of ``pairs`` (units' figure
    tuples)?  Stops at the first pair seen, asking what costs least first: the kept unit-level
    verdicts (``sees``), then ``first_new_pair_seen`` for the pairs they leave open."""
    known = m._sees.answers
    rest = []
    for af, bf in pairs:
        verdict = known.get((id(af), id(bf)))
        if verdict:
            return True
        if verdict is None:
            rest.append((af, bf))
    return bool(rest) and first_new_pair_seen(m, rest) is not None


def first_new_pair_seen(m: Measure, pairs) -> tuple[int, tuple | None] | None:
    """``first_pair_seen`` for pairs with no kept verdict: what the cover rules and the sight lines
    already drawn settle for each pair first, and only then new sight lines, one pair at a time (a
    pair that a known line shows is found before any is drawn).  Every verdict worked out is kept.
    The first pair found seen, as (its index in ``pairs``, the clear sight line that shows it, or
    None when the 6" same-area rule does), or None when no pair is seen."""
    cache = m._sees
    undecided = []
    for n, (af, bf) in enumerate(pairs):
        verdict = m._unit_sees(af, bf, defer=True, witness=True)
        if type(verdict) is list:
            undecided.append((n, af, bf, verdict))
            continue
        seen = verdict is not False
        cache.keep((id(af), id(bf)), seen, af, bf)
        if seen:
            return n, (verdict if type(verdict) is tuple else None)
    for n, af, bf, lines in undecided:
        line = clear_line(m, lines)
        cache.keep((id(af), id(bf)), line is not None, af, bf)
        if line is not None:
            return n, line
    return None


def _index_at(figs: tuple[Fig, ...], point: tuple[float, float]) -> int:
    """The index of the (first) figure of ``figs`` standing at ``point``."""
    x, y = point
    for k, f in enumerate(figs):
        if f.x == x and f.y == y:
            return k
    raise ValueError(f"no figure at {point}")


def cover_within(m: Measure, point: tuple[float, float], reach: float) -> bool:
    """Is ``m.nearest_cover(point, reach)`` not None: is ``point`` in cover (soft or better) or
    within ``reach`` of a cover feature's edge?  The same features and sums as
    ``Table.nearest_cover``, stopping at the first feature in reach instead of finding the nearest
    at any distance (the activation menu asks only whether Gone to Ground has somewhere to go)."""
    px, py = point
    eps = geo.EPS
    cell = (math.floor(px), math.floor(py), reach)
    near = m._cover_cells.get(cell)
    if near is None:
        near = remember(m._cover_cells, cell, _cover_near_cell(m, cell))
    for f in near:
        x0, y0, x1, y1 = f.bbox
        if x0 - eps <= px <= x1 + eps and y0 - eps <= py <= y1 + eps:
            if geo.point_in_polygon(point, f.vertices):
                return True
        elif math.hypot(max(x0 - px, 0.0, px - x1), max(y0 - py, 0.0, py - y1)) - 1e-6 > reach:
            continue  # its edge is no nearer than its box
        if math.sqrt(geo.closest_on_boundary(point, f.vertices)[2]) <= reach:
            return True
    return False


# -- activation and fire
#: Slack on ``_cover_near_cell``'s cut: far wider than any rounding, so a feature it leaves out is
#: out of reach by ``cover_within``'s own test at every point of the cell.
CELL_SLACK = 0.01


def _cover_near_cell(m: Measure, cell: tuple[int, int, float]) -> tuple:
    """The cover features (in table order) whose box comes within ``reach`` of some point of the
    1" cell with corner (cx, cy): a point's distance to a box is at least the cell's, so every
    other feature fails ``cover_within``'s box test at every point of the cell (a table has a
    few dozen features; a cell's reach meets one to three)."""
    cx, cy, reach = cell
    out = []
    for f in m._cover_features:
        x0, y0, x1, y1 = f.bbox
        dx = max(x0 - (cx + 1), 0.0, cx - x1)
        dy = max(y0 - (cy + 1), 0.0, cy - y1)
        if math.hypot(dx, dy) <= reach + CELL_SLACK:
            out.append(f)
    return tuple(out)


def lines_show(m: Measure, lines) -> bool:
    """Is one of ``lines`` (not known yet) clear?  For the unit-to-unit questions (``_unit_sees``,
    ``first_pair_seen``): ``clear_line``'s answer."""
    return clear_line(m, lines) is not None


def clear_line(m: Measure, lines):
    """The first of ``lines`` (not known yet) found clear, or None: one numpy batch when there are
    enough lines, else ``first_clear_line``."""
    if len(lines) >= BATCH:
        for k, seen in zip(lines, m._sight_lines(lines)):
            if seen:
                return k
        return None
    return first_clear_line(m, lines)


def first_clear(m: Measure, lines) -> bool:
    """Is one of ``lines`` clear?  (``first_clear_line``'s answer.)"""
    return first_clear_line(m, lines) is not None


def first_clear_line(m: Measure, lines):
    """The first of ``lines`` that is clear, or None.  Each drawn unless known by now (a question
    lists its lines before drawing any, and the same two points may come again in the list, or be
    drawn by then), and kept, until one is (``remember`` written out)."""
    los, line_now = m._los, m._line_now
    for k in lines:
        seen = los.get(k)
        if seen is None:
            seen = line_now(k[0], k[1])
            if len(los) >= CACHE_LIMIT:
                los.clear()
            los[k] = seen
        if seen:
            return k
    return None


# -- moves and reactions -------------------------------------------------------------------------
def any_place_seen(m: Measure, lookers, targets) -> bool:
    """Does a figure at one of ``lookers`` ((point, radius) pairs) see a figure at one of
    ``targets`` (the same), at any distance?  ``first_pair_seen``'s answer for places no unit-level
    answer is kept on (an On Guard mortar's spotting of a mover's places along its path), in its
    order: what the cover rules and the sight lines already drawn settle for every pair first (a
    watching unit's lines to the path are often drawn already), and only then new sight lines,
    one at a time until one is clear."""
    feature_at, los = m.feature_at, m._los
    places = []
    for b, rb in targets:
        fb, db = feature_at(b)
        places.append((b, rb, fb, _deep(fb, db)))
    pending = []
    for a, ra in lookers:
        fa, da = feature_at(a)
        a_deep = _deep(fa, da)
        for b, rb, fb, b_deep in places:
            if fa is not None and fa == fb:  # _cover_rule's cases, then the kept line
                if _near_in_area(a, b, ra, rb):
                    return True
            elif not (a_deep or b_deep):
                seen = los.get((a, b))
                if seen is None:
                    pending.append((a, b))
                elif seen:
                    return True
    return first_clear(m, pending)
