"""Saves (# FUBAR saves): the save a unit rolls against hits, by its armour, its vehicle, the
vehicle it rides in or the one it stands behind.  Queries only, below fire, close combat and the
hits taken bailing out of a wreck (``casualties.bailing_hits``), which all roll them.
"""
from __future__ import annotations

from collections import Counter

from .measure import behind
from .state import UnitState


def majority_armour(rules, target: UnitState) -> int:
    """# FUBAR saves: the save of the armour type most figures wear (ties: the worse save)."""
    counts = Counter(f.armour for f in target.figures)
    armour = rules.data.armour
    best = max(counts.items(), key=lambda kv: (kv[1], armour[kv[0]]))
    return armour[best[0]]


def save_for(rules, state, target: UnitState, source: tuple[float, float]) -> int:
    """# FUBAR saves: vehicles use their own save; troops with most figures directly behind a
    friendly vehicle use its save when better; otherwise the majority armour type."""
    if target.vehicle:
        return rules.data.vehicles[target.vehicle].save
    if target.carried_by:  # troops inside a vehicle use its save
        return inside_save(rules, state, target)
    save = majority_armour(rules, target)
    v = shelter(rules, state, target, source)
    return save if v is None else min(save, rules.data.vehicles[v.vehicle].save)


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
