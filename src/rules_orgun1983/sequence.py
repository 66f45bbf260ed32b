"""The turn sequence: set-up, initiative, cards, reinforcements, the action phase (activations,
Move / Attack / Raid / Lay Mines / Pass, Fresh and Spent), supply, victory checks and the end."""
from __future__ import annotations

from tabletop_core import Decision

from .actions import (
    CHOOSE_ATTACK,
    CHOOSE_MOVE,
    DONE,
    GO,
    PASS,
    Activation,
    Attack,
    ChooseAttack,
    ChooseMove,
    Done,
    LayMines,
    Pass,
    Pick,
    Raid,
    Reinforce,
    Select,
    make_move,
    make_select,
)
from .cards import create_decks, draw_cards
from .combat import raid, raid_options
from .effects import dispatch
from .movement import budget_ticks, is_flying
from .queries import activatable_areas, enemy_in, fresh_units, sole_controllers, tribes_destroyed
from .state import (
    DRA,
    MUJ,
    PLAYERS,
    SIDE_NAMES,
    ActivationBegan,
    ControlSet,
    GroupsScheduled,
    InitiativeDetermined,
    MinefieldLaid,
    MinefieldRemoved,
    Passed,
    PhaseBegan,
    SupplyChecked,
    TurnBegan,
    UnitPlaced,
    UnitSpent,
    VictoryChecked,
    other,
)

LAST_TURN = 12


# -- set-up ---------------------------------------------------------------------------------------
def setup(R, ctx) -> None:
    data = R.data
    create_decks(R, ctx)
    for s in data.scenario.setup:
        info = data.units[s.unit]
        ctx.emit(UnitPlaced(s.unit, info.side, s.area, info.steps))
    for area in sorted(data.minefields):
        ctx.emit(MinefieldLaid(area))
    ctx.emit(GroupsScheduled(tuple(sorted(data.groups))))
    control = sole_controllers(R, ctx.state)
    for side in PLAYERS:
        for area in getattr(data.scenario.control, side):
            control.setdefault(area, side)
    for area in sorted(control):
        ctx.emit(ControlSet(area, control[area]))


# -- automatic phases -----------------------------------------------------------------------------
def initiative_modifiers(R, state) -> dict[str, int]:
    """# Orgun: initiative modifiers from turn 7."""
    mods = {MUJ: 0, DRA: 0}
    if state.turn < R.readings.initiative_modifiers_from:
        return mods
    control = state.control
    if control.get(19) == DRA and control.get(32) == DRA:
        mods[DRA] += 1

    def captured(area: int) -> bool:  # Readings.initiative_capture_is_current_control
        if R.readings.initiative_capture_is_current_control:
            return control.get(area) == MUJ
        return area in state.muj_captured

    muj = []
    if captured(19) or state.mi24_destroyed:  # +1 once, whichever of the two holds
        muj.append(1)
    if captured(32):
        muj.append(2)
    if muj:  # Readings.muj_initiative_modifiers_stack: they add up (+3 with both)
        mods[MUJ] = sum(muj) if R.readings.muj_initiative_modifiers_stack else max(muj)
    return mods


def determine_initiative(R, ctx) -> None:
    state = ctx.state
    first, last = R.readings.initiative_roll_turns
    if state.turn == 1:
        ctx.emit(InitiativeDetermined(MUJ))  # Orgun: turn 1 belongs to the Mujahideen
        return
    if not (first <= state.turn <= last):
        ctx.emit(InitiativeDetermined(state.initiative))  # the holder keeps it (Readings)
        return
    mods = initiative_modifiers(R, state)
    m = ctx.roll("d6", player=MUJ, reason="initiative").total + mods[MUJ]
    d = ctx.roll("d6", player=DRA, reason="initiative").total + mods[DRA]
    winner = state.initiative if m == d else (MUJ if m > d else DRA)  # a tie: the holder keeps it
    ctx.emit(InitiativeDetermined(winner, m, d, True))


def supplied_areas(R, state, side: str) -> frozenset[int]:
    """# Orgun: supply -- a chain of friendly or neutral areas to one of the side's sources."""
    enemy = other(side)
    control = state.control
    held = sorted(a for a, s in control.items() if s == enemy)
    # all the answer depends on: the side and the areas its enemy controls (kept: control changes
    # little from one supply phase to the next)
    key = (side, *held)
    found = R.supply_kept.get(key)
    if found is not None:
        return found
    sources = [a for a in R.lookups.supply_sources[side] if control.get(a) != enemy]
    if not sources:
        return R.supply_kept.keep(key, frozenset())
    # the chain runs through any area the enemy does not control (a set: the map tests membership
    # without a Python call per area)
    passable = R.lookups.areas.difference(held)
    return R.supply_kept.keep(key, R.data.area_map.supplied_areas(sources, passable))


def supply_phase(R, ctx) -> None:
    state = ctx.state
    supplied: list[str] = []
    unsupplied: list[str] = []
    areas = {side: supplied_areas(R, state, side) for side in PLAYERS}
    for uid in sorted(state.units):
        u = state.units[uid]
        (supplied if u.area in areas[u.side] else unsupplied).append(uid)
    ctx.emit(SupplyChecked(tuple(supplied), tuple(unsupplied), R.readings.unsupplied_units_refresh))


