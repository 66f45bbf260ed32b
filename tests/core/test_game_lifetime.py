"""A game its owner drops is freed at once by reference counting: nothing in it refers back to it
in a cycle (its context once held a bound method of the game), so a loop of games does not leave
whole histories for the garbage collector's full passes."""
from __future__ import annotations

import gc
import weakref

from tabletop_core import agents_for, new_game, play


def _freed_without_collector(make) -> bool:
    enabled = gc.isenabled()
    gc.disable()  # only reference counting may free it
    try:
        game = make()
        ref = weakref.ref(game)
        del game
        return ref() is None
    finally:
        if enabled:
            gc.enable()


def _played(listen: bool):
    game = new_game("duel", "skirmish", seed=3)
    if listen:
        seen = []
        game.subscribe(seen.append)
    play(game, agents_for(game, "random,random"))
    return game


def test_a_played_game_is_freed_when_dropped():
    assert _freed_without_collector(lambda: _played(listen=False))


def test_a_game_with_listeners_is_freed_when_dropped():
    assert _freed_without_collector(lambda: _played(listen=True))


def test_a_cloned_and_rewound_game_is_freed_when_dropped():
    def make():
        game = new_game("duel", "skirmish", seed=4)
        game.apply(game.decision.actions[0])
        if game.can_undo():
            game.undo()
        return game.clone()

    assert _freed_without_collector(make)
