"""What the non-phasing player could play on a moving unit (GoE 11a, Hammer and Anvil's Booby Trap):
the plays an :class:`OppFireWindow` offers, and whether a step opens one at all."""
from __future__ import annotations

from tabletop_core.boards import hex_distance

from ..data.loading import game_data
from ..model.actions import Block, PlayCard, PlayReaction, Use
from ..model.occupancy import by_hex
from ..model.frames import MoveFrame
from ..model.state import other
from .ap_targets import ap_capable, ap_supporters, ap_target, rules_range
from .board import board_at
from .deck import card, hand_of
from .fire_group import possible_supporters, supporter_sets
from .fire_reach import FIRE_POWERS, MAX_RANGE, SNIPER_RANGE, SPRAY_POWERS, power_barred
from .fortifications import fire_blocked
from .sight import up_as
from .units import has, heli_mode, is_hard, targetable, utype
from .heli_designation import designation, other_modes


def _reach(u, power: str = "") -> int:  # 21g, 22m: Snipers and the Marksman Power reach 13 hexes
    return SNIPER_RANGE if has(u, "sniper") or power == "marksman" else MAX_RANGE


def opp_fire_leads(state, side: str, movers_hex, targets, only=None) -> dict:
    """The public half of 11a: for each unit of ``targets`` now in ``movers_hex``, the non-phasing
    side's units that could fire on it -- (HE leads (none at a Hard Target, 15), AP leads); loaded
    passengers never fire (8d).  No card is looked at.  Helicopters lead only as ``only``, a unit
    looked at alone (17b: each is designated, its mode declared, before its shot:
    :func:`opp_fire_plays`)."""
    out = {t: ([], []) for t in targets}
    for u, target, he, ap in _lead_sights(state, side, movers_hex, targets, only):
        he_leads, ap_leads = out[target.uid]
        if he:
            he_leads.append(u)
        if ap:
            ap_leads.append(u)
    return out


def _lead_sights(state, side: str, movers_hex, targets, only=None):
    """(lead, target, may lead HE, may lead AP) for each unit of ``side`` that could fire on a unit
    of ``targets`` in ``movers_hex`` (:func:`opp_fire_leads`), lead by lead, lazily: whether a window
    opens stops at the first.  One pass over the units serves the whole moving stack: a line of
    sight is traced once per lead and kind of target (ground or a level up, 17e; leg or vehicle
    sight, 14); what a target brings (its type, height) is looked up once, not once per lead."""
    occupants = by_hex(state)
    if not targets or any(u.side == side for u in occupants.get(movers_hex, ())):
        return
    sight = board_at(state).sight(state)
    types = game_data().units
    aimed = []
    for uid in targets:
        target = state.units[uid]
        t = types[target.type]
        # (unit, sees as a vehicle, a level up, Leg, a Hard Target (15: no HE), takes AP)
        aimed.append((target, t.kind in ("vehicle", "truck"), up_as(target, t.kind), t.leg, t.af is not None, ap_target(target)))
    bunkers = bool(state.bunkers)
    for u in ([only] if only is not None else state.units.values()):
        if u.side != side or u.hex is None or u.marker or u.shaken or u.carrier:  # 4c; 8d: passengers do not fire
            continue
        t = types[u.type]
        kind = t.kind
        if only is None and kind == "helicopter":
            continue
        d = hex_distance(u.hex, movers_hex)
        if d > (SNIPER_RANGE if "sniper" in t.abilities or "marksman" in t.powers else MAX_RANGE):  # 21g, 22m
            continue
        if any(x.side != side for x in occupants.get(u.hex, ())):
            continue
        vehicle_sight = kind in ("vehicle", "truck")
        lift = up_as(u, kind)
        ap_lead = None  # may it lead AP here (15c; 17b: not landed): asked at its first target in sight
        seen: dict = {}
        for target, target_vehicle, target_up, leg, hard, takes_ap in aimed:
            view = ("vehicle" if vehicle_sight or target_vehicle else "leg", target_up)
            found = seen.get(view)
            if found is None:
                found = seen[view] = sight.sees(u.hex, movers_hex, view[0], lift, target_up)
            if not found or (bunkers and fire_blocked(state, u.hex, movers_hex, target_leg=leg)):  # 23b facing
                continue
            he = not hard
            if takes_ap and ap_lead is None:
                ap_lead = (ap_capable(u) and rules_range(d) is not None
                           and not (kind == "helicopter" and heli_mode(u) == "landed"))
            ap = takes_ap and ap_lead
            if he or ap:
                yield u, target, he, ap


def _fire_powers(lead, distance: int):
    """11a: the Powers ``lead`` could fire with at ``distance`` (the Marksman's too, 22m; 17b)."""
    return [p for p in utype(lead).powers
            if p in FIRE_POWERS and distance <= _reach(lead, p) and not power_barred(lead, p)]


def opp_targets(state, side: str, movers_hex, movers) -> list[str]:
    """11a, 10d: the moving units ``side`` may pick as the target in ``movers_hex`` -- any of the
    stack that moved in (not the units already there), a Hero only when alone in the hex; loaded
    passengers are no targets (8d)."""
    out = []
    for uid in movers:
        u = state.units.get(uid)
        if u is not None and u.hex == movers_hex and not u.carrier and targetable(state, u):
            out.append(uid)
    return out


def spray_movers(state, movers_hex, movers) -> tuple[str, ...]:
    """21h, 18h, 11a: the units an Opportunity Fire at ``hex:<label>`` strikes together -- the
    moving stack's Soft Targets, not passengers nor the units already in the hex."""
    return tuple(uid for uid in movers if uid in state.units and state.units[uid].hex == movers_hex
                 and not state.units[uid].carrier and not is_hard(state.units[uid]))


