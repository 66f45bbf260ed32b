"""On Guard reactions to movement along the whole path (# FUBAR on-guard).

An On Guard unit may react once a turn to an enemy moving across its field of fire: anywhere along
the mover's path, not only where it started or stopped.  A move is sampled every ``SAMPLE_STEP``
inches (every figure at the same fraction of its own path: the unit moves together), and a reactor
qualifies when it could fire at the mover at one of those samples.

Reading (the text is open on where the shot lands): the reaction catches the mover at the sampled
point of the path, among those in the reactor's field of fire, where the mover's centre came
nearest to the reactor's; the alternative reading, the mover's end position only, is what this module replaced.
A mover that was hidden is seen only where its path runs outside cover.
"""
from __future__ import annotations

import math
from functools import lru_cache
from itertools import chain, repeat
from typing import NamedTuple

from .fire import resolve_fire
from .measure import BATCH, any_place_seen, remember
from .state import Fig, OnGuardWindow, UnitState
from .targeting import can_fire_at, engaged, figure_weapon, unit_disarmed

#: Inches between the sampled positions of a move: a base's width (a field of fire narrower than
#: this may be missed; halving it doubles the cost of every move near On Guard units).
SAMPLE_STEP = 1.0

Point = tuple[float, float]
Positions = tuple[Point, ...]


# -- the path -------------------------------------------------------------------------------------
def _legs(start: Point, waypoints: Positions):
    """The legs of the polyline from ``start`` through ``waypoints`` (ends and length), and its length."""
    points = (start, *waypoints)
    legs = [(a, b, math.dist(a, b)) for a, b in zip(points, points[1:])]
    return legs, sum(length for _a, _b, length in legs)


def _along(start: Point, legs, total: float, t: float) -> Point:
    """The point a fraction ``t`` of the way along a polyline given by its ``legs`` (``_legs``)."""
    if total == 0.0:
        return start
    goal = t * total
    for a, b, length in legs:
        if goal <= length and length > 0.0:
            k = goal / length
            return (a[0] + (b[0] - a[0]) * k, a[1] + (b[1] - a[1]) * k)
        goal -= length
    return legs[-1][1]


@lru_cache(maxsize=4096)
def path_samples(starts: Positions, paths: tuple[Positions, ...]) -> tuple[Positions, ...]:
    """The unit's positions every ``SAMPLE_STEP`` inches along its move, start and end included
    (each figure's legs measured once, not once per sample).  Kept (a pure function of tuples of
    numbers): a game's moves come back from game to game (the same deployment, the same first
    moves) and a menu's paths from decision to decision, and the same samples, one tuple, let
    ``catch_point`` find its answers kept under the path's id."""
    if all(len(p) <= 1 for p in paths):
        return _straight_samples(starts, paths)
    return _walk_samples(starts, paths)


def sample_steps(longest: float) -> int:
    """How many steps a move's samples take: one per ``SAMPLE_STEP`` of its longest figure path,
    at least one (``path_bound`` must count them as the samples do to hold them)."""
    return max(1, math.ceil(longest / SAMPLE_STEP))


def _walk_samples(starts: Positions, paths: tuple[Positions, ...]) -> tuple[Positions, ...]:
    """``path_samples`` along any polylines."""
    walks = [(s, *_legs(s, p)) if p else None for s, p in zip(starts, paths)]
    steps = sample_steps(max((w[2] for w in walks if w is not None), default=0.0))
    return tuple(zip(*(_figure_samples(s, w, steps) for s, w in zip(starts, walks))))


def _figure_samples(start: Point, walk, steps: int) -> list[Point]:
    """One figure's places at the fractions 0, 1/steps, ..., 1 of its path (``walk``: its start,
    legs and length, or None when it stays)."""
    if walk is None:
        return [start] * (steps + 1)
    _s, legs, total = walk
    if len(legs) != 1 or total == 0.0:
        return [_along(start, legs, total, k / steps) for k in range(steps + 1)]
    (ax, ay), (bx, by), length = legs[0]  # one straight leg (most moves): _along's sums, inlined
    dx, dy = bx - ax, by - ay
    return [(ax + dx * f, ay + dy * f) for f in (k / steps * total / length for k in range(steps + 1))]


