"""What the non-phasing player could play on a moving unit (GoE 11a, Hammer and Anvil's Booby Trap):
the plays an :class:`OppFireWindow` offers, and whether a step opens one at all."""
from __future__ import annotations

from ..model.actions import Block, PlayCard, PlayReaction, Use
from ..model.state import other
from .ap_targets import ap_capable, ap_target, rules_range
from .board import board_at
from .deck import card, hand_of
from .fire_reach import FIRE_POWERS, MAX_RANGE, SNIPER_RANGE, power_barred
from .fortifications import fire_blocked
from .sight import sees
from .units import eligible, has, heli_mode, is_hard, targetable, units_at, utype


def opp_fire_plays(rules, state, side: str, movers_hex, mover: str):
    """Cards and leads the non-phasing side could use to fire on a unit now moving in ``movers_hex``."""
    board = board_at(state)

    def reach(u, power: str = "") -> int:  # 21g, 22m: Snipers and the Marksman Power reach 13 hexes
        return SNIPER_RANGE if has(u, "sniper") or power == "marksman" else MAX_RANGE

    target = state.units.get(mover)
    if target is None or not targetable(state, target):
        return []
    if any(u.side == side for u in units_at(state, movers_hex)):
        return []
    leads = []
    for u in state.units.values():
        if u.side != side or not eligible(u) or u.shaken:
            continue
        if any(x.side != side for x in units_at(state, u.hex)):
            continue
        far = reach(u, "marksman" if "marksman" in utype(u).powers else "")
        if board.distance(u.hex, movers_hex) <= far and sees(state, u, target, bh=movers_hex):
            if not fire_blocked(state, u.hex, movers_hex, target_leg=utype(target).leg):  # 23b facing
                leads.append(u)
    if not leads:
        return []
    he_ok = not is_hard(target)  # 15: a Hard Target only to AP fire
    ap_leads = [u for u in leads if ap_capable(u) and ap_target(target) and rules_range(board.distance(u.hex, movers_hex))
                is not None and not (utype(u).kind == "helicopter" and heli_mode(u) == "landed")]
    if not he_ok:
        leads = []
    out = []
    for cid in hand_of(state, side):
        c = card(cid)
        for block, use in (("upper", c.upper), ("lower", c.lower)):
            if use == Use.FIRE:
                for lead in leads:
                    if board.distance(lead.hex, movers_hex) <= reach(lead):
                        out.append(PlayCard(cid, block, Use.OPP_FIRE, lead.uid, mover))
                for lead in ap_leads:
                    out.append(PlayCard(cid, block, Use.OPP_FIRE, lead.uid, mover, ap=True))
        if c.power:
            for lead in leads:
                for p in utype(lead).powers:  # 11a: a Power that fires (the Marksman's too, 22m)
                    if (p in FIRE_POWERS and board.distance(lead.hex, movers_hex) <= reach(lead, p)
                            and not power_barred(lead, p)):  # 17b
                        out.append(PlayCard(cid, Block.POWER, p, lead.uid, mover))
    return out


def booby_trap_plays(rules, state, side: str, h, movers):
    """Hammer and Anvil SSR: any Artillery action may be played as a Booby Trap when Soviet units
    enter a building hex."""
    spec = rules.spec(state)
    if spec.muj_artillery_as != "booby_trap" or side != "mujahideen":
        return []
    board = board_at(state)
    if not board.row(h).building:
        return []
    return [PlayReaction(cid, Use.BOOBY_TRAP, movers[0]) for cid in hand_of(state, side) if "artillery" in card(cid).blocks()]


def window_opens(rules, state, mover_side: str, movers, h) -> bool:
    """11a: a step (or pivot, load, unload) of ``movers`` into ``h`` opens an Opportunity Fire window
    only if the other player has something to play on the mover."""
    side = other(mover_side)
    return bool(opp_fire_plays(rules, state, side, h, movers[0]) or booby_trap_plays(rules, state, side, h, movers))
