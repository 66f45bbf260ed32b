"""GoE 20a First Fire: the attacked unit answers at once, pushed as a FireOrder or APFireOrder."""
from __future__ import annotations

from ..model.actions import Use
from ..model.frames import APFireOrder, FireOrder
from ..queries.first_fire import first_fire_marker, first_fire_mode


def fire_back(rules, ctx, side: str, uid: str, lead: str) -> None:
    """20a: ``uid`` answers ``lead``'s attack (Fired, or Ops Complete in a Move & Fire)."""
    state = ctx.state
    mode = first_fire_mode(state, state.units.get(uid), state.units.get(lead))
    marker = first_fire_marker(ctx, uid)
    if mode == "ap":
        ctx.push(APFireOrder(side, Use.FIRST_FIRE, uid, lead, marker=marker))
    elif mode == "he":
        ctx.push(FireOrder(side, Use.FIRST_FIRE, uid, lead, marker=marker))
