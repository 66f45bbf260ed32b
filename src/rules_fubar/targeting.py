"""Who can fire at whom (# FUBAR fire, weapons, mortars, hidden, close-combat): the weapon a figure
fires with, the targets in its reach and sight, and spotting for a mortar.  Queries only: fire,
the Walk's fire, the menus and On Guard ask them, so none of those has to import another.
"""
from __future__ import annotations

from .measure import direct_reach, edge, first_pair_seen, known_unseen, least_gap, remember, unit_bound
from .state import Fig, UnitState


def weapon_of(rules, u: UnitState, f: Fig):
    """The weapon a figure fires with, or None (suppressed figures, wrecked guns, unarmed civilians
    and troops riding inside a vehicle cannot fire)."""
    return figure_weapon(rules.data, f, unit_disarmed(u))


def unit_disarmed(u: UnitState) -> bool:
    """Does no figure of ``u`` fire, whatever it holds: troops riding inside a vehicle, or a vehicle
    whose weapon is destroyed?"""
    return bool(u.carried_by) or bool(u.vehicle and u.weapon_destroyed)


def figure_weapon(data, f: Fig, disarmed: bool):
    """``weapon_of`` from a figure and its unit's ``unit_disarmed`` alone (for answers kept per set
    of figures, as On Guard's ``guard_of``): None for a suppressed or unarmed figure."""
    if disarmed or f.suppressed or not f.weapon:
        return None
    return data.weapons[f.weapon]


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
    if firer is None:  # the cheapest verdicts first, from any friendly unit (first_pair_seen)
        tf = target.figures
        return first_pair_seen(rules.measure_for(target), [
            (u.figures, tf) for u in state.units.values() if u.side == side and u.figures])
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


def shot(rules, state, u: UnitState, f: Fig, target: UnitState, *, spotted: bool | None = None, weapon=None):
    """(distance, fire points) for figure ``f`` shooting at ``target``, or None when it cannot.

    The range is to the nearest target figure it sees; an indirect weapon (# FUBAR mortars) may
    instead use the nearest target figure when a friendly figure sees the target.  ``weapon``:
    ``weapon_of(rules, u, f)``, when the caller has looked it up."""
    w = weapon_of(rules, u, f) if weapon is None else weapon
    if w is None or _beyond(f, target.figures, w.reach):
        return None  # no target figure within the longest band: no Fire Points, seen or spotted
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


def _beyond(f: Fig, figs: tuple[Fig, ...], reach: float) -> bool:
    """Is every figure of ``figs`` more than ``reach`` (a ``Weapon.reach``) from ``f``, edge to
    edge?  Then ``shot`` has no Fire Points whatever the sight lines (the range it measures, seen or
    spotted, is an edge distance to one of ``figs``: ``edge``, the same floats as ``nearest_seen``'s
    and ``fire_points``' test ``d <= longest + FIRE_TOLERANCE``, which is ``reach``), and none of
    them is drawn: some two in five figures of a firing unit are out of range, their sight lines
    otherwise drawn to every target figure."""
    return all(edge(f, g) > reach for g in figs)


def can_fire_at(rules, state, u: UnitState, target: UnitState, figures: tuple[Fig, ...] | list[Fig] | None = None) -> bool:
    """Could any figure of ``u`` (of ``figures`` only, if given) shoot at ``target`` (``shot`` is
    not None)?  Settled for the whole unit first where the units' enclosing circles or a kept
    unit-level answer can (``armament``, ``whole_unit_fires_at``); else figure by figure.  A
    direct weapon needs only to see one target figure within its longest band (every band has
    Fire Points, data.py), so target figures beyond it are not looked at: the same answer as
    ``shot``, without their sight lines."""
    arms = armament(rules, u)
    if arms is None:
        return False
    m, longest, indirect = arms
    # The enclosing circles' bound for direct weapons only: a mortar's band reaches across most of
    # a table, and the units it is asked about include the ghosts an On Guard window places along
    # a path, each asked once, whose bound would be worked out for nothing.
    if not indirect and least_gap(m, u.figures, target.figures) > longest:
        return False
    if figures is None:
        return whole_unit_fires_at(rules, state, u, arms, target)
    if not indirect and known_unseen(m, u.figures, target.figures):
        return False
    weapons = rules.data.weapons
    for f in figures:
        if f.suppressed or not f.weapon:
            continue  # weapon_of's figure-level tests, the unit's made in armament
        w = weapons[f.weapon]
        if w.indirect:
            if shot(rules, state, u, f, target) is not None:
                return True
            continue
        if m.reaches(f, target.figures, w.reach):
            return True
    return False


