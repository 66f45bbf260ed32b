"""Set-up as a decision phase (GoE 24, each scenario's Set Up): the sides deploy in the order the
scenario gives ("sets up first" / "second"), one unit at a time, into a legal hex of their zone;
then the side's Foxholes (23a) go into its zone.

Legal hex: in one of the force's zones, one the unit could enter by its own movement class
(Jalalabad's "only hexes into which they could theoretically enter" holds for every scenario;
``queries/movement.could_enter``: no tank in a building), not holding an enemy unit, and
within stacking (9) with the units already there.  Fortifications go in any zone hex except
buildings and ponds (23), one Foxhole per hex and none in the Bunker's hex (the Bunker is that hex's
fortification); then the side's Wire (23c, Tanks at Zhawar: the Soviet player's 3 Wire), one a hex,
under the same limits.

Reading: set-up is open.  The printed rules hide nothing here: the side that sets up second sees
the first side's deployment (that is the advantage the order gives), and the first side has no
decision left while the second deploys, so the placements are ordinary (not SECRET) actions.
The scenario option ``{"setup": "default"}`` keeps the automatic deployment of :mod:`.scenarios`.
"""
from __future__ import annotations

import attrs
from tabletop_core import Decision

from ..model.actions import ConcealAtStart, Decline, Declined, FaceBunker, Place, PlaceFoxhole, PlaceWire
from ..queries.board import board_at
from ..queries.movement import could_enter
from ..data.loading import game_data
from ..model.events import BunkerPlaced, ConcealSet, FoxholePlaced, Note, UnitPlaced
from ..model.state import Unit
from ..model.occupancy import by_hex
from ..queries.units import stacking_room, units_at, utype
from ..model.frames import BunkerFacing, Deploy, SetupConceal
from ..queries.fortifications import fortified

NO_FORTIFICATION = ("pond",)  # 23: nor any building (the TEC's building flag)


def start_deployment(ctx, spec, to_place) -> None:
    """Push one Deploy frame per force with a set-up zone, the first to set up on top; a force with
    a Bunker first turns it (23b: the owner picks its facing, :class:`BunkerFacing`); once all are
    placed, each side picks which of its Conceal units begin concealed (22p, :class:`SetupConceal`)."""
    board = board_at(ctx.state)
    for side in reversed(list(dict.fromkeys(spec.forces[index].side for index, _ in to_place))):
        ctx.push(SetupConceal(side))
    for index, uids in reversed(to_place):
        force = spec.forces[index]
        ctx.push(Deploy(force.side, index, tuple(uids), force.foxholes, force.wire))
        if force.bunker:
            ctx.push(BunkerFacing(force.side, board.hex(force.bunker)))


def concealable_at_start(state, side: str) -> list:
    """22p: hexes where a unit of ``side`` with the Conceal Power stands in covered terrain, no enemy
    next to it, with a Leg unit not yet concealed (all the hex's Leg units would be)."""
    board = board_at(state)
    out = set()
    for u in state.units.values():
        if u.side != side or u.hex is None or u.hex in out or "conceal" not in utype(u).powers:
            continue
        if not board.in_cover(u.hex, fortified(state)):
            continue
        if any(v.side != side and v.hex is not None and board.distance(u.hex, v.hex) <= 1 for v in state.units.values()):
            continue
        if any(v.side == side and utype(v).leg and not v.concealed for v in units_at(state, u.hex)):
            out.add(u.hex)
    return sorted(out)


def conceal_hex(ctx, side: str, h) -> None:
    """22p: every Leg unit of ``side`` in ``h`` becomes Concealed."""
    for v in units_at(ctx.state, h):
        if v.side == side and utype(v).leg and not v.concealed:
            ctx.emit(ConcealSet(v.uid, True))


def decide_conceal(rules, state, f: SetupConceal):
    """22p: the Conceal units "may begin the scenario concealed": their owner picks the hexes."""
    board = board_at(state)
    hexes = concealable_at_start(state, f.player)
    if not hexes:
        return None
    return Decision(f.player, (*(ConcealAtStart(board.label(h)) for h in hexes), Decline(Declined.VISIBLE)),
                    "Conceal units in cover: which hexes begin concealed")


