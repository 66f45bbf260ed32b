"""The suggested moves: what random play, bots and menus choose from (# FUBAR actions).

A player may put each figure anywhere within its allowance (``MoveFigures``); these suggestions
are the moves a player commonly means, worked out by the rules so that one label gives one exact
placement.  Kinds (``Move.kind``, with ``ref`` and ``side``):

* ``enemy`` — toward a visible enemy unit, stopping 1" short (contact is for Assault); full or half.
* ``objective`` — toward a scenario objective; full or half.
* ``cover`` — into a cover piece in reach (``ref`` its id): 1" past the nearest point of its edge.
* ``away`` — directly away from the nearest visible enemy; full or half.
* ``flank`` — around a visible enemy (the nearest, and every vehicle in sight) to its ``left`` or
  ``right`` at the present range (at least 4"); behind a vehicle's ``rear`` as well.  Left and
  right are the vehicle's own (by its heading); for troops, as the mover faces them.
* ``sidestep`` — 2" to the ``left`` or ``right`` of the line to the nearest visible enemy.
* ``regroup`` — when figures are out of coherency: each figure farther than 2.4" from the
  ``leader`` (or the unit's ``centre``) moves to a free place in two rings around it.
* ``screened`` — a run or walk toward the nearest objective or the nearest visible enemy
  (``ref``) but turned by ``side`` degrees (±45) so that no enemy On Guard unit able to react
  has the path in its field of fire (only units the mover's side can see: a hidden one's field of
  fire would give its place away); offered only when the unit stands outside every such field,
  the direct move crosses one and the turned one does not.

Body moves (all but ``regroup``) move every figure by the same vector, each stopped by its
allowance, the table edge and terrain, and the vector is shortened where a figure would end
touching a visible enemy base (contact is made only by an Assault).  A suggestion is offered
when its vector is at least 1/4" long.
"""
from __future__ import annotations

import math
from functools import lru_cache
from typing import NamedTuple

from tabletop_core.boards import geometry as geo

from .measure import centroid, unit_distance
from .move_allowance import DISTANCE, SMALLEST_MOVE, can_move, profile_of
from .movement import INTO_COVER, STAND_OFF, objectives, toward, toward_on
# imported here, not in the functions that ask it: an import statement in a function runs at every
# call, and a relative one resolves its package each time (some 4 us: a menu's screened moves
# asked it at every menu and path); on_guard does not import this module
from .on_guard import exposed, known_threats, watchers, watching_within
from .sight import visible_enemies
from .state import Move, UnitState
from .targeting import can_fire_at

#: ``flank``: the least distance from the enemy a flanking move aims for.
FLANK_RANGE = 4.0
#: ``sidestep``: how far a sidestep goes.
SIDESTEP = 2.0
#: ``regroup``: the two rings of places around the anchor (radius, places).
RINGS = ((1.2, 6), (2.4, 12))
#: Body moves that would end touching an enemy base are shortened in steps of 1/CLEAR_STEPS.
CLEAR_STEPS = 20
#: ``screened``: offered toward this many of the nearest objectives (and the nearest enemy).
SCREENED_GOALS = 1
#: ``screened``: the turns tried, in order.
SCREEN_TURNS = ("+45", "-45")

#: The suggested moves are values (frozen, compared by value), so each is built once and handed to
#: every menu that offers it: a menu offers a dozen, and building one (attrs' frozen ``__init__``)
#: costs ten times finding it.  Called with every field, in order (mode, kind, ref, half, side),
#: so one move has one key; bounded, as the measuring caches are (the moves of a scenario are
#: far fewer: its units, objectives and cover pieces by the modes and sides).
_suggested = lru_cache(maxsize=1 << 14)(Move)


def _unit(dx: float, dy: float) -> tuple[float, float] | None:
    d = math.hypot(dx, dy)
    return None if d < 1e-9 else (dx / d, dy / d)


def _toward(c, t, dist: float) -> tuple[float, float]:
    """A vector from ``c`` toward ``t`` of length ``dist`` (never past ``t``)."""
    u = _unit(t[0] - c[0], t[1] - c[1])
    if u is None:
        return (0.0, 0.0)
    dist = min(dist, math.dist(c, t))
    return (u[0] * dist, u[1] * dist)


