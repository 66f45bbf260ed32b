"""Random-play speed of the GoE plug-in: decisions per second and games per second per scenario.

    python benchmarks/bench_goe85.py [games per scenario, default 10] [--scenario ID ...] [--cold]

Each scenario is measured in a fresh Python process, as ``bench_fubar.py`` does, so no figure runs
on a heap or caches another scenario filled: in one process a short scenario timed after longer
ones paid for their objects in the garbage collector's full passes (City Boys read 9.3k after
9th Company and Hammer and Anvil, 14-15k on its own).  Before timing, each scenario plays one
game of its own (seed 10000, not counted), as ``bench_fubar.py`` and ``bench_orgun.py`` warm up: that builds what a process builds once and keeps
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
import subprocess
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


def one_scenario(scenario: str, games: int, cold: bool) -> None:
    """Time ``scenario`` in this process and print its row, then its ``figure:`` lines."""
    new_game("goe85", scenario, seed=0)  # load data and build the board before timing
    warm = ""
    if not cold:  # warm up on a game of its own
        started = time.process_time()
        play_one(scenario, WARM_UP_SEED)
        warm = f"   (warm-up game: {time.process_time() - started:.2f} CPU s)"
    dps, cps, gps, per, gpc = bench(scenario, games)
    print(f"{scenario:24s} {dps:12.0f} {cps:10.0f} {gps:9.2f} {per:15.0f}{warm}")
    # for compare_commits.py: decisions per CPU second, and games per CPU second (a two-step choice
    # counts two decisions where a flat menu counted one: games are the like-for-like figure)
    print(f"figure: {scenario} decisions per CPU s = {cps:.0f}")
    print(f"figure: {scenario} games per CPU s = {gpc:.3f}")


def main(argv=None) -> int:
    args_in = list(sys.argv[1:] if argv is None else argv)
    if args_in[:1] == ["--one"]:  # a child process: one scenario
        one_scenario(args_in[1], int(args_in[2]), "--cold" in args_in[3:])
        return 0
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("games", type=int, nargs="?", default=10, help="games per scenario")
    p.add_argument("--scenario", action="append", choices=SCENARIOS)
    p.add_argument("--cold", action="store_true", help="no warm-up game: time from a fresh board")
    args = p.parse_args(args_in)
    print(f"{'scenario':24s} {'decisions/s':>12s} {'per CPU s':>10s} {'games/s':>9s} {'decisions/game':>15s}")
    figures = []
    for s in args.scenario or SCENARIOS:  # each in a fresh process (the child inherits PYTHONPATH)
        child = [sys.executable, __file__, "--one", s, str(args.games)] + (["--cold"] if args.cold else [])
        lines = subprocess.run(child, check=True, capture_output=True, text=True).stdout.splitlines()
        print("\n".join(line for line in lines if not line.startswith("figure:")), flush=True)
        figures += [line for line in lines if line.startswith("figure:")]
    print("\n".join(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
