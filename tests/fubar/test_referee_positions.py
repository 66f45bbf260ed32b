"""The test harness's positions are the referee's, recorded like play: a position set up by
``place``/``emit`` and then played with forced dice saves and loads to the same state (the core's
own referee tests, tests/core/test_undo_and_plugins.py, show a failing script changes nothing)."""
from __future__ import annotations

import pytest

from rules_fubar.state import FireAt, OnGuardSet, UnitPlaced, Walk

from .helpers import REFEREE, activate, emit, events_of, lab, place, take


def test_a_referee_position_and_its_play_save_and_load_to_the_same_state(tmp_path):
    game = lab()
    place(game, "ft1", "a", "isaf", 42, 46)
    place(game, "taliban-green", "e", "insurgents", 42, 36)
    emit(game, OnGuardSet("e"))
    activate(game, "a")
    take(game, Walk())
    take(game, FireAt(("e",)), [6] * 9 + [1] * 9)  # 9 hits, no saves: e is wiped out
    assert not game.state.units["e"].alive
    assert [e.unit.id for e in events_of(game, UnitPlaced) if e.reason == REFEREE] == ["a", "e"]
    path = tmp_path / "position.jsonl"
    game.save(path)
    loaded = type(game).load(path, lambda header: game.rules)
    assert loaded.digest() == game.digest() and loaded.decision == game.decision