def _rotate(v, degrees: float):
    a = math.radians(degrees)
    return (v[0] * math.cos(a) - v[1] * math.sin(a), v[0] * math.sin(a) + v[1] * math.cos(a))


@lru_cache(maxsize=65536)
def cover_in_reach(measure, centre: tuple[float, float], reach: float) -> tuple[tuple[str, tuple[float, float], float], ...]:
    """Cover pieces with an edge within ``reach`` of ``centre`` that do not hold it already: (id,
    nearest edge point, distance), in table order.  Cached (tables never change)."""
    out = []
    cx, cy = centre
    for f in measure.table.features:
        if f.cover <= 0:
            continue
        x0, y0, x1, y1 = f.bbox
        if math.hypot(max(x0 - cx, 0.0, cx - x1), max(y0 - cy, 0.0, cy - y1)) > reach + 1e-6:
            continue  # its box is out of reach, so is its edge (slack for rounding)
        if geo.point_in_polygon(centre, f.vertices):
            continue
        qx, qy, d2 = geo.closest_on_boundary(centre, f.vertices)
        d = math.sqrt(d2)
        if d <= reach:
            out.append((f.id, (qx, qy), d))
    return tuple(out)


def _nearest(u: UnitState, seen: list[UnitState]) -> UnitState | None:
    return min(seen, key=lambda e: (unit_distance(u, e), e.id)) if seen else None


def flank_point(c, ec, heading: float | None, side: str) -> tuple[float, float]:
    """Where a ``flank`` move from ``c`` aims: beside (or behind) the enemy centred at ``ec`` at
    the present range, at least 4"; ``heading`` is a vehicle's (None for troops).  Agents call
    this with public positions."""
    rng = max(math.dist(c, ec), FLANK_RANGE)
    if heading is not None:
        h = math.radians(heading)
        front = (math.cos(h), math.sin(h))
        v = {"left": _rotate(front, 90.0), "right": _rotate(front, -90.0), "rear": (-front[0], -front[1])}[side]
    else:
        back = _unit(c[0] - ec[0], c[1] - ec[1]) or (0.0, -1.0)
        v = _rotate(back, -90.0 if side == "left" else 90.0)
    return (ec[0] + v[0] * rng, ec[1] + v[1] * rng)


def _base_vector(rules, state, u: UnitState, kind: str, ref: str, reach: float, c) -> tuple[float, float]:
    if kind == "objective":
        return _toward(c, objectives(rules, state)[ref], reach)
    e = state.units[ref]
    gap = max(unit_distance(u, e) - STAND_OFF, 0.0)
    return _toward(c, centroid(e), min(reach, gap))


def body_vector(rules, state, u: UnitState, move: Move, reach: float, seen=None, c=None) -> tuple[float, float]:
    """The displacement of the unit's centre for a body move (may be shorter than ``reach``);
    ``c``: the unit's centroid, when the caller has it (a menu asks this of every candidate)."""
    kind = move.kind
    if c is None:
        c = centroid(u)
    if kind in ("objective", "enemy"):
        return _base_vector(rules, state, u, kind, move.ref, reach, c)
    if kind == "cover":
        feature = rules.measure_for(u).table.feature(move.ref)
        if geo.point_in_polygon(c, feature.vertices):
            return (0.0, 0.0)
        qx, qy, d2 = geo.closest_on_boundary(c, feature.vertices)
        d = math.sqrt(d2)
        return _toward(c, (c[0] + (qx - c[0]) / d * (d + INTO_COVER), c[1] + (qy - c[1]) / d * (d + INTO_COVER)), reach)
    if kind == "flank":
        e = state.units[move.ref]
        return _toward(c, flank_point(c, centroid(e), e.heading if e.vehicle else None, move.side), reach)
    if kind == "screened":
        turned_from = "objective" if move.ref in objectives(rules, state) else "enemy"
        base = _base_vector(rules, state, u, turned_from, move.ref, reach, c)
        return _rotate(base, float(move.side))
    if seen is None:
        seen = visible_enemies(rules, state, u)
    e = _nearest(u, seen)
    if kind == "away":
        if e is None:
            return (0.0, 0.0)
        ec = centroid(e)
        return _toward(c, (2 * c[0] - ec[0], 2 * c[1] - ec[1]), reach)
    if kind == "sidestep":
        line = _unit(*(b - a for a, b in zip(c, centroid(e)))) if e is not None else None
        line = line or (0.0, 1.0)
        v = _rotate(line, 90.0 if move.side == "left" else -90.0)
        dist = min(reach, SIDESTEP)
        return (v[0] * dist, v[1] * dist)
    raise ValueError(f"not a body move: {kind!r}")


