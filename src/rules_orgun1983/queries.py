"""Read-only questions about an Orgun 1983 state, shared by the procedures.

Every function here is pure (state in, answer out) so decisions stay pure functions of the state.
``R`` is the rules object (its ``data`` and ``readings``).
"""
from __future__ import annotations

from .state import DRA, MUJ, other

# Orgun: stacking -- counted units (leaders and the Mi-24 are not counted)
STACK_LIMIT = {DRA: 3, MUJ: 6}
# Orgun: ambush condition 1 -- at most this many counted units in the ambushers' area
AMBUSH_LIMIT = {MUJ: 3, DRA: 1}


def units_at(state, area: int, side: str | None = None) -> list:
    """Units in ``area`` (of ``side`` if given), in id order."""
    found = [u for u in state.units.values() if u.area == area and (side is None or u.side == side)]
    found.sort(key=lambda u: u.id)
    return found


def enemy_in(state, area: int, side: str) -> bool:
    enemy = other(side)
    return any(u.area == area and u.side == enemy for u in state.units.values())


def enemy_areas(state, side: str) -> set[int]:
    enemy = other(side)
    return {u.area for u in state.units.values() if u.side == enemy}


def stack_count(R, state, area: int, side: str) -> int:
    info = R.data.units
    return sum(1 for u in state.units.values() if u.area == area and u.side == side and info[u.id].counts_for_stacking)


def over_stacked(R, state, area: int, side: str) -> bool:
    return stack_count(R, state, area, side) > STACK_LIMIT[side]


def leader_drm(R, units) -> int:
    """The DRM of the best friendly leader among ``units`` (0 without a leader)."""
    info = R.data.units
    drms = [info[u.id].drm for u in units if info[u.id].is_leader]
    if not drms:
        return 0
    return max(drms) if R.readings.leader_drm_best else drms[0]


def area_drm(R, state, area: int, side: str) -> int:
    return leader_drm(R, units_at(state, area, side))


def strength(R, unit) -> int:
    """A unit's combat strength now: reduced once it has lost a step, 0 when out of ammunition."""
    info = R.data.units[unit.id]
    if unit.no_ammo:
        return 0
    return info.strength if unit.steps >= info.steps else info.reduced_strength


def fresh_units(state, side: str) -> bool:
    return any(u.side == side and not u.spent for u in state.units.values())


def activatable_areas(state, side: str) -> list[int]:
    return sorted({u.area for u in state.units.values() if u.side == side and not u.spent})


def can_enter(R, state, unit_id: str, frm: int, to: int) -> bool:
    """Unit restrictions on entering ``to`` from ``frm`` (tanks, militia)."""
    info = R.data.units[unit_id]
    area = R.data.area_map[to]
    # Orgun: tanks enter mountain areas only along a road
    if info.kind == "tank" and area.mountain and not R.road(frm, to):
        return False
    # Orgun: militia never enter forts or minefields
    if info.kind == "militia" and (area.fort or to in state.minefields):
        return False
    return True


def retreat_areas(R, state, unit_id: str) -> list[int]:
    """Adjacent areas a unit may retreat into: no enemy units, not enemy-controlled, room left."""
    unit = state.units[unit_id]
    side, enemy = unit.side, other(unit.side)
    counts = R.data.units[unit_id].counts_for_stacking
    found = []
    for to in R.data.area_map.neighbours(unit.area):
        if state.control.get(to) == enemy or enemy_in(state, to, side):
            continue
        if counts and stack_count(R, state, to, side) + 1 > STACK_LIMIT[side]:
            continue
        if not can_enter(R, state, unit_id, unit.area, to):
            continue
        found.append(to)
    return found


def controllers(R, state) -> dict[int, set[str]]:
    """Area -> the sides whose units there can take control."""
    info = R.data.units
    leaders_count = R.readings.control_by_leaders
    out: dict[int, set[str]] = {}
    for u in state.units.values():
        kind = info[u.id].kind
        if kind == "helicopter" or (kind == "leader" and not leaders_count):
            continue
        out.setdefault(u.area, set()).add(u.side)
    return out


def tribes_destroyed(R, state) -> list[str]:
    """Tribes all of whose (non-leader) units are eliminated (# Orgun: DRA automatic victory)."""
    dead = state.dead
    return [t for t, members in R.data.tribes.items() if all(m in dead for m in members)]


def entry_areas(R, state, group_id: str) -> list[int]:
    """The group's entry areas open now (not enemy-controlled, no enemy units); its owner picks
    one.  Empty: the group must wait."""
    group = R.data.groups[group_id]
    enemy = other(group.side)
    return [a for a in group.entry if state.control.get(a) != enemy and not enemy_in(state, a, group.side)]


def group_eligible(R, state, group_id: str) -> bool:
    """May the group enter this turn?  Soviet ground units only on the Soviet entry turns."""
    group = R.data.groups[group_id]
    if group_id not in state.pending_groups:
        return False
    if not (group.first <= state.turn <= group.last):
        return False
    if group.soviet and state.turn not in R.readings.soviet_entry_turns:
        return False
    return True
