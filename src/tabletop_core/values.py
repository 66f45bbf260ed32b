"""The frozen value types every ruleset shares: events, actions, procedure frames, decisions, results.

* An **event** is a fact that happened; applying it (and only it) changes the state.  Each event
  type has a ``TAG`` (its name in logs, unique within a ruleset), a ``VERSION`` and ``UPCASTERS``
  that lift an older logged dict one version up, so old logs still load.  ``RANDOM`` marks events
  that carry a random outcome and ``REVEALS`` those that show hidden information: undo never steps
  back over either.  ``redact`` returns what a given player may see of the event.
* An **action** is a choice a player makes; the game lists suggested legal ones in a
  :class:`Decision`, which may also accept *parametric* actions it cannot list (a measured move
  to any legal point), checked by the ruleset (``Rules.check``).
* A **frame** is one pending step of a procedure on the state's stack (a fire attack waiting for
  a reaction, a move waiting for opportunity fire): plain data, so the state copies and saves.
"""
from __future__ import annotations

from typing import Any, Callable, ClassVar

import attrs


@attrs.frozen
class Event:
    """A fact that happened; see the module's documentation."""

    TAG: ClassVar[str] = ""
    VERSION: ClassVar[int] = 1
    UPCASTERS: ClassVar[dict[int, Callable[[dict[str, Any]], dict[str, Any]]]] = {}
    RANDOM: ClassVar[bool] = False
    REVEALS: ClassVar[bool] = False

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "TAG" not in cls.__dict__:
            cls.TAG = cls.__name__

    def redact(self, player: str) -> "Event":
        """What ``player`` may see of this event.  Events that carry secrets override this."""
        return self

    def is_undo_barrier(self) -> bool:
        """Undo never steps back over an event that drew randomness or revealed a secret."""
        return self.RANDOM or self.REVEALS


@attrs.frozen
class Action:
    """A choice a player makes: a frozen attrs subclass per kind of choice, with typed fields.
    ``TAG`` names it in logs; ``SECRET`` hides its content from the other players (they see a
    :class:`ConcealedAction`); ``VERSION``/``UPCASTERS`` lift old logged dicts."""

    TAG: ClassVar[str] = ""
    VERSION: ClassVar[int] = 1
    UPCASTERS: ClassVar[dict[int, Callable[[dict[str, Any]], dict[str, Any]]]] = {}
    SECRET: ClassVar[bool] = False  # other players learn only that such a choice was made

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "TAG" not in cls.__dict__:
            cls.TAG = cls.__name__

    def redact(self, player: str) -> "Action":
        """What another player may see of this choice: all of it, unless the action is SECRET."""
        return ConcealedAction(self.TAG) if self.SECRET else self


@attrs.frozen
class ConcealedAction(Action):
    """Stands in, in another player's view, for a secret choice (a hidden deployment, a secret
    conversion of victory points): they see its kind, not its content."""

    kind: str


@attrs.frozen
class Frame:
    """One pending step of a procedure on ``state.stack``: plain frozen data."""

    TAG: ClassVar[str] = ""
    VERSION: ClassVar[int] = 1
    UPCASTERS: ClassVar[dict[int, Callable[[dict[str, Any]], dict[str, Any]]]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "TAG" not in cls.__dict__:
            cls.TAG = cls.__name__


@attrs.frozen
class Decision:
    """Who must decide now and what they may choose.

    ``actions`` are the suggestions (never empty): every one is legal, and random agents, bots and
    menus choose among them.  ``accepts`` names the parametric action kinds the decision also
    takes beyond that list (a FUBAR move to any point within reach); a proposed action of such a
    kind is legal when the ruleset's ``check(state, action)`` finds no reason to refuse it."""

    player: str
    actions: tuple[Action, ...]
    prompt: str = ""
    accepts: tuple[type[Action], ...] = ()

    def is_suggested(self, action: Action) -> bool:
        return action in self.actions

    def accepts_kind(self, action: Action) -> bool:
        return type(action) in self.accepts


def _float_scores(scores: dict[str, Any]) -> dict[str, float]:
    return {side: float(value) for side, value in scores.items()}


@attrs.frozen
class Result:
    """How a game ended.  ``winner`` is a side name, or None for a draw."""

    winner: str | None
    reason: str
    scores: dict[str, float] = attrs.field(factory=dict, hash=False, converter=_float_scores)

    def __str__(self) -> str:
        head = f"{self.winner} wins" if self.winner else "draw"
        tail = ""
        if self.scores:
            tail = " (" + ", ".join(f"{side} {value:g}" for side, value in sorted(self.scores.items())) + ")"
        return f"{head}: {self.reason}{tail}"
