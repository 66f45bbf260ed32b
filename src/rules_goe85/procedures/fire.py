"""Ranged combat against Soft Targets (GoE 10), its Damage Draw, and the cards played into it.

The numbers are pure functions (:func:`attack_hef`, :func:`draw_plan`) so the rulebook's worked
examples test them directly; :class:`FireFrame` carries an attack through its windows on the stack:
``support`` (the attacker's Support cards, 19) -> ``react`` (the defender's Reactions, 20) ->
``draw`` (one card per step, 10b) -> ``hit`` (Light Wounds / Resilient on a hit about to land) ->
``panic`` (19e) -> done.
"""
from __future__ import annotations

import attrs
from tabletop_core import Decision
from tabletop_core.decks import hand

from ..queries.board import board_at
from ..queries.deck import card, counts_as_hit, reaction_window
from .draws import damage_card
from ..model.actions import Decline, Declined, PickVictim, Use
from ..model.state import DECK, other
from ..model.frames import FireFrame, FireOrder, MoveFrame
from ..model.events import MarkerSet, Note, TargetNoted
from .damage import apply_hit
from ..queries.units import has, hef, is_hard, is_vehicle, targetable, units_at, utype
from .vehicles import he_adjustment
from ..queries.fire_group import possible_supporters, supporter_sets
from ..queries.helicopter_targets import ground_cover_counts, moving_bonus_applies
from ..queries.fire_reach import MAX_RANGE, SNIPER_RANGE, SPRAY_POWERS
from ..queries.sight import is_heli, sees
from ..cards.abilities import after_fire, indirect_allowed, indirect_landing, spotted_indirectly
from ..queries.fortifications import cf_bonus, fire_blocked
from ..cards.powers import heli_passenger  # 17f

CANNISTER_RANGE = 4  # 18c
POWER_BONUS = {"cannister": 2, "intensive_fire": 1, "kill_shot": 1, "deadly_shot": 1, "explosive_rounds": 2, "reload_fire": 1}
SPRAY_VERBS = ("fire", "move_fire", *SPRAY_POWERS)  # 21h
ALONE_USES = (Use.MARKSMAN, Use.RELOAD_FIRE, Use.PUNISHING_FIRE)  # 22m, 18n, 18j: one unit fires
ALONE = [()]  # the lead's only group when no supporter may join


def attack_hef(*, lead_hef: int, distance: int, cf: int, range_mod: int, power_bonus: int = 0,
               supporters_hef: int = 0, moving_target: bool = False, scrub: bool = False,
               sniper: bool = False, marksman: bool = False, barrage: bool = False,
               difficult: bool = False, heli_target: bool = False, cards_bonus: int = 0) -> int:
    """GoE 10b/10d: the adjusted HEF of an attack.

    The lead unit's HEF with its range modifier (none for a Sniper alone, 21g), its Power's bonus
    (22), +1 against a moving or Moved target unless it is in Scrub (10d); supporters add their bare
    HEF (10d multiple attackers); the target hex's Cover Factor is subtracted (not for a Sniper alone
    or Marksman, 21g, 22m); -1 firing from a Barrage hex (12b) and against a lone Difficult Target
    (21c: a Sniper ignores it, except when the target is a helicopter).
    Marksman: HEF 2 whatever the unit's own (22m).
    """
    total = 2 if marksman else lead_hef
    if not (sniper or marksman):
        total += range_mod
    total += power_bonus + cards_bonus
    if moving_target and not scrub:
        total += 1
    total += supporters_hef
    if not ((sniper and supporters_hef == 0) or marksman):
        total -= cf
    if barrage:
        total -= 1
    if difficult and (heli_target or not sniper):
        total -= 1
    return total


def draw_plan(hef_total: int, degrade: int) -> tuple[int, int]:
    """GoE 10d desperation: an HEF of 0 or less draws one card that hits one level rarer.
    Returns (cards to draw, degrade level, capped at red only)."""
    if hef_total <= 0:
        return 1, min(degrade + 1, 2)
    return hef_total, degrade


