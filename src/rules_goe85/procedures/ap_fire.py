"""Armor-piercing fire (GoE 15): hit the target, then get through its armour.

The numbers are pure functions (queries/ap_numbers.py) so the 15c example is a test; :class:`APFire` on the stack carries one
attack through its windows: Aimed Shot (19a) -> Unexpected Cover (20d) -> the targeting draw ->
Critical Hit (19d) -> Glancing Shot (20b) -> the APF draw.  Several AP firers of one hex attack one
after another (10d), each with its own draws.

The special cases (who attacks and the numbers are queries/strike_targets.py, ap_targets.py,
first_fire.py; Sagger's HE use is vehicles.py; the bunker attack and fixed numbers are here):

* 12a/17d artillery: a strike attacks the Soft Targets of a hex with its HEF and each Hard Target
  with its APF (the same number unless the scenario says otherwise) plus one card's APF Bonus
  against the flank armour: reaching it Shakes the vehicle, never more (Shake! likewise, Dud!
  nothing, Destroy! only Shakes).  Helicopters are touched only when landed, and then as Soft
  Targets; loaded passengers are inside their carrier (8d; a Shaken carrier shakes them, 8f).
* 20a First Fire: the target of an attack fires back at once; against a Hard Target the answer
  is AP fire (a Hard Target takes nothing else, 2b), against a Soft one HE.  The firer's numbers
  are fixed before the answer is resolved, so both attacks land whatever the other does.
* 22k Sagger: a FIRE Power at 7 hexes or more: AP with APF 5 and Targeting Modifier 5
  (here), or HE against Leg units with HEF 1, 3 when the target is in a Bunker or a
  building (our reading: that HEF replaces the unit's own and the usual range and cover
  modifiers apply, as for any other fire).
* 23b the Bunker itself: a Hard Target with AF 4 attacked from any side (no flank or rear
  armour: our reading of "from any facing"), by AP fire in LOS and AP range of a bunker that
  holds enemy units and none of the firer's; the to-hit number counts the hex's Cover Factor as
  for any Hard Target.  Destroy: the bunker is gone, its Rubble marker is laid as a rubble tile
  (our reading: from then on the hex is the TEC's Rubble terrain at its own elevation, through the
  tiles laid in play, ``board.board_at``) and every Leg unit in the hex takes two Hits; Shake!: every Leg
  unit in it is Shaken.  Artillery on a bunker hex: the caller may use the strike's APF against
  the bunker instead of its HEF against the occupants (12a: Shake only, so it Shakes them all).
"""
from __future__ import annotations

from ..effects.damage_draw import damage_card
from ..effects.first_fire import fire_back
from ..effects.losses import apply_hit
from ..effects.losses import destroy
from ..queries.ap_targets import BUNKER
from ..queries.first_fire import first_fire_mode
from ..queries.fortifications import BUNKER_AF

from ..model.events import TilePlaced
from ..queries.ap_numbers import armour
from ..queries.ap_numbers import card_hits
from ..queries.ap_numbers import damage_result
from ..queries.ap_numbers import to_hit_number
from ..queries.ap_targets import bunker_hex

import attrs
from tabletop_core.boards.hexfacing import Arc, shot_arc
from tabletop_core.decks import hand

from ..model.actions import Decline, Declined, Use
from ..queries.board import board_at
from ..queries.deck import card, reaction_window
from ..model.state import DECK, other
from ..model.events import MarkerSet, Note, TargetNoted, UnitHit
from ..model.frames import APFireOrder, MoveFrame
from ..queries.units import heli_mode, is_hard, units_at, utype
from ..model.vehicles import APFire

SAGGER_APF, SAGGER_TM = 5, 5


# -- the numbers ----------------------------------------------------------------------------------


# -- who may fire at what -------------------------------------------------------------------------


def start(rules, ctx, side: str, use: str, lead: str, target: str, supporters=(), *, marker: str = "fired",
          opp_mover: str = "", moving: bool | None = None) -> None:
    state = ctx.state
    u = state.units[lead]
    if target.startswith(BUNKER):  # 23b: the bunker itself
        ctx.emit(TargetNoted(lead, target))
        ctx.push(APFire(side=side, use=use, lead=lead, target=target, marker=marker, tm_bonus=1 if use == Use.RELOAD_FIRE else 0))
        return
    t = state.units[target]
    queue = tuple(supporters or ())  # 10d, 18f: the chosen AP firers of the hex attack one after another
    is_moving = (t.marker == "moved") if moving is None else moving
    if utype(t).kind == "helicopter" and heli_mode(t) == "flying":
        is_moving = True
    ctx.emit(TargetNoted(lead, target))
    ctx.push(APFire(side=side, use=use, lead=lead, target=target, queue=queue, marker=marker, opp_mover=opp_mover,
                    moving=is_moving, tm_bonus=1 if use == Use.RELOAD_FIRE else 0,
                    apf=SAGGER_APF if use == Use.SAGGER else -99, tm=SAGGER_TM if use == Use.SAGGER else -99))


