"""The core's own events and the registry of apply functions.

Each event type has exactly one apply function, registered with :class:`Appliers`; applying
events is the only way the state changes.  The core's events cover what every game shares:
the start, actions taken, random draws (dice, numbers, shuffles), card movements, the procedure
stack and the end.  Rulesets add their own events and appliers beside these.
"""
from __future__ import annotations

from typing import Any, Callable

import attrs

from .decks import Deck
from .values import Action, Event, Frame, Result

Applier = Callable[[Any, Any], None]


class Appliers:
    """Maps each event type to the one function that applies it to a state."""

    def __init__(self, *parents: "Appliers"):
        self.table: dict[type, Applier] = {}
        for parent in parents:
            self.table.update(parent.table)

    def on(self, event_type: type) -> Callable[[Applier], Applier]:
        def register(function: Applier) -> Applier:
            if event_type in self.table:
                raise ValueError(f"{event_type.__name__} already has an apply function")
            self.table[event_type] = function
            return function

        return register

    def merged(self, other: "Appliers") -> "Appliers":
        combined = Appliers(self)
        for event_type, function in other.table.items():
            if event_type in combined.table and combined.table[event_type] is not function:
                raise ValueError(f"{event_type.__name__} has two apply functions")
            combined.table[event_type] = function
        return combined


core_appliers = Appliers()


# --- the start and the end ---------------------------------------------------------------------
@attrs.frozen
class GameStarted(Event):
    """The first event.  ``seed`` is the host's secret: every player's view carries None."""

    ruleset: str
    scenario: str
    seed: int | None

    def redact(self, player: str) -> "GameStarted":
        return attrs.evolve(self, seed=None)


@core_appliers.on(GameStarted)
def _started(state: Any, event: GameStarted) -> None:
    state.seed = event.seed
    state.rng_counter = 0


@attrs.frozen
class GameEnded(Event):
    result: Result


@core_appliers.on(GameEnded)
def _ended(state: Any, event: GameEnded) -> None:
    state.result = event.result


# --- decisions ---------------------------------------------------------------------------------
@attrs.frozen
class ActionTaken(Event):
    """A player's choice, logged before its consequences so a log can be re-simulated."""

    player: str
    action: Action

    def redact(self, player: str) -> "ActionTaken":
        if player == self.player:
            return self
        hidden = self.action.redact(player)
        return self if hidden is self.action else attrs.evolve(self, action=hidden)


@core_appliers.on(ActionTaken)
def _action(state: Any, event: ActionTaken) -> None:
    state.decisions += 1


# --- randomness --------------------------------------------------------------------------------
@attrs.frozen
class DiceRolled(Event):
    RANDOM = True
    expression: str
    faces: tuple[int, ...]
    total: int
    rng: int  # the generator's position after the draw
    player: str | None = None
    reason: str = ""


@attrs.frozen
class NumberDrawn(Event):
    """A uniform random integer (a random hideout, a random hex ...), not a die roll."""

    RANDOM = True
    low: int
    high: int
    value: int
    rng: int
    reason: str = ""


@core_appliers.on(DiceRolled)
@core_appliers.on(NumberDrawn)
def _random(state: Any, event: Any) -> None:
    state.rng_counter = event.rng


# --- cards -------------------------------------------------------------------------------------
@attrs.frozen
class DeckCreated(Event):
    deck: str
    cards: tuple[str, ...]  # put into the draw pile in this order (unshuffled, public data)
    visibility: dict[str, str] = attrs.field(factory=dict, hash=False)
    draw_pile: str = "draw"
    discard_pile: str = "discard"
    reshuffle_discard: bool = True


@core_appliers.on(DeckCreated)
def _deck_created(state: Any, event: DeckCreated) -> None:
    piles = {event.draw_pile: list(event.cards), event.discard_pile: []}
    for pile in event.visibility:
        piles.setdefault(pile, [])
    state.decks[event.deck] = Deck(
        event.deck, piles, dict(event.visibility), event.draw_pile, event.discard_pile, event.reshuffle_discard
    )


