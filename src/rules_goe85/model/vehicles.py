"""State pieces of vehicles, transport and helicopters (GoE 7b, 8, 15, 17): their events, frames
and appliers, registered on the ruleset's :data:`state.appliers` and listed in :data:`EVENTS` /
:data:`FRAMES` (added to the ruleset's tuples in ``rules.py``)."""
from __future__ import annotations

import attrs

from tabletop_core import Event, Frame

from .actions import Use
from .state import GoEState, unit_with
from .events import appliers


@attrs.frozen
class Faced(Event):
    """A vehicle or helicopter now faces ``facing`` (7b pivot, 17b turn, placement)."""

    uid: str
    facing: int


@attrs.frozen
class Destroyed(Event):
    """A vehicle, truck or helicopter is destroyed (15c, 17d); ``wreck``: its wreck stays in the hex."""

    uid: str
    wreck: bool = True


@attrs.frozen
class Loaded(Event):
    uid: str
    carrier: str


@attrs.frozen
class Unloaded(Event):
    uid: str


@attrs.frozen
class ModeSet(Event):
    """17b: a helicopter's movement mode."""

    uid: str
    mode: str


@attrs.frozen
class Withdrawn(Event):
    """A unit leaves the map without loss (Air Assault's Mi-8s, Sherkhankhel's exits)."""

    uid: str


@attrs.frozen
class WreckPlaced(Event):
    """17d: the wreck of a helicopter that crashed into a hex."""

    hex: tuple[int, int]


@attrs.frozen
class MechSet(Event):
    """A scenario counter or flag (``state.mech``)."""

    key: str
    value: int


@appliers.on(Faced)
def _faced(state: GoEState, e: Faced) -> None:
    state.units[e.uid] = unit_with(state.units[e.uid], facing=e.facing)


@appliers.on(Destroyed)
def _destroyed(state: GoEState, e: Destroyed) -> None:
    u = state.units.pop(e.uid)
    state.losses[u.side] = state.losses[u.side] + 1
    state.last_target.pop(e.uid, None)
    if e.wreck and u.hex is not None:
        state.wrecks.add(u.hex)
    for uid, x in list(state.units.items()):
        if x.carrier == e.uid:
            state.units[uid] = unit_with(x, carrier="")


@appliers.on(Loaded)
def _loaded(state: GoEState, e: Loaded) -> None:
    state.units[e.uid] = unit_with(state.units[e.uid], carrier=e.carrier, hex=state.units[e.carrier].hex)


@appliers.on(Unloaded)
def _unloaded(state: GoEState, e: Unloaded) -> None:
    state.units[e.uid] = unit_with(state.units[e.uid], carrier="")


@appliers.on(ModeSet)
def _mode(state: GoEState, e: ModeSet) -> None:
    state.units[e.uid] = unit_with(state.units[e.uid], mode=e.mode)


@appliers.on(Withdrawn)
def _withdrawn(state: GoEState, e: Withdrawn) -> None:
    u = state.units.pop(e.uid)
    state.last_target.pop(e.uid, None)
    for uid, x in list(state.units.items()):
        if x.carrier == e.uid:
            state.units[uid] = unit_with(x, carrier="")
    del u


@appliers.on(WreckPlaced)
def _wreck(state: GoEState, e: WreckPlaced) -> None:
    state.wrecks.add(e.hex)


@appliers.on(MechSet)
def _mech(state: GoEState, e: MechSet) -> None:
    state.mech[e.key] = e.value


EVENTS = (Faced, Destroyed, Loaded, Unloaded, ModeSet, Withdrawn, WreckPlaced, MechSet)


@attrs.frozen
class APFire(Frame):
    """GoE 15: one AP attack (and the sequential attacks queued behind it, 10d).

    step: support (Aimed Shot) -> react (Unexpected Cover) -> aim (the targeting draw) ->
    hit_support (Critical Hit) -> hit_react (Glancing Shot) -> damage (the APF draw) -> done.
    """

    side: str
    use: Use = attrs.field(converter=Use)
    lead: str
    target: str
    queue: tuple[str, ...] = ()  # further firers of the hex, each attacking in turn (10d, 18f)
    step: str = "support"
    used: tuple[str, ...] = ()
    turret: bool = False
    marker: str = "fired"
    opp_mover: str = ""
    moving: bool = False
    tm_bonus: int = 0  # Reload & Fire +1 (18n)
    apf: int = -99  # a fixed APF (Sagger 5, IED 3, SU-25 7); -99: the firer's own
    tm: int = -99  # a fixed Targeting Modifier (Sagger 5, SU-25 -3)
    auto_hit: bool = False  # a crashing helicopter's attack (17d)
    shake_only: bool = False  # artillery vs Hard Targets (12a)
    source_hex: tuple[int, int] | None = None  # where the shot comes from (event attacks)


@attrs.frozen
class ModeChoice(Frame):
    """17b: an activated helicopter declares its mode first."""

    player: str
    uid: str
    reserve: bool = False


@attrs.frozen
class HeliPlay(Frame):
    """17b: a card played in the impulse for helicopter ``uid`` (a designation,
    ``queries/heli_designation.py``): under the ModeChoice above it the mode is declared, then
    the rest of the play is asked as that mode allows (or played at once when only one is left).
    ``second``: a Rally 2 chosen with a second helicopter, which declares its mode before the
    rally resolves."""

    player: str
    uid: str
    card: str
    block: str
    use: Use = attrs.field(converter=Use)
    second: str = ""


@attrs.frozen
class HeliOppFire(Frame):
    """11a, 17b: an Opportunity Fire card played for helicopter ``uid`` on the stack moving into
    ``hex``: its mode declared (the ModeChoice above it), it picks the shot the mode leaves."""

    player: str
    uid: str
    card: str
    block: str
    use: Use = attrs.field(converter=Use)
    movers: tuple[str, ...]
    hex: tuple[int, int]


FRAMES = (APFire, ModeChoice, HeliPlay, HeliOppFire)
