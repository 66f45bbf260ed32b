"""Play beside a long history: random duel games played with no history in memory, then beside
a 250,000-event history (games replayed from their events and kept), then the same after
``gc.freeze()`` (what batch workers do after set-up).  Issue 15's goal: within 10% of none.

    python benchmarks/bench_history.py [--events 250000] [--games 300] [--rounds 3]

Prints decisions per CPU second (median of the rounds) and the ratio to play with no history.
"""
from __future__ import annotations

import argparse
import gc
import statistics
import time

import tabletop_core
from tabletop_core.game import Game


def play(games: int, first_seed: int) -> float:
    """Decisions per second of ``games`` random duel games."""
    decisions = 0
    start = time.process_time()
    for seed in range(first_seed, first_seed + games):
        game = tabletop_core.new_game("duel", "skirmish", seed=seed)
        tabletop_core.play(game, tabletop_core.agents_for(game, "random"))
        decisions += game.state.decisions
    return decisions / (time.process_time() - start)


def history(events: int) -> list[Game]:
    """Games whose histories hold ``events`` events in all, each replayed from its events."""
    kept: list[Game] = []
    total, seed = 0, 10_000
    while total < events:
        game = tabletop_core.new_game("duel", "skirmish", seed=seed)
        tabletop_core.play(game, tabletop_core.agents_for(game, "random"))
        kept.append(Game.from_events(game.rules, game.header, game.events))
        total += len(game.events)
        seed += 1
    return kept


def median_rate(games: int, rounds: int) -> float:
    return statistics.median(play(games, r * games) for r in range(rounds))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--events", type=int, default=250_000)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    play(20, 0)  # warm up: plug-in loading is start-up, not play
    none = median_rate(args.games, args.rounds)
    kept = history(args.events)
    beside = median_rate(args.games, args.rounds)
    gc.collect()
    gc.freeze()
    frozen = median_rate(args.games, args.rounds)
    gc.unfreeze()
    held = sum(len(g.events) for g in kept)
    print(f"duel random play, {args.games} games x {args.rounds} rounds (median), decisions/s")
    print(f"  no history                          {none:11,.0f}")
    print(f"  beside {held:,} events of history  {beside:11,.0f}  ({beside / none:.2f} of none)")
    print(f"  same, after gc.freeze()             {frozen:11,.0f}  ({frozen / none:.2f} of none)")
    print(f"figure: no history decisions/s = {none:.0f}")
    print(f"figure: beside history, of none = {beside / none:.3f}")
    print(f"figure: beside history after gc.freeze, of none = {frozen / none:.3f}")


if __name__ == "__main__":
    main()
