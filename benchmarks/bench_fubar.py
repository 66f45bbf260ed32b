"""FUBAR benchmark: decisions per second, games per second, and the share of time in geometry.

    python benchmarks/bench_fubar.py [GAMES]

Plays GAMES random-vs-random games per scenario (base and LWTV), then profiles one batch with
cProfile and reports how much of the time is spent in the measured-table geometry
(tabletop_core.boards and rules_fubar.measure).

Rates are per CPU second of this process (``time.process_time``), so other work on a shared
machine does not skew them; wall-clock rates are printed beside them.  The measuring caches
persist across games in one process (they are keyed on positions), as in a batch of games.
"""
from __future__ import annotations

import cProfile
import pstats
import sys
import time

from tabletop_core import agents_for, new_game, play

SCENARIOS = ("recovery-team", "meeting-engagement", "cordon-and-search")


def play_batch(scenario: str, variants: tuple[str, ...], games: int, start: int = 0) -> int:
    decisions = 0
    for seed in range(start, start + games):
        game = new_game("fubar", scenario, seed=seed, variants=variants)
        play(game, agents_for(game, "random,random"))
        decisions += game.state.decisions
    return decisions


def geometry_share(stats: pstats.Stats) -> float:
    """Cumulative time of the outermost geometry calls over the total (no double counting)."""
    total = stats.total_tt
    geo = 0.0
    for (filename, _line, _name), (_cc, _nc, _tt, ct, callers) in stats.stats.items():
        if not _is_geometry(filename):
            continue
        outside = sum(v[3] for caller, v in callers.items() if not _is_geometry(caller[0]))
        geo += outside if callers else ct
    return geo / total if total else 0.0


def _is_geometry(filename: str) -> bool:
    return "tabletop_core/boards" in filename or filename.endswith("rules_fubar/measure.py") or "numpy" in filename


def main(argv=None) -> int:
    games = int((argv or sys.argv[1:] or ["20"])[0])
    play_batch("meeting-engagement", (), 1, 10_000)  # warm caches of data and tables
    print(f"FUBAR benchmark: {games} random games per scenario and edition")
    for scenario in SCENARIOS:
        for variants in ((), ("lwtv",)):
            t0, c0 = time.perf_counter(), time.process_time()
            decisions = play_batch(scenario, variants, games)
            dt, cpu = time.perf_counter() - t0, time.process_time() - c0
            print(f"  {scenario:20s} {'+'.join(variants) or 'base':5s} {games / cpu:7.1f} games/s "
                  f"{decisions / cpu:9.0f} decisions/s ({decisions / games:.0f} decisions a game; "
                  f"wall clock {games / dt:.1f} games/s)")
    profiler = cProfile.Profile()
    profiler.enable()
    play_batch("recovery-team", (), max(games // 2, 1), 500)
    profiler.disable()
    stats = pstats.Stats(profiler)
    print(f"  share of time in geometry (cProfile, recovery-team): {geometry_share(stats):.0%}")
    stats.sort_stats("tottime").print_stats(8)
    return 0


if __name__ == "__main__":
    sys.exit(main())
