"""Fuzz Orgun 1983: play seeds random-vs-random through the CLI's own path, save each log, then
replay and verify it (``tabletop replay LOG --verify``); report every failure.

    python scripts/fuzz_orgun.py 500                 # seeds 0..499
    python scripts/fuzz_orgun.py 1000:1500 --jobs 2  # a range of seeds, two processes
    python scripts/fuzz_orgun.py 7 --logs /tmp/orgun # keep the logs there
"""
from __future__ import annotations

import argparse
import contextlib
import io
import json
import sys
import tempfile
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from tabletop_core.cli import main as tabletop


def parse_seeds(text: str) -> range:
    if ":" in text:
        first, last = text.split(":", 1)
        return range(int(first), int(last))
    return range(int(text))


def run_seed(seed: int, logs: str, agents: str) -> dict:
    path = Path(logs) / f"orgun-{seed}.jsonl"
    out, err = io.StringIO(), io.StringIO()
    started = time.perf_counter()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = tabletop(["play", "orgun1983", "orgun-1983", "--seed", str(seed), "--agents", agents,
                             "--log", str(path), "--quiet"])
        except Exception as exc:  # noqa: BLE001 - a crash is a finding
            return {"seed": seed, "ok": False, "stage": "play", "error": repr(exc)}
    if code != 0:
        return {"seed": seed, "ok": False, "stage": "play", "error": err.getvalue().strip()}
    result = out.getvalue().strip().splitlines()[-1]
    out2, err2 = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out2), contextlib.redirect_stderr(err2):
        try:
            code = tabletop(["replay", str(path), "--verify"])
        except Exception as exc:  # noqa: BLE001
            return {"seed": seed, "ok": False, "stage": "verify", "error": repr(exc)}
    if code != 0 or "verify: ok" not in out2.getvalue():
        return {"seed": seed, "ok": False, "stage": "verify", "error": err2.getvalue().strip()}
    decisions = json.loads(path.read_text().splitlines()[-1])["end"]["decisions"]
    return {"seed": seed, "ok": True, "result": result, "decisions": decisions, "seconds": time.perf_counter() - started}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("seeds", help="N (seeds 0..N-1) or A:B (seeds A..B-1)")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--agents", default="random,random")
    parser.add_argument("--logs", help="directory for the logs (default: a temporary one)")
    args = parser.parse_args(argv)
    seeds = parse_seeds(args.seeds)
    with contextlib.ExitStack() as stack:
        logs = args.logs or stack.enter_context(tempfile.TemporaryDirectory())
        Path(logs).mkdir(parents=True, exist_ok=True)
        started = time.perf_counter()
        if args.jobs > 1:
            with ProcessPoolExecutor(args.jobs) as pool:
                reports = list(pool.map(run_seed, seeds, [logs] * len(seeds), [args.agents] * len(seeds), chunksize=8))
        else:
            reports = [run_seed(s, logs, args.agents) for s in seeds]
        elapsed = time.perf_counter() - started
    failures = [r for r in reports if not r["ok"]]
    good = [r for r in reports if r["ok"]]
    outcomes = Counter(r["result"].split(":")[1].strip() if r["result"].count(":") >= 1 else r["result"] for r in good)
    print(f"seeds {seeds.start}..{seeds.stop - 1}: {len(good)} played and verified, {len(failures)} failed, {elapsed:.1f}s")
    if good:
        decisions = [r["decisions"] for r in good]
        print(f"decisions per game: min {min(decisions)}, mean {sum(decisions) / len(decisions):.0f}, max {max(decisions)}")
    for outcome, count in outcomes.most_common():
        print(f"  {count:5d}  {outcome}")
    for r in failures:
        print(f"FAIL seed {r['seed']} at {r['stage']}: {r['error']}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
