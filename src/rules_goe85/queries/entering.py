"""Who waits off the map to enter (GoE 18h, 17a): the units a Move card's entry may pick from."""
from __future__ import annotations

from .sight import is_heli


def waiting(state, side: str) -> list:
    """Units of ``side`` due to enter (their turn has come, not marked), carriers' passengers and
    helicopters aside (a helicopter enters on its own activation, 17a)."""
    return sorted((u for u in state.units.values()
                   if u.side == side and u.hex is None and u.entry and u.entry <= state.turn and not u.marker
                   and not u.carrier and not is_heli(u)), key=lambda u: u.uid)


def helicopters_waiting(state, side: str) -> list:
    """17a, 17b: off-map helicopters of ``side`` due to enter; each enters flying on its own card."""
    return sorted((u for u in state.units.values()
                   if u.side == side and u.hex is None and u.entry and u.entry <= state.turn and not u.marker
                   and is_heli(u)), key=lambda u: u.uid)
