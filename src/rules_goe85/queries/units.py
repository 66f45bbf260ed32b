"""Questions about units: their factors, eligibility, stacking, targets and what a hit does to them."""
from __future__ import annotations

from typing import Callable

from ..data.components import UnitType
from ..data.loading import game_data
from ..model.occupancy import by_hex
from ..model.state import GoEState, Unit


def utype(u: Unit) -> UnitType:
    return game_data().units[u.type]


def has(u: Unit, ability: str) -> bool:
    return ability in utype(u).abilities


def hef(u: Unit) -> int:
    return utype(u).factors(u.reduced).hef


def eligible(u: Unit) -> bool:
    """GoE 4c: on the map and marked neither Fired, Moved nor Ops Complete."""
    return u.hex is not None and not u.marker


def can_fire(u: Unit) -> bool:
    """GoE 10a, 10c: an Eligible Unit that is not Shaken."""
    return eligible(u) and not u.shaken


def movement_factor(u: Unit, *, fast: bool = False) -> int:
    """GoE 10c: MF (+1 for Fast Move, 18e) halved, rounding down, when Shaken."""
    mf = utype(u).factors(u.reduced).mf + (1 if fast else 0)
    return mf // 2 if u.shaken else mf


def units_at(state: GoEState, h) -> list[Unit]:
    return list(by_hex(state).get(h, ()))


def side_at(state: GoEState, h, side: str) -> list[Unit]:
    return [u for u in by_hex(state).get(h, ()) if u.side == side]


def heli_mode(u: Unit) -> str:
    """17b: a helicopter's mode (one not yet given a mode flies: it enters flying)."""
    return (u.mode or "flying") if utype(u).kind == "helicopter" else ""


def airborne(u: Unit) -> bool:
    return heli_mode(u) in ("flying", "hovering")


VEHICLE_KINDS = ("vehicle", "truck", "helicopter")


def is_vehicle(u: Unit) -> bool:
    """7a: W, O, T and F movement classes (vehicles, trucks, helicopters) face vertices."""
    return utype(u).kind in VEHICLE_KINDS


def is_hard(u: Unit) -> bool:
    """2b: a Hard Target has an AF (vehicles)."""
    return utype(u).af is not None


def stacking_ok(units: list[Unit]) -> bool:
    """GoE 9: three ground units, one Hero, two non-Hero Leg units, one ground vehicle per hex;
    one air unit, a landed one counting as a ground vehicle; loaded passengers do not count (9
    example: two Rifles and a BTR-70 with its passenger)."""
    units_by_type = game_data().units  # one look-up per unit: this runs for every hex a move or reserve menu tries
    return _within_limits(_add(_weight(u, units_by_type) for u in units))


NO_WEIGHT = (0, 0, 0, 0, 0)


def _weight(u: Unit, units_by_type) -> tuple[int, int, int, int, int]:
    """What ``u`` counts against the limits of 9: (ground, heroes, non-Hero legs, vehicles, air)."""
    if u.carrier:
        return NO_WEIGHT
    t = units_by_type[u.type]
    if t.kind == "helicopter" and (u.mode or "flying") in ("flying", "hovering"):  # airborne (17b)
        return (0, 0, 0, 0, 1)
    vehicle = 1 if t.kind in ("vehicle", "truck", "helicopter") else 0
    return (1, 1 if t.hero else 0, 1 if (t.leg and not t.hero) else 0, vehicle, 0)


def _add(weights) -> tuple[int, ...]:
    ground = heroes = legs = vehicles = air = 0
    for g, h, leg, v, a in weights:
        ground, heroes, legs, vehicles, air = ground + g, heroes + h, legs + leg, vehicles + v, air + a
    return ground, heroes, legs, vehicles, air


def _within_limits(counts) -> bool:
    ground, heroes, legs, vehicles, air = counts
    return ground <= 3 and heroes <= 1 and legs <= 2 and vehicles <= 1 and air <= 1


