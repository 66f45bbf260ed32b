"""Print one line per seeded random GoE game: scenario, seed, decisions, sha256 of the played event
stream (frames pushed and popped at once left out), of all events, and the final state digest.
Run it with two versions of the code on PYTHONPATH and diff the outputs to show a structural change plays the same games:

    PYTHONPATH=/tmp/goe-old/src python scripts/goe85_event_digests.py 3 > old.txt
    PYTHONPATH=src python scripts/goe85_event_digests.py 3 > new.txt && diff old.txt new.txt
"""
from __future__ import annotations

import hashlib
import sys

from tabletop_core import new_game
from tabletop_core.agents import AgentView, RandomAgent

SCENARIOS = ("9th-company", "hammer-and-anvil", "city-boys", "your-papers-please", "jalalabad", "kill-zone",
             "tanks-at-zhawar", "ambush-at-sherkhankhel", "air-assault")


def play(scenario: str, seed: int) -> str:
    game = new_game("goe85", scenario, seed=seed)
    # seeded with the game seed itself, as agents_for did before a9e6558 (it now gives each seat a
    # one-way digest): the same agents under old and new code, so the digests compare the rules
    seats = {p: RandomAgent(seed=seed, player=p) for p in game.rules.players}
    while not game.over:
        d = game.decision
        game.apply(seats[d.player].choose(AgentView(game, d.player, d)))
    everything = [repr(e) for e in game.events]
    played = _without_idle_frames(everything)
    return (f"{scenario} {seed} {game.state.decisions} {len(played)} played={_sha(played)} "
            f"all={_sha(everything)} state={game.digest()[:16]}")


def _sha(lines: list[str]) -> str:
    return hashlib.sha256("\n".join(lines).encode()).hexdigest()[:16]


def _without_idle_frames(lines: list[str]) -> list[str]:
    """The events less each frame pushed and popped again with nothing in between: an order frame
    (FireOrder, APFireOrder) or a window nobody could use changes no state and asks no one."""
    out: list[str] = []
    for line in lines:
        if (out and line.startswith("FramePopped(frame=") and out[-1].startswith("FramePushed(frame=")
                and out[-1][len("FramePushed"):] == line[len("FramePopped"):]):
            out.pop()
            continue
        out.append(line)
    return out


def main(argv: list[str]) -> int:
    seeds = int(argv[0]) if argv else 3
    for scenario in SCENARIOS:
        for seed in range(seeds):
            print(play(scenario, seed), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