def _straight_samples(starts: Positions, paths: tuple[Positions, ...]) -> tuple[Positions, ...]:
    """``path_samples`` of a move in which every figure goes straight to one point or stays (a
    suggested move, most measured ones): the same sums as ``_legs`` and ``_figure_samples``, the
    sample fractions worked out once for all figures."""
    dist = math.dist
    lengths = [dist(s, p[0]) if p else -1.0 for s, p in zip(starts, paths)]
    steps = sample_steps(max(lengths + [0.0]))
    fractions = [k / steps for k in range(steps + 1)]
    along: dict[float, list[float]] = {}  # each leg length's fractions (figures moved as a body share one)
    columns = []
    for (ax, ay), p, length in zip(starts, paths, lengths):
        if length <= 0.0:  # it stays (or its one leg has no length): its start at every sample
            columns.append([(ax, ay)] * (steps + 1))
            continue
        (bx, by), = p
        dx, dy = bx - ax, by - ay
        fs = along.get(length)
        if fs is None:
            fs = along[length] = [q * length / length for q in fractions]
        columns.append([(ax + dx * f, ay + dy * f) for f in fs])
    return tuple(zip(*columns))


def path_spreads(frame_path, centres=None) -> list:
    """Each sampled position's ``_spread`` (for pruning samples by every reactor's range), its
    sums written out here: a path has a sample per inch, and every reactor's question needs them
    (``centres``: the samples' ``path_centres``, when worked out already)."""
    dist = math.dist
    if centres is None:
        centres = path_centres(frame_path)
    return [(c, max(map(dist, repeat(c, len(points)), points)) + BASE_ALLOWANCE)
            for points, c in zip(frame_path, centres)]


def path_centres(frame_path) -> list[Point]:
    """Each sampled position's centre: ``_spread``'s sums (the same additions in the same order)."""
    out = []
    for points in frame_path:
        n = len(points)
        xs, ys = zip(*points)
        out.append((sum(xs) / n, sum(ys) / n))
    return out


def path_box(frame_path) -> tuple[float, float, float, float]:
    """The box (x0, y0, x1, y1) holding every sampled place of a path (its places in path order,
    split into coordinates by ``zip``: a path is some 50 places, read here without a bytecode
    loop over them)."""
    xs, ys = zip(*chain.from_iterable(frame_path))
    return (min(xs), min(ys), max(xs), max(ys))


class PathSpreads:
    """A sampled path's ``path_centres``, ``path_spreads`` and ``path_box``, each worked out when
    a reactor's question first needs it and then shared by every reactor asked about the path:
    most questions about a path have kept answers (``catch_point``), which need none."""

    __slots__ = ("_path", "_centres", "_spreads", "_box")

    def __init__(self, frame_path) -> None:
        self._path = frame_path
        self._centres: list[Point] | None = None
        self._spreads: list | None = None
        self._box: tuple[float, float, float, float] | None = None

    def __call__(self) -> list:
        if self._spreads is None:
            self._spreads = path_spreads(self._path, self.centres())
        return self._spreads

    def centres(self) -> list[Point]:
        if self._centres is None:
            self._centres = path_centres(self._path)
        return self._centres

    def box(self) -> tuple[float, float, float, float]:
        if self._box is None:
            self._box = path_box(self._path)
        return self._box


# -- who may react --------------------------------------------------------------------------------
def threats(rules, state, mover: UnitState, player: str | None = None) -> list[UnitState]:
    """On Guard units of the mover's enemies (of ``player`` only, if given) that may still react."""
    if "move" not in rules.policy.on_guard_triggers:
        return []
    return [u for u in state.units.values()
            if u.side != mover.side and (player is None or u.side == player) and u.alive and u.on_guard
            and not u.reacted and not engaged(state, u.id)]


#: The base radius a spread allows each figure (``_spread``, ``path_spreads``): a troop's base is
#: within it; ranges are edge to edge, so wider bases (a vehicle's: up to 2") widen the prune's
#: reach by what the two sides' bases exceed it by together (``_prune_reach``).
BASE_ALLOWANCE = 1.0


class Guard(NamedTuple):
    """What a reactor's On Guard questions ask of its figures alone (``guard_of``)."""

    #: (figure, weapon) of each figure able to fire (``weapon_of``)
    armed: tuple
    #: ``_direct_shooters(armed)``, a tuple; None when one of them has an indirect weapon
    shooters: tuple | None
    #: the longest ``max_range`` of those weapons (0.0: none can fire)
    longest: float
    #: the unit's widest base radius (``_prune_reach``)
    widest: float
    #: the figures' ``_spread`` (centre, radius); None for a unit of no figures
    spread: tuple[Point, float] | None


