"""Moving on the measured table (# FUBAR actions, vehicle-move, hidden, on-guard, withdraw): moving
a unit's figures and what follows from where they stand (how far it may still move:
``move_allowance.py``).

A move places each figure where its owner chooses within the allowance: a ``MoveFigures`` action
(any points, checked by ``measured_move.py``) or one of the suggested moves (``move_menu.py``,
the same thing computed for the common intentions).  Both end in ``relocate``: the figures are
put down, the unit is hidden or revealed by where it now stands (# FUBAR hidden), and On Guard
enemies may react to it anywhere along its path (``on_guard.py``).  Vehicles are slowed by
terrain through the core table's vehicle profile (12" in the open, 6" in soft cover).
"""
from __future__ import annotations

import math
from operator import ne

from tabletop_core.boards.table import INFANTRY

from .measure import centroid
from .move_allowance import DISTANCE, can_move, profile_of
from .state import StanceSet, UnitHidden, UnitMoved, UnitRevealed, UnitState, Walking

#: Moves toward an enemy stop this far short of it (only Assault makes contact).
STAND_OFF = 1.0
#: How far past a cover edge a unit steps to be in the cover.
INTO_COVER = 1.0


def _r(v: float) -> float:
    return round(v, 3)


def _thousandths(v: float) -> float:
    """``round(v, 3)``, the same float, at about half its cost (every suggested move rounds every
    figure's end, and round with digits goes through a decimal string and back).

    round(v, 3) is the double nearest q / 1000, q the integer nearest the exact v * 1000 (ties to
    even).  For |v| < 1e6 the product ``v * 1000.0`` is within 1.2e-7 of the exact one, so when it
    lies more than 1e-4 from a half-integer its nearest integer is that q, and ``q / 1000.0`` (q
    and 1000 exact doubles, the division correctly rounded) is the double nearest q / 1000.  Near
    a half-integer, at 0 (to keep the sign of a -0.0) or beyond that range: round itself."""
    if -1e6 < v < 1e6:
        y = v * 1000.0
        q = round(y)
        if q and -0.4999 < y - q < 0.4999:
            return q / 1000.0
    return round(v, 3)


def objectives(rules, state) -> dict[str, tuple[float, float]]:
    """Scenario points a unit may move toward (objectives; buildings where the scenario has hideouts)."""
    return rules.objective_points(state.scenario)


def spend(frame: Walking, u: UnitState, costs: tuple[float, ...]) -> tuple[tuple[str, float], ...]:
    """The Walk's ``spent`` after a leg that cost each figure ``costs`` (in figure order)."""
    spent = dict(frame.spent)
    for f, c in zip(u.figures, costs):
        spent[f.id] = _r(spent.get(f.id, 0.0) + c)
    return tuple(sorted(spent.items()))


# -- displacing figures ---------------------------------------------------------------------------
def displace(rules, u: UnitState, vector: tuple[float, float], allowance: float) -> tuple[tuple[float, float], ...]:
    """Each figure moved by ``vector`` as far as the table and terrain allow (# FUBAR vehicle-move:
    the core's vehicle profile halves speed in cover; infantry cross cover at full speed)."""
    return toward(rules, u, tuple((f.x + vector[0], f.y + vector[1]) for f in u.figures),
                  {f.id: allowance for f in u.figures})[0]


def toward(rules, u: UnitState, targets, allowances: dict[str, float]):
    """Each figure moved straight toward its target within its allowance, stopped by the table edge
    and terrain: (end positions, allowance each used).  The figures that move are asked of the
    table together (``Table.straight_moves``, the ruleset's own floats and checked allowances:
    ``move_toward`` without its checks); a figure whose target is where it stands stays, using
    nothing."""
    figs = u.figures
    return toward_on(rules.measure_for(u).table, profile_of(u), [(f.x, f.y) for f in figs], targets,
                     [allowances[f.id] for f in figs], [f.r for f in figs])


def toward_on(table, profile, starts: list, targets, budgets: list, radii: list):
    """``toward`` of figures given as lists, in figure order: where each stands, its target, its
    allowance and base radius (``profile``: the unit's ``profile_of``).  For callers that move one
    unit along several vectors (a menu's candidate paths), which build the lists once."""
    if all(map(ne, targets, starts)):  # every figure moves (most suggested moves)
        moved = table.straight_moves(starts, targets, budgets, profile, radii)
        thousandths = _thousandths  # _r's answer
        return (tuple([(thousandths(x), thousandths(y)) for (x, y), _d, _c, _r in moved]),
                tuple([c for _e, _d, c, _r in moved]))
    ends, used = list(starts), [0.0] * len(starts)
    moving = [k for k, (s, t) in enumerate(zip(starts, targets)) if t != s]
    if moving:
        moved = table.straight_moves([starts[k] for k in moving], [targets[k] for k in moving],
                                     [budgets[k] for k in moving], profile, [radii[k] for k in moving])
        for k, ((x, y), _distance, cost, _reached) in zip(moving, moved):
            ends[k] = (_thousandths(x), _thousandths(y))
            used[k] = cost
    return tuple(ends), tuple(used)