def regroup_targets(u: UnitState, ref: str) -> tuple[tuple[float, float], ...]:
    """# FUBAR activation (coherency): where each figure heads to close up on the anchor."""
    leader = next((f for f in u.figures if f.leader), None)
    anchor = leader.pos if ref == "leader" and leader is not None else centroid(u)
    far_limit = RINGS[-1][0] + 1e-6
    staying = [f.pos for f in u.figures if math.dist(f.pos, anchor) <= far_limit]
    places = [(ring, (anchor[0] + r * math.cos(2 * math.pi * k / n), anchor[1] + r * math.sin(2 * math.pi * k / n)))
              for ring, (r, n) in enumerate(RINGS) for k in range(n)]
    free = [(ring, p) for ring, p in places if all(math.dist(p, s) >= 1.0 for s in staying)]
    out = []
    for f in u.figures:
        if math.dist(f.pos, anchor) <= far_limit or not free:
            out.append(f.pos)
            continue
        # the inner ring first: any two places on it are within 3" of each other, edge to edge
        spot = min(free, key=lambda rp: (rp[0], math.dist(rp[1], f.pos), rp[1]))
        free.remove(spot)
        out.append((round(spot[1][0], 3), round(spot[1][1], 3)))
    return tuple(out)


def plan(rules, state, u: UnitState, move: Move, allowances: dict[str, float]):
    """The end positions of a suggested move and the allowance each figure uses."""
    reach = max(allowances.values(), default=0.0)
    if move.half:
        reach = min(reach, DISTANCE[move.mode] / 2)
    if move.kind == "regroup":
        return toward(rules, u, regroup_targets(u, move.ref), allowances)
    v = body_vector(rules, state, u, move, reach)
    limits = {k: min(a, reach) for k, a in allowances.items()}
    return _clear_ends(_mover(rules, u, limits), v, _bases_within_move(u, math.hypot(*v), state.units.values()))


class _Mover(NamedTuple):
    """What ``_clear_ends`` moves, built once for every vector tried: the unit's figures (for the
    enemy bases they must not touch), its table and move profile, and where each figure stands,
    its limit and its base radius, in figure order (``movement.toward_on``'s lists)."""

    figures: tuple
    table: object
    profile: object
    starts: list
    limits: list
    radii: list


def _mover(rules, u: UnitState, limits: dict[str, float]) -> _Mover:
    figs = u.figures
    return _Mover(figs, rules.measure_for(u).table, profile_of(u), [(f.x, f.y) for f in figs],
                  [limits[f.id] for f in figs], [f.r for f in figs])


def _clear_ends(mover: _Mover, v, enemies):
    """A body move's end positions and the allowance each figure uses: every figure of ``mover``
    (``_mover``) moved by ``v`` within its limit, the vector shortened, if need be, to stop clear
    of ``enemies``' bases (``_bases_within_move``: any list holding those, as the others cannot be
    touched)."""
    figs, table, profile, starts, limits, radii = mover
    vx, vy = v
    # the whole vector first (k = 1: v * 1.0 is v): most moves touch no base
    ends, used = toward_on(table, profile, starts, [(x + vx, y + vy) for x, y in starts], limits, radii)
    if not enemies or not _touching(figs, ends, enemies):
        return ends, used
    for step in range(CLEAR_STEPS - 1, -1, -1):
        k = step / CLEAR_STEPS
        ends, used = toward_on(table, profile, starts, [(x + vx * k, y + vy * k) for x, y in starts], limits, radii)
        if not _touching(figs, ends, enemies):
            return ends, used
    return tuple(f.pos for f in figs), tuple(0.0 for _ in figs)


def _touching(figs, ends, enemies) -> bool:
    """Does a figure standing at its end touch one of ``enemies``' bases (x, y, radius)?"""
    dist = math.dist
    return any(dist(p, (gx, gy)) < f.r + gr for f, p in zip(figs, ends) for gx, gy, gr in enemies)


