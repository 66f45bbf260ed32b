"""The events of the game (one frozen class each) and the one apply function of each (GoE state as a fold).

Units are frozen :class:`~.state.Unit` values; every change replaces the value through an event.
Vehicle and helicopter events are in :mod:`.vehicles`.
"""
from __future__ import annotations

import attrs
from tabletop_core import Event
from tabletop_core.events import Appliers

from .state import GoEState, Unit, unit_with

appliers = Appliers()


@attrs.frozen
class ScenarioSet(Event):
    scenario: str


@attrs.frozen
class UnitPlaced(Event):
    unit: Unit


@attrs.frozen
class UnitMoved(Event):
    uid: str
    to: tuple[int, int]
    cost: int = 0


@attrs.frozen
class UnitHit(Event):
    uid: str
    outcome: str  # shaken / reduced / eliminated (10c)


@attrs.frozen
class MarkerSet(Event):
    uid: str
    marker: str


@attrs.frozen
class Rallied(Event):
    uid: str


@attrs.frozen
class Reconstituted(Event):
    uid: str


@attrs.frozen
class ConcealSet(Event):
    uid: str
    on: bool


@attrs.frozen
class PhaseSet(Event):
    phase: str
    turn: int


@attrs.frozen
class InitiativeSet(Event):
    side: str


@attrs.frozen
class EndTurnCounted(Event):
    card: str
    count: int


@attrs.frozen
class PassCounted(Event):
    passes: int


@attrs.frozen
class VPScored(Event):
    side: str
    points: float
    reason: str


@attrs.frozen
class ControlSet(Event):
    label: str
    side: str


@attrs.frozen
class FoxholePlaced(Event):
    hex: tuple[int, int]


@attrs.frozen
class BarrageSet(Event):
    hexes: tuple[tuple[int, int], ...]


@attrs.frozen
class SmokePlaced(Event):
    hex: tuple[int, int]
    level: int


@attrs.frozen
class TilePlaced(Event):
    """A terrain tile laid on a hex during play (Sherkhankhel's village): from then on the hex has the
    tile's terrain for LOS, movement and cover (``board.board_at``); its elevation is kept."""

    hex: tuple[int, int]
    kind: str


@attrs.frozen
class CleanedUp(Event):
    """GoE 5g: Fired, Moved, Ops Complete and Barrage markers leave the map; Smoke 1 goes, Smoke 2 fades."""


@attrs.frozen
class Escaped(Event):
    uid: str


@attrs.frozen
class TargetNoted(Event):
    uid: str
    target: str


@attrs.frozen
class Relocated(Event):
    side: str
    turn: int


@attrs.frozen
class EdgeReached(Event):
    side: str


@attrs.frozen
class Note(Event):
    """A line for the narration that changes nothing (an event card's text, a roll's verdict)."""

    text: str




@appliers.on(ScenarioSet)
def _scenario(state: GoEState, e: ScenarioSet) -> None:
    state.scenario = e.scenario


@appliers.on(UnitPlaced)
def _placed(state: GoEState, e: UnitPlaced) -> None:
    state.units[e.unit.uid] = e.unit


@appliers.on(UnitMoved)
def _moved(state: GoEState, e: UnitMoved) -> None:
    state.units[e.uid] = unit_with(state.units[e.uid], hex=e.to)
    for uid, u in list(state.units.items()):  # 8a: loaded passengers ride with their carrier
        if u.carrier == e.uid:
            state.units[uid] = unit_with(u, hex=e.to)


@appliers.on(UnitHit)
def _hit(state: GoEState, e: UnitHit) -> None:
    u = state.units[e.uid]
    if e.outcome == "eliminated":
        from ..data.loading import game_data

        state.losses[u.side] = state.losses[u.side] + 1
        if game_data().units[u.type].hero:
            state.heroes_lost[u.side] = state.heroes_lost[u.side] + 1
        del state.units[e.uid]
        state.last_target.pop(e.uid, None)
    elif e.outcome == "reduced":
        state.units[e.uid] = unit_with(u, reduced=True)
    else:
        state.units[e.uid] = unit_with(u, shaken=True)
        for uid, x in list(state.units.items()):  # 8f: a Shaken carrier shakes its passengers
            if x.carrier == e.uid:
                state.units[uid] = unit_with(x, shaken=True)


@appliers.on(MarkerSet)
def _marker(state: GoEState, e: MarkerSet) -> None:
    state.units[e.uid] = unit_with(state.units[e.uid], marker=e.marker)


@appliers.on(Rallied)
def _rallied(state: GoEState, e: Rallied) -> None:
    state.units[e.uid] = unit_with(state.units[e.uid], shaken=False)
    for uid, x in list(state.units.items()):  # 8f: rallying a carrier rallies its passengers
        if x.carrier == e.uid:
            state.units[uid] = unit_with(x, shaken=False)


@appliers.on(Reconstituted)
def _recon(state: GoEState, e: Reconstituted) -> None:
    state.units[e.uid] = unit_with(state.units[e.uid], reduced=False)


@appliers.on(ConcealSet)
def _conceal(state: GoEState, e: ConcealSet) -> None:
    state.units[e.uid] = unit_with(state.units[e.uid], concealed=e.on)


