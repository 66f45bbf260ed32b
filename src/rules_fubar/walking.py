"""Fire during a Walk (# FUBAR actions): once, at any point of the move, with small arms only.

The weapon table marks small arms (rifle, assault rifle, SMG, LMG, shotgun); grenades are not in
it.  Heavy weapons (HMG, cannon, mortar, flamethrower) stay silent while their unit walks.
Reading: a vehicle's drive-and-fire (the Walk of a vehicle here) fires all its weapons, since the
vehicle rules set no such limit.
"""
from __future__ import annotations

from .fire import fire_options as any_weapon_options
from .measure import known_unseen, least_gap
from .state import FireAt, SplitFire, UnitState, Walking
from .targeting import has_target, targetable, weapon_of


def small_arms_only(u: UnitState, frame: Walking) -> bool:
    return not u.vehicle and frame.mode == "walk"


def _small_arms_shooters(rules, u: UnitState):
    """(point, radius, reach) of each figure of ``u`` able to fire small arms, the reach its
    weapon's ``Weapon.reach`` (its longest band, with ``fire_points``' tolerance)."""
    out = []
    for f in u.figures:
        w = weapon_of(rules, u, f)
        if w is not None and w.small_arms:
            out.append((f.pos, f.r, w.reach))
    return out


def walking_targets(rules, state, u: UnitState) -> list[str]:
    """Enemy units a walking unit's small arms can reach."""
    shooters = _small_arms_shooters(rules, u)
    if not shooters:
        return []
    return [e.id for e in state.units.values() if _in_reach(rules, state, u, e, shooters)]


def _in_reach(rules, state, u: UnitState, e: UnitState, shooters) -> bool:
    """Could one of ``shooters`` (``_small_arms_shooters``) shoot at ``e``?  ``can_fire_at``
    with only those figures firing, on their places: each sees a figure of ``e`` within its
    weapon's longest band (every band has Fire Points), asked of them all at once
    (``any_sees_within``), after the units' enclosing circles (``least_gap``) or a kept
    unit-level verdict that no figure of ``u`` sees one of ``e`` rules it out (small arms are all
    direct weapons, whatever else the unit holds)."""
    if not targetable(state, e, u.side):
        return False
    m = rules.measure_for(u)
    if least_gap(m, u.figures, e.figures) > max([reach for _p, _r, reach in shooters]):
        return False
    if known_unseen(m, u.figures, e.figures):
        return False
    return m.any_sees_within(shooters, [(g.pos, g.r) for g in e.figures])


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
