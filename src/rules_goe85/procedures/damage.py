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


def eliminate(rules, ctx, uid: str) -> None:
    """The unit is removed at once, not hit by hit (13d: a unit that cannot retreat): a vehicle is
    destroyed without first being Shaken, so its passengers take only the two hits of 8e (a Shaken
    carrier would first have Shaken them, 8f)."""
    u = ctx.state.units[uid]
    if units.is_vehicle(u):
        from .vehicles import destroy

        destroy(rules, ctx, uid)
        return
    while uid in ctx.state.units:
        apply_hit(rules, ctx, uid)
