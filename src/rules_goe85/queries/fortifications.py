"""Fortifications other than Foxholes (GoE 23b Bunkers for the soft targets inside, 23c Wire).

Bunker (23b), what this module plays:
* covered terrain (concealment, relocation, Conceal at set-up treat it like a Foxhole);
* it faces a hex corner like a vehicle (its owner picks the corner at set-up, ``procedures/setup.py``);
  units in it fire (HEF and APF, :func:`outside_bunker_front`) only at hexes in its front arc, and
  non-Assault attacks reach them only from its front arc (artillery and mortars come "from the
  front", so they always reach them) — :func:`fire_blocked`;
* Leg units in the hex get +1 CF on top of the terrain's (artillery included) — :func:`cf_bonus`;
* any Action card gives one unit in the bunker a Second Wind (18p) — :func:`bunker_second_winds`.
The bunker itself as a Hard Target with AF 4 (AP fire and artillery's APF, Destroyed and Shake!
results) is played in ap_cases.py, which emits ``BunkerRemoved``.

Wire (23c): Leg units stop on entering (move.py, Reserve Phase too); -1 to the hex's Cover
Factor (our reading: a modifier to the terrain's CF, like the Bunker's +1).  Tracked units pay
:data:`WIRE_TRACKED_MP` to enter (:func:`tracked_wire_cost`, asked by vehicle movement and the
Reserve Phase).
"""
from __future__ import annotations

from tabletop_core.boards.hexfacing import Arc, shot_arc

from .units import utype

WIRE_TRACKED_MP = 3  # 23c
BUNKER_AF = 4  # 23b, for the AP attack on the bunker itself (ap_fire.py)


def fortified(state):
    """Hexes whose fortification makes them covered terrain (23a Foxholes, 23b Bunkers)."""
    if not state.bunkers:
        return state.foxholes
    return state.foxholes | set(state.bunkers)


def in_front(state, bunker_hex, other_hex) -> bool:
    """23b: is ``other_hex`` in the front arc of the bunker in ``bunker_hex`` (spines count as front)?"""
    return shot_arc(other_hex, bunker_hex, state.bunkers[bunker_hex]) == Arc.FRONT


def fire_blocked(state, firer, target, *, firer_leg: bool = True, target_leg: bool = True) -> bool:
    """23b: a ranged (HEF) attack from ``firer`` at ``target`` that a bunker's facing forbids:
    out of a bunker only through its front, into it only from its front (Leg units, who are the
    ones inside)."""
    if not state.bunkers:
        return False
    if firer_leg and firer in state.bunkers and not in_front(state, firer, target):
        return True
    if target_leg and target in state.bunkers and not in_front(state, target, firer):
        return True
    return False


def outside_bunker_front(state, firer, target_hex) -> bool:
    """23b: ``firer`` is a Leg unit in a bunker (so in the Bunker) and ``target_hex`` is outside the
    bunker's front arc: it may not fire there, HE or AP alike."""
    return (bool(state.bunkers) and firer.hex in state.bunkers and utype(firer).leg
            and not in_front(state, firer.hex, target_hex))


def cf_bonus(state, h, units) -> int:
    """23b +1 CF for Leg units in a bunker; 23c -1 CF in a wire hex."""
    bonus = 0
    if h in state.bunkers and units and all(utype(u).leg for u in units):
        bonus += 1
    if h in state.wire:
        bonus -= 1
    return bonus


def tracked_wire_cost(state, h, move_class: str, cost: int) -> int:
    """23c: a Tracked unit pays 3 MP to enter wire (our reading: 3 in all, or the terrain's cost if
    that is higher); other vehicles pay the terrain's cost."""
    if move_class == "T" and h in state.wire:
        return max(cost, WIRE_TRACKED_MP)
    return cost


def stops_in_wire(state, h, u) -> bool:
    """23c: a Leg unit entering wire must stop."""
    return h in state.wire and utype(u).leg


def bunker_second_winds(state, side: str, only=None) -> list[str]:
    """23b: the units in a bunker that any Action card may give a Second Wind (18p), by id (``only``:
    among these); the same for every card of a hand (``cards/abilities.py`` lists the plays)."""
    if not state.bunkers:
        return []
    marked = [u for u in state.units.values() if u.side == side and u.hex in state.bunkers and utype(u).leg
              and u.marker in ("moved", "fired") and (only is None or u.uid in only)]
    return sorted(u.uid for u in marked)
