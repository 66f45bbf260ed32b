"""Questions about units: their factors, eligibility, stacking, targets and taking hits."""
from __future__ import annotations

from .data import UnitType, game_data
from .state import GoEState, Unit, UnitHit


def utype(u: Unit) -> UnitType:
    return game_data().units[u.type]


def has(u: Unit, ability: str) -> bool:
    return ability in utype(u).abilities


def hef(u: Unit) -> int:
    return utype(u).factors(u.reduced).hef


def eligible(u: Unit) -> bool:
    """GoE 4c: on the map and marked neither Fired, Moved nor Ops Complete."""
    return u.hex is not None and not u.marker


def can_fire(u: Unit) -> bool:
    """GoE 10a, 10c: an Eligible Unit that is not Shaken."""
    return eligible(u) and not u.shaken


def movement_factor(u: Unit, *, fast: bool = False) -> int:
    """GoE 10c: MF (+1 for Fast Move, 18e) halved, rounding down, when Shaken."""
    mf = utype(u).factors(u.reduced).mf + (1 if fast else 0)
    return mf // 2 if u.shaken else mf


def units_at(state: GoEState, h) -> list[Unit]:
    return [u for u in state.units.values() if u.hex == h]


def side_at(state: GoEState, h, side: str) -> list[Unit]:
    return [u for u in state.units.values() if u.hex == h and u.side == side]


def stacking_ok(units: list[Unit]) -> bool:
    """GoE 9: three ground units, one Hero, two non-Hero Leg units, one ground vehicle per hex."""
    types = [utype(u) for u in units]
    heroes = sum(1 for t in types if t.hero)
    legs = sum(1 for t in types if t.leg and not t.hero)
    vehicles = sum(1 for t in types if t.kind in ("vehicle", "truck"))
    return len(units) <= 3 and heroes <= 1 and legs <= 2 and vehicles <= 1


def targetable(state: GoEState, target: Unit, *, sniper: bool = False) -> bool:
    """GoE 10d: a Hero is a target only for a Sniper or when alone in its hex."""
    if not utype(target).hero or sniper:
        return True
    return all(u.uid == target.uid or u.side != target.side for u in units_at(state, target.hex))


def hit_outcome(u: Unit) -> str:
    """GoE 10c: a first hit Shakes, a hit on a Shaken unit reduces it, on a Shaken reduced one eliminates.
    A unit with one step is eliminated by the hit that would reduce it (13b)."""
    if not u.shaken:
        return "shaken"
    if not u.reduced and utype(u).steps >= 2:
        return "reduced"
    return "eliminated"


def apply_hit(ctx, uid: str) -> str:
    from .scenarios import on_eliminated

    u = ctx.state.units[uid]
    outcome = hit_outcome(u)
    ctx.emit(UnitHit(uid, outcome))
    if outcome == "eliminated":
        on_eliminated(ctx, u)
    return outcome
