"""GoE 10c: a hit on a unit (Shaken, reduced, eliminated); a vehicle's last hit destroys it (13f, 17d)."""
from __future__ import annotations

from ..model.events import UnitHit


from ..queries import units


def apply_hit(rules, ctx, uid: str) -> str:
    u = ctx.state.units[uid]
    outcome = units.hit_outcome(u)
    if outcome == "eliminated" and units.is_vehicle(u):  # 13f, 17d: a vehicle's last hit destroys it
        from .vehicles import destroy

        destroy(rules, ctx, uid)
        return outcome
    ctx.emit(UnitHit(uid, outcome))
    if outcome == "eliminated":
        rules.on_eliminated(ctx, u)
    return outcome
