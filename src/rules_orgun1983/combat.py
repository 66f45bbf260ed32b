"""Attacks (cards, the damage formula, modifiers, loss points), the Mujahideen T-55's ammunition,
raids, and loss allocation."""
from __future__ import annotations

from tabletop_core import Decision

from .actions import Attack, Done, Losses, PlayCard, RaidRetreat, Retreat, TakeLoss
from .cards import combat_cards, play
from .effects import cohesion_test, dispatch, eliminate, lone_leader_tests, sync_control, take_loss
from .queries import retreat_areas, strength, units_at
from .state import DRA, MUJ, AmmoTest, CombatResolved, RaidDeclared, UnitMoved, UnitSpent, other


def attack_modifiers(R, state, side: str, area: int, attackers: list) -> dict[str, int]:
    """Named modifiers to the attacker's total."""
    info = R.data.units
    mods: dict[str, int] = {}
    if side == MUJ:
        # Orgun: units of different tribes attacking together -2, unless an advisor is in the area
        tribes = {info[u.id].tribe for u in attackers if info[u.id].tribe}
        advisor = any(info[u.id].kind == "advisor" for u in units_at(state, area, MUJ))
        if len(tribes) > 1 and not advisor:
            mods["several tribes"] = -2
    if side == DRA and R.data.area_map.in_zone(area, "orgun"):
        mods["Orgun Zone"] = -1  # the population supports the Mujahideen
    low = [u for u in attackers if u.low_supply]
    if low:
        mods["Low Supply"] = R.readings.low_supply_attack * (1 if R.readings.low_supply_attack_once else len(low))
    return mods


def defence_modifiers(R, area: int) -> dict[str, int]:
    a = R.data.area_map[area]
    mods = {"terrain": a.terrain}
    if a.fort:
        mods["fort"] = R.readings.fort_defence_bonus
    return mods


def attack_totals(R, state, frame: Attack) -> tuple[int, int]:
    """Attacker and defender totals before the dice (# Orgun: damage formula)."""
    cards = R.data.cards
    attackers = [state.units[u] for u in frame.units if u in state.units and state.units[u].area == frame.area]
    defenders = units_at(state, frame.area, other(frame.side))
    att = sum(strength(R, u) for u in attackers) + sum(cards[c].value for c in frame.att_cards)
    att += sum(attack_modifiers(R, state, frame.side, frame.area, attackers).values())
    dfn = sum(strength(R, u) for u in defenders) + sum(cards[c].value for c in frame.def_cards)
    dfn += sum(defence_modifiers(R, frame.area).values())
    return att, dfn


def _evolve(frame: Attack, **changes) -> Attack:
    fields = dict(side=frame.side, area=frame.area, units=frame.units, step=frame.step, att_cards=frame.att_cards,
                  def_cards=frame.def_cards, defenders=frame.defenders)
    fields.update(changes)
    return Attack(**fields)


def only_leaders_defend(R, state, frame: Attack) -> bool:
    info = R.data.units
    return all(info[u.id].is_leader for u in units_at(state, frame.area, other(frame.side)))


@dispatch.decide(Attack)
def _attack_decision(R, state, frame: Attack):
    if only_leaders_defend(R, state, frame):
        return None
    if frame.step == "att_cards":
        cards = combat_cards(R, state, frame.side, "attack", frame.att_cards)
        return Decision(frame.side, (*(PlayCard(c) for c in cards), Done()), f"add attack cards to the attack on {frame.area}?")
    if frame.step == "def_cards":
        defender = other(frame.side)
        cards = combat_cards(R, state, defender, "defence", frame.def_cards)
        return Decision(defender, (*(PlayCard(c) for c in cards), Done()), f"add defence cards in {frame.area}?")
    return None


@dispatch.act(Attack)
def _attack_act(R, ctx, frame: Attack, action) -> None:
    attacking = frame.step == "att_cards"
    if isinstance(action, Done):
        ctx.replace(_evolve(frame, step="def_cards" if attacking else "resolve"))
        return
    side = frame.side if attacking else other(frame.side)
    play(ctx, side, action.card)
    if attacking:
        ctx.replace(_evolve(frame, att_cards=frame.att_cards + (action.card,)))
    else:
        ctx.replace(_evolve(frame, def_cards=frame.def_cards + (action.card,)))


@dispatch.advance(Attack)
def _attack_advance(R, ctx, frame: Attack) -> None:
    state = ctx.state
    side, area = frame.side, frame.area
    if frame.step != "after" and only_leaders_defend(R, state, frame):
        # Orgun: lone leader -- attacking an area where only enemy leaders stand is the leader
        # test, not a battle (no cards, no dice for damage)
        ctx.pop()
        lone_leader_tests(R, ctx, area, side)
        sync_control(R, ctx)
        return
    if frame.step == "resolve":
        # Orgun: damage = (attack strength + cards + d6) - (defence strength + area + cards + d6)
        att, dfn = attack_totals(R, state, frame)
        defenders = tuple(u.id for u in units_at(state, area, other(side)))
        ra = ctx.roll("d6", player=side, reason=f"attack on {area}").total
        rd = ctx.roll("d6", player=other(side), reason=f"defence of {area}").total
        result = (att + ra) - (dfn + rd)
        ctx.emit(CombatResolved(area, side, att, dfn, ra, rd, result))
        ctx.replace(_evolve(frame, step="after", defenders=defenders))
        if result > 0:
            ctx.push(Losses(other(side), area, defenders, result, "combat"))
        elif result < 0 and R.readings.negative_result_hits_attacker:
            ctx.push(Losses(side, area, frame.units, -result, "combat"))
        return
    # "after": ammunition, lone leaders, control
    ctx.pop()
    info = R.data.units
    taking_part = list(frame.units)
    if side == DRA and R.readings.t55_ammo_on_defence:
        taking_part += list(frame.defenders)
    for uid in taking_part:
        unit = state.units.get(uid)
        # Orgun: the Mujahideen T-55 runs out of ammunition on a 6 after each attack
        if unit is not None and unit.side == MUJ and info[uid].kind == "tank" and not unit.no_ammo:
            roll = ctx.roll("d6", player=MUJ, reason=f"ammunition of {info[uid].name}").total
            ctx.emit(AmmoTest(uid, roll, roll >= R.readings.t55_ammo_out_on))
    # Orgun: lone leader -- also when an attack leaves only leaders facing the enemy
    for entering in (side, other(side)):
        if any(u.side == entering and not info[u.id].is_leader for u in units_at(state, area)):
            lone_leader_tests(R, ctx, area, entering)
    sync_control(R, ctx)


