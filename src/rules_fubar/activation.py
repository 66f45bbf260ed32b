"""Initiative, activation rolls and the activation sequence (# FUBAR initiative, activation,
activation-sequence, failed-activation).

The sequence code works for any number of players: initiative is a ranked tuple of players, and
a failed activation passes play to the next player in that ranking who still has units to try.
"""
from __future__ import annotations

from typing import Mapping, Sequence

from .d6 import succeeds
from .measure import unit_distance
from .movement import withdraw
from .sight import any_enemy_visible, visible_enemies
from .state import (
    ActivationAttempted,
    ActivationRolled,
    InitiativePassed,
    InitiativeSet,
    OnGuardSet,
    UnitState,
)
from .targeting import engaged


def rank_players(ctx, players: Sequence[str], modifiers: Mapping[str, int], reason: str = "initiative") -> list[str]:
    """# FUBAR initiative: each rolls a d6 plus modifiers, highest first; tied players re-roll
    among themselves until the tie is broken.  Works for any number of players."""
    scores = {p: ctx.roll("d6", player=p, reason=reason).total + modifiers.get(p, 0) for p in players}
    out: list[str] = []
    for value in sorted(set(scores.values()), reverse=True):
        group = [p for p in players if scores[p] == value]
        out.extend(group if len(group) == 1 else rank_players(ctx, group, modifiers, reason + " (tie re-roll)"))
    return out


def roll_initiative(ctx, players: Sequence[str], modifiers: Mapping[str, int]) -> tuple[str, ...]:
    order = tuple(rank_players(ctx, list(players), modifiers))
    ctx.emit(InitiativeSet(order, tuple(range(len(order), 0, -1))))
    return order


# -- the activation roll --------------------------------------------------------------------------
def activation_need(rules, u: UnitState) -> int:
    """# FUBAR activation: the unit's grade, or its living leader's grade when that is better."""
    grades = rules.data.grades
    need = grades[u.grade].activation
    for f in u.figures:
        if f.leader:
            need = min(need, grades[f.leader].activation)
    return need


def out_of_coherency(rules, u: UnitState) -> int:
    """# FUBAR activation: figures farther than 3" from every other figure of their unit (the core
    table's chain reading of coherency)."""
    if len(u.figures) < 2 or u.vehicle:
        return 0
    return rules.measure_for(u).out_of_coherency(u)


def activation_modifier(rules, state, u: UnitState) -> int:
    """# FUBAR activation: +1 with no enemy in sight, -1 per figure out of coherency, -1 per
    suppressed figure; a stunned vehicle crew takes -2 (# FUBAR vehicle-damage)."""
    mod = 0 if any_enemy_visible(rules, state, u) else 1
    mod -= out_of_coherency(rules, u)
    mod -= u.suppressed
    if u.stunned:
        mod -= 2
    return mod


def activation_roll(rules, ctx, u: UnitState) -> bool:
    """Roll to activate ``u``; the roll clears its suppression and stun (they stand up after it)."""
    need = activation_need(rules, u)
    mod = activation_modifier(rules, ctx.state, u)
    face = ctx.roll("d6", player=u.side, reason=f"activate {u.id}").faces[0]
    ok = succeeds(face + mod if face not in (1, 6) else face, need)
    ctx.emit(ActivationRolled(u.id, face, mod, need, ok))
    return ok


# -- the sequence ---------------------------------------------------------------------------------
def units_to_try(state, player: str) -> list[str]:
    """# FUBAR activation-sequence: each unit gets one attempt a turn; units locked in close combat
    act through the combat instead (# FUBAR close-combat)."""
    if not state.combats:  # nobody is engaged (the common case): no engaged() per unit
        return [uid for uid, u in state.units.items() if u.side == player and u.figures and not u.attempted]
    return [
        uid for uid, u in state.units.items()
        if u.side == player and u.alive and not u.attempted and not engaged(state, uid)
    ]


def next_player(state, after: str, *, include_self: bool) -> str | None:
    """The next player in initiative order (cyclic) from ``after`` who still has a unit to try."""
    order = state.order
    if not order:
        return None
    start = order.index(after)
    steps = range(0 if include_self else 1, len(order) + (0 if include_self else 1))
    for k in steps:
        p = order[(start + k) % len(order)]
        if units_to_try(state, p):
            return p
    return None


def attempt(rules, ctx, uid: str) -> bool:
    """# FUBAR activation-sequence: one attempt; a failure ends the player's run."""
    ctx.emit(ActivationAttempted(uid))
    u = ctx.state.units[uid]
    ok = activation_roll(rules, ctx, u)
    if not ok:
        failed_activation(rules, ctx, uid)
        nxt = next_player(ctx.state, ctx.state.current, include_self=False)
        if nxt is not None and nxt != ctx.state.current:
            ctx.emit(InitiativePassed(nxt))
    return ok


def failed_activation(rules, ctx, uid: str) -> None:
    """# FUBAR failed-activation: On Guard; a unit over 50% casualties withdraws 6" from the
    nearest enemy it can see instead (reading: with no enemy in sight it stays where it is)."""
    state = ctx.state
    u = state.units[uid]
    if not u.broken:
        ctx.emit(OnGuardSet(uid))
        return
    seen = visible_enemies(rules, state, u)
    if not seen:
        return
    nearest = min(seen, key=lambda e: (unit_distance(u, e), e.id))
    withdraw(rules, ctx, uid, nearest.id, 6.0, how="withdraws (over half lost)")