def _groups(state, lead, distance: int, *, ap: bool = False):
    """10d: the supporters ``lead`` may fire with (any subset; none beyond their range)."""
    if distance > MAX_RANGE:
        return supporter_sets(())
    return supporter_sets(ap_supporters(state, lead) if ap else possible_supporters(state, lead))


def _lead_plays(state, lead, target: str, distance: int, cid: str, *, spray: bool = False):
    """One lead's HE plays of card ``cid`` at ``target``: its Fire blocks and its FIRE Powers (11a),
    each with every choice of supporters (10d; the Marksman fires alone, 22m)."""
    c = card(cid)
    groups = _groups(state, lead, distance)
    out = []
    if distance <= _reach(lead):
        for block, use in ((Block.UPPER, c.upper), (Block.LOWER, c.lower)):
            if use == Use.FIRE:
                out += [PlayCard(cid, block, Use.OPP_FIRE, lead.uid, target, supporters=g) for g in groups]
    if c.power:
        for p in _fire_powers(lead, distance):
            if spray and p not in SPRAY_POWERS:
                continue
            out += [PlayCard(cid, Block.POWER, p, lead.uid, target, supporters=g)
                    for g in (groups if p != "marksman" else [()])]
    return out


def opp_fire_plays(rules, state, side: str, movers_hex, movers):
    """Cards, leads, supporters and targets the non-phasing side could use to fire on the stack now
    moving into ``movers_hex`` (11a): at any one mover it may target (10d), AP at one that takes AP
    (15), or, led by a Spraying Fire unit, at the whole moving stack (21h, 18h).  A helicopter's
    plays are its designations, offered when some mode it may declare leaves it a shot (17b)."""
    hand = hand_of(state, side)
    out = _plays(state, side, movers_hex, movers, hand)
    named = []
    for h in _helis(state, side, movers_hex):
        for look in (h, *other_modes(state, h)):  # 17b: as it is, and in each mode it may declare
            named += [designation(p, h.uid) for p in _plays(state, side, movers_hex, movers, hand, only=look)]
    return out + [p for i, p in enumerate(named) if p not in named[:i]]


def heli_shots(state, side: str, movers_hex, movers, cid: str, block, use, uid: str) -> list:
    """17b: the whole Opportunity Fire plays of card ``cid`` from ``block`` for ``use`` led by
    helicopter ``uid`` in the mode it has declared."""
    return [p for p in _plays(state, side, movers_hex, movers, (cid,), only=state.units[uid])
            if p.block == block and p.use == use]


def _helis(state, side: str, movers_hex) -> list:
    """The helicopters of ``side`` that could lead a shot at ``movers_hex`` in some mode."""
    types = game_data().units
    return sorted((u for u in state.units.values() if u.side == side and u.hex is not None and not u.marker
                   and not u.shaken and types[u.type].kind == "helicopter" and hex_distance(u.hex, movers_hex) <= SNIPER_RANGE),
                  key=lambda x: x.uid)  # eligible (4c): on the map, no marker


def _plays(state, side: str, movers_hex, movers, hand, only=None):
    """The plays of the cards ``hand`` (led by the unit ``only`` alone, or by no helicopter)."""
    board = board_at(state)
    out = []
    sprayers = {}
    by_target = opp_fire_leads(state, side, movers_hex, opp_targets(state, side, movers_hex, movers), only)
    for target, (leads, ap_leads) in by_target.items():
        for lead in leads:
            d = board.distance(lead.hex, movers_hex)
            for cid in hand:
                out += _lead_plays(state, lead, target, d, cid)
            if has(lead, "spraying_fire"):
                sprayers[lead.uid] = lead
        for lead in ap_leads:
            groups = _groups(state, lead, 0, ap=True)
            for cid in hand:
                c = card(cid)
                for block, use in ((Block.UPPER, c.upper), (Block.LOWER, c.lower)):
                    if use == Use.FIRE:
                        out += [PlayCard(cid, block, Use.OPP_FIRE, lead.uid, target, supporters=g, ap=True)
                                for g in groups]
    if len(spray_movers(state, movers_hex, movers)) > 1:
        for lead in sprayers.values():
            d = board.distance(lead.hex, movers_hex)
            for cid in hand:
                out += _lead_plays(state, lead, "hex:" + board.label(movers_hex), d, cid, spray=True)
    return out


def _could_fire(state, side: str, movers_hex, movers) -> bool:
    """Some lead could fire on some mover with some card (a Fire block or a Power), whatever the hand
    holds; a helicopter in any mode it may declare (17b)."""
    board = board_at(state)
    targets = opp_targets(state, side, movers_hex, movers)
    looks = [None] + [x for h in _helis(state, side, movers_hex) for x in (h, *other_modes(state, h))]
    for only in looks:  # the first lead found that could fire answers (a Fire block's reach, or a Power's)
        for u, target, he, ap in _lead_sights(state, side, movers_hex, targets, only):
            if ap or (he and (board.distance(u.hex, movers_hex) <= _reach(u)
                              or _fire_powers(u, board.distance(u.hex, movers_hex)))):
                return True
    return False


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
    when the other player has a unit that could fire on any of them (or a Booby Trap could be sprung).
    Public conditions only (GoE hidden hands): the hand is not looked at, so the mover learns
    nothing from the window; a hand with nothing usable is offered Decline alone."""
    side = other(mover_side)
    return _could_fire(state, side, h, movers) or _booby_trap_possible(rules, state, side, h)