def stack_counts(state: GoEState, h) -> tuple[int, ...]:
    """What the units in ``h`` count against the limits of 9, kept per hex until the next event."""
    cache = state.stacks
    if cache is None:
        cache = state.stacks = {}
    found = cache.get(h)
    if found is None:
        units_by_type = game_data().units
        found = cache[h] = _add(_weight(u, units_by_type) for u in by_hex(state).get(h, ()))
    return found


def stacking_room(state: GoEState, u: Unit):
    """``fits(hex)``: whether ``u`` may stand in a hex with its other occupants (9), from the hex's
    counts (:func:`stack_counts`) less ``u`` where it stands, plus ``u``.  An empty hex takes any one
    unit; what ``u`` counts is worked out the first time an occupied hex is asked (most tests made
    in a reserve listing ask only empty hexes next to a unit)."""
    occupied = by_hex(state)
    counted = []  # _room_with_occupants(state, u), once made
    # (``fits`` is asked within one look at the state, a decision's searches: u stays where it is)

    def fits(b) -> bool:
        if b not in occupied:
            return True  # one unit alone never passes a limit of 9 (most hexes a search tries)
        if not counted:
            counted.append(_room_with_occupants(state, u))
        return counted[0](b)

    return fits


def group_room(state: GoEState, units) -> Callable[[object], bool]:
    """``fits(hex)``: whether ``units`` together may stand in a hex none of them is in, with its
    occupants (9): ``stacking_ok(units_at(state, hex) + units)``, from the hex's counts
    (:func:`stack_counts`) plus what the group counts, worked out once (a move's menu asks it of
    every hex next to a stack, for each group that may step)."""
    g0, h0, l0, v0, a0 = _add(_weight(u, game_data().units) for u in units)
    alone = _within_limits((g0, h0, l0, v0, a0))
    occupied = by_hex(state)

    def fits(b) -> bool:
        if b not in occupied:
            return alone
        g, h, leg, v, a = stack_counts(state, b)
        return g + g0 <= 3 and h + h0 <= 1 and leg + l0 <= 2 and v + v0 <= 1 and a + a0 <= 1

    return fits


def unit_weight(u: Unit) -> tuple[int, int, int, int, int]:
    """What ``u`` counts against the limits of 9 (:func:`_weight`)."""
    return _weight(u, game_data().units)


def room_beside(state: GoEState, b, weight) -> bool:
    """Whether a unit that counts ``weight`` (:func:`unit_weight`) and is not in ``b`` may join its
    occupants (9): :func:`stacking_room` of a hex other than the unit's own, without the closure."""
    g0, h0, l0, v0, a0 = weight
    cache = state.stacks
    counts = cache.get(b) if cache is not None else None
    g, h, leg, v, a = counts if counts is not None else stack_counts(state, b)
    return g + g0 <= 3 and h + h0 <= 1 and leg + l0 <= 2 and v + v0 <= 1 and a + a0 <= 1


def _room_with_occupants(state: GoEState, u: Unit):
    """:func:`stacking_room` for an occupied hex."""
    weight = _weight(u, game_data().units)
    own = state.units.get(u.uid)
    home = u.hex if own is not None and own.hex == u.hex else None  # where u itself is counted

    def fits(b) -> bool:
        if b == home:  # u is among the hex's counts already: less it, plus it
            return _within_limits(stack_counts(state, b))
        return room_beside(state, b, weight)

    return fits


def targetable(state: GoEState, target: Unit, *, sniper: bool = False) -> bool:
    """GoE 10d: a Hero is a target only for a Sniper or when alone in its hex."""
    if not utype(target).hero or sniper:
        return True
    return all(u.uid == target.uid or u.side != target.side for u in units_at(state, target.hex))


def hit_outcome(u: Unit) -> str:
    """GoE 10c: a first hit Shakes, a hit on a Shaken unit reduces it, on a Shaken reduced one eliminates.
    A unit with one step is eliminated by the hit that would reduce it (13b)."""
    if not u.shaken:
        return "shaken"
    if not u.reduced and utype(u).steps >= 2:
        return "reduced"
    return "eliminated"


