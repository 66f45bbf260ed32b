"""What a rules plug-in implements: a :class:`Rules` subclass.

Like an OpenSpiel game, a ruleset declares its metadata as class constants and implements a small
closed surface; the core owns history, randomness, cloning, saving and replay.

Metadata (class constants): ``name``, ``version``, ``title``, ``players`` (side names in seat
order), ``max_decisions`` (a declared bound on a game's length, checked by the conformance kit),
``events`` / ``actions`` / ``frames`` (the ruleset's own frozen types), ``appliers`` (one apply
function per event type) and ``state_class`` (a :class:`~tabletop_core.state.BaseState` subclass).

The surface (all called by the core, never by players):

* ``scenarios()`` — the scenarios it offers.
* ``setup(ctx, scenario, options)`` — emit the events that lay out the scenario.
* ``decision(state)`` — who must decide now and the legal actions, or None when the game must
  advance by itself (a chance step, bookkeeping, the next phase).  A decision lists suggestions
  and may name parametric kinds it also accepts (``Decision.accepts``).
* ``check(state, action)`` — for a proposed action of an accepted parametric kind: the reason it
  is refused now, or None when it is legal.  ``propose(state, decision, rng)`` samples a candidate
  of such a kind (legal or not) for the conformance kit and fuzzers; ``parse_action`` reads one
  typed at the terminal.
* ``act(ctx, action)`` — emit the consequences of a legal action.
* ``advance(ctx)`` — emit the next automatic step; must emit at least one event.
* ``observe(state, player)`` — what ``player`` may see (JSON-able); the one per-player filter,
  together with each event's ``redact``.
* ``narrate(event, state)`` — one human line per event, or None to stay silent.
* ``picture(view, player)`` — a drawing of a view (optional; see :mod:`tabletop_core.drawing`).

A ruleset whose procedures pause for reactions keeps them as frames on ``state.stack`` and may
use :class:`FrameDispatch` to route ``decision``/``act``/``advance`` by the type of the top frame.
"""
from __future__ import annotations

from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Callable, ClassVar, Mapping

import attrs

from .events import Appliers
from .state import BaseState
from .values import Action, Decision, Event, Frame

if TYPE_CHECKING:  # names for annotations only (context and rng do not import rules)
    from .context import Context
    from .drawing import Scene
    from .rng import CounterRNG

# The rules surface passes the ruleset's own state (an instance of its ``state_class``): a subclass
# annotates it with that class, so the base says Any rather than BaseState (a narrower parameter in
# an override would break substitutability for mypy).
State = Any


@attrs.frozen
class Scenario:
    """One scenario a ruleset offers: its id (used in commands and logs), title and description."""

    id: str
    title: str
    description: str = ""


