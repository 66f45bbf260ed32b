"""Batch play throughput: games/s on 1 and 2 local workers and on Dask, parallel efficiency, and
the per-task overhead that sets the chunk size.

    python benchmarks/bench_batch.py [--games N] [--rounds R] [--ruleset RULESET SCENARIO] [--no-dask] [--sweep]

Uses orgun1983 / orgun-1983 when it is installed and plays a game, duel / skirmish otherwise, and
says which.  Executors are started and warmed up before the clock runs (their start-up is printed
separately), so the figures are steady-state throughput.  Parallel efficiency = (games/s on W
workers ÷ games/s on 1 worker) ÷ W.  ``--sweep`` measures each executor's cost per task (a round
trip of empty chunks) and times chunk sizes 1..64; a task's overhead share is that cost over the
cost plus chunk × the in-process time of a game.  Figures are only meaningful on an idle machine:
the load average is printed with them.

The executors take turns for ``--rounds`` rounds (ABBA order: 1, 2, Dask, then Dask, 2, 1, ...),
each started afresh, and each figure is the median of its rounds.  Efficiency and Dask's share of
the pool are ratios of executors measured one after the other in the same round, their median
printed: this host's speed drifts by ±10% over a minute, so two executors measured once each, a
minute apart, differ by that much whatever they cost.

On a shared machine the wall-clock figures mostly measure the other work, so each executor also
reports CPU milliseconds per game over the timed games: the CPU time of this process and of every
process under it (workers, Dask's nannies; read with psutil, which Dask installs) before and after.
*CPU efficiency* = CPU per game on one worker ÷ CPU per game on W workers: the share of the
executor's work that is play, i.e. the efficiency W free cores would give.
"""
from __future__ import annotations

import argparse
import contextlib
import os
import sys
import time
from concurrent.futures import FIRST_COMPLETED, wait
from statistics import median

from tabletop_core import batch
from tabletop_core.batch.runner import MAX_CHUNK, stream


def pick_ruleset() -> tuple[str, str, str]:
    try:
        spec = batch.BatchSpec.resolve("orgun1983", "orgun-1983", games=1, seed=0)
        record = batch.play_chunk(spec, [0])[0]
        if record["result"] != "error":
            return "orgun1983", "orgun-1983", "orgun1983 is installed and plays"
        reason = f"orgun1983 raises ({record['error']})"
    except Exception as exc:  # noqa: BLE001 - the plug-in may still be a placeholder
        reason = f"orgun1983 unavailable ({exc})"
    return "duel", "skirmish", f"{reason}: using duel"


def rate(spec, executor, games: int, chunk: int | None = None) -> float:
    started = time.perf_counter()
    count = sum(1 for _ in stream(spec, executor, range(games), chunk_size=chunk))
    return count / (time.perf_counter() - started)


def task_overhead(spec, executor, tasks: int = 300) -> float:
    """Seconds per task for empty chunks (ship the task, build nothing new, ship an empty list
    back), with the same bounded window of tasks in flight as a batch uses."""
    window = 2 * batch.executors.executor_workers(executor)
    started = time.perf_counter()
    pending: set = set()
    for _ in range(tasks):
        if len(pending) >= window:
            finished, pending = wait(pending, return_when=FIRST_COMPLETED)
        pending.add(executor.submit(batch.play_chunk, spec, ()))
    wait(pending)
    return (time.perf_counter() - started) / tasks


@contextlib.contextmanager
def timed_start(label: str, factory):
    started = time.perf_counter()
    with factory() as executor:
        print(f"  {label:<22} start-up {time.perf_counter() - started:6.2f} s", file=sys.stderr)
        yield executor


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, help="games per measurement (default: ~10 s of play on one core)")
    parser.add_argument("--ruleset", nargs=2, metavar=("RULESET", "SCENARIO"), help="instead of orgun1983 / duel")
    parser.add_argument("--no-dask", action="store_true")
    parser.add_argument("--sweep", action="store_true", help="also time chunk sizes 1, 4, 16, 32, 64 (first round)")
    parser.add_argument("--rounds", type=int, default=3, help="rounds of every executor in turn (ABBA order)")
    args = parser.parse_args()

    if args.ruleset:
        (ruleset, scenario), why = args.ruleset, "chosen with --ruleset"
    else:
        ruleset, scenario, why = pick_ruleset()
    spec = batch.BatchSpec.resolve(ruleset, scenario, games=1, seed=1)
    batch.play_chunk(spec, range(3))  # imports, caches
    started, cpu_started = time.perf_counter(), time.process_time()
    sample = 0
    while time.perf_counter() - started < 2 and sample < 1000:
        batch.play_chunk(spec, [sample])
        sample += 1
    per_game = (time.perf_counter() - started) / sample
    cpu_per_game = (time.process_time() - cpu_started) / sample
    games = args.games or max(200, min(5000, int(10 / per_game)))
    print(f"ruleset: {ruleset} {scenario} ({why}); {games} games, random agents; "
          f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f} (other work skews the figures); "
          f"default chunk ≤ {MAX_CHUNK}")
    print(f"in-process, no executor: {1 / per_game:8.1f} games/s ({per_game * 1e3:.2f} ms a game, "
          f"{cpu_per_game * 1e3:.2f} ms CPU)")

    executors = [("process pool, 1 worker", 1, lambda: batch.process_pool(1)),
                 ("process pool, 2 workers", 2, lambda: batch.process_pool(2))]
    if not args.no_dask:
        try:
            import distributed  # noqa: F401
            executors.append(("Dask LocalCluster, 2", 2, lambda: batch.dask_executor(workers=2)))
        except ImportError:
            print("Dask not installed (pip install 'tabletop[dask]'): skipped")

    rounds: dict[str, list[tuple[float, float]]] = {label: [] for label, _w, _f in executors}
    for number in range(args.rounds):
        # ABBA: the executors take turns, so a drift of the host's speed falls on all of them
        order = executors if number % 2 == 0 else executors[::-1]
        print(f"round {number + 1} of {args.rounds}: {', '.join(label for label, _w, _f in order)}")
        for label, workers, factory in order:
            with timed_start(label, factory) as executor:
                rounds[label].append(measure_once(spec, executor, workers, games))
                if args.sweep and number == 0:
                    sweep(spec, executor, workers, games, per_game)
            games_per_s, cpu = rounds[label][-1]
            print(f"  {label:<24} {games_per_s:8.1f} games/s   CPU {cpu * 1e3:6.2f} ms a game (all processes)")
    report(executors, rounds)


