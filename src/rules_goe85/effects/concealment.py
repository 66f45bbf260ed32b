"""Concealment lost (GoE 18q): at the end of every impulse a concealed unit next to a non-Shaken
enemy on the ground is uncovered.  The impulse applies it; Concealed and Conceal (22p) that put the
markers on are card plays (``cards/powers.py``)."""
from __future__ import annotations

from tabletop_core.boards import hex_distance

from ..model.events import ConcealSet
from ..queries.units import utype


def _in_the_air(state, v) -> bool:
    """A helicopter, or a passenger aboard one (18q: they do not uncover concealed units)."""
    carrier = state.units.get(v.carrier) if v.carrier else None
    return utype(v).kind == "helicopter" or (carrier is not None and utype(carrier).kind == "helicopter")


def lose_concealment(ctx) -> None:
    """18q: at the end of any impulse, concealment is lost next to a non-Shaken enemy unit that is
    not a helicopter."""
    state = ctx.state
    for u in sorted(state.units.values(), key=lambda x: x.uid):
        if u.concealed and any(v.side != u.side and not v.shaken and v.hex is not None and hex_distance(u.hex, v.hex) <= 1
                               and not _in_the_air(state, v) for v in state.units.values()):
            ctx.emit(ConcealSet(u.uid, False))

