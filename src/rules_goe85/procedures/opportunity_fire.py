"""Opportunity Fire (GoE 11a): after every step the other player may halt the mover and fire
(an :class:`OppFireWindow`), or spring Hammer and Anvil's Booby Trap."""
from __future__ import annotations

from tabletop_core import Decision
from tabletop_core.decks import hand

from ..model.actions import Block, Decline, Declined, PlayCard, PlayReaction, Use
from ..queries.board import board_at
from ..queries.deck import card, hand_of
from ..model.state import DECK, other
from ..model.frames import FireFrame, OppFireWindow
from ..queries.units import eligible, has, heli_mode, is_hard, units_at, utype

from ..queries.fortifications import fire_blocked  # noqa: E402

# -- Opportunity Fire (11a) -----------------------------------------------------------------------
def opp_fire_plays(rules, state, side: str, movers_hex, mover: str):
    """Cards and leads the non-phasing side could use to fire on a unit now moving in ``movers_hex``."""
    from .fire import FIRE_POWERS, MAX_RANGE, SNIPER_RANGE
    from .vehicles import power_barred, sees
    from ..queries.units import targetable

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
    from .ap_fire import ap_capable, ap_target, rules_range

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


def offer_opportunity(rules, ctx, mover_side: str, movers, h, *, fast: bool = False) -> None:
    state = ctx.state
    side = other(mover_side)
    if opp_fire_plays(rules, state, side, h, movers[0]) or booby_trap_plays(rules, state, side, h, movers):
        ctx.push(OppFireWindow(side, movers[0], h, fast))


def decide_window(rules, state, f: OppFireWindow):
    plays = opp_fire_plays(rules, state, f.player, f.hex, f.mover)
    traps = booby_trap_plays(rules, state, f.player, f.hex, [f.mover])
    if not plays and not traps:
        return None
    return Decision(f.player, (*plays, *traps, Decline(Declined.HOLD)), f"Opportunity Fire on {f.mover}?")


def act_window(rules, ctx, f: OppFireWindow, action) -> None:
    from .fire import start_fire

    state = ctx.state
    ctx.pop()
    if isinstance(action, Decline):
        return
    ctx.move_card(DECK, action.card, hand(f.player), "discard", player=f.player)
    if isinstance(action, PlayReaction):  # Booby Trap: 1 HEF (2 after a Fast Move), no modifiers
        movers = [u.uid for u in units_at(state, f.hex) if u.side != f.player]
        victim = ctx.choice(sorted(movers), reason="booby trap victim")
        ctx.push(FireFrame(side=f.player, use=Use.BOOBY_TRAP, lead="", supporters=(), targets=(victim,), hex=f.hex,
                           hef=2 if f.fast else 1, step="begin", marker=""))
        return
    marker = "fired" if action.use == Use.OPP_FIRE else "ops"
    use = Use.FIRE if action.use == Use.OPP_FIRE else action.use
    if action.ap:  # 11a, 15: AP Opportunity Fire
        from .ap_fire import start as start_ap

        start_ap(rules, ctx, f.player, use, action.unit, action.target, marker=marker, opp_mover=action.target,
                 moving=True)
        return
    start_fire(rules, ctx, f.player, use, action.unit, action.target, False, marker=marker,
               opp_mover=action.target, moving=True)


def advance_window(rules, ctx, f: OppFireWindow) -> None:
    ctx.pop()  # nothing can be played any more


