"""The game state, its events (one apply function each), the players' actions and the procedure frames.

Units are frozen :class:`Unit` values in a dict keyed by id; every change replaces the value through
an event.  Hands, the draw pile, the discard and the set-aside piles live in the core's deck
``action`` (hands hidden from the other player).
"""
from __future__ import annotations

import attrs

from tabletop_core import BaseState, Event, Frame

from .actions import ACTIONS, Boldness, Use
from tabletop_core.events import Appliers

SOVIET, MUJ = "soviet", "mujahideen"
PLAYERS = (SOVIET, MUJ)
DECK = "action"
ASIDE = "aside"      # End Turn cards laid aside this turn (6a)
HELD = "held"        # End Turn / Event cards held out while dealing (5a)
REMOVED = "removed"  # activated Event cards, out of play (5b)
OUT = "out"          # Event cards this scenario does not use
INIT = "init"        # initiative cards revealed (5d)


def other(side: str) -> str:
    return MUJ if side == SOVIET else SOVIET


def sapper_pile(side: str) -> str:
    return f"kept:{side}"


@attrs.frozen
class Unit:
    uid: str
    type: str
    side: str
    hex: tuple[int, int] | None = None  # None: not yet entered
    reduced: bool = False
    shaken: bool = False
    marker: str = ""  # "" / moved / fired / ops  (4a, 4c, 4e)
    concealed: bool = False
    entry: int = 0  # the turn an off-map unit may enter (0: on the map from the start)
    facing: int = -1  # vehicles and helicopters: the vertex faced (7b, 15d); -1 none / not yet set
    mode: str = ""  # helicopters: flying / hovering / landed (17b)
    carrier: str = ""  # a loaded passenger: its carrier's id (8a)


@attrs.define(kw_only=True)
class GoEState(BaseState):
    scenario: str = ""
    units: dict[str, Unit] = attrs.Factory(dict)
    phase: str = "setup"
    turn: int = 0
    initiative: str = ""
    end_turns: int = 0
    passes: int = 0
    vp: dict[str, float] = attrs.Factory(lambda: {SOVIET: 0.0, MUJ: 0.0})
    control: dict[str, str] = attrs.Factory(dict)
    foxholes: set[tuple[int, int]] = attrs.Factory(set)
    barrage: set[tuple[int, int]] = attrs.Factory(set)
    smoke: dict[tuple[int, int], int] = attrs.Factory(dict)  # Smoke 1 / Smoke 2 markers (22f, 5g)
    tiles: dict[tuple[int, int], str] = attrs.Factory(dict)  # terrain tiles laid during play (Sherkhankhel; board.py)
    bunkers: dict[tuple[int, int], int] = attrs.Factory(dict)  # 23b: hex -> the vertex it faces (fortifications.py)
    wire: set[tuple[int, int]] = attrs.Factory(set)  # 23c (fortifications.py)
    escaped: set[str] = attrs.Factory(set)
    last_target: dict[str, str] = attrs.Factory(dict)
    relocated: dict[str, int] = attrs.Factory(dict)
    losses: dict[str, int] = attrs.Factory(lambda: {SOVIET: 0, MUJ: 0})  # units eliminated, per owner
    heroes_lost: dict[str, int] = attrs.Factory(lambda: {SOVIET: 0, MUJ: 0})
    edge_reached: set[str] = attrs.Factory(set)  # sides that reached the enemy's friendly edge (24c)
    wrecks: set[tuple[int, int]] = attrs.Factory(set)  # wreck counters on the map (2b, 9); vehstate.py
    mech: dict[str, int] = attrs.Factory(dict)  # mechanised scenarios' counters and flags (scenarios_mech.py)


# -- events ---------------------------------------------------------------------------------------
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


appliers = Appliers()


@appliers.on(ScenarioSet)
def _scenario(state: GoEState, e: ScenarioSet) -> None:
    state.scenario = e.scenario