# -- the frame ------------------------------------------------------------------------------------
# GoE hidden hands: each window opens on its public slots only (queries/deck.py, reaction_window).
def _slots(state, f: APFire, t):
    """Who is asked at this step, and the slots that open the window (none: no window)."""
    defender = other(f.side)
    if f.step == "support" and f.use == Use.FIRE and "aimed_shot" not in f.used and (t is None or is_hard(t)):  # 19a
        return f.side, [("aimed_shot", Use.AIMED_SHOT, "")], Declined.SUPPORT, "support the AP attack?"
    if f.step == "react" and "unexpected_cover" not in f.used:  # 20d
        slots = [("unexpected_cover", Use.UNEXPECTED_COVER, "")]
        if (t is not None and "first_fire" not in f.used and f.use not in (Use.FIRST_FIRE, Use.ARTILLERY, Use.EVENT, Use.CRASH)
                and first_fire_mode(state, t, state.units.get(f.lead))):  # 20a: the target fires back
            slots.append(("first_fire", Use.FIRST_FIRE, t.uid))
        return defender, slots, Declined.REACT, "react to the AP attack?"
    if f.step == "hit_support" and Use.CRITICAL_HIT not in f.used:  # 19d: after the hit, before the damage draw
        return f.side, [("critical_hit", Use.CRITICAL_HIT, "")], Declined.SUPPORT, f"{f.target} is hit: Critical Hit?"
    if f.step == "hit_react" and "glancing_shot" not in f.used:  # 20b
        return defender, [("glancing_shot", Use.GLANCING_SHOT, "")], Declined.REACT, f"{f.target} is hit: Glancing Shot?"
    return None, [], None, ""


def decide(rules, state, f: APFire):
    t = state.units.get(f.target)
    if t is None and bunker_hex(state, f.target) is None:
        return None
    side, slots, decline, prompt = _slots(state, f, t)
    return reaction_window(state, side, slots, decline, prompt)


NEXT = {"support": "react", "react": "aim", "hit_support": "hit_react", "hit_react": "damage"}


def act(rules, ctx, f: APFire, action) -> None:
    if isinstance(action, Decline):
        ctx.replace(attrs.evolve(f, step=NEXT[f.step]))
        return
    side = f.side if f.step in ("support", "hit_support") else other(f.side)
    ctx.move_card(DECK, action.card, hand(side), "discard", player=side)
    if action.use == Use.FIRST_FIRE:  # 20a: both fire; this attack keeps its numbers whatever happens to its firer

        ctx.replace(attrs.evolve(fixed(ctx.state, f), used=f.used + (action.use,), step="react"))
        fire_back(rules, ctx, side, action.unit, f.lead)
        return
    ctx.replace(attrs.evolve(f, used=f.used + (action.use,), step=NEXT[f.step]))


def _source(state, f: APFire):
    if f.source_hex is not None:
        return f.source_hex
    lead = state.units.get(f.lead)
    return None if lead is None else lead.hex