# -- loss allocation ------------------------------------------------------------------------------
def loss_candidates(R, state, frame: Losses) -> list:
    info = R.data.units
    units = state.units
    out = []
    for uid in frame.units:
        u = units.get(uid)
        if u is None or u.area != frame.area:
            continue
        if info[uid].is_leader and not R.readings.leaders_take_losses:
            continue
        out.append(u)
    return out


def _needs_choice(R, state, frame: Losses) -> list:
    if frame.points <= 0:
        return []
    candidates = loss_candidates(R, state, frame)
    if len(candidates) < 2 or sum(u.steps for u in candidates) <= frame.points:
        return []
    return candidates


@dispatch.decide(Losses)
def _losses_decision(R, state, frame: Losses):
    candidates = _needs_choice(R, state, frame)
    if not candidates:
        return None
    return Decision(frame.side, tuple(TakeLoss(u.id) for u in candidates),
                    f"take {frame.points} loss point(s) in {frame.area} ({frame.reason})")


@dispatch.act(Losses)
def _losses_act(R, ctx, frame: Losses, action) -> None:
    take_loss(R, ctx, action.unit, frame.reason)
    ctx.replace(Losses(frame.side, frame.area, frame.units, frame.points - 1, frame.reason))


@dispatch.advance(Losses)
def _losses_advance(R, ctx, frame: Losses) -> None:
    candidates = loss_candidates(R, ctx.state, frame)
    if frame.points <= 0 or not candidates:
        ctx.pop()  # points nobody can take are lost
        return
    take_loss(R, ctx, candidates[0].id, frame.reason)  # no real choice: apply in id order
    ctx.replace(Losses(frame.side, frame.area, frame.units, frame.points - 1, frame.reason))


# -- raids ----------------------------------------------------------------------------------------
def raid_options(R, state, area: int) -> list[tuple[str, str]]:
    """# Orgun: raid -- one activated, supplied Mujahideen unit against one DRA unit next door."""
    counted = R.lookups.stacking
    units = state.units
    raiders = [i for i in state.at[MUJ].get(area, ())
               if i in counted and not units[i].spent and not units[i].low_supply]
    if not raiders:
        return []
    leaders = () if R.readings.leaders_are_targets else R.lookups.leaders
    dra = state.at[DRA]
    targets = [i for y in R.lookups.adjacent[area] if y in dra for i in dra[y] if i not in leaders]
    return [(r, t) for r in raiders for t in targets]


def raid(R, ctx, raider_id: str, target_id: str) -> None:
    state = ctx.state
    info = R.data.units
    home = state.units[raider_id].area
    target = state.units[target_id]
    there = target.area
    ctx.emit(RaidDeclared(raider_id, target_id))
    ctx.emit(UnitSpent(raider_id))
    # the raider goes into the target's area; mines do not affect it
    ctx.emit(UnitMoved(raider_id, home, there, 0.0, "raid"))
    a = R.data.area_map[there]
    modifier = (1 if a.terrain == 0 else 0) + (1 if there in state.minefields else 0) + (1 if a.fort else 0)
    roll, passed = cohesion_test(R, ctx, raider_id, reason="raid", modifier=modifier, drm_area=home)
    if not passed and roll == 6:
        eliminate(R, ctx, raider_id, "lost on a raid")
        return
    ctx.emit(UnitMoved(raider_id, there, home, 0.0, "return"))
    if not passed:
        return
    # the raided unit: Spent and retreats; already Spent: destroyed
    if target.spent:
        eliminate(R, ctx, target_id, "destroyed by a raid")
    else:
        ctx.emit(UnitSpent(target_id))
        if retreat_areas(R, state, target_id):
            ctx.push(RaidRetreat(DRA, target_id))  # its owner picks where it goes
            return
        eliminate(R, ctx, target_id, f"{info[target_id].name} could not retreat from a raid")
    sync_control(R, ctx)


@dispatch.decide(RaidRetreat)
def _raid_retreat_decision(R, state, frame: RaidRetreat):
    # Orgun: raid -- the raided unit retreats; the DRA player picks the adjacent area
    unit = state.units[frame.unit]
    options = tuple(Retreat(frame.unit, a) for a in retreat_areas(R, state, frame.unit))
    return Decision(frame.side, options, f"raided {R.data.units[frame.unit].name} retreats from {unit.area}: where to?")


@dispatch.act(RaidRetreat)
def _raid_retreat_act(R, ctx, frame: RaidRetreat, action) -> None:
    ctx.pop()
    ctx.emit(UnitMoved(frame.unit, ctx.state.units[frame.unit].area, action.area, 0.0, "retreat"))
    sync_control(R, ctx)
