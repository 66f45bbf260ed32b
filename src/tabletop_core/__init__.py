"""tabletop_core: the engine every rules plug-in runs on.

    >>> import tabletop_core
    >>> game = tabletop_core.new_game("orgun1983", "orgun-1983", seed=7)
    >>> result = tabletop_core.play(game, tabletop_core.agents_for(game, "random,random"))
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping

from .version import __version__
from .errors import (  # noqa: E402
    CorruptLogError,
    DataFileError,
    IllegalActionError,
    LogError,
    TabletopError,
    TruncatedLogError,
    UnknownNameError,
)
from .agents import AgentView, seat_seed  # noqa: E402
from .game import Game  # noqa: E402
from .gamelog import Header  # noqa: E402
from .hookspecs import hookimpl  # noqa: E402
from .plugins import Host, make_plugin_manager  # noqa: E402
from .registries import RulesetInfo  # noqa: E402
from .referee import Referee, RefereeError  # noqa: E402
from .rules import FrameDispatch, Rules, Scenario  # noqa: E402
from .runner import play  # noqa: E402
from .state import BaseState  # noqa: E402
from .values import Action, Decision, Event, Frame, Result  # noqa: E402


@lru_cache(maxsize=1)
def default_host() -> Host:
    """The host over installed plug-ins, built on first use (never at import time)."""
    return Host()


def rulesets(host: Host | None = None) -> dict[str, RulesetInfo]:
    """Installed rulesets: name -> :class:`~tabletop_core.registries.RulesetInfo` (name, version, title)."""
    return (host or default_host()).rulesets()


def new_game(ruleset: str, scenario: str, *, seed: int = 0, variants: Iterable[str] = (),
             options: Mapping[str, Any] | None = None, host: Host | None = None) -> Game:
    """Start ``scenario`` of the installed ruleset ``ruleset`` and run it to its first decision.

    ``seed``: every random outcome derives from it (and is recorded); it is the host's secret —
    no player's view carries it — so for a game with hidden information draw it from
    ``secrets.randbits(128)`` rather than a small number a player could guess.  ``variants``:
    variant or house-rule plug-ins layered in order.  ``options``: scenario options, recorded in
    the log's header.  ``host``: the plug-ins to use (default: those installed).  Raises
    :class:`UnknownNameError` for an unknown ruleset, scenario or variant."""
    host = host or default_host()
    rules = host.rules(ruleset, tuple(variants))
    game = Game.start(rules, scenario, seed=seed, options=options)
    return game


def rules_resolver(host: Host | None = None) -> Callable[[Header], Rules]:
    """A function mapping a log's header to a fresh rules object (with the header's variants),
    for :meth:`Game.load` and :func:`tabletop_core.reveal.check_view`."""
    host = host or default_host()

    def resolve(header: Header) -> Rules:
        return host.rules(header.ruleset, header.variants)

    return resolve


def load_game(path: str | Path, *, host: Host | None = None, upto: int | None = None, key: bytes | None = None,
              partial: bool = False) -> Game:
    """Rebuild a game from a log or save file (checked line by line).

    ``upto``: stop after that many events.  ``key``: the host's key for a keyed log (an unkeyed
    log is then refused: it was not written under this key).  ``partial``: accept an interrupted
    log (no end line) and rebuild it up to its last whole line, to play on from there."""
    return Game.load(path, rules_resolver(host), upto=upto, key=key, partial=partial)


def agents_for(game: Game, names: str | Iterable[str], *, host: Host | None = None) -> dict[str, object]:
    """Agents by name for each seat, in seat order (``"random,human"``), seeded from the game.

    Each agent gets :func:`~tabletop_core.agents.seat_seed` of the game's seed and its seat, never
    the game's seed itself (which would let a bot rebuild the hidden cards and future dice)."""
    host = host or default_host()
    if isinstance(names, str):
        names = [n.strip() for n in names.split(",") if n.strip()]
    names = list(names)
    players = game.rules.players
    if len(names) == 1:
        names = names * len(players)
    if len(names) != len(players):
        raise TabletopError(f"{game.rules.name} has {len(players)} players ({', '.join(players)}); got {len(names)} agents")
    seed = game.header.seed or 0  # a game always has its seed; only a player's view lacks one
    return {p: host.agent(n, seed=seat_seed(seed, p), player=p, rules=game.rules) for p, n in zip(players, names)}


__all__ = [
    "Action", "AgentView", "BaseState", "CorruptLogError", "DataFileError", "Decision", "Event", "Frame", "FrameDispatch",
    "Game", "Host", "IllegalActionError", "LogError", "Referee", "RefereeError", "Result", "Rules", "Scenario",
    "TabletopError",
    "TruncatedLogError", "UnknownNameError", "agents_for", "default_host", "hookimpl", "load_game",
    "make_plugin_manager", "new_game", "play", "rulesets", "rules_resolver",
]
