"""Movement: steps between areas, their costs and limits, the checks on entering an area
(minefields, lone leaders, the ambush reaction, the DRA mountain test), the end of a move
(stacking, the compulsory attack, control) and stacking retreats."""
from __future__ import annotations

from typing import KeysView

import attrs

from tabletop_core import Decision

from .actions import (
    GO,
    STOP,
    Ambush,
    AmbushParty,
    AmbushWindow,
    Attack,
    AttackNow,
    Decline,
    Eliminate,
    Hold,
    Losses,
    Move,
    MoveEnd,
    Pick,
    Retreat,
    Stacking,
    Stop,
    make_move,
    make_move_end,
)
from .effects import cohesion_test, dispatch, eliminate, lone_leader_tests, sync_control
from .queries import (
    AMBUSH_LIMIT,
    STACK_LIMIT,
    enemy_areas,
    enemy_in,
    leader_drm,
    over_stacked,
    party_can_enter,
    retreat_areas,
    stack_count,
)
from .state import DRA, MUJ, AmbushDeclared, MountainTest, UnitMoved, UnitSpent, other

ENTRY_CHECKS = ("mines", "leader", "ambush", "stop")


def mover_ids(state, frame) -> tuple[str, ...]:
    """The ids of the party's units still with it (alive and where the party is)."""
    units, here = state.units, frame.here
    return tuple([u for u in frame.units if u in units and units[u].area == here])


def budget_ticks(R, state, unit_ids) -> int:
    """# Orgun: OP -- each unit has its own OP (-1 for Low Supply); a party of several units moving
    along one path goes as far as its slowest member can."""
    info = R.data.units
    low = R.readings.low_supply_op
    scale = R.readings.move_cost.scale
    return min((info[u].op + (low if state.units[u].low_supply else 0)) * scale for u in unit_ids)


def is_flying(R, unit_ids) -> bool:
    """The Mi-24 always flies (Readings); it never shares a party with ground units."""
    return R.lookups.helicopters.issuperset(unit_ids)


def step_cost(R, state, side: str, frm: int, to: int, flying: bool, enemies: KeysView[int] | None = None) -> int:
    """What the step from ``frm`` into ``to`` costs ``side``'s party, in ticks."""
    if flying:
        return R.lookups.ticks.flying
    return ground_cost(R.lookups, frm, to, enemy_areas(state, side) if enemies is None else enemies)


def ground_cost(lk, frm: int, to: int, enemies: KeysView[int]) -> int:
    """# Orgun: movement cost in ticks -- road 0.5, friendly/neutral 1, enemy or next to enemy 2
    (``enemies``: the areas holding the mover's enemies)."""
    ticks = lk.ticks
    if to in enemies:
        cost = ticks.enemy
    elif enemies.isdisjoint(lk.adjacent[to]):
        cost = ticks.clear
    else:
        cost = ticks.near
    if (frm, to) in lk.roads and (cost == ticks.clear or ticks.road_overrides_enemy):
        cost = ticks.road
    return cost


def legal_steps(R, state, frame) -> list[tuple[int, int]]:
    """(area, cost in ticks) for every step the party may take now."""
    lk = R.lookups
    ticks = lk.ticks
    left = frame.budget - frame.used
    flying = frame.flying
    if left < (ticks.flying if flying else ticks.least):
        return []  # no step is cheap enough (a spent budget: the party can only stop)
    side, here = frame.side, frame.here
    units = state.units
    group = [u for u in frame.units if u in units and units[u].area == here]  # mover_ids, without the call
    if not group:
        return []
    enemy = other(side)
    enemies = state.at[enemy]
    near_enemy = enemies.keys().isdisjoint
    contested = here in enemies
    control = state.control
    restricted = not lk.restricted.isdisjoint(group)  # only tanks and militia have limits
    if flying:
        mi24_enters = R.readings.mi24_enters_mujahideen_areas
        cost = ticks.flying
    else:
        road = lk.road_from[here]
        adjacent = lk.adjacent
        # ground_cost, written out for the neighbours in turn (the hottest loop of a move)
        enemy_cost, clear, near = ticks.enemy, ticks.clear, ticks.near
        road_cost, road_always = ticks.road, ticks.road_overrides_enemy
    out = []
    for to in lk.adjacent[here]:
        # Orgun: leaving an area with enemy units -- always only into a friendly or neutral area
        # (the Mi-24 included)
        if contested and control.get(to) == enemy:
            continue
        if flying:
            if to in enemies and not mi24_enters:
                continue
        elif restricted and not party_can_enter(R, state, group, here, to):
            continue
        else:
            cost = enemy_cost if to in enemies else clear if near_enemy(adjacent[to]) else near
            if to in road and (cost == clear or road_always):
                cost = road_cost
        if cost <= left:
            out.append((to, cost))
    return out