# -- moving and what follows ----------------------------------------------------------------------
def relocate(rules, ctx, uid: str, positions, *, how: str, heading: float | None = None, paths=None,
             may_hide: bool = True) -> None:
    """Put a unit's figures at ``positions`` (``paths``: each figure's waypoints, when not a
    straight line) and settle what follows from where it now stands: hidden status (# FUBAR
    hidden), hideouts entered, and On Guard reactions along the path (# FUBAR on-guard: the
    windows open through the ruleset, which composes the procedures above this one)."""
    state = ctx.state
    u = state.units[uid]
    positions = tuple(positions)
    start = tuple(f.pos for f in u.figures)
    if paths is None:
        paths = tuple((p,) if p != s else () for s, p in zip(start, positions))
    if heading is None:
        heading = u.heading
    if all(p == s for s, p in zip(start, positions)):
        return
    if u.vehicle:
        last = paths[0]
        before = last[-2] if len(last) > 1 else start[0]
        heading = _r(math.degrees(math.atan2(last[-1][1] - before[1], last[-1][0] - before[0])))
    # FUBAR hidden: units in cover that have not fired are hidden, so a hidden unit stays hidden
    # while it stays in cover, and one that has not fired becomes hidden again on entering cover
    in_cover = rules.measure_for(u).cover_of(positions) > 0
    hidden_after = may_hide and in_cover and (u.hidden or not u.fired) and not rules.engaged(state, uid)
    ctx.emit(UnitMoved(uid, u.side, positions, heading, u.hidden and hidden_after, how))
    if u.hidden and not hidden_after:
        ctx.emit(UnitRevealed(uid, "left cover"))
    elif hidden_after and not u.hidden:
        ctx.emit(UnitHidden(uid))
    rules.after_move(ctx, uid)
    if ctx.state.units[uid].alive:
        rules.open_move_windows(ctx, uid, start, paths, was_hidden=u.hidden)


_HOW = {"walk": "walks", "run": "runs", "duck": "ducks and weaves", "drive": "drives"}


def move_figures(rules, ctx, uid: str, mode: str, paths, *, how: str) -> None:
    """Move ``uid``'s figures along ``paths`` (checked already) in ``mode``."""
    u = ctx.state.units[uid]
    paths = stop_at_hidden(ctx, u, tuple(paths))
    ends = tuple(p[-1] if p else f.pos for f, p in zip(u.figures, paths))
    if mode == "duck":
        # FUBAR actions: Duck & Weave counts as soft cover until the unit next activates
        ctx.emit(StanceSet(uid, "duck"))
    relocate(rules, ctx, uid, ends, how=f"{_HOW[mode]} {how}".strip(), paths=tuple(paths))


def stop_at_hidden(ctx, u: UnitState, paths):
    """A figure whose path would end on a hidden enemy's base stops short, in base contact, and that
    unit is revealed (reading: the mover stumbles on it; refusing the move instead would tell the
    mover where it lies, and base contact is made only by an Assault).  The check of a move looks
    at visible enemies only (``measured_move.touching``), for the same reason."""
    out = []
    found: list[str] = []
    hidden = [e for e in ctx.state.units.values() if e.side != u.side and e.alive and e.hidden]  # the same for every figure
    for f, path in zip(u.figures, paths):
        if path:
            start = path[-2] if len(path) > 1 else f.pos
            end = path[-1]
            for e in hidden:
                for g in e.figures:
                    if math.dist(end, g.pos) < f.r + g.r:
                        end = _short_of(start, end, g.pos, f.r + g.r)
                        if e.id not in found:
                            found.append(e.id)
            path = path[:-1] + (end,) if end != f.pos else ()
        out.append(path)
    for eid in found:
        ctx.emit(UnitRevealed(eid, f"found by {u.id} moving onto it"))
    return tuple(out)


def _short_of(a, b, c, gap: float) -> tuple[float, float]:
    """The point of segment a->b nearest b that is at least ``gap`` from ``c`` (a itself if none)."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy)
    if length < 1e-9:
        return a
    # solve |a + t (b - a) - c| = gap for the smaller root t in [0, 1]: the first touch along the leg
    fx, fy = a[0] - c[0], a[1] - c[1]
    qa, qb, qc = dx * dx + dy * dy, 2 * (fx * dx + fy * dy), fx * fx + fy * fy - gap * gap
    disc = qb * qb - 4 * qa * qc
    if qc <= 0 or disc < 0:
        return a  # it starts in contact already (cannot happen from a legal position): it stays
    t = max(0.0, (-qb - math.sqrt(disc)) / (2 * qa) - 1e-3 / length)
    return (_r(a[0] + dx * t), _r(a[1] + dy * t))


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
    # reading: a unit moving into contact is seen doing it, so it does not hide on the way in
    relocate(rules, ctx, uid, tuple(out), how=how, may_hide=False)
