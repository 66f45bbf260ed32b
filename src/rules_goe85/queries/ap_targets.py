"""Which units fire AP and at what (GoE 15c, 17d), and the AP range bands of the TEC."""
from __future__ import annotations

from ..data.components import game_data
from .units import heli_mode, is_hard, utype


def ap_capable(u) -> bool:
    t = utype(u).factors(u.reduced)
    return t.apf is not None and utype(u).tm is not None


def ap_target(u) -> bool:
    """15c, 17d: vehicles (Hard Targets), trucks, and helicopters that hover or have landed."""
    t = utype(u)
    if u.carrier or u.hex is None:
        return False
    if t.kind == "helicopter":
        return heli_mode(u) in ("hovering", "landed")
    return is_hard(u) or t.kind == "truck"


def rules_range(d: int):
    return game_data().tec.ap_modifier(d)
