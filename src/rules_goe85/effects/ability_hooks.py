"""What an attack or a move leaves behind through an Ability or Power: Single Use (21m), Brutal (22g)."""
from __future__ import annotations

from ..model.events import MarkerSet, Note, UnitWithdrawn
from ..queries.units import has


def after_fire(ctx, f) -> None:
    """21m: single-use units that took part in a ranged attack leave play."""
    for uid in (f.lead, *f.supporters):
        u = ctx.state.units.get(uid)
        if u is not None and has(u, "single_use"):
            ctx.emit(Note(f"{uid} is a single-use weapon and is discarded"))
            ctx.emit(UnitWithdrawn(uid))


def after_move(ctx, f) -> None:
    """22g: the Brutal unit whose Power drove the move ``f`` used a Power: Ops Complete."""
    uid = f.brutal
    if uid and uid in ctx.state.units:
        ctx.emit(MarkerSet(uid, "ops"))