# -- declaring an attack --------------------------------------------------------------------------
def fire_options(rules, state, side: str, *, use: Use, units=None):
    """(lead, target, supporters) triples a side may fire with now (10a, 10d): the lead an
    Eligible, unshaken unit; the target a targetable enemy in LOS and range; supporters: any subset
    of the other such units of the lead's hex in range (queries/fire_group.py; the empty tuple: the
    lead alone).  ``target`` is a unit id, or ``hex:<label>`` for Spraying Fire."""
    board = board_at(state)
    out = []
    # 15, 8d: Hard Targets only to AP fire (ap_fire.py); loaded passengers neither fire nor are targets
    enemies = [u for u in state.units.values() if u.side != side and u.hex is not None and not u.carrier and not is_hard(u)]
    for lead in (units if units is not None else state.units.values()):
        if lead.side != side or lead.hex is None or lead.shaken or lead.carrier:
            continue
        if use == Use.CANNISTER and not (is_vehicle(lead) and utype(lead).kind != "helicopter"):
            continue  # 18c: a vehicle's action
        if use not in (Use.RELOAD_FIRE,) and lead.marker:
            continue
        if any(u.side != side for u in units_at(state, lead.hex)):
            continue  # 10a: not out of a hex shared with the enemy
        sniper = has(lead, "sniper") or use == Use.MARKSMAN
        reach = SNIPER_RANGE if sniper else (CANNISTER_RANGE if use == Use.CANNISTER else MAX_RANGE)
        groups_in_range = supporter_sets([] if use in ALONE_USES else possible_supporters(state, lead))
        hexes_done = set()
        for t in enemies:
            if any(u.side == side for u in units_at(state, t.hex)):
                continue
            d = board.distance(lead.hex, t.hex)
            if d > reach or fire_blocked(state, lead.hex, t.hex, target_leg=utype(t).leg):  # 23b facing
                continue
            if not sees(state, lead, t):  # 14, 17e: helicopters one level up
                # 21k: out of its own LOS, an Indirect Fire unit may fire alone if an adjacent friend sees it
                if indirect_allowed(lead, use) and spotted_indirectly(state, lead, t.hex) and targetable(state, t):
                    out.append((lead.uid, t.uid, ()))
                continue
            if use == Use.RELOAD_FIRE and state.last_target.get(lead.uid) != t.uid:
                continue
            groups = groups_in_range if d <= MAX_RANGE else ALONE  # 10d: supporters within their range
            if targetable(state, t, sniper=has(lead, "sniper")):
                out += [(lead.uid, t.uid, g) for g in groups]
            if has(lead, "spraying_fire") and t.hex not in hexes_done and use in SPRAY_VERBS:
                # 21h: whenever the unit leads an attack (alone, with its hex, or with a FIRE Power)
                hexes_done.add(t.hex)
                if len([u for u in units_at(state, t.hex)]) > 1:
                    out += [(lead.uid, "hex:" + board.label(t.hex), g) for g in groups]
    return out


@attrs.frozen
class AttackPlan:
    """What an attack would be if it were made now (10b, 10d): the hex, the units attacked and
    firing, the adjusted HEF and the extra degrade levels from concealment and helicopters."""

    hex: tuple[int, int]
    targets: tuple[str, ...]
    supporters: tuple[str, ...]
    hef: int
    degrade: int
    concealed: bool
    spraying: bool
    sniper: bool
    mixed: tuple[str, ...]
    distance: int


