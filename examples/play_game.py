"""Play one game from Python and print its narration and result.

    python examples/play_game.py [RULESET SCENARIO] [--seed N] [--agents random,random] [--variant V]

With no ruleset it plays the default example game.
"""
from __future__ import annotations

import argparse

import tabletop_core

DEFAULT = ("orgun1983", "orgun-1983")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("ruleset", nargs="?", default=DEFAULT[0])
    parser.add_argument("scenario", nargs="?", default=DEFAULT[1])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--agents", default="random,random")
    parser.add_argument("--variant", action="append", default=[])
    args = parser.parse_args()

    game = tabletop_core.new_game(args.ruleset, args.scenario, seed=args.seed, variants=args.variant)
    game.narrate_to(print)  # the set-up already played, then every event as it happens
    result = tabletop_core.play(game, tabletop_core.agents_for(game, args.agents))
    print(f"result: {result}")
    print(f"digest: {game.digest()}  ({len(game.events)} events, {game.state.decisions} decisions)")


if __name__ == "__main__":
    main()
