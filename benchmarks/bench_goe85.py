"""Random-play speed of the GoE plug-in: decisions per second and games per second per scenario.

    python benchmarks/bench_goe85.py [games per scenario, default 10]
"""
from __future__ import annotations

import sys
import time

from tabletop_core import agents_for, new_game
from tabletop_core.agents import AgentView

SCENARIOS = ("9th-company", "hammer-and-anvil", "city-boys", "your-papers-please", "jalalabad", "kill-zone",
             "tanks-at-zhawar", "ambush-at-sherkhankhel", "air-assault")


def bench(scenario: str, games: int) -> tuple[float, float, float]:
    decisions = 0
    start = time.perf_counter()
    for seed in range(games):
        game = new_game("goe85", scenario, seed=seed)
        seats = agents_for(game, "random,random")
        while not game.over:
            d = game.decision
            game.apply(seats[d.player].choose(AgentView(game, d.player, d)))
        decisions += game.state.decisions
    elapsed = time.perf_counter() - start
    return decisions / elapsed, games / elapsed, decisions / games


def main(argv=None) -> int:
    args = sys.argv[1:] if argv is None else argv
    games = int(args[0]) if args else 10
    new_game("goe85", SCENARIOS[0], seed=0)  # load data and build boards before timing
    for s in SCENARIOS:
        new_game("goe85", s, seed=0)
    print(f"{'scenario':20s} {'decisions/s':>12s} {'games/s':>9s} {'decisions/game':>15s}")
    for s in SCENARIOS:
        dps, gps, per = bench(s, games)
        print(f"{s:20s} {dps:12.0f} {gps:9.2f} {per:15.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