@attrs.frozen
class DeckShuffled(Event):
    """A pile was shuffled; its new order is a secret from every player."""

    RANDOM = True
    deck: str
    pile: str
    order: tuple[str, ...]
    rng: int

    def redact(self, player: str) -> "DeckShuffled":
        return attrs.evolve(self, order=())


@core_appliers.on(DeckShuffled)
def _shuffled(state: Any, event: DeckShuffled) -> None:
    state.decks[event.deck].piles[event.pile] = list(event.order)
    state.rng_counter = event.rng


@attrs.frozen
class PileArranged(Event):
    """The referee put a pile in a chosen order (``tabletop_core.referee``).  ``seen_by`` as for
    CardMoved: who may see the order (None: everyone)."""

    deck: str
    pile: str
    order: tuple[str, ...]
    seen_by: tuple[str, ...] | None = None

    def redact(self, player: str) -> "PileArranged":
        if self.seen_by is None or player in self.seen_by:
            return self
        return attrs.evolve(self, order=())


@core_appliers.on(PileArranged)
def _arranged(state: Any, event: PileArranged) -> None:
    state.decks[event.deck].piles[event.pile] = list(event.order)


@attrs.frozen
class CardMoved(Event):
    """One card went from one pile to another (drawn, discarded, played, set aside, returned).

    ``seen_by`` is who learns the card's identity: None for everyone, else the named players.
    """

    deck: str
    card: str | None
    source: str
    target: str
    to_bottom: bool = False
    seen_by: tuple[str, ...] | None = None
    player: str | None = None
    reveals: bool = False  # someone who could not see the card before sees it now

    def is_undo_barrier(self) -> bool:
        return self.reveals

    def redact(self, player: str) -> "CardMoved":
        if self.seen_by is None or player in self.seen_by:
            return self
        return attrs.evolve(self, card=None)


@core_appliers.on(CardMoved)
def _card_moved(state: Any, event: CardMoved) -> None:
    deck = state.decks[event.deck]
    source = deck.piles[event.source]
    if source and source[-1] == event.card:
        source.pop()
    else:
        source.remove(event.card)
    target = deck.piles.setdefault(event.target, [])
    if event.to_bottom:
        target.insert(0, event.card)
    else:
        target.append(event.card)


@attrs.frozen
class CardsPeeked(Event):
    """A player looked at the top cards of a pile without moving them."""

    REVEALS = True
    deck: str
    pile: str
    player: str
    cards: tuple[str, ...]

    def redact(self, player: str) -> "CardsPeeked":
        return self if player == self.player else attrs.evolve(self, cards=())


@core_appliers.on(CardsPeeked)
def _peeked(state: Any, event: CardsPeeked) -> None:
    """Looking changes nothing on the table; the event exists so the log tells the truth."""


# --- the procedure stack -----------------------------------------------------------------------
@attrs.frozen
class FramePushed(Event):
    frame: Frame


@attrs.frozen
class FramePopped(Event):
    frame: Frame


@attrs.frozen
class FrameReplaced(Event):
    """The top frame moves on to its next step (or is swapped for another procedure)."""

    old: Frame
    new: Frame


@core_appliers.on(FramePushed)
def _pushed(state: Any, event: FramePushed) -> None:
    state.stack.append(event.frame)


@core_appliers.on(FramePopped)
def _popped(state: Any, event: FramePopped) -> None:
    state.stack.pop()


@core_appliers.on(FrameReplaced)
def _replaced(state: Any, event: FrameReplaced) -> None:
    state.stack[-1] = event.new


CORE_EVENTS: tuple[type[Event], ...] = (
    GameStarted,
    GameEnded,
    ActionTaken,
    DiceRolled,
    NumberDrawn,
    DeckCreated,
    DeckShuffled,
    PileArranged,
    CardMoved,
    CardsPeeked,
    FramePushed,
    FramePopped,
    FrameReplaced,
)
