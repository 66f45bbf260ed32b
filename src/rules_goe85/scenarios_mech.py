"""The mechanised scenarios' special rules, events and victory (only Jalalabad is shipped so far).

Jalalabad: both sides score 1 VP for each enemy Leg unit eliminated and 2 for each vehicle; at the
end the Soviets score 1.5 and the Mujahideen 1 for each building hex they control; each completed
Bonus card is worth 4 (24b, data ``bonus_cards``).  Events: the SU-25 Frogfoot strike and two
Stinger missiles.
"""
from __future__ import annotations

from tabletop_core import Decision

from .board import board_for
from .cards import card, damage_card
from .state import MUJ, PLAYERS, SOVIET, Choose, Done, EventChoice, FireFrame, Note, VPScored, other
from .units import apply_hit, is_hard, units_at, utype
from .vehstate import APFire

SU25_HEF, SU25_APF, SU25_TM = 6, 7, -3
STINGER_HITS = {"green": 3, "gold": 2, "red": 1}


def on_eliminated(ctx, spec, unit) -> bool:
    if spec.victory != "mech_vp":
        return False
    t = utype(unit)
    points = 2 if t.kind in ("vehicle", "truck", "helicopter") else 1
    ctx.emit(VPScored(other(unit.side), points, f"{unit.uid} eliminated"))
    return True


def final_result(rules, ctx) -> None:
    state = ctx.state
    spec = rules.spec(state)
    vp = dict(state.vp)
    for label in spec.victory_hexes:
        side = state.control.get(label)
        if side:
            vp[side] = vp[side] + (1.5 if side == SOVIET else 1.0)
    if vp[SOVIET] == vp[MUJ]:
        ctx.end(None, f"tied at {vp[SOVIET]:g} VP", vp)
    else:
        winner = max(PLAYERS, key=lambda s: vp[s])
        ctx.end(winner, f"{winner} has more VP ({vp[SOVIET]:g} to {vp[MUJ]:g})", vp)


# -- events ---------------------------------------------------------------------------------------
def resolve_event(ctx, name: str) -> None:
    ctx.push(EventChoice(SOVIET if name == "su25_strike" else MUJ, name))


def _stinger_targets(state):
    from .vehicles import is_heli, sees

    watchers = [u for u in state.units.values() if u.side == MUJ and u.hex is not None and not u.carrier]
    return sorted(h.uid for h in state.units.values() if is_heli(h) and h.hex is not None
                  and any(sees(state, w, h) for w in watchers))


def decide_event(rules, state, f: EventChoice):
    board = board_for(state.scenario)
    if f.event == "stinger":
        opts = [Choose("stinger", uid) for uid in _stinger_targets(state)]
        return Decision(MUJ, (*opts, Done("stinger")), "Stinger: a visible helicopter")
    hexes = sorted({u.hex for u in state.units.values() if u.side == MUJ and u.hex is not None})
    opts = []
    for h in hexes:  # the Frogfoot picks two adjacent hexes; no LOS needed
        for n in board.neighbours[h]:
            opts.append(Choose("su25", "", f"{board.label(h)},{board.label(n)}"))
    return Decision(SOVIET, (*opts, Done("su25")), "SU-25: two adjacent hexes")


def act_event(rules, ctx, f: EventChoice, action) -> None:
    state = ctx.state
    ctx.pop()
    if isinstance(action, Done):
        return
    if f.event == "stinger":  # green 3 hits, gold 2, red 1
        cid = damage_card(ctx)
        hits = STINGER_HITS.get(card(cid).he, 0) if cid else 0
        ctx.emit(Note(f"Stinger at {action.unit}: {hits} hit(s)"))
        for _ in range(hits):
            if action.unit in state.units:
                apply_hit(ctx, action.unit)
        return
    board = board_for(state.scenario)
    for label in reversed(action.target.split(",")):
        h = board.hex(label)
        enemies = [u for u in units_at(state, h) if u.side == MUJ and not u.carrier]
        for v in [u for u in enemies if is_hard(u)]:  # 7 APF, TM -3 against vehicles
            ctx.push(APFire(side=SOVIET, verb="event", lead="", target=v.uid, step="aim", marker="", apf=SU25_APF,
                            tm=SU25_TM, source_hex=h))
        soft = tuple(u.uid for u in enemies if not is_hard(u))
        if soft:  # 6 HEF of Spraying Fire, concealment ignored
            ctx.push(FireFrame(side=SOVIET, verb="event", lead="", supporters=(), targets=soft, hex=h,
                               hef=SU25_HEF - board.cf(h), step="begin", marker="", spraying=True))


