"""Fuzz FUBAR through the CLI path: play N seeds per scenario, with and without the LWTV edition,
save each log, verify it by re-simulation, and report failures.

    python scripts/fuzz_fubar.py 200                 # seeds 0..199
    python scripts/fuzz_fubar.py 50 --start 1000 --jobs 2 --logs /tmp/fubar-logs

Each game runs ``tabletop play fubar SCENARIO --seed N --agents random,random [--variant lwtv]
--log PATH --quiet`` and then ``tabletop replay PATH --verify`` through ``tabletop_core.cli.main``
(the console script's own function, in worker processes to save interpreter start-up).
"""
from __future__ import annotations

import argparse
import contextlib
import io
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

SCENARIOS = ("recovery-team", "meeting-engagement", "cordon-and-search")
VARIANTS = ((), ("lwtv",))


def run_one(job: tuple[str, tuple[str, ...], int, str]) -> tuple[str, tuple[str, ...], int, str | None, str]:
    from tabletop_core.cli import main

    scenario, variants, seed, logdir = job
    tag = "-".join((scenario, *variants, str(seed)))
    path = str(Path(logdir) / f"{tag}.jsonl")
    argv = ["play", "fubar", scenario, "--seed", str(seed), "--agents", "random,random", "--log", path, "--quiet"]
    for v in variants:
        argv += ["--variant", v]
    out, err = io.StringIO(), io.StringIO()
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(argv)
            if code == 0:
                code = main(["replay", path, "--verify"])
    except Exception as exc:  # noqa: BLE001 - a crash is a finding to report
        return scenario, variants, seed, f"crash: {exc!r}", ""
    if code != 0:
        return scenario, variants, seed, f"exit {code}: {err.getvalue().strip()[:300]}", ""
    text = out.getvalue()
    result = next((line for line in text.splitlines() if line.startswith("result:")), "")
    if "verify: ok" not in text:
        return scenario, variants, seed, "verify did not report ok", result
    return scenario, variants, seed, None, result


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("seeds", type=int, help="number of seeds per scenario and variant")
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--logs", help="directory for the logs (default: a temporary one)")
    args = parser.parse_args(argv)
    logdir = args.logs or tempfile.mkdtemp(prefix="fubar-fuzz-")
    Path(logdir).mkdir(parents=True, exist_ok=True)
    jobs = [(s, v, seed, logdir) for s in SCENARIOS for v in VARIANTS for seed in range(args.start, args.start + args.seeds)]
    started = time.perf_counter()
    failures = []
    wins: dict[tuple, dict[str, int]] = {}
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for scenario, variants, seed, problem, result in pool.map(run_one, jobs, chunksize=4):
            key = (scenario, "+".join(variants) or "base")
            if problem:
                failures.append((key, seed, problem))
                print(f"FAIL {key[0]} [{key[1]}] seed {seed}: {problem}", flush=True)
                continue
            word = result.split(":")[1].strip().split(" ")[0] if ":" in result else "?"
            wins.setdefault(key, {}).setdefault(word, 0)
            wins[key][word] += 1
    elapsed = time.perf_counter() - started
    print(f"{len(jobs)} games in {elapsed:.0f}s, logs in {logdir}")
    for key, counts in sorted(wins.items()):
        print(f"  {key[0]:20s} {key[1]:5s} " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))
    print(f"failures: {len(failures)}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
