"""Play one '85 Graveyard of Empires scenario from Python and print its narration and result.

    python examples/play_goe85.py [scenario] [seed]      (default: city-boys 1)
"""
from __future__ import annotations

import sys

import tabletop_core


def main(argv=None) -> int:
    args = sys.argv[1:] if argv is None else argv
    scenario = args[0] if args else "city-boys"
    seed = int(args[1]) if len(args) > 1 else 1
    game = tabletop_core.new_game("goe85", scenario, seed=seed)
    game.narrate_to(print)  # what set-up already did, then every event as it happens
    result = tabletop_core.play(game, tabletop_core.agents_for(game, "random,random"))
    print(f"\nresult: {result}  ({game.state.decisions} decisions)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
