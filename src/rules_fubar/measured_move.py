"""Measured free movement: checking a move to points of the owner's choosing (# FUBAR actions,
vehicle-move), proposing random ones for the conformance kit, and reading typed ones.

A ``MoveFigures`` action gives, for each figure of the moving unit in order, its path: waypoints
ending where it stops.  It is legal when the top frame lets the unit move in that mode now, and
every figure's path

* stays on the table with its whole base (the table edge),
* crosses no impassable terrain, and
* costs no more than what the figure has left of its allowance (Walk 6", Run 12", Duck & Weave 8",
  a vehicle 12" with soft or harder cover costing double: the core table's move profiles),

and no figure ends touching a visible enemy figure (reading: base contact is made only by an
Assault).  A figure that ends on a hidden enemy is legal: it stops short and finds that unit
(``movement.stop_at_hidden``), since a refusal would tell the mover where it lies.  Coherency (3") is not checked: keeping or restoring it is the owner's business, and a
figure out of it costs -1 on the unit's next activation (# FUBAR activation).
"""
from __future__ import annotations

import math
import re

from .move_allowance import acting_frame, allowance, modes_now, profile_of
from .state import MoveFigures, UnitState

#: At most this many waypoints per figure (a path, not a drawing).
MAX_WAYPOINTS = 8
#: Measuring slack, in inches: positions are recorded to the thousandth of an inch, so a move
#: measured from recorded positions may differ from its planned length by this much.
SLACK = 1e-3
#: An allowance larger than any move, for costing a whole path through move_toward.
_UNLIMITED = 1e9


def moving_unit(state) -> UnitState | None:
    top = state.top
    uid = getattr(top, "unit", None)
    u = state.units.get(uid) if uid else None
    return u if u is not None and u.alive else None


def point_of(p, what: str) -> tuple[float, float]:
    if not isinstance(p, (tuple, list)) or len(p) != 2:
        raise TypeError(f"{what} must be an (x, y) pair, got {p!r}")
    x, y = p
    for v in (x, y):
        if type(v) is not float:  # ints would log as 12 and load as 12.0: one spelling only
            raise TypeError(f"{what} must hold floats (12.0, not 12), got {p!r}")
        if not math.isfinite(v):
            raise ValueError(f"{what} is not finite: {p!r}")
    return (float(x), float(y))


def path_cost(rules, u: UnitState, fig, path) -> float | str:
    """The allowance ``fig`` uses along ``path``, or the reason the path is not legal."""
    table = rules.measure_for(u).table
    profile = profile_of(u)
    here, cost = fig.pos, 0.0
    for k, p in enumerate(path):
        what = f"figure {fig.id}'s point {k + 1} {p}"
        r = fig.r
        if not (r - SLACK <= p[0] <= table.width - r + SLACK and r - SLACK <= p[1] <= table.height - r + SLACK):
            return f"{what} puts its base off the table ({table.width:g}\" x {table.height:g}\")"
        res = table.move_toward(here, p, _UNLIMITED, profile, radius=r)
        if not res.reached:
            return f"{what} cannot be reached in a straight line from {here}: impassable terrain in the way"
        cost += res.used
        here = p
    return cost


def check(rules, state, action: MoveFigures) -> str | None:
    """Why ``action`` is refused now, or None (the rules are in the module docstring)."""
    u = moving_unit(state)
    if u is None:
        return "no unit is moving now"
    modes = modes_now(state, u)
    if action.mode not in modes:
        if not modes:
            return f"{u.id} cannot move now"
        return f"{u.id} may move now only as: {', '.join(modes)} (not {action.mode!r})"
    paths = action.paths
    if not isinstance(paths, tuple) or len(paths) != len(u.figures):
        raise TypeError(f"paths must be a tuple of {len(u.figures)} paths, one per figure of {u.id}")
    left = allowance(u, acting_frame(state), action.mode)
    moved = False
    for f, path in zip(u.figures, paths):
        if not isinstance(path, tuple):
            raise TypeError(f"figure {f.id}'s path must be a tuple of points")
        if len(path) > MAX_WAYPOINTS:
            return f"figure {f.id}'s path has {len(path)} points; at most {MAX_WAYPOINTS}"
        points = tuple(point_of(p, f"figure {f.id}'s point {k + 1}") for k, p in enumerate(path))
        if points != path:
            raise TypeError(f"figure {f.id}'s points must be tuples of floats, got {path!r}")
        cost = path_cost(rules, u, f, path)
        if isinstance(cost, str):
            return cost
        if cost > left[f.id] + SLACK:
            return (f"figure {f.id} would use {cost:.2f}\" of movement but has {left[f.id]:.2f}\" left"
                    f" ({action.mode})")
        moved = moved or bool(path and path[-1] != f.pos)
        touched = touching(state, u, f, path[-1]) if path else None
        if touched:
            return f"figure {f.id} would end touching {touched} (base contact is made only by an Assault)"
    if not moved:
        return "no figure moves (end the action instead)"
    return None