def _bases_within_move(u: UnitState, length: float, units) -> list[tuple[float, float, float]]:
    """The visible enemy bases (x, y, radius) a figure of ``u`` could touch when each moves at
    most ``length`` from where it stands: those within the box of its figures widened by that,
    both radii and a margin for the rounding of end positions (the others cannot touch any end
    of the move), in table order.  The box is worked out first, so a base outside it is passed
    over without being listed."""
    figs = u.figures
    if not figs:
        return []
    reach = length + max([f.r for f in figs]) + 0.01
    xs, ys = [f.x for f in figs], [f.y for f in figs]
    x0, x1, y0, y1 = min(xs) - reach, max(xs) + reach, min(ys) - reach, max(ys) + reach
    side = u.side
    return [(g.x, g.y, g.r) for e in units if e.side != side and e.figures and not e.hidden
            for g in e.figures if x0 - g.r <= g.x <= x1 + g.r and y0 - g.r <= g.y <= y1 + g.r]


def move_options(rules, state, u: UnitState, mode: str, allowances: dict[str, float] | None = None) -> list[Move]:
    """The suggested moves for ``mode`` (the kinds are listed in the module docstring)."""
    if not can_move(u):
        return []
    if allowances is None:
        allowances = {f.id: DISTANCE[mode] for f in u.figures}
    reach = max(allowances.values(), default=0.0)
    if reach < SMALLEST_MOVE:
        return []
    seen = visible_enemies(rules, state, u)
    apart = enemy_measures(u, seen)
    nearest = min(apart)[2] if apart else None  # _nearest's: by distance, then id
    c = centroid(u)
    out = [m for m, r, length in body_candidates(rules, state, u, mode, reach, seen, nearest, c, apart)
           if length > _SURELY_LONG or (length >= _SURELY_SHORT
                                        and math.hypot(*body_vector(rules, state, u, m, r, seen, c)) >= SMALLEST_MOVE)]
    if not u.vehicle and len(u.figures) > 1 and rules.measure_for(u).out_of_coherency(u):
        out += [_suggested(mode, "regroup", ref, False, "") for ref in ("leader", "centre")
                if (ref == "centre" or any(f.leader for f in u.figures))]
    out += _screened(rules, state, u, mode, reach, allowances, nearest, c)
    return out


#: A body move whose length (``body_candidates``) is beyond these is offered or not by it alone:
#: the vector's own length differs from it by a few units in the last place.
_SURELY_LONG = SMALLEST_MOVE + 1e-9
_SURELY_SHORT = SMALLEST_MOVE - 1e-9


def enemy_measures(u: UnitState, seen) -> list[tuple[float, str, UnitState, tuple[float, float]]]:
    """For each of ``seen`` (the visible enemies), in order: (its ``unit_distance`` from ``u``, its
    id, the unit, its centroid): what a menu asks of each, once."""
    return [(unit_distance(u, e), e.id, e, centroid(e)) for e in seen]


def body_candidates(rules, state, u: UnitState, mode: str, reach: float, seen, nearest, c,
                    apart=None) -> list[tuple[Move, float, float]]:
    """The body moves a menu considers, in menu order: (move, its reach, the length of its vector
    up to rounding).  Every body move goes straight toward a point (``_toward``) or a fixed
    distance, so its length is known without working out the vector; ``seen``, ``nearest``, ``c``:
    the visible enemies, the nearest of them and the unit's centroid (``apart``: their
    ``enemy_measures``, when the caller has them)."""
    if apart is None:
        apart = enemy_measures(u, seen)
    half = min(reach, DISTANCE[mode] / 2)
    candidates: list[tuple[Move, float, float]] = []
    for gap, eid, _e, ec in apart:
        d = min(max(gap - STAND_OFF, 0.0), math.dist(c, ec))
        candidates += [(_suggested(mode, "enemy", eid, False, ""), reach, min(reach, d)),
                       (_suggested(mode, "enemy", eid, True, ""), half, min(half, d))]
    for k, point in objectives(rules, state).items():
        d = math.dist(c, point)
        candidates += [(_suggested(mode, "objective", k, False, ""), reach, min(reach, d)),
                       (_suggested(mode, "objective", k, True, ""), half, min(half, d))]
    for fid, _point, d in cover_in_reach(rules.measure_for(u), c, reach):
        candidates.append((_suggested(mode, "cover", fid, False, ""), reach, min(reach, d + INTO_COVER)))  # 1" past the edge
    centres = {eid: ec for _gap, eid, _e, ec in apart}
    if nearest is not None:
        ec = centres[nearest.id]
        d = math.dist(c, (2 * c[0] - ec[0], 2 * c[1] - ec[1]))
        candidates += [(_suggested(mode, "away", "", False, ""), reach, min(reach, d)),
                       (_suggested(mode, "away", "", True, ""), half, min(half, d))]
    flanked = ([nearest] if nearest is not None else []) + [e for e in seen if e.vehicle and e is not nearest]
    for e in flanked:
        ec, heading = centres[e.id], e.heading if e.vehicle else None
        for side in ("left", "right", "rear") if e.vehicle else ("left", "right"):
            d = math.dist(c, flank_point(c, ec, heading, side))
            candidates.append((_suggested(mode, "flank", e.id, False, side), reach, min(reach, d)))
    step = min(reach, SIDESTEP)
    candidates += [(_suggested(mode, "sidestep", "", False, "left"), reach, step),
                   (_suggested(mode, "sidestep", "", False, "right"), reach, step)]
    return candidates