def automatic_winner(R, state) -> tuple[str, str] | None:
    rd = R.readings
    control = state.control
    found: list[tuple[str, str]] = []
    # Orgun: automatic victory, Mujahideen -- 32 and one of 28, 29, 33
    if control.get(rd.muj_auto_hold) == MUJ and any(control.get(a) == MUJ for a in rd.muj_auto_any_of):
        others = "/".join(str(a) for a in rd.muj_auto_any_of)
        found.append((MUJ, f"automatic victory: the Mujahideen control {rd.muj_auto_hold} and one of {others}"))
    # Orgun: automatic victory, DRA -- two tribes destroyed
    destroyed = tribes_destroyed(R, state)
    if len(destroyed) >= rd.dra_auto_tribes_destroyed:
        found.append((DRA, f"automatic victory: tribes destroyed ({', '.join(destroyed)})"))
    if not found:
        return None
    return found[0] if rd.muj_auto_checked_first else found[-1]


def operational_winner(R, state) -> tuple[str | None, str]:
    rd = R.readings
    control = state.control
    if all(control.get(a) == MUJ for a in rd.muj_end_all_of):
        return MUJ, "operational victory: the Mujahideen hold " + ", ".join(map(str, rd.muj_end_all_of))
    if control.get(rd.dra_end_must_hold) == DRA and any(control.get(a) == DRA for a in rd.dra_end_any_of):
        return DRA, f"operational victory: DRA holds {rd.dra_end_must_hold} and " + " or ".join(map(str, rd.dra_end_any_of))
    return None, "after turn 12 neither side meets its operational condition"


def scores(R, state) -> dict[str, float]:
    return {side: float(sum(1 for s in state.control.values() if s == side)) for side in PLAYERS}


def victory_phase(R, ctx) -> None:
    state = ctx.state
    # Orgun: minefields -- one in an area the Mujahideen control at the end of the turn is removed
    for area in sorted(state.minefields):
        if state.control.get(area) == MUJ:
            ctx.emit(MinefieldRemoved(area))
    ctx.emit(VictoryChecked(state.turn, "automatic" + (" and operational" if state.turn >= LAST_TURN else "")))
    auto = automatic_winner(R, state)
    if auto is not None:
        ctx.end(auto[0], auto[1], scores(R, state))
        return
    if state.turn >= LAST_TURN:
        winner, reason = operational_winner(R, state)
        ctx.end(winner, reason, scores(R, state))
        return
    ctx.emit(TurnBegan(state.turn + 1))


def action_phase_over(R, state) -> bool:
    return state.passes >= R.readings.passes_to_end_action_phase or not any(fresh_units(state, s) for s in PLAYERS)


def phase_decision(R, state):
    """The decision when no procedure is pending: only the action phase asks anything."""
    if state.phase != "action" or state.passes >= R.readings.passes_to_end_action_phase:
        return None
    side = state.active
    # a side with a Fresh unit means the phase is not over (action_phase_over); none: nothing to ask
    areas = activatable_areas(state, side)
    if not areas:
        return None
    key = ("activate", side, *areas)
    menus = R.menus
    found = menus.get(key)
    if found is None:
        activate = R.lookups.activate
        found = menus.keep(key, Decision(side, (*map(activate.__getitem__, areas), PASS),
                                         f"{SIDE_NAMES[side]}: activate an area or pass"))
    return found


def phase_advance(R, ctx) -> None:
    state = ctx.state
    phase = state.phase
    if phase == "setup":
        ctx.emit(TurnBegan(1))
    elif phase == "initiative":
        determine_initiative(R, ctx)
        ctx.emit(PhaseBegan("cards"))
    elif phase == "cards":
        draw_cards(R, ctx)
        ctx.emit(PhaseBegan("reinforcements"))
        ctx.push(Reinforce(other(state.initiative)))
        ctx.push(Reinforce(state.initiative))
    elif phase == "reinforcements":
        ctx.emit(PhaseBegan("action"))
    elif phase == "action":
        if action_phase_over(R, state):
            ctx.emit(PhaseBegan("supply"))
        else:
            ctx.emit(Passed(state.active, automatic=True))  # no Fresh unit: nothing to activate
    elif phase == "supply":
        supply_phase(R, ctx)
        ctx.emit(PhaseBegan("victory"))
    elif phase == "victory":
        victory_phase(R, ctx)
    else:  # pragma: no cover - a corrupt state
        raise ValueError(f"unknown phase {phase!r}")


def phase_act(R, ctx, action) -> None:
    side = ctx.state.active
    if isinstance(action, Pass):
        ctx.emit(Passed(side))
        return
    # Orgun: an activation picks ONE area; the sides alternate
    ctx.emit(ActivationBegan(side, action.area, "activate"))
    ctx.push(Activation(side, action.area))


