"""The game state: one mutable attrs object per game, changed only by event appliers.

A ruleset subclasses :class:`BaseState` with ``@attrs.define(kw_only=True)`` and adds its own
fields.  Convention (what makes cloning cheap and safe): every field holds either an immutable
value (int, str, tuple, frozen attrs instance) or a *flat* container — dict, list or set — of
immutable values, or an object with a ``clone()`` method (a :class:`~tabletop_core.decks.Deck`).
Cloning then copies each container once; nothing is deep-copied.  The conformance kit checks the
convention by playing on a clone and proving the original did not move.
"""
from __future__ import annotations

from typing import Any, Callable

import attrs

from .decks import Deck
from .values import Frame, Result


@attrs.define(kw_only=True)
class BaseState:
    """The core's part of every game state: the seed and generator position, the procedure stack,
    the decks, the result and the decision count.  A ruleset subclasses it (see the module)."""

    seed: int = 0
    rng_counter: int = 0
    stack: list[Frame] = attrs.Factory(list)
    decks: dict[str, Deck] = attrs.Factory(dict)
    result: Result | None = None
    decisions: int = 0

    @property
    def over(self) -> bool:
        return self.result is not None

    @property
    def top(self) -> Frame | None:
        """The procedure step waiting on top of the stack, if any."""
        return self.stack[-1] if self.stack else None

    def clone(self) -> "BaseState":
        cls = type(self)
        plan = _CLONE_PLANS.get(cls)
        if plan is None:
            plan = _CLONE_PLANS[cls] = _clone_plan(cls)
        new = object.__new__(cls)
        for name, copier in plan:
            value = getattr(self, name)
            setattr(new, name, value if copier is None else copier(value))
        return new


def _copy_container(value: Any) -> Any:
    kind = type(value)
    if kind is dict or kind is list or kind is set:
        return value.copy()
    if kind is Deck or hasattr(value, "clone"):
        return value.clone()
    return value


def _copy_deck_map(decks: dict[str, Deck]) -> dict[str, Deck]:
    return {name: deck.clone() for name, deck in decks.items()}


def _clone_plan(cls: type) -> list[tuple[str, Callable[[Any], Any] | None]]:
    """Per field: how to copy it.  Immutable scalars are shared; containers are copied once."""
    plan: list[tuple[str, Callable[[Any], Any] | None]] = []
    for field in attrs.fields(cls):
        if field.name == "decks":
            plan.append((field.name, _copy_deck_map))
        elif field.name in ("seed", "rng_counter", "result", "decisions"):
            plan.append((field.name, None))
        else:
            plan.append((field.name, _copy_container))
    return plan


# A cache of per-class copy plans; derived data, filled on first clone of each class.
_CLONE_PLANS: dict[type, list[tuple[str, Callable[[Any], Any] | None]]] = {}