@appliers.on(PhaseSet)
def _phase(state: GoEState, e: PhaseSet) -> None:
    state.phase, state.turn = e.phase, e.turn
    if e.phase == "deal":
        state.end_turns = 0
        state.passes = 0


@appliers.on(InitiativeSet)
def _init(state: GoEState, e: InitiativeSet) -> None:
    state.initiative = e.side


@appliers.on(EndTurnCounted)
def _endturn(state: GoEState, e: EndTurnCounted) -> None:
    state.end_turns = e.count


@appliers.on(PassCounted)
def _pass(state: GoEState, e: PassCounted) -> None:
    state.passes = e.passes


@appliers.on(VPScored)
def _vp(state: GoEState, e: VPScored) -> None:
    state.vp[e.side] = state.vp[e.side] + e.points


@appliers.on(ControlSet)
def _control(state: GoEState, e: ControlSet) -> None:
    state.control[e.label] = e.side


@appliers.on(FoxholePlaced)
def _foxhole(state: GoEState, e: FoxholePlaced) -> None:
    state.foxholes.add(e.hex)


@appliers.on(BarrageSet)
def _barrage(state: GoEState, e: BarrageSet) -> None:
    state.barrage.update(e.hexes)


@appliers.on(SmokePlaced)
def _smoke(state: GoEState, e: SmokePlaced) -> None:
    state.smoke[e.hex] = max(state.smoke.get(e.hex, 0), e.level)


@appliers.on(TilePlaced)
def _tile(state: GoEState, e: TilePlaced) -> None:
    state.tiles[e.hex] = e.kind


@appliers.on(CleanedUp)
def _clean(state: GoEState, e: CleanedUp) -> None:
    state.barrage.clear()
    for h, level in list(state.smoke.items()):  # 5g: Smoke 1 removed, then Smoke 2 becomes Smoke 1
        if level <= 1:
            del state.smoke[h]
        else:
            state.smoke[h] = level - 1
    for uid, u in list(state.units.items()):
        if u.marker:
            state.units[uid] = unit_with(u, marker="")


@appliers.on(Escaped)
def _escaped(state: GoEState, e: Escaped) -> None:
    state.escaped.add(e.uid)


@appliers.on(TargetNoted)
def _target(state: GoEState, e: TargetNoted) -> None:
    state.last_target[e.uid] = e.target


@appliers.on(Relocated)
def _relocated(state: GoEState, e: Relocated) -> None:
    state.relocated[e.side] = e.turn


@appliers.on(EdgeReached)
def _edge(state: GoEState, e: EdgeReached) -> None:
    state.edge_reached.add(e.side)


@appliers.on(Note)
def _note(state: GoEState, e: Note) -> None:
    """Words only."""


# -- fortifications (23b, 23c), units leaving play (21m), assault hits undone (19f) ----------------
@attrs.frozen
class BunkerPlaced(Event):
    hex: tuple[int, int]
    facing: int  # vertex 0..5 (core hexfacing numbering)


@attrs.frozen
class BunkerRemoved(Event):
    hex: tuple[int, int]


@attrs.frozen
class WirePlaced(Event):
    hex: tuple[int, int]


@appliers.on(BunkerPlaced)
def _bunker(state, e: BunkerPlaced) -> None:
    state.bunkers[e.hex] = e.facing


@appliers.on(BunkerRemoved)
def _unbunker(state, e: BunkerRemoved) -> None:
    state.bunkers.pop(e.hex, None)


@appliers.on(WirePlaced)
def _wire(state, e: WirePlaced) -> None:
    state.wire.add(e.hex)


@attrs.frozen
class UnitWithdrawn(Event):
    """21m: a Single Use weapon is discarded after use (not an elimination)."""

    uid: str


@appliers.on(UnitWithdrawn)
def _withdrawn(state, e: UnitWithdrawn) -> None:
    state.units.pop(e.uid, None)
    state.last_target.pop(e.uid, None)


@attrs.frozen
class HitUndone(Event):
    """19f: a unit's assault hits are undone: it is back as ``unit`` (restored if it had been
    eliminated); ``wreck``: the wreck its destruction left in the hex goes too."""

    unit: Unit
    eliminated: bool = False
    wreck: bool = False


@appliers.on(HitUndone)
def _undone(state, e: HitUndone) -> None:
    from ..data.loading import game_data

    u = e.unit
    if e.eliminated:
        state.losses[u.side] = state.losses[u.side] - 1
        if game_data().units[u.type].hero:
            state.heroes_lost[u.side] = state.heroes_lost[u.side] - 1
    if e.wreck and u.hex is not None:
        state.wrecks.discard(u.hex)
    state.units[u.uid] = u


EVENTS = (ScenarioSet, UnitPlaced, UnitMoved, UnitHit, MarkerSet, Rallied, Reconstituted, ConcealSet, PhaseSet, InitiativeSet,
          EndTurnCounted, PassCounted, VPScored, ControlSet, FoxholePlaced, BarrageSet, SmokePlaced, CleanedUp, Escaped,
          TargetNoted, Relocated, EdgeReached, Note, TilePlaced,
          BunkerPlaced, BunkerRemoved, WirePlaced, UnitWithdrawn, HitUndone)
