"""Observer plug-ins see every event of a game driven by the runner."""
import sys

import tabletop_core
from tabletop_core import Game, Host, hookimpl, make_plugin_manager

from . import test_undo_and_plugins as race_module


class Counter:
    def __init__(self):
        self.started = self.events = self.ended = 0

    @hookimpl
    def tabletop_game_started(self, game):
        self.started += 1

    @hookimpl
    def tabletop_game_event(self, event):
        self.events += 1

    @hookimpl
    def tabletop_game_ended(self, result):
        self.ended += 1


def test_observer_plugin_counts_events():
    counter = Counter()
    host = Host(make_plugin_manager(entry_points=False, plugins=[race_module, counter]))
    game = Game.start(host.rules("race"), "sprint", seed=3)
    host.attach_observers(game)
    before = len(game.events)
    tabletop_core.play(game, tabletop_core.agents_for(game, "random", host=host))
    host.game_ended(game)
    assert counter.started == 1 and counter.ended == 1
    assert counter.events == len(game.events) - before > 0
