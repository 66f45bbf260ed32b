"""FUBAR benchmark: decisions per second, games per second, and the share of time in geometry.

    python benchmarks/bench_fubar.py [GAMES] [--no-profile] [--before OLD_SRC [--rounds R]]
    python benchmarks/bench_fubar.py --digests GAMES [--before OLD_SRC]

Plays GAMES games per scenario and edition (base and LWTV), random against random and the
``fubar`` agent against itself, then profiles one batch with cProfile and reports how much of the
time is spent in the measured-table geometry (tabletop_core.boards and rules_fubar.measure).

Each figure is also printed as ``figure: SCENARIO EDITION AGENTS decisions per CPU s = N`` (and
games per CPU s) for ``compare_commits.py`` and ``performance_table.py``.

Each figure is measured in a fresh Python process, so no figure runs on caches another warmed
(the measuring caches are keyed on positions and persist across the games of one process, as in
a batch; each process warms them on one game of its own scenario first, which is not counted).
Rates are per CPU second of that process (``time.process_time``), so other work on a shared
machine does not skew them; wall-clock rates are printed beside them.  To compare two versions,
run this script with ``PYTHONPATH=<other checkout>/src``: the child processes inherit it, or
pass ``--before <other checkout>/src``: each figure is then measured for the other checkout and for
this one in turn, ``R`` rounds (default 2), alternating, and both are printed side by side.

``--digests GAMES`` plays seeds 0..GAMES-1 of every scenario and edition with random agents and
prints each game's final state digest; with ``--before`` it compares them with the other
checkout's (same seeds, same actions: an optimisation that keeps the action space must change no
game) and exits 1 on any difference.
"""
from __future__ import annotations

import cProfile
import os
import pstats
import subprocess
import sys
import time

from tabletop_core import agents_for, new_game, play

SCENARIOS = ("recovery-team", "meeting-engagement", "cordon-and-search")


AGENTS = ("random,random", "fubar,fubar")


def play_batch(scenario: str, variants: tuple[str, ...], games: int, start: int = 0,
               agents: str = "random,random") -> int:
    decisions = 0
    for seed in range(start, start + games):
        game = new_game("fubar", scenario, seed=seed, variants=variants)
        play(game, agents_for(game, agents))
        decisions += game.state.decisions
    return decisions


def one_figure(scenario: str, edition: str, agents: str, games: int) -> str:
    """Measure one figure in this process (called in a fresh child process by ``main``)."""
    variants = () if edition == "base" else tuple(edition.split("+"))
    play_batch(scenario, variants, 1, 10_000, agents)  # warm this scenario's caches; not counted
    t0, c0 = time.perf_counter(), time.process_time()
    decisions = play_batch(scenario, variants, games, 0, agents)
    dt, cpu = time.perf_counter() - t0, time.process_time() - c0
    name = f"{scenario} {edition} {agents}"
    return (f"  {scenario:20s} {edition:5s} {agents:14s} {games / cpu:7.1f} games/s "
            f"{decisions / cpu:9.0f} decisions/s ({decisions / games:.0f} decisions a game; "
            f"wall clock {games / dt:.1f} games/s)\n"
            f"figure: {name} decisions per CPU s = {decisions / cpu:.0f}\n"
            f"figure: {name} games per CPU s = {games / cpu:.3f}")


def digests(games: int) -> list[str]:
    """One line per seeded random game: scenario, edition, seed, decisions, final state digest."""
    out = []
    for scenario in SCENARIOS:
        for edition in ("base", "lwtv"):
            variants = () if edition == "base" else (edition,)
            for seed in range(games):
                game = new_game("fubar", scenario, seed=seed, variants=variants)
                play(game, agents_for(game, "random,random"))
                out.append(f"{scenario} {edition} {seed} {game.state.decisions} {game.digest()}")
    return out


def _child(args: list[str], src: str | None) -> str:
    """Run this script in a fresh process (on ``src`` instead of this checkout, if given)."""
    env = dict(os.environ)
    if src is not None:
        env["PYTHONPATH"] = os.path.abspath(src)
    return subprocess.run([sys.executable, __file__, *args], check=True, env=env,
                          capture_output=True, text=True).stdout


def compare_digests(games: int, before: str) -> int:
    old = _child(["--digests", str(games)], before).splitlines()
    new = _child(["--digests", str(games)], None).splitlines()
    differ = [(a, b) for a, b in zip(old, new) if a != b]
    print(f"{len(new)} seeded random games ({games} per scenario and edition): "
          f"{len(new) - len(differ)} identical to {before}, {len(differ)} differ")
    for a, b in differ[:10]:
        print(f"  before: {a}\n  now:    {b}")
    return 1 if differ or len(old) != len(new) else 0


def compare_figures(games: int, before: str, rounds: int) -> None:
    """Each figure for the other checkout and for this one, alternating, ``rounds`` times."""
    print(f"FUBAR benchmark: {games} games a figure, before = {before}, {rounds} round(s), alternating")
    for agents in AGENTS:
        for scenario in SCENARIOS:
            for edition in ("base", "lwtv"):
                for _ in range(rounds):
                    for label, src in (("before", before), ("after ", None)):
                        line = _child(["--one", scenario, edition, agents, str(games)], src).splitlines()[0]
                        print(f"{label}{line}", flush=True)


def geometry_share(stats: pstats.Stats) -> float:
    """Cumulative time of the outermost geometry calls over the total (no double counting)."""
    total = stats.total_tt
    geo = 0.0
    for (filename, _line, _name), (_cc, _nc, _tt, ct, callers) in stats.stats.items():
        if not _is_geometry(filename):
            continue
        outside = sum(v[3] for caller, v in callers.items() if not _is_geometry(caller[0]))
        geo += outside if callers else ct
    return geo / total if total else 0.0


def _is_geometry(filename: str) -> bool:
    return "tabletop_core/boards" in filename or filename.endswith("rules_fubar/measure.py") or "numpy" in filename


def main(argv=None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] == "--one":
        print(one_figure(args[1], args[2], args[3], int(args[4])), flush=True)
        return 0
    before = _option(args, "--before")
    rounds = int(_option(args, "--rounds") or 2)
    if args and args[0] == "--digests":
        games = int(args[1])
        if before is not None:
            return compare_digests(games, before)
        print("\n".join(digests(games)))
        return 0
    profile = "--no-profile" not in args
    args = [a for a in args if a != "--no-profile"]
    games = int((args or ["20"])[0])
    if before is not None:
        compare_figures(games, before, rounds)
        return 0
    print(f"FUBAR benchmark: {games} games per scenario, edition and pairing (each in a fresh process)")
    for agents in AGENTS:
        for scenario in SCENARIOS:
            for edition in ("base", "lwtv"):
                subprocess.run([sys.executable, __file__, "--one", scenario, edition, agents, str(games)], check=True)
    if profile:
        play_batch("recovery-team", (), 1, 10_000)
        profiler = cProfile.Profile()
        profiler.enable()
        play_batch("recovery-team", (), max(games // 2, 1), 500)
        profiler.disable()
        stats = pstats.Stats(profiler)
        print(f"  share of time in geometry (cProfile, recovery-team): {geometry_share(stats):.0%}")
        stats.sort_stats("tottime").print_stats(8)
    return 0


def _option(args: list[str], name: str) -> str | None:
    """Remove ``name VALUE`` from ``args`` and return VALUE (None when absent)."""
    if name not in args:
        return None
    k = args.index(name)
    value = args[k + 1]
    del args[k:k + 2]
    return value


if __name__ == "__main__":
    sys.exit(main())