# -- one activation -------------------------------------------------------------------------------
def lay_mine_units(R, state, side: str, area: int) -> list[str]:
    """DRA units able to lay a minefield here (Readings: non-militia, DRA-controlled, no M units)."""
    if side != DRA or state.mines_laid >= R.readings.minefields_per_turn:
        return []
    if state.control.get(area) != DRA or area in state.minefields or enemy_in(state, area, DRA):
        return []
    info, units = R.data.units, state.units
    return [i for i in state.at[DRA].get(area, ())
            if not units[i].spent and info[i].kind in ("infantry", "tank")]  # militia cannot lay mines


def attack_units(R, state, side: str, area: int) -> list[str]:
    leaders, units = R.lookups.leaders, state.units
    return [i for i in state.at[side].get(area, ()) if not units[i].spent and i not in leaders]


@dispatch.decide(Activation)
def _activation_decision(R, state, frame: Activation):
    side, area = frame.side, frame.area
    attack = enemy_in(state, area, side) and bool(attack_units(R, state, side, area))
    raids = raid_options(R, state, area) if side == MUJ else []
    mines = lay_mine_units(R, state, side, area)
    key = ("activation", side, area, attack, *[unit for pair in raids for unit in pair], "mines", *mines)
    menus = R.menus
    found = menus.get(key)
    if found is None:
        actions = [CHOOSE_MOVE]
        if attack:
            actions.append(CHOOSE_ATTACK)
        actions.extend(Raid(r, t) for r, t in raids)
        actions.extend(LayMines(u) for u in mines)
        found = menus.keep(key, Decision(side, tuple(actions), f"area {area}: move, attack, raid or lay mines"))
    return found


@dispatch.act(Activation)
def _activation_act(R, ctx, frame: Activation, action) -> None:
    if isinstance(action, ChooseMove):
        ctx.replace(make_select(frame.side, frame.area, "move", (), 0))
    elif isinstance(action, ChooseAttack):
        ctx.replace(make_select(frame.side, frame.area, "attack", (), 0))
    elif isinstance(action, Raid):
        ctx.pop()
        raid(R, ctx, action.raider, action.target)
    else:  # LayMines
        ctx.pop()
        ctx.emit(UnitSpent(action.unit))
        ctx.emit(MinefieldLaid(frame.area, action.unit))


def selectable(R, state, frame: Select) -> list[str]:
    if frame.purpose == "attack":
        pool = attack_units(R, state, frame.side, frame.area)
        return [u for u in pool if u not in frame.chosen]
    units, chosen = state.units, frame.chosen
    here = state.at[frame.side].get(frame.area, ())
    if not chosen:
        return [i for i in here if not units[i].spent]
    # Readings (the Mi-24): it flies, so it never shares a party with ground units
    helicopters = R.lookups.helicopters
    if helicopters.issuperset(chosen):  # is_flying, without the call
        return []
    return [i for i in here if not units[i].spent and i not in chosen and i not in helicopters]


@dispatch.decide(Select)
def _select_decision(R, state, frame: Select):
    ids = selectable(R, state, frame)
    # what ends the menu: Go once a unit is chosen, nothing for the first party's first pick, else
    # Done (another party may set out, or the activation ends)
    last = "go" if frame.chosen else "" if frame.parties == 0 else "done"
    if last == "done" and not ids:
        return None  # nobody Fresh is left in the area: the activation is over
    key = ("pick", frame.side, frame.area, frame.purpose, last, *ids)
    menus = R.menus
    found = menus.get(key)
    if found is None:
        found = menus.keep(key, _pick_menu(R, frame, ids, last))
    return found


def _pick_menu(R, frame: Select, ids: list[str], last: str) -> Decision:
    pick = R.lookups.pick
    picks = tuple(map(pick.__getitem__, ids))
    if last == "go":
        return Decision(frame.side, (*picks, GO), f"pick units in {frame.area} to {frame.purpose} (then go)")
    if not last:
        return Decision(frame.side, picks, f"pick units in {frame.area} to {frame.purpose} (then go)")
    # Orgun: activated units need not move together -- another party may set out from the area
    return Decision(frame.side, (*picks, DONE), f"pick units in {frame.area} for another move, or end the activation")


@dispatch.advance(Select)
def _select_over(R, ctx, frame: Select) -> None:
    ctx.pop()


@dispatch.act(Select)
def _select_act(R, ctx, frame: Select, action) -> None:
    if type(action) is Pick:  # the most frequent answer first
        ctx.replace(make_select(frame.side, frame.area, frame.purpose, frame.chosen + (action.unit,), frame.parties))
        return
    if isinstance(action, Done):
        ctx.pop()
        return
    for uid in frame.chosen:  # Orgun: an activated unit becomes Spent
        ctx.emit(UnitSpent(uid))
    if frame.purpose == "attack":
        ctx.replace(Attack(frame.side, frame.area, frame.chosen))
        return
    # this party moves on its own path at its own OP; the area may send out another afterwards
    ctx.replace(make_select(frame.side, frame.area, "move", (), frame.parties + 1))
    budget = budget_ticks(R, ctx.state, frame.chosen)
    ctx.push(make_move(frame.side, frame.chosen, frame.area, frame.area, budget, 0, (), is_flying(R, frame.chosen),
                      (frame.area,)))
