"""The context's short paths (push, pop and replace apply their events through functions looked up
once; emit one dict lookup for the declared types) keep what emit promised: every event reaches the
history and each listener in order, whenever the listener subscribed, and a context made without
the game's dispatch still goes through the ``apply`` it was given."""
from __future__ import annotations

import attrs

from tabletop_core import agents_for, new_game, play
from tabletop_core.agents import AgentView
from tabletop_core.context import Context
from tabletop_core.events import FramePopped, FramePushed, FrameReplaced, core_appliers
from tabletop_core.state import BaseState
from tabletop_core.values import Frame


def test_a_listener_sees_every_recorded_event_stack_events_included():
    game = new_game("duel", "skirmish", seed=11)
    early = []
    start = len(game.events)  # what the set-up emitted, before anyone listened
    game.subscribe(early.append)
    agents = agents_for(game, "random,random")
    for _ in range(3):
        decision = game.decision
        game.apply(agents[decision.player].choose(_view(game)))
    late = []
    mark = len(game.events)
    game.subscribe(late.append)  # mid-game: the context's recorder is swapped, its short paths too
    play(game, agents)
    assert early == game.events[start:]
    assert late == game.events[mark:]
    kinds = {type(e) for e in game.events}
    assert {FramePushed, FrameReplaced} <= kinds or {FramePushed, FramePopped} <= kinds


@attrs.frozen
class _Step(Frame):
    n: int = 0


def test_a_context_without_dispatch_goes_through_its_apply():
    state = BaseState()
    applied, log = [], []

    def apply(event):
        applied.append(type(event))
        core_appliers.table[type(event)](state, event)

    ctx = Context(state, apply, log.append)
    ctx.push(_Step(0))
    ctx.replace(_Step(1))
    assert ctx.pop() == _Step(1)
    assert applied == [FramePushed, FrameReplaced, FramePopped] == [type(e) for e in log]
    assert state.stack == []


def _view(game):
    decision = game.decision
    return AgentView(game, decision.player, decision)
