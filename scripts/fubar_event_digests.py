"""Print one line per seeded random FUBAR game (every scenario, base and LWTV): scenario, edition,
seed, decisions, sha256 of the event stream and the final state digest.  Run it with two versions
of the code on PYTHONPATH and diff the outputs to show that an optimisation plays the same games:

    git archive HEAD~1 src | tar -x -C /tmp/fubar-old
    PYTHONPATH=/tmp/fubar-old/src python scripts/fubar_event_digests.py 5 > old.txt
    PYTHONPATH=src python scripts/fubar_event_digests.py 5 > new.txt && diff old.txt new.txt

``--agents fubar`` plays the ``fubar`` agent on every seat instead (seated by ``agents_for``), whose
choices ask the rules' queries a random agent's do not (threats, cover, ranges).

The random agents are seeded with the game seed itself (not ``agents_for``'s per-seat digest,
which changed in a9e6558), so the same agents play under old and new code.
"""
from __future__ import annotations

import hashlib
import sys

from tabletop_core import agents_for, new_game
from tabletop_core.agents import AgentView, RandomAgent

SCENARIOS = ("recovery-team", "meeting-engagement", "cordon-and-search")
EDITIONS = ((), ("lwtv",))


def play(scenario: str, variants: tuple[str, ...], seed: int, agent: str = "random") -> str:
    game = new_game("fubar", scenario, seed=seed, variants=variants)
    if agent == "random":
        seats = {p: RandomAgent(seed=seed, player=p) for p in game.rules.players}
    else:
        seats = agents_for(game, agent)
    while not game.over:
        d = game.decision
        game.apply(seats[d.player].choose(AgentView(game, d.player, d)))
    events = "\n".join(repr(e) for e in game.events)
    edition = "+".join(variants) or "base"
    return (f"{scenario} {edition} {seed} {game.state.decisions} {len(game.events)} "
            f"events={hashlib.sha256(events.encode()).hexdigest()[:16]} state={game.digest()[:16]}")


def main(argv: list[str]) -> int:
    agent = "random"
    if "--agents" in argv:
        k = argv.index("--agents")
        agent, argv = argv[k + 1], argv[:k] + argv[k + 2:]
    seeds = int(argv[0]) if argv else 5
    for scenario in SCENARIOS:
        for variants in EDITIONS:
            for seed in range(seeds):
                print(play(scenario, variants, seed, agent), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
