"""The referee's vocabulary: setting up a position through the public API, for tests, tutorials
and position editors — never by writing into the state.

    >>> ref = Referee(game)
    >>> ref.stack_deck("cards", ["6a", "1b", "3c"])        # the draw pile, top card last
    >>> ref.set_hand("cards", "red", ["6a", "6b"])         # exactly these cards in red's hand
    >>> ref.set_phase("blue")        # a ruleset's word: its own phase names (the duel example's)
    >>> ref.place_unit("R1", 19)     # a ruleset's word: its own unit ids and places

None of the three shipped rulesets offers ``place_unit`` or ``set_phase`` yet (each refuses them
with :class:`RefereeError`); ``examples/tabletop-duel`` offers ``set_phase``.

Each word emits events (recorded like any other, so the position saves, loads and replays) and
then the game runs on to its next decision.  The deck words are the core's own and work for every
ruleset.  ``place_unit`` and ``set_phase`` are a ruleset's to offer: it implements
``Rules.referee_place_unit(ctx, unit=..., where=...)`` and ``Rules.referee_set_phase(ctx,
phase=...)`` with its own events; a ruleset that does not says so with :class:`RefereeError`.
A position set up so is a referee's, not a played game: ``verify`` (re-simulation from the seed)
does not reproduce it.
"""
from __future__ import annotations

from typing import Any, Iterable, Sequence

from .decks import Deck, hand
from .errors import TabletopError


class RefereeError(TabletopError):
    """A referee word the ruleset does not offer, or one that does not fit the position."""


class Referee:
    """The referee's words over one game: ``stack_deck``, ``set_hand`` (the core's, for every
    ruleset), ``place_unit`` and ``set_phase`` (the ruleset's).  Each word is recorded as events
    and leaves the game unchanged if it fails (see the module's documentation)."""

    def __init__(self, game: Any):
        self.game = game

    def stack_deck(self, deck: str, order: Sequence[str], *, pile: str | None = None) -> None:
        """Arrange ``pile`` (default: the draw pile) of ``deck`` in ``order``, top card LAST; the
        cards must be exactly those the pile holds."""

        def script(ctx: Any) -> None:
            d = _deck(ctx, deck)
            name = pile or d.draw_pile
            if sorted(order) != sorted(d.piles.get(name, ())):
                raise RefereeError(f"stack_deck: {deck}/{name} holds {len(d.piles.get(name, ()))} cards; "
                                   "the order must list exactly those")
            ctx.arrange(deck, name, tuple(order))

        self.game.referee(script)

    def set_hand(self, deck: str, player: str, cards: Iterable[str]) -> None:
        """Make ``player``'s hand hold exactly ``cards``: cards it holds beyond them go back to the
        draw pile, the others are taken from wherever they are."""
        wanted = list(cards)

        def script(ctx: Any) -> None:
            d = _deck(ctx, deck)
            target = hand(player)
            if target not in d.piles:
                raise RefereeError(f"set_hand: {deck} has no hand for {player!r}")
            for card in [c for c in d.piles[target] if c not in wanted]:
                ctx.move_card(deck, card, target, d.draw_pile)
            for card in wanted:
                if card in d.piles[target]:
                    continue
                source = next((name for name, pile in d.piles.items() if card in pile), None)
                if source is None:
                    raise RefereeError(f"set_hand: no card {card!r} in {deck}")
                ctx.move_card(deck, card, source, target)

        self.game.referee(script)

    def place_unit(self, unit: str, where: Any) -> None:
        """Put ``unit`` at ``where`` (a hex label, an area id, a table point: the ruleset's words)."""
        rules = self.game.rules
        self.game.referee(lambda ctx: rules.referee_place_unit(ctx, unit=unit, where=where))

    def set_phase(self, phase: Any) -> None:
        """Move the game to ``phase`` (the ruleset's phase names)."""
        rules = self.game.rules
        self.game.referee(lambda ctx: rules.referee_set_phase(ctx, phase=phase))


def _deck(ctx: Any, name: str) -> Deck:
    deck: Deck | None = ctx.state.decks.get(name)
    if deck is None:
        raise RefereeError(f"no deck {name!r} (decks: {', '.join(sorted(ctx.state.decks)) or 'none'})")
    return deck
