"""Parametric actions: a decision that accepts actions it cannot list, checked by the ruleset.

``Stones`` is a small ruleset made for this: each player in turn puts a stone at any point of a
10" line (``Place(x)``, a parametric kind), at least 1" from every other stone; a few points are
suggested.  A stone put within 2" of the middle rolls a d6 that may push it, so the game draws
randomness too.  Closest to 7.5 after six stones wins.
"""
import io
import math
import sys

import attrs
import pytest

from tabletop_core import Action, BaseState, Decision, Event, Game, Host, IllegalActionError, Rules, Scenario
from tabletop_core import hookimpl, make_plugin_manager
from tabletop_core.agents import AgentView, HumanAgent
from tabletop_core.events import Appliers
from tabletop_core.testing import Proposals, check_proposals_tried, check_ruleset

LINE = 10.0
GAP = 1.0


@attrs.define(kw_only=True)
class StonesState(BaseState):
    stones: list = attrs.Factory(list)  # (player, x) pairs
    turn: str = "a"


@attrs.frozen
class Place(Action):
    x: float


@attrs.frozen
class Pass(Action):
    pass


@attrs.frozen
class Placed(Event):
    player: str
    x: float


@attrs.frozen
class Passed(Event):
    player: str


appliers = Appliers()


@appliers.on(Placed)
def _placed(state, e):
    state.stones = state.stones + [(e.player, e.x)]
    state.turn = "b" if e.player == "a" else "a"


@appliers.on(Passed)
def _passed(state, e):
    state.turn = "b" if e.player == "a" else "a"


class Stones(Rules):
    name, version, title = "stones", "1", "Stones on a line"
    players = ("a", "b")
    max_decisions = 40
    events, actions, appliers, state_class = (Placed, Passed), (Place, Pass), appliers, StonesState

    def scenarios(self):
        return {"line": Scenario("line", "A 10-inch line")}

    def setup(self, ctx, scenario, options):
        pass

    def decision(self, state):
        suggested = tuple(Place(x) for x in (0.0, 2.5, 5.0, 7.5, 10.0) if self.check(state, Place(x)) is None)
        return Decision(state.turn, suggested + (Pass(),), "place a stone", accepts=(Place,))

    def check(self, state, action):
        x = action.x
        if not isinstance(x, (int, float)) or isinstance(x, bool):
            raise TypeError(f"x must be a number, got {x!r}")
        if not math.isfinite(x) or not 0.0 <= x <= LINE:
            return f"x={x} is off the line (0 to {LINE:g})"
        near = [s for _, s in state.stones if abs(s - x) < GAP]
        if near:
            return f"x={x} is within {GAP:g}\" of the stone at {near[0]}"
        return None

    def propose(self, state, decision, rng):
        return Place(rng.randint(-20, 120) / 10)

    def parse_action(self, text, state, decision):
        words = text.split()
        if len(words) != 2 or words[0] != "at":
            return None
        try:
            return Place(float(words[1]))
        except ValueError:
            raise ValueError(f"'{words[1]}' is not a number") from None

    def parametric_help(self, decision):
        return "'at X' to place a stone at any X from 0 to 10"

    def act(self, ctx, action):
        player = ctx.state.turn
        if isinstance(action, Pass):
            ctx.emit(Passed(player))
        else:
            x = action.x
            if abs(x - 5.0) < 2.0 and ctx.roll("d6", player=player).total == 6:
                x = min(x + 0.5, LINE)
            ctx.emit(Placed(player, x))
        if len(ctx.state.stones) >= 6 or ctx.state.decisions >= 30:
            best = min(ctx.state.stones, key=lambda s: (abs(s[1] - 7.5), s[0]), default=None)
            ctx.end(best[0] if best else None, "closest to 7.5")

    def observe(self, state, player):
        return {"stones": list(state.stones), "turn": state.turn}


@hookimpl
def tabletop_register_rulesets(registry):
    registry.add(Stones)


@pytest.fixture
def host():
    return Host(make_plugin_manager(entry_points=False, plugins=[sys.modules[__name__]]))