def advance(rules, ctx, f: APFire) -> None:
    if f.target.startswith(BUNKER):  # 23b
        advance_bunker(rules, ctx, f)
        return
    state = ctx.state
    t = state.units.get(f.target)
    if f.step in NEXT and t is not None:
        ctx.replace(attrs.evolve(f, step=NEXT[f.step]))
        return
    if t is None:
        finish(rules, ctx, f, hit=False)
        return
    board = board_at(state)
    lead = state.units.get(f.lead)
    src = _source(state, f)
    if f.step == "aim":
        if not f.auto_hit:
            if src is None or (lead is None and f.tm == -99):
                finish(rules, ctx, f, hit=False)
                return
            d = max(1, board.distance(src, t.hex))  # an aircraft overhead shoots at range 1 (our reading)
            tm = (utype(lead).tm if f.tm == -99 else f.tm) + f.tm_bonus + (2 if "aimed_shot" in f.used else 0)
            cf = board.cf(t.hex) + (2 if "unexpected_cover" in f.used else 0)  # 20d: CF 2 for Hard Targets
            from ..queries.sight import sight_class, up

            degraded = lead is not None and board.sight(state).los(src, t.hex, sight_class(lead, t), up(lead), up(t)) == 1
            need = to_hit_number(d, tm, cf, degraded)
            alone = len([x for x in units_at(state, t.hex) if x.side == t.side and not x.carrier]) == 1
            penalty = (1 if f.moving else 0) + (1 if alone and "difficult_target" in utype(t).abilities else 0)
            penalty += 1 if src in state.barrage else 0
            move_fire = f.use == Use.MOVE_FIRE or (lead is not None and utype(lead).kind == "helicopter"
                                                  and heli_mode(lead) == "flying")
            cid = damage_card(ctx)
            if cid is None:
                finish(rules, ctx, f, hit=False)
                return
            c = card(cid)
            hit = card_hits(cid, need, move_fire=move_fire, tn_penalty=penalty)
            ctx.emit(Note(f"{f.lead} fires AP at {f.target}: needs {need}, draws {cid} "
                          f"(TN {'Miss' if c.tn is None else c.tn}{', MF' if c.mf else ''}{', Turret' if c.turret else ''})"
                          f"{' -' + str(penalty) if penalty else ''}: {'hit' if hit else 'miss'}"))
            if not hit:
                finish(rules, ctx, f, hit=False)
                return
            f = attrs.evolve(f, turret=c.turret)
        if utype(t).kind in ("truck", "helicopter"):  # 15c, 17d: a hit destroys a truck or helicopter

            if f.shake_only:
                apply_hit(rules, ctx, t.uid) if not t.shaken else None
            else:
                destroy(rules, ctx, t.uid)
            finish(rules, ctx, f, hit=True)
            return
        ctx.replace(attrs.evolve(f, step="hit_support"))
        return
    if f.step == "damage":
        from ..queries.facing import facing_of

        apf = (utype(lead).factors(lead.reduced).apf if f.apf == -99 else f.apf) if (lead is not None or f.apf != -99) else 0
        if f.apf == -99 and lead is None:
            finish(rules, ctx, f, hit=False)
            return
        d = board.distance(src, t.hex) if src is not None and src != t.hex else 1
        rmod = 0 if (f.auto_hit or f.shake_only) else (rules.tec.ap_modifier(d) or 0)
        if src is None or src == t.hex or f.shake_only:
            arc = Arc.FLANK  # 12a: artillery strikes the flank armour; a crash in the hex likewise
        else:
            arc = shot_arc(src, t.hex, facing_of(state, t))
        af = armour(utype(t).af, arc, f.turret)
        drawn = draw_damage(rules, ctx, f, apf, rmod, af)
        if drawn is None:
            return
        cid, bonus, result = drawn
        ctx.emit(Note(f"AP damage on {f.target} ({arc.value} armour {af}): APF {apf}{rmod:+d}{bonus:+d}, "
                      f"card {cid} -> {result}"))
        if result == "destroy":
            destroy(rules, ctx, t.uid)
        elif result == "shake" and not t.shaken:
            ctx.emit(UnitHit(t.uid, "shaken"))
        finish(rules, ctx, f, hit=result in ("destroy", "shake"))
        return
    finish(rules, ctx, f, hit=False)


def draw_damage(rules, ctx, f: APFire, apf: int, rmod: int, af: int) -> tuple[str, int, str] | None:
    """The Damage Draw of an AP hit (15c): APF, the range modifier and Critical Hit (+2) / Glancing
    Shot (-2) against the armour; artillery shakes a Hard Target, never destroys it (12a).  Returns
    (card, bonus, result), or None when no card is left (the attack then ends as a hit)."""
    bonus = (2 if Use.CRITICAL_HIT in f.used else 0) - (2 if Use.GLANCING_SHOT in f.used else 0)
    cid = damage_card(ctx)
    if cid is None:
        finish(rules, ctx, f, hit=True)
        return None
    result = damage_result(cid, apf, rmod, af, bonus=bonus)
    if f.shake_only and result == "destroy":
        result = "shake"
    return cid, bonus, result


def finish(rules, ctx, f: APFire, *, hit: bool) -> None:
    """Mark the firer (10b admin); an Opportunity Fire target that was hit stops (11a); the next
    AP firer of the hex takes its shot (10d)."""
    state = ctx.state
    ctx.pop()
    if f.lead in state.units and f.marker:
        ctx.emit(MarkerSet(f.lead, f.marker))
    if f.opp_mover and hit and f.opp_mover in state.units:
        ctx.emit(MarkerSet(f.opp_mover, "ops"))
        top = ctx.state.top
        if isinstance(top, MoveFrame):
            ctx.replace(attrs.evolve(top, mp=tuple((u, 0 if u == f.opp_mover else m, b) for u, m, b in top.mp)))
    queue = tuple(q for q in f.queue if q in state.units)
    if queue and f.target in state.units:
        ctx.emit(TargetNoted(queue[0], f.target))
        ctx.push(attrs.evolve(f, lead=queue[0], queue=queue[1:], step="aim", used=(), turret=False, marker="fired",
                              tm_bonus=0))


