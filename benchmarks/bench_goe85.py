"""Random-play speed of the GoE plug-in: decisions per second and games per second per scenario.

    python benchmarks/bench_goe85.py [games per scenario, default 10] [--scenario ID ...] [--cold]

Before timing, each scenario plays one game of its own (seed 10000, not counted), as
``bench_fubar.py`` and ``bench_orgun.py`` warm up: that builds what a process builds once and keeps
(the board's LOS table, the Smoke and tile views, the measured geometry), so the figures are those
of a process playing many games -- a batch worker, a balance study.  That first game's CPU time is
printed beside them (the price a one-game script pays once).  ``--cold`` times from a fresh board
instead (only data loaded), as the benchmark did before.

Besides wall-clock rates it prints decisions per CPU second of this process (``time.process_time``),
which a machine shared with other work disturbs less; compare two versions of the code by running
this file with each on ``PYTHONPATH`` alternately (the script uses only the public API).
"""
from __future__ import annotations

import argparse
import sys
import time

from tabletop_core import agents_for, new_game
from tabletop_core.agents import AgentView

SCENARIOS = ("9th-company", "hammer-and-anvil", "city-boys", "your-papers-please", "jalalabad", "kill-zone",
             "tanks-at-zhawar", "ambush-at-sherkhankhel", "air-assault")


WARM_UP_SEED = 10_000


def play_one(scenario: str, seed: int) -> int:
    """One random game; its number of decisions."""
    game = new_game("goe85", scenario, seed=seed)
    seats = agents_for(game, "random,random")
    while not game.over:
        d = game.decision
        game.apply(seats[d.player].choose(AgentView(game, d.player, d)))
    return game.state.decisions


def bench(scenario: str, games: int) -> tuple[float, float, float, float, float]:
    decisions = 0
    start, cpu = time.perf_counter(), time.process_time()
    for seed in range(games):
        decisions += play_one(scenario, seed)
    elapsed, used = time.perf_counter() - start, time.process_time() - cpu
    return decisions / elapsed, decisions / used, games / elapsed, decisions / games, games / used


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("games", type=int, nargs="?", default=10, help="games per scenario")
    p.add_argument("--scenario", action="append", choices=SCENARIOS)
    p.add_argument("--cold", action="store_true", help="no warm-up game: time from a fresh board")
    args = p.parse_args(sys.argv[1:] if argv is None else argv)
    scenarios = args.scenario or SCENARIOS
    first = {}
    for s in scenarios:  # load data and build boards before timing; warm up on a game of its own
        new_game("goe85", s, seed=0)
        if not args.cold:
            started = time.process_time()
            play_one(s, WARM_UP_SEED)
            first[s] = time.process_time() - started
    print(f"{'scenario':24s} {'decisions/s':>12s} {'per CPU s':>10s} {'games/s':>9s} {'decisions/game':>15s}")
    figures = []
    for s in scenarios:
        dps, cps, gps, per, gpc = bench(s, args.games)
        warm = f"   (warm-up game: {first[s]:.2f} CPU s)" if s in first else ""
        print(f"{s:24s} {dps:12.0f} {cps:10.0f} {gps:9.2f} {per:15.0f}{warm}")
        figures += [f"figure: {s} decisions per CPU s = {cps:.0f}", f"figure: {s} games per CPU s = {gpc:.3f}"]
    # for compare_commits.py: decisions per CPU second, and games per CPU second (a two-step choice
    # counts two decisions where a flat menu counted one: games are the like-for-like figure)
    print("\n".join(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
