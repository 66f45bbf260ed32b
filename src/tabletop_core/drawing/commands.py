"""The ``render`` and ``view`` subcommands of ``tabletop`` (registered from :mod:`tabletop_core.cli`).

    tabletop render LOG [--at N] [--as PLAYER] -o FILE.svg|FILE.png
    tabletop view LOG [--as PLAYER] -o replay.html

Both rebuild the game from a full log (appliers only) and draw it as ``PLAYER`` sees it (default:
the referee, who sees everything).  ``--at N`` is the position at the N-th decision (0 = the first
one; default: the last position).  PNG needs the optional ``cairosvg`` package; without it the
command says so and writes nothing.
"""
from __future__ import annotations

import argparse
from pathlib import Path

from .. import default_host, gamelog, rules_resolver
from ..errors import TabletopError
from ..game import Game
from .replay import position_at, positions
from .viewer import replay_html


def add_render_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("path", help="a game log written by `tabletop play --log`")
    parser.add_argument("--at", type=int, help="the position at this decision (0 = the first; default: the last)")
    parser.add_argument("--as", dest="as_player", help="draw only what this player sees")
    parser.add_argument("-o", "--output", required=True, help="the picture to write: .svg or .png")


def add_view_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("path", help="a game log written by `tabletop play --log`")
    parser.add_argument("--as", dest="as_player", help="show only what this player sees")
    parser.add_argument("-o", "--output", required=True, help="the HTML file to write")


def _load(args: argparse.Namespace) -> tuple[Game, str | None]:
    game = Game.from_raw(gamelog.read(args.path), rules_resolver(default_host()), path=args.path)
    player = args.as_player
    if player is not None and player not in game.rules.players:
        raise TabletopError(f"--as {player!r}: {game.rules.name} has the players {', '.join(game.rules.players)}")
    return game, player


def _write(path: str, data: bytes | str) -> None:
    try:
        if isinstance(data, str):
            Path(path).write_text(data, encoding="utf-8")
        else:
            Path(path).write_bytes(data)
    except OSError as exc:
        raise TabletopError(f"cannot write {path}: {exc.strerror or exc}") from None


def svg_to_png(svg: str) -> bytes:
    """PNG bytes of an SVG document through cairosvg (optional: ``pip install cairosvg``)."""
    try:
        import cairosvg
    except (ImportError, OSError) as exc:  # OSError: the package is there but the cairo library is not
        raise TabletopError(f"PNG output needs cairosvg and the cairo library ({exc}); write .svg instead") from None
    png: bytes = cairosvg.svg2png(bytestring=svg.encode("utf-8"))
    return png


def render_command(args: argparse.Namespace) -> int:
    suffix = Path(args.output).suffix.lower()
    if suffix not in (".svg", ".png"):
        raise TabletopError(f"-o {args.output}: write a .svg or a .png file")
    game, player = _load(args)
    if args.at is not None and args.at < 0:
        raise TabletopError(f"--at {args.at}: a decision number is 0 or more")
    position = position_at(game.rules, game.events, player, args.at)
    svg = position.scene.svg()
    _write(args.output, svg if suffix == ".svg" else svg_to_png(svg))
    print(f"wrote {args.output} (position {position.number})")
    return 0


def view_command(args: argparse.Namespace) -> int:
    game, player = _load(args)
    header = game.header
    subtitle = f"{header.ruleset} {header.scenario}, " + (f"as {player} sees it" if player else f"referee's view, seed {header.seed}")
    html = replay_html(positions(game.rules, game.events, player), title=game.rules.title or game.rules.name, subtitle=subtitle)
    _write(args.output, html)
    print(f"wrote {args.output}")
    return 0
