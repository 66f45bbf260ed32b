"""The game state: the sides, the deck's pile names, :class:`Unit` and :class:`GoEState`.

Units are frozen :class:`Unit` values in a dict keyed by id; every change replaces the value through
an event (:mod:`.events`).  Hands, the draw pile, the discard and the set-aside piles live in the
core's deck ``action`` (hands hidden from the other player).
"""
from __future__ import annotations

import attrs

from tabletop_core import BaseState

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


UNIT_FIELDS = ("uid", "type", "side", "hex", "reduced", "shaken", "marker", "concealed", "entry", "facing", "mode",
               "carrier")  # Unit's fields in order (a test holds this to attrs.fields(Unit))


def unit_with(u: Unit, **changes) -> Unit:
    """``attrs.evolve(u, **changes)``, built by position: the appliers replace a unit at almost
    every event (a move, a marker, a facing), and evolve's look at the fields each time costs
    about three times the unit's own construction."""
    if not changes.keys() <= _FIELD_SET:
        raise TypeError(f"Unit has no field {', '.join(sorted(changes.keys() - _FIELD_SET))}")
    get = changes.get
    return Unit(get("uid", u.uid), get("type", u.type), get("side", u.side), get("hex", u.hex),
                get("reduced", u.reduced), get("shaken", u.shaken), get("marker", u.marker),
                get("concealed", u.concealed), get("entry", u.entry), get("facing", u.facing), get("mode", u.mode),
                get("carrier", u.carrier))


_FIELD_SET = frozenset(UNIT_FIELDS)


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
    tiles: dict[tuple[int, int], str] = attrs.Factory(dict)  # terrain tiles laid during play (Sherkhankhel; queries/board.py)
    bunkers: dict[tuple[int, int], int] = attrs.Factory(dict)  # 23b: hex -> the vertex it faces (fortifications.py)
    wire: set[tuple[int, int]] = attrs.Factory(set)  # 23c (fortifications.py)
    escaped: set[str] = attrs.Factory(set)
    last_target: dict[str, str] = attrs.Factory(dict)
    relocated: dict[str, int] = attrs.Factory(dict)
    losses: dict[str, int] = attrs.Factory(lambda: {SOVIET: 0, MUJ: 0})  # units eliminated, per owner
    heroes_lost: dict[str, int] = attrs.Factory(lambda: {SOVIET: 0, MUJ: 0})
    edge_reached: set[str] = attrs.Factory(set)  # sides that reached the enemy's friendly edge (24c)
    wrecks: set[tuple[int, int]] = attrs.Factory(set)  # wreck counters on the map (2b, 9); model/vehicles.py
    mech: dict[str, int] = attrs.Factory(dict)  # mechanised scenarios' counters and flags (scenarios/mechanised.py)
    # derived, not state: hex -> unit ids, rebuilt on demand after any event (model/occupancy.py)
    occupancy: dict | None = attrs.field(default=None, init=False, eq=False, repr=False)
    stacks: dict | None = attrs.field(default=None, init=False, eq=False, repr=False)  # hex -> stacking counts (queries/units.py)
    # derived: (index, stacks, units listed) of the last index before the events since (model/occupancy.py)
    superseded: tuple | None = attrs.field(default=None, init=False, eq=False, repr=False)


# -- events ---------------------------------------------------------------------------------------


# -- frames ---------------------------------------------------------------------------------------


