"""Movement on the measured table (# FUBAR actions, vehicle-move, withdraw).

A continuous table has endless possible moves; players choose from a finite, documented menu:
toward each enemy unit in sight (stopping 1" short of it), toward each scenario objective,
into the nearest cover within reach, or directly away from the nearest enemy in sight — each at
full or half the action's distance.  A unit moves as a body: every figure is moved by the same
vector, each stopped by the table edge and (vehicles) slowed by terrain through the core table's
``move_toward``.
"""
from __future__ import annotations

import math

from tabletop_core.boards.table import INFANTRY, VEHICLE

from .civilians import hostile
from .measure import centroid, unit_distance
from .state import Move, StanceSet, UnitHidden, UnitMoved, UnitRevealed, UnitState

#: # FUBAR actions: distances in inches.
DISTANCE = {"walk": 6.0, "run": 12.0, "duck": 8.0, "ground": 3.0, "assault": 8.0, "drive": 12.0}
#: Moves toward an enemy stop this far short of it (only Assault makes contact).
STAND_OFF = 1.0
#: How far past a cover edge a unit steps to be in the cover.
INTO_COVER = 1.0
MOVE_KINDS = ("enemy", "objective", "cover", "away")


def _r(v: float) -> float:
    return round(v, 3)


def visible_enemies(rules, state, u: UnitState) -> list[UnitState]:
    """Enemy units in sight of ``u`` (hidden ones are not in sight until spotted; civilians are no one's enemy)."""
    return rules.measure_for(u).seen_among(
        u, [e for e in state.units.values() if hostile(u, e) and e.alive and not e.hidden])


def objectives(rules, state) -> dict[str, tuple[float, float]]:
    """Scenario points a unit may move toward (objectives; buildings where the scenario has hideouts)."""
    return rules.objective_points(state.scenario)


def move_vector(rules, state, u: UnitState, kind: str, ref: str, reach: float,
                seen: list[UnitState] | None = None) -> tuple[float, float]:
    """The displacement of a unit's centre for one menu choice (may be shorter than ``reach``).
    ``seen``: the enemies ``u`` sees, when the caller has them already."""
    cx, cy = centroid(u)
    if kind == "objective":  # the commonest question in a menu: answered first
        tx, ty = objectives(rules, state)[ref]
        dx, dy = tx - cx, ty - cy
        d = math.hypot(dx, dy)
        dist = min(reach, d)
        if d < 1e-9 or dist <= 0.0:
            return (0.0, 0.0)
        return (dx / d * dist, dy / d * dist)
    if kind == "enemy":
        e = state.units[ref]
        tx, ty = centroid(e)
        gap = max(unit_distance(u, e) - STAND_OFF, 0.0)
        dist = min(reach, gap)
    elif kind == "objective":
        tx, ty = objectives(rules, state)[ref]
        dist = min(reach, math.hypot(tx - cx, ty - cy))
    elif kind == "cover":
        spot = rules.measure_for(u).nearest_cover((cx, cy), reach)
        if spot is None or spot.distance == 0.0:
            return (0.0, 0.0)
        tx, ty = spot.point
        d = spot.distance
        dist = min(reach, d + INTO_COVER)
        tx, ty = cx + (tx - cx) / d * dist, cy + (ty - cy) / d * dist
    else:  # away from the nearest enemy in sight
        if seen is None:
            seen = visible_enemies(rules, state, u)
        if not seen:
            return (0.0, 0.0)
        e = min(seen, key=lambda e: (unit_distance(u, e), e.id))
        ex, ey = centroid(e)
        tx, ty = 2 * cx - ex, 2 * cy - ey
        dist = reach
    d = math.hypot(tx - cx, ty - cy)
    if d < 1e-9 or dist <= 0.0:
        return (0.0, 0.0)
    return ((tx - cx) / d * dist, (ty - cy) / d * dist)


def can_move(u: UnitState) -> bool:
    return not (u.vehicle and u.immobilised) and not u.carried_by  # riders move with their vehicle


def move_options(rules, state, u: UnitState, mode: str) -> list[Move]:
    """The finite menu of moves for ``mode`` (documented in the module docstring)."""
    if not can_move(u):
        return []
    reach = DISTANCE[mode]
    seen = visible_enemies(rules, state, u)
    refs: list[tuple[str, str]] = [("enemy", e.id) for e in seen]
    refs += [("objective", k) for k in objectives(rules, state)]
    refs += [("cover", ""), ("away", "")]
    out = []
    for kind, ref in refs:
        for half in (False, True):
            v = move_vector(rules, state, u, kind, ref, reach / 2 if half else reach, seen)
            if math.hypot(*v) >= 0.25:
                out.append(Move(mode, kind, ref, half))
    return out


def displace(rules, u: UnitState, vector: tuple[float, float], allowance: float) -> tuple[tuple[float, float], ...]:
    """Each figure moved by ``vector`` as far as the table and terrain allow (# FUBAR vehicle-move:
    the core's vehicle profile halves speed in cover; infantry cross cover at full speed)."""
    table = rules.measure_for(u).table
    profile = VEHICLE if u.vehicle else INFANTRY
    out = []
    for f in u.figures:
        res = table.move_toward(f.pos, (f.x + vector[0], f.y + vector[1]), allowance, profile, radius=f.r)
        out.append((_r(res.end[0]), _r(res.end[1])))
    return tuple(out)


