"""Saves (# FUBAR saves): the save a unit rolls against hits, by its armour, its vehicle, the
vehicle it rides in or the one it stands behind.  Queries only, below fire, close combat and the
hits taken bailing out of a wreck (``casualties.bailing_hits``), which all roll them.
"""
from __future__ import annotations

from .measure import behind
from .state import UnitState


def majority_armour(rules, target: UnitState) -> int:
    """# FUBAR saves: the save of the armour type most figures wear (ties: the worse save)."""
    counts: dict[str, int] = {}
    for f in target.figures:
        counts[f.armour] = counts.get(f.armour, 0) + 1
    armour = rules.data.armour
    return max((n, armour[kind]) for kind, n in counts.items())[1]  # most figures, then the higher (worse) save


def save_for(rules, state, target: UnitState, source: tuple[float, float]) -> int:
    """# FUBAR saves: vehicles use their own save; troops with most figures directly behind a
    friendly vehicle use its save when better; otherwise the majority armour type."""
    if target.vehicle:
        return rules.data.vehicles[target.vehicle].save
    if target.carried_by:  # troops inside a vehicle use its save
        return inside_save(rules, state, target)
    return sheltered_save(rules, target, shelter(rules, state, target, source))


def sheltered_save(rules, target: UnitState, vehicle: UnitState | None) -> int:
    """``save_for`` troops on foot once their ``shelter`` is known (None: none)."""
    save = majority_armour(rules, target)
    return save if vehicle is None else min(save, rules.data.vehicles[vehicle.vehicle].save)


def shelter(rules, state, target: UnitState, source: tuple[float, float]) -> UnitState | None:
    """# FUBAR saves: the friendly vehicle most of ``target``'s figures stand directly behind
    whose save beats their armour (the best; on a tie one that is not hidden), or None."""
    best, save = None, majority_armour(rules, target)
    for v in state.units.values():
        if not (v.vehicle and v.alive and v.side == target.side):
            continue
        if sum(1 for f in target.figures if behind(v, source, f)) * 2 <= len(target.figures):
            continue
        s = rules.data.vehicles[v.vehicle].save
        if s < save or (s == save and best is not None and best.hidden and not v.hidden):
            best, save = v, s
    return best


def inside_save(rules, state, u: UnitState) -> int:
    """# FUBAR saves: troops inside a vehicle save with the vehicle's save."""
    return rules.data.vehicles[state.units[u.carried_by].vehicle].save
