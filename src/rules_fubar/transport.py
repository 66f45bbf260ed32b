"""Troops inside vehicles: getting in, riding, getting out, and bailing out of a wreck
(# FUBAR saves: troops inside a vehicle use its save; # FUBAR vehicle-damage: a destroyed vehicle's
occupants bail out, each taking a hit).

The quick reference names troops inside vehicles but gives no procedure; the readings, kept here:

* a vehicle type carries up to ``capacity`` figures besides its crew (``data/armour.toml``);
* getting in (``Embark``) is an activated unit's action: every figure within a Walk (6") of the
  friendly vehicle's base, and room for all of them; the figures then stand where the vehicle
  stands and are carried with it (the vehicle's ``UnitMoved`` moves them, ``state.py``);
* a riding unit still makes its activation attempt; when activated it may get out (``Disembark``,
  its action) or stay aboard (``GoOnGuard``); it cannot move, fire, spot, assault or react by
  itself, and a broken one that fails activation stays aboard;
* getting out places each figure where its owner chooses (``Disembark(positions)``, a parametric
  action checked by ``check``): mirroring getting in, every figure ends within a Walk (6") of the
  vehicle's base, edge to edge, reached in a straight line from the vehicle without crossing
  impassable terrain, its whole base on the table, touching no visible enemy figure (base contact
  is an Assault's, as for a move); the suggestions are a line 1" beyond each side of the vehicle's
  base (front, left, right, rear);
* fire may be aimed at a riding unit where its vehicle stands; it saves with the vehicle's save
  (instead of its own armour);
* when the vehicle is destroyed the riders bail out behind it and each figure takes a hit saved
  with its own armour; a stunned, disarmed or immobilised vehicle keeps its riders, who may get
  out as usual (the text names bailing out for destruction only).
"""
from __future__ import annotations

import math

from .casualties import bailing_hits
from .measure import edge
from .measured_move import SLACK, point_of, read_point, touching
from .move_allowance import DISTANCE, profile_of
from .state import Activated, AllocateHits, Disembark, Disembarked, Embark, Embarked, GoOnGuard, UnitState

#: Sides a unit may get out on, as angles from the vehicle's heading (degrees).
SIDES = {"front": 0.0, "left": 90.0, "right": -90.0, "rear": 180.0}
#: Riders stand this far beyond the vehicle's base when they get out (farther when they bail out
#: of a wreck, clear of its crew), this far apart.
STEP_OUT = 1.0
BAIL_OUT = 2.0
SPACING = 1.1


def capacity(rules, vehicle: UnitState) -> int:
    return rules.data.vehicles[vehicle.vehicle].capacity if vehicle.vehicle else 0


def room(rules, state, vehicle: UnitState) -> int:
    """Figures the vehicle can still take."""
    aboard = sum(len(state.units[p].figures) for p in vehicle.passengers)
    return capacity(rules, vehicle) - aboard


def embark_options(rules, state, u: UnitState) -> list[Embark]:
    """Friendly vehicles ``u`` can board now (see the module's readings)."""
    if u.vehicle or u.carried_by or not u.alive:
        return []
    return [Embark(v.id) for v in state.units.values() if v.side == u.side and may_board(rules, state, u, v)]


def may_board(rules, state, u: UnitState, v: UnitState) -> bool:
    """Could ``u`` (infantry on foot, of ``v``'s side) get into ``v`` now: a living vehicle with
    room for all its figures, every figure within a Walk of it?"""
    if not v.vehicle or not v.alive or room(rules, state, v) < len(u.figures):
        return False
    vfig = v.figures[0]
    return all(edge(f, vfig) <= DISTANCE["walk"] for f in u.figures)


def embark(rules, ctx, uid: str, vehicle: str) -> None:
    u = ctx.state.units[uid]
    start = tuple(f.pos for f in u.figures)
    at = ctx.state.units[vehicle].figures[0].pos
    ctx.emit(Embarked(uid, vehicle))
    # boarding is movement across the table: On Guard units watch each figure's way to the vehicle
    # (their windows open through the ruleset: On Guard builds on fire, which builds on this module)
    rules.open_move_windows(ctx, uid, start, tuple((at,) for _ in start), was_hidden=u.hidden)


