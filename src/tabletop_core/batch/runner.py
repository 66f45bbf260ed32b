"""Running a batch: chunks out to an executor, records back as they finish, a summary at the end.

``iter_games`` is the streaming core: it sends chunks of game indices to any
``concurrent.futures.Executor`` and yields one record per game in completion order.  ``run`` adds
what a balance study needs around it: the output directory (written as games arrive, resumable),
the progress bar and the summary.

Only a bounded window of chunks is in flight (two per worker: one running, one queued), so a
million-game batch does not queue a million futures, Ctrl-C cancels little, and the first results
are written while the rest are still being handed out.
"""
from __future__ import annotations

import math
from concurrent.futures import FIRST_COMPLETED, CancelledError, Executor, Future, wait
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Any, Callable, Generator, Iterable, Iterator, Sequence

from .errors import BatchError, WorkerSetupError
from .executors import check_workers, executor_workers, process_pool
from .progress import ProgressBar
from .spec import BatchSpec
from .store import ResultStore
from .summary import Summary, summarize
from .worker import Record, play_chunk

# The largest chunk, in games.  Measured with benchmarks/bench_batch.py on duel (~1.4 ms a game):
# a task costs ~0.2 ms on a process pool and ~2-4 ms on Dask, so 32 games (~45 ms) keep the
# overhead at a few percent on Dask and under 1 % locally, while a chunk stays short enough that
# the progress bar moves and an interrupted batch loses little work in flight.
MAX_CHUNK = 32
TASKS_PER_WORKER = 4  # at least this many chunks per worker, so the last ones balance the load


def chunk_size_for(games: int, workers: int, chunk_size: int | None = None) -> int:
    """The chunk size: ``chunk_size`` if given, else as large as MAX_CHUNK allows while every
    worker still gets TASKS_PER_WORKER chunks (small batches use small chunks, so 12 games on 2
    workers still run in parallel)."""
    if chunk_size is not None:
        if not isinstance(chunk_size, int) or isinstance(chunk_size, bool) or chunk_size < 1:
            raise BatchError(f"the chunk size must be a positive integer, got {chunk_size!r}")
        return chunk_size
    return max(1, min(MAX_CHUNK, math.ceil(games / (TASKS_PER_WORKER * max(1, workers)))))


def chunks(indices: Sequence[int] | Todo, size: int, *, taper_for: int = 0) -> Iterator[tuple[int, ...]]:
    """``indices`` in chunks of ``size``.  With ``taper_for`` (the number of workers; ``indices``
    then has a length) the chunks shrink as the end nears: none holds more than a
    1/(TAIL_SHARE * workers) share of the games still to hand out (and none fewer than TAIL_CHUNK),
    so the last tasks are short and the workers finish together instead of one playing a whole last chunk alone (with
    fixed chunks of 32 Orgun games, ~0.35 s each, two workers reached 88-94% efficiency)."""
    left = len(indices) if taper_for else 0
    limit = _chunk_limit(size, left, taper_for)
    chunk: list[int] = []
    for index in indices:
        chunk.append(index)
        if len(chunk) >= limit:
            yield tuple(chunk)
            left -= len(chunk)
            chunk = []
            limit = _chunk_limit(size, left, taper_for)
    if chunk:
        yield tuple(chunk)


TAIL_SHARE = 2
TAIL_CHUNK = 4  # the smallest tapered chunk: a Dask task's few ms stay a small share of its games


def _chunk_limit(size: int, left: int, workers: int) -> int:
    if not workers:
        return size
    return min(size, max(TAIL_CHUNK, math.ceil(left / (TAIL_SHARE * workers))))


class Todo:
    """The game indices still to play: ``range(games)`` minus those done, never listed in full (a
    huge batch must not allocate one integer per game before it starts)."""

    def __init__(self, games: int, done: Iterable[int] = ()):
        self.games = games
        self.done = frozenset(i for i in done if 0 <= i < games)

    def __len__(self) -> int:
        return self.games - len(self.done)

    def __iter__(self) -> Iterator[int]:
        done = self.done
        return (i for i in range(self.games) if i not in done)


def stream(spec: BatchSpec, executor: Executor, indices: Sequence[int] | Todo, *,
           chunk_size: int | None = None) -> Generator[Record, None, None]:
    """Play games ``indices`` of ``spec`` on ``executor``; yield records as chunks finish.

    Closing the generator early cancels the chunks not yet started."""
    workers = executor_workers(executor)
    size = chunk_size_for(len(indices), workers, chunk_size)
    todo = chunks(indices, size, taper_for=workers if chunk_size is None else 0)  # a size asked for is kept
    window = 2 * workers
    pending: set[Future[list[Record]]] = set()

    def refill() -> None:
        while len(pending) < window:
            chunk = next(todo, None)
            if chunk is None:
                return
            pending.add(executor.submit(play_chunk, spec, chunk))

    try:
        refill()
        while pending:
            finished, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in finished:
                pending.discard(future)
                records = _result(future)
                refill()  # keep the workers busy while the caller handles these records
                yield from records
    finally:
        for future in pending:
            future.cancel()


