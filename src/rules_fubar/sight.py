"""Which enemies a unit sees (# FUBAR activation: an enemy in sight; # FUBAR failed-activation:
withdrawing from the nearest one seen; # FUBAR hidden: hidden units are not in sight until
spotted).  Queries only: activation, movement menus and close combat ask them."""
from __future__ import annotations

from .civilians import SIDE as CIVILIANS
from .state import UnitState


def visible_enemies(rules, state, u: UnitState) -> list[UnitState]:
    """Enemy units in sight of ``u`` (hidden ones are not in sight until spotted; civilians are no one's enemy)."""
    return rules.measure_for(u).seen_among(u, enemies_in_view(state, u))


def any_enemy_visible(rules, state, u: UnitState) -> bool:
    """Is ``visible_enemies`` not empty?  Stops at the first enemy seen."""
    return rules.measure_for(u).sees_any_of(u, enemies_in_view(state, u))


def enemies_in_view(state, u: UnitState) -> list[UnitState]:
    side = u.side  # hostile(u, e) and e.alive, written out: asked of every unit at every activation
    return [e for e in state.units.values() if e.side != side and e.side != CIVILIANS and e.figures and not e.hidden]