@dispatch.decide(Move)
def _move_decision(R, state, frame: Move):
    if frame.checks:
        return None
    key = ("step", frame.side, frame.here, *[a for a, _ in legal_steps(R, state, frame)])
    menus = R.menus
    found = menus.get(key)
    if found is None:
        step = R.lookups.step
        found = menus.keep(key, Decision(frame.side, (*map(step.__getitem__, key[3:]), STOP),
                                         f"move the party in {frame.here}: step or stop"))
    return found


@dispatch.act(Move)
def _move_act(R, ctx, frame: Move, action) -> None:
    state = ctx.state
    side, here = frame.side, frame.here
    party = mover_ids(state, frame)
    if isinstance(action, Stop):
        if frame.used == 0 and here == frame.path[0]:
            ctx.pop()  # the party never left: nothing to settle where it stands
            return
        end_move(R, ctx, make_move_end(side, here, party, "stack"))
        return
    to = action.area
    lk = R.lookups
    # the step is legal (Game.apply checked it against the decision): only its cost is needed
    cost = lk.ticks.flying if frame.flying else ground_cost(lk, here, to, state.at[other(side)].keys())
    # Orgun: DRA into the mountains -- a mountain area holding Mujahideen needs d6 + leader DRM >= 5
    if side == DRA and not frame.flying and to in lk.mountain and to in state.at[MUJ]:
        units = state.units
        drm = leader_drm(R, [units[u] for u in party])
        roll = ctx.roll("d6", player=DRA, reason=f"mountain entry test into {to}").total
        entered = roll + drm >= R.readings.mountain_test_enter_on
        ctx.emit(MountainTest(to, roll, drm, entered))
        if not entered:
            for u in party:  # Spent, and they stop before entering
                if not units[u].spent:
                    ctx.emit(UnitSpent(u))
            end_move(R, ctx, make_move_end(side, here, party, "stack"))
            return
    points = cost / R.readings.move_cost.scale
    emit = ctx.emit
    for u in party:
        emit(UnitMoved(u, here, to, points, "move"))
    arrived = make_move(side, frame.units, to, here, frame.budget, frame.used + cost, ENTRY_CHECKS, frame.flying,
                        frame.path + (to,))
    ctx.replace(arrived)
    # who is with the party in its new area: the movers, and any of its units that stood there
    # already (a unit an ambush stopped has left the party: see resolve_ambush)
    if len(party) < len(frame.units):
        party = mover_ids(state, arrived)
    entry_checks(R, ctx, arrived, party)  # at once: the game would run them next, asking nothing first


def end_move(R, ctx, end: MoveEnd) -> None:
    """The move gives way to its end, whose steps run at once: the game would run them next
    (a MoveEnd asks nothing before its first procedure or question, see ``_move_end_decision``)."""
    ctx.replace(end)
    _move_end(R, ctx, end)