def measure_once(spec, executor, workers: int, games: int) -> tuple[float, float]:
    """Games per second (wall clock) and CPU seconds per game (every process) over ``games``."""
    rate(spec, executor, 8 * workers, chunk=1)  # warm the workers (imports, host)
    cpu_before = _tree_cpu()
    games_per_s = rate(spec, executor, games)
    return games_per_s, (_tree_cpu() - cpu_before) / games


def sweep(spec, executor, workers: int, games: int, per_game: float) -> None:
    overhead = task_overhead(spec, executor)
    print(f"    empty tasks (round trip, window of {2 * workers}): {overhead * 1e3:.2f} ms a task")
    for chunk in (1, 4, 16, 32, 64):
        r = rate(spec, executor, min(games, max(chunk * workers * 8, games // 4)), chunk=chunk)
        share = overhead / (overhead + chunk * per_game)
        print(f"    chunk {chunk:3d}: {r:8.1f} games/s   task overhead ≈ {share:5.1%} of a task")


def report(executors, rounds: dict[str, list[tuple[float, float]]]) -> None:
    """Medians over the rounds; the ratios (efficiency, Dask against the pool) are taken within
    each round, between executors measured one after the other, and their median printed: a
    ratio of two medians would set a fast round's figure against a slow round's."""
    (base_label, _w, _f), *_rest = executors
    base_rates = [r for r, _cpu in rounds[base_label]]
    base_cpus = [c for _r, c in rounds[base_label]]
    print(f"medians of {len(base_rates)} rounds:")
    for label, workers, _factory in executors:
        rates = [r for r, _cpu in rounds[label]]
        cpus = [c for _r, c in rounds[label]]
        efficiency = median([r / b / workers for r, b in zip(rates, base_rates)])
        print(f"{label:<24} {median(rates):8.1f} games/s   speed-up {median(rates) / median(base_rates):4.2f}   "
              f"efficiency {efficiency:5.1%} (within rounds)")
        print(f"figure: {label} games/s = {median(rates):.1f}")
        print(f"figure: {label} efficiency = {efficiency * 100:.1f}")
        if all(c == c for c in cpus):  # not NaN: psutil is there
            cpu_efficiency = median([b / c for b, c in zip(base_cpus, cpus)])
            print(f"    CPU {median(cpus) * 1e3:.2f} ms a game (all processes)   CPU efficiency {cpu_efficiency:5.1%}")
            print(f"figure: {label} CPU ms a game = {median(cpus) * 1e3:.2f}")
            print(f"figure: {label} CPU efficiency = {cpu_efficiency * 100:.1f}")
    pool, dask = "process pool, 2 workers", "Dask LocalCluster, 2"
    if pool in rounds and dask in rounds:
        share = median([d / p for (d, _c), (p, _pc) in zip(rounds[dask], rounds[pool])])
        print(f"Dask at {share:.1%} of the 2-worker pool (median of the rounds' ratios)")
        print(f"figure: Dask share of the pool = {share * 100:.1f}")


def _tree_cpu() -> float:
    """CPU seconds of this process and every live process under it (NaN without psutil)."""
    try:
        import psutil
    except ImportError:
        return float("nan")
    me = psutil.Process()
    total = time.process_time()
    for child in me.children(recursive=True):
        try:
            times = child.cpu_times()
        except psutil.Error:  # it ended in between
            continue
        total += times.user + times.system
    return total


if __name__ == "__main__":
    main()
