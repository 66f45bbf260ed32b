"""Fuzz the GoE plug-in: play N seeds per scenario random-vs-random, save each log, reload and
verify it (re-simulation from the seed and the recorded actions), and report every failure.

    python scripts/fuzz_goe85.py 50 [--scenario city-boys] [--out fuzz-logs] [--start 0]
"""
from __future__ import annotations

import argparse
import sys
import time
import traceback
from pathlib import Path

from tabletop_core import agents_for, load_game, new_game, play

SCENARIOS = ("9th-company", "hammer-and-anvil", "city-boys", "your-papers-please", "jalalabad", "kill-zone",
             "tanks-at-zhawar", "ambush-at-sherkhankhel", "air-assault")


def one(scenario: str, seed: int, out: Path) -> str | None:
    """None if the game played, saved, reloaded and verified; else the failure's text."""
    path = out / f"{scenario}-{seed}.jsonl"
    try:
        game = new_game("goe85", scenario, seed=seed)
        play(game, agents_for(game, "random,random"))
        game.save(path)
        loaded = load_game(path)
        if loaded.digest() != game.digest():
            return "reloaded state differs"
        loaded.verify()
        return None
    except Exception:  # noqa: BLE001 - every failure is reported with its seed
        return traceback.format_exc()


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("seeds", type=int, help="seeds per scenario")
    p.add_argument("--start", type=int, default=0)
    p.add_argument("--scenario", action="append", choices=SCENARIOS)
    p.add_argument("--out", default="fuzz-logs/goe85")
    args = p.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    failures = []
    for scenario in args.scenario or SCENARIOS:
        t0 = time.perf_counter()
        results = {}
        for seed in range(args.start, args.start + args.seeds):
            err = one(scenario, seed, out)
            if err:
                failures.append((scenario, seed, err))
            else:
                g = load_game(out / f"{scenario}-{seed}.jsonl")
                key = g.result.winner or "draw"
                results[key] = results.get(key, 0) + 1
        dt = time.perf_counter() - t0
        print(f"{scenario:20s} {args.seeds} games in {dt:.1f}s  results {results}")
    for scenario, seed, err in failures:
        print(f"FAIL {scenario} seed {seed}:\n{err}", file=sys.stderr)
    print(f"{len(failures)} failure(s); logs in {out}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
