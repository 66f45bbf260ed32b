"""Fire, cover, suppression, casualties, vehicle damage and spotting (# FUBAR fire, weapons, cover,
cover-ignore, mortars, suppression, casualties, vehicle-damage, hidden, on-guard); who can fire at
whom is ``targeting.py``, the saves ``saves.py``.

Variant-dependent parts are read from ``rules.policy`` (a frozen value), never through plug-in
calls: small arms against armour, heavy weapons against cover, what On Guard reacts to.
"""
from __future__ import annotations

import attrs

from . import casualties, civilians, transport
from .d6 import roll_successes, succeeds
from .measure import facing, unit_bound
from .saves import save_for, sheltered_save, shelter
from .state import (
    AllocateHits,
    AssigningFire,
    AssignShot,
    BvpAwarded,
    FireAt,
    FireDeclared,
    FireResult,
    Fig,
    SplitFire,
    UnitPlaced,
    UnitRevealed,
    UnitState,
    VehicleDamaged,
    replace_unit,
)
from .targeting import fire_targets, shot, weapon_of

#: # FUBAR vehicle-damage: d6 result -> effect (1 crew stunned, 2 weapon destroyed, 3 immobilised, 4 destroyed).
DAMAGE = {1: 1, 2: 1, 3: 2, 4: 2, 5: 3, 6: 4}
EFFECTS = {1: "crew stunned", 2: "weapon destroyed", 3: "immobilised", 4: "destroyed"}
#: # FUBAR vehicle-damage: front 2 dice take the better, side 1 die, rear 2 dice take the worse.
#: Reading (shared/rules/README.md): better and worse are the hit vehicle's; the damage table grows
#: harsher with the die, so the front keeps the lower die and the rear the higher.
FACING_DICE = {"front": "2d6kl1", "side": "d6", "rear": "2d6kh1"}
#: Crew who bail out of a destroyed vehicle (reading: medium armour, assault rifles).
CREW_FIGURE = ("assault-rifle", "medium")


def fire_options(rules, state, u: UnitState, *, aimed: bool) -> list:
    """Fire at one target with every figure, or split the fire (# FUBAR fire): the owner then names
    each figure's target in turn (``AssigningFire``), among every target the unit can shoot."""
    targets = fire_targets(rules, state, u)
    out: list = [FireAt((t,), aimed) for t in targets]
    shooters = sum(1 for f in u.figures if weapon_of(rules, u, f) is not None)
    if shooters >= 2 and len(targets) >= 2:
        out.append(SplitFire(aimed))
    return out


def start_split(rules, ctx, uid: str, aimed: bool, *, small_arms: bool = False,
                targets: tuple[str, ...] | None = None) -> None:
    """# FUBAR fire: split fire begins: the targets are those the unit can shoot now (``targets``
    when the caller has them: a Walk's small-arms targets)."""
    u = ctx.state.units[uid]
    if targets is None:
        targets = tuple(fire_targets(rules, ctx.state, u))
    ctx.push(AssigningFire(uid, aimed, targets, small_arms=small_arms))


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


# -- resolving fire -------------------------------------------------------------------------------
def resolve_fire(rules, ctx, uid: str, targets: tuple[str, ...], *, aimed: bool = False, reaction: bool = False,
                 at: dict[str, tuple[tuple[float, float], ...]] | None = None,
                 shooters: tuple[tuple[str, str], ...] | None = None, small_arms_only: bool = False) -> None:
    """# FUBAR fire: each figure rolls its weapon's Fire Points at its target; hits are saved
    against armour; unsaved hits on troops become casualties or suppressed figures (the target's
    owner picks them, ``casualties.py``), on vehicles damage rolls.

    ``shooters``: the (figure, target) pairs of a split fire, as its owner assigned them; by
    default every figure fires at ``targets[0]``.  ``at`` gives positions to shoot at instead of
    where a target stands now (an On Guard reaction catching a unit part-way through its move);
    ``small_arms_only``: the other weapons stay silent (# FUBAR actions: a Walk fires small arms)."""
    state = ctx.state
    u = state.units[uid]
    if shooters is None:
        shooters = tuple((f.id, targets[0]) for f in u.figures)
    was_hidden = u.hidden
    ctx.emit(FireDeclared(uid, targets, aimed, reaction))
    if was_hidden:
        ctx.emit(UnitRevealed(uid, "fired"))
    allocations: list[AllocateHits] = []
    source = unit_bound(rules.measure_for(u), u.figures)[:2]  # the unit's centre, kept on its figures
    for tid in targets:
        target = state.units[tid]
        if not target.alive:
            continue
        civilians.check_roe(rules, ctx, u, target)
        if at and tid in at:
            target = replace_unit(target, figures=tuple(f.at(p[0], p[1]) for f, p in zip(target.figures, at[tid])))
        mine = {fid for fid, t in shooters if t == tid}
        groups = _fire_groups(rules, state, u, target, [f for f in u.figures if f.id in mine], aimed, small_arms_only)
        dice = sum(groups.values())
        if dice == 0:
            continue
        allocations += _hit(rules, ctx, u, target, groups, source)
    # LWTV: On Guard units may react to enemy fire too (the window waits under the allocations);
    # On Guard builds on fire, so its windows open through the ruleset
    rules.open_fire_windows(ctx, uid)
    for frame in reversed(allocations):
        ctx.push(frame)


