"""What the non-phasing player could play on a moving unit (GoE 11a, Hammer and Anvil's Booby Trap):
the plays an :class:`OppFireWindow` offers, and whether a step opens one at all."""
from __future__ import annotations

from ..model.actions import Block, PlayCard, PlayReaction, Use
from ..model.frames import MoveFrame
from ..model.state import other
from .ap_targets import ap_capable, ap_target, rules_range
from .board import board_at
from .deck import card, hand_of
from .fire_reach import FIRE_POWERS, MAX_RANGE, SNIPER_RANGE, power_barred
from .fortifications import fire_blocked
from .sight import sees
from .units import eligible, has, heli_mode, is_hard, targetable, units_at, utype


def _reach(u, power: str = "") -> int:  # 21g, 22m: Snipers and the Marksman Power reach 13 hexes
    return SNIPER_RANGE if has(u, "sniper") or power == "marksman" else MAX_RANGE


def opp_fire_leads(state, side: str, movers_hex, mover: str):
    """The public half of 11a: the non-phasing side's units that could fire on ``mover`` now in
    ``movers_hex`` -- the HE leads (none at a Hard Target, 15) and the AP leads.  No card is looked at."""
    board = board_at(state)
    target = state.units.get(mover)
    if target is None or not targetable(state, target):
        return [], []
    if any(u.side == side for u in units_at(state, movers_hex)):
        return [], []
    leads = []
    for u in state.units.values():
        if u.side != side or not eligible(u) or u.shaken:
            continue
        if any(x.side != side for x in units_at(state, u.hex)):
            continue
        far = _reach(u, "marksman" if "marksman" in utype(u).powers else "")
        if board.distance(u.hex, movers_hex) <= far and sees(state, u, target, bh=movers_hex):
            if not fire_blocked(state, u.hex, movers_hex, target_leg=utype(target).leg):  # 23b facing
                leads.append(u)
    ap_leads = [u for u in leads if ap_capable(u) and ap_target(target) and rules_range(board.distance(u.hex, movers_hex))
                is not None and not (utype(u).kind == "helicopter" and heli_mode(u) == "landed")]
    return (leads if not is_hard(target) else []), ap_leads


def _fire_powers(lead, distance: int):
    """11a: the Powers ``lead`` could fire with at ``distance`` (the Marksman's too, 22m; 17b)."""
    return [p for p in utype(lead).powers
            if p in FIRE_POWERS and distance <= _reach(lead, p) and not power_barred(lead, p)]


def opp_fire_plays(rules, state, side: str, movers_hex, mover: str):
    """Cards and leads the non-phasing side could use to fire on a unit now moving in ``movers_hex``."""
    board = board_at(state)
    leads, ap_leads = opp_fire_leads(state, side, movers_hex, mover)
    out = []
    for cid in hand_of(state, side):
        c = card(cid)
        for block, use in (("upper", c.upper), ("lower", c.lower)):
            if use == Use.FIRE:
                for lead in leads:
                    if board.distance(lead.hex, movers_hex) <= _reach(lead):
                        out.append(PlayCard(cid, block, Use.OPP_FIRE, lead.uid, mover))
                for lead in ap_leads:
                    out.append(PlayCard(cid, block, Use.OPP_FIRE, lead.uid, mover, ap=True))
        if c.power:
            for lead in leads:
                for p in _fire_powers(lead, board.distance(lead.hex, movers_hex)):
                    out.append(PlayCard(cid, Block.POWER, p, lead.uid, mover))
    return out


def _could_fire(state, side: str, movers_hex, mover: str) -> bool:
    """Some lead could fire on the mover with some card (a Fire block or a Power), whatever the hand holds."""
    board = board_at(state)
    leads, ap_leads = opp_fire_leads(state, side, movers_hex, mover)
    return bool(ap_leads) or any(board.distance(u.hex, movers_hex) <= _reach(u)
                                 or _fire_powers(u, board.distance(u.hex, movers_hex)) for u in leads)


def _booby_trap_possible(rules, state, side: str, h) -> bool:
    """Hammer and Anvil SSR: Soviet units entering a building hex may be Booby Trapped."""
    spec = rules.spec(state)
    return spec.muj_artillery_as == "booby_trap" and side == "mujahideen" and board_at(state).row(h).building


def booby_trap_plays(rules, state, side: str, h, movers):
    """Hammer and Anvil SSR: any Artillery action may be played as a Booby Trap when Soviet units
    enter a building hex."""
    if not _booby_trap_possible(rules, state, side, h):
        return []
    return [PlayReaction(cid, Use.BOOBY_TRAP, movers[0]) for cid in hand_of(state, side) if "artillery" in card(cid).blocks()]


def moving_stack(state, h, mover: str) -> list[str]:
    """Hammer and Anvil SSR: the units of the move under way that stand in ``h`` -- the stack that
    just entered it, whom the Booby Trap strikes (never a unit that was already in the building)."""
    frame = next((fr for fr in reversed(state.stack) if isinstance(fr, MoveFrame)), None)
    moving = {uid for uid, _, _ in frame.mp} if frame is not None else set()
    stack = sorted(uid for uid in moving if uid in state.units and state.units[uid].hex == h)
    return stack or [mover]


def window_opens(rules, state, mover_side: str, movers, h) -> bool:
    """11a: a step (or pivot, load, unload) of ``movers`` into ``h`` opens an Opportunity Fire window
    when the other player has a unit that could fire on the mover (or a Booby Trap could be sprung).
    Public conditions only (GoE hidden hands): the hand is not looked at, so the mover learns
    nothing from the window; a hand with nothing usable is offered Decline alone."""
    side = other(mover_side)
    return _could_fire(state, side, h, movers[0]) or _booby_trap_possible(rules, state, side, h)
