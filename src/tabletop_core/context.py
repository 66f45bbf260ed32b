"""The context a ruleset acts through: emitting events, drawing randomness, moving cards.

Every change goes through :meth:`Context.emit`, which applies the event to the state at once (so
the rules' next line sees its effect) and appends it to the game's history.  Random draws come
from the game's counter-based generator and are emitted as events carrying the outcome and the
generator's new position, so replay applies outcomes and never draws.
"""
from __future__ import annotations

from typing import Any, Callable, Iterable, Mapping, Sequence

from .dice import parse_with_text, roll_spec, total_of
from .decks import Deck
from .errors import DeckError, RulesetError
from .events import (
    CardMoved,
    CardsPeeked,
    DeckCreated,
    DeckShuffled,
    DiceRolled,
    FramePopped,
    FramePushed,
    FrameReplaced,
    GameEnded,
    NumberDrawn,
    PileArranged,
)
from .rng import CounterRNG
from .values import Event, Frame, Result


class Context:
    """What rules code acts through: ``emit`` events, draw randomness (``roll``, ``randint``,
    ``choice``), move cards (``create_deck``, ``draw``, ``move_card``, ``shuffle``, ``peek``) and
    work the procedure stack (``push``, ``pop``, ``replace``); ``end`` the game.  ``state`` is the
    live state, to read."""

    __slots__ = ("state", "_apply", "_dispatch", "_record", "_rng", "_forced", "_known", "_ruleset")

    def __init__(self, state: Any, apply: Callable[[Event], None], record: Callable[[Event], None], *,
                 known: frozenset[type] | None = None, ruleset: str = "",
                 appliers: Mapping[type, Callable[[Any, Any], None]] | None = None,
                 dispatch: Mapping[type, Callable[[Any, Any], None]] | None = None):
        self.state = state
        self._known = known  # the event types a log of this ruleset can load (None: unchecked)
        self._ruleset = ruleset
        self._apply = apply  # event -> None: the appliers' dispatch
        # The apply function of each declared event type, called here without the `known` check
        # (one Python call and one set lookup less per event); any other type takes the checked
        # path.  A caller that makes many contexts passes it ready (``dispatch``, see
        # game.dispatch_for); ``appliers`` is filtered down to the declared types here.
        if dispatch is None:
            dispatch = {} if appliers is None else {
                kind: function for kind, function in appliers.items() if known is None or kind in known}
        self._dispatch = dispatch
        self._record = record  # event -> None: append to history
        self._rng: CounterRNG | None = None
        self._forced: list[int] = []  # faces a test has fixed for the next rolls (see force_faces)

    def force_faces(self, faces: Iterable[int]) -> None:
        """Tests only: the next dice faces rolled will be these, in order (still recorded as
        DiceRolled events; the generator does not move).  A game played so will not ``verify``."""
        self._forced.extend(int(f) for f in faces)

    # -- events ---------------------------------------------------------------------------------
    def emit(self, event: Event) -> Event:
        """Apply ``event`` to the state and record it.  An event type the ruleset did not declare
        in ``Rules.events`` is refused here: its log could be written but never loaded."""
        applier = self._dispatch.get(type(event))
        if applier is None:
            self._check_declared(event)
            self._apply(event)
        else:
            applier(self.state, event)
        self._record(event)
        return event

    def _check_declared(self, event: Event) -> None:
        known = self._known
        if known is not None and type(event) not in known:
            raise RulesetError(f"{self._ruleset}: event {type(event).__name__} is not declared in Rules.events "
                               "(a log holding it could not be loaded): add it there")

    def _generator(self) -> CounterRNG:
        rng = self._rng
        if rng is None or rng.counter != self.state.rng_counter:
            rng = self._rng = CounterRNG(self.state.seed, self.state.rng_counter)
        return rng

    # -- randomness -----------------------------------------------------------------------------
    def roll(self, expression: str, *, player: str | None = None, reason: str = "") -> DiceRolled:
        """Roll a dice expression (``2d6kh1``, ``D3+1``); returns the recorded event (``.total``, ``.faces``)."""
        spec, text = parse_with_text(expression)
        if self._forced:
            faces = tuple(self._forced.pop(0) for _ in range(spec.count))
            if any(not 1 <= f <= spec.sides for f in faces):
                raise ValueError(f"forced faces {faces} do not fit {spec}")
            counter = self.state.rng_counter
        else:
            rng = self._generator()
            faces = roll_spec(spec, rng)
            counter = rng.counter
        event = DiceRolled(text, faces, total_of(spec, faces), counter, player, reason)
        self.emit(event)
        return event

    def randint(self, low: int, high: int, *, reason: str = "") -> int:
        """A uniform integer in ``[low, high]``, recorded."""
        rng = self._generator()
        value = rng.randint(low, high)
        self.emit(NumberDrawn(low, high, value, rng.counter, reason))
        return value

    def choice(self, options: Sequence[Any], *, reason: str = "") -> Any:
        """A uniformly chosen element of ``options``, recorded as the index drawn."""
        if not options:
            raise ValueError(f"choice from nothing ({reason or 'no reason given'})")
        return options[self.randint(0, len(options) - 1, reason=reason)]

    # -- cards ----------------------------------------------------------------------------------
    def create_deck(
        self,
        name: str,
        cards: Sequence[str],
        *,
        visibility: dict[str, str] | None = None,
        draw_pile: str = "draw",
        discard_pile: str = "discard",
        reshuffle_discard: bool = True,
        shuffle: bool = True,
    ) -> Deck:
        vis = {draw_pile: "none", discard_pile: "all", **(visibility or {})}
        self.emit(DeckCreated(name, tuple(cards), vis, draw_pile, discard_pile, reshuffle_discard))
        if shuffle:
            self.shuffle(name)
        created: Deck = self.state.decks[name]
        return created

    def shuffle(self, deck: str, pile: str | None = None) -> None:
        d = self.state.decks[deck]
        pile = pile or d.draw_pile
        rng = self._generator()
        order = tuple(rng.permutation(d.piles[pile]))
        self.emit(DeckShuffled(deck, pile, order, rng.counter))

    def move_card(
        self, deck: str, card: str, source: str, target: str, *, to_bottom: bool = False, player: str | None = None
    ) -> CardMoved:
        d = self.state.decks[deck]
        if card not in d.piles.get(source, ()):
            raise DeckError(f"card {card!r} is not in {deck}/{source}")
        seen_by = d.seen_by(target)
        reveals = _reveals(d, source, seen_by)
        moved = CardMoved(deck, card, source, target, to_bottom, seen_by, player, reveals)
        self.emit(moved)
        return moved

    def draw(self, deck: str, target: str, *, player: str | None = None, source: str | None = None) -> str | None:
        """Move the top card of the draw pile (or ``source``) to ``target``; reshuffles the discard
        in when the draw pile is empty and the deck's policy says so.  None when nothing is left."""
        d = self.state.decks[deck]
        source = source or d.draw_pile
        if not d.piles[source]:
            if source != d.draw_pile or not d.reshuffle_discard or not d.piles[d.discard_pile]:
                return None
            self.return_to_draw(deck, d.discard_pile)
        card: str = d.piles[source][-1]
        self.move_card(deck, card, source, target, player=player)
        return card

    def return_to_draw(self, deck: str, *piles: str, shuffle: bool = True) -> None:
        """Put every card of ``piles`` back into the draw pile, then shuffle it."""
        d = self.state.decks[deck]
        for pile in piles:
            for card in list(reversed(d.piles[pile])):
                self.move_card(deck, card, pile, d.draw_pile)
        if shuffle:
            self.shuffle(deck)

    def arrange(self, deck: str, pile: str, order: Sequence[str]) -> None:
        """The referee's word: put ``pile`` in ``order`` (top card last).  Not for rules code,
        which shuffles and draws."""
        d = self.state.decks[deck]
        self.emit(PileArranged(deck, pile, tuple(order), d.seen_by(pile)))

    def peek(self, deck: str, player: str, count: int, pile: str | None = None) -> tuple[str, ...]:
        d = self.state.decks[deck]
        pile = pile or d.draw_pile
        cards = tuple(reversed(d.piles[pile][-count:]))
        self.emit(CardsPeeked(deck, pile, player, cards))
        return cards

    # -- procedure stack ------------------------------------------------------------------------
    # The stack's three events are most of what rules code emits (Orgun: two of three): push, pop
    # and replace apply them from the dispatch directly rather than through emit.
    def push(self, frame: Frame) -> None:
        event = FramePushed(frame)
        apply = self._dispatch.get(FramePushed)
        if apply is None:
            self.emit(event)
            return
        apply(self.state, event)
        self._record(event)

    def pop(self) -> Frame:
        state = self.state
        frame: Frame = state.stack[-1]
        event = FramePopped(frame)
        apply = self._dispatch.get(FramePopped)
        if apply is None:
            self.emit(event)
            return frame
        apply(state, event)
        self._record(event)
        return frame

    def replace(self, frame: Frame) -> None:
        state = self.state
        event = FrameReplaced(state.stack[-1], frame)
        apply = self._dispatch.get(FrameReplaced)
        if apply is None:
            self.emit(event)
            return
        apply(state, event)
        self._record(event)

    # -- the end --------------------------------------------------------------------------------
    def end(self, winner: str | None, reason: str, scores: dict[str, float] | None = None) -> None:
        self.emit(GameEnded(Result(winner, reason, dict(scores or {}))))


def _reveals(deck: Deck, source: str, seen_by: tuple[str, ...] | None) -> bool:
    """Does moving a card from ``source`` to a pile seen by ``seen_by`` show it to someone new?"""
    before = deck.seen_by(source)
    if seen_by is None:
        return before is not None
    if before is None:
        return False
    return bool(set(seen_by) - set(before))
