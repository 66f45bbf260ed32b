"""Undo on deterministic steps, and a ruleset registered through an explicit plugin manager."""
import sys

import attrs
import pytest

from tabletop_core import Action, BaseState, Decision, Event, Game, Host, Rules, Scenario, hookimpl, make_plugin_manager
from tabletop_core.errors import RulesetError, UndoError
from tabletop_core.events import Appliers
from tabletop_core.testing import check_ruleset


@attrs.define(kw_only=True)
class RaceState(BaseState):
    position: dict[str, int] = attrs.Factory(lambda: {"a": 0, "b": 0})
    turn: str = "a"


@attrs.frozen
class Step(Action):
    size: int


@attrs.frozen
class Gamble(Action):
    pass


@attrs.frozen
class Moved(Event):
    side: str
    size: int


appliers = Appliers()


@appliers.on(Moved)
def _moved(state, event):
    state.position[event.side] += event.size
    state.turn = "b" if event.side == "a" else "a"


class Race(Rules):
    """Two runners to 10: step 1 or 2 (deterministic), or gamble on a d6 (random)."""

    name, version, title = "race", "1", "Race"
    players = ("a", "b")
    max_decisions = 100
    events, actions, appliers, state_class = (Moved,), (Step, Gamble), appliers, RaceState

    def scenarios(self):
        return {"sprint": Scenario("sprint", "Sprint")}

    def setup(self, ctx, scenario, options):
        pass

    def decision(self, state):
        return Decision(state.turn, (Step(1), Step(2), Gamble()))

    def act(self, ctx, action):
        size = action.size if isinstance(action, Step) else (ctx.roll("d6", player=ctx.state.turn).total + 1) // 2
        ctx.emit(Moved(ctx.state.turn, size))
        winner = next((s for s, p in ctx.state.position.items() if p >= 10), None)
        if winner:
            ctx.end(winner, "reached 10", dict(ctx.state.position))

    def observe(self, state, player):
        return {"position": dict(state.position), "turn": state.turn}


@hookimpl
def tabletop_register_rulesets(registry):
    registry.add(Race)


@pytest.fixture
def host():
    return Host(make_plugin_manager(entry_points=False, plugins=[sys.modules[__name__]]))


def test_explicit_plugin_manager_registers_a_ruleset(host):
    assert list(host.rulesets()) == ["race"]
    assert host.agent_names("race") == ["human", "random"]


def test_undo_restores_a_deterministic_step(host):
    game = Game.start(host.rules("race"), "sprint", seed=1)
    before = game.digest()
    game.apply(Step(2))
    game.apply(Step(1))
    game.undo()
    game.undo()
    assert game.digest() == before and game.state.position == {"a": 0, "b": 0}
    with pytest.raises(UndoError):
        game.undo()  # nothing earlier
    game.apply(Gamble())
    with pytest.raises(UndoError):
        game.undo()  # a die was rolled


def test_conformance_kit_on_a_plugin_manager_ruleset(host):
    check_ruleset("race", "sprint", seeds=range(4), host=host)


def test_a_rules_error_mid_action_leaves_the_state_as_it_was(host):
    class Broken(Race):
        def act(self, ctx, action):
            ctx.emit(Moved(ctx.state.turn, 5))
            raise RuntimeError("bug in the rules")

    game = Game.start(Broken(), "sprint", seed=1)
    before, count = game.digest(), len(game.events)
    with pytest.raises(RuntimeError):
        game.apply(Step(1))
    assert game.digest() == before and len(game.events) == count


def test_advance_without_progress_is_reported():
    class Stuck(Race):
        def decision(self, state):
            return None

        def advance(self, ctx):
            pass

    with pytest.raises(RulesetError, match="advance\\(\\) emitted no event"):
        Game.start(Stuck(), "sprint", seed=1)


def test_referee_sets_up_a_position_and_forced_faces_are_recorded(host):
    game = Game.start(host.rules("race"), "sprint", seed=1)
    game.referee(lambda ctx: ctx.emit(Moved("a", 8)))
    assert game.state.position["a"] == 8 and game.decision.player == "b"
    game.force_faces([6])
    game.apply(Gamble())
    roll = [e for e in game.events if type(e).__name__ == "DiceRolled"][-1]
    assert roll.faces == (6,) and game.state.position["b"] == 3


def test_a_failing_referee_script_changes_nothing(host):
    game = Game.start(host.rules("race"), "sprint", seed=1)
    before = game.digest()

    def script(ctx):
        ctx.emit(Moved("a", 3))
        raise ValueError("typo in the script")

    with pytest.raises(ValueError):
        game.referee(script)
    assert game.digest() == before
