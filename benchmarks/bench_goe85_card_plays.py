"""CPU time of the impulse's first step (GoE 6b: what ``procedures/turn.decide_impulse`` lists) per
call, in the main-step positions of seeded random games.  From ruleset 0.8.0 that is the cards that
have a play (``queries/card_menu.playable_cards``; the card's plays and a helicopter's are later
steps) and the scenario's relocations; before it, every card play of the hand at once
(``main_options``, which asked every card family and each helicopter's modes).  The script times
whichever the code it runs with offers, so ``compare_commits.py`` weighs the first step as each
version asks it.

    python benchmarks/bench_goe85_card_plays.py [games per scenario, default 3] [--scenario ID ...]

Each position is listed five times (``time.process_time``, less disturbed by other work on the
machine than wall-clock time), each time from a state whose hex index is dropped first, as after the
event that led to it; compare two versions of the code with ``compare_commits.py`` (the games are the
same on both sides when the rules are; ``figure:`` lines are listings per CPU second).
"""
from __future__ import annotations

import argparse
import sys
import time

from tabletop_core import new_game
from tabletop_core.agents import AgentView, RandomAgent

from rules_goe85.model.frames import Impulse
from rules_goe85.model.occupancy import forget
from rules_goe85.procedures.turn import main_options, relocations

try:  # ruleset 0.8.0 on: the card first
    from rules_goe85.queries.card_menu import playable_cards as _first_step
except ImportError:  # before: the whole hand's plays
    def _first_step(rules, state, side):
        return main_options(rules, state, side, whole=False)

SCENARIOS = ("9th-company", "hammer-and-anvil", "city-boys", "your-papers-please", "jalalabad", "kill-zone",
             "tanks-at-zhawar", "ambush-at-sherkhankhel", "air-assault")
REPEATS = 5


def listing_cpu(scenario: str, games: int) -> tuple[int, float]:
    """(calls, CPU seconds) of the first step's listing over the main steps of ``games`` seeded games."""
    calls, cpu = 0, 0.0
    for seed in range(games):
        game = new_game("goe85", scenario, seed=seed)
        seats = {p: RandomAgent(seed=seed, player=p) for p in game.rules.players}
        while not game.over:
            top = game.state.top
            if isinstance(top, Impulse) and top.step == "main":
                state = game.state.clone()  # timed apart from the game's own state
                start = time.process_time()
                for _ in range(REPEATS):
                    forget(state)
                    _first_step(game.rules, state, top.player)
                    relocations(game.rules, state, top.player)
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
    figures = []
    for scenario in args.scenario or SCENARIOS:
        calls, cpu = listing_cpu(scenario, args.games)
        print(f"{scenario:25} {calls:6d} {1e3 * cpu / max(calls, 1):19.3f}", flush=True)
        figures.append(f"figure: {scenario} listings per CPU s = {calls / cpu if cpu else 0:.0f}")
    print("\n".join(figures))  # for compare_commits.py (higher is better)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