def act_conceal(rules, ctx, f: SetupConceal, action) -> None:
    if isinstance(action, Decline):
        ctx.pop()
        return
    conceal_hex(ctx, f.player, board_at(ctx.state).hex(action.to))


def advance_conceal(rules, ctx, f: SetupConceal) -> None:
    ctx.pop()


def decide_bunker(rules, state, f: BunkerFacing):
    label = board_at(state).label(f.hex)
    return Decision(f.player, tuple(FaceBunker(label, v) for v in range(6)), f"the Bunker in {label}: face a hex corner")


def act_bunker(rules, ctx, f: BunkerFacing, action) -> None:
    ctx.pop()
    ctx.emit(BunkerPlaced(f.hex, action.facing))


def _zone(state, f: Deploy):
    board = board_at(state)
    force = game_data().scenarios[state.scenario].forces[f.force]
    return board.derived(("set-up zone", f.force), lambda: tuple(sorted({h for z in force.zones for h in board.zone_hexes(z)})))


def _enterable_zone(state, f: Deploy, unit: Unit):
    """The force's zone hexes ``unit`` could enter by its movement class (24): terrain alone, so
    worked out once per board and class."""
    board = board_at(state)
    move_class = utype(unit).move_class
    return board.derived(("set-up zone", f.force, move_class),
                         lambda: tuple(h for h in _zone(state, f) if could_enter(board, h, unit)))


def placement_hexes(state, f: Deploy, unit: Unit):
    """Where ``unit`` may be set up now."""
    fits = stacking_room(state, unit)  # 9, from the hex's counts (one unit alone always fits)
    occupied = by_hex(state)
    allowed = placement_check(state, game_data().scenarios[state.scenario].forces[f.force], unit)
    out = []
    for h in _enterable_zone(state, f, unit):  # 24: by the unit's own movement class
        if h in occupied and (any(u.side != f.side for u in occupied[h]) or not fits(h)):
            if not _loading(state, f, unit, h):
                continue
        if not allowed(h):
            continue
        out.append(h)
    return out


def _loading(state, f: Deploy, unit: Unit, h) -> bool:
    force = game_data().scenarios[state.scenario].forces[f.force]
    return force.loaded and setup_carrier(state, unit, h) is not None


def scenario_allows(state, f: Deploy, unit: Unit, h) -> bool:
    """The scenario's own limits (its forces' data, :func:`placement_ok`): cover-only hexes, no enemy next door, Leg units
    of a loaded force only into a carrier with room."""
    force = game_data().scenarios[state.scenario].forces[f.force]
    return placement_ok(state, force, unit, h)


def fortifiable(state, board, h) -> bool:
    """23: a Foxhole or Wire may go in ``h``: not a building or a pond (nor impassable ground), not the
    Bunker's hex, no Foxhole or Wire there yet."""
    r = board.row(h)
    return (not r.building and r.kind not in NO_FORTIFICATION and r.cost("L") is not None
            and h not in state.bunkers and h not in state.foxholes and h not in state.wire)


def foxhole_hexes(state, f: Deploy):
    board = board_at(state)
    return [h for h in _zone(state, f) if fortifiable(state, board, h)]


wire_hexes = foxhole_hexes  # 23c: the Wire keeps to the same hexes (the player chooses them)


def decide(rules, state, f: Deploy):
    board = board_at(state)
    if f.pending:
        uid, tid = f.pending[0]
        unit = Unit(uid, tid, f.side, None)
        opts = tuple(Place(uid, board.label(h)) for h in placement_hexes(state, f, unit))
        return Decision(f.side, opts, f"set up {uid} ({len(f.pending)} to place)") if opts else None
    if f.foxholes:
        opts = tuple(PlaceFoxhole(board.label(h)) for h in foxhole_hexes(state, f))
        return Decision(f.side, opts, f"place a Foxhole ({f.foxholes} left)") if opts else None
    if f.wire:
        opts = tuple(PlaceWire(board.label(h)) for h in wire_hexes(state, f))
        return Decision(f.side, opts, f"place a Wire ({f.wire} left)") if opts else None
    return None