def attack_plan(rules, state, side: str, use: Use, lead_id: str, target: str, supporters=(), *,
                moving: bool | None = None, lead_hef: int | None = None, movers=()) -> AttackPlan:
    """The firepower of an attack by ``lead_id`` with the units ``supporters`` of its hex (10d) at
    ``target`` (a unit id or ``hex:<label>``), computed without changing anything (start_fire and
    the action's words).  ``movers``: Opportunity Fire's Spraying Fire strikes only the units moving
    into the hex, not those already there (11a)."""
    board = board_at(state)
    lead = state.units[lead_id]
    if target.startswith("hex:"):
        h = board.hex(target[4:])
        targets = tuple(u.uid for u in units_at(state, h) if u.side != side and not u.carrier and not is_hard(u)
                        and (not movers or u.uid in movers))
        spraying = True
    else:
        h = state.units[target].hex
        targets = (target,)
        spraying = False
    d = board.distance(lead.hex, h)
    supporters = tuple(supporters or ())  # 10d: the units the firing player chose (fire_group.py)
    # 21g: a Sniper leading others keeps its range rule and the Difficult Target exception
    # (attack_hef), but loses its cover negation, Unexpected Cover included (20d)
    sniper = has(lead, "sniper") and not supporters
    tgt_units = [state.units[t] for t in targets]
    is_moving = moving if moving is not None else any(u.marker == "moved" for u in tgt_units)
    mixed = ()
    scrub = board.row(h).negates_moving_bonus  # 10d: no moving bonus, so no mixed-target extra attack either
    if spraying and not scrub and any(u.marker == "moved" for u in tgt_units) and not all(u.marker == "moved" for u in tgt_units):
        mixed = tuple(u.uid for u in tgt_units if u.marker == "moved")  # 10d mixed target moved status
        is_moving = False
    concealed = any(u.concealed for u in tgt_units)
    firer_concealed = lead.concealed
    alone = len([u for u in units_at(state, h) if u.side != side]) == 1
    difficult = alone and any(has(u, "difficult_target") for u in tgt_units)
    cover = board.cf(h) + cf_bonus(state, h, tgt_units) if ground_cover_counts(tgt_units) else 0  # 17e reading
    total = attack_hef(
        lead_hef=hef(lead) if lead_hef is None else lead_hef, distance=d,
        cf=cover, range_mod=rules.tec.he_modifier(d) or 0,
        power_bonus=POWER_BONUS.get(use, 0), supporters_hef=sum(hef(state.units[s]) for s in supporters),
        moving_target=is_moving and moving_bonus_applies(tgt_units), scrub=scrub, sniper=has(lead, "sniper"),
        marksman=use == Use.MARKSMAN, barrage=lead.hex in state.barrage, difficult=difficult,
        heli_target=any(is_heli(u) for u in tgt_units),
    )
    heli_hef, heli_deg = he_adjustment(lead, tgt_units)  # 17b, 17d
    deg = (1 if concealed else 0) + (1 if firer_concealed else 0) + heli_deg  # 18q, 22p
    return AttackPlan(h, targets, supporters, total + heli_hef, deg, concealed, spraying, sniper, mixed, d)


def start_fire(rules, ctx, side: str, use: Use, lead_id: str, target: str, supporters=(), *,
               marker: str = "fired", degrade: int = 0, opp_movers=(), moving: bool | None = None,
               lead_hef: int | None = None) -> None:
    """Push the FireFrame of an attack (10b designation and firepower).  ``lead_hef`` replaces the
    lead's printed HEF (22l Rapid Fire at two hexes); ``opp_movers``: the moving units an
    Opportunity Fire may strike (11a)."""
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
    tactical = any(has(u, "tactical") and not u.shaken and u.marker != "ops" and not heli_passenger(state, u)  # 17f
                   for u in units_at(state, lead.hex) if u.side == side)
    for uid in (lead_id, *supporters):
        ctx.emit(TargetNoted(uid, targets[0]))
    ctx.emit(Note(f"{lead_id} fires at {', '.join(targets)} ({board.label(h)}): HEF {total}"))
    ctx.push(FireFrame(side=side, use=use, lead=lead_id, supporters=supporters, targets=targets, hex=h,
                       hef=total, degrade=min(deg, 2), marker=marker, opp_movers=tuple(opp_movers), moving_extra=plan.mixed,
                       sniper=plan.sniper, spraying=plan.spraying, redraw=tactical))


# -- the frame's windows --------------------------------------------------------------------------
# GoE hidden hands: each window opens on its public slots only (queries/deck.py, reaction_window).
def _support_slots(state, f: FireFrame):
    out = []
    lead = state.units.get(f.lead)
    if lead is None or f.use in (Use.ARTILLERY, Use.BOOBY_TRAP, Use.EVENT):
        return out
    board = board_at(state)
    if "bullet_storm" not in f.used and utype(lead).leg and not has(lead, "sniper"):  # 19c, 21g
        out.append(("bullet_storm", Use.BULLET_STORM, ""))
    if "critical_hit" not in f.used and any(utype(state.units[t]).leg for t in f.targets if t in state.units):
        out.append(("critical_hit", Use.CRITICAL_HIT, ""))  # 19d
    if "grenades" not in f.used and board.distance(lead.hex, f.hex) <= 1:  # 19g
        out.append(("grenades", Use.GRENADES, ""))
    return out


def _react_slots(state, f: FireFrame):
    out = []
    if "unexpected_cover" not in f.used and not f.sniper and f.use != Use.BOOBY_TRAP:  # 20d: not vs Snipers
        out.append(("unexpected_cover", Use.UNEXPECTED_COVER, ""))
    lead = state.units.get(f.lead)
    if "first_fire" not in f.used and lead is not None and f.use not in (Use.FIRST_FIRE, Use.ARTILLERY, Use.EVENT, Use.BOOBY_TRAP):
        from .ap_cases import first_fire_mode  # HE back at a Soft Target, AP at a Hard one (ap_cases.py)

        for t in f.targets:  # 20a: a defending Eligible Unit fires back at the same time
            u = state.units.get(t)
            if u is None or u.marker or u.shaken or any(x.side != u.side for x in units_at(state, u.hex)):
                continue
            if first_fire_mode(state, u, lead):
                out.append(("first_fire", Use.FIRST_FIRE, t))
    return out


