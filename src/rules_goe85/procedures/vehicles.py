"""Helicopter modes and the card plays of vehicles and helicopters (GoE 15, 17a, 17b, 18c, 22k).

A helicopter declares its mode (:class:`ModeChoice`, answered here) first for every action played
for it (``queries/heli_designation.py``) and at the start of the Reserve Phase; AP fire, Cannister,
Sagger, a helicopter's Fire and its moves are card plays offered here (a card family of
``dispatch.CARD_FAMILIES``) and started as orders, a helicopter's move by opening its MoveFrame
(``effects/openings.py``) under the ModeChoice.  A vehicle's or helicopter's steps are ``move/vehicle_steps.py``;
destruction, wrecks and crashes are ``effects/losses.py``.
"""
from __future__ import annotations

from ..effects.openings import start_move
from ..queries.ap_targets import SAGGER_MIN
from ..queries.ap_targets import ap_leads
from ..queries.fire_options import fire_options, iter_fire_options

from ..queries.helicopters import legal_modes

from tabletop_core import Decision

from ..model.actions import Block, DeclareMode, Decline, Declined, FireAt, PlayCard, Use
from ..queries.board import board_at
from ..model.frames import APFireOrder, FireOrder
from ..model.events import Note
from ..queries.deck import card
from ..queries.units import eligible, heli_mode, utype
from ..queries.sight import is_heli
from ..queries.carrying import passengers
from ..model.vehicles import ModeChoice, ModeSet
from ..queries.entering import helicopters_waiting


# -- helicopter modes (17b) -----------------------------------------------------------------------


def decide_mode(rules, state, f: ModeChoice):
    u = state.units.get(f.uid)
    if u is None or u.hex is None:
        return None
    modes = legal_modes(state, u)
    if not modes:
        return None
    return Decision(f.player, (*(DeclareMode(f.uid, m) for m in modes), Decline(Declined.KEEP_MODE)),
                    f"{f.uid}: fly, hover or land ({heli_mode(u)} now)")


def act_mode(rules, ctx, f: ModeChoice, action) -> None:
    ctx.pop()
    if isinstance(action, DeclareMode):
        ctx.emit(ModeSet(f.uid, action.mode))
        ctx.emit(Note(f"{f.uid} is now {action.mode}"))
        if action.mode == "landed":  # 24e: on the ground now, it occupies its hex
            rules.after_step(ctx, [f.uid], ctx.state.units[f.uid].hex)


def advance_mode(rules, ctx, f: ModeChoice) -> None:
    ctx.pop()


# -- cards that vehicles and helicopters use (15, 17a, 18c, 22k) ---------------------------------
def vehicle_plays(rules, state, side: str, cid: str, uses, memo: dict | None = None) -> list:
    """The vehicle and helicopter plays of ``cid``; ``memo``: the attacks found for an earlier card of
    the same hand (they do not depend on the card)."""
    memo = {} if memo is None else memo
    only = memo.get("only")  # a helicopter's own listing (queries/card_menu.CardListing); "whole": every shot named

    def ap(use):  # the card's AP attacks, searched for the leads its plays keep alone
        key = ("ap", use)
        if key not in memo:  # (a lead's attacks do not depend on the other leads listed)
            units = _only(state, only)
            units = [u for u in (state.units.values() if units is None else units) if _may_lead_ap(u, use)]
            memo[key] = ap_leads(state, side, use=use, units=units) if units else []
        return memo[key]

    def he(use, unit=None):  # its HE attacks
        key = ("he", use, unit.uid if unit else "")
        if key not in memo:
            memo[key] = fire_options(rules, state, side, use=use, units=[unit] if unit else _only(state, only))
        return memo[key]

    out = []
    helis, entering = activated_helis(state, side, memo)
    # a helicopter's own listing is read for its designations (queries/heli_designation.py): its
    # moves are not among them (they declare the mode in their own frame, DECLARING_MOVES)
    moves = only is None
    # the impulse's card step names each helicopter on the map once (procedures/card_menu.py): its
    # plays are listed by map_heli_plays when it is picked
    if memo.get("heli_steps"):
        helis = []
    for block, use in uses:
        if use == Use.FIRE:
            out += [PlayCard(cid, block, Use.FIRE, lead, tgt, supporters=g, ap=True) for lead, tgt, g in ap(Use.FIRE)]
        elif use == Use.RELOAD_FIRE:  # 18n: the same target again, TM +1
            out += [PlayCard(cid, block, use, lead, tgt, ap=True) for lead, tgt, g in ap(use)
                    if state.units[lead].marker == "fired" and not g]
        elif use == Use.CANNISTER:  # 18c
            out += [PlayCard(cid, block, use, lead, tgt) for lead, tgt, g in he(use)
                    if not g and not tgt.startswith("hex:")]
        elif use == Use.FAST_MOVE and moves:  # 17c: a real Fast Move lends its +1 MP to the passengers
            out += [PlayCard(cid, block, Use.HELI_FAST_MOVE, h.uid) for h in helis + entering]
    if card(cid).power:  # 22k Sagger: AP, or HE against Leg units (ap_cases.py)
        out += [PlayCard(cid, Block.POWER, Use.SAGGER, lead, tgt, ap=True) for lead, tgt, g in ap(Use.SAGGER)
                if not g and "sagger" in utype(state.units[lead]).powers]

        if "sagger_he" not in memo:
            memo["sagger_he"] = sagger_he_attacks(rules, state, side, only)
        out += [PlayCard(cid, Block.POWER, Use.SAGGER, lead, tgt, he=True) for lead, tgt in memo["sagger_he"]]
    for h in entering:  # 17a, 18h: each helicopter off the map enters on its own activation, flying
        out.append(PlayCard(cid, Block.ANY, Use.HELI_MOVE, h.uid))
    if helis:
        for h in memo["helis_by_id"]:  # 17a: any card activates a helicopter
            out += _any_card_plays(rules, state, side, cid, h, memo, moves=moves)
    return out


