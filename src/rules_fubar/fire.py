"""Fire, cover, saves, suppression, casualties, vehicle damage, spotting and On Guard reactions
(# FUBAR fire, weapons, cover, cover-ignore, mortars, saves, suppression, casualties,
vehicle-damage, hidden, on-guard).

Variant-dependent parts are read from ``rules.policy`` (a frozen value), never through plug-in
calls: small arms against armour, heavy weapons against cover, what On Guard reacts to.
"""
from __future__ import annotations

from collections import Counter

import attrs

from .activation import succeeds
from .measure import behind, facing
from .state import (
    AllocateHits,
    BvpAwarded,
    CasualtiesTaken,
    FiguresSuppressed,
    FireAt,
    FireDeclared,
    FireResult,
    Fig,
    OnGuardWindow,
    UnitPlaced,
    UnitRevealed,
    UnitState,
    VehicleDamaged,
)

#: # FUBAR vehicle-damage: d6 result -> effect (1 crew stunned, 2 weapon destroyed, 3 immobilised, 4 destroyed).
DAMAGE = {1: 1, 2: 1, 3: 2, 4: 2, 5: 3, 6: 4}
EFFECTS = {1: "crew stunned", 2: "weapon destroyed", 3: "immobilised", 4: "destroyed"}
#: # FUBAR vehicle-damage: front 2 dice take the better, side 1 die, rear 2 dice take the worse.
FACING_DICE = {"front": "2d6kh1", "side": "d6", "rear": "2d6kl1"}
#: Crew who bail out of a destroyed vehicle (reading: medium armour, assault rifles).
CREW_FIGURE = ("assault-rifle", "medium")


# -- who can fire at whom -------------------------------------------------------------------------
def weapon_of(rules, u: UnitState, f: Fig):
    """The weapon a figure fires with, or None (suppressed figures and wrecked guns cannot fire)."""
    if f.suppressed or not f.weapon:
        return None
    if u.vehicle and u.weapon_destroyed:
        return None
    return rules.data.weapons[f.weapon]


def targetable(state, e: UnitState, side: str) -> bool:
    return e.side != side and e.alive and not e.hidden and not _engaged(state, e.id)


def _engaged(state, uid: str) -> bool:
    return any(c.attacker == uid or c.defender == uid for c in state.combats.values())


def spotted_by_friends(rules, state, side: str, target: UnitState, *, exclude: str = "") -> bool:
    """# FUBAR mortars: a figure of the firer's side (other than the mortar's unit) sees the target."""
    for u in state.units.values():
        if u.side == side and u.alive and u.id != exclude and rules.measure_for(u).sees(u, target):
            return True
    return False


def shot(rules, state, u: UnitState, f: Fig, target: UnitState, *, spotted: bool | None = None, seen=None):
    """(distance, fire points) for figure ``f`` shooting at ``target``, or None when it cannot.

    The range is to the nearest target figure it sees; an indirect weapon (# FUBAR mortars) may
    instead use the nearest target figure when a friendly figure sees the target.  ``seen``: the
    target figures ``f`` sees (``Measure.sight_rows``), when the caller has them already."""
    w = weapon_of(rules, u, f)
    if w is None:
        return None
    if seen is None:
        seen = rules.measure_for(u).seen_figures(f, target)
    if seen:
        d = seen[0][0]
    elif w.indirect:
        if spotted is None:
            spotted = spotted_by_friends(rules, state, u.side, target, exclude=u.id)
        if not spotted:
            return None
        from .measure import edge

        d = min(edge(f, g) for g in target.figures)
    else:
        return None
    fp = w.fire_points(d)
    return (d, fp) if fp else None


def can_fire_at(rules, state, u: UnitState, target: UnitState) -> bool:
    spotted = None
    for f in u.figures:  # figure by figure: most answers are settled by the first that can shoot
        w = weapon_of(rules, u, f)
        if w is None:
            continue
        if w.indirect and spotted is None:
            spotted = spotted_by_friends(rules, state, u.side, target, exclude=u.id)
        if shot(rules, state, u, f, target, spotted=spotted):
            return True
    return False


def fire_targets(rules, state, u: UnitState) -> list[str]:
    if not u.alive:
        return []
    return [e.id for e in state.units.values() if targetable(state, e, u.side) and can_fire_at(rules, state, u, e)]


def fire_options(rules, state, u: UnitState, *, aimed: bool) -> list[FireAt]:
    """Fire at one target, or split the unit's fire between two (# FUBAR fire: figures alternate)."""
    targets = fire_targets(rules, state, u)
    out = [FireAt((t,), aimed) for t in targets]
    shooters = sum(1 for f in u.figures if weapon_of(rules, u, f) is not None)
    if shooters >= 2:
        out += [FireAt((a, b), aimed) for i, a in enumerate(targets) for b in targets[i + 1:]]
    return out