def armament(rules, u: UnitState):
    """(measure, longest band, any indirect weapon) of the weapons ``u``'s figures may fire now, or
    None when none may (riding, a wrecked gun, every armed figure suppressed: ``weapon_of``).
    Beyond the longest band no shot has Fire Points, whatever the weapon: a mortar's range is to a
    target figure too, seen or spotted (``shot``)."""
    if u.carried_by or (u.vehicle and u.weapon_destroyed):
        return None
    m = rules.measure_for(u)
    held = unit_bound(m, u.figures)[3]
    if not held:
        return None
    band = m.bands.get(held)
    if band is None:  # worked out once per set of weapons (a measure's data are one ruleset's)
        band = remember(m.bands, held, _band(rules.data.weapons, held))
    return m, band[0], band[1]


def _band(weapons, held: tuple[str, ...]) -> tuple[float, bool]:
    """The longest band of the weapons named and whether one of them is indirect (a mortar)."""
    longest, indirect = 0.0, False
    for name in held:
        w = weapons[name]
        longest = max(longest, w.longest)
        indirect = indirect or w.indirect
    return longest, indirect


def whole_unit_fires_at(rules, state, u: UnitState, arms, target: UnitState) -> bool:
    """``can_fire_at`` for every figure of ``u``, the target within the longest band's bound: the
    direct weapons in one kept answer (``direct_reach``; none when a kept sight answer says no
    figure sees the target), then any mortar figure by figure."""
    m, _longest, indirect = arms
    if not indirect:
        return not known_unseen(m, u.figures, target.figures) and direct_reach(m, u.figures, target.figures, rules.data.weapons)
    weapons = rules.data.weapons
    if direct_reach(m, u.figures, target.figures, weapons):
        return True
    # A mortar figure that sees no target figure needs a friend who does: some figure of its side
    # other than itself, which (it seeing none) is any figure of its side, so one answer serves
    # every mortar figure of the unit (spotted_by_friends without a firer), asked once if at all.
    spotted = None
    for f in u.figures:
        if f.weapon and not f.suppressed and weapons[f.weapon].indirect:
            if spotted is None and m.nearest_seen(f, target.figures) is None:
                spotted = spotted_by_friends(rules, state, u.side, target)
            if shot(rules, state, u, f, target, spotted=spotted) is not None:
                return True
    return False


def _targets(rules, state, u: UnitState):
    """The units ``u`` can fire at (``targetable`` and ``can_fire_at``), in state order, one at a
    time: ``u``'s weapons are looked at once for all of them."""
    if not u.alive:
        return
    arms = armament(rules, u)
    if arms is None:
        return
    m, longest, _indirect = arms
    figs, side = u.figures, u.side
    for e in state.units.values():
        if e.side == side or not e.figures or e.hidden or engaged(state, e.id):
            continue  # targetable, written out
        if least_gap(m, figs, e.figures) <= longest and whole_unit_fires_at(rules, state, u, arms, e):
            yield e.id


def fire_targets(rules, state, u: UnitState) -> list[str]:
    return list(_targets(rules, state, u))


def has_target(rules, state, u: UnitState) -> bool:
    """Is there any unit ``u`` can fire at (``fire_targets`` not empty)?  Stops at the first."""
    return next(_targets(rules, state, u), None) is not None
