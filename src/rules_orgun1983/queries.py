"""Read-only questions about an Orgun 1983 state, shared by the procedures.

Every function here is pure (state in, answer out) so decisions stay pure functions of the state.
``R`` is the rules object (its ``data`` and ``readings``).
"""
from __future__ import annotations

from typing import KeysView

from .state import DRA, MUJ, PLAYERS, other

# Orgun: stacking -- counted units (leaders and the Mi-24 are not counted)
STACK_LIMIT = {DRA: 3, MUJ: 6}
# Orgun: ambush condition 1 -- at most this many counted units in the ambushers' area
AMBUSH_LIMIT = {MUJ: 3, DRA: 1}


def by_id(unit) -> str:
    """Sort key: a unit's counter id."""
    return unit.id


def units_at(state, area: int, side: str | None = None) -> list:
    """Units in ``area`` (of ``side`` if given), in id order."""
    units, at = state.units, state.at
    if side is not None:
        return [units[i] for i in at[side].get(area, ())]
    found = [units[i] for s in PLAYERS for i in at[s].get(area, ())]
    if len(found) > 1:
        found.sort(key=by_id)
    return found


def enemy_in(state, area: int, side: str) -> bool:
    return area in state.at[other(side)]


def enemy_areas(state, side: str) -> KeysView[int]:
    """The areas holding ``side``'s enemies: a read-only view of the index, to use at once (it
    follows the state as it changes)."""
    return state.at[other(side)].keys()


def stack_count(R, state, area: int, side: str) -> int:
    return sum(map(R.lookups.stacking.__contains__, state.at[side].get(area, ())))


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
    for u in state.units.values():
        if u.side == side and not u.spent:
            return True
    return False


def activatable_areas(state, side: str) -> list[int]:
    """The areas holding a Fresh unit of ``side``, in id order (read from the area index)."""
    units = state.units
    found = []
    for area, ids in state.at[side].items():
        for uid in ids:
            if not units[uid].spent:
                found.append(area)
                break
    found.sort()
    return found


def can_enter(R, state, unit_id: str, frm: int, to: int) -> bool:
    """Unit restrictions on entering ``to`` from ``frm`` (tanks, militia)."""
    return party_can_enter(R, state, (unit_id,), frm, to)


def party_can_enter(R, state, unit_ids, frm: int, to: int) -> bool:
    """Whether every unit of ``unit_ids`` may enter ``to`` from ``frm`` (tanks, militia)."""
    lk = R.lookups
    # Orgun: tanks enter mountain areas only along a road
    if to in lk.mountain and (frm, to) not in lk.roads and not lk.tanks.isdisjoint(unit_ids):
        return False
    # Orgun: militia never enter forts or minefields
    if (to in lk.fort or to in state.minefields) and not lk.militia.isdisjoint(unit_ids):
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


def controlled_areas(R, state, side: str) -> set[int]:
    """The areas where ``side`` has units that can take control (see Lookups.controlling).

    Every area holding the side's units but those where only its few non-controlling counters
    stand (leaders, the Mi-24): those are looked up from the counters, not the other way round."""
    lk = R.lookups
    mine = state.at[side]
    areas = set(mine)
    units, controlling = state.units, lk.controlling
    for uid in lk.bystanders[side]:
        unit = units.get(uid)
        if unit is not None and unit.area in areas and controlling.isdisjoint(mine[unit.area]):
            areas.discard(unit.area)
    return areas


def sole_controllers(R, state) -> dict[int, str]:
    """Area -> the one side whose units there can take control, for areas with only one such side."""
    muj, dra = controlled_areas(R, state, MUJ), controlled_areas(R, state, DRA)
    sole = dict.fromkeys(muj - dra, MUJ)
    sole.update(dict.fromkeys(dra - muj, DRA))
    return sole


def control_changes(R, state) -> list[tuple[int, str]]:
    """(area, side) for every area whose sole controller (see :func:`sole_controllers`) is not
    its controller now, in area order: what a sync of control sets.

    Most areas a side stands in are already its own, so that is asked first; only the few others
    are looked at unit by unit (a controlling unit of the side there, none of the enemy's)."""
    controlling = R.lookups.controlling
    control = state.control
    at = state.at
    changes = []
    for side in PLAYERS:
        theirs = at[other(side)]
        for area, ids in at[side].items():
            if control.get(area) == side or controlling.isdisjoint(ids):
                continue
            enemies = theirs.get(area)
            if enemies is None or controlling.isdisjoint(enemies):
                changes.append((area, side))
    if len(changes) > 1:
        changes.sort()
    return changes


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
