"""The numbers of AP fire (GoE 15): to-hit number, the targeting draw, armour by arc, the APF draw.
Pure functions, so the 15c example tests them directly."""
from __future__ import annotations

from tabletop_core.boards.hexfacing import Arc

from .deck import card


def to_hit_number(distance: int, tm: int, cf: int, degraded: bool = False) -> int:
    """15a: range (the target's hex counted), minus the firer's TM, plus the target hex's CF; the
    15c example also adds 1 for a degrading hex the line of sight crosses (our reading: +1 when the
    LOS is degraded)."""
    return distance - tm + cf + (1 if degraded else 0)


def card_hits(card_id: str, to_hit: int, *, move_fire: bool = False, tn_penalty: int = 0) -> bool:
    """15b: the TN (less 1 against a moving or Moved target, a lone Difficult Target, out of a
    Barrage, 10d/21c/12b) must reach the to-hit number; Miss never hits; MF misses a Move & Fire."""
    c = card(card_id)
    if c.miss or c.tn is None:
        return False
    if c.mf and move_fire:
        return False
    return c.tn - tn_penalty >= to_hit


def armour(af: int, arc: Arc, turret: bool = False) -> int:
    """15d: flank armour is 1 less, rear 2 less; a Turret hit adds 1 (15b)."""
    return af - {Arc.FRONT: 0, Arc.FLANK: 1, Arc.REAR: 2}[arc] + (1 if turret else 0)


def damage_result(card_id: str, apf: int, range_mod: int, af: int, *, bonus: int = 0) -> str:
    """15c: destroy / shake / dud / none.  Shake!, Dud! and Destroy! decide by themselves (our
    reading: the special result stands over the number); otherwise APF + range modifier + the
    card's APF bonus (+ Critical Hit 2, - Glancing Shot 2) against the armour."""
    c = card(card_id)
    if c.apf_special:
        return c.apf_special
    return "destroy" if apf + range_mod + (c.apf_bonus or 0) + bonus >= af else "none"