def map_heli_plays(rules, state, side: str, cid: str, uses, memo: dict, uid: str) -> list:
    """What :func:`vehicle_plays` of ``cid`` lists for helicopter ``uid`` on the map when it may be
    activated (none otherwise): a Fast Move's and any card's activations (17a), in a hand's
    listing (``memo`` without ``"only"``)."""
    helis, _ = activated_helis(state, side, memo)
    h = next((x for x in helis if x.uid == uid), None)
    if h is None:
        return []
    out = [PlayCard(cid, block, Use.HELI_FAST_MOVE, uid) for block, use in uses if use == Use.FAST_MOVE]
    return out + _any_card_plays(rules, state, side, cid, h, memo, moves=True)


def activated_helis(state, side: str, memo: dict):
    """(the helicopters on the map that may be activated, those waiting to enter) in ``memo``'s
    listing (``"only"``: among these units): the same for every card of the hand."""
    if "helis" not in memo:
        only = memo.get("only")
        listed = state.units.values() if only is None else _only(state, only)
        memo["helis"] = [u for u in listed if u.side == side and is_heli(u) and eligible(u) and u.hex is not None]
        memo["helis_by_id"] = sorted(memo["helis"], key=lambda x: x.uid)
        memo["helis_entering"] = helicopters_waiting(state, side) if only is None else []
    return memo["helis"], memo["helis_entering"]


def _any_card_plays(rules, state, side: str, cid: str, h, memo: dict, *, moves: bool) -> list:
    """17a: any card activates helicopter ``h`` -- to move (``moves``), to rally when Shaken, to fire."""
    out = []
    if moves:
        out.append(PlayCard(cid, Block.ANY, Use.HELI_MOVE, h.uid))
        out.append(PlayCard(cid, Block.ANY, Use.HELI_MOVE_FIRE, h.uid))  # 18i: Shaken too, without the fire (move.py)
    if h.shaken:
        if not memo.get("attacks"):  # a helicopter's other-mode look asks for attacks alone (queries/card_menu.py)
            out.append(PlayCard(cid, Block.ANY, Use.RALLY, h.uid))
        return out
    if not memo.get("whole", True):  # a first step: that it has a shot is enough (its designation, 17b)
        key = ("heli_fire_any", h.uid)  # the search stops at the first
        if key not in memo:
            listed = memo.get(("heli_fire", h.uid))
            memo[key] = bool(listed) if listed is not None else heli_has_target(rules, state, side, h)
        return out + ([PlayCard(cid, Block.ANY, Use.HELI_FIRE, h.uid)] if memo[key] else [])
    key = ("heli_fire", h.uid)  # 17a: what it may shoot at (the same for every card)
    if key not in memo:
        memo[key] = heli_fire_targets(rules, state, side, h)
    return out + [PlayCard(cid, Block.ANY, Use.HELI_FIRE, h.uid, x.target, ap=x.ap) for x in memo[key]]


def _only(state, only):
    return None if only is None else [state.units[uid] for uid in only if uid in state.units]