def guard_of(rules, u: UnitState) -> Guard:
    """``u``'s ``Guard``, kept per set of figures: an On Guard unit stands still while the enemy
    moves, so every move it watches asks the same of its figures (``_guard``)."""
    return _guard(u.figures, unit_disarmed(u), rules.data)


@lru_cache(maxsize=4096)
def _guard(figures: tuple[Fig, ...], disarmed: bool, data) -> Guard:
    """The ``Guard`` of a unit of ``figures`` (``disarmed``: its ``targeting.unit_disarmed``).
    Keyed on everything ``targeting.figure_weapon`` and ``_spread`` read (the figures' fields, the
    unit's flag, the ruleset's data, hashed by identity): a pure function of immutable values, it
    cannot go stale."""
    armed = tuple([(f, w) for f in figures if (w := figure_weapon(data, f, disarmed)) is not None])
    shooters = _direct_shooters(armed)
    return Guard(armed, None if shooters is None else tuple(shooters),
                 max([w.max_range for _f, w in armed], default=0.0),
                 max([f.r for f in figures], default=0.0),
                 _spread([f.pos for f in figures]) if figures else None)


def _prune_reach(guard: Guard, mover: UnitState) -> float:
    """How far the spreads' prune reaches for a reactor (``guard``: its ``Guard``) watching
    ``mover``; 0.0 when no figure can fire.  The longest range any figure can fire at now, widened
    for the two units' bases: samples are kept while the centres less both spreads are within it,
    and a spread allows each side's bases ``BASE_ALLOWANCE``; two bases wider together than that
    would otherwise lose samples in range (a vehicle watching a vehicle at the edge of its range)."""
    reach = guard.longest
    if reach <= 0.0:
        return 0.0
    wider = guard.widest + max([f.r for f in mover.figures], default=0.0) - 2 * BASE_ALLOWANCE
    return reach + wider if wider > 0.0 else reach


def _spread(points) -> tuple[tuple[float, float], float]:
    """A circle holding every base of a set of positions (centre, radius), for pruning by range:
    bases up to ``BASE_ALLOWANCE`` wide (``_prune_reach`` allows for wider ones)."""
    n = len(points)
    c = (sum([p[0] for p in points]) / n, sum([p[1] for p in points]) / n)  # lists: cheaper than generators here
    dist = math.dist
    return c, max([dist(c, p) for p in points]) + BASE_ALLOWANCE


def _in_range_samples(guard: Guard, reach: float, frame_path, spreads):
    """The samples no farther than the reactor's weapons reach (``guard``: its ``Guard``;
    ``reach``: its ``_prune_reach``), nearest (centre to centre) first (``spreads``: each sample's
    ``_spread``, worked out once for every reactor)."""
    if reach <= 0.0:
        return []
    rc, rr = guard.spread
    near = []
    for k, (positions, (sc, sr)) in enumerate(zip(frame_path, spreads)):
        d = math.dist(rc, sc)
        if d - rr - sr <= reach:
            near.append((d, k, positions))
    near.sort()
    return near


def _nearest_in_range(guard: Guard, reach: float, frame_path, spreads: PathSpreads) -> int | None:
    """The index of the first sample ``_in_range_samples`` gives (None: it gives none): the
    samples in order of their centres' distance (``spreads``: the path's ``PathSpreads``).  The
    nearest is asked first with its own spread alone (most paths a reactor can reach at all have
    it in range: no sort, no other spread); past it, the path's spreads, which the rest of the
    catch point's question needs too."""
    if reach <= 0.0:
        return None
    centres = spreads.centres()
    if not centres:
        return None  # a path of no samples: min would have nothing to pick
    rc, rr = guard.spread
    dist = math.dist
    ds = list(map(dist, repeat(rc), centres))
    d = min(ds)
    k = ds.index(d)  # the first of the nearest: the sort's first pair (distance, then path order)
    points = frame_path[k]
    if d - rr - (max(map(dist, repeat(centres[k], len(points)), points)) + BASE_ALLOWANCE) <= reach:
        return k  # path_spreads' sums for this sample
    each = spreads()
    # by distance, then path order (k is unique: the pairs are never compared past it)
    for d, k in sorted(zip(ds, range(len(ds))))[1:]:
        if d - rr - each[k][1] <= reach:
            return k
    return None


