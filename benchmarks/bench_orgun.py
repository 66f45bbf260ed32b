"""Orgun 1983 random play speed: decisions per second and full games per second.

    python benchmarks/bench_orgun.py [games]
"""
from __future__ import annotations

import sys
import time

from tabletop_core import agents_for, new_game, play


def main(games: int = 20) -> None:
    decisions = events = 0
    started = time.perf_counter()
    for seed in range(games):
        game = new_game("orgun1983", "orgun-1983", seed=seed)
        play(game, agents_for(game, "random,random"))
        decisions += game.state.decisions
        events += len(game.events)
    elapsed = time.perf_counter() - started
    print(f"orgun1983 random-vs-random: {games} games in {elapsed:.2f}s")
    print(f"  {games / elapsed:.1f} games/s, {decisions / elapsed:,.0f} decisions/s, {events / elapsed:,.0f} events/s")
    print(f"  {decisions / games:.0f} decisions and {events / games:.0f} events per game")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20)
