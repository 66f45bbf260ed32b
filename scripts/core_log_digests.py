"""Print one line per seeded random game of every installed ruleset and scenario: sha256 of the
log ``Game.save`` writes (plain and keyed), of a player's exported view, of the log a loaded game
saves again, and the loaded game's state digest.  Run it with two versions of the code on
PYTHONPATH and diff the outputs to show a change to the core's codec or log writes the same bytes
and loads the same games:

    PYTHONPATH=/tmp/core-log-base/src python scripts/core_log_digests.py 2 > old.txt
    PYTHONPATH=src python scripts/core_log_digests.py 2 > new.txt && diff old.txt new.txt

``N`` seeds per scenario; each game is played by random agents (seeded with the game's seed) for
at most ``--decisions`` decisions, so a long ruleset is saved mid-game, procedure stack and all.
"""
from __future__ import annotations

import argparse
import hashlib
import tempfile
from pathlib import Path

import tabletop_core
from tabletop_core.agents import AgentView, RandomAgent

KEY = b"core-log-digests-key"


def play(ruleset: str, scenario: str, seed: int, decisions: int):
    game = tabletop_core.new_game(ruleset, scenario, seed=seed)
    seats = {p: RandomAgent(seed=seed, player=p) for p in game.rules.players}
    for _ in range(decisions):
        if game.over:
            break
        d = game.decision
        game.apply(seats[d.player].choose(AgentView(game, d.player, d)))
    return game


def line(ruleset: str, scenario: str, seed: int, decisions: int, folder: Path) -> str:
    game = play(ruleset, scenario, seed, decisions)
    plain, keyed, view, again = (folder / name for name in ("plain.jsonl", "keyed.jsonl", "view.jsonl", "again.jsonl"))
    game.save(plain)
    game.save(keyed, key=KEY)
    game.export_view(view, game.rules.players[0])
    loaded = tabletop_core.load_game(plain)
    loaded.save(again)
    from_keyed = tabletop_core.load_game(keyed, key=KEY)
    return (f"{ruleset} {scenario} {seed} events={len(game.events)} plain={_sha(plain)} keyed={_sha(keyed)} "
            f"view={_sha(view)} resaved={_sha(again)} loaded={loaded.digest()[:16]} "
            f"keyed_loaded={from_keyed.digest()[:16]} played={game.digest()[:16]}")


def _sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()[:16]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("seeds", type=int, nargs="?", default=2)
    parser.add_argument("--decisions", type=int, default=400)
    args = parser.parse_args()
    host = tabletop_core.default_host()
    with tempfile.TemporaryDirectory() as tmp:
        for ruleset in sorted(tabletop_core.rulesets()):
            for scenario in sorted(host.scenarios(ruleset)):
                for seed in range(args.seeds):
                    print(line(ruleset, scenario, seed, args.decisions, Path(tmp)), flush=True)


if __name__ == "__main__":
    main()
