"""The ``tabletop`` command.

    tabletop rulesets
    tabletop scenarios RULESET
    tabletop play RULESET SCENARIO [--seed N] [--agents A,B] [--variant V]... [--log PATH] [--quiet]
    tabletop replay PATH [--verify] [--to N] [--partial] [--key-file KEY]
    tabletop check-view VIEW FULL_LOG [--key-file KEY]
    tabletop render PATH [--at N] [--as PLAYER] -o FILE.svg|FILE.png
    tabletop view PATH [--as PLAYER] -o replay.html

A mistake a user can make (unknown name, illegal input, bad or corrupt file, a path that cannot
be written) ends with exit code 2 and one line on stderr; a ``--verify`` mismatch ends with exit
code 1.  ``--seed random`` draws a seed from the operating system's entropy (recorded in the full
log): the seed is the host's secret, and a small one can be guessed by trying them all.
"""
from __future__ import annotations

import argparse
import secrets
import sys
from typing import NoReturn, Sequence

from . import agents_for, default_host, rules_resolver
from . import gamelog
from .batch import command as batch_command
from .drawing import commands as drawing_commands
from .errors import ReplayMismatchError, TabletopError
from .game import Game
from .runner import play


class _Parser(argparse.ArgumentParser):
    """argparse, with a usage error told in one line (the full usage is one ``--help`` away)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message} (see {self.prog} --help)\n")


def seed_argument(text: str) -> int:
    """``--seed``: an integer, or ``random`` for 128 bits from the operating system's entropy."""
    if text == "random":
        return secrets.randbits(128)
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected an integer or 'random', got {text[:40]!r}") from None


def _key(args: argparse.Namespace) -> bytes | None:
    return gamelog.load_key(getattr(args, "key_file", None))


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="tabletop", description="Play board wargames by their full rules.")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("rulesets", help="list the installed rulesets")
    p = sub.add_parser("scenarios", help="list a ruleset's scenarios")
    p.add_argument("ruleset")
    p = sub.add_parser("variants", help="list a ruleset's variants")
    p.add_argument("ruleset")
    p = sub.add_parser("play", help="play a game to the end")
    p.add_argument("ruleset")
    p.add_argument("scenario")
    p.add_argument("--seed", type=seed_argument, default=0, help="an integer, or 'random' (a secret seed)")
    p.add_argument("--agents", default="random,random", help="one agent per side, in seat order (random, human, ...)")
    p.add_argument("--variant", action="append", default=[], help="a variant or house rule; repeatable")
    p.add_argument("--log", help="write the game's log to this path")
    p.add_argument("--as", dest="as_player", help="narrate only what this player sees")
    p.add_argument("--quiet", action="store_true", help="print only the result")
    _key_argument(p)
    p = sub.add_parser("replay", help="rebuild a game from its log")
    p.add_argument("path")
    p.add_argument("--verify", action="store_true", help="re-simulate from the seed and actions and compare")
    p.add_argument("--to", type=int, help="stop after this many events (0 to the log's count)")
    p.add_argument("--narrate", action="store_true", help="print the narration while replaying")
    p.add_argument("--partial", action="store_true", help="accept an interrupted log (no end line)")
    _key_argument(p)
    p = sub.add_parser("check-view", help="check a player's view against the full log revealed after the game")
    p.add_argument("view")
    p.add_argument("full_log")
    _key_argument(p)
    batch_command.add_arguments(sub.add_parser("batch", help="play many seeded games and summarise the results"))
    drawing_commands.add_render_arguments(sub.add_parser("render", help="draw one position of a logged game as SVG or PNG"))
    drawing_commands.add_view_arguments(sub.add_parser("view", help="write a logged game as a self-contained HTML replay"))
    return parser


def _key_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--key-file", help="the host's key: write or read logs keyed with it "
                        f"(default: the file named by ${gamelog.KEY_ENV}, if set)")


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        return _COMMANDS[args.command](args)
    except OSError as exc:
        where = f"{exc.filename}: " if exc.filename else ""
        print(f"tabletop: {where}{exc.strerror or exc}", file=sys.stderr)
        return 2
    except MemoryError:
        print("tabletop: out of memory (an input too large?)", file=sys.stderr)
        return 2
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


def _rulesets(args: argparse.Namespace) -> int:
    for info in default_host().rulesets().values():
        print(f"{info.name}\t{info.version}\t{info.title}")
    return 0


def _scenarios(args: argparse.Namespace) -> int:
    for scenario in default_host().scenarios(args.ruleset).values():
        print(f"{scenario.id}\t{scenario.title}")
    return 0


def _variants(args: argparse.Namespace) -> int:
    host = default_host()
    host.ruleset_info(args.ruleset)
    for variant in host.variants(args.ruleset):
        print(f"{variant.name}\t{variant.title}")
    return 0


def _play(args: argparse.Namespace) -> int:
    host = default_host()
    rules = host.rules(args.ruleset, args.variant)
    game = Game.start(rules, args.scenario, seed=args.seed)
    seats = agents_for(game, args.agents, host=host)
    writer = None
    if args.log is not None:
        writer = gamelog.LogWriter(args.log, game.header, key=_key(args))
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


def _replay(args: argparse.Namespace) -> int:
    raw = gamelog.read(args.path, key=_key(args), partial=args.partial)
    if raw.interrupted:
        print(f"interrupted: the log has no end line; rebuilt up to its last whole line ({len(raw.records)} events)")
    game = Game.from_raw(raw, rules_resolver(default_host()), path=args.path, upto=args.to)
    if args.narrate:
        for _event, line in game.narrated():
            if line:
                print(line)
    print(f"events: {len(game.events)}")
    print(f"digest: {game.digest()}")
    print(f"result: {game.result if game.result else 'not finished'}")
    if args.verify:
        game.verify(prefix=args.to is not None or raw.interrupted)
        print("verify: ok (re-simulation matches every event)")
    return 0


def _check_view(args: argparse.Namespace) -> int:
    from .reveal import check_view

    report = check_view(args.view, args.full_log, rules_resolver(default_host()), key=_key(args))
    print(f"view of {report.player}: {report.events} events match the full log ({report.full_events} events); "
          f"the seed opens the commitment {report.commitment[:16]}...; the full log re-simulates")
    return 0


_COMMANDS = {"rulesets": _rulesets, "scenarios": _scenarios, "variants": _variants, "play": _play, "replay": _replay,
             "batch": batch_command.command, "render": drawing_commands.render_command,
             "view": drawing_commands.view_command, "check-view": _check_view}

if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