def touching(state, u: UnitState, fig, end) -> str | None:
    for e in state.units.values():
        if e.side == u.side or not e.alive or e.hidden:
            continue
        for g in e.figures:
            if math.dist(end, g.pos) < fig.r + g.r - SLACK:
                return f"{e.id}'s figure {g.id}"
    return None


def costs(rules, u: UnitState, paths) -> tuple[float, ...]:
    """The allowance each figure uses along its (checked) path."""
    return tuple(path_cost(rules, u, f, p) if p else 0.0 for f, p in zip(u.figures, paths))


# -- random proposals (the conformance kit) -------------------------------------------------------
def propose(rules, state, rng) -> MoveFigures | None:
    """A random move for the moving unit: each figure to a random point in a disc a little wider
    than its allowance (so some are too far), now and then a base off the table or a figure left
    behind; roughly half come out legal."""
    u = moving_unit(state)
    if u is None:
        return None
    modes = modes_now(state, u)
    if not modes:
        return None
    mode = modes[rng.below(len(modes))]
    left = allowance(u, acting_frame(state), mode)
    table = rules.measure_for(u).table
    heading = rng.below(360)
    spread = rng.below(4)  # 0: the unit moves as a body; otherwise each figure its own way
    length = rng.randint(0, 130) / 100
    paths = []
    for f in u.figures:
        if rng.below(10) == 0:
            paths.append(())
            continue
        a = math.radians(heading if spread == 0 else rng.below(360))
        d = left[f.id] * (length if spread == 0 else rng.randint(0, 130) / 100)
        x = round(min(max(f.x + d * math.cos(a), -1.0), table.width + 1.0), 2)
        y = round(min(max(f.y + d * math.sin(a), -1.0), table.height + 1.0), 2)
        paths.append(((x, y),))
    return MoveFigures(mode, tuple(paths))


# -- typed at the terminal ------------------------------------------------------------------------
_NUMBER = r"-?\d+(?:\.\d+)?"
_POINT = re.compile(rf"^({_NUMBER}),({_NUMBER})$")

HELP = ("'MODE X,Y' to move the unit as a body so its centre ends at X,Y, or 'MODE X,Y X,Y ...' "
        "one point per figure in order (waypoints: X,Y>X,Y); '-' leaves a figure where it is")


def parse(state, text: str) -> MoveFigures | None:
    """Read ``MODE X,Y`` (the unit as a body) or ``MODE P1 P2 ...`` (one path per figure)."""
    words = text.split()
    u = moving_unit(state)
    if not words or u is None or words[0] not in ("walk", "run", "duck", "drive"):
        return None
    mode, rest = words[0], words[1:]
    if not rest:
        raise ValueError(f"after '{mode}' give a point X,Y or one path per figure")
    if len(rest) == 1 and ">" not in rest[0] and rest[0] != "-":
        cx = sum(f.x for f in u.figures) / len(u.figures)
        cy = sum(f.y for f in u.figures) / len(u.figures)
        x, y = read_point(rest[0])
        return MoveFigures(mode, tuple(((round(f.x + x - cx, 3), round(f.y + y - cy, 3)),) for f in u.figures))
    if len(rest) != len(u.figures):
        raise ValueError(f"{u.id} has {len(u.figures)} figures; give one path for each (or one centre point)")
    paths = tuple(() if w == "-" else tuple(read_point(p) for p in w.split(">")) for w in rest)
    return MoveFigures(mode, paths)


def read_point(text: str) -> tuple[float, float]:
    m = _POINT.match(text)
    if m is None:
        raise ValueError(f"{text!r} is not a point X,Y (inches, e.g. 12.5,30)")
    return (float(m.group(1)), float(m.group(2)))


def describe(action: MoveFigures) -> str:
    ends = [p[-1] for p in action.paths if p]
    if not ends:
        return f"{action.mode}: no figure moves"
    cx = sum(p[0] for p in ends) / len(ends)
    cy = sum(p[1] for p in ends) / len(ends)
    moving = len(ends)
    return f"{action.mode} {moving} figure(s) to points of your choosing (centre ({cx:.1f}, {cy:.1f}))"
