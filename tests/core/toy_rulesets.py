"""Small rulesets for the core's own tests: each shows one thing (a float field fed an int, an
integer choice, an authoring fault), registered through an explicit plugin manager."""
from __future__ import annotations

import random
import sys

import attrs

from tabletop_core import Action, BaseState, Decision, Event, Host, Rules, Scenario, hookimpl, make_plugin_manager
from tabletop_core.events import Appliers


@attrs.define(kw_only=True)
class TallyState(BaseState):
    points: dict[str, float] = attrs.Factory(lambda: {"a": 0.0, "b": 0.0})
    turn: str = "a"


@attrs.frozen
class Pick(Action):
    n: int


@attrs.frozen
class Scored(Event):
    side: str
    points: float


@attrs.frozen
class Undeclared(Event):
    side: str


tally_appliers = Appliers()


@tally_appliers.on(Scored)
def _scored(state, event):
    state.points[event.side] += event.points
    state.turn = "b" if event.side == "a" else "a"


@tally_appliers.on(Undeclared)
def _undeclared(state, event):
    state.turn = "b" if event.side == "a" else "a"


class Tally(Rules):
    """Two players pick 1, 2 or 3 points in turn (a float field fed an int); first to 10 wins."""

    name, version, title = "tally", "1.0", "Tally"
    players = ("a", "b")
    max_decisions = 40
    events, actions, appliers, state_class = (Scored,), (Pick,), tally_appliers, TallyState

    def scenarios(self):
        return {"race": Scenario("race", "Race to 10")}

    def setup(self, ctx, scenario, options):
        pass

    def decision(self, state):
        return Decision(state.turn, (Pick(1), Pick(2), Pick(3)))

    def act(self, ctx, action):
        ctx.emit(Scored(ctx.state.turn, action.n))  # an int in a float field, as rules code does
        winner = next((s for s, p in ctx.state.points.items() if p >= 10), None)
        if winner:
            ctx.end(winner, "reached 10")

    def observe(self, state, player):
        return {"points": dict(state.points), "turn": state.turn}


class TallyEmitsUndeclared(Tally):
    """Authoring fault: emits an event type missing from ``events``."""

    name = "tally-undeclared"

    def act(self, ctx, action):
        ctx.emit(Undeclared(ctx.state.turn))


class TallyMutatesOutsideApply(Tally):
    """Authoring fault: changes the state directly, not through an event."""

    name = "tally-mutates"

    def act(self, ctx, action):
        super().act(ctx, action)
        ctx.state.points["b"] += 0.5  # no event: a replay cannot know


class TallyUsesRandom(Tally):
    """Authoring fault: draws from Python's random module instead of the game's generator."""

    name = "tally-random"
    _source = random.Random()

    def decision(self, state):
        return Decision(state.turn, (Pick(1), Pick(2), Pick(3)))

    def act(self, ctx, action):
        side = ctx.state.turn if self._source.random() < 0.5 else ("b" if ctx.state.turn == "a" else "a")
        ctx.emit(Scored(side, action.n))
        winner = next((s for s, p in ctx.state.points.items() if p >= 10), None)
        if winner:
            ctx.end(winner, "reached 10")


TOYS = (Tally, TallyEmitsUndeclared, TallyMutatesOutsideApply, TallyUsesRandom)


@hookimpl
def tabletop_register_rulesets(registry):
    for toy in TOYS:
        registry.add(toy)


def toy_host(*extra) -> Host:
    return Host(make_plugin_manager(entry_points=False, plugins=[sys.modules[__name__], *extra]))
