"""Leak sweep: the conformance kit's view and non-interference checks over seeded games, and the
re-simulation attack on every player's exported view — can a player rebuild the hidden state by
finding the seed?  With a secret seed (128 bits, as ``--seed random`` draws) the view carries no
seed and no candidate seed reproduces it; a small seed is found by trying them all, which is why
the README says to draw one.

    python scripts/sweep_leaks.py --seeds 3 [--start 0] [--rulesets duel,orgun1983] [--tries 300]

Every leak the kit finds is a failure (the GoE and FUBAR leaks of issue 17 item 2 are fixed:
GoE 0.4.0, FUBAR 1.4.0).
"""
from __future__ import annotations

import json
import secrets
import sys
import tempfile
from pathlib import Path

import tabletop_core
from tabletop_core import Game, TabletopError, default_host
from tabletop_core.testing import check_leaks, check_views

from sweep_common import Tally, arguments, cases

def rebuilt_seed(view_events: list[dict], ruleset: str, scenario: str, variants, player: str, tries: int,
                 codec) -> int | None:
    """The attack: a seed among 0..tries-1 whose game, played with the actions the view shows and
    seen as ``player`` sees it, gives every event of the view (a visible random outcome among them)."""
    head = view_events
    for candidate in range(tries):
        game = tabletop_core.new_game(ruleset, scenario, seed=candidate, variants=variants)
        if _follows(game, head, player, codec):
            return candidate
    return None


def _follows(game: Game, head: list[dict], player: str, codec) -> bool:
    drew = False
    for index, shown in enumerate(head):
        if index >= len(game.events):
            if shown.get("type") != "ActionTaken" or shown["action"].get("type") == "ConcealedAction":
                return False
            try:
                game.apply(codec.action_from_dict(shown["action"]), player=shown["player"])
            except TabletopError:
                return False
        event = game.events[index]
        if codec.event_to_dict(event.redact(player)) != shown:
            return False
        drew = drew or (type(event).RANDOM and shown != codec.event_to_dict(_blank(event)))
    return drew


def _blank(event):
    """An event with its random outcome hidden, to tell a visible outcome from a redacted one."""
    import attrs

    fields = {f.name for f in attrs.fields(type(event))}
    return attrs.evolve(event, **{name: () for name in ("faces", "order") if name in fields})


def main() -> int:
    args = arguments(__doc__.splitlines()[0], seeds=2, extra=[("--tries", 200, "candidate seeds the attack tries")])
    tally = Tally("leak sweep")
    with tempfile.TemporaryDirectory() as tmp:
        for ruleset, scenario, variants, seed in cases(args):
            rules = default_host().rules(ruleset, variants)
            where = f"{ruleset}/{scenario}{'+' + '+'.join(variants) if variants else ''} seed {seed}"
            for name, check in (("check_views", check_views), ("check_leaks", check_leaks)):
                try:
                    check(lambda: Game.start(rules, scenario, seed=seed), seed)
                    tally.ok(f"{name} runs clean")
                except AssertionError as exc:
                    tally.fail("leak", where, str(exc))
                except Exception as exc:  # noqa: BLE001
                    tally.fail("traceback", where, f"{type(exc).__name__}: {exc}")
            for label, game_seed in (("secret", secrets.randbits(128)), ("small", seed)):
                game = tabletop_core.new_game(ruleset, scenario, seed=game_seed, variants=variants)
                tabletop_core.play(game, tabletop_core.agents_for(game, "random"))
                for player in game.rules.players:
                    path = Path(tmp) / f"{player}.jsonl"
                    game.export_view(path, player)
                    text = path.read_text()
                    lines = [json.loads(line) for line in text.splitlines()]
                    if (label == "secret" and str(game_seed) in text) or lines[0]["header"].get("seed") is not None:
                        tally.fail("seed in a view", where, f"{player}'s export carries the seed")
                        continue
                    try:
                        tabletop_core.load_game(path)
                        tally.fail("view rebuilds", where, f"{player}'s view loaded as a game")
                    except TabletopError:
                        pass
                    found = rebuilt_seed([line["event"] for line in lines[1:-1]], ruleset, scenario, variants,
                                         player, args.tries, game.codec)
                    if label == "secret":
                        if found is None:
                            tally.ok("views with a secret seed not re-simulated")
                        else:
                            tally.fail("re-simulated", where, f"{player}'s view matched seed {found}")
                    else:
                        tally.ok("views with a small seed re-simulated (guessable: use --seed random)"
                                 if found is not None else "views with a small seed not re-simulated")
    return tally.summary()


if __name__ == "__main__":
    sys.exit(main())
