"""Decks of cards as game state: named piles of card ids, each with a visibility.

Piles are lists whose END is the top.  A deck has a draw pile and a discard pile (names per deck),
any number of set-aside piles, and hands (``hand:<player>``).  Visibility says who may see what
is in a pile: ``"all"``, ``"none"`` (draw piles: nobody knows the order) or a player name (that
player's hand).  Card identities are strings that a ruleset maps to its card data.

The deck never changes itself: the game's context emits ``DeckCreated``, ``CardMoved``,
``DeckShuffled`` and ``CardsPeeked`` events and their appliers (in ``events.py``) change the piles.
"""
from __future__ import annotations

import attrs

PUBLIC = "all"
SECRET = "none"


def hand(player: str) -> str:
    """The pile name of a player's hand."""
    return f"hand:{player}"


@attrs.define(slots=True)
class Deck:
    """One deck in the state: named piles of card ids (top last), each with a visibility."""

    name: str
    piles: dict[str, list[str]]
    visibility: dict[str, str]
    draw_pile: str = "draw"
    discard_pile: str = "discard"
    reshuffle_discard: bool = True  # policy: when the draw pile is empty, shuffle the discard in

    def clone(self) -> "Deck":
        return Deck(
            self.name,
            {name: pile.copy() for name, pile in self.piles.items()},
            self.visibility,  # never mutated after creation
            self.draw_pile,
            self.discard_pile,
            self.reshuffle_discard,
        )

    def pile(self, name: str) -> list[str]:
        return self.piles[name]

    def visible_to(self, pile: str, player: str | None) -> bool:
        """May ``player`` (None = the referee, who sees all) see the cards in ``pile``?"""
        if player is None:
            return True
        rule = self.visibility.get(pile, PUBLIC)
        return rule == PUBLIC or rule == player

    def seen_by(self, pile: str) -> tuple[str, ...] | None:
        """Who sees a card that lands in ``pile``: None for everyone, else the named players."""
        rule = self.visibility.get(pile, PUBLIC)
        if rule == PUBLIC:
            return None
        if rule == SECRET:
            return ()
        return (rule,)

    def view(self, player: str | None) -> dict[str, list[str] | int]:
        """Pile contents ``player`` may see; other piles show only their size."""
        return {
            name: (list(cards) if self.visible_to(name, player) else len(cards))
            for name, cards in sorted(self.piles.items())
        }
