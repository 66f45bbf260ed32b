"""Who is aboard a carrier and who fits (GoE 8a)."""
from __future__ import annotations

from .units import utype


def passengers(state, carrier_uid: str) -> list:
    return [u for u in state.units.values() if u.carrier == carrier_uid]


def room_for(state, carrier, passenger) -> bool:
    """8a: one Leg unit plus one Hero."""
    aboard = passengers(state, carrier.uid)
    heroes = sum(1 for x in aboard if utype(x).hero)
    legs = len(aboard) - heroes
    return heroes == 0 if utype(passenger).hero else legs == 0
