"""More armour-piercing cases (GoE 12a, 17d, 20a, 22k, 23b), on top of :mod:`.ap_fire`.

* 12a/17d artillery: a strike attacks the Soft Targets of a hex with its HEF and each Hard Target
  with its APF (the same number unless the scenario says otherwise) plus one card's APF Bonus
  against the flank armour: reaching it Shakes the vehicle, never more (Shake! likewise, Dud!
  nothing, Destroy! only Shakes).  Helicopters are touched only when landed, and then as Soft
  Targets; loaded passengers are inside their carrier (8d; a Shaken carrier shakes them, 8f).
* 20a First Fire: the target of an attack fires back at once; against a Hard Target the answer
  is AP fire (a Hard Target takes nothing else, 2b), against a Soft one HE.  The firer's numbers
  are fixed before the answer is resolved, so both attacks land whatever the other does.
* 22k Sagger: a FIRE Power at 7 hexes or more: AP with APF 5 and Targeting Modifier 5
  (:mod:`.ap_fire`), or HE against Leg units with HEF 1, 3 when the target is in a Bunker or a
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

import attrs

from ..model.actions import Block, PlayCard, Use
from ..queries.board import board_at
from ..queries.deck import card
from .draws import damage_card
from ..model.events import Note, TilePlaced, UnitHit
from ..model.frames import MoveFrame
from ..queries.units import heli_mode, is_hard, units_at, utype
from ..model.vehicles import APFire
from ..model.frames import APFireOrder, FireOrder

BUNKER = "bunker:"
BUNKER_AF = 4  # 23b
SAGGER_HEF, SAGGER_HEF_COVERED = 1, 3  # 22k


# -- 12a, 17d: who a strike attacks ---------------------------------------------------------------
def artillery_targets(state, side: str, h) -> tuple[list, list]:
    """(soft, hard): the units an artillery strike on ``h`` attacks with HE and with AP.  12a
    attacks hexes, not enemies ("all units receive one hit before any receive a second"; the
    strike may drift): the caller's own units in a struck hex are attacked too (our reading)."""
    soft, hard = [], []
    for u in units_at(state, h):
        if u.carrier:
            continue
        if utype(u).kind == "helicopter":
            if heli_mode(u) == "landed":  # 17d: only landed, as a Soft Target
                soft.append(u)
            continue
        (hard if is_hard(u) else soft).append(u)
    return soft, hard


def artillery_ap_frames(side: str, apf: int, h, hard) -> list:
    """12a: one AP draw against each Hard Target of the hex, Shake only, flank armour."""
    return [APFire(side=side, use=Use.ARTILLERY, lead="", target=u.uid, step="damage", marker="", apf=apf,
                   auto_hit=True, shake_only=True, source_hex=h) for u in hard]


def artillery_on_bunker(state, side: str, h, apf: int) -> APFire | None:
    """23b: the strike's APF against the bunker of ``h`` instead of its HEF against the occupants."""
    if h not in state.bunkers or not any(u.side != side for u in units_at(state, h)):
        return None
    return APFire(side=side, use=Use.ARTILLERY, lead="", target=bunker_target(state, h), step="damage", marker="",
                  apf=apf, auto_hit=True, shake_only=True, source_hex=h)


# -- 23b: the bunker as a target ------------------------------------------------------------------
def bunker_target(state, h) -> str:
    return BUNKER + board_at(state).label(h)


def bunker_hex(state, target: str):
    """The hex of a ``bunker:<label>`` target whose bunker still stands, else None."""
    if not target.startswith(BUNKER):
        return None
    h = board_at(state).hex(target[len(BUNKER):])
    return h if h in state.bunkers else None


def bunker_targets(state, side: str, lead) -> list[str]:
    """Bunkers ``lead`` may fire AP at: holding enemy units and none of ``side``'s, in LOS and AP range."""
    from ..queries.ap_targets import rules_range
    from ..queries.fortifications import outside_bunker_front
    from ..queries.sight import up

    if not state.bunkers:
        return []
    board = board_at(state)
    out = []
    for h in sorted(state.bunkers):
        there = units_at(state, h)
        if not any(u.side != side for u in there) or any(u.side == side for u in there):
            continue
        if rules_range(board.distance(lead.hex, h)) is None or outside_bunker_front(state, lead, h):  # 23b
            continue
        if board.sight(state).los(lead.hex, h, "vehicle" if utype(lead).kind in ("vehicle", "truck") else "leg",
                                  up(lead), 0) >= 2:
            continue
        out.append(bunker_target(state, h))
    return out


def advance_bunker(rules, ctx, f: APFire) -> None:
    """An AP attack on a bunker (23b): the targeting draw, the windows, the APF draw against AF 4."""
    from .ap_fire import NEXT, card_hits, draw_damage, finish, to_hit_number
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
        from .damage import apply_hit

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


# -- 20a: First Fire ------------------------------------------------------------------------------
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
    from ..queries.units import targetable
    from ..queries.sight import sees

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


def fire_back(rules, ctx, side: str, uid: str, lead: str) -> None:
    """20a: ``uid`` answers ``lead``'s attack (Fired, or Ops Complete in a Move & Fire)."""
    from .fire import first_fire_marker

    state = ctx.state
    mode = first_fire_mode(state, state.units.get(uid), state.units.get(lead))
    marker = first_fire_marker(ctx, uid)
    if mode == "ap":
        ctx.push(APFireOrder(side, Use.FIRST_FIRE, uid, lead, marker=marker))
    elif mode == "he":
        ctx.push(FireOrder(side, Use.FIRST_FIRE, uid, lead, marker=marker))


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


# -- 22k: Sagger against Leg units ----------------------------------------------------------------
def sagger_he_plays(rules, state, side: str, cid: str) -> list:
    """22k: the HE use of a Sagger Power: a Leg target at 7 hexes or more (a helicopter hovers)."""
    from .ap_fire import SAGGER_MIN
    from .fire import fire_options
    from ..queries.units import eligible

    out = []
    board = board_at(state)
    for lead in sorted(state.units.values(), key=lambda x: x.uid):
        if lead.side != side or "sagger" not in utype(lead).powers or not eligible(lead) or lead.shaken:
            continue
        if utype(lead).kind == "helicopter" and heli_mode(lead) != "hovering":
            continue
        for ld, tgt, g in fire_options(rules, state, side, use=Use.SAGGER, units=[lead]):
            t = state.units.get(tgt)
            if g or t is None or not utype(t).leg or board.distance(lead.hex, t.hex) < SAGGER_MIN:
                continue
            out.append(PlayCard(cid, Block.POWER, Use.SAGGER, ld, tgt, he=True))
    return out


def sagger_hef(state, target) -> int:
    """22k: HEF 1 against a Leg unit, 3 when it is in a Bunker or a building."""
    board = board_at(state)
    t = state.units[target]
    return SAGGER_HEF_COVERED if (t.hex in state.bunkers or board.row(t.hex).building) else SAGGER_HEF
