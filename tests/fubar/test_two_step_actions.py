"""An activated unit's action in two steps, what then where (ruleset 1.5, ``rules_fubar.action_menu``)."""
from __future__ import annotations

import pytest

from tabletop_core import IllegalActionError, new_game
from tabletop_core.agents import RandomAgent

from rules_fubar.state import (
    Assault, Choose, Choosing, Embark, EndAction, FireAt, GoOnGuard, Move, MoveFigures, SplitFire, UnitMoved, Walk,
)

from .helpers import activate, events_of, lab, offered, place


@pytest.mark.rule("fubar:actions")
def test_step_one_names_the_kind_and_step_two_its_targets_or_destinations():
    game = lab()
    place(game, "ft1", "a", "isaf", 42, 46)
    place(game, "taliban-green", "near", "insurgents", 42, 40)  # in Assault reach
    place(game, "taliban-green", "far", "insurgents", 40, 30)
    place(game, "mrap", "v", "isaf", 44, 46, heading=90.0)  # a friendly vehicle with room, within a Walk
    d = activate(game, "a")
    assert d.actions == (Walk(), Choose("run"), Choose("duck"), GoOnGuard(), Choose("fire"), Choose("assault"),
                         Choose("embark"))
    assert MoveFigures in d.accepts
    assert [game.rules.describe_action(a, game.state) for a in d.actions[1:3]] == [
        "run 12\" (then choose where)", "duck & weave 8\" (then choose where)"]
    assert set(offered(game, "fire")) == {FireAt(("near",), True), FireAt(("far",), True), SplitFire(True)}
    assert offered(game, "assault") == (Assault("near"),)  # far is beyond the 8" Assault move
    assert offered(game, "embark") == (Embark("v"),)
    runs = offered(game, "run")
    assert runs and {type(a) for a in runs} == {Move} and {a.mode for a in runs} == {"run"}
    game.apply(Choose("run"))
    assert game.state.top == Choosing("a", "run") and game.decision.accepts == (MoveFigures,)
    game.apply(runs[0])
    assert not game.state.stack and events_of(game, UnitMoved)[-1].unit == "a"  # the action is done


@pytest.mark.rule("fubar:actions")
def test_no_kind_is_offered_without_a_second_step():
    """Nothing in sight, no vehicle near: no fire, assault or boarding is offered at step one."""
    game = lab()
    place(game, "ft1", "a", "isaf", 42, 46)
    place(game, "taliban-green", "e", "insurgents", 4, 4)  # out of sight behind the compound
    d = activate(game, "a")
    assert d.actions == (Walk(), Choose("run"), Choose("duck"), GoOnGuard())
    # and in random play every kind chosen leads to a step two with something to pick
    for seed in range(3):
        game = new_game("fubar", "cordon-and-search", seed=seed)
        agent = RandomAgent(seed=seed)
        while not game.over:
            d = game.decision
            action = agent.choose(_view(game, d))
            game.apply(action)
            if type(action) is Choose and not game.over:
                assert type(game.state.top) is Choosing and game.decision.actions
                assert game.decision.player == d.player


def _view(game, d):
    from tabletop_core.agents import AgentView

    return AgentView(game, d.player, d)


@pytest.mark.rule("fubar:actions")
def test_step_two_takes_only_the_kind_chosen_and_a_refusal_changes_nothing():
    game = lab()
    place(game, "ft1", "a", "isaf", 42, 46)
    place(game, "taliban-green", "e", "insurgents", 42, 36)
    activate(game, "a")
    game.apply(Choose("duck"))
    here = [f.pos for f in game.state.units["a"].figures]
    before, length = game.digest(), len(game.events)
    with pytest.raises(IllegalActionError, match="may move now only as: duck"):
        game.apply(MoveFigures("run", tuple(((x, y - 10.0),) for x, y in here)))
    with pytest.raises(IllegalActionError):
        game.apply(FireAt(("e",), True))  # fire was not the kind chosen
    assert game.digest() == before and len(game.events) == length
    game.apply(MoveFigures("duck", tuple(((x, y - 4.0),) for x, y in here)))  # placed freely, in the mode named
    assert [f.pos for f in game.state.units["a"].figures] == [(x, y - 4.0) for x, y in here]
    assert game.state.units["a"].stance == "duck"


@pytest.mark.rule("fubar:actions")
def test_no_back_from_step_two_but_the_choice_can_be_undone():
    """Reading (action_menu.py): naming the kind declares the action; nothing random happens
    between the steps, so a player who changes their mind undoes it."""
    game = lab()
    place(game, "ft1", "a", "isaf", 42, 46)
    place(game, "taliban-green", "e", "insurgents", 42, 36)
    step_one = activate(game, "a")
    game.apply(Choose("fire"))
    assert not any(type(a) in (Choose, Walk, GoOnGuard, EndAction) for a in game.decision.actions)
    assert game.can_undo()
    game.undo()
    assert game.decision == step_one and game.state.top.unit == "a"


@pytest.mark.rule("fubar:actions")
def test_a_walk_moves_and_fires_in_two_steps_each():
    game = lab()
    place(game, "ft1", "a", "isaf", 42, 46)
    place(game, "taliban-green", "e", "insurgents", 42, 20)
    activate(game, "a")
    game.apply(Walk())
    assert game.decision.actions == (Choose("fire"), Choose("walk"), EndAction())
    game.apply(Choose("walk"))
    game.apply(Move("walk", "enemy", "e"))
    assert game.decision.actions == (Choose("fire"), EndAction())  # moved: the fire is still open
    game.apply(Choose("fire"))
    assert game.decision.actions == (FireAt(("e",)),)
