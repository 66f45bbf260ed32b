"""``state.replace_unit`` builds a unit as a ``_UnitDraft`` that then becomes a UnitState: checked at
every unit replacement of real games (both editions, random and ``fubar`` agents) against
``attrs.evolve``, the plain computation: the same value, a real frozen UnitState that hashes,
copies and pickles as attrs' own (# FUBAR: every event's apply function replaces a unit)."""
from __future__ import annotations

import copy
import pickle

import attrs
import pytest

from tabletop_core import agents_for, new_game
from tabletop_core.agents import AgentView

from rules_fubar import fire, state
from rules_fubar.state import UnitState


def _checked(plain_count: list[int]):
    """``replace_unit`` that asserts each unit it builds is the one ``attrs.evolve`` builds."""
    fast = state.replace_unit

    def replace(u, **changes):
        got, want = fast(u, **changes), attrs.evolve(u, **changes)
        assert type(got) is UnitState and got == want and hash(got) == hash(want) and repr(got) == repr(want)
        assert pickle.loads(pickle.dumps(got)) == want and copy.copy(got) == want
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            got.hidden = not got.hidden
        plain_count[0] += 1
        return got

    return replace


@pytest.mark.rule("fubar:actions")
@pytest.mark.parametrize("variants", [(), ("lwtv",)])
@pytest.mark.parametrize("agents", ["random,random", "fubar,fubar"])
def test_every_replaced_unit_is_the_one_evolve_builds(monkeypatch, variants, agents):
    checked = [0]
    replace = _checked(checked)
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
    assert checked[0] > 100


def test_a_draft_has_the_unit_layout_and_no_frozen_guard():
    """The draft shares UnitState's slots (what lets it become one) and is not itself a value."""
    assert state._UnitDraft.__slots__ == UnitState.__slots__
    assert "__weakref__" not in UnitState.__slots__
    assert not issubclass(state._UnitDraft, UnitState) and state._UnitDraft.__setattr__ is object.__setattr__
