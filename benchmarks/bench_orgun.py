"""Orgun 1983 play speed: decisions per second and full games per second, per CPU second.

    python benchmarks/bench_orgun.py [--games N] [--agents random,random] [--agents orgun,orgun]
    python benchmarks/bench_orgun.py --gc frozen       # the garbage collector's share (see --help)
    python benchmarks/bench_orgun.py --profile 15      # and the top of a cProfile of the same games
    python benchmarks/compare_commits.py d93e94e HEAD -- benchmarks/bench_orgun.py --games 20

Each agent pairing is its own figure: one warm-up game first (loading the data and the plug-in
costs about 0.4 s, which is start-up, not play), then seeds 0..N-1 timed with ``process_time`` so
other work on a shared machine does not count.  Besides the figures it prints ``check:`` lines --
the sha256 of every game's log, byte for byte as ``Game.save`` writes it, final digest included --
so a comparison of two commits also proves they play the same games.
"""
from __future__ import annotations

import argparse
import cProfile
import gc
import hashlib
import pstats
import time

from tabletop_core import agents_for, gamelog, new_game, play

WARM_UP_SEED = 10_000


def play_one(seed: int, agents: str):
    game = new_game("orgun1983", "orgun-1983", seed=seed)
    play(game, agents_for(game, agents))
    return game


def fingerprint(digest, game) -> None:
    """Feed ``digest`` the game's log exactly as ``Game.save`` writes it (its end line holds the
    final state digest)."""
    events = (game.codec.event_to_dict(e) for e in game.events)
    for line in gamelog.render(game.header, events, game.end_summary()):
        digest.update(line.encode() + b"\n")


def measure(games: int, agents: str, gc_mode: str = "on") -> None:
    play_one(WARM_UP_SEED, agents)
    if gc_mode == "frozen":  # what a batch worker can do after set-up: loaded code out of the GC's scans
        gc.collect()
        gc.freeze()
    elif gc_mode == "off":
        gc.disable()
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
    gc.enable()
    gc.unfreeze()
    name = agents.replace(",", "-") + ("" if gc_mode == "on" else f" gc-{gc_mode}")
    print(f"orgun1983 {agents.replace(',', ' vs ')}: {games} games, {decisions} decisions in {elapsed:.2f} s CPU")
    print(f"  {decisions / games:.0f} decisions and {events / games:.0f} events per game")
    print(f"figure: {name} decisions/s = {decisions / elapsed:.0f}")
    print(f"figure: {name} games/s = {games / elapsed:.2f}")
    print(f"figure: {name} events/s = {events / elapsed:.0f}")
    print(f"check: {name} games sha256 = {digest.hexdigest()}")


def profile(games: int, agents: str, top: int) -> None:
    """cProfile (CPU time) over the same seeds: the top functions by own time, and how much of it
    is the engine's (tabletop_core) and how much the rules' (rules_orgun1983)."""
    play_one(WARM_UP_SEED, agents)
    profiler = cProfile.Profile(time.process_time)
    profiler.enable()
    for seed in range(games):
        play_one(seed, agents)
    profiler.disable()
    stats = pstats.Stats(profiler)
    rows = sorted(stats.stats.items(), key=lambda kv: -kv[1][2])
    share = {"tabletop_core": 0.0, "rules_orgun1983": 0.0}
    for (filename, _line, _name), (_cc, _nc, own, _cum, _callers) in rows:
        for package in share:
            if package in filename:
                share[package] += own
    total = stats.total_tt
    print(f"profile {agents.replace(',', ' vs ')}: {games} games, {total:.2f} s CPU under cProfile; own time: "
          + ", ".join(f"{package} {t / total:.0%}" for package, t in share.items()))
    print("  (a garbage collection is charged to the function allocating when it starts: one row with a few")
    print("  calls and a large own time is usually that, not its code)")
    print(f"  {'calls':>8} {'own s':>7} {'cum s':>7}  function")
    for (filename, line, name), (_cc, calls, own, cum, _callers) in rows[:top]:
        where = filename.split("/src/")[-1] if "/src/" in filename else filename
        print(f"  {calls:>8} {own:>7.3f} {cum:>7.3f}  {where}:{line}({name})")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--agents", action="append", help="a pairing such as random,random (repeatable)")
    parser.add_argument("--gc", choices=("on", "frozen", "off"), default="on",
                        help="the garbage collector while timing (frozen/off show its share; default on)")
    parser.add_argument("--profile", type=int, metavar="TOP", default=0,
                        help="then profile the same games and print the TOP functions by own time")
    args = parser.parse_args(argv)
    for agents in args.agents or ["random,random"]:
        measure(args.games, agents, args.gc)
        if args.profile:
            profile(args.games, agents, args.profile)


if __name__ == "__main__":
    main()
