"""Close combat and leaving it (# FUBAR close-combat, withdraw).

Readings: combat is between two units.  A figure fights when it stands within 3" of an enemy
figure of the combat (the attackers have moved into base contact; the defender's figures within
3" join).  Hits are saved against armour like fire, and every unsaved hit is a casualty.  Units
in combat are not fired at and do not activate normally; at the start of each later turn they are
activated automatically: each may try to leave, the other may try to follow, then a round is fought.
"""
from __future__ import annotations

from . import casualties
from .activation import activation_roll
from .d6 import roll_successes
from .measure import edge, least_gap, unit_distance
from .move_allowance import DISTANCE
from .movement import approach, withdraw
from .saves import majority_armour
from .sight import enemies_in_view
from .targeting import engaged
from .state import (
    ActivationAttempted,
    CombatBegan,
    CombatEnded,
    CombatRound,
    CombatRoundFought,
    CombatStep,
    UnitState,
)

#: # FUBAR close-combat: defenders within 3" of the attackers join the fight.
JOIN = 3.0


def assault_targets(rules, state, u: UnitState) -> list[str]:
    """Enemy units in sight within the 8" Assault move (not vehicles, not already fighting)."""
    reach = _in_assault_reach(rules, state, u)
    return [e.id for e in rules.measure_for(u).seen_among(u, reach)] if reach else []


def can_assault(rules, state, u: UnitState) -> bool:
    """Is ``assault_targets`` not empty?  Stops at the first enemy in sight."""
    reach = _in_assault_reach(rules, state, u)
    return bool(reach) and rules.measure_for(u).sees_any_of(u, reach)


def _in_assault_reach(rules, state, u: UnitState) -> list[UnitState]:
    """The enemy units ``assault_targets`` may name but for sight, which is the dear question and is
    asked last, only of these."""
    if u.vehicle or u.carried_by or not u.alive:
        return []
    m, reach, figs = rules.measure_for(u), DISTANCE["assault"], u.figures
    # the enclosing circles' bound first: most enemies are far beyond 8" (no figure pair measured)
    return [e for e in enemies_in_view(state, u) if not e.vehicle and not e.carried_by
            and not engaged(state, e.id) and least_gap(m, figs, e.figures) <= reach
            and unit_distance(u, e) <= reach]


def assault(rules, ctx, uid: str, target: str) -> None:
    """# FUBAR actions / close-combat: move up to 8" into base contact, then fight at once."""
    cid = f"cc{ctx.state.turn}-{uid}-{target}"
    # the fight frame waits under any On Guard window the move opens
    ctx.push(CombatStep(cid, "assault", uid + "|" + target))
    approach(rules, ctx, uid, target, DISTANCE["assault"], how=f"assaults {target}")


def start_combat_if_contact(rules, ctx, frame: CombatStep) -> None:
    """After the assault move: contact means combat and its first round; otherwise it fizzles."""
    ctx.pop()
    uid, target = frame.leaver.split("|")
    state = ctx.state
    a, d = state.units[uid], state.units[target]
    if not (a.alive and d.alive) or engaged(state, uid) or engaged(state, target):
        return
    if unit_distance(a, d) > 0.05:
        return
    ctx.emit(CombatBegan(frame.combat, uid, target))
    fight_round(rules, ctx, frame.combat)


def fighters(a: UnitState, b: UnitState) -> list:
    return [f for f in a.figures if any(edge(f, g) <= JOIN for g in b.figures)]


def fight_round(rules, ctx, cid: str) -> None:
    """# FUBAR close-combat: a round is fought in waves (``CombatRound``): the standing figures
    strike, then those that were suppressed; between waves each owner picks the figures that fall."""
    ctx.push(CombatRound(cid, 0))


