"""Who can fire at whom (# FUBAR fire, weapons, mortars, hidden, close-combat): the weapon a figure
fires with, the targets in its reach and sight, and spotting for a mortar.  Queries only: fire,
the Walk's fire, the menus and On Guard ask them, so none of those has to import another.
"""
from __future__ import annotations

from .measure import direct_reach, edge, known_unseen, least_gap, unit_bound
from .state import Fig, UnitState


def weapon_of(rules, u: UnitState, f: Fig):
    """The weapon a figure fires with, or None (suppressed figures, wrecked guns, unarmed civilians
    and troops riding inside a vehicle cannot fire)."""
    if f.suppressed or not f.weapon or u.carried_by:
        return None
    if u.vehicle and u.weapon_destroyed:
        return None
    return rules.data.weapons[f.weapon]


def targetable(state, e: UnitState, side: str) -> bool:
    return e.side != side and e.alive and not e.hidden and not engaged(state, e.id)


def engaged(state, uid: str) -> bool:
    """# FUBAR close-combat: is ``uid`` locked in a close combat (it neither fires, nor is fired at,
    nor reacts, nor makes an activation attempt of its own)?"""
    if not state.combats:
        return False  # the common case, asked of every unit in most menus
    return any(c.attacker == uid or c.defender == uid for c in state.combats.values())


def spotted_by_friends(rules, state, side: str, target: UnitState, *, firer: Fig | None = None) -> bool:
    """# FUBAR mortars: some friendly figure other than the firing one sees the target; the other
    figures of the mortar's own unit are friends too."""
    for u in state.units.values():
        if u.side != side or not u.alive:
            continue
        m = rules.measure_for(u)
        if firer is not None and any(f is firer for f in u.figures):
            if any(m.nearest_seen(g, target.figures) is not None for g in u.figures if g is not firer):
                return True
        elif m.sees(u, target):
            return True
    return False


def shot(rules, state, u: UnitState, f: Fig, target: UnitState, *, spotted: bool | None = None):
    """(distance, fire points) for figure ``f`` shooting at ``target``, or None when it cannot.

    The range is to the nearest target figure it sees; an indirect weapon (# FUBAR mortars) may
    instead use the nearest target figure when a friendly figure sees the target."""
    w = weapon_of(rules, u, f)
    if w is None:
        return None
    d = rules.measure_for(u).nearest_seen(f, target.figures)
    if d is None:
        if not w.indirect:
            return None
        if spotted is None:
            spotted = spotted_by_friends(rules, state, u.side, target, firer=f)
        if not spotted:
            return None
        d = min(edge(f, g) for g in target.figures)
    fp = w.fire_points(d)
    return (d, fp) if fp else None


def can_fire_at(rules, state, u: UnitState, target: UnitState, figures: tuple[Fig, ...] | list[Fig] | None = None) -> bool:
    """Could any figure of ``u`` (of ``figures`` only, if given) shoot at ``target`` (``shot`` is
    not None)?  Figure by figure: most answers are settled by the first that can shoot.  A direct
    weapon needs only to see one target figure within its longest band (every band has Fire
    Points, data.py), so target figures beyond it are not looked at: the same answer as ``shot``,
    without their sight lines."""
    if u.carried_by or (u.vehicle and u.weapon_destroyed):
        return False  # no figure of it has a weapon to fire (weapon_of)
    m = rules.measure_for(u)
    weapons = rules.data.weapons
    if _out_of_reach(m, weapons, u.figures, target.figures):
        return False
    if figures is None:
        # the whole unit: its direct weapons in one kept answer, then any mortar figure by figure
        if direct_reach(m, u.figures, target.figures, weapons):
            return True
        return any(shot(rules, state, u, f, target) is not None for f in u.figures
                   if f.weapon and not f.suppressed and weapons[f.weapon].indirect)
    for f in figures:
        if f.suppressed or not f.weapon:
            continue  # weapon_of's figure-level tests, the unit's made above
        w = weapons[f.weapon]
        if w.indirect:
            if shot(rules, state, u, f, target) is not None:
                return True
            continue
        if m.reaches(f, target.figures, w.longest + 1e-9):  # the tolerance of Weapon.fire_points
            return True
    return False


def _out_of_reach(m, weapons, figs: tuple[Fig, ...], target: tuple[Fig, ...]) -> bool:
    """Settled for the whole unit without a figure pair: none of ``figs`` can fire (suppressed or
    unarmed), or every weapon they hold is direct and either the target's figures are all beyond
    the longest of them (the units' enclosing circles, ``least_gap``) or no figure of the unit sees
    one of the target's (a unit-level sight answer already known)."""
    held = unit_bound(m, figs)[3]
    if not held:
        return True
    longest = 0.0
    for name in held:
        w = weapons[name]
        if w.indirect:
            return False  # a mortar may fire at what friends see (shot)
        longest = max(longest, w.longest)
    return least_gap(m, figs, target) > longest or known_unseen(m, figs, target)


def fire_targets(rules, state, u: UnitState) -> list[str]:
    if not u.alive:
        return []
    return [e.id for e in state.units.values() if targetable(state, e, u.side) and can_fire_at(rules, state, u, e)]


def has_target(rules, state, u: UnitState) -> bool:
    """Is there any unit ``u`` can fire at (``fire_targets`` not empty)?  Stops at the first."""
    if not u.alive:
        return False
    side = u.side
    for e in state.units.values():
        if targetable(state, e, side) and can_fire_at(rules, state, u, e):
            return True
    return False
