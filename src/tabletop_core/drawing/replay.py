"""A game's positions one decision at a time, as pictures: the data of ``render`` and ``view``.

:func:`positions` folds a history event by event (appliers only: nothing is drawn again from the
seed) and stops at every decision — just before each recorded action — and at the end.  At each
stop the ruleset draws the viewer's ``observe`` view; the narration of the events since the
previous stop goes with it.  With a ``player`` every event is redacted for that player before it is
narrated, and the game's seed is left out (the seed is the host's secret), so a player's replay
file holds only what that player saw.
"""
from __future__ import annotations

from collections.abc import Hashable, Iterator, Sequence
from typing import Any

import attrs

from ..errors import TabletopError
from ..events import ActionTaken, GameStarted
from ..game import appliers_for
from ..narration import narrate
from ..rules import Rules
from ..values import Event
from .scene import Scene, changes


@attrs.frozen
class Position:
    """One stop: ``number`` decisions were made before it; ``lines`` narrate what led here."""

    number: int
    scene: Scene
    lines: tuple[str, ...]
    deciding: str  # who decides here ("" at the end)


def _line(rules: Rules, event: Event, state: Any, player: str | None) -> str | None:
    seen = event if player is None else event.redact(player)
    if player is not None and isinstance(event, GameStarted):
        return f"{rules.title or rules.name}: scenario {event.scenario}"  # no seed in a player's file
    return narrate(rules, seen, state)


def positions(rules: Rules, events: Sequence[Event], player: str | None = None, *, upto: int | None = None) -> Iterator[Position]:
    """Every decision's picture (``upto``: stop after that many decisions), then the last one."""
    state = rules.new_state()
    table = appliers_for(rules)
    lines: list[str] = []
    number = 0
    for event in events:
        if isinstance(event, ActionTaken):
            view = rules.observe(state, player)
            yield Position(number, rules.picture(view, player), tuple(lines), event.player)
            if upto is not None and number >= upto:
                return
            number += 1
            lines = []
        table[type(event)](state, event)
        line = _line(rules, event, state, player)
        if line:
            lines.append(line)
    yield Position(number, rules.picture(rules.observe(state, player), player), tuple(lines), "")


def position_at(rules: Rules, events: Sequence[Event], player: str | None, at: int | None) -> Position:
    """The position at decision ``at`` (0 = the first decision; None = the last position)."""
    last = None
    for last in positions(rules, events, player, upto=at):
        if at is not None and last.number == at:
            return last
    if at is not None and (last is None or last.number != at):
        count = 0 if last is None else last.number
        raise TabletopError(f"--at {at}: the log has positions 0 to {count}")
    assert last is not None  # positions() always yields the last position
    return last


def highlighted(frames: Iterator[Position]) -> Iterator[tuple[Position, list[str]]]:
    """Each position with the parts of its dynamic SVG, the pieces changed since the previous one haloed."""
    before: dict[str, tuple[Hashable, float, float]] = {}
    for position in frames:
        changed, gone = changes(before, position.scene)
        if not before:
            changed, gone = set(), []
        yield position, position.scene.dynamic_parts(changed=changed, gone=gone)
        before = position.scene.keys()