def reacts(side: str, attacker: str) -> bool:
    """Reading of 3a / 20 (the one place): a Reaction card answers an action the *other* player
    takes, so it is played by the player whose units that action strikes, in whichever impulse:
    the opponent's (against its Fire, Move & Fire, Powers, artillery) or its own (against the other
    player's Opportunity Fire, 11, or First Fire, 20a -- 20a itself is a Reaction played in one's
    own impulse against Opportunity Fire).  Never against one's own action: not in one's own
    assault (the defender's return fire is part of the attacker's action, 13a; assault_combat.py),
    nor against one's own artillery striking one's own units (12a)."""
    return side != attacker


def _hit_slots(state, f: FireFrame):
    u = state.units.get(f.pending)
    if u is None:
        return []
    out = []
    if "light_wounds" not in f.used and utype(u).leg and reacts(u.side, f.side):  # 20c (12a: own units too)
        out.append(("light_wounds", Use.LIGHT_WOUNDS, u.uid))
    if "resilient" in utype(u).powers:  # 22n: any status, any turn (a Power, not a Reaction card)
        out.append((None, Use.RESILIENT, u.uid))
    return out


def _hit_owner(state, f: FireFrame) -> str:
    u = state.units.get(f.pending)
    return u.side if u is not None else other(f.side)


def _panic_slots(state, f: FireFrame):
    if "panic" in f.used or f.use == Use.BOOBY_TRAP:
        return []
    out = []
    for t in f.targets:
        u = state.units.get(t)
        if u is not None and u.side != f.side and u.shaken and u.reduced and utype(u).leg:  # 19e
            out.append(("panic", Use.PANIC, t))
    return out


def decide(rules, state, f: FireFrame):
    if f.step == "support":
        return reaction_window(state, f.side, _support_slots(state, f), Declined.SUPPORT, "support the attack?")
    if f.step == "react":
        return reaction_window(state, other(f.side), _react_slots(state, f), Declined.REACT, "react to the attack?")
    if f.step == "hit":
        return reaction_window(state, _hit_owner(state, f), _hit_slots(state, f), Declined.TAKE, f"{f.pending} is hit")
    if f.step == "victim":  # 12a: the attacker places a hit that cannot go evenly
        return Decision(f.side, tuple(PickVictim(uid) for uid in f.pending.split(",")),
                        "artillery: which unit takes the hit?")
    if f.step == "panic":
        return reaction_window(state, f.side, _panic_slots(state, f), Declined.PANIC, "Panic?")
    return None


def act(rules, ctx, f: FireFrame, action) -> None:
    state = ctx.state
    if f.step == "victim":
        take_aim(ctx, f, action.unit)
        return
    if isinstance(action, Decline):
        if f.step == "hit":
            apply_hit(rules, ctx, f.pending)
            ctx.replace(attrs.evolve(f, step="draw", pending="", total_hits=f.total_hits + 1,
                                     hits=_bump(f.hits, f.pending)))
            return
        nxt = {"support": "react", "react": "begin", "panic": "done"}[f.step]
        ctx.replace(attrs.evolve(f, step=nxt))
        return
    side = f.side if f.step in ("support", "panic") else (_hit_owner(state, f) if f.step == "hit" else other(f.side))
    ctx.move_card(DECK, action.card, hand(side), "discard", player=side)
    used = f.used + (action.use,)
    if action.use in (Use.BULLET_STORM, Use.GRENADES):
        ctx.replace(attrs.evolve(f, hef=f.hef + 1, used=used))
    elif action.use == Use.CRITICAL_HIT:
        ctx.replace(attrs.evolve(f, used=used))  # 19d: one card of the Damage Draw may be redrawn
    elif action.use == Use.UNEXPECTED_COVER:
        ctx.replace(attrs.evolve(f, hef=f.hef - 1, used=used))  # 20d: CF 1 vs Soft Targets
    elif action.use == Use.FIRST_FIRE:
        # 20a: the target fires back at once; its attack is resolved on top of this one, whose
        # firepower is already fixed, so both land whatever the other does (results "after")
        from .ap_cases import fire_back

        ctx.replace(attrs.evolve(f, used=used))
        fire_back(rules, ctx, other(f.side), action.unit, f.lead)  # AP at a Hard Target (ap_cases.py)
    elif action.use == Use.LIGHT_WOUNDS:
        ctx.emit(Note(f"{action.unit} ignores the hit (Light Wounds)"))
        ctx.replace(attrs.evolve(f, step="draw", pending="", used=used))
    elif action.use == Use.RESILIENT:
        ctx.emit(Note(f"{action.unit} takes one less damage (Resilient)"))
        ctx.emit(MarkerSet(action.unit, "ops"))
        ctx.replace(attrs.evolve(f, step="draw", pending="", used=used))
    elif action.use == Use.PANIC:
        while action.unit in ctx.state.units:
            apply_hit(rules, ctx, action.unit)
        ctx.replace(attrs.evolve(f, used=used))