def _may_lead_ap(u, use) -> bool:
    """Whether the AP plays of ``use`` keep an attack led by ``u``: a Fire block's by a ground unit
    (a helicopter fires as HELI_FIRE, 17a), a Reload & Fire's by a Fired unit (18n), a Sagger's by
    a unit with the Power (22k)."""
    if use == Use.FIRE:
        return not is_heli(u)
    if use == Use.RELOAD_FIRE:
        return u.marker == "fired"
    return use != Use.SAGGER or "sagger" in utype(u).powers


def heli_fire_targets(rules, state, side: str, h) -> list[FireAt]:
    """17a: what a helicopter activated to Fire may shoot at in its (declared) mode: HE at Soft
    Targets, AP at Hard Targets (never landed, 17b); it fires alone."""
    out = [FireAt(lead, tgt) for lead, tgt, g in fire_options(rules, state, side, use=Use.FIRE, units=[h]) if not g]
    out += [FireAt(lead, tgt, ap=True) for lead, tgt, g in ap_leads(state, side, use=Use.FIRE, units=[h]) if not g]
    return out


def heli_has_target(rules, state, side: str, h) -> bool:
    """Whether :func:`heli_fire_targets` of ``h`` is not empty: the HE search stops at its first
    target, and AP is searched only when HE finds none."""
    if any(not g for lead, tgt, g in iter_fire_options(rules, state, side, use=Use.FIRE, units=[h])):
        return True
    return any(not g for lead, tgt, g in ap_leads(state, side, use=Use.FIRE, units=[h]))


def play_vehicle_card(rules, ctx, side: str, action) -> bool:
    """Resolve the plays :func:`vehicle_plays` offers; False for every other play."""
    use = action.use
    if use == Use.HELI_FIRE:  # 17a: the helicopter's Fire, its mode declared (turn.HeliPlay)
        order = APFireOrder if action.ap else FireOrder
        ctx.push(order(side, Use.FIRE, action.unit, action.target, marker="fired"))
        return True
    if action.ap:
        marker = "fired" if use == Use.FIRE else "ops"
        ctx.push(APFireOrder(side, use, action.unit, action.target, action.supporters, marker=marker))
        return True
    if use == Use.CANNISTER:
        ctx.push(FireOrder(side, use, action.unit, action.target, marker="fired"))
        return True
    if use == Use.SAGGER and action.he:  # 22k: HEF 1, or 3 at a unit in a Bunker or building

        ctx.push(FireOrder(side, use, action.unit, action.target, marker="ops",
                           lead_hef=sagger_hef(ctx.state, action.target)))
        return True
    if use in (Use.HELI_MOVE, Use.HELI_FAST_MOVE, Use.HELI_MOVE_FIRE):
        mv = {Use.HELI_MOVE: Use.MOVE, Use.HELI_FAST_MOVE: Use.FAST_MOVE, Use.HELI_MOVE_FIRE: Use.MOVE_FIRE}[use]
        uids = [action.unit] + [p.uid for p in passengers(ctx.state, action.unit)]
        start_move(rules, ctx, side, mv, uids if mv != Use.MOVE_FIRE else [action.unit], action.card)
        ctx.push(ModeChoice(side, action.unit))  # 17b: the mode is declared first
        return True
    return False


SAGGER_HEF, SAGGER_HEF_COVERED = 1, 3  # 22k


def sagger_he_attacks(rules, state, side: str, only=None) -> list[tuple[str, str]]:
    """22k: the (lead, target) attacks of a Sagger Power's HE use: a Leg target at 7 hexes or more
    (a helicopter hovers); the same for every Power card of the hand (``only``: these leads)."""
    out = []
    board = board_at(state)
    for lead in sorted((u for u in state.units.values() if u.side == side and (only is None or u.uid in only)
                        and "sagger" in utype(u).powers), key=lambda x: x.uid):
        if not eligible(lead) or lead.shaken:
            continue
        if utype(lead).kind == "helicopter" and heli_mode(lead) != "hovering":
            continue
        for ld, tgt, g in fire_options(rules, state, side, use=Use.SAGGER, units=[lead]):
            t = state.units.get(tgt)
            if g or t is None or not utype(t).leg or board.distance(lead.hex, t.hex) < SAGGER_MIN:
                continue
            out.append((ld, tgt))
    return out


def sagger_hef(state, target) -> int:
    """22k: HEF 1 against a Leg unit, 3 when it is in a Bunker or a building."""
    board = board_at(state)
    t = state.units[target]
    return SAGGER_HEF_COVERED if (t.hex in state.bunkers or board.row(t.hex).building) else SAGGER_HEF