@dispatch.advance(Move)
def entry_checks(R, ctx, frame: Move, party: tuple[str, ...] | None = None) -> None:
    """The entry checks due after a step, one after another, each recorded as the frame moving on,
    until one opens a procedure (minefield losses, an ambush window) or the last one ends the move
    or leaves it waiting for the next step.  Running them in one call asks nothing another order
    would not: between two checks the move has no decision (see ``_move_decision``).  The step
    runs them at once; after a procedure they resume as the move's automatic step."""
    state = ctx.state
    stack = state.stack
    side, here = frame.side, frame.here
    # the checks touch no unit of the party (a lone leader test moves the enemy's), so who is
    # still with it is the same for every check of this run (the step that ran them knows it)
    if party is None:
        party = mover_ids(state, frame)
    enemy = other(side)
    enemies = state.at[enemy]
    # what the frames of the checks share: each done check is the frame with one check fewer
    units, prev, budget, used, flying, path = frame.units, frame.prev, frame.budget, frame.used, frame.flying, frame.path
    while True:
        checks = frame.checks
        check = checks[0]
        if check == "stop":
            # entering enemy units ends the move (Readings.enemy_units_end_move); an area the enemy
            # only controls does not -- there is no one to attack there
            if not party or (R.readings.enemy_units_end_move and here in enemies):
                end_move(R, ctx, make_move_end(side, here, party, "stack"))
            else:
                ctx.replace(make_move(side, units, here, prev, budget, used, (), flying, path))
            return
        frame = make_move(side, units, here, prev, budget, used, checks[1:], flying, path)
        ctx.replace(frame)
        if check == "mines":
            # Orgun: minefields -- Mujahideen entering a mined area that DRA controls lose 1/2/3 points
            if side == MUJ and not frame.flying and here in state.minefields and state.control.get(here) == DRA:
                minefield_losses(R, ctx, here, party)
        elif check == "leader":
            if party and here in enemies:  # no enemy here, no lone leader to test
                lone_leader_tests(R, ctx, here, side)
        elif (party and not frame.flying and not enemies.keys().isdisjoint(R.lookups.adjacent[here])
              and ambush_options(R, state, enemy, here, party)):  # "ambush": only from a neighbour with enemies
            ctx.push(AmbushWindow(enemy, here, frame.prev, party))
        if stack[-1] is not frame:
            return  # a procedure opened: it runs before the next check


def minefield_losses(R, ctx, area: int, party: tuple[str, ...]) -> None:
    """The minefield's rolls for the party entering ``area``: one for the party, or one per unit
    (Readings.minefield_roll_per_unit); each becomes a Losses step, the first roll resolving first."""
    if not party:
        return
    rollers = [(u,) for u in party] if R.readings.minefield_roll_per_unit else [party]
    rolls = [ctx.roll("d6", player=MUJ, reason=f"minefield in {area}").total for _ in rollers]
    for units, roll in reversed(list(zip(rollers, rolls))):
        ctx.push(Losses(MUJ, area, units, minefield_points(roll), "minefield"))


def minefield_points(roll: int) -> int:
    """# Orgun: minefield loss table -- d6 1-2: 1 loss point, 3-4: 2, 5-6: 3."""
    return 1 if roll <= 2 else 2 if roll <= 4 else 3


# -- ambush: a reaction during the mover's activation ----------------------------------------------
def ambush_options(R, state, side: str, area: int, targets: tuple[str, ...]) -> list[tuple[str, str]]:
    """(ambusher, target) pairs ``side`` may choose as enemy units enter ``area``.

    # Orgun: ambush -- from an adjacent area (1) holding at most 3 (M) / 1 (DRA) units, leaders
    not counted, (2) with a terrain modifier above 0, (3) holding no enemy units, (4) the ambusher
    Fresh and not Low Supply."""
    mine = state.at[side]
    out: list[tuple[str, str]] = []
    live = None  # the targets, looked up once some neighbour can ambush at all
    for y in R.lookups.adjacent[area]:
        if y in mine:  # most neighbours hold none of the side's units: skip them cheaply
            ambushers = ambushers_in(R, state, side, y)
            if ambushers:
                if live is None:
                    live = ambush_targets(R, state, area, targets)
                    if not live:
                        return []
                out.extend((u, t) for u in ambushers for t in live)
    return out