def first_fire_marker(ctx, uid: str) -> str:
    """20a: the First Fire unit is marked Fired, or Ops Complete when it is a unit in the middle of
    a Move & Fire (its fire part is spent; it stops where it is, see :func:`finish`)."""
    for fr in ctx.state.stack:
        if isinstance(fr, MoveFrame) and fr.use == Use.MOVE_FIRE and any(u == uid for u, _, _ in fr.mp):
            return "ops"
    return "fired"


def _bump(hits, uid):
    d = dict(hits)
    d[uid] = d.get(uid, 0) + 1
    return tuple(sorted(d.items()))


def tied_victims(state, f: FireFrame) -> list[str]:
    """The targets the next hit may go to: the one target, or with Spraying Fire / artillery the
    hits spread evenly, non-Heroes before Heroes, Difficult Targets last (21h, 12a)."""
    alive = [t for t in f.targets if t in state.units]
    if len(alive) <= 1:
        return alive
    taken = dict(f.hits)

    def key(t):
        u = state.units[t]
        return taken.get(t, 0), has(u, "difficult_target"), utype(u).hero

    best = min(key(t) for t in alive)
    return [t for t in alive if key(t) == best]


def choose_victim(ctx, f: FireFrame) -> str | None:
    """Which target takes the next hit; a tie is settled at random (21h; artillery asks, 12a)."""
    tied = tied_victims(ctx.state, f)
    if not tied:
        return None
    return tied[0] if len(tied) == 1 else ctx.choice(tied, reason="which unit takes the hit")


def take_aim(ctx, f: FireFrame, victim: str | None) -> None:
    """The hit goes to ``victim`` (None: a miss): 23a first, then the Light Wounds / Resilient window."""
    state = ctx.state
    if victim is not None and not f.foxhole and f.use != Use.ASSAULT:
        u = state.units[victim]
        if u.hex in state.foxholes and utype(u).leg:  # 23a: the first Hit is redrawn
            f = attrs.evolve(f, foxhole=True)
            ctx.emit(Note(f"{victim} is in a Foxhole: the Hit is redrawn"))
            cid = damage_card(ctx)
            hit = cid is not None and counts_as_hit(cid, f.degrade)
            victim = victim if hit else None
    if victim is None:
        ctx.replace(attrs.evolve(f, step="draw", pending=""))
        return
    ctx.replace(attrs.evolve(f, step="hit", pending=victim))


def advance(rules, ctx, f: FireFrame) -> None:
    state = ctx.state
    if f.step == "support":
        ctx.replace(attrs.evolve(f, step="react"))
    elif f.step == "react":
        ctx.replace(attrs.evolve(f, step="begin"))
    elif f.step == "begin":
        count, degrade = draw_plan(f.hef, f.degrade)
        if count and f.hef <= 0:
            ctx.emit(Note(f"desperation attack: one card, hits only {'red' if degrade == 2 else 'gold or red'}"))
        ctx.replace(attrs.evolve(f, step="draw", left=count, degrade=degrade))
    elif f.step == "draw":
        alive = [t for t in f.targets if t in state.units]
        if f.left <= 0 or not alive:
            ctx.replace(attrs.evolve(f, step="panic"))
            return
        cid = damage_card(ctx)
        if cid is None:
            ctx.replace(attrs.evolve(f, step="panic", left=0))
            return
        hit = counts_as_hit(cid, f.degrade)
        f = attrs.evolve(f, left=f.left - 1)
        if not hit and f.redraw:  # 21i Tactical: redraw one card
            f = attrs.evolve(f, redraw=False)
            cid = damage_card(ctx)
            hit = cid is not None and counts_as_hit(cid, f.degrade)
        if not hit and "critical_hit" in f.used and "critical_hit:used" not in f.used:  # 19d
            f = attrs.evolve(f, used=f.used + ("critical_hit:used",))
            cid = damage_card(ctx)
            hit = cid is not None and counts_as_hit(cid, f.degrade)
        if hit and f.use == Use.ARTILLERY:
            tied = tied_victims(state, f)
            if len(tied) > 1:  # 12a: a hit that cannot go evenly: the attacker picks the unit
                ctx.replace(attrs.evolve(f, step="victim", pending=",".join(tied)))
                return
        take_aim(ctx, f, choose_victim(ctx, f) if hit else None)
    elif f.step == "hit":  # no reaction possible: the hit lands
        apply_hit(rules, ctx, f.pending)
        ctx.replace(attrs.evolve(f, step="draw", pending="", total_hits=f.total_hits + 1,
                                 hits=_bump(f.hits, f.pending)))
    elif f.step == "panic":
        ctx.replace(attrs.evolve(f, step="done"))
    else:
        finish(rules, ctx, f)


