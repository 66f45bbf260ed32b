"""Troops inside vehicles: getting in, riding, getting out, and bailing out of a wreck
(# FUBAR saves: troops inside a vehicle use its save; # FUBAR vehicle-damage: a destroyed vehicle's
occupants bail out, each taking a hit).

The quick reference names troops inside vehicles but gives no procedure; the readings, kept here:

* a vehicle type carries up to ``capacity`` figures besides its crew (``data/armour.toml``);
* getting in (``Embark``) is an activated unit's action: every figure within a Walk (6") of the
  friendly vehicle's base, and room for all of them; the figures then stand where the vehicle
  stands and are carried with it (the vehicle's ``UnitMoved`` moves them, ``state.py``);
* a riding unit still makes its activation attempt; when activated it may get out (``Disembark``,
  its action: the figures stand in a line 1" beyond the chosen side of the vehicle's base) or stay
  aboard (``GoOnGuard``); it cannot move, fire, spot, assault or react by itself, and a broken one
  that fails activation stays aboard;
* fire may be aimed at a riding unit where its vehicle stands; it saves with the vehicle's save
  (instead of its own armour);
* when the vehicle is destroyed the riders bail out behind it and each figure takes a hit saved
  with its own armour; a stunned, disarmed or immobilised vehicle keeps its riders, who may get
  out as usual (the text names bailing out for destruction only).

Where the riders stand after getting out is a choice of four sides (front, left, right, rear):
free placement of each figure waits for the core's parametric actions (issue 13, first half).
"""
from __future__ import annotations

import math

from .measure import edge
from .movement import DISTANCE
from .state import AllocateHits, Disembark, Disembarked, Embark, Embarked, GoOnGuard, UnitState

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
    out = []
    for v in state.units.values():
        if v.side != u.side or not v.vehicle or not v.alive or room(rules, state, v) < len(u.figures):
            continue
        vfig = v.figures[0]
        if all(edge(f, vfig) <= DISTANCE["walk"] for f in u.figures):
            out.append(Embark(v.id))
    return out


def embark(rules, ctx, uid: str, vehicle: str) -> None:
    from .fire import open_reaction_windows

    start = tuple(f.pos for f in ctx.state.units[uid].figures)
    ctx.emit(Embarked(uid, vehicle))
    # boarding is movement across the table: On Guard units may react to it where it began
    open_reaction_windows(rules, ctx, uid, "move", start)


def riding_actions(rules, state, u: UnitState) -> tuple:
    """What an activated riding unit may do: get out on a side with room on the table, or stay."""
    out = [Disembark(side) for side in SIDES if exit_positions(rules, state, u, side) is not None]
    return tuple(out) + (GoOnGuard(),)


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
    cx, cy = vfig.x + out_x * reach, vfig.y + out_y * reach
    along_x, along_y = -out_y, out_x
    table = rules.measure_for(v).table
    points = []
    for k in range(n):
        off = (k - (n - 1) / 2) * SPACING
        x, y = round(cx + along_x * off, 3), round(cy + along_y * off, 3)
        if not (0.5 <= x <= table.width - 0.5 and 0.5 <= y <= table.height - 0.5):
            return None
        points.append((x, y))
    return tuple(points)


def disembark(rules, ctx, uid: str, side: str) -> None:
    from .fire import open_reaction_windows

    state = ctx.state
    u = state.units[uid]
    start = tuple(f.pos for f in u.figures)
    ctx.emit(Disembarked(uid, u.carried_by, exit_positions(rules, state, u, side), f"gets out ({side})"))
    rules.after_move(ctx, uid)
    open_reaction_windows(rules, ctx, uid, "move", start)


def inside_save(rules, state, u: UnitState) -> int:
    """# FUBAR saves: troops inside a vehicle save with the vehicle's save."""
    return rules.data.vehicles[state.units[u.carried_by].vehicle].save


def bail_out_passengers(rules, ctx, wreck: UnitState, by_side: str) -> list[AllocateHits]:
    """# FUBAR vehicle-damage: the riders of a destroyed vehicle get out behind it (to whichever
    side has room) and each figure takes a hit."""
    from .fire import bailing_hits

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
