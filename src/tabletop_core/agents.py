"""Agents: who chooses actions.  The core ships a seeded random agent and a human at the terminal.

An agent is any object with ``choose(view) -> Action``.  The :class:`AgentView` it gets shows the
current decision and, on demand, the player's own observation and history — never the full state,
so an agent cannot peek at hidden information.
"""
from __future__ import annotations

import hashlib
import json
import sys
import zlib
from typing import TYPE_CHECKING, Any, Callable, TextIO

from .errors import TabletopError
from .hookspecs import hookimpl
from .rng import CounterRNG
from .values import Action, Decision, Event

if TYPE_CHECKING:  # the game module does not import agents; this only names the type
    from .game import Game
    from .registries import AgentRegistry
    from .rules import Rules


class AgentView:
    """One decision as the deciding player sees it: what an agent's ``choose(view)`` gets.

    ``player`` and ``decision`` (who decides, the legal actions, the prompt); ``observation``,
    the player's own filtered view of the table; ``events()``, the history as the player may see
    it; ``describe(action)``, an action's human name.  Never the full state or the seed, so an
    agent cannot peek at hidden information."""

    __slots__ = ("_game", "player", "decision")

    def __init__(self, game: "Game", player: str, decision: Decision):
        self._game = game
        self.player = player
        self.decision = decision

    @property
    def observation(self) -> dict[str, Any]:
        """What the player may see now (``Rules.observe``)."""
        return self._game.observe(self.player)

    def events(self) -> list[Event]:
        """The history as the player may see it (each event redacted for them)."""
        return self._game.events_for(self.player)

    def describe(self, action: Action) -> str:
        """The action's human name (``Rules.describe_action``)."""
        return self._game.rules.describe_action(action, self._game.state)

    def check(self, action: Action) -> str | None:
        """Why ``action`` would be refused now (None: it is legal).  Changes nothing."""
        return self._game.check(action)

    def parse(self, text: str) -> Action | None:
        """A parametric action typed by a person, read by the ruleset (None: not one)."""
        game = self._game
        return game.rules.parse_action(text, game.state, self.decision)

    def parametric_help(self) -> str:
        return self._game.rules.parametric_help(self.decision) if self.decision.accepts else ""


def agent_seed(seed: int, player: str) -> int:
    """A stable per-player seed (Python's str hash is salted per process, so it is not used)."""
    return seed * 1_000_003 + zlib.crc32(player.encode())


def seat_seed(game_seed: int, player: str) -> int:
    """The seed an agent of ``player``'s seat gets: a one-way digest of the game's seed and the seat.

    The game's seed is the host's secret (it rebuilds every hidden card and future die), so an agent
    (a bot plug-in of anyone's) never receives it, nor anything it could be computed back from: the
    digest is keyed by the seat, so two seats' seeds tell nothing of each other either.  Same game
    seed and seat, same agent seed, so seeded games stay reproducible."""
    digest = hashlib.blake2b(str(game_seed).encode(), digest_size=8, key=player.encode()[:64],
                             person=b"tabletop.seat").digest()
    return int.from_bytes(digest, "big") >> 11  # 53 bits: survives any JSON reader, like game seeds


class RandomAgent:
    """Picks uniformly among the legal actions, from its own seeded generator."""

    def __init__(self, *, seed: int = 0, player: str = "", rules: "Rules | None" = None):
        self._rng = CounterRNG(agent_seed(seed, player))

    def choose(self, view: AgentView) -> Action:
        actions = view.decision.actions
        return actions[self._rng.below(len(actions))]


class QuitGame(TabletopError):
    """The human at the terminal asked to stop."""


class HumanAgent:
    """Lists the numbered suggested actions and the player's own view; reads a choice from the
    terminal: a number, or — where the decision accepts parametric actions — one typed out in the
    ruleset's notation (coordinates for a measured move), checked before it is returned."""

    def __init__(self, *, seed: int = 0, player: str = "", rules: "Rules | None" = None, stdin: TextIO | None = None,
                 stdout: TextIO | None = None, show: Callable[[dict[str, Any]], str] | None = None):
        self.player = player
        self._in = stdin or sys.stdin
        self._out = stdout or sys.stdout
        self._show = show or (lambda obs: json.dumps(obs, indent=1, sort_keys=True, default=str))

    def choose(self, view: AgentView) -> Action:
        out = self._out
        decision = view.decision
        print(f"\n== {view.player} to decide{': ' + decision.prompt if decision.prompt else ''}", file=out)
        while True:
            for number, action in enumerate(decision.actions, start=1):
                print(f"  {number:3d}. {view.describe(action)}", file=out)
            typed = view.parametric_help()
            if typed:
                print(f"  or type {typed}", file=out)
            print("number, 'v' to view the table, 'q' to quit > ", end="", file=out, flush=True)
            line = _read_answer(self._in)
            if not getattr(self._in, "isatty", lambda: False)():
                print(file=out)  # piped input is not echoed: end the prompt's line ourselves
            if not line:
                raise QuitGame("input ended")
            answer = line.strip().lower()
            if answer in ("q", "quit"):
                raise QuitGame("quit at the terminal")
            if answer in ("v", "view"):
                print(self._show(view.observation), file=out)
                continue
            if answer.isdigit() and len(answer) <= 9 and 1 <= int(answer) <= len(decision.actions):
                return decision.actions[int(answer) - 1]
            if decision.accepts:
                proposed = self._typed(view, line.strip())
                if proposed is not None:
                    return proposed
                continue
            print(f"please type a number from 1 to {len(decision.actions)}", file=out)

    def _typed(self, view: AgentView, text: str) -> Action | None:
        """A typed parametric action if the ruleset reads one and it is legal; else say why."""
        out = self._out
        try:
            action = view.parse(text)
        except ValueError as exc:
            print(f"cannot read that: {exc}", file=out)
            return None
        if action is None:
            print(f"please type a number from 1 to {len(view.decision.actions)}, or {view.parametric_help()}", file=out)
            return None
        reason = view.check(action)
        if reason is not None:
            print(f"not allowed: {reason}", file=out)
            return None
        return action


MAX_ANSWER = 256  # characters of an answer kept; a longer line is drained and refused


def _read_answer(stream: TextIO) -> str:
    """One line of input, at most MAX_ANSWER characters (the rest of a longer line is read and
    dropped, so a pasted megabyte costs nothing and is answered like any other bad input)."""
    line = stream.readline(MAX_ANSWER + 1)
    if len(line) <= MAX_ANSWER or line.endswith("\n"):
        return line
    rest = line
    while rest and not rest.endswith("\n"):
        rest = stream.readline(1 << 16)
    return "?" * MAX_ANSWER + "\n"


@hookimpl
def tabletop_register_agents(registry: "AgentRegistry") -> None:
    """The core's agents: ``random`` and ``human``."""

    registry.add("random", RandomAgent, description="uniform over legal actions, seeded")
    registry.add("human", HumanAgent, description="a person at the terminal")