def start(host, seed=1):
    return Game.start(host.rules("stones"), "line", seed=seed)


def test_any_legal_point_is_taken_though_not_suggested(host):
    game = start(host)
    assert Place(3.3) not in game.decision.actions
    game.apply(Place(3.3))
    assert game.state.stones == [("a", 3.3)]
    taken = [e for e in game.events if type(e).__name__ == "ActionTaken"]
    assert taken[-1].action == Place(3.3)  # the log records the action as proposed


def test_an_illegal_point_is_refused_with_the_reason_and_nothing_changes(host):
    game = start(host)
    game.apply(Place(3.3))
    before, length = game.digest(), len(game.events)
    with pytest.raises(IllegalActionError, match=r"within 1\" of the stone at 3.3"):
        game.apply(Place(3.9))
    with pytest.raises(IllegalActionError, match="off the line"):
        game.apply(Place(-0.5))
    with pytest.raises(IllegalActionError, match="malformed Place: x must be a number"):
        game.apply(Place("left"))
    assert game.check(Place(3.9)) == "x=3.9 is within 1\" of the stone at 3.3"
    assert game.check(Place(8.0)) is None
    assert game.digest() == before and len(game.events) == length


def test_a_kind_not_accepted_is_refused_naming_the_kinds_accepted(host):
    @attrs.frozen
    class Elsewhere(Action):
        pass

    with pytest.raises(IllegalActionError, match=r"not of a kind it accepts \(Place\)"):
        start(host).apply(Elsewhere())


def test_parametric_actions_save_load_verify_undo_and_clone(host, tmp_path):
    from tabletop_core import load_game

    game = start(host, seed=3)
    game.apply(Place(8.25))  # no die: undoable
    game.undo()
    assert game.state.stones == []
    game.apply(Place(8.25))
    game.apply(Place(1.125))
    clone = game.clone()
    clone.apply(Place(9.5))
    assert len(game.state.stones) == 2
    path = tmp_path / "stones.jsonl"
    game.save(path)
    loaded = load_game(path, host=host)
    assert loaded.digest() == game.digest()
    loaded.verify()
    loaded.apply(Place(9.5))
    assert loaded.digest() == clone.digest()


def test_the_kit_plays_legal_and_refuses_illegal_proposals(host):
    check_ruleset("stones", "line", seeds=range(4), host=host)


def test_the_kit_fails_a_ruleset_whose_check_and_apply_disagree(host):
    class Lax(Stones):
        def check(self, state, action):
            return None  # says every point is legal, yet...

        def act(self, ctx, action):
            if isinstance(action, Place) and not 0 <= action.x <= LINE:
                raise IllegalActionError(action, "off the line after all")
            super().act(ctx, action)

    with pytest.raises(IllegalActionError):
        from tabletop_core.testing import random_playout

        random_playout("stones", "line", 0, host=_host_with(Lax))


def test_the_kit_requires_legal_and_illegal_proposals():
    proposals = Proposals(0)
    proposals.accepting, proposals.legal = 5, 3
    with pytest.raises(AssertionError, match="0 illegal"):
        check_proposals_tried(proposals, "stones/line")


def _host_with(rules_class):
    class Plugin:
        @staticmethod
        @hookimpl
        def tabletop_register_rulesets(registry):
            registry.add(rules_class)

    return Host(make_plugin_manager(entry_points=False, plugins=[Plugin]))


def test_a_person_types_a_point_at_the_terminal(host):
    game = start(host)
    game.apply(Place(4.0))
    typed = io.StringIO("at 4.5\nat x\nat 6.25\n")
    out = io.StringIO()
    agent = HumanAgent(player="b", stdin=typed, stdout=out)
    action = agent.choose(AgentView(game, "b", game.decision))
    assert action == Place(6.25)
    text = out.getvalue()
    assert "or type 'at X'" in text
    assert "not allowed: x=4.5 is within 1\" of the stone at 4.0" in text
    assert "cannot read that: 'x' is not a number" in text