# -- the to-hit number ----------------------------------------------------------------------------
def cover_level(rules, target: UnitState, weapon) -> int:
    """# FUBAR cover and cover-ignore: the target unit's cover against this weapon.

    Half the unit in cover gives the whole unit its level; Duck & Weave counts as soft cover;
    Gone to Ground raises the cover one level (at most hard); flamethrowers and tank cannon ignore
    cover; a policy may let heavy weapons take levels off (the LWTV edition)."""
    if weapon.ignores_cover:
        return 0
    level = rules.measure_for(target).unit_cover(target)
    if target.stance == "duck":
        level = max(level, 1)
    elif target.stance == "ground" and level > 0:
        level = min(level + 1, 3)
    if weapon.heavy:
        level = max(level - rules.policy.heavy_weapon_cover_reduction, 0)
    return level


def to_hit(rules, u: UnitState, target: UnitState, weapon, *, aimed: bool) -> int:
    """# FUBAR fire: the unit's Expertise, +cover, -1 for Aimed Fire, never worse than 6+."""
    need = rules.data.grades[u.grade].expertise + cover_level(rules, target, weapon) - (1 if aimed else 0)
    return min(need, 6)


# -- saves ----------------------------------------------------------------------------------------
def majority_armour(rules, target: UnitState) -> int:
    """# FUBAR saves: the save of the armour type most figures wear (ties: the worse save)."""
    counts = Counter(f.armour for f in target.figures)
    armour = rules.data.armour
    best = max(counts.items(), key=lambda kv: (kv[1], armour[kv[0]]))
    return armour[best[0]]


def save_for(rules, state, target: UnitState, source: tuple[float, float]) -> int:
    """# FUBAR saves: vehicles use their own save; troops with most figures directly behind a
    friendly vehicle use its save when better; otherwise the majority armour type."""
    if target.vehicle:
        return rules.data.vehicles[target.vehicle].save
    save = majority_armour(rules, target)
    for v in state.units.values():
        if v.vehicle and v.alive and v.side == target.side:
            covered = sum(1 for f in target.figures if behind(v, source, f))
            if covered * 2 > len(target.figures):
                save = min(save, rules.data.vehicles[v.vehicle].save)
    return save


def roll_successes(ctx, count: int, need: int, *, player: str, reason: str) -> int:
    if count <= 0:
        return 0
    faces = ctx.roll(f"{count}d6", player=player, reason=reason).faces
    return sum(1 for face in faces if succeeds(face, need))


# -- resolving fire -------------------------------------------------------------------------------
def resolve_fire(rules, ctx, uid: str, targets: tuple[str, ...], *, aimed: bool = False, reaction: bool = False,
                 at: dict[str, tuple[tuple[float, float], ...]] | None = None, small_arms_only: bool = False) -> None:
    """# FUBAR fire: each figure rolls its weapon's Fire Points at its target (split fire: figures
    alternate between the targets); hits are saved against armour; unsaved hits on troops become
    casualties or suppressed figures (the target's owner chooses), on vehicles damage rolls.

    ``at`` gives positions to shoot at instead of where a target stands now (an On Guard
    reaction catching a unit part-way through its move); ``small_arms_only``: the other weapons
    stay silent (# FUBAR actions: a Walk fires small arms)."""
    state = ctx.state
    u = state.units[uid]
    was_hidden = u.hidden
    ctx.emit(FireDeclared(uid, targets, aimed, reaction))
    if was_hidden:
        ctx.emit(UnitRevealed(uid, "fired"))
    allocations: list[AllocateHits] = []
    source = _centre(u)
    for i, tid in enumerate(targets):
        target = state.units[tid]
        if not target.alive:
            continue
        if at and tid in at:
            target = attrs.evolve(target, figures=tuple(attrs.evolve(f, x=p[0], y=p[1]) for f, p in zip(target.figures, at[tid])))
        shooters = [(k, f) for k, f in enumerate(u.figures) if k % len(targets) == i]
        groups: dict[tuple[int, bool], int] = {}
        spotted = None
        rows = rules.measure_for(u).sight_rows(u, target)
        for k, f in shooters:
            w = weapon_of(rules, u, f)
            if w is None or (small_arms_only and not w.small_arms):
                continue
            if w.indirect and spotted is None:
                spotted = spotted_by_friends(rules, state, u.side, target, exclude=u.id)
            s = shot(rules, state, u, f, target, spotted=spotted, seen=rows[k])
            if s is None:
                continue
            key = (to_hit(rules, u, target, w, aimed=aimed), w.small_arms)
            groups[key] = groups.get(key, 0) + s[1]
        dice = sum(groups.values())
        if dice == 0:
            continue
        hits = 0
        harmless = 0
        for (need, small), n in sorted(groups.items()):
            h = roll_successes(ctx, n, need, player=u.side, reason=f"{uid} fires at {tid} ({need}+)")
            if small and target.vehicle and rules.data.vehicles[target.vehicle].armoured \
                    and not rules.policy.small_arms_harm_armour:
                harmless += h  # LWTV: small arms cannot hurt armoured vehicles
            else:
                hits += h
        save = save_for(rules, state, target, source)
        saved = roll_successes(ctx, hits, save, player=target.side, reason=f"{tid} saves ({save}+)")
        unsaved = hits - saved
        need_shown = min(k[0] for k in groups)
        ctx.emit(FireResult(uid, tid, dice, need_shown, hits + harmless, save, unsaved))
        if unsaved <= 0:
            continue
        if target.vehicle:
            for _ in range(unsaved):
                if not ctx.state.units[tid].alive:
                    break
                damage_vehicle(rules, ctx, tid, source, u.side)
        else:
            real = ctx.state.units[tid]
            cap = suppression_room(rules, real, unsaved)
            if cap == 0:
                take_hits(rules, ctx, tid, unsaved, 0, u.side)
            else:
                allocations.append(AllocateHits(tid, unsaved, u.side))
    # LWTV: On Guard units may react to enemy fire too (the window waits under the allocations)
    open_reaction_windows(rules, ctx, uid, "fire", ())
    for frame in reversed(allocations):
        ctx.push(frame)


