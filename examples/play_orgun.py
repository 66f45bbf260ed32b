"""Play Orgun 1983 from Python: choose the seed and the agents, print the narration and the result.

    python examples/play_orgun.py --seed 3 --agents orgun,random
    python examples/play_orgun.py --seed 3 --quiet
"""
from __future__ import annotations

import argparse

import tabletop_core


def main() -> None:
    parser = argparse.ArgumentParser(description="Play Orgun 1983 (Mujahideen first, then DRA).")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--agents", default="random,random", help="Mujahideen agent, DRA agent (random, orgun, human)")
    parser.add_argument("--quiet", action="store_true", help="print only the result")
    args = parser.parse_args()

    game = tabletop_core.new_game("orgun1983", "orgun-1983", seed=args.seed)
    agents = tabletop_core.agents_for(game, args.agents)
    if not args.quiet:
        game.narrate_to(print)  # the set-up already played, then every event as it happens
    result = tabletop_core.play(game, agents)
    print(f"result: {result}  ({game.state.decisions} decisions, {len(game.events)} events)")


if __name__ == "__main__":
    main()