def strike_wave(rules, ctx, frame: CombatRound) -> None:
    """One wave: one die per fighting figure of the wave against Expertise, for both sides at once
    (blows in a wave land together); every unsaved hit is a casualty, picked by the victim's owner.
    The defender's cover counts only in the rounds the policy says (none in the base rules, the
    first in LWTV).  After the last wave the round is over."""
    cid = frame.combat
    c = ctx.state.combats.get(cid)
    if frame.wave >= 2 or c is None:
        ctx.pop()
        if c is not None:  # a side wiped out has already ended it (rules.after_losses)
            ctx.emit(CombatRoundFought(cid))
        return
    ctx.replace(CombatRound(cid, frame.wave + 1))
    a, d = ctx.state.units[c.attacker], ctx.state.units[c.defender]
    if not (a.alive and d.alive):
        return
    suppressed_wave = frame.wave == 1
    losses = []
    for me, foe in ((a, d), (d, a)):
        strikers = [f for f in fighters(me, foe) if f.suppressed == suppressed_wave]
        if not strikers:
            continue
        need = rules.data.grades[me.grade].expertise
        if me.id == c.attacker and c.rounds < rules.policy.close_combat_cover_rounds:
            need = min(need + rules.measure_for(foe).unit_cover(foe), 6)
        hits = roll_successes(ctx, len(strikers), need, player=me.side,
                              reason=f"{me.id} strikes {foe.id} in close combat ({need}+)")
        save = majority_armour(rules, foe)
        saved = roll_successes(ctx, hits, save, player=foe.side, reason=f"{foe.id} saves ({save}+)")
        losses.append((foe.id, hits - saved, me.side))
    frames = [casualties.allocate(rules, ctx, victim, count, by_side, casualties_only=True, reason="close combat")
              for victim, count, by_side in losses]
    for f in reversed([f for f in frames if f is not None]):
        ctx.push(f)


# -- later turns ----------------------------------------------------------------------------------
def begin_combat_turn(rules, ctx, cid: str) -> None:
    """# FUBAR close-combat: both units are activated automatically and cannot activate again."""
    c = ctx.state.combats[cid]
    for uid in (c.attacker, c.defender):
        if not ctx.state.units[uid].attempted:
            ctx.emit(ActivationAttempted(uid))
    ctx.push(CombatStep(cid, "attacker"))


def try_leave(rules, ctx, frame: CombatStep, uid: str) -> None:
    """# FUBAR withdraw: an activation roll, then 1D6" away; the other side may try to follow."""
    c = ctx.state.combats[frame.combat]
    foe = c.defender if uid == c.attacker else c.attacker
    if activation_roll(rules, ctx, ctx.state.units[uid]):
        distance = ctx.roll("d6", player=ctx.state.units[uid].side, reason=f"{uid} leaves combat").total
        ctx.replace(CombatStep(frame.combat, "follow", uid))
        withdraw(rules, ctx, uid, foe, float(distance), how="breaks off")
    else:
        nxt = "defender" if frame.step == "attacker" else "fight"
        ctx.replace(CombatStep(frame.combat, nxt))


def try_follow(rules, ctx, frame: CombatStep, uid: str) -> None:
    """# FUBAR withdraw: on an activation roll the follower moves 1D6" after the leaver and the
    combat goes on if it catches them (base contact)."""
    leaver = frame.leaver
    if activation_roll(rules, ctx, ctx.state.units[uid]):
        distance = ctx.roll("d6", player=ctx.state.units[uid].side, reason=f"{uid} follows").total
        ctx.replace(CombatStep(frame.combat, "caught?", leaver))
        approach(rules, ctx, uid, leaver, float(distance), how=f"follows {leaver}")
    else:
        ctx.pop()
        ctx.emit(CombatEnded(frame.combat, f"{leaver} got away"))


def caught(rules, ctx, frame: CombatStep) -> None:
    c = ctx.state.combats[frame.combat]
    a, d = ctx.state.units[c.attacker], ctx.state.units[c.defender]
    if a.alive and d.alive and unit_distance(a, d) <= 0.05:
        ctx.replace(CombatStep(frame.combat, "fight"))
    else:
        ctx.pop()
        ctx.emit(CombatEnded(frame.combat, f"{frame.leaver} got away"))