@appliers.on(UnitPlaced)
def _placed(state: GoEState, e: UnitPlaced) -> None:
    state.units[e.unit.uid] = e.unit


@appliers.on(UnitMoved)
def _moved(state: GoEState, e: UnitMoved) -> None:
    state.units[e.uid] = attrs.evolve(state.units[e.uid], hex=e.to)
    for uid, u in list(state.units.items()):  # 8a: loaded passengers ride with their carrier
        if u.carrier == e.uid:
            state.units[uid] = attrs.evolve(u, hex=e.to)


@appliers.on(UnitHit)
def _hit(state: GoEState, e: UnitHit) -> None:
    u = state.units[e.uid]
    if e.outcome == "eliminated":
        from .data import game_data

        state.losses[u.side] = state.losses[u.side] + 1
        if game_data().units[u.type].hero:
            state.heroes_lost[u.side] = state.heroes_lost[u.side] + 1
        del state.units[e.uid]
        state.last_target.pop(e.uid, None)
    elif e.outcome == "reduced":
        state.units[e.uid] = attrs.evolve(u, reduced=True)
    else:
        state.units[e.uid] = attrs.evolve(u, shaken=True)
        for uid, x in list(state.units.items()):  # 8f: a Shaken carrier shakes its passengers
            if x.carrier == e.uid:
                state.units[uid] = attrs.evolve(x, shaken=True)


@appliers.on(MarkerSet)
def _marker(state: GoEState, e: MarkerSet) -> None:
    state.units[e.uid] = attrs.evolve(state.units[e.uid], marker=e.marker)


@appliers.on(Rallied)
def _rallied(state: GoEState, e: Rallied) -> None:
    state.units[e.uid] = attrs.evolve(state.units[e.uid], shaken=False)
    for uid, x in list(state.units.items()):  # 8f: rallying a carrier rallies its passengers
        if x.carrier == e.uid:
            state.units[uid] = attrs.evolve(x, shaken=False)


@appliers.on(Reconstituted)
def _recon(state: GoEState, e: Reconstituted) -> None:
    state.units[e.uid] = attrs.evolve(state.units[e.uid], reduced=False)


@appliers.on(ConcealSet)
def _conceal(state: GoEState, e: ConcealSet) -> None:
    state.units[e.uid] = attrs.evolve(state.units[e.uid], concealed=e.on)


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
            state.units[uid] = attrs.evolve(u, marker="")


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


EVENTS = (ScenarioSet, UnitPlaced, UnitMoved, UnitHit, MarkerSet, Rallied, Reconstituted, ConcealSet, PhaseSet, InitiativeSet,
          EndTurnCounted, PassCounted, VPScored, ControlSet, FoxholePlaced, BarrageSet, SmokePlaced, CleanedUp, Escaped,
          TargetNoted, Relocated, EdgeReached, Note, TilePlaced)


# -- frames ---------------------------------------------------------------------------------------
@attrs.frozen
class Impulse(Frame):
    """GoE 4d, 5e, 6: one player's impulse.  step: start / main / discard."""

    player: str
    step: str = "start"
    first: bool = False
    acted: bool = False
    extra: int = 0  # further actions granted by Command Ops / Reinforcements (18d, 18m)
    discards: int = 0
    assaulted: tuple[tuple[int, int], ...] = ()  # 13a: hexes already assaulted in this impulse


@attrs.frozen
class DrawUp(Frame):
    """GoE 6a: draw one card at a time up to ``size`` (End Turn set aside, Events resolved)."""

    player: str
    size: int
    count: int = -1  # draw exactly this many instead (Command Ops, Reinforcements); -1: fill the hand


@attrs.frozen
class InitiativePick(Frame):
    """GoE 5d: each player lays a card face down; then both are revealed."""

    picked: tuple[str, ...] = ()  # sides that have picked in this round
    round: int = 1