def _fire_groups(rules, state, u: UnitState, target: UnitState, shooters, aimed: bool,
                 small_arms_only: bool = False) -> dict[tuple[int, bool], int]:
    """Fire Points of ``shooters`` at ``target``, grouped by (to-hit number, small arms); with
    ``small_arms_only`` the other weapons stay silent.  The to-hit number is the same for every
    figure with the same weapon: worked out once per weapon."""
    groups: dict[tuple[int, bool], int] = {}
    keys: dict[str, tuple[int, bool]] = {}
    for f in shooters:
        w = weapon_of(rules, u, f)
        if w is None or (small_arms_only and not w.small_arms):
            continue
        s = shot(rules, state, u, f, target, weapon=w)
        if s is None:
            continue
        key = keys.get(f.weapon)
        if key is None:
            key = keys[f.weapon] = (to_hit(rules, u, target, w, aimed=aimed), w.small_arms)
        groups[key] = groups.get(key, 0) + s[1]
    return groups


def _hit(rules, ctx, u: UnitState, target: UnitState, groups, source) -> list[AllocateHits]:
    """Roll the attack on one target and its saves; returns the allocations its owner must make."""
    uid, tid = u.id, target.id
    hits = 0
    harmless = 0
    proof = not rules.policy.small_arms_harm_armour and _armoured(rules, ctx.state, target)
    for (need, small), n in sorted(groups.items()):
        h = roll_successes(ctx, n, need, player=u.side, reason=f"{uid} fires at {tid} ({need}+)")
        if small and proof:
            harmless += h  # LWTV: small arms cannot hurt armoured vehicles (nor the troops inside)
        else:
            hits += h
    if target.vehicle or target.carried_by:
        save = save_for(rules, ctx.state, target, source)
    else:
        cover = shelter(rules, ctx.state, target, source)
        if cover is not None and cover.hidden:
            # reading: the save would show a hidden vehicle is there; the shot striking its hull shows it
            ctx.emit(UnitRevealed(cover.id, f"shelters {tid} from fire"))
        # the shelter is asked once: revealing it leaves it the best (among equal saves the one
        # seen is preferred, and every other with its save was hidden too), so save_for's own
        # question would find a vehicle with the same save
        save = sheltered_save(rules, target, cover)
    saved = roll_successes(ctx, hits, save, player=target.side, reason=f"{tid} saves ({save}+)")
    unsaved = hits - saved
    ctx.emit(FireResult(uid, tid, sum(groups.values()), min(k[0] for k in groups), hits + harmless, save, unsaved))
    if unsaved <= 0:
        return []
    if not target.vehicle:
        frame = casualties.allocate(rules, ctx, tid, unsaved, u.side, reason=f"fire from {uid}")
        return [frame] if frame else []
    out: list[AllocateHits] = []
    for _ in range(unsaved):
        if not ctx.state.units[tid].alive:
            break
        out += damage_vehicle(rules, ctx, tid, source, u.side, at=target)
    return out


def _armoured(rules, state, target: UnitState) -> bool:
    """An armoured vehicle, or troops riding inside one."""
    carrier = state.units[target.carried_by] if target.carried_by else target
    return bool(carrier.vehicle) and rules.data.vehicles[carrier.vehicle].armoured


# -- split fire -----------------------------------------------------------------------------------
def shot_options(rules, state, frame: AssigningFire) -> list[AssignShot]:
    """# FUBAR fire: the targets the next unassigned figure can shoot (figures that can shoot none
    of the chosen targets are skipped)."""
    u = state.units.get(frame.unit)
    if u is None or not u.alive:
        return []
    done = {fid for fid, _ in frame.assigned}
    targets = [state.units[t] for t in frame.targets if state.units[t].alive]
    for f in u.figures:
        if f.id in done:
            continue
        if frame.small_arms and not ((w := weapon_of(rules, u, f)) is not None and w.small_arms):
            continue  # a heavy weapon stays silent during a Walk
        out = [AssignShot(f.id, t.id) for t in targets if shot(rules, state, u, f, t)]
        if out:
            return out
    return []