def riding_actions(rules, state, u: UnitState) -> tuple:
    """What an activated riding unit is offered: getting out on each side whose line is legal
    (suggestions of the free placement ``check`` allows), or staying aboard."""
    out = []
    for side in SIDES:
        points = exit_positions(rules, state, u, side)
        if points is not None and _why_not_out(rules, state, u, points) is None:
            out.append(Disembark(points))
    return tuple(out) + (GoOnGuard(),)


def riding_unit(state) -> UnitState | None:
    """The activated unit riding in a vehicle, if that is what the top frame is about."""
    top = state.top
    u = state.units.get(getattr(top, "unit", "") or "") if isinstance(top, Activated) else None
    return u if u is not None and u.alive and u.carried_by else None


def check(rules, state, action: Disembark) -> str | None:
    """Why getting out at ``action.positions`` is refused now, or None (readings: the docstring)."""
    u = riding_unit(state)
    if u is None:
        return "no unit riding in a vehicle is activated now"
    points = action.positions
    if not isinstance(points, tuple) or len(points) != len(u.figures):
        raise TypeError(f"positions must be a tuple of {len(u.figures)} points, one per figure of {u.id}")
    for f, p in zip(u.figures, points):
        if point_of(p, f"figure {f.id}'s point") != p:
            raise TypeError(f"figure {f.id}'s point must be a tuple of floats, got {p!r}")
    return _why_not_out(rules, state, u, points)


def _why_not_out(rules, state, u: UnitState, points) -> str | None:
    v = state.units[u.carried_by]
    vfig = v.figures[0]
    table = rules.measure_for(u).table
    profile = profile_of(u)
    for f, p in zip(u.figures, points):
        what = f"figure {f.id} at {p}"
        r = f.r
        if not (r - SLACK <= p[0] <= table.width - r + SLACK and r - SLACK <= p[1] <= table.height - r + SLACK):
            return f"{what} puts its base off the table ({table.width:g}\" x {table.height:g}\")"
        apart = math.dist(p, vfig.pos) - r - vfig.r
        if apart > DISTANCE["walk"] + SLACK:
            return f"{what} stands {apart:.2f}\" from {v.id}; riders get out within a Walk ({DISTANCE['walk']:g}\") of it"
        if not table.move_toward(vfig.pos, p, 1e9, profile, radius=r).reached:
            return f"{what} cannot be reached from {v.id} in a straight line: impassable terrain in the way"
        touched = touching(state, u, f, p)
        if touched:
            return f"{what} would touch {touched} (base contact is made only by an Assault)"
    return None


def propose(rules, state, rng) -> Disembark | None:
    """A random way out for the conformance kit: each figure at a random point round the vehicle,
    out to a little beyond a Walk (so some are too far), now and then off the table."""
    u = riding_unit(state)
    if u is None:
        return None
    vfig = state.units[u.carried_by].figures[0]
    table = rules.measure_for(u).table
    points = []
    for _ in u.figures:
        a = math.radians(rng.below(360))
        d = vfig.r + rng.randint(0, 800) / 100
        x = round(min(max(vfig.x + d * math.cos(a), -1.0), table.width + 1.0), 2)
        y = round(min(max(vfig.y + d * math.sin(a), -1.0), table.height + 1.0), 2)
        points.append((x, y))
    return Disembark(tuple(points))


def parse(state, text: str) -> Disembark | None:
    """Read ``out X,Y`` (the unit in a line centred there, across the way out) or ``out P1 P2 ...``
    (one point per figure)."""
    words = text.split()
    u = riding_unit(state)
    if not words or u is None or words[0] != "out":
        return None
    rest = words[1:]
    if not rest:
        raise ValueError("after 'out' give a point X,Y or one point per figure")
    if len(rest) == 1:
        vfig = state.units[u.carried_by].figures[0]
        x, y = read_point(rest[0])
        away = math.atan2(y - vfig.y, x - vfig.x)
        return Disembark(_line(x, y, away, len(u.figures)))
    if len(rest) != len(u.figures):
        raise ValueError(f"{u.id} has {len(u.figures)} figures; give one point for each (or one centre point)")
    return Disembark(tuple(read_point(w) for w in rest))


HELP = "'out X,Y' to get out in a line centred at X,Y, or 'out X,Y X,Y ...' one point per figure in order"


