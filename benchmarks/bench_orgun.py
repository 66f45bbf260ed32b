"""Orgun 1983 play speed: decisions per second and full games per second.

    python benchmarks/bench_orgun.py [games] [agents]     # agents: random,random (default) or orgun,orgun
"""
from __future__ import annotations

import sys
import time

from tabletop_core import agents_for, new_game, play


def main(games: int = 20, agents: str = "random,random") -> None:
    decisions = events = 0
    started = time.perf_counter()
    for seed in range(games):
        game = new_game("orgun1983", "orgun-1983", seed=seed)
        play(game, agents_for(game, agents))
        decisions += game.state.decisions
        events += len(game.events)
    elapsed = time.perf_counter() - started
    print(f"orgun1983 {agents.replace(',', ' vs ')}: {games} games in {elapsed:.2f}s")
    print(f"  {games / elapsed:.1f} games/s, {decisions / elapsed:,.0f} decisions/s, {events / elapsed:,.0f} events/s")
    print(f"  {decisions / games:.0f} decisions and {events / games:.0f} events per game")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20, sys.argv[2] if len(sys.argv) > 2 else "random,random")
