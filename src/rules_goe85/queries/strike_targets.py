"""Who an artillery strike attacks and how (GoE 12a, 17d, 23b): Soft Targets with HE, Hard Targets
and a bunker with one AP draw each, Shake only."""
from __future__ import annotations

from ..model.actions import Use
from ..model.vehicles import APFire
from .ap_targets import bunker_target
from .units import heli_mode, is_hard, units_at, utype


def artillery_targets(state, side: str, h) -> tuple[list, list]:
    """(soft, hard): the units an artillery strike on ``h`` attacks with HE and with AP.  12a
    attacks hexes, not enemies ("all units receive one hit before any receive a second"; the
    strike may drift): the caller's own units in a struck hex are attacked too (our reading)."""
    soft, hard = [], []
    for u in units_at(state, h):
        if u.carrier:
            continue
        if utype(u).kind == "helicopter":
            if heli_mode(u) == "landed":  # 17d: only landed, as a Soft Target
                soft.append(u)
            continue
        (hard if is_hard(u) else soft).append(u)
    return soft, hard


def artillery_ap_frames(side: str, apf: int, h, hard) -> list:
    """12a: one AP draw against each Hard Target of the hex, Shake only, flank armour."""
    return [APFire(side=side, use=Use.ARTILLERY, lead="", target=u.uid, step="damage", marker="", apf=apf,
                   auto_hit=True, shake_only=True, source_hex=h) for u in hard]


def artillery_on_bunker(state, side: str, h, apf: int) -> APFire | None:
    """23b: the strike's APF against the bunker of ``h`` instead of its HEF against the occupants."""
    if h not in state.bunkers or not any(u.side != side for u in units_at(state, h)):
        return None
    return APFire(side=side, use=Use.ARTILLERY, lead="", target=bunker_target(state, h), step="damage", marker="",
                  apf=apf, auto_hit=True, shake_only=True, source_hex=h)