def catch_point(rules, state, reactor: UnitState, mover: UnitState, frame_path, ids,
                spreads=None, bases=None) -> Positions | None:
    """Where along the path ``reactor`` would fire at ``mover``: of the samples in its field of
    fire, the one where the mover's centre came nearest the reactor's; None when the whole path is
    out of it.  ``spreads``: the path's ``PathSpreads``, and ``bases``: the mover's ``mover_bases``,
    when the caller asks for several reactors.

    The answer follows from positions alone (its figures, the mover's bases, the path; for a
    mortar, which may fire where friends spot, every friendly unit's figures too), so it is kept:
    the window's opening, its decision and the reaction itself ask the same question of the same
    window, and after a reaction suppressed some of the mover's figures the window asks again of
    its other reactors (which is why the key holds the mover's bases, ids and radii, not its
    figures).  Kept under the ids of the reactor's figures and of the path (with the reactor's two
    flags ``weapon_of`` reads, the bases and the movers' ids), both held in the entry beside the
    answer, so no other object takes those ids while it stands (``answer_cache``): a window's
    path is one tuple from its opening to its reaction, and hashing it whole at each look-up
    cost more than the rest of the question.  A mortar's answer also depends on every friendly
    unit's figures (``_friends``): they are kept with it and compared at each look-up."""
    m = rules.measure_for(reactor)
    figures = reactor.figures
    if bases is None:
        bases = mover_bases(mover)
    key = (id(figures), reactor.carried_by, reactor.weapon_destroyed, bases, id(frame_path), ids)
    kept = m.catches.get(key)
    friends = None
    if kept is not None:
        if kept[1] is None:
            return kept[0]
        friends = _friends(state, reactor)
        if friends == kept[1]:
            return kept[0]
    guard = guard_of(rules, reactor)
    if guard.shooters is None and friends is None:
        friends = _friends(state, reactor)
    found = _catch_point(rules, state, reactor, guard, mover, frame_path, ids, spreads)
    remember(m.catches, key, (found, friends if guard.shooters is None else None, figures, frame_path))
    return found


def mover_bases(mover: UnitState) -> tuple:
    """The (id, base radius) of each of ``mover``'s figures: what a catch point reads of them
    (``catch_point``'s key), worked out once for every reactor asked about one window."""
    return tuple([(f.id, f.r) for f in mover.figures])


def _friends(state, reactor: UnitState) -> tuple:
    """The (id, figures) of every living unit of ``reactor``'s side, its own included: where a
    mortar's friends stand, who may spot for it (# FUBAR mortars)."""
    side = reactor.side
    return tuple([(u.id, u.figures) for u in state.units.values() if u.side == side and u.alive])


def _catch_point(rules, state, reactor: UnitState, guard: Guard, mover: UnitState, frame_path, ids,
                 spreads) -> Positions | None:
    """``catch_point``'s answer worked out (``guard``: the reactor's ``Guard``)."""
    if spreads is None:
        spreads = PathSpreads(frame_path)
    m = rules.measure_for(reactor)
    shooters = guard.shooters
    spotters = _Spotters(state, reactor.side) if shooters is None else None
    radius = {f.id: f.r for f in mover.figures}
    reach = _prune_reach(guard, mover)
    # the sample nearest the reactor settles most paths it sees at all: asked first, before the
    # whole path's watchers are sorted out and its samples sorted (for a mortar too)
    first = _nearest_in_range(guard, reach, frame_path, spreads)
    if first is None:
        return None
    places = frame_path[first]
    if _fires_at_places(rules, state, m, reactor, shooters, mover, ids, radius, places, spotters):
        return places
    if shooters is not None:
        shooters = _watching(m, shooters, spreads.box(), max(radius.values(), default=0.0))
        if not shooters:
            return None
    near = _in_range_samples(guard, reach, frame_path, spreads())
    for k, (_d, _k, positions) in enumerate(near):
        if k == 0:
            continue  # ``first``, asked already: not seen
        if k == 1 and len(near) > 2:
            # past the nearest sample, one numpy batch for the rest of the path's sight lines,
            # then cached answers
            if shooters is None:
                m.prefetch_sight_lines([f.pos for f in reactor.figures], [p for _d, _k, positions in near[1:] for p in positions])
            elif len(shooters) * len(radius) * (len(near) - 1) >= BATCH:  # else too few lines for a batch
                m.prefetch_lines(_lines_in_reach(shooters, near[1:], ids, radius), least=BATCH)
        if _fires_at_places(rules, state, m, reactor, shooters, mover, ids, radius, positions, spotters):
            return positions
    return None