def ambush_targets(R, state, area: int, targets: tuple[str, ...]) -> list[str]:
    """The entering units that may be ambushed (leaders only if Readings.leaders_are_targets)."""
    leaders = () if R.readings.leaders_are_targets else R.lookups.leaders
    units = state.units
    return [t for t in targets if t in units and units[t].area == area and t not in leaders]


def ambushers_in(R, state, side: str, y: int) -> list[str]:
    """``side``'s units in area ``y`` that may ambush from there (conditions 1-4), in id order."""
    lk = R.lookups
    if y not in lk.ambush_terrain or enemy_in(state, y, side):
        return []
    leaders = lk.leaders
    counted = [i for i in state.at[side].get(y, ()) if i not in leaders]  # only leaders are not counted
    if not counted or len(counted) > AMBUSH_LIMIT[side]:
        return []
    grounded = () if R.readings.mi24_ambushes else lk.helicopters
    units = state.units
    return [i for i in counted if i not in grounded and not units[i].spent and not units[i].low_supply]


@dispatch.decide(AmbushWindow)
def _ambush_decision(R, state, frame: AmbushWindow):
    options = ambush_options(R, state, frame.side, frame.area, frame.movers)
    return Decision(frame.side, (*(Ambush(a, t) for a, t in options), Decline()), f"ambush the units entering {frame.area}?")


@dispatch.act(AmbushWindow)
def _ambush_act(R, ctx, frame: AmbushWindow, action) -> None:
    if isinstance(action, Decline):
        ctx.pop()
        return
    ctx.replace(AmbushParty(frame.side, frame.area, frame.prev, frame.movers, frame.done, action.target,
                            (action.ambusher,)))


def more_ambushers(R, state, frame: AmbushParty) -> list[str]:
    """Further units that may join the ambush: eligible, in the first ambusher's area."""
    home = state.units[frame.ambushers[0]].area
    return [u for u in ambushers_in(R, state, frame.side, home) if u not in frame.ambushers]


@dispatch.decide(AmbushParty)
def _ambush_party_decision(R, state, frame: AmbushParty):
    # Orgun: ambush -- the ambushing player picks one or several ambushing units
    extra = more_ambushers(R, state, frame)
    if not extra:
        return None
    pick = R.lookups.pick
    return Decision(frame.side, (*(pick[u] for u in extra), GO), f"add more units to the ambush in {frame.area}?")


@dispatch.act(AmbushParty)
def _ambush_party_act(R, ctx, frame: AmbushParty, action) -> None:
    if isinstance(action, Pick):
        ctx.replace(AmbushParty(frame.side, frame.area, frame.prev, frame.movers, frame.done, frame.target,
                                frame.ambushers + (action.unit,)))
        return
    resolve_ambush(R, ctx, frame)


@dispatch.advance(AmbushParty)
def _ambush_party_advance(R, ctx, frame: AmbushParty) -> None:
    resolve_ambush(R, ctx, frame)


def resolve_ambush(R, ctx, frame: AmbushParty) -> None:
    ctx.pop()
    state = ctx.state
    target = frame.target
    ctx.emit(AmbushDeclared(frame.ambushers, target, frame.area))
    for uid in frame.ambushers:  # the ambushers stay where they are and become Spent
        ctx.emit(UnitSpent(uid))
    _, passed = cohesion_test(R, ctx, target, reason="ambushed")
    if not passed:
        # Orgun: ambush -- a unit that fails stops: it leaves the party, whose move (now on top)
        # goes on without it, so stepping back into the area it was sent to does not take it along
        move = ctx.state.stack[-1]
        assert isinstance(move, Move), move
        ctx.replace(attrs.evolve(move, units=tuple(u for u in move.units if u != target)))
    done = frame.done + 1
    if done < R.readings.ambushes_per_entry and ambush_options(R, state, frame.side, frame.area, frame.movers):
        ctx.push(AmbushWindow(frame.side, frame.area, frame.prev, frame.movers, done))
    if not passed:  # the ambush succeeds: the unit stops and goes back where it came from
        ctx.emit(UnitMoved(target, frame.area, frame.prev, 0.0, "retreat"))
        # Orgun: stacking -- the area it went back to may now hold too many units
        if over_stacked(R, state, frame.prev, other(frame.side)):
            ctx.push(Stacking(other(frame.side), frame.prev))


