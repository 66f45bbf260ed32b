"""Hypothesis drives the engine: any sequence of choices replays, saves and clones exactly."""
import sys
import tempfile
from pathlib import Path

from hypothesis import given, settings, strategies as st

import tabletop_core
from tabletop_core import Game, Host, make_plugin_manager
from tabletop_core.codec import Codec, canonical_json

from . import test_undo_and_plugins as race_module

HOST = Host(make_plugin_manager(entry_points=False, plugins=[race_module]))


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**40), choices=st.lists(st.integers(0, 2), max_size=30))
def test_any_play_replays_and_reloads_exactly(seed, choices):
    game = Game.start(HOST.rules("race"), "sprint", seed=seed)
    for choice in choices:
        if game.over:
            break
        game.apply(game.decision.actions[choice])
    replayed = Game.from_events(game.rules, game.header, game.events)
    assert replayed.digest() == game.digest()
    game.verify()
    with tempfile.TemporaryDirectory() as tmp:
        game.save(Path(tmp) / "g.jsonl")
        loaded = tabletop_core.load_game(Path(tmp) / "g.jsonl", host=HOST)
    assert loaded.digest() == game.digest() and loaded.decision == game.decision


@given(st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner, max_size=4),
    max_leaves=12,
))
def test_canonical_json_ignores_key_order(value):
    if isinstance(value, dict):
        reordered = dict(reversed(list(value.items())))
        assert canonical_json(reordered) == canonical_json(value)
    assert canonical_json(value) == canonical_json(value)


def test_codec_refuses_two_types_with_one_tag():
    import attrs
    import pytest
    from tabletop_core.errors import RulesetError
    from tabletop_core.values import Event

    @attrs.frozen
    class ActionTaken(Event):  # the same tag as a core event
        x: int

    with pytest.raises(RulesetError, match="share the tag 'ActionTaken'"):
        Codec(events=[ActionTaken])