def _fires_at_places(rules, state, m, reactor: UnitState, shooters, mover: UnitState, ids, radius, places,
                     spotters=None) -> bool:
    """Could ``reactor`` fire at ``mover`` standing at ``places`` (one sample of its path)?
    ``can_fire_at``'s answer from positions alone (no ghost figures built, nothing kept on figures
    that stand there only in this question): direct weapons (``shooters``) through
    ``any_sees_within``; a unit with a mortar (``shooters`` None) through ``_mortar_fires_at``
    (``spotters``: its side's ``_Spotters``, when the caller asks about several samples)."""
    targets = [(p, radius[i]) for i, p in zip(ids, places) if i in radius]
    if shooters is None:
        return bool(targets) and _mortar_fires_at(rules, state, m, reactor, targets, spotters)
    return m.any_sees_within(shooters, targets)


class _Spotters:
    """The places and base radii of every figure of one side, who may spot for its mortars
    (# FUBAR mortars), listed when a mortar first needs a friend's eyes and then kept for the
    rest of the path: nobody of that side moves while a path is asked about."""

    __slots__ = ("_state", "_side", "_places")

    def __init__(self, state, side: str) -> None:
        self._state = state
        self._side = side
        self._places: list | None = None

    def __call__(self) -> list:
        if self._places is None:
            side = self._side
            self._places = [(g.pos, g.r) for u in self._state.units.values() if u.side == side for g in u.figures]
        return self._places


def _mortar_fires_at(rules, state, m, reactor: UnitState, targets, spotters=None) -> bool:
    """``can_fire_at`` of a unit holding a mortar (# FUBAR mortars), able to fire (On Guard asks
    it only then), at figures standing at ``targets`` ((point, radius) pairs): its direct weapons
    as ``direct_reach`` asks them; then each mortar figure's shot (``targeting.shot``): the range
    to the nearest target figure it sees or, seeing none, to the nearest one when a friendly
    figure (any of its side's, its own unit's included) sees one; a shot within the longest band
    has Fire Points.  A mortar figure with every target beyond that band is passed over before
    any sight line is drawn: no range it could use is shorter."""
    armed = guard_of(rules, reactor).armed  # its figures able to fire, in figure order
    direct = [(f.pos, f.r, w.reach) for f, w in armed if not w.indirect]
    mortars = [(f, w) for f, w in armed if w.indirect]
    if direct and m.any_sees_within(direct, targets):
        return True
    spotted = None
    for f, w in mortars:
        ranged = sorted([(_edge_to(f, p, r), k) for k, (p, r) in enumerate(targets)])
        if ranged[0][0] > w.reach:
            continue  # out of its band whatever it or a friend sees
        d = _nearest_place_seen(m, f, targets, ranged)
        if d is None:
            if spotted is None:
                if spotters is None:
                    spotters = _Spotters(state, reactor.side)
                spotted = any_place_seen(m, spotters(), targets)
            if not spotted:
                continue
            d = ranged[0][0]
        if w.fire_points(d):
            return True
    return False


def _edge_to(f: Fig, p: Point, r: float) -> float:
    """``measure.edge`` from figure ``f`` to a base of radius ``r`` at ``p`` (the same sums)."""
    dx = f.x - p[0]
    dy = f.y - p[1]
    return max(math.sqrt(dx * dx + dy * dy) - f.r - r, 0.0)


def _nearest_place_seen(m, f: Fig, targets, ranged) -> float | None:
    """``Measure.nearest_seen`` of ``f`` for figures at ``targets`` (``ranged``: their edge
    distances and indices, sorted): the distance to the nearest it sees, asked nearest first."""
    a, ra = f.pos, f.r
    fa, da = m.feature_at(a)
    feature_at, seen = m.feature_at, m._seen_now
    for d, k in ranged:
        b, rb = targets[k]
        if seen(a, b, ra, rb, fa, da, *feature_at(b)):
            return d
    return None


def _watching(m, shooters, box, widest: float) -> list:
    """The ``shooters`` that might see some place of a path held in ``box`` (``widest``: the
    mover's largest base radius); dropped, those that cannot see any: every place out of reach
    (edge to edge, measured to the box), or the whole box in the shadow of one building
    (``Table.box_hidden``) when the shooter is in no cover area the box meets (two figures in one
    cover area may see each other without a sight line).  The answer is the one every sight line
    would give, without drawing them: most paths an On Guard unit cannot see run behind a
    building."""
    x0, y0, x1, y1 = box
    table, feature_at, shadow = m.table, m.feature_at, m.shadow
    out = []
    for shooter in shooters:
        (ax, ay), ra, reach = shooter
        gx, gy = max(x0 - ax, 0.0, ax - x1), max(y0 - ay, 0.0, ay - y1)
        if math.sqrt(gx * gx + gy * gy) - ra - widest > reach:
            continue
        fid, _depth = feature_at((ax, ay))
        if fid is not None:
            fx0, fy0, fx1, fy1 = table.feature(fid).bbox
            if not (fx0 > x1 or fx1 < x0 or fy0 > y1 or fy1 < y0):
                out.append(shooter)  # the box may reach into its own cover area
                continue
        if not table.box_hidden((ax, ay), box, shadow):
            out.append(shooter)
    return out


