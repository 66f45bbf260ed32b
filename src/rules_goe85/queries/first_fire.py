"""GoE 20a First Fire: who may answer an attack, with what (AP or HE), and the marker it then takes."""
from __future__ import annotations

from ..model.actions import Use
from ..model.frames import MoveFrame
from .board import board_at
from .units import heli_mode, is_hard, units_at, utype


def moving_without_fire(state, u) -> bool:
    """20a: a unit fired on in the middle of its own move is no defender; of the moving units only
    one on a Move & Fire may answer with First Fire (a Move, Fast Move, Scout... may not)."""
    return any(isinstance(fr, MoveFrame) and fr.use != Use.MOVE_FIRE and any(x == u.uid for x, _, _ in fr.mp)
               for fr in state.stack)


def first_fire_mode(state, u, lead) -> str:
    """How the attacked unit ``u`` could fire back at ``lead`` (20a): "ap", "he" or "" (it cannot:
    not an Eligible unshaken unit on its own, out of range or sight, or no factor that hurts it)."""
    from ..queries.ap_targets import ap_capable, ap_target, rules_range
    from ..queries.fire_reach import MAX_RANGE
    from ..queries.fortifications import fire_blocked, outside_bunker_front
    from ..queries.sight import sees
    from ..queries.units import targetable

    if u is None or lead is None or u.hex is None or lead.hex is None or u.marker or u.shaken or u.carrier:
        return ""
    if moving_without_fire(state, u):
        return ""
    if any(x.side != u.side for x in units_at(state, u.hex)) or any(x.side == u.side for x in units_at(state, lead.hex)):
        return ""
    board = board_at(state)
    d = board.distance(u.hex, lead.hex)
    if not sees(state, u, lead):
        return ""
    ap_ok = (ap_capable(u) and ap_target(lead) and rules_range(d) is not None
             and not (utype(u).kind == "helicopter" and heli_mode(u) == "landed")  # 17b
             and not outside_bunker_front(state, u, lead.hex))  # 23b
    if is_hard(lead):  # 2b: a Hard Target only to AP fire
        return "ap" if ap_ok else ""
    if d <= MAX_RANGE and targetable(state, lead) and not fire_blocked(state, u.hex, lead.hex,
                                                                       target_leg=utype(lead).leg):
        return "he"
    return "ap" if ap_ok else ""


def first_fire_marker(ctx, uid: str) -> str:
    """20a: the First Fire unit is marked Fired, or Ops Complete when it is a unit in the middle of
    a Move & Fire (its fire part is spent; it stops where it is, see :func:`finish`)."""
    for fr in ctx.state.stack:
        if isinstance(fr, MoveFrame) and fr.use == Use.MOVE_FIRE and any(u == uid for u, _, _ in fr.mp):
            return "ops"
    return "fired"
