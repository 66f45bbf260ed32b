"""The Action deck: card data, the Hit colours, hands, the initiative order.

One shared deck ``action`` (5a): the draw pile is secret, hands are seen by their owners only,
discard / aside / removed piles are public.
"""
from __future__ import annotations

from tabletop_core.decks import hand

from ..data.components import ACTIONS, Card
from ..data.loading import game_data
from ..model.state import DECK, GoEState

LEVEL = {"": 0, "green": 1, "gold": 2, "red": 3}


def card(card_id: str) -> Card:
    return game_data().cards[card_id]


def counts_as_hit(card_id: str, degrade: int) -> bool:
    """GoE 3e / 10c (reading in rules/README): nested Hit levels.  degrade 0 counts any Hit,
    1 only gold or red, 2 only red."""
    return LEVEL[card(card_id).he] >= degrade + 1


def hand_of(state: GoEState, side: str) -> list[str]:
    return state.decks[DECK].piles[hand(side)]


def initiative_key(card_id: str) -> tuple[int, int]:
    """GoE 5d: compare TN (a word such as Miss is below every number), then the APF bonus."""
    c = card(card_id)
    tn = -100 if c.tn is None else c.tn
    apf = -100 if c.apf_bonus is None else c.apf_bonus
    return tn, apf


def block_kind(use: str) -> str:
    return ACTIONS.get(use, "action")




def reaction_plays(state: GoEState, side: str, slots) -> list:
    """GoE hidden hands: a window is opened by its public *slots* -- ``(card name, use, unit)``, what
    could be played there and on which unit, a name of ``None`` meaning any Power card -- and the
    hand only fills the offer.  So whether a window opens (and who is asked) tells the other player
    nothing about the hand; a hand with nothing usable gets a window with Decline alone."""
    from ..model.actions import PlayReaction

    out = []
    for name, use, unit in slots:
        out += [PlayReaction(c, use, unit) for c in hand_of(state, side)
                if (card(c).power if name is None else name in card(c).blocks())]
    return out


def reaction_window(state: GoEState, side: str, slots, decline, prompt: str):
    """The window's decision: ``side``'s plays for the ``slots`` and a Decline of ``decline``; no
    window (None) when no slot is open."""
    from tabletop_core import Decision

    from ..model.actions import Decline

    if not slots:
        return None
    return Decision(side, (*reaction_plays(state, side, slots), Decline(decline)), prompt)


def reacts(side: str, attacker: str) -> bool:
    """Reading of 3a / 20 (the one place): a Reaction card answers an action the *other* player
    takes, so it is played by the player whose units that action strikes, in whichever impulse:
    the opponent's (against its Fire, Move & Fire, Powers, artillery) or its own (against the other
    player's Opportunity Fire, 11, or First Fire, 20a -- 20a itself is a Reaction played in one's
    own impulse against Opportunity Fire).  Never against one's own action: not in one's own
    assault (the defender's return fire is part of the attacker's action, 13a; assault_combat.py),
    nor against one's own artillery striking one's own units (12a)."""
    return side != attacker
