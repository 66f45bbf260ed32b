"""Drawing throughput: positions rendered per second for each game, and what a replay costs.

    python benchmarks/bench_render.py [--decisions N] [--seed S]

For each shipped ruleset a seeded random game of up to N decisions (default 500) is played once,
untimed.  Then, timed: (1) the replay build — folding the log and drawing every decision's
position into the self-contained HTML page, as ``tabletop view`` does — reported as seconds and
positions per second; (2) ``Game.render`` of the final position repeated (the board is drawn once
per scenario and cached, so this is the per-position cost of pieces, overlays and panel); (3) the
first, cold render, which draws the board.  Figures depend on the machine's load: the load average
is printed with them.
"""
from __future__ import annotations

import argparse
import os
import time

from tabletop_core import new_game
from tabletop_core.drawing.replay import positions
from tabletop_core.drawing.samples import sample_game
from tabletop_core.drawing.viewer import replay_html

# jalalabad with seed 1 runs past 500 decisions: the "500-decision GoE replay".
GAMES = (("goe85", "jalalabad"), ("goe85", "9th-company"), ("orgun1983", "orgun-1983"), ("fubar", "recovery-team"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f}; up to {args.decisions} decisions per game, seed {args.seed}")
    print(f"{'game':<26}{'positions':>10}{'replay s':>10}{'pos/s':>9}{'MB':>7}{'render ms':>11}{'cold ms':>9}")
    for ruleset, scenario in GAMES:
        cold_start = time.perf_counter()
        game = new_game(ruleset, scenario, seed=args.seed)
        game.render(None)
        cold = time.perf_counter() - cold_start
        game = sample_game(ruleset, scenario, seed=args.seed, decisions=args.decisions)
        started = time.perf_counter()
        html = replay_html(positions(game.rules, game.events, None), title=ruleset, subtitle=scenario)
        build = time.perf_counter() - started
        frames = game.state.decisions + 1
        repeats = 50
        started = time.perf_counter()
        for _ in range(repeats):
            game.render(None)
        each = (time.perf_counter() - started) / repeats
        print(f"{ruleset + ' ' + scenario:<26}{frames:>10}{build:>10.2f}{frames / build:>9.0f}"
              f"{len(html) / 1e6:>7.1f}{each * 1e3:>11.2f}{cold * 1e3:>9.0f}")


if __name__ == "__main__":
    main()
