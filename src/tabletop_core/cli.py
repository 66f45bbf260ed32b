"""The ``tabletop`` command.

    tabletop rulesets
    tabletop scenarios RULESET
    tabletop play RULESET SCENARIO [--seed N] [--agents A,B] [--variant V]... [--log PATH] [--quiet]
    tabletop replay PATH [--verify] [--to N]
    tabletop render PATH [--at N] [--as PLAYER] -o FILE.svg|FILE.png
    tabletop view PATH [--as PLAYER] -o replay.html

A mistake a user can make (unknown name, illegal input, bad or corrupt file) ends with exit code 2
and one line on stderr; a ``--verify`` mismatch ends with exit code 1.
"""
from __future__ import annotations

import argparse
import sys
from typing import Sequence

from . import agents_for, default_host, rules_resolver
from . import gamelog
from .batch import command as batch_command
from .drawing import commands as drawing_commands
from .errors import ReplayMismatchError, TabletopError
from .game import Game
from .runner import play


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="tabletop", description="Play board wargames by their full rules.")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("rulesets", help="list the installed rulesets")
    p = sub.add_parser("scenarios", help="list a ruleset's scenarios")
    p.add_argument("ruleset")
    p = sub.add_parser("variants", help="list a ruleset's variants")
    p.add_argument("ruleset")
    p = sub.add_parser("play", help="play a game to the end")
    p.add_argument("ruleset")
    p.add_argument("scenario")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--agents", default="random,random", help="one agent per side, in seat order (random, human, ...)")
    p.add_argument("--variant", action="append", default=[], help="a variant or house rule; repeatable")
    p.add_argument("--log", help="write the game's log to this path")
    p.add_argument("--as", dest="as_player", help="narrate only what this player sees")
    p.add_argument("--quiet", action="store_true", help="print only the result")
    p = sub.add_parser("replay", help="rebuild a game from its log")
    p.add_argument("path")
    p.add_argument("--verify", action="store_true", help="re-simulate from the seed and actions and compare")
    p.add_argument("--to", type=int, help="stop after this many events")
    p.add_argument("--narrate", action="store_true", help="print the narration while replaying")
    batch_command.add_arguments(sub.add_parser("batch", help="play many seeded games and summarise the results"))
    drawing_commands.add_render_arguments(sub.add_parser("render", help="draw one position of a logged game as SVG or PNG"))
    drawing_commands.add_view_arguments(sub.add_parser("view", help="write a logged game as a self-contained HTML replay"))
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        return _COMMANDS[args.command](args)
    except ReplayMismatchError as exc:
        print(f"tabletop: verify failed: {exc}", file=sys.stderr)
        return 1
    except TabletopError as exc:
        print(f"tabletop: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("tabletop: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0


def _rulesets(args) -> int:
    for info in default_host().rulesets().values():
        print(f"{info.name}\t{info.version}\t{info.title}")
    return 0


def _scenarios(args) -> int:
    for scenario in default_host().scenarios(args.ruleset).values():
        print(f"{scenario.id}\t{scenario.title}")
    return 0


def _variants(args) -> int:
    host = default_host()
    host.ruleset_info(args.ruleset)
    for variant in host.variants(args.ruleset):
        print(f"{variant.name}\t{variant.title}")
    return 0


def _play(args) -> int:
    host = default_host()
    rules = host.rules(args.ruleset, args.variant)
    game = Game.start(rules, args.scenario, seed=args.seed)
    seats = agents_for(game, args.agents, host=host)
    writer = None
    if args.log:
        writer = gamelog.LogWriter(args.log, game.header)
        for event in game.events:
            writer.event(game.codec.event_to_dict(event))
        game.subscribe(lambda event: writer.event(game.codec.event_to_dict(event)))
    if not args.quiet:
        viewer = args.as_player
        if viewer is not None and viewer not in rules.players:
            raise TabletopError(f"--as {viewer!r}: {rules.name} has the players {', '.join(rules.players)}")
        game.narrate_to(print, player=viewer)
    host.attach_observers(game)
    try:
        result = play(game, seats)
    except BaseException:
        if writer is not None:
            writer.abandon()
        raise
    host.game_ended(game)
    if writer is not None:
        writer.close(game.end_summary())
    print(f"result: {result}")
    return 0


def _replay(args) -> int:
    raw = gamelog.read(args.path)
    game = Game.from_raw(raw, rules_resolver(default_host()), path=args.path, upto=args.to)
    if args.narrate:
        for _event, line in game.narrated():
            if line:
                print(line)
    print(f"events: {len(game.events)}")
    print(f"digest: {game.digest()}")
    print(f"result: {game.result if game.result else 'not finished'}")
    if args.verify:
        game.verify(prefix=args.to is not None)
        print("verify: ok (re-simulation matches every event)")
    return 0


_COMMANDS = {"rulesets": _rulesets, "scenarios": _scenarios, "variants": _variants, "play": _play, "replay": _replay,
             "batch": batch_command.command, "render": drawing_commands.render_command,
             "view": drawing_commands.view_command}

if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