class Rules:
    """The base of every ruleset: metadata as class constants, and the surface the core calls
    (``scenarios``, ``setup``, ``decision``, ``act``, ``advance``, ``observe``, ``narrate``; see
    this module's documentation).  An instance holds no per-game state: everything that changes
    lives in the event-sourced state, so one rules object may serve many games."""

    name: ClassVar[str] = ""
    version: ClassVar[str] = "0"
    replays_versions: ClassVar[tuple[str, ...]] = ()  # older versions whose logs this one replays
    title: ClassVar[str] = ""
    players: ClassVar[tuple[str, ...]] = ()
    max_decisions: ClassVar[int] = 10_000
    events: ClassVar[tuple[type[Event], ...]] = ()
    actions: ClassVar[tuple[type[Action], ...]] = ()
    frames: ClassVar[tuple[type[Frame], ...]] = ()
    appliers: ClassVar[Appliers] = Appliers()
    state_class: ClassVar[type[BaseState]] = BaseState
    variants: tuple[str, ...] = ()  # names of the variants layered on this instance

    # -- metadata -------------------------------------------------------------------------------
    def scenarios(self) -> Mapping[str, Scenario]:
        """The scenarios offered: id -> :class:`Scenario`."""
        raise NotImplementedError(f"{type(self).__name__} must list its scenarios")

    def new_state(self) -> BaseState:
        """An empty state of ``state_class`` (the events of ``setup`` fill it)."""
        return self.state_class()

    # -- the game -------------------------------------------------------------------------------
    def setup(self, ctx: Context, scenario: str, options: Mapping[str, Any]) -> None:
        """Emit, through ``ctx``, the events that lay ``scenario`` out."""
        raise NotImplementedError(f"{type(self).__name__} must set up its scenarios")

    def decision(self, state: State) -> Decision | None:
        """Who must decide now and the legal actions (never none), or None to ``advance``."""
        raise NotImplementedError(f"{type(self).__name__} must say who decides")

    def act(self, ctx: Context, action: Action) -> None:
        """Emit the consequences of ``action``, already checked legal by the core."""
        raise NotImplementedError(f"{type(self).__name__} must resolve actions")

    def advance(self, ctx: Context) -> None:
        """Emit the next automatic step (at least one event)."""
        raise NotImplementedError(f"{type(self).__name__} has automatic steps but no advance()")

    def explain_illegal(self, state: State, action: Action, decision: Decision) -> str | None:
        """Why ``action`` is not legal now, in the rules' words; None for the core's default."""
        return None

    # -- parametric actions (Decision.accepts) --------------------------------------------------
    def check(self, state: State, action: Action) -> str | None:
        """Why the proposed ``action`` — of a kind the current decision accepts — is refused, or
        None when it is legal.  Must not change the state.  A malformed action (a field of the
        wrong type) may raise TypeError or ValueError: the core refuses it with that message."""
        return f"{self.name} checks no {action.TAG} actions"

    def propose(self, state: State, decision: Decision, rng: CounterRNG) -> Action | None:
        """A random candidate of a kind ``decision`` accepts, drawn from ``rng`` (a
        :class:`~tabletop_core.rng.CounterRNG`, never the game's own): mostly near the legal
        limits, legal or not.  The conformance kit plays the legal ones and checks that the
        illegal ones are refused.  None: nothing to propose here."""
        return None

    def parse_action(self, text: str, state: State, decision: Decision) -> Action | None:
        """Read a parametric action typed by a person (e.g. coordinates), or None if ``text`` is
        not one.  Raise ValueError with a hint when it looks like one but is malformed."""
        return None

    def parametric_help(self, decision: Decision) -> str:
        """One line telling a person how to type a parametric action for ``decision``."""
        return ""

    # -- views and words ------------------------------------------------------------------------
    def observe(self, state: State, player: str | None) -> dict[str, Any]:
        """What ``player`` may see (JSON-able); None is the referee, who sees all."""
        raise NotImplementedError(f"{type(self).__name__} must say what a player sees")

    def narrate(self, event: Event, state: State) -> str | None:
        """One human line for ``event`` (None: the core's line, or silence)."""
        return None

    def describe_action(self, action: Action, state: State) -> str:
        """A human name for ``action`` (menus, narration); the default lists its fields."""
        fields = ", ".join(f"{k}={v}" for k, v in attrs.asdict(action, recurse=False).items())
        return f"{action.TAG}({fields})" if fields else action.TAG

    def picture(self, view: Mapping[str, Any], player: str | None) -> Scene:
        """A :class:`~tabletop_core.drawing.Scene` of ``view``, which ``observe(state, player)`` returned.

        Draw only from ``view`` and public static data (the scenario's printed map), never from
        the state: that is what keeps a picture from showing what the player may not see.  The
        default draws no board, only a panel with the turn, phase, initiative and VP the view
        has; a ruleset overrides it (the shipped ones keep theirs in their ``picture`` module).
        """
        from .drawing import Scene, general_panel

        return Scene(width=40, height=60, panel=[general_panel(view, player)], title=self.title)

    def perturb_hidden(self, state: State, player: str, rng: CounterRNG) -> None:
        """Shuffle, in place, what ``player`` cannot see (beyond decks), for the view checks."""

    # -- the referee's vocabulary (tabletop_core.referee) ----------------------------------------
    def referee_place_unit(self, ctx: Context, *, unit: str, where: Any) -> None:
        """Emit the events that put ``unit`` at ``where``; a ruleset that offers it overrides this."""
        from .referee import RefereeError

        raise RefereeError(f"{self.name} does not offer the referee word place_unit")

    def referee_set_phase(self, ctx: Context, *, phase: Any) -> None:
        """Emit the events that move the game to ``phase``; a ruleset that offers it overrides this."""
        from .referee import RefereeError

        raise RefereeError(f"{self.name} does not offer the referee word set_phase")


Handler = Callable[..., Any]


class FrameDispatch:
    """Routes decision/act/advance to a handler chosen by the type of the top frame.

    >>> dispatch = FrameDispatch()
    >>> @dispatch.decide(FireFrame)
    ... def fire_decision(rules, state, frame): ...
    """

    def __init__(self) -> None:
        self._decide: dict[type, Handler] = {}
        self._act: dict[type, Handler] = {}
        self._advance: dict[type, Handler] = {}
        # read-only live views of the tables, for a ruleset that routes its hot path itself
        self.deciders: Mapping[type, Handler] = MappingProxyType(self._decide)
        self.actors: Mapping[type, Handler] = MappingProxyType(self._act)
        self.advancers: Mapping[type, Handler] = MappingProxyType(self._advance)

    def _register(self, table: dict[type, Handler], frame_type: type) -> Callable[[Handler], Handler]:
        def register(function: Handler) -> Handler:
            table[frame_type] = function
            return function

        return register

    def decide(self, frame_type: type) -> Callable[[Handler], Handler]:
        return self._register(self._decide, frame_type)

    def act(self, frame_type: type) -> Callable[[Handler], Handler]:
        return self._register(self._act, frame_type)

    def advance(self, frame_type: type) -> Callable[[Handler], Handler]:
        return self._register(self._advance, frame_type)

    def decision(self, rules: Rules, state: State) -> Decision | None:
        frame = state.top
        handler = self._decide.get(type(frame))
        return handler(rules, state, frame) if handler else None

    def act_on(self, rules: Rules, ctx: Context, action: Action) -> None:
        frame = ctx.state.top
        self._act[type(frame)](rules, ctx, frame, action)

    def advance_on(self, rules: Rules, ctx: Context) -> None:
        frame = ctx.state.top
        handler = self._advance.get(type(frame))
        if handler is None:
            raise LookupError(f"no automatic step for frame {type(frame).__name__}")
        handler(rules, ctx, frame)
