"""Orgun 1983's game state and events; each event has one apply function.

Units on the map are frozen :class:`Unit` values in a flat dict keyed by counter id; the fixed
facts of a counter (strength, cohesion, tribe ...) live in the loaded data, not in the state.
"""
from __future__ import annotations

from typing import Callable

import attrs

from tabletop_core import BaseState, Event
from tabletop_core.events import Appliers

from .area_index import AreaIndex
from .value_makers import positional_maker

MUJ, DRA = "muj", "dra"
PLAYERS = (MUJ, DRA)
SIDE_NAMES = {MUJ: "Mujahideen", DRA: "DRA"}


# a side's opponent: the bound lookup of a constant pair is called like a function but runs no
# Python frame (the questions ask it thousands of times a game)
other: Callable[[str], str] = {MUJ: DRA, DRA: MUJ}.__getitem__


@attrs.frozen
class Unit:
    id: str
    side: str
    area: int
    steps: int
    spent: bool = False
    low_supply: bool = False
    no_ammo: bool = False  # Orgun: the Mujahideen T-55 out of ammunition


# Unit(...) with every field given, for the appliers (a counter is remade at every move and mark)
make_unit: Callable[[str, str, int, int, bool, bool, bool], Unit] = positional_maker(Unit)


@attrs.define(kw_only=True)
class OrgunState(BaseState):
    turn: int = 0
    phase: str = "setup"
    initiative: str = MUJ
    active: str = MUJ  # whose activation is next in the action phase
    passes: int = 0  # passes in succession
    units: dict[str, Unit] = attrs.Factory(dict)
    dead: set[str] = attrs.Factory(set)
    control: dict[int, str] = attrs.Factory(dict)  # area -> side; absent = neutral
    minefields: set[int] = attrs.Factory(set)
    pending_groups: set[str] = attrs.Factory(set)
    mines_laid: int = 0  # this turn
    mi24_destroyed: bool = False
    muj_captured: set[int] = attrs.Factory(set)  # areas the Mujahideen have taken control of this game
    # derived from ``units`` by the appliers; init=False keeps it out of the serialised state
    at: AreaIndex = attrs.field(init=False, factory=lambda: AreaIndex.for_sides(PLAYERS), eq=False, repr=False)


# -- events ---------------------------------------------------------------------------------------
@attrs.frozen
class TurnBegan(Event):
    turn: int


@attrs.frozen
class PhaseBegan(Event):
    phase: str


@attrs.frozen
class InitiativeDetermined(Event):
    side: str
    muj_total: int = 0
    dra_total: int = 0
    rolled: bool = False


@attrs.frozen
class ActivationBegan(Event):
    side: str
    area: int
    action: str


@attrs.frozen
class Passed(Event):
    side: str
    automatic: bool = False


@attrs.frozen
class UnitPlaced(Event):
    unit: str
    side: str
    area: int
    steps: int
    reason: str = "set-up"


@attrs.frozen
class GroupArrived(Event):
    group: str
    by_card: bool = False


@attrs.frozen
class ControlSet(Event):
    area: int
    side: str | None


@attrs.frozen
class UnitMoved(Event):
    unit: str
    source: int
    target: int
    cost: float = 0.0  # OP spent (0.5 steps); 0 for retreats and escapes
    reason: str = "move"  # move | retreat | escape | raid | return


@attrs.frozen
class UnitSpent(Event):
    unit: str


@attrs.frozen
class LossTaken(Event):
    unit: str
    steps_left: int


@attrs.frozen
class UnitEliminated(Event):
    unit: str
    reason: str
    mi24: bool = False


@attrs.frozen
class GroupsScheduled(Event):
    """Reinforcement groups waiting to enter (set-up)."""

    groups: tuple[str, ...]


@attrs.frozen
class SupplyChecked(Event):
    supplied: tuple[str, ...]
    unsupplied: tuple[str, ...]
    refresh_unsupplied: bool = True


@attrs.frozen
class CohesionTested(Event):
    unit: str
    roll: int
    modifier: int  # added to the roll (negative: the leader DRM helps)
    cohesion: int
    passed: bool
    reason: str


@attrs.frozen
class MountainTest(Event):
    area: int
    roll: int
    drm: int
    entered: bool


@attrs.frozen
class LeaderTest(Event):
    unit: str
    roll: int
    killed: bool


@attrs.frozen
class CombatResolved(Event):
    area: int
    attacker: str
    attack: int
    defence: int
    attack_roll: int
    defence_roll: int
    result: int  # > 0 loss points on the defender, < 0 on the attacker


@attrs.frozen
class AmmoTest(Event):
    unit: str
    roll: int
    out: bool


@attrs.frozen
class MinefieldLaid(Event):
    area: int
    by_unit: str = ""  # empty at set-up


@attrs.frozen
class MinefieldRemoved(Event):
    area: int


@attrs.frozen
class AmbushDeclared(Event):
    ambushers: tuple[str, ...]
    target: str
    area: int  # where the ambushed unit stands


@attrs.frozen
class RaidDeclared(Event):
    raider: str
    target: str


@attrs.frozen
class VictoryChecked(Event):
    turn: int
    note: str