def _centre(u: UnitState) -> tuple[float, float]:
    n = len(u.figures)
    return (sum(f.x for f in u.figures) / n, sum(f.y for f in u.figures) / n)


def suppression_room(rules, u: UnitState, hits: int) -> int:
    """# FUBAR suppression: how many of ``hits`` may be taken as suppressed figures: up to the
    grade's limit (counting figures already suppressed) and never more than the standing figures;
    when the hits would kill the whole unit anyway there is nothing to choose."""
    if hits >= len(u.figures):
        return 0
    limit = rules.data.grades[u.grade].max_suppressed - u.suppressed
    standing = sum(1 for f in u.figures if not f.suppressed)
    return max(0, min(limit, standing, hits))


def _casualty_order(u: UnitState) -> list[Fig]:
    """Reading: casualties fall from the back of the unit's list, leaders last, suppressed first."""
    return sorted(reversed(u.figures), key=lambda f: (bool(f.leader), not f.suppressed))


def take_hits(rules, ctx, uid: str, casualties: int, suppressed: int, by_side: str) -> None:
    """# FUBAR casualties / suppression: remove ``casualties`` figures, lay ``suppressed`` down."""
    u = ctx.state.units[uid]
    if suppressed:
        standing = [f for f in reversed(u.figures) if not f.suppressed and not f.leader] + \
                   [f for f in u.figures if not f.suppressed and f.leader]
        ctx.emit(FiguresSuppressed(uid, tuple(f.id for f in standing[:suppressed])))
        u = ctx.state.units[uid]
    if casualties:
        # casualties are taken from figures that are not the ones just laid down
        fresh = set(f.id for f in u.figures if f.suppressed) if suppressed else set()
        order = [f for f in _casualty_order(u) if f.id not in fresh] + [f for f in _casualty_order(u) if f.id in fresh]
        dead = tuple(f.id for f in order[:casualties])
        ctx.emit(CasualtiesTaken(uid, dead))
        award_kills(rules, ctx, u, len(dead), by_side)
    rules.after_losses(ctx, uid)


def award_kills(rules, ctx, u: UnitState, count: int, by_side: str) -> None:
    """# FUBAR bvp: each kill is worth BVP by the victim's faction."""
    if count and by_side:
        value = rules.data.bvp.kill[u.faction] * count
        ctx.emit(BvpAwarded(by_side, value, f"{count} {u.faction} figure(s) of {u.id} killed"))


