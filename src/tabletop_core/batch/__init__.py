"""Batch play for balance studies: thousands of seeded games, locally or on a Dask cluster.

    >>> from tabletop_core import batch
    >>> summary = batch.run("duel", "skirmish", games=1000, seed=7, agents="random,random", out="runs/duel-7")
    >>> print(summary.table())
    >>> for record in batch.iter_games("duel", "skirmish", games=100, seed=7, executor=my_executor): ...

The parts (each testable alone):

* ``seeds``     — game i's seed from the batch seed (numpy SeedSequence spawn), never a clock;
* ``spec``      — the frozen, picklable description of a batch, checked once in the parent;
* ``worker``    — plays a chunk of games on a worker and turns each into a plain record;
* ``executors`` — a local process pool, or Dask (a loopback LocalCluster or the user's cluster);
* ``runner``    — ``iter_games`` (records as they finish) and ``run`` (files, progress, summary);
* ``store``     — the output directory: ``batch.json`` + ``results.jsonl``, resumable;
* ``summary``   — wins with 95 % Wilson intervals, lengths, scores, errors;
* ``progress``  — the terminal progress bar;
* ``command``   — the ``tabletop batch`` subcommand.

The same batch seed gives the same record for every game, whatever the executor and the number of
workers (records differ only in ``wall``, the measured seconds).
"""
from __future__ import annotations

from .errors import BatchError, DaskNotInstalledError, ResumeMismatchError, WorkerSetupError
from .executors import dask_executor, process_pool
from .runner import iter_games, run
from .seeds import game_seed, game_seeds
from .spec import BatchSpec
from .summary import Summary, summarize, wilson_interval
from .worker import play_chunk

__all__ = [
    "BatchError", "BatchSpec", "DaskNotInstalledError", "ResumeMismatchError", "Summary", "WorkerSetupError",
    "dask_executor", "game_seed", "game_seeds", "iter_games", "play_chunk", "process_pool", "run", "summarize",
    "wilson_interval",
]
