"""What runs on a worker: play a chunk of games and return one plain record per game.

``play_chunk`` is a module-level function taking only plain data (a :class:`BatchSpec` and a tuple
of game indices), so any executor can ship it: a process pool pickles it by reference, Dask by
reference too (workers import ``tabletop_core``).  Games travel in chunks because a task costs
0.2 ms on a process pool and 2–4 ms on Dask, against ~1.4 ms for a whole game of ``duel``.

A game that raises is not a failed task: its record says ``"result": "error"`` with the exception
and traceback, and the chunk goes on, so one bad seed never costs the other games.  Only a worker
that cannot build the ruleset at all fails the task (WorkerSetupError), since then every game would.
"""
from __future__ import annotations

import gc
import multiprocessing
import time
import traceback
from typing import Any, Sequence

from .. import agents_for
from ..game import Game
from ..plugins import Host
from ..rules import Rules
from ..runner import play
from .errors import WorkerSetupError
from .seeds import game_seed
from .spec import BatchSpec

Record = dict[str, Any]


def play_chunk(spec: BatchSpec, indices: Sequence[int]) -> list[Record]:
    """Play games ``indices`` of ``spec``; one record per game, in the order of ``indices``."""
    try:
        host = spec.host()
        # One rules object serves the whole chunk: a Rules instance holds no per-game state (all of
        # it lives in the event-sourced state), and building it with its variants once saves hooks.
        rules = host.rules(spec.ruleset, spec.variants)
    except WorkerSetupError:
        raise
    except Exception as exc:  # noqa: BLE001 - every game of the chunk would fail the same way
        raise WorkerSetupError(f"a worker could not load {spec.ruleset} and its plug-ins "
                               f"({type(exc).__name__}: {exc})") from exc
    _out_of_the_collectors_way()
    return [play_one(spec, host, rules, index) for index in indices]


def _out_of_the_collectors_way() -> None:
    """Move what set-up made (plug-ins, maps, tables) out of the cyclic collector's sight: each
    full collection would otherwise walk it again while the games run.  Garbage cycles are
    collected first, so nothing unreachable is kept.  Frozen objects are still freed by reference
    counting; only a cycle among them outlives the worker process (issue 15).  Done once per
    worker process, and never in the host's own process (an in-process executor, a test run)."""
    if multiprocessing.parent_process() is None or gc.get_freeze_count() > 0:
        return
    gc.collect()
    gc.freeze()


def play_one(spec: BatchSpec, host: Host, rules: Rules, index: int) -> Record:
    """Play game ``index`` to the end; never raises for a fault of the game itself.

    Record fields, in order: index, seed, result (a side, ``draw`` or ``error``), reason, scores,
    decisions, events, turns (when the state has a ``turn``), wall (seconds; measured, never used
    to seed anything), and for an error: error, traceback, replay (the ``tabletop play`` command)."""
    seed = game_seed(spec.seed, index)
    game = None
    started = time.perf_counter()
    try:
        game = Game.start(rules, spec.scenario, seed=seed)
        seats = agents_for(game, spec.agents, host=host)
        result = play(game, seats, max_decisions=spec.max_decisions)
    except Exception as exc:  # noqa: BLE001 - any fault of one game is recorded, the batch goes on
        wall = time.perf_counter() - started
        record: Record = {"index": index, "seed": seed, "result": "error"}
        if game is not None:
            record.update(_length(game))
        record["wall"] = round(wall, 6)
        record["error"] = f"{type(exc).__name__}: {exc}"
        record["traceback"] = traceback.format_exc()
        record["replay"] = spec.replay_command(seed)
        return record
    wall = time.perf_counter() - started
    record = {"index": index, "seed": seed, "result": result.winner if result.winner is not None else "draw",
              "reason": result.reason, "scores": dict(result.scores)}
    record.update(_length(game))
    record["wall"] = round(wall, 6)
    return record


def _length(game: Game) -> Record:
    out: Record = {"decisions": game.state.decisions, "events": len(game.events)}
    turn = getattr(game.state, "turn", None)
    if isinstance(turn, int) and not isinstance(turn, bool):
        out["turns"] = turn
    return out