def assign_shot(rules, ctx, frame: AssigningFire, a: AssignShot) -> None:
    """Record one figure's target; once every figure that can shoot has one, the fire is resolved."""
    frame = attrs.evolve(frame, assigned=frame.assigned + ((a.figure, a.target),))
    ctx.replace(frame)
    if not shot_options(rules, ctx.state, frame):
        finish_split(rules, ctx, frame)


def finish_split(rules, ctx, frame: AssigningFire) -> None:
    ctx.pop()
    if not frame.assigned:
        return
    used = tuple(t for t in frame.targets if any(t == a for _, a in frame.assigned))
    resolve_fire(rules, ctx, frame.unit, used, aimed=frame.aimed, shooters=frame.assigned,
                 small_arms_only=frame.small_arms)


# -- vehicles -------------------------------------------------------------------------------------
def damage_vehicle(rules, ctx, uid: str, source: tuple[float, float], by_side: str,
                   at: UnitState | None = None) -> list[AllocateHits]:
    """# FUBAR vehicle-damage: roll by facing; a result already taken this turn becomes the next
    worse one; a destroyed vehicle's crew and passengers bail out and each takes a hit (returns the
    allocations their owner must then make).  ``at``: the vehicle where the shot caught it (an On
    Guard reaction part-way through its move), whose facing counts, not where it stands now."""
    v = ctx.state.units[uid]
    face = facing(at if at is not None else v, source)
    roll = ctx.roll(FACING_DICE[face], player=by_side, reason=f"damage to {uid} ({face})").total
    effect = DAMAGE[roll]
    while effect in v.damage_this_turn and effect < 4:
        effect += 1
    ctx.emit(VehicleDamaged(uid, effect, roll, face))
    if effect != 4:
        return []
    ctx.emit(BvpAwarded(by_side, rules.data.bvp.vehicle, f"{uid} destroyed"))
    frames = transport.bail_out_passengers(rules, ctx, v, by_side) + bail_out(rules, ctx, v, by_side)
    rules.after_losses(ctx, uid)
    return frames


def bail_out(rules, ctx, v: UnitState, by_side: str) -> list[AllocateHits]:
    """The crew of a destroyed vehicle leave it as a unit of their own, each figure taking a hit."""
    spec = rules.data.vehicles[v.vehicle]
    x, y = v.figures[0].pos
    table = rules.measure_for(v).table
    figs = []
    for k in range(spec.crew):
        px = min(max(x - 1.0 + k * 1.0, 0.5), table.width - 0.5)
        py = min(max(y - spec.radius - 0.6, 0.5), table.height - 0.5)
        figs.append(Fig(f"{v.id}-crew-{k + 1}", round(px, 3), round(py, 3), 0.5, CREW_FIGURE[0], CREW_FIGURE[1]))
    if not figs:
        return []
    crew = UnitState(id=f"{v.id}-crew", side=v.side, troop=v.troop, faction=v.faction, grade=v.grade,
                     figures=tuple(figs), start_figures=len(figs), attempted=True, table=v.table)
    ctx.emit(UnitPlaced(crew, "crew bail out"))
    return casualties.bailing_hits(rules, ctx, crew.id, by_side)


# -- hidden units and spotting ---------------------------------------------------------------------
def spot_targets(rules, state, u: UnitState) -> list[str]:
    """# FUBAR hidden: every hidden enemy unit on the table (its owner's opponents know it exists
    and how many figures it has, not where it is).  Whether it is in line of sight is settled by
    the attempt (``try_spot``): offering only the units in sight would tell the spotter where they are."""
    return [e.id for e in state.units.values()
            if e.side != u.side and e.alive and e.hidden and not e.carried_by and e.figures]


def try_spot(rules, ctx, uid: str, target: str) -> bool:
    """# FUBAR hidden: an Expertise roll (d6 rule); it costs no action.  The roll is made whether or
    not the target is in line of sight, and the spotter's side learns only whether it was spotted
    (a failed roll and a target out of sight look the same): the unit is revealed when the roll
    passes and the spotter sees it."""
    u = ctx.state.units[uid]
    need = rules.data.grades[u.grade].expertise
    face = ctx.roll("d6", player=u.side, reason=f"{uid} tries to spot a hidden unit ({need}+)").faces[0]
    e = ctx.state.units.get(target)
    if succeeds(face, need) and e is not None and e.hidden and rules.measure_for(u).sees(u, e):
        ctx.emit(UnitRevealed(target, f"spotted by {uid}"))
        return True
    return False
