"""Fire during a Walk (# FUBAR actions): once, at any point of the move, with small arms only.

The weapon table marks small arms (rifle, assault rifle, SMG, LMG, shotgun); grenades are not in
it.  Heavy weapons (HMG, cannon, mortar, flamethrower) stay silent while their unit walks.
Reading: a vehicle's drive-and-fire (the Walk of a vehicle here) fires all its weapons, since the
vehicle rules set no such limit.
"""
from __future__ import annotations

from .fire import fire_options as any_weapon_options
from .state import FireAt, SplitFire, UnitState, Walking
from .targeting import can_fire_at, has_target, targetable, weapon_of


def small_arms_only(u: UnitState, frame: Walking) -> bool:
    return not u.vehicle and frame.mode == "walk"


def _small_arms_shooters(rules, u: UnitState):
    return [f for f in u.figures if (w := weapon_of(rules, u, f)) is not None and w.small_arms]


def walking_targets(rules, state, u: UnitState) -> list[str]:
    """Enemy units a walking unit's small arms can reach."""
    shooters = _small_arms_shooters(rules, u)
    if not shooters:
        return []
    return [e.id for e in state.units.values() if _in_reach(rules, state, u, e, shooters)]


def _in_reach(rules, state, u: UnitState, e: UnitState, shooters) -> bool:
    """Could one of ``shooters`` shoot at ``e`` (``shot`` is not None for it)?"""
    return targetable(state, e, u.side) and can_fire_at(rules, state, u, e, figures=shooters)


def can_fire(rules, state, u: UnitState, frame: Walking) -> bool:
    """Would ``fire_options`` offer anything?  Stops at the first target found."""
    if not small_arms_only(u, frame):
        return has_target(rules, state, u)
    shooters = _small_arms_shooters(rules, u)
    return bool(shooters) and any(_in_reach(rules, state, u, e, shooters) for e in state.units.values())


def fire_options(rules, state, u: UnitState, frame: Walking) -> list:
    """One target, or the fire split among targets figure by figure (as for any fire, with the
    small arms only)."""
    if not small_arms_only(u, frame):
        return any_weapon_options(rules, state, u, aimed=False)
    targets = walking_targets(rules, state, u)
    out: list = [FireAt((t,)) for t in targets]
    if len(_small_arms_shooters(rules, u)) >= 2 and len(targets) >= 2:
        out.append(SplitFire(False))
    return out