def _screened(rules, state, u, mode, reach, allowances, nearest, c) -> list[Move]:
    """``screened`` suggestions: only computed when an enemy On Guard unit could react at all
    (``nearest``: the nearest visible enemy, ``c``: the unit's centroid, as the menu has them)."""
    if mode == "duck":
        return []  # screened runs and walks are offered; ducking and weaving is for when seen
    enemies = known_threats(rules, state, u)
    if not enemies:
        return []
    if any(can_fire_at(rules, state, e, u) for e in enemies):
        return []  # every path starts where the unit stands: in a field of fire already, none is screened
    # worked out once for every path below: the watchers that may see a place the unit can reach,
    # each figure's limit and the enemy bases a move of that reach might touch
    watching = watching_within(rules, u, watchers(rules, state, u, enemies), reach)
    if not watching[0] and not watching[1]:
        return []  # no path is exposed: no direct move is, so none is screened
    mover = _mover(rules, u, {k: min(a, reach) for k, a in allowances.items()})
    bases = _bases_within_move(u, reach, state.units.values())
    out = []
    points = objectives(rules, state)
    refs = sorted(points, key=lambda k: (math.dist(c, points[k]), k))[:SCREENED_GOALS]
    refs += [nearest.id] if nearest is not None else []
    for ref in refs:
        kind = "objective" if ref in points else "enemy"
        direct = _base_vector(rules, state, u, kind, ref, reach, c)  # body_vector's for Move(mode, kind, ref)
        if not _exposed(rules, state, u, mover, _clear_ends(mover, direct, bases)[0], watching):
            continue
        for turn in SCREEN_TURNS:
            v = _rotate(direct, float(turn))  # body_vector's for the screened move
            if math.hypot(*v) >= SMALLEST_MOVE \
                    and not _exposed(rules, state, u, mover, _clear_ends(mover, v, bases)[0], watching):
                out.append(_suggested(mode, "screened", ref, False, turn))
                break
    return out


def _exposed(rules, state, u, mover, ends, watching) -> bool:
    """``on_guard.exposed`` for the straight move of ``mover``'s figures (``_mover``) to ``ends``."""
    return exposed(rules, state, u, tuple([(e,) if e != s else () for s, e in zip(mover.starts, ends)]), watching)


def describe(move: Move) -> str:
    """A suggested move in words, without the verb: 'toward e1 (half distance)'."""
    kind, ref, side = move.kind, move.ref, move.side
    part = {
        "enemy": f"toward {ref}", "objective": f"toward {ref}", "cover": f"into cover ({ref})",
        "away": "away from the nearest enemy", "flank": f"round {ref}'s {side} flank" if side != "rear" else f"behind {ref}",
        "sidestep": f"a sidestep to the {side}", "regroup": f"regrouping on the {'leader' if ref == 'leader' else 'unit centre'}",
        "screened": f"toward {ref}, turned {side} degrees out of On Guard fire",
    }.get(kind, kind)
    return part + (" (half distance)" if move.half else "")
