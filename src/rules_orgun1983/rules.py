"""OrgunRules: Orgun 1983 (operational area movement, 12 turns) as a tabletop ruleset."""
from __future__ import annotations

from typing import Any

import attrs

from tabletop_core import Rules, Scenario

import rules_orgun1983.cards as _cards  # noqa: F401 - registers the reinforcement frame's handlers
import rules_orgun1983.combat as _combat  # noqa: F401 - registers attack and loss handlers
import rules_orgun1983.movement as _movement  # noqa: F401 - registers movement handlers
from .actions import ACTIONS, FRAMES
from .data import GameData, default_data
from .effects import dispatch
from .lookups import Lookups
from .kept_answers import KeptAnswers
from .narration import describe_action, narrate
from .readings import DEFAULT_READINGS, Readings
from .sequence import phase_act, phase_advance, phase_decision, setup
from .state import EVENTS, PLAYERS, OrgunState, appliers

SCENARIO = "orgun-1983"
DECIDERS, ACTORS, ADVANCERS = dispatch.deciders, dispatch.actors, dispatch.advancers


# each frame type's field names, read once (the observation lists the pending frames' facts)
FRAME_FIELDS = {kind: tuple(field.name for field in attrs.fields(kind)) for kind in FRAMES}


def frame_facts(frame) -> dict[str, Any]:
    """``attrs.asdict(frame)`` for Orgun's frames, whose fields are all scalars or tuples of scalars
    (asdict keeps the tuples), without asdict's generic recursion: an observing agent asks for the
    observation at every decision."""
    kind = type(frame)
    names = FRAME_FIELDS.get(kind)
    if names is None:
        names = tuple(field.name for field in attrs.fields(kind))
    return {name: getattr(frame, name) for name in names}


class OrgunRules(Rules):
    name = "orgun1983"
    version = "2.0.1"  # 2.0: move parties, ambush parties, raid retreats and entry areas are decisions;
    # 2.0.1: a unit an ambush stopped leaves its party (it no longer rejoins the move when the party steps back in)
    title = "Orgun 1983"
    players = PLAYERS
    # Random-vs-random games take 160-1,200 decisions (300 fuzzed seeds of 2.0: mean about 750); every
    # activation (and every party of a move) spends at least one unit and a phase ends after two
    # passes, so a turn is bounded.
    max_decisions = 10_000
    events = EVENTS
    actions = ACTIONS
    frames = FRAMES
    appliers = appliers
    state_class = OrgunState

    def __init__(self, data: GameData | None = None, readings: Readings = DEFAULT_READINGS):
        self.data = data if data is not None else default_data()
        self.readings = readings
        self.lookups = Lookups.build(self.data, readings)
        self.menus = KeptAnswers()  # the decisions met so far, by what they are made of
        self.supply_kept = KeptAnswers()  # side and enemy-held areas -> the areas in supply

    def with_readings(self, **changes: Any) -> "OrgunRules":
        """A rules object with some readings changed (what a variant returns)."""
        evolved = type(self)(self.data, attrs.evolve(self.readings, **changes))
        evolved.variants = self.variants
        return evolved

    def road(self, a: int, b: int) -> bool:
        return (a, b) in self.lookups.roads

    # -- the surface ----------------------------------------------------------------------------
    def scenarios(self):
        return {SCENARIO: Scenario(SCENARIO, self.data.scenario.title, "the whole game, 12 turns")}

    def setup(self, ctx, scenario, options):
        setup(self, ctx)

    # Every decision, act and automatic step comes through these three: they read the frame
    # handlers' tables themselves (one call level less than FrameDispatch's own routing, on the
    # hottest path of play); an empty stack is the turn sequence's.
    def decision(self, state):
        stack = state.stack
        if not stack:
            return phase_decision(self, state)
        frame = stack[-1]
        try:  # a subscript: the read-only view's get is a method call more
            handler = DECIDERS[type(frame)]
        except KeyError:
            return None  # a frame that never asks
        return handler(self, state, frame)

    def act(self, ctx, action):
        stack = ctx.state.stack
        if not stack:
            phase_act(self, ctx, action)
            return
        frame = stack[-1]
        ACTORS[type(frame)](self, ctx, frame, action)

    def advance(self, ctx):
        stack = ctx.state.stack
        if not stack:
            phase_advance(self, ctx)
            return
        frame = stack[-1]
        handler = ADVANCERS.get(type(frame))
        if handler is None:
            raise LookupError(f"no automatic step for frame {type(frame).__name__}")
        handler(self, ctx, frame)

    def observe(self, state, player):
        keys = self.lookups.area_key
        return {
            "turn": state.turn,
            "phase": state.phase,
            "initiative": state.initiative,
            "active": state.active,
            "units": {u.id: [u.area, u.steps, u.spent, u.low_supply, u.no_ammo] for u in state.units.values()},
            "eliminated": sorted(state.dead),
            "control": {keys[a]: s for a, s in sorted(state.control.items())},
            "minefields": sorted(state.minefields),
            "waiting_groups": sorted(state.pending_groups),
            "cards": {name: deck.view(player) for name, deck in sorted(state.decks.items())},
            "pending": [[f.TAG, frame_facts(f)] for f in state.stack],  # frames hold only public facts
            "mi24_destroyed": state.mi24_destroyed,
            "muj_captured": sorted(state.muj_captured),
        }

    def narrate(self, event, state):
        return narrate(self, event, state)

    def picture(self, view, player):
        from .picture import picture

        return picture(self, view, player)

    def describe_action(self, action, state):
        return describe_action(self, action, state)
