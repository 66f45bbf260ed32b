"""Fuzz any ruleset through the command line's own code path: for each seed, ``tabletop play
RULESET SCENARIO --seed N --agents random,random --quiet --log LOG`` then ``tabletop replay LOG
--verify``; report every failure with the command that reproduces it.

    python scripts/fuzz_cli.py goe85 city-boys 200 [--start 0] [--jobs 2] [--variant V] [--logs DIR]
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

from tabletop_core import cli


def one(job: tuple[str, str, int, tuple[str, ...], str]) -> tuple[int, str | None, str]:
    ruleset, scenario, seed, variants, logs = job
    log = Path(logs) / f"{ruleset}-{scenario}-{'+'.join(variants) or 'base'}-{seed}.jsonl"
    play = ["play", ruleset, scenario, "--seed", str(seed), "--agents", "random,random", "--quiet", "--log", str(log)]
    for variant in variants:
        play += ["--variant", variant]
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = cli.main(play)
            if code == 0:
                code = cli.main(["replay", str(log), "--verify"])
        except Exception as exc:  # noqa: BLE001 - a crash is a failure to report, with its seed
            code, err = -1, io.StringIO(f"{type(exc).__name__}: {exc}")
    result = next((line[8:] for line in out.getvalue().splitlines() if line.startswith("result: ")), "")
    if code != 0:
        return seed, f"exit {code}: {err.getvalue().strip()[-500:]}  (tabletop {' '.join(play)})", result
    return seed, None, result


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("ruleset")
    parser.add_argument("scenario")
    parser.add_argument("seeds", type=int)
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--variant", action="append", default=[])
    parser.add_argument("--logs", help="keep the logs here (default: a temporary folder)")
    args = parser.parse_args(argv)
    with contextlib.ExitStack() as stack:
        logs = args.logs or stack.enter_context(tempfile.TemporaryDirectory())
        Path(logs).mkdir(parents=True, exist_ok=True)
        jobs = [(args.ruleset, args.scenario, s, tuple(args.variant), logs)
                for s in range(args.start, args.start + args.seeds)]
        start = time.perf_counter()
        with ProcessPoolExecutor(args.jobs) as pool:
            results = list(pool.map(one, jobs, chunksize=4))
        seconds = time.perf_counter() - start
    failures = [(s, f) for s, f, _ in results if f]
    tally: dict[str, int] = {}
    for _, f, r in results:
        if not f:
            key = r.split(":")[0] if r else "?"
            tally[key] = tally.get(key, 0) + 1
    label = f"{args.ruleset} {args.scenario}" + "".join(f" +{v}" for v in args.variant)
    print(f"{label}: {len(results)} seeds played and verified through the CLI in {seconds:.0f}s, "
          f"{len(failures)} failed; {', '.join(f'{k} {v}' for k, v in sorted(tally.items()))}")
    for seed, failure in failures:
        print(f"  seed {seed}: {failure}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