# -- vehicles -------------------------------------------------------------------------------------
def damage_vehicle(rules, ctx, uid: str, source: tuple[float, float], by_side: str) -> None:
    """# FUBAR vehicle-damage: roll by facing; a result already taken this turn becomes the next
    worse one; a destroyed vehicle's crew bail out and each takes a hit."""
    v = ctx.state.units[uid]
    face = facing(v, source)
    roll = ctx.roll(FACING_DICE[face], player=by_side, reason=f"damage to {uid} ({face})").total
    effect = DAMAGE[roll]
    while effect in v.damage_this_turn and effect < 4:
        effect += 1
    ctx.emit(VehicleDamaged(uid, effect, roll, face))
    if effect == 4:
        ctx.emit(BvpAwarded(by_side, rules.data.bvp.vehicle, f"{uid} destroyed"))
        bail_out(rules, ctx, v, by_side)
        rules.after_losses(ctx, uid)


def bail_out(rules, ctx, v: UnitState, by_side: str) -> None:
    spec = rules.data.vehicles[v.vehicle]
    x, y = v.figures[0].pos
    table = rules.measure_for(v).table
    figs = []
    for k in range(spec.crew):
        px = min(max(x - 1.0 + k * 1.0, 0.5), table.width - 0.5)
        py = min(max(y - spec.radius - 0.6, 0.5), table.height - 0.5)
        figs.append(Fig(f"{v.id}-crew-{k + 1}", round(px, 3), round(py, 3), 0.5, CREW_FIGURE[0], CREW_FIGURE[1]))
    crew = UnitState(id=f"{v.id}-crew", side=v.side, troop=v.troop, faction=v.faction, grade=v.grade,
                     figures=tuple(figs), start_figures=len(figs), attempted=True, table=v.table)
    ctx.emit(UnitPlaced(crew, "crew bail out"))
    save = majority_armour(rules, crew)
    saved = roll_successes(ctx, len(figs), save, player=v.side, reason=f"{crew.id} saves bailing out ({save}+)")
    if len(figs) - saved:
        take_hits(rules, ctx, crew.id, len(figs) - saved, 0, by_side)


# -- hidden units and spotting ---------------------------------------------------------------------
def spot_targets(rules, state, u: UnitState) -> list[str]:
    """# FUBAR hidden: hidden enemy units in line of sight of the activated unit."""
    hidden = [e for e in state.units.values() if e.side != u.side and e.alive and e.hidden]
    return [e.id for e in rules.measure_for(u).seen_among(u, hidden)] if hidden else []


def try_spot(rules, ctx, uid: str, target: str) -> bool:
    """# FUBAR hidden: an Expertise roll (d6 rule) reveals the hidden unit; it costs no action."""
    u = ctx.state.units[uid]
    need = rules.data.grades[u.grade].expertise
    face = ctx.roll("d6", player=u.side, reason=f"{uid} tries to spot a hidden unit ({need}+)").faces[0]
    if succeeds(face, need):
        ctx.emit(UnitRevealed(target, f"spotted by {uid}"))
        return True
    return False


# -- On Guard -------------------------------------------------------------------------------------
def reactors(rules, state, player: str, enemy: str, start) -> list[str]:
    """# FUBAR on-guard: ``player``'s On Guard units that have not reacted this turn and can fire at
    ``enemy`` where it stands now or (a mover) where it started."""
    e = state.units.get(enemy)
    if e is None or not e.alive or _engaged(state, enemy):
        return []
    ghost = attrs.evolve(e, figures=tuple(attrs.evolve(f, x=p[0], y=p[1]) for f, p in zip(e.figures, start))) if start else None
    out = []
    for uid, u in state.units.items():
        if u.side != player or not u.alive or not u.on_guard or u.reacted or _engaged(state, uid):
            continue
        if can_fire_at(rules, state, u, e) or (ghost is not None and can_fire_at(rules, state, u, ghost)):
            out.append(uid)
    return out


def open_reaction_windows(rules, ctx, enemy: str, trigger: str, start) -> None:
    """Push a reaction window for each other player with an On Guard unit that can react
    (# FUBAR on-guard; what triggers it is the policy's: movement, and in LWTV fire too)."""
    if trigger not in rules.policy.on_guard_triggers:
        return
    state = ctx.state
    e = state.units[enemy]
    if e.hidden:
        return
    order = state.order or rules.players
    players = [p for p in reversed(order) if p != e.side]
    for p in players:
        if reactors(rules, state, p, enemy, start):
            ctx.push(OnGuardWindow(enemy, p, trigger, tuple(start)))


def react(rules, ctx, frame: OnGuardWindow, uid: str) -> None:
    """The reaction fire: at the enemy where it stands, or where it started if only that was in
    the reactor's field of fire."""
    state = ctx.state
    e = state.units[frame.enemy]
    u = state.units[uid]
    at = None
    if frame.start and not can_fire_at(rules, state, u, e):
        at = {frame.enemy: frame.start}
    resolve_fire(rules, ctx, uid, (frame.enemy,), reaction=True, at=at)
