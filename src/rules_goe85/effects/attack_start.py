"""An HE attack begun (GoE 10b): Indirect Fire's accuracy roll (21k), the targets noted, the
FireFrame pushed.  Every procedure or card that opens an attack calls this."""
from __future__ import annotations

from ..effects.scatter import indirect_landing
from ..model.actions import Use
from ..model.events import MarkerSet
from ..model.events import Note
from ..model.events import TargetNoted
from ..model.frames import FireFrame
from ..queries.attack_plan import attack_plan
from ..queries.board import board_at
from ..queries.helicopters import heli_passenger
from ..queries.units import has
from ..queries.units import units_at

def start_fire(rules, ctx, side: str, use: Use, lead_id: str, target: str, supporters=(), *,
               marker: str = "fired", degrade: int = 0, opp_movers=(), moving: bool | None = None,
               lead_hef: int | None = None) -> None:
    """Push the FireFrame of an attack (10b designation and firepower) by ``lead_id`` with the
    ``supporters`` of its hex (10d).  ``lead_hef`` replaces the lead's printed HEF (22l Rapid Fire at
    two hexes); ``opp_movers``: the moving units an Opportunity Fire may strike (11a)."""
    state = ctx.state
    board = board_at(state)
    lead = state.units[lead_id]
    aim = board.hex(target[4:]) if target.startswith("hex:") else state.units[target].hex
    indirect = has(lead, "indirect_fire") and not board.sight(state).sees(lead.hex, aim)
    if indirect:  # 21k: the accuracy roll; off target, the shot attacks the enemies of the hex it lands in
        landed = indirect_landing(ctx, side, lead_id, aim)
        if landed != aim:
            hit = [u for u in units_at(state, landed)] if landed is not None else []
            if not any(u.side != side for u in hit):
                ctx.emit(MarkerSet(lead_id, marker))
                return
            target, supporters = "hex:" + board.label(landed), ()
    plan = attack_plan(rules, state, side, use, lead_id, target, supporters, moving=moving, lead_hef=lead_hef,
                       movers=opp_movers)
    h, targets, supporters, total = plan.hex, plan.targets, plan.supporters, plan.hef
    deg = degrade + plan.degrade - (1 if indirect and plan.concealed else 0)  # 21k: concealment no matter
    deg += rules.special_rules(state).attack_degrade(state, side, use)  # Sherkhankhel's turn-1 Move & Fire
    tactical = any(has(u, "tactical") and not u.shaken and u.marker != "ops" and not heli_passenger(state, u)  # 17f
                   for u in units_at(state, lead.hex) if u.side == side)
    for uid in (lead_id, *supporters):
        ctx.emit(TargetNoted(uid, targets[0]))
    ctx.emit(Note(f"{lead_id} fires at {', '.join(targets)} ({board.label(h)}): HEF {total}"))
    ctx.push(FireFrame(side=side, use=use, lead=lead_id, supporters=supporters, targets=targets, hex=h,
                       hef=total, degrade=min(deg, 2), marker=marker, opp_movers=tuple(opp_movers), moving_extra=plan.mixed,
                       sniper=plan.sniper, spraying=plan.spraying, redraw=tactical))
