"""``state.replace_unit`` builds a unit as a ``_UnitDraft`` that then becomes a UnitState, and
``Fig.at``/``Fig.with_suppressed`` a figure as a ``_FigDraft``: checked at every unit and figure
they build in real games (both editions, random and ``fubar`` agents) against ``attrs.evolve``, the
plain computation: the same value, a real frozen UnitState or Fig that hashes, copies and pickles
as attrs' own (# FUBAR: every event's apply function replaces a unit).  A figure's ``pos``, a slot
set when it is made, is its (x, y) however it was made: in play, decoded from a log, copied."""
from __future__ import annotations

import copy
import pickle

import attrs
import pytest

from tabletop_core import agents_for, load_game, new_game
from tabletop_core.agents import AgentView

from rules_fubar import fire, state
from rules_fubar.state import Fig, UnitState


def _same_value(got, want) -> None:
    """``got`` is ``want``'s value, of its very class, frozen, hashing, copying and pickling alike."""
    assert type(got) is type(want) and got == want and hash(got) == hash(want) and repr(got) == repr(want)
    for again in (pickle.loads(pickle.dumps(got)), copy.copy(got)):
        assert again == want and _placed_where_they_stand(again)
    assert _placed_where_they_stand(got)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        got.id = got.id + "'"


def _placed_where_they_stand(value) -> bool:
    """Is each figure's ``pos`` (of a figure, or of a unit's figures) its (x, y)?"""
    figures = value.figures if isinstance(value, UnitState) else (value,)
    return all(type(f.pos) is tuple and f.pos == (f.x, f.y) for f in figures)


def _checked(count: list[int]):
    """``replace_unit`` that asserts each unit it builds is the one ``attrs.evolve`` builds."""
    fast = state.replace_unit

    def replace(u, **changes):
        got = fast(u, **changes)
        _same_value(got, attrs.evolve(u, **changes))
        count[0] += 1
        return got

    return replace


def _checked_figures(monkeypatch, count: list[int]) -> None:
    """``Fig.at`` and ``Fig.with_suppressed`` asserting each figure against ``attrs.evolve``."""
    at, with_suppressed = Fig.at, Fig.with_suppressed

    def checked_at(f, x, y):
        got = at(f, x, y)
        _same_value(got, attrs.evolve(f, x=x, y=y))
        count[1] += 1
        return got

    def checked_suppressed(f, suppressed):
        got = with_suppressed(f, suppressed)
        _same_value(got, attrs.evolve(f, suppressed=suppressed))
        count[1] += 1
        return got

    monkeypatch.setattr(Fig, "at", checked_at)
    monkeypatch.setattr(Fig, "with_suppressed", checked_suppressed)


@pytest.mark.rule("fubar:actions")
@pytest.mark.parametrize("variants", [(), ("lwtv",)])
@pytest.mark.parametrize("agents", ["random,random", "fubar,fubar"])
def test_every_replaced_unit_and_figure_is_the_one_evolve_builds(monkeypatch, variants, agents):
    checked = [0, 0]  # units, figures
    replace = _checked(checked)
    _checked_figures(monkeypatch, checked)
    monkeypatch.setattr(state, "replace_unit", replace)  # the appliers' own look-up
    monkeypatch.setattr(fire, "replace_unit", replace)
    for seed in (0, 1):
        game = new_game("fubar", "meeting-engagement", seed=seed, variants=variants)
        seats = agents_for(game, agents)
        for _ in range(150):
            if game.over:
                break
            d = game.decision
            game.apply(seats[d.player].choose(AgentView(game, d.player, d)))
            assert all(_placed_where_they_stand(u) for u in game.state.units.values())
    assert checked[0] > 100 and checked[1] > 20


@pytest.mark.parametrize("variants", [(), ("lwtv",)])
def test_figures_decoded_from_a_log_stand_where_their_fields_say(tmp_path, variants):
    """A saved game loaded again (each figure decoded from its text, then played on) and a clone:
    every figure's ``pos`` is its (x, y), in the state and in every event that carries units."""
    game = new_game("fubar", "meeting-engagement", seed=4, variants=variants)
    seats = agents_for(game, "random,random")
    for _ in range(120):
        if game.over:
            break
        d = game.decision
        game.apply(seats[d.player].choose(AgentView(game, d.player, d)))
    game.save(tmp_path / "game.jsonl")
    loaded = load_game(tmp_path / "game.jsonl")
    assert loaded.digest() == game.digest()
    for copy_of_game in (loaded, game.clone(), loaded.clone(keep_history=False)):
        assert all(_placed_where_they_stand(u) for u in copy_of_game.state.units.values())
    assert all(_placed_where_they_stand(e.unit) for e in loaded.events if isinstance(e, state.UnitPlaced))
    seats = agents_for(loaded, "random,random")
    for _ in range(40):  # play on from the decoded figures
        if loaded.over:
            break
        d = loaded.decision
        loaded.apply(seats[d.player].choose(AgentView(loaded, d.player, d)))
        assert all(_placed_where_they_stand(u) for u in loaded.state.units.values())


@pytest.mark.parametrize("draft,value", [(state._UnitDraft, UnitState), (state._FigDraft, Fig)])
def test_a_draft_has_its_value_class_layout_and_no_frozen_guard(draft, value):
    """A draft shares its value class's slots (what lets it become one) and is not itself a value."""
    assert draft.__slots__ == value.__slots__ and "__weakref__" not in value.__slots__
    assert not issubclass(draft, value) and draft.__setattr__ is object.__setattr__