__all__ = ["start", "decide", "act", "advance"]


def advance_order(rules, ctx, f: APFireOrder) -> None:
    """An :class:`APFireOrder` another procedure pushed: the AP attack it asks for begins here."""
    ctx.pop()
    start(rules, ctx, f.side, f.use, f.lead, f.target, f.supporters, marker=f.marker,
          opp_mover=f.opp_movers[0] if f.opp_movers else "", moving=f.moving)


def advance_bunker(rules, ctx, f: APFire) -> None:
    """An AP attack on a bunker (23b): the targeting draw, the windows, the APF draw against AF 4."""
    from ..queries.sight import up

    state = ctx.state
    h = bunker_hex(state, f.target)
    if h is None:
        finish(rules, ctx, f, hit=False)
        return
    if f.step in NEXT:
        ctx.replace(attrs.evolve(f, step=NEXT[f.step]))
        return
    board = board_at(state)
    lead = state.units.get(f.lead)
    src = f.source_hex if f.source_hex is not None else (lead.hex if lead is not None else None)
    if src is None:
        finish(rules, ctx, f, hit=False)
        return
    if f.step == "aim":
        tm = (utype(lead).tm if f.tm == -99 else f.tm) + f.tm_bonus + (2 if "aimed_shot" in f.used else 0)
        cf = board.cf(h) + (2 if "unexpected_cover" in f.used else 0)  # 20d: CF 2 for Hard Targets
        degraded = lead is not None and board.sight(state).los(src, h, "leg", up(lead), 0) == 1
        need = to_hit_number(max(1, board.distance(src, h)), tm, cf, degraded)
        penalty = 1 if src in state.barrage else 0  # 12b
        cid = damage_card(ctx)
        if cid is None:
            finish(rules, ctx, f, hit=False)
            return
        c = card(cid)
        hit = card_hits(cid, need, move_fire=f.use == Use.MOVE_FIRE, tn_penalty=penalty)
        ctx.emit(Note(f"{f.lead} fires AP at the bunker in {board.label(h)}: needs {need}, draws {cid} "
                      f"(TN {'Miss' if c.tn is None else c.tn}): {'hit' if hit else 'miss'}"))
        if not hit:
            finish(rules, ctx, f, hit=False)
            return
        ctx.replace(attrs.evolve(f, turret=c.turret, step="hit_support"))
        return
    # the APF draw (15c) against AF 4 (+1 on a Turret hit)
    apf = f.apf if f.apf != -99 else (utype(lead).factors(lead.reduced).apf if lead is not None else None)
    if apf is None:
        finish(rules, ctx, f, hit=False)
        return
    rmod = 0 if f.shake_only else (rules.tec.ap_modifier(max(1, board.distance(src, h))) or 0)
    af = BUNKER_AF + (1 if f.turret else 0)
    drawn = draw_damage(rules, ctx, f, apf, rmod, af)
    if drawn is None:
        return
    cid, bonus, result = drawn
    ctx.emit(Note(f"AP damage on the bunker in {board.label(h)} (AF {af}): APF {apf}{rmod:+d}{bonus:+d}, "
                  f"card {cid} -> {result}"))
    inside = [u.uid for u in units_at(state, h) if utype(u).leg and not u.carrier]
    if result == "destroy":
        from ..model.events import BunkerRemoved

        ctx.emit(BunkerRemoved(h))
        ctx.emit(TilePlaced(h, "rubble"))  # 23b: the Rubble marker
        ctx.emit(Note(f"the bunker in {board.label(h)} is destroyed (Rubble): two Hits on each unit inside"))
        for uid in inside:
            for _ in range(2):
                if uid in state.units:
                    apply_hit(rules, ctx, uid)
    elif result == "shake":
        for uid in inside:
            if not state.units[uid].shaken:
                ctx.emit(UnitHit(uid, "shaken"))
    finish(rules, ctx, f, hit=result in ("destroy", "shake"))


def fixed(state, f: APFire) -> APFire:
    """The attack's numbers taken from its firer now, so that it lands even if the firer is
    destroyed by the First Fire it drew (20a: simultaneous)."""
    lead = state.units.get(f.lead)
    if lead is None:
        return f
    t = utype(lead)
    return attrs.evolve(f, apf=t.factors(lead.reduced).apf if f.apf == -99 else f.apf,
                        tm=t.tm if f.tm == -99 else f.tm,
                        source_hex=lead.hex if f.source_hex is None else f.source_hex)