def finish(rules, ctx, f: FireFrame) -> None:
    """10b admin: mark the firers; 11a: an Opportunity Fire target that was hit stops and is Ops
    Complete; 10d mixed targets: a further 1 HEF attack on the moved units."""
    state = ctx.state
    if f.lead in state.units and f.use not in (Use.ARTILLERY, Use.BOOBY_TRAP, Use.EVENT):
        ctx.emit(MarkerSet(f.lead, f.marker))
        for s in f.supporters:
            if s in state.units:
                ctx.emit(MarkerSet(s, "fired"))
    ctx.pop()
    if f.use != Use.PUNISHING_FIRE:
        after_fire(ctx, f)  # 21m
    taken = dict(f.hits)
    for uid in f.opp_movers:  # 11a: each moving unit hit stops, Ops Complete; the others move on (18h)
        if taken.get(uid) and uid in state.units:
            ctx.emit(MarkerSet(uid, "ops"))
    top = ctx.state.top
    if isinstance(top, MoveFrame):  # 11a a hit mover, 20a a Move & Fire unit that fired first: they stop
        stop = {u for u, _, _ in top.mp if u in state.units and state.units[u].marker == "ops"}
        if stop and any(m or b for u, m, b in top.mp if u in stop):
            ctx.replace(attrs.evolve(top, mp=tuple((u, 0, 0) if u in stop else (u, m, b) for u, m, b in top.mp)))
    if f.use == Use.PUNISHING_FIRE and f.lead in state.units and all(t in state.units for t in f.targets):
        # 18j: the same unit fires a second time; the cards played on the first attack apply again
        # (Critical Hit's redraw too); the target may first step back one hex (punishing_fire.py)
        from .punishing_fire import offer

        base_degrade = f.degrade - 1 if f.hef <= 0 else f.degrade  # undo the first draw's desperation step
        lead = state.units[f.lead]
        tactical = any(has(u, "tactical") and not u.shaken and u.marker != "ops"  # 21i: this attack's own redraw
                       and not heli_passenger(state, u) for u in units_at(state, lead.hex) if u.side == f.side)
        second = attrs.evolve(f, use=Use.PUNISHING_FIRE_2, step="begin", hits=(), pending="", foxhole=False,
                              total_hits=0, opp_movers=(), left=0, degrade=max(0, base_degrade), redraw=tactical,
                              used=tuple(x for x in f.used if x != "critical_hit:used"))
        ctx.push(second)
        offer(ctx, second)
        return
    extra = tuple(u for u in f.moving_extra if u in state.units)
    if extra:
        ctx.push(FireFrame(side=f.side, use=Use.EVENT if f.use in (Use.ARTILLERY, Use.EVENT) else f.use, lead=f.lead,
                           supporters=(), targets=extra, hex=f.hex, hef=1, degrade=f.degrade, step="begin",
                           marker=f.marker, spraying=len(extra) > 1))


__all__ = ["attack_hef", "draw_plan", "fire_options", "start_fire", "decide", "act", "advance"]


def advance_order(rules, ctx, f: FireOrder) -> None:
    """A :class:`FireOrder` another procedure pushed: the attack it asks for begins here."""
    ctx.pop()
    start_fire(rules, ctx, f.side, f.use, f.lead, f.target, f.supporters, marker=f.marker, degrade=f.degrade,
               opp_movers=f.opp_movers, moving=f.moving, lead_hef=f.lead_hef)
