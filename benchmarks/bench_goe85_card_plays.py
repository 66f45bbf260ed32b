"""CPU time of the impulse's listing of card plays (GoE 6b: ``procedures/turn.main_options``, which asks
every card family) per call, in the main-step positions of seeded random games.

    python benchmarks/bench_goe85_card_plays.py [games per scenario, default 3] [--scenario ID ...]

Each position is listed five times (``time.process_time``, less disturbed by other work on the
machine than wall-clock time); compare two versions of the code by running this file with each on
``PYTHONPATH`` (the games are the same on both sides when the rules are).
"""
from __future__ import annotations

import argparse
import sys
import time

from tabletop_core import new_game
from tabletop_core.agents import AgentView, RandomAgent

from rules_goe85.model.frames import Impulse
from rules_goe85.procedures.turn import main_options

SCENARIOS = ("9th-company", "hammer-and-anvil", "city-boys", "your-papers-please", "jalalabad", "kill-zone",
             "tanks-at-zhawar", "ambush-at-sherkhankhel", "air-assault")
REPEATS = 5


def listing_cpu(scenario: str, games: int) -> tuple[int, float]:
    """(calls, CPU seconds) of main_options over the main steps of ``games`` seeded games."""
    calls, cpu = 0, 0.0
    for seed in range(games):
        game = new_game("goe85", scenario, seed=seed)
        seats = {p: RandomAgent(seed=seed, player=p) for p in game.rules.players}
        while not game.over:
            top = game.state.top
            if isinstance(top, Impulse) and top.step == "main":
                start = time.process_time()
                for _ in range(REPEATS):
                    main_options(game.rules, game.state, top.player)
                cpu += time.process_time() - start
                calls += REPEATS
            decision = game.decision
            game.apply(seats[decision.player].choose(AgentView(game, decision.player, decision)))
    return calls, cpu


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="?", type=int, default=3)
    parser.add_argument("--scenario", action="append", choices=SCENARIOS)
    args = parser.parse_args(argv)
    print(f"{'scenario':25} {'calls':>6} {'ms CPU per listing':>19}")
    for scenario in args.scenario or SCENARIOS:
        calls, cpu = listing_cpu(scenario, args.games)
        print(f"{scenario:25} {calls:6d} {1e3 * cpu / max(calls, 1):19.3f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