def act(rules, ctx, f: Deploy, action) -> None:
    board = board_at(ctx.state)
    h = board.hex(action.to)
    if isinstance(action, Place):
        uid, tid = f.pending[0]
        ctx.emit(UnitPlaced(Unit(uid, tid, f.side, h)))
        after_placed(ctx, game_data().scenarios[ctx.state.scenario].forces[f.force], uid, h)  # loads it
        f = attrs.evolve(f, pending=f.pending[1:])
    elif isinstance(action, PlaceWire):
        from ..model.events import WirePlaced

        ctx.emit(WirePlaced(h))
        f = attrs.evolve(f, wire=f.wire - 1)
    else:
        ctx.emit(FoxholePlaced(h))
        f = attrs.evolve(f, foxholes=f.foxholes - 1)
    if f.pending or f.foxholes or f.wire:
        ctx.replace(f)
    else:
        ctx.pop()
    if isinstance(action, Place):  # 15d: a vehicle set up faces the corner its owner picks next (vehicle_facing.py)
        from ..effects.openings import after_placement

        after_placement(ctx, ctx.state.units[action.unit])


def advance(rules, ctx, f: Deploy) -> None:
    """No legal hex is left for the next unit or Foxhole (a zone too small for the force: none of
    the shipped scenarios): it stays out of the game; a force with nothing left to place is done."""
    if f.pending:
        ctx.emit(Note(f"{f.pending[0][0]} has no legal set-up hex and stays out"))
        f = attrs.evolve(f, pending=f.pending[1:])
    elif f.foxholes:
        ctx.emit(Note("no legal hex is left for the Foxholes"))
        f = attrs.evolve(f, foxholes=0)
    elif f.wire:
        ctx.emit(Note("no legal hex is left for the Wire"))
        f = attrs.evolve(f, wire=0)
    if f.pending or f.foxholes or f.wire:
        ctx.replace(f)
    else:
        ctx.pop()


# -- the forces' set-up limits (loaded, cover-only, apart: Kill Zone, Zhawar, Sherkhankhel, Air Assault)
def setup_carrier(state, unit, h):
    """A friendly carrier in ``h`` with room for ``unit`` (8a: one Leg unit and one Hero), or None."""
    from ..queries.carrying import room_for

    if not utype(unit).leg:
        return None
    for c in sorted(units_at(state, h), key=lambda x: x.uid):
        if c.side == unit.side and utype(c).carrier and not c.carrier and room_for(state, c, unit):
            return c
    return None


def placement_ok(state, force, unit, h) -> bool:
    """The scenario's limits on a set-up hex: Leg units of a loaded force go into a carrier (Kill
    Zone); cover-only zones (a hex with a cover modifier); ``apart``: not in or next to an enemy hex."""
    return placement_check(state, force, unit)(h)


def placement_check(state, force, unit):
    """:func:`placement_ok` for one unit as a test of hexes: what does not depend on the hex (the
    unit's type, the hexes in or next to an enemy) is worked out once."""
    board = board_at(state)
    leg = utype(unit).leg
    into_carrier = force.loaded and leg
    near_enemy = set()
    if force.apart:
        for u in state.units.values():
            if u.side != force.side and u.hex is not None:
                near_enemy |= board.within(u.hex, 1)
    no_wire = state.wire if leg else ()

    def allowed(h) -> bool:
        if into_carrier and setup_carrier(state, unit, h) is None:
            return False
        if force.cover_only and board.cf(h) <= 0:
            return False
        if h in near_enemy:
            return False
        return h not in no_wire

    return allowed


def after_placed(ctx, force, uid: str, h) -> None:
    """A Leg unit of a loaded force rides in the carrier it was set up with (8a)."""
    from ..model.vehicles import Loaded

    u = ctx.state.units[uid]
    if force.loaded and utype(u).leg:
        c = setup_carrier(ctx.state, u, h)
        if c is not None:
            ctx.emit(Loaded(uid, c.uid))
