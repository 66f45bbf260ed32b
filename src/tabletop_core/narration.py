"""One human line per event: the ruleset's words first, the core's for its own events."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .events import (
    ActionTaken,
    CardMoved,
    CardsPeeked,
    DeckCreated,
    DeckShuffled,
    DiceRolled,
    GameEnded,
    GameStarted,
    NumberDrawn,
)
from .values import Event

if TYPE_CHECKING:
    from .rules import Rules


def narrate(rules: Rules, event: Event, state: Any) -> str | None:
    """The ruleset's line for ``event`` if it has one, else the core's (None: not worth a line)."""
    line: str | None = rules.narrate(event, state)
    if line is not None:
        return line
    return core_line(rules, event, state)


def core_line(rules: Rules, event: Event, state: Any) -> str | None:
    """The core's line for its own events (isinstance, so a type checker knows each one's fields)."""
    if isinstance(event, GameStarted):
        seed = "" if event.seed is None else f", seed {event.seed}"  # a player's view carries no seed
        return f"{rules.title or rules.name}: scenario {event.scenario}{seed}"
    if isinstance(event, ActionTaken):
        return f"{event.player}: {rules.describe_action(event.action, state)}"
    if isinstance(event, DiceRolled):
        who = f"{event.player} rolls" if event.player else "roll"
        why = f" for {event.reason}" if event.reason else ""
        faces = ", ".join(map(str, event.faces))
        return f"{who} {event.expression}{why}: [{faces}] = {event.total}"
    if isinstance(event, NumberDrawn):
        why = f" for {event.reason}" if event.reason else ""
        return f"random {event.low}..{event.high}{why}: {event.value}"
    if isinstance(event, DeckCreated):
        return f"deck {event.deck}: {len(event.cards)} cards"
    if isinstance(event, DeckShuffled):
        return f"{event.deck}: {event.pile} pile shuffled"
    if isinstance(event, CardMoved):
        card = event.card if event.card is not None else "a card"
        who = f"{event.player}: " if event.player else ""
        return f"{who}{event.deck} card {card} {event.source} -> {event.target}"
    if isinstance(event, CardsPeeked):
        return f"{event.player} looks at the top {len(event.cards) or 'few'} cards of {event.deck}"
    if isinstance(event, GameEnded):
        return f"game over: {event.result}"
    return None  # the procedure stack's own events (push, pop, replace) are not worth a line
