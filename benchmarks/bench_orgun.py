"""Orgun 1983 play speed: decisions per second and full games per second, per CPU second.

    python benchmarks/bench_orgun.py [--games N] [--agents random,random] [--agents orgun,orgun]
    python benchmarks/compare_commits.py d93e94e HEAD -- benchmarks/bench_orgun.py --games 20

Each agent pairing is its own figure: one warm-up game first (loading the data and the plug-in
costs about 0.4 s, which is start-up, not play), then seeds 0..N-1 timed with ``process_time`` so
other work on a shared machine does not count.  Besides the figures it prints ``check:`` lines --
the sha256 of every game's events (canonical JSON) and final digest -- so a comparison of two
commits also proves they play the same games.
"""
from __future__ import annotations

import argparse
import hashlib
import time

from tabletop_core import agents_for, new_game, play
from tabletop_core.codec import canonical_json

WARM_UP_SEED = 10_000


def play_one(seed: int, agents: str):
    game = new_game("orgun1983", "orgun-1983", seed=seed)
    play(game, agents_for(game, agents))
    return game


def fingerprint(digest, game) -> None:
    for event in game.events:
        digest.update(canonical_json(game.codec.event_to_dict(event)).encode())
    digest.update(game.digest().encode())


def measure(games: int, agents: str) -> None:
    play_one(WARM_UP_SEED, agents)
    decisions = events = 0
    elapsed = 0.0
    digest = hashlib.sha256()
    for seed in range(games):
        started = time.process_time()
        game = play_one(seed, agents)
        elapsed += time.process_time() - started
        decisions += game.state.decisions
        events += len(game.events)
        fingerprint(digest, game)  # outside the timing: serialising is not play; then the game is dropped
    name = agents.replace(",", "-")
    print(f"orgun1983 {agents.replace(',', ' vs ')}: {games} games, {decisions} decisions in {elapsed:.2f} s CPU")
    print(f"  {decisions / games:.0f} decisions and {events / games:.0f} events per game")
    print(f"figure: {name} decisions/s = {decisions / elapsed:.0f}")
    print(f"figure: {name} games/s = {games / elapsed:.2f}")
    print(f"figure: {name} events/s = {events / elapsed:.0f}")
    print(f"check: {name} games sha256 = {digest.hexdigest()}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--agents", action="append", help="a pairing such as random,random (repeatable)")
    args = parser.parse_args(argv)
    for agents in args.agents or ["random,random"]:
        measure(args.games, agents)


if __name__ == "__main__":
    main()
