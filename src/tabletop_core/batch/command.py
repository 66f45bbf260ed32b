"""The ``tabletop batch`` subcommand (wired into ``tabletop_core.cli`` by two lines).

    tabletop batch RULESET SCENARIO --games N [--seed S] [--agents A,B] [--variant V]...
                   [--workers W] [--executor process|dask] [--address tcp://HOST:PORT]
                   [--out DIR] [--json PATH] [--resume] [--chunk-size C] [--plugin MODULE]...

Without ``--out`` the results go to ``batch-RULESET-SCENARIO-seedS`` in the current directory, so
that a batch is always resumable: run the same command again with ``--resume``.  Exit codes: 0,
1 if any game raised (each is listed with the ``tabletop play`` command that replays it), 2 for a
usage error, 130 when interrupted (the games finished so far are saved).
"""
from __future__ import annotations

import argparse
import contextlib
import json
import sys
import time
from pathlib import Path


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("ruleset")
    parser.add_argument("scenario")
    parser.add_argument("--games", type=int, required=True, help="how many games to play")
    parser.add_argument("--seed", type=int, default=0, help="the batch seed; game i's seed derives from it (default 0)")
    parser.add_argument("--agents", default="random", help="one agent per side in seat order, or one for all (default random)")
    parser.add_argument("--variant", action="append", default=[], help="a variant or house rule; repeatable")
    parser.add_argument("--workers", type=int, help="worker processes (default: every core)")
    parser.add_argument("--executor", choices=("process", "dask"), default="process",
                        help="a local process pool (default) or Dask's distributed scheduler")
    parser.add_argument("--address", help="with --executor dask: the scheduler, tcp://HOST:PORT (default: a local cluster on loopback)")
    parser.add_argument("--out", help="directory for batch.json and results.jsonl (default batch-RULESET-SCENARIO-seedS)")
    parser.add_argument("--json", dest="json_path", help="also write the summary as JSON to this path")
    parser.add_argument("--resume", action="store_true", help="continue the batch in --out, skipping the games it holds")
    parser.add_argument("--chunk-size", type=int, help="games per task (default: up to 32, fewer for small batches)")
    parser.add_argument("--plugin", action="append", default=[], metavar="MODULE",
                        help="an extra plug-in module to register, importable on every worker; repeatable")


def _check_writable(out: Path, json_path: str | None) -> None:
    """Refuse, before any game is played, a summary file that could not be written (``--out`` is
    checked when the store opens it, also before any game)."""
    from .errors import BatchError

    if json_path is not None:
        target = Path(json_path)
        if not json_path.strip() or target.is_dir():
            raise BatchError(f"--json {json_path!r}: give a file name, not a directory")
        if not target.parent.is_dir():
            raise BatchError(f"--json {json_path}: the folder {target.parent} does not exist")


def command(args: argparse.Namespace) -> int:
    from .errors import BatchError
    from .executors import dask_executor
    from .runner import run

    if args.address and args.executor != "dask":
        raise BatchError("--address is for --executor dask")
    out = Path(args.out) if args.out else Path(f"batch-{args.ruleset}-{args.scenario}-seed{args.seed}")
    _check_writable(out, args.json_path)
    started = time.monotonic()  # for the rate line only
    played = [0]

    def count(record: object) -> None:
        played[0] += 1
    with contextlib.ExitStack() as stack:
        executor = None
        if args.executor == "dask":
            executor = stack.enter_context(dask_executor(args.address, args.workers))
        try:
            summary = run(args.ruleset, args.scenario, games=args.games, seed=args.seed, agents=args.agents,
                          variants=args.variant, executor=executor, workers=args.workers,
                          chunk_size=args.chunk_size, out=out, resume=args.resume, plugins=args.plugin,
                          progress=None, on_record=count)
        except KeyboardInterrupt:
            print(f"tabletop: batch stopped; {played[0]} new games are saved in {out}: "
                  f"continue with the same command and --resume", file=sys.stderr)
            raise
    elapsed = time.monotonic() - started
    print(summary.table())
    print(f"\n{played[0]} games played now in {elapsed:.1f} s ({played[0] / max(elapsed, 1e-9):.1f} games/s); "
          f"records in {out / 'results.jsonl'}")
    if args.json_path:
        Path(args.json_path).write_text(json.dumps(summary.to_dict(), indent=1) + "\n", encoding="utf-8")
    return 1 if summary.errors else 0  # a game that raises is a ruleset bug: let scripts notice