def _result(future: Future[list[Record]]) -> list[Record]:
    try:
        return future.result()
    except (WorkerSetupError, KeyboardInterrupt):
        raise
    except BrokenProcessPool as exc:
        raise BatchError(f"a worker process died ({exc}); the games finished so far are saved, "
                         "continue with --resume") from exc
    except CancelledError as exc:
        raise BatchError("a chunk of games was cancelled by the executor; continue with --resume") from exc
    except Exception as exc:  # noqa: BLE001 - lost workers, pickling failures: the batch cannot go on
        raise BatchError(f"a chunk of games failed on its worker ({type(exc).__name__}: {exc}); "
                         "the games finished so far are saved, continue with --resume") from exc


def iter_games(ruleset: str, scenario: str, *, games: int, seed: int = 0, agents: str | Iterable[str] = "random",
               variants: Iterable[str] = (), executor: Executor | None = None, workers: int | None = None,
               chunk_size: int | None = None, skip: Iterable[int] = (), plugins: Sequence[str] = (),
               entry_points: bool = True, max_decisions: int | None = None) -> Iterator[Record]:
    """Yield one record per game (see :func:`~tabletop_core.batch.worker.play_one` for its fields)
    as games finish, in completion order — sort by ``"index"`` for a stable order.

    ``executor``: any ``concurrent.futures.Executor``; None starts a local process pool of
    ``workers`` processes for the duration.  ``skip``: indices already played.  ``plugins``:
    importable module paths of extra plug-ins (every worker imports them).

        >>> from concurrent.futures import ProcessPoolExecutor
        >>> with ProcessPoolExecutor(2) as pool:
        ...     for record in iter_games("duel", "skirmish", games=100, seed=1, executor=pool):
        ...         print(record["index"], record["result"])
    """
    spec = BatchSpec.resolve(ruleset, scenario, games=games, seed=seed, agents=agents, variants=variants,
                             plugins=plugins, entry_points=entry_points, max_decisions=max_decisions)
    indices = Todo(games, skip)
    if executor is not None:
        yield from stream(spec, executor, indices, chunk_size=chunk_size)
        return
    with process_pool(check_workers(workers)) as pool:
        yield from stream(spec, pool, indices, chunk_size=chunk_size)


def run(ruleset: str, scenario: str, *, games: int, seed: int = 0, agents: str | Iterable[str] = "random",
        variants: Iterable[str] = (), executor: Executor | None = None, workers: int | None = None,
        chunk_size: int | None = None, out: str | Path | None = None, resume: bool = False,
        plugins: Sequence[str] = (), entry_points: bool = True, max_decisions: int | None = None,
        progress: bool | None = None, on_record: Callable[[Record], Any] | None = None) -> Summary:
    """Play a batch and return its :class:`~tabletop_core.batch.summary.Summary`.

    ``out``: a directory for ``batch.json`` and ``results.jsonl`` (written as games finish);
    ``resume`` continues the batch it holds, skipping games already recorded.  ``progress``: draw
    the bar on stderr (None: only if stderr is a terminal).  ``on_record(record)`` is called for
    each new game, after it is saved.  Other arguments as for :func:`iter_games`.

        >>> summary = run("duel", "skirmish", games=1000, seed=7, out="runs/duel-7")
        >>> summary.results, summary.intervals["red"]
    """
    spec = BatchSpec.resolve(ruleset, scenario, games=games, seed=seed, agents=agents, variants=variants,
                             plugins=plugins, entry_points=entry_points, max_decisions=max_decisions)
    if resume and out is None:
        raise BatchError("resuming needs the batch's output directory (--out)")
    store = ResultStore.open(out, spec, resume=resume) if out is not None else None
    records: dict[int, Record] = dict(store.records) if store is not None else {}
    indices = Todo(games, records)
    bar = ProgressBar(games, done=games - len(indices), enabled=progress)
    try:
        if not indices:
            pass  # all done already (a resumed batch): no workers to start
        elif executor is None:
            with process_pool(check_workers(workers)) as pool:
                _collect(spec, pool, indices, chunk_size, store, records, bar, on_record)
        else:
            _collect(spec, executor, indices, chunk_size, store, records, bar, on_record)
    finally:
        bar.close()
        if store is not None:
            store.close()
    return summarize(spec, records.values())


def _collect(spec: BatchSpec, executor: Executor, indices: Todo, chunk_size: int | None, store: ResultStore | None,
             records: dict[int, Record], bar: ProgressBar, on_record: Callable[[Record], Any] | None) -> None:
    if not indices:
        return
    games = stream(spec, executor, indices, chunk_size=chunk_size)
    try:
        for record in games:
            if store is not None:
                store.add(record)
            records[record["index"]] = record
            bar.advance(1, errors=record["result"] == "error")
            if on_record is not None:
                on_record(record)
    finally:
        games.close()