def _lines_in_reach(shooters, near, ids, radius) -> list:
    """The sight lines ``sees_within`` may ask along the rest of a path: from each shooter to each
    place of a mover's figure within the shooter's reach (the others are never looked at)."""
    out = []
    sqrt = math.sqrt
    for _d, _k, positions in near:
        for i, p in zip(ids, positions):
            r = radius.get(i)
            if r is None:
                continue
            px, py = p
            for a, ra, reach in shooters:
                dx, dy = a[0] - px, a[1] - py
                if sqrt(dx * dx + dy * dy) - ra - r <= reach:  # geo.distance(a, p), written out: edge <= reach (reach > 0)
                    out.append((a, p))
    return out


def _direct_shooters(armed) -> list[tuple[Point, float, float]] | None:
    """(position, base radius, longest range) of each figure able to fire (``armed``: figures and
    their weapons), as ``can_fire_at`` measures a direct weapon; None when one has an indirect weapon."""
    out = []
    for f, w in armed:
        if w.indirect:
            return None
        out.append((f.pos, f.r, w.reach))  # as can_fire_at
    return out


def reactors(rules, state, frame: OnGuardWindow) -> list[str]:
    """# FUBAR on-guard: ``frame.player``'s On Guard units able to fire at the enemy where it stands
    now or, for a mover, anywhere along its path."""
    e = state.units.get(frame.enemy)
    if e is None or not e.alive or engaged(state, frame.enemy):
        return []
    out = []
    spreads = PathSpreads(frame.path)
    bases = mover_bases(e)
    for u in state.units.values():
        if u.side != frame.player or not u.alive or not u.on_guard or u.reacted or engaged(state, u.id):
            continue
        if frame.path:
            if catch_point(rules, state, u, e, frame.path, frame.movers, spreads, bases) is not None:
                out.append(u.id)
        elif can_fire_at(rules, state, u, e):
            out.append(u.id)
    return out


def known_threats(rules, state, mover: UnitState) -> list[UnitState]:
    """The ``threats`` the mover's side can know of: a hidden On Guard unit may react, but a menu
    or plan built on it would tell the mover where it lies (# FUBAR hidden)."""
    return [u for u in threats(rules, state, mover) if not u.hidden]


def exposed(rules, state, mover: UnitState, paths: tuple[Positions, ...], watching=None) -> bool:
    """Would any enemy On Guard unit the mover's side knows of be able to react to ``mover``
    moving along ``paths``?  (``watching``: the mover's ``watchers``, when the caller asks this
    of several paths.)  The answer is ``catch_point``'s, not None for some unit; but a menu needs
    only whether one is, not where: so every direct-fire unit's figures are asked together, sample
    by sample (a unit of them sees a sample or none does), each sample's places looked up once for
    all of them, from the end of the path back (where a move toward the enemy is seen first)."""
    if watching is None:
        watching = watchers(rules, state, mover, known_threats(rules, state, mover))
    direct, others = watching
    if not direct and not others:
        return False
    starts = tuple(f.pos for f in mover.figures)
    ids = tuple(f.id for f in mover.figures)
    m = rules.measure_for(mover)
    end = end_places(starts, paths)
    if direct and end is not None and _seen_along(m, direct, mover, (end,), ids):
        return True  # the end settles most paths an On Guard unit sees at all: no samples drawn
    # the watchers that may see the rest of the path, cut by a box that holds it, worked out from
    # the figures' legs: when none is left and no mortar watches, no sample is drawn at all
    kept = _watching_box(m, direct, mover, path_bound(starts, paths, end is not None)) if direct else []
    if not kept and not others:
        return False
    samples = path_samples(starts, paths)
    if kept and _seen_along(m, kept, mover, samples[:-1] if end is not None else samples, ids):
        return True
    spreads, bases = PathSpreads(samples), mover_bases(mover)
    return any(catch_point(rules, state, u, mover, samples, ids, spreads, bases) is not None for u in others)