EVENTS = (
    TurnBegan, PhaseBegan, InitiativeDetermined, ActivationBegan, Passed, UnitPlaced, GroupsScheduled, GroupArrived,
    ControlSet, UnitMoved, UnitSpent, LossTaken, UnitEliminated, SupplyChecked, CohesionTested,
    MountainTest, LeaderTest, CombatResolved, AmmoTest, MinefieldLaid, MinefieldRemoved,
    AmbushDeclared, RaidDeclared, VictoryChecked,
)

appliers = Appliers()


@appliers.on(TurnBegan)
def _turn(state: OrgunState, e: TurnBegan) -> None:
    state.turn = e.turn
    state.phase = "initiative"
    state.mines_laid = 0


@appliers.on(PhaseBegan)
def _phase(state: OrgunState, e: PhaseBegan) -> None:
    state.phase = e.phase
    if e.phase == "action":
        state.active = state.initiative
        state.passes = 0


@appliers.on(InitiativeDetermined)
def _initiative(state: OrgunState, e: InitiativeDetermined) -> None:
    state.initiative = e.side


@appliers.on(ActivationBegan)
def _activation(state: OrgunState, e: ActivationBegan) -> None:
    state.active = other(e.side)
    state.passes = 0


@appliers.on(Passed)
def _passed(state: OrgunState, e: Passed) -> None:
    state.active = other(e.side)
    state.passes += 1


@appliers.on(UnitPlaced)
def _placed(state: OrgunState, e: UnitPlaced) -> None:
    old = state.units.get(e.unit)
    if old is not None:
        state.at.remove(old.side, old.area, old.id)
    state.units[e.unit] = make_unit(e.unit, e.side, e.area, e.steps, False, False, False)
    state.at.add(e.side, e.area, e.unit)


@appliers.on(GroupsScheduled)
def _scheduled(state: OrgunState, e: GroupsScheduled) -> None:
    state.pending_groups.update(e.groups)


@appliers.on(GroupArrived)
def _arrived(state: OrgunState, e: GroupArrived) -> None:
    state.pending_groups.discard(e.group)


@appliers.on(ControlSet)
def _control(state: OrgunState, e: ControlSet) -> None:
    if e.side is None:
        state.control.pop(e.area, None)
    else:
        state.control[e.area] = e.side
        if e.side == MUJ:
            state.muj_captured.add(e.area)


@appliers.on(UnitMoved)
def _moved(state: OrgunState, e: UnitMoved) -> None:
    u = state.units[e.unit]
    state.units[e.unit] = make_unit(u.id, u.side, e.target, u.steps, u.spent, u.low_supply, u.no_ammo)
    state.at.move(u.side, u.area, e.target, u.id)


@appliers.on(UnitSpent)
def _spent(state: OrgunState, e: UnitSpent) -> None:
    u = state.units[e.unit]
    state.units[e.unit] = make_unit(u.id, u.side, u.area, u.steps, True, u.low_supply, u.no_ammo)


@appliers.on(LossTaken)
def _loss(state: OrgunState, e: LossTaken) -> None:
    u = state.units[e.unit]
    state.units[e.unit] = make_unit(u.id, u.side, u.area, e.steps_left, u.spent, u.low_supply, u.no_ammo)


@appliers.on(UnitEliminated)
def _eliminated(state: OrgunState, e: UnitEliminated) -> None:
    u = state.units.pop(e.unit)
    state.at.remove(u.side, u.area, u.id)
    state.dead.add(e.unit)
    if e.mi24:
        state.mi24_destroyed = True


@appliers.on(SupplyChecked)
def _supply(state: OrgunState, e: SupplyChecked) -> None:
    # a unit whose flags do not change keeps its value (most supplied units are Fresh and
    # supplied already): the same state without remaking every counter each turn
    units = state.units
    for uid in e.supplied:
        u = units[uid]
        if u.spent or u.low_supply:
            units[uid] = make_unit(u.id, u.side, u.area, u.steps, False, False, u.no_ammo)
    refresh = e.refresh_unsupplied
    for uid in e.unsupplied:
        u = units[uid]
        if not u.low_supply or (refresh and u.spent):
            units[uid] = make_unit(u.id, u.side, u.area, u.steps, u.spent and not refresh, True, u.no_ammo)


@appliers.on(AmmoTest)
def _ammo(state: OrgunState, e: AmmoTest) -> None:
    if e.out:
        u = state.units[e.unit]
        state.units[e.unit] = make_unit(u.id, u.side, u.area, u.steps, u.spent, u.low_supply, True)


@appliers.on(MinefieldLaid)
def _laid(state: OrgunState, e: MinefieldLaid) -> None:
    state.minefields.add(e.area)
    if e.by_unit:
        state.mines_laid += 1


@appliers.on(MinefieldRemoved)
def _removed(state: OrgunState, e: MinefieldRemoved) -> None:
    state.minefields.discard(e.area)


@appliers.on(CohesionTested)
@appliers.on(MountainTest)
@appliers.on(LeaderTest)
@appliers.on(CombatResolved)
@appliers.on(AmbushDeclared)
@appliers.on(RaidDeclared)
@appliers.on(VictoryChecked)
def _record_only(state: OrgunState, e: Event) -> None:
    """A fact for the log and the narration; its consequences are separate events."""