# -- the end of a move ------------------------------------------------------------------------------
@dispatch.advance(MoveEnd)
def _move_end(R, ctx, frame: MoveEnd) -> None:
    """The end of a move, step after step (stack -> combat -> control), each recorded as the frame
    moving on, until one opens a procedure (a stacking retreat, the compulsory attack) or asks the
    mover (attack or not); no decision falls between two steps (see ``_move_end_decision``)."""
    state = ctx.state
    side, area, units = frame.side, frame.area, frame.units
    step = frame.step
    if step == "stack":
        ctx.replace(make_move_end(side, area, units, "combat"))
        if over_stacked(R, state, area, side):
            ctx.push(Stacking(side, area))
            return
        step = "combat"
    if step == "combat":
        attackers = attack_capable(R, state, units, area) if enemy_in(state, area, side) else ()
        if attackers:
            if state.control.get(area) == other(side):
                # Orgun: attack -- compulsory on entering an area the enemy controls
                ctx.replace(make_move_end(side, area, units, "control"))
                ctx.push(Attack(side, area, attackers))
            else:
                ctx.replace(make_move_end(side, area, units, "choose"))
            return
        ctx.replace(make_move_end(side, area, units, "control"))
    # "control"
    ctx.pop()
    sync_control(R, ctx)


def attack_capable(R, state, unit_ids, area: int) -> tuple[str, ...]:
    leaders = R.lookups.leaders
    units = state.units
    return tuple(u for u in unit_ids if u in units and units[u].area == area and u not in leaders)


@dispatch.decide(MoveEnd)
def _move_end_decision(R, state, frame: MoveEnd):
    if frame.step != "choose":
        return None
    return Decision(frame.side, (AttackNow(), Hold()), f"attack the enemy units in {frame.area}?")


@dispatch.act(MoveEnd)
def _move_end_act(R, ctx, frame: MoveEnd, action) -> None:
    ctx.replace(make_move_end(frame.side, frame.area, frame.units, "control"))
    if isinstance(action, AttackNow):
        ctx.push(Attack(frame.side, frame.area, attack_capable(R, ctx.state, frame.units, frame.area)))


# -- stacking -------------------------------------------------------------------------------------
@dispatch.decide(Stacking)
def _stacking_decision(R, state, frame: Stacking):
    side, area = frame.side, frame.area
    if not over_stacked(R, state, area, side):
        return None
    counted = R.lookups.stacking
    options = [(uid, tuple(retreat_areas(R, state, uid))) for uid in state.at[side].get(area, ()) if uid in counted]
    count = stack_count(R, state, area, side)
    key = ("stacking", side, area, count, *options)  # a tuple of ids and tuples of ints: all the menu is made of
    menus = R.menus
    found = menus.get(key)
    if found is None:
        actions = []
        for uid, areas in options:
            actions.extend(Retreat(uid, a) for a in areas)
            actions.append(Eliminate(uid))
        limit = STACK_LIMIT[side]
        found = menus.keep(key, Decision(side, tuple(actions),
                                         f"area {area} holds {count} units (limit {limit}): retreat or lose the excess"))
    return found


@dispatch.act(Stacking)
def _stacking_act(R, ctx, frame: Stacking, action) -> None:
    # Orgun: stacking -- units over the limit are destroyed, or retreat into an adjacent area
    if isinstance(action, Retreat):
        ctx.emit(UnitMoved(action.unit, frame.area, action.area, 0.0, "retreat"))
    else:
        eliminate(R, ctx, action.unit, "over the stacking limit")


@dispatch.advance(Stacking)
def _stacking_done(R, ctx, frame: Stacking) -> None:
    ctx.pop()
    sync_control(R, ctx)