def end_places(starts: Positions, paths: tuple[Positions, ...]) -> Positions | None:
    """The last of ``path_samples``' positions when every figure goes straight to one point or
    stays (None for a path that bends): its sums, without the samples before it (the last
    fraction along a leg is exactly 1, so a figure's end sample is its start plus its leg)."""
    out = []
    for (ax, ay), p in zip(starts, paths):
        if not p:
            out.append((ax, ay))
            continue
        if len(p) > 1:
            return None
        (bx, by), = p
        if (bx, by) == (ax, ay):
            out.append((ax, ay))  # a leg of no length: the start at every sample
            continue
        out.append((ax + (bx - ax), ay + (by - ay)))
    return tuple(out)


def watchers(rules, state, mover: UnitState, enemies: list[UnitState]):
    """``enemies`` (the ``known_threats`` to ``mover``) as ``exposed`` asks them: (direct, others).  ``direct``:
    a (reach, centre, spread, shooters) for each unit firing direct weapons only, on the mover's
    table, as ``catch_point`` measures it (``_in_range_samples``'s prune by the longest range and
    the unit's spread, ``_direct_shooters``); ``others`` (a mortar's unit, which may fire where
    friends spot): the units asked through ``catch_point`` itself."""
    m = rules.measure_for(mover)
    direct, others = [], []
    for u in enemies:
        guard = guard_of(rules, u)
        if guard.shooters is None or rules.measure_for(u) is not m:
            others.append(u)
            continue
        reach = _prune_reach(guard, mover)
        if reach > 0.0:  # else no sample is in its range (_in_range_samples)
            rc, rr = guard.spread
            direct.append((reach, rc, rr, guard.shooters))
    return direct, others


#: ``watching_within``: how far past a figure's reach its end may lie (ends are rounded to 1/1000").
END_ROUNDING = 0.01


def watching_within(rules, mover: UnitState, watching, reach: float):
    """``watching`` (``watchers``) less the direct shooters that see no place ``mover``'s
    figures can reach in a straight move of at most ``reach`` inches (a suggested body move's:
    each figure goes straight toward a point that near, or less far): ``_watching`` of the box of
    its figures widened by that.  So when every watcher is dropped and no other unit
    (``others``) watches, no such move is exposed, and a menu asks no path at all."""
    direct, others = watching
    if not direct:
        return watching
    figs = mover.figures
    widen = reach + END_ROUNDING
    xs, ys = [f.x for f in figs], [f.y for f in figs]
    box = (min(xs) - widen, min(ys) - widen, max(xs) + widen, max(ys) + widen)
    return _watching_box(rules.measure_for(mover), direct, mover, box), others


def _watching_box(m, direct, mover: UnitState, box):
    """``direct`` (``watchers``) with each unit's shooters cut to those ``_watching`` keeps for
    places in ``box``; a unit left with none is dropped."""
    widest = max([f.r for f in mover.figures], default=0.0)
    kept = []
    for reach, rc, rr, shooters in direct:
        seeing = _watching(m, shooters, box, widest)
        if seeing:
            kept.append((reach, rc, rr, seeing))
    return kept


#: ``path_bound``'s margin (inches) for the rounding of the samples' sums (some 1e-13 on a table).
BOUND_MARGIN = 1e-6


def path_bound(starts: Positions, paths: tuple[Positions, ...], end_asked: bool) -> tuple[float, float, float, float]:
    """A box (x0, y0, x1, y1) holding every place ``path_samples`` gives, less the end when
    ``end_asked`` (every figure going straight to one point or staying: ``end_places`` is not
    None), without drawing the samples: each figure's places lie on its legs, so within the box
    of its start and waypoints; going straight, within that of its start and its place at the
    last fraction but one, ``(steps - 1) / steps``.  Widened by ``BOUND_MARGIN`` for rounding.

    ``_watching`` keeps every shooter that may see some place of a box: for a box holding the
    exact one it keeps those it keeps for that box and perhaps more, each of which sees none of
    those places, so ``_seen_along``'s answer (does one of them see one) is the same."""
    if end_asked:
        lengths = [math.dist(a, p[0]) if p else 0.0 for a, p in zip(starts, paths)]
        steps = sample_steps(max(lengths + [0.0]))
        t = (steps - 1) / steps
        points = list(starts) + [(ax + (bx - ax) * t, ay + (by - ay) * t)
                                 for (ax, ay), p in zip(starts, paths) if p for bx, by in p]
    else:
        points = list(starts) + [q for p in paths for q in p]
    xs = [x for x, _y in points]
    ys = [y for _x, y in points]
    margin = BOUND_MARGIN
    return (min(xs) - margin, min(ys) - margin, max(xs) + margin, max(ys) + margin)


