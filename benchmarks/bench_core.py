"""Core engine figures: replay, decisions, clone vs deepcopy, log write/read.

    python benchmarks/bench_core.py [RULESET SCENARIO] [--games N]

Plays N random games of the given ruleset (default: the duel template, always installed in the
dev venv) and prints rates per CPU second (``time.process_time``: other work on a shared machine
does not count).  Figures, not assertions: compare two commits with
``benchmarks/compare_commits.py OLD NEW -- benchmarks/bench_core.py``.
"""
from __future__ import annotations

import argparse
import copy
import tempfile
import time
from pathlib import Path

import tabletop_core
from tabletop_core import gamelog
from tabletop_core.agents import AgentView
from tabletop_core.game import Game


def timed(fn, *args):
    start = time.process_time()
    out = fn(*args)
    return out, time.process_time() - start


def _repeat(fn, n: int) -> None:
    for _ in range(n):
        fn()


def play_games(ruleset, scenario, games):
    tabletop_core.new_game(ruleset, scenario, seed=0)  # warm up: plug-in loading is start-up, not play
    played, decisions = [], 0
    start = time.process_time()
    for seed in range(games):
        game = tabletop_core.new_game(ruleset, scenario, seed=seed)
        seats = tabletop_core.agents_for(game, "random")
        while not game.over:
            d = game.decision
            game.apply(seats[d.player].choose(AgentView(game, d.player, d)))
        decisions += game.state.decisions
        played.append(game)
    return played, decisions, time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("ruleset", nargs="?", default="duel")
    parser.add_argument("scenario", nargs="?", default="skirmish")
    parser.add_argument("--games", type=int, default=200)
    args = parser.parse_args()

    games, decisions, seconds = play_games(args.ruleset, args.scenario, args.games)
    events = sum(len(g.events) for g in games)
    print(f"{args.ruleset}/{args.scenario}: {args.games} random games")
    print(f"  games per second (random play)     {args.games / seconds:12,.1f}")
    print(f"  decisions per second (decision API) {decisions / seconds:11,.0f}")

    start = time.process_time()
    for g in games:
        Game.from_events(g.rules, g.header, g.events)
    seconds = time.process_time() - start
    print(f"  events applied per second (replay)  {events / seconds:11,.0f}")

    mid = games[len(games) // 2]
    n = 2000
    # Each copy is dropped as the next is made (a bot's look-ahead), and both kinds are made once
    # untimed first: whichever ran first used to pay for the allocator's warm-up (it read 23 us
    # "state only" against 7 "with history", the other way round from what each copies).
    _repeat(lambda: (mid.clone(), mid.clone(keep_history=False)), n // 4)
    _, t_clone = timed(_repeat, lambda: mid.clone(keep_history=False), n)
    _, t_clone_h = timed(_repeat, mid.clone, n)
    _, t_deep = timed(_repeat, lambda: copy.deepcopy(mid.state), n // 10)
    print(f"  clone (state only)                  {t_clone / n * 1e6:11.1f} us")
    print(f"  clone (with history)                {t_clone_h / n * 1e6:11.1f} us")
    print(f"  copy.deepcopy(state)                {t_deep / (n // 10) * 1e6:11.1f} us")

    with tempfile.TemporaryDirectory() as tmp:
        paths = []
        start = time.process_time()
        for i, g in enumerate(games):
            path = Path(tmp) / f"{i}.jsonl"
            g.save(path)
            paths.append(path)
        seconds = time.process_time() - start
        size = sum(p.stat().st_size for p in paths)
        print(f"  log write: events per second        {events / seconds:11,.0f}  ({size / seconds / 1e6:.1f} MB/s)")
        start = time.process_time()
        for p in paths:
            gamelog.read(p)
        seconds = time.process_time() - start
        print(f"  log read+check: events per second   {events / seconds:11,.0f}")
        start = time.process_time()
        for p in paths:
            tabletop_core.load_game(p)
        seconds = time.process_time() - start
        print(f"  log load (read+decode+fold) ev/s    {events / seconds:11,.0f}")


if __name__ == "__main__":
    main()
