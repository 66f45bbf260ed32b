"""How far and with which Powers a unit may fire (GoE 10, 21g, 22): the numbers fire, Opportunity
Fire and Punishing Fire share."""
from __future__ import annotations

from .sight import is_heli
from .units import heli_mode

MAX_RANGE = 10
SNIPER_RANGE = 13  # 21g, 22m
FIRE_POWERS = ("intensive_fire", "kill_shot", "deadly_shot", "explosive_rounds", "marksman", "rapid_fire")
SPRAY_POWERS = ("intensive_fire", "kill_shot", "deadly_shot", "explosive_rounds")  # 21h: FIRE Powers a sprayer may lead


def power_barred(u, power: str) -> bool:
    """17b: a landed helicopter cannot use its Explosive Rounds Power (22c)."""
    return power == "explosive_rounds" and is_heli(u) and heli_mode(u) == "landed"