def _seen_along(m, direct, mover: UnitState, samples, ids) -> bool:
    """Does a shooter of ``direct`` (``watchers``) see the mover at one of ``samples``: within the
    range prune of its unit (``_in_range_samples``), then ``any_sees_within`` (asked of every
    unit's shooters at once: its answer is whether one of them sees).  Asked from the last sample
    back (a move toward the enemy is seen at its end first): ``exposed`` asks the end alone with
    every watcher, then the rest of the path with the watchers ``_watching_box`` keeps for the
    box that holds it (``path_bound``)."""
    radius = {f.id: f.r for f in mover.figures}
    radii = [radius.get(i) for i in ids]
    whole = None not in radii  # every place's figure still standing: each place paired with its radius by zip
    dist = math.dist
    for places in reversed(samples):
        sc, sr = _spread(places)  # this sample's alone: a path seen near its end needs no others
        shooters = [s for reach, rc, rr, unit in direct if dist(rc, sc) - rr - sr <= reach for s in unit]
        if shooters and m.any_sees_within(shooters, list(zip(places, radii)) if whole else
                                          [(p, radius[i]) for i, p in zip(ids, places) if i in radius]):
            return True
    return False


# -- opening windows and reacting -----------------------------------------------------------------
def open_move_windows(rules, ctx, uid: str, starts: Positions, paths: tuple[Positions, ...], *,
                      was_hidden: bool) -> None:
    """After ``uid`` moved: a reaction window for each other player with an On Guard unit whose
    field of fire the move crossed (players pushed in reverse initiative order, so the first in
    the order decides first)."""
    state = ctx.state
    e = state.units[uid]
    if not threats(rules, state, e):
        return
    ids = tuple(f.id for f in e.figures)
    samples = path_samples(starts, paths)
    if was_hidden:  # FUBAR hidden: a hidden mover shows itself only where it leaves cover
        m = rules.measure_for(e)
        samples = tuple(s for s in samples if m.cover_of(s) == 0)
    if not samples:
        return
    order = state.order or rules.players
    for p in [p for p in reversed(order) if p != e.side]:
        frame = OnGuardWindow(uid, p, "move", (), samples, ids)
        if window_opens(rules, state, frame):
            ctx.push(frame)


def open_fire_windows(rules, ctx, uid: str) -> None:
    """After ``uid`` fired, where the policy lets On Guard answer fire (LWTV): a window for each
    other player with an On Guard unit able to fire at it where it stands."""
    if "fire" not in rules.policy.on_guard_triggers:
        return
    state = ctx.state
    e = state.units[uid]
    if e.hidden:
        return
    order = state.order or rules.players
    for p in [p for p in reversed(order) if p != e.side]:
        frame = OnGuardWindow(uid, p, "fire")
        if window_opens(rules, state, frame):
            ctx.push(frame)


def window_opens(rules, state, frame: OnGuardWindow) -> bool:
    """Is ``frame.player`` asked whether to react?  When it has a hidden On Guard unit still able
    to react, always (``hidden_guard``); otherwise when one of its units is able to fire at the enemy."""
    return hidden_guard(state, frame.player) or bool(reactors(rules, state, frame))


def hidden_guard(state, player: str) -> bool:
    """Has ``player`` a hidden On Guard unit still able to react?  Then its windows are asked even
    when no unit can fire (# FUBAR hidden: whether that unit could fire depends on where it is,
    which the enemy may not learn from the window opening, staying open or closing)."""
    return any(u.side == player and u.hidden and u.alive and u.on_guard and not u.reacted and not engaged(state, u.id)
               for u in state.units.values())


def react(rules, ctx, frame: OnGuardWindow, uid: str) -> None:
    """The reaction fire, at the enemy where the reactor catches it on its path (or where it is)."""
    state = ctx.state
    e = state.units[frame.enemy]
    at = None
    if frame.path:
        point = catch_point(rules, state, state.units[uid], e, frame.path, frame.movers)
        if point is not None:
            # the places of the mover's figures still standing, in its figure order (as its
            # ``_ghost`` there would stand): no ghost figures built only to be read
            places = dict(zip(frame.movers, point))
            at = {frame.enemy: tuple([places[f.id] for f in e.figures if f.id in places])}
    resolve_fire(rules, ctx, uid, (frame.enemy,), reaction=True, at=at)