@attrs.frozen
class MoveFrame(Frame):
    """GoE 7, 18e/g/h/i/o: units moving hex by hex.  ``mp`` holds (uid, MP left) pairs."""

    player: str
    use: Use = attrs.field(converter=Use)
    mp: tuple[tuple[str, int, int], ...]  # (uid, MP left, MP lent by a Hero moving with it, 2j)
    origin: tuple[tuple[str, tuple[int, int] | None], ...]
    stepped: tuple[str, ...] = ()
    groups_left: int = 0  # Let's Get 'Em!: one more hex of units may move after this one
    assaults: tuple[tuple[str, tuple[int, int] | None], ...] = ()  # (uid, hex entered from; None: off the map)
    card: str = ""
    brutal: str = ""  # 22g: the unit whose Brutal Power moves this hex (Ops Complete afterwards)


@attrs.frozen
class OppFireWindow(Frame):
    """GoE 11: the non-phasing player may halt a moving unit in ``hex`` and fire on it."""

    player: str  # who may fire
    mover: str
    hex: tuple[int, int]
    fast: bool = False


@attrs.frozen
class FireFrame(Frame):
    """GoE 10: a ranged attack against Soft Targets (also artillery hexes and assault draws)."""

    side: str  # attacker
    use: Use = attrs.field(converter=Use)
    lead: str
    supporters: tuple[str, ...]
    targets: tuple[str, ...]
    hex: tuple[int, int]
    hef: int
    degrade: int = 0  # 0: any Hit counts, 1: gold or red, 2: red only (3e reading)
    step: str = "support"
    left: int = 0
    hits: tuple[tuple[str, int], ...] = ()  # hits taken per target in this attack
    pending: str = ""  # a unit about to take a hit (Light Wounds / Resilient window)
    used: tuple[str, ...] = ()  # names of support / reaction cards already played (19, 20)
    redraw: bool = False  # Tactical redraw available (21i)
    foxhole: bool = False  # the first Hit on a unit in a Foxhole was redrawn (23a)
    marker: str = "fired"  # what the firers are marked with afterwards
    opp_mover: str = ""  # Opportunity Fire: this unit stops if hit (11a)
    moving_extra: tuple[str, ...] = ()  # 10d mixed target: units that get a 1 HEF attack afterwards
    sniper: bool = False
    spraying: bool = False
    total_hits: int = 0


@attrs.frozen
class AssaultFrame(Frame):
    """GoE 13: assault combat in ``hex``."""

    side: str
    hex: tuple[int, int]
    attackers: tuple[tuple[str, tuple[int, int] | None], ...]  # (uid, hex entered from; None: off the map)
    step: str = "support"
    att_bonus: int = 0
    def_bonus: int = 0
    used: tuple[str, ...] = ()


@attrs.frozen
class ArtilleryFrame(Frame):
    """GoE 12a: an artillery strike waiting for its spotter's call (event-granted or by card)."""

    side: str
    hef: int
    source: str  # card / event


@attrs.frozen
class ReserveFrame(Frame):
    """GoE 5f: the reserve phase, one side at a time."""

    side: str
    moved: tuple[str, ...] = ()
    second: bool = False
    modes: tuple[str, ...] = ()  # helicopters that declared their mode in this Reserve Phase (17b; transport.py)


@attrs.frozen
class EventChoice(Frame):
    """An Event card that asks its beneficiary for a choice (Mujahideen Boldness, Attack Helicopter)."""

    side: str
    event: str
    count: int = 0


@attrs.frozen
class FireChoice(Frame):
    """Move & Fire (18i): after moving, the unit must fire if it can; the player picks the target."""

    player: str
    unit: str
    card: str


@attrs.frozen
class BonusPick(Frame):
    """24b: each player keeps one of the two Bonus Victory Point cards dealt, in secret."""

    picked: tuple[str, ...] = ()


FRAMES = (BonusPick, Impulse, DrawUp, InitiativePick, MoveFrame, OppFireWindow, FireFrame, AssaultFrame, ArtilleryFrame,
          ReserveFrame, EventChoice, FireChoice)
