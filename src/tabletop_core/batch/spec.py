"""What a batch is: the frozen description every worker gets and ``batch.json`` records.

A :class:`BatchSpec` is checked once, in the parent, against the installed plug-ins (unknown
ruleset, scenario, variant or agent, wrong number of agents), so a batch fails in one clear line
before any worker starts, and workers never meet a naming error thousands of times over.
Everything in it is plain data (strings, ints, tuples), so it pickles to any executor; plug-ins
that are not installed as entry points travel as importable module paths, never as objects.
"""
from __future__ import annotations

import importlib
import shlex
from functools import lru_cache
from typing import Any, Iterable, Sequence

import attrs

from ..version import __version__ as ENGINE_VERSION
from ..errors import UnknownNameError
from ..plugins import Host, make_plugin_manager
from .errors import BatchError, WorkerSetupError
from .seeds import check_batch_seed

FORMAT = "tabletop-batch/1"
SEEDING = "numpy.random.SeedSequence(seed).spawn(games)[index].generate_state(1, uint64)[0] >> 11"

# The fields that make two batches the same batch: ``--resume`` refuses a directory that differs
# in any of them.  ``games`` is not one: game i's seed does not depend on the total, so a batch may
# be resumed with a larger (or smaller) ``games``.
IDENTITY = ("ruleset", "ruleset_version", "engine", "scenario", "agents", "variants", "seed",
            "plugins", "entry_points", "max_decisions")


MAX_GAMES = 10**9  # a billion games: a year of CPU for the fastest ruleset; beyond it, a typo


@lru_cache(maxsize=8)
def host_for(plugins: tuple[str, ...], entry_points: bool) -> Host:
    """A plug-in host built from importable module paths, once per process and plug-in list.

    A memo, not state: the same key always gives an equivalent host.  It saves each chunk the
    2 ms (27 ms the first time) of asking pluggy and the entry points what is installed."""
    modules = []
    for path in plugins:
        try:
            modules.append(importlib.import_module(path))
        except ImportError as exc:
            raise WorkerSetupError(f"plug-in module {path!r} cannot be imported here ({exc}); "
                                   "every worker needs it installed") from None
    return Host(make_plugin_manager(entry_points=entry_points, plugins=modules))


def split_agents(agents: str | Iterable[str]) -> list[str]:
    if isinstance(agents, str):
        return [a.strip() for a in agents.split(",") if a.strip()]
    return [str(a) for a in agents]


@attrs.frozen
class BatchSpec:
    """One batch: which games to play and how.  Build it with :meth:`resolve`."""

    ruleset: str
    scenario: str
    games: int
    seed: int
    agents: tuple[str, ...]  # one per side, in seat order
    variants: tuple[str, ...] = ()
    players: tuple[str, ...] = ()
    ruleset_version: str = ""
    engine: str = ENGINE_VERSION
    plugins: tuple[str, ...] = ()  # importable module paths registered on top of the entry points
    entry_points: bool = True
    max_decisions: int | None = None  # None: the ruleset's declared bound

    @classmethod
    def resolve(cls, ruleset: str, scenario: str, *, games: int, seed: int = 0,
                agents: str | Iterable[str] = "random", variants: Iterable[str] = (),
                plugins: Sequence[str] = (), entry_points: bool = True,
                max_decisions: int | None = None) -> "BatchSpec":
        """Check every name against the installed plug-ins and normalise (one agent name → one per
        side), so that two spellings of the same batch have the same ``batch.json``."""
        if not isinstance(games, int) or isinstance(games, bool) or games < 0:
            raise BatchError(f"the number of games must be a non-negative integer, got {games!r}")
        if games > MAX_GAMES:
            raise BatchError(f"{games} games is more than one batch holds ({MAX_GAMES}): split it into batches "
                             "with different seeds")
        check_batch_seed(seed)
        if max_decisions is not None and max_decisions < 1:
            raise BatchError(f"max_decisions must be at least 1, got {max_decisions!r}")
        plugins = tuple(plugins)
        host = host_for(plugins, entry_points)
        variants = tuple(variants)
        rules = host.rules(ruleset, variants)
        if scenario not in rules.scenarios():
            raise UnknownNameError(f"scenario of {ruleset}", scenario, list(rules.scenarios()))
        names = split_agents(agents)
        players = tuple(rules.players)
        if len(names) == 1:
            names = names * len(players)
        if len(names) != len(players):
            raise BatchError(f"{ruleset} has {len(players)} players ({', '.join(players)}); got {len(names)} agents")
        known = host.agent_names(ruleset)
        for name in names:
            if name not in known:
                raise UnknownNameError(f"agent for {ruleset}", name, known)
            if name == "human":
                raise BatchError("a batch cannot seat the 'human' agent: nobody would answer thousands of games")
        return cls(ruleset=ruleset, scenario=scenario, games=games, seed=seed, agents=tuple(names),
                   variants=variants, players=players, ruleset_version=str(rules.version),
                   plugins=plugins, entry_points=entry_points, max_decisions=max_decisions)

    def host(self) -> Host:
        return host_for(self.plugins, self.entry_points)

    def to_json(self) -> dict[str, Any]:
        """What ``batch.json`` holds (plus the seeding recipe, for readers of the file)."""
        return {
            "format": FORMAT,
            "ruleset": self.ruleset,
            "ruleset_version": self.ruleset_version,
            "engine": self.engine,
            "scenario": self.scenario,
            "games": self.games,
            "seed": self.seed,
            "agents": list(self.agents),
            "players": list(self.players),
            "variants": list(self.variants),
            "plugins": list(self.plugins),
            "entry_points": self.entry_points,
            "max_decisions": self.max_decisions,
            "seeding": SEEDING,
        }

    def identity(self) -> dict[str, Any]:
        data = self.to_json()
        return {key: data[key] for key in IDENTITY}

    def replay_command(self, game_seed: int) -> str:
        """The ``tabletop play`` command that plays one game of this batch again, move for move."""
        words = ["tabletop", "play", self.ruleset, self.scenario, "--seed", str(game_seed),
                 "--agents", ",".join(self.agents)]
        for variant in self.variants:
            words += ["--variant", variant]
        command = " ".join(shlex.quote(w) for w in words)
        notes = []
        if self.plugins:
            notes.append(f"with the plug-ins {', '.join(self.plugins)} registered")
        if self.max_decisions is not None:
            notes.append(f"the batch stopped games at {self.max_decisions} decisions")
        return command + (f"  # {'; '.join(notes)}" if notes else "")
