"""Play a FUBAR scenario from Python, in the base rules and in the LWTV edition.

    python examples/play_fubar.py [SCENARIO] [SEED] [AGENTS]

AGENTS is one agent per side in seat order (ISAF, insurgents), default ``fubar,random``: the
heuristic ``fubar`` agent against the random one.  Prints the narration (one line per event) and
the result of each game.
"""
from __future__ import annotations

import sys

from tabletop_core import agents_for, new_game, play


def run(scenario: str, seed: int, variants: tuple[str, ...], agents: str = "fubar,random") -> None:
    game = new_game("fubar", scenario, seed=seed, variants=variants)
    print(f"--- {scenario}, seed {seed}, {'+'.join(variants) or 'base rules'}, {agents} ---")
    game.narrate_to(print)  # the set-up already played, then every event as it happens
    result = play(game, agents_for(game, agents))
    print(f"result: {result}\n")


def main(argv: list[str]) -> int:
    scenario = argv[0] if argv else "recovery-team"
    seed = int(argv[1]) if len(argv) > 1 else 1
    agents = argv[2] if len(argv) > 2 else "fubar,random"
    run(scenario, seed, (), agents)
    run(scenario, seed, ("lwtv",), agents)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