def relocate(rules, ctx, uid: str, positions, *, how: str, heading: float | None = None) -> None:
    """Put a unit's figures at ``positions`` and settle what follows from where it now stands:
    hidden status (# FUBAR hidden), hideouts entered, and On Guard reactions (# FUBAR on-guard)."""
    from .fire import open_reaction_windows

    state = ctx.state
    u = state.units[uid]
    start = tuple(f.pos for f in u.figures)
    if heading is None:
        heading = u.heading
    moved = [f for f, p in zip(u.figures, positions) if p != f.pos]
    if not moved:
        return
    if u.vehicle:
        f, p = moved[0], positions[0]
        heading = _r(math.degrees(math.atan2(p[1] - f.y, p[0] - f.x)))
    # FUBAR hidden: a hidden unit stays hidden only while it stays in cover
    m = rules.measure_for(u)
    still_hidden = u.hidden and m.cover_of(tuple(positions)) > 0
    ctx.emit(UnitMoved(uid, u.side, tuple(positions), heading, still_hidden, how))
    if u.hidden and not still_hidden:
        ctx.emit(UnitRevealed(uid, "left cover"))
    rules.after_move(ctx, uid)
    if ctx.state.units[uid].alive:
        open_reaction_windows(rules, ctx, uid, "move", start)


def do_move(rules, ctx, uid: str, move: Move) -> None:
    state = ctx.state
    u = state.units[uid]
    reach = DISTANCE[move.mode] / (2 if move.half else 1)
    vector = move_vector(rules, state, u, move.kind, move.ref, reach)
    positions = displace(rules, u, vector, reach)
    if move.mode == "duck":
        # FUBAR actions: Duck & Weave counts as soft cover until the unit next activates
        ctx.emit(StanceSet(uid, "duck"))
    relocate(rules, ctx, uid, positions, how=_HOW[move.mode] + " " + _describe(move))


_HOW = {"walk": "walks", "run": "runs", "duck": "ducks and weaves", "drive": "drives"}


def _describe(move: Move) -> str:
    part = {"enemy": f"toward {move.ref}", "objective": f"toward {move.ref}", "cover": "into cover",
            "away": "away from the enemy"}[move.kind]
    return part + (" (half distance)" if move.half else "")


def go_to_ground_vector(rules, u: UnitState) -> tuple[float, float] | None:
    """# FUBAR actions: Gone to Ground moves up to 3" into the nearest cover (None: none in reach)."""
    v = move_vector_cover(rules, u, DISTANCE["ground"])
    return v


def move_vector_cover(rules, u: UnitState, reach: float):
    cx, cy = centroid(u)
    spot = rules.measure_for(u).nearest_cover((cx, cy), reach)
    if spot is None:
        return None
    if spot.distance == 0.0:
        return (0.0, 0.0)
    d = spot.distance
    dist = min(reach, d + INTO_COVER)
    return ((spot.point[0] - cx) / d * dist, (spot.point[1] - cy) / d * dist)


def go_to_ground(rules, ctx, uid: str) -> None:
    """# FUBAR actions: into cover (raised one level while it lasts); # FUBAR hidden: a unit in
    cover that has gone to ground is hidden again."""
    u = ctx.state.units[uid]
    v = go_to_ground_vector(rules, u)
    ctx.emit(StanceSet(uid, "ground"))
    if v is not None and v != (0.0, 0.0):
        relocate(rules, ctx, uid, displace(rules, u, v, DISTANCE["ground"]), how="goes to ground in cover")
    u = ctx.state.units[uid]
    if u.alive and not u.hidden and rules.measure_for(u).unit_cover(u) > 0 and not rules.engaged(ctx.state, uid):
        ctx.emit(UnitHidden(uid))


def withdraw(rules, ctx, uid: str, from_uid: str, distance: float, *, how: str) -> None:
    """# FUBAR failed-activation / withdraw: move directly away from an enemy unit."""
    state = ctx.state
    u = state.units[uid]
    if not can_move(u):
        return
    cx, cy = centroid(u)
    ex, ey = centroid(state.units[from_uid])
    d = math.hypot(cx - ex, cy - ey)
    if d < 1e-9:
        return
    vector = ((cx - ex) / d * distance, (cy - ey) / d * distance)
    relocate(rules, ctx, uid, displace(rules, u, vector, distance), how=f"{how} {distance:g}\"")


def approach(rules, ctx, uid: str, to_uid: str, distance: float, *, how: str) -> None:
    """Move each figure straight toward the nearest figure of ``to_uid``, stopping in base contact
    (# FUBAR close-combat: assault and following a unit that leaves combat)."""
    state = ctx.state
    u, t = state.units[uid], state.units[to_uid]
    table = rules.measure_for(u).table
    out = []
    for f in u.figures:
        g = min(t.figures, key=lambda g: (math.hypot(g.x - f.x, g.y - f.y), g.id))
        d = math.hypot(g.x - f.x, g.y - f.y)
        stop = f.r + g.r
        if d <= stop + 1e-6:
            out.append(f.pos)
            continue
        tx, ty = g.x - (g.x - f.x) / d * stop, g.y - (g.y - f.y) / d * stop
        res = table.move_toward(f.pos, (tx, ty), distance, INFANTRY, radius=f.r)
        out.append((_r(res.end[0]), _r(res.end[1])))
    relocate(rules, ctx, uid, tuple(out), how=how)