def describe(state, action: Disembark) -> str:
    """The way out in words: its centre and the vehicle's side it is on."""
    pts = action.positions
    cx, cy = sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts)
    u = riding_unit(state)
    if u is None:
        return f"get out at ({cx:.1f}, {cy:.1f})"
    v = state.units[u.carried_by]
    bearing = math.degrees(math.atan2(cy - v.figures[0].y, cx - v.figures[0].x)) - v.heading
    side = min(SIDES, key=lambda s: -math.cos(math.radians(bearing - SIDES[s])))
    return f"get out on the {side} side (centre ({cx:.1f}, {cy:.1f}))"


def exit_positions(rules, state, u: UnitState, side: str):
    """Where the figures of riding unit ``u`` stand after getting out on ``side``, or None when
    that side's line would leave the table."""
    v = state.units[u.carried_by]
    return _line_beside(rules, v, len(u.figures), side)


def _line_beside(rules, v: UnitState, n: int, side: str, step: float = STEP_OUT):
    vfig = v.figures[0]
    angle = math.radians(v.heading + SIDES[side])
    out_x, out_y = math.cos(angle), math.sin(angle)
    reach = vfig.r + step + 0.5
    points = _line(vfig.x + out_x * reach, vfig.y + out_y * reach, angle, n)
    table = rules.measure_for(v).table
    if not all(0.5 <= x <= table.width - 0.5 and 0.5 <= y <= table.height - 0.5 for x, y in points):
        return None
    return points


def _line(cx: float, cy: float, facing: float, n: int):
    """``n`` points ``SPACING`` apart, centred on (cx, cy), across the direction ``facing``."""
    along_x, along_y = -math.sin(facing), math.cos(facing)
    return tuple((round(cx + along_x * (k - (n - 1) / 2) * SPACING, 3),
                  round(cy + along_y * (k - (n - 1) / 2) * SPACING, 3)) for k in range(n))


def disembark(rules, ctx, uid: str, positions) -> None:
    state = ctx.state
    u = state.units[uid]
    start = tuple(f.pos for f in u.figures)  # where the vehicle stands
    ctx.emit(Disembarked(uid, u.carried_by, positions, "gets out"))
    rules.after_move(ctx, uid)
    # getting out is movement: On Guard units watch each figure's way from the vehicle
    if ctx.state.units[uid].alive:
        rules.open_move_windows(ctx, uid, start, tuple((p,) for p in positions), was_hidden=False)


def bail_out_passengers(rules, ctx, wreck: UnitState, by_side: str) -> list[AllocateHits]:
    """# FUBAR vehicle-damage: the riders of a destroyed vehicle get out behind it (to whichever
    side has room) and each figure takes a hit."""
    frames: list[AllocateHits] = []
    for pid in wreck.passengers:
        p = ctx.state.units[pid]
        if not p.alive:  # shot down inside: no one left to get out
            continue
        line = next((pts for side in ("rear", "left", "right", "front")
                     if (pts := _line_beside(rules, wreck, len(p.figures), side, BAIL_OUT)) is not None), None)
        if line is None:  # nowhere on the table: they get out where the wreck stands
            line = tuple(wreck.figures[0].pos for _ in p.figures)
        ctx.emit(Disembarked(pid, wreck.id, line, "bails out"))
        frames += bailing_hits(rules, ctx, pid, by_side)
    return frames


def why_not_embark(rules, state, uid: str, vehicle: str) -> str:
    """Why ``uid`` cannot board ``vehicle`` now, in the rules' words."""
    u, v = state.units.get(uid), state.units.get(vehicle)
    if u is None or v is None or not v.alive or not v.vehicle:
        return f"{vehicle} is not a vehicle on the table"
    if v.side != u.side:
        return f"{vehicle} is not a friendly vehicle"
    if u.vehicle or u.carried_by:
        return f"{uid} cannot board a vehicle ({'it is one' if u.vehicle else 'it rides in one already'})"
    if room(rules, state, v) < len(u.figures):
        return f"{vehicle} has room for {max(room(rules, state, v), 0)} more figure(s), {uid} has {len(u.figures)}"
    return f"every figure of {uid} must be within a Walk ({DISTANCE['walk']:g}\") of {vehicle} to board it"
