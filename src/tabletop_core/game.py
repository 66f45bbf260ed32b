"""One game: a state folded from events, the decision it waits for, and its history.

``Game.start`` sets a scenario up and runs automatic steps until someone must decide.
``apply`` checks an action against the current decision — one of its suggestions, or an action of
a parametric kind it accepts that the ruleset's ``check`` passes — refusing it, state untouched, if
it is not legal; records it, lets the rules resolve it and runs on to the next decision.  The history
is the list of events; ``save`` writes it as a hash-chained log, ``Game.load`` folds one back.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping

import attrs

from . import __version__ as ENGINE_VERSION
from . import gamelog
from .codec import Codec
from .context import Context
from .errors import (
    CorruptLogError,
    GameOverError,
    IllegalActionError,
    ReplayMismatchError,
    RulesetError,
    UndoError,
    UnknownNameError,
)
from .events import ActionTaken, GameStarted, core_appliers
from .rules import Rules
from .values import Action, Decision, Event, Result

MAX_AUTOMATIC_STEPS = 100_000


@lru_cache(maxsize=64)
def _codec(events: tuple[type, ...], actions: tuple[type, ...], frames: tuple[type, ...]) -> Codec:
    return Codec(events=events, actions=actions, frames=frames)


def codec_for(rules: Rules) -> Codec:
    """The ruleset's private converter: built once per set of types (building one costs ~20 ms,
    and a batch creates a rules object per game)."""
    return _codec(tuple(rules.events), tuple(rules.actions), tuple(rules.frames))


def appliers_for(rules: Rules) -> dict[type, Callable[[Any, Any], None]]:
    table = rules.__dict__.get("_appliers")
    if table is None:
        table = core_appliers.merged(rules.appliers).table
        missing = [e.__name__ for e in rules.events if e not in table]
        if missing:
            raise RulesetError(f"{rules.name}: events without an apply function: {', '.join(missing)}")
        rules.__dict__["_appliers"] = table
    return table


class Game:
    def __init__(self, rules: Rules, header: gamelog.Header):
        self.rules = rules
        self.header = header
        self.codec = codec_for(rules)
        self.state = rules.new_state()
        self.events: list[Event] = []
        self._appliers = appliers_for(rules)
        self._decision: Decision | None = None
        self._listeners: list[Callable[[Event], None]] = []
        self._ctx = Context(self.state, self._apply_event, self._record)

    # -- creation -------------------------------------------------------------------------------
    @classmethod
    def start(
        cls, rules: Rules, scenario: str, *, seed: int = 0, options: Mapping[str, Any] | None = None
    ) -> "Game":
        scenarios = rules.scenarios()
        if scenario not in scenarios:
            raise UnknownNameError(f"scenario of {rules.name}", scenario, list(scenarios))
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise TypeError(f"seed must be an integer, got {seed!r}")
        header = gamelog.Header(
            engine=ENGINE_VERSION,
            ruleset=rules.name,
            ruleset_version=rules.version,
            scenario=scenario,
            seed=seed,
            options=dict(options or {}),
            variants=tuple(rules.variants),
        )
        game = cls(rules, header)
        game._ctx.emit(GameStarted(rules.name, scenario, seed))
        rules.setup(game._ctx, scenario, header.options)
        game._run_automatic()
        return game

    @classmethod
    def from_events(cls, rules: Rules, header: gamelog.Header, events: Iterable[Event]) -> "Game":
        """Fold recorded events into a state; draws nothing and asks the rules nothing but appliers."""
        game = cls(rules, header)
        apply = game._apply_event
        record = game.events.append
        for event in events:
            apply(event)
            record(event)
        return game

    # -- listening ------------------------------------------------------------------------------
    def subscribe(self, listener: Callable[[Event], None]) -> None:
        """Call ``listener(event)`` after each new event (observers, narrators, log writers)."""
        self._listeners.append(listener)

    def _apply_event(self, event: Event) -> None:
        self._appliers[type(event)](self.state, event)

    def _record(self, event: Event) -> None:
        self.events.append(event)
        for listener in self._listeners:
            listener(event)

    # -- decisions ------------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.state.result is not None

    @property
    def result(self) -> Result | None:
        return self.state.result

    @property
    def decision(self) -> Decision | None:
        """Who must decide now and what is legal; None once the game is over."""
        if self.state.result is not None:
            return None
        if self._decision is None:
            decision = self.rules.decision(self.state)
            if decision is None:
                raise RulesetError(f"{self.rules.name}: the game is waiting, but no one is asked to decide")
            self._decision = decision
        return self._decision

    def legal_actions(self) -> tuple[Action, ...]:
        decision = self.decision
        return decision.actions if decision else ()

    def apply(self, action: Action, *, player: str | None = None) -> None:
        """Take ``action`` for the deciding player.  An illegal action raises IllegalActionError and
        changes nothing."""
        if self.state.result is not None:
            raise GameOverError(action, f"the game is over ({self.state.result})")
        decision = self.decision
        assert decision is not None
        if player is not None and player != decision.player:
            raise IllegalActionError(action, f"it is {decision.player}'s decision, not {player}'s")
        if action not in decision.actions:  # the suggestions first: the common, cheap case
            reason = self._refusal(action, decision)
            if reason is not None:
                raise IllegalActionError(action, reason)
        mark = len(self.events)
        try:
            self._ctx.emit(ActionTaken(decision.player, action))
            self._decision = None
            self.rules.act(self._ctx, action)
            self._run_automatic()
        except BaseException:
            self._rewind(mark)
            raise

    def check(self, action: Action) -> str | None:
        """Why ``action`` would be refused now, or None when ``apply`` would take it (a suggestion,
        or a parametric action the ruleset's check passes).  Changes nothing."""
        if self.state.result is not None:
            return f"the game is over ({self.state.result})"
        decision = self.decision
        assert decision is not None
        return None if action in decision.actions else self._refusal(action, decision)

    def _refusal(self, action: Action, decision: Decision) -> str | None:
        """The reason an action that is not among the suggestions is refused (None: it is a legal
        parametric action)."""
        if type(action) in decision.accepts:
            try:
                return self.rules.check(self.state, action)
            except (TypeError, ValueError) as exc:  # a malformed proposal, e.g. a field of the wrong type
                return f"malformed {action.TAG}: {exc}"
        reason = self.rules.explain_illegal(self.state, action, decision)
        if reason is None:
            reason = f"not one of the {len(decision.actions)} legal actions for {decision.player}"
            if decision.accepts:
                reason += " and not of a kind it accepts (" + ", ".join(k.TAG for k in decision.accepts) + ")"
            if decision.prompt:
                reason += f" ({decision.prompt})"
        return reason

    def referee(self, script: Callable[[Context], None], *, forced_faces: Iterable[int] = ()) -> None:
        """Act as the referee: ``script(ctx)`` emits events (recorded like any other) to set up a
        position — in tests, tutorials, scenario editors — then the game runs on to the next
        decision.  ``forced_faces`` fixes the next dice faces rolled (tests only).  If the script
        fails, the game is left as it was."""
        mark = len(self.events)
        try:
            self._ctx.force_faces(forced_faces)
            script(self._ctx)
            self._run_automatic()
        except BaseException:
            self._rewind(mark)
            raise

    def force_faces(self, faces: Iterable[int]) -> None:
        """Tests only: the next dice rolled show these faces (recorded as usual; no ``verify``)."""
        self._ctx.force_faces(faces)

    def _run_automatic(self) -> None:
        self._decision = None
        rules, state, ctx = self.rules, self.state, self._ctx
        for _ in range(MAX_AUTOMATIC_STEPS):
            if state.result is not None:
                return
            decision = rules.decision(state)
            if decision is not None:
                if not decision.actions:
                    raise RulesetError(f"{rules.name}: {decision.player} is asked to decide with no legal action")
                self._decision = decision
                return
            before = len(self.events)
            rules.advance(ctx)
            if len(self.events) == before:
                raise RulesetError(f"{rules.name}: advance() emitted no event; the game cannot progress")
        raise RulesetError(f"{rules.name}: {MAX_AUTOMATIC_STEPS} automatic steps without a decision")

    def _rewind(self, length: int) -> None:
        """Rebuild the state from the first ``length`` events (after a failure mid-action)."""
        kept = self.events[:length]
        fresh = Game.from_events(self.rules, self.header, kept)
        self._adopt(fresh)

    def _adopt(self, other: "Game") -> None:
        self.state = other.state
        self.events = other.events
        self._decision = None
        self._ctx = Context(self.state, self._apply_event, self._record)

    # -- undo -----------------------------------------------------------------------------------
    def can_undo(self) -> bool:
        return self._undo_point() is not None

    def _undo_point(self) -> int | None:
        for index in range(len(self.events) - 1, -1, -1):
            event = self.events[index]
            if event.is_undo_barrier():
                return None
            if type(event) is ActionTaken:
                return index
        return None

    def undo(self) -> None:
        """Step back to the previous decision.  Refused if randomness was drawn or hidden
        information revealed since then (the player would undo with knowledge they should not have)."""
        point = self._undo_point()
        if point is None:
            raise UndoError("cannot undo: no earlier decision, or randomness was drawn or information revealed since")
        self._rewind(point)

    # -- copies, digests, views -----------------------------------------------------------------
    def clone(self, *, keep_history: bool = True) -> "Game":
        """A cheap independent copy (flat containers copied, nothing deep-copied).  Bots that only
        look ahead can drop the history; such a clone cannot save or undo what came before."""
        copy = Game.__new__(Game)
        copy.rules = self.rules
        copy.header = self.header
        copy.codec = self.codec
        copy.state = self.state.clone()
        copy.events = list(self.events) if keep_history else []
        copy._appliers = self._appliers
        copy._decision = self._decision
        copy._listeners = []
        copy._ctx = Context(copy.state, copy._apply_event, copy._record)
        return copy

    def digest(self) -> str:
        """sha256 of the canonical serialisation of the whole state."""
        return self.codec.state_digest(self.state)

    def observe(self, player: str | None) -> dict[str, Any]:
        """What ``player`` may see now (None: the referee, who sees everything)."""
        return self.rules.observe(self.state, player)

    def render(self, player: str | None = None) -> str:
        """An SVG picture of the position as ``player`` sees it (None: the referee's full view)."""
        return self.rules.picture(self.observe(player), player).svg()

    def _repr_svg_(self) -> str:
        """Notebooks show a game as its picture (the referee's view: a notebook is the host's)."""
        return self.render()

    def events_for(self, player: str | None) -> list[Event]:
        """The history as ``player`` may see it."""
        if player is None:
            return list(self.events)
        return [event.redact(player) for event in self.events]

    def narrated(self, player: str | None = None):
        """Yield ``(event, line)`` for the history, folding a fresh state alongside so each line
        is written against the state as it was then.  ``player`` narrates that player's view."""
        shadow = Game(self.rules, self.header)
        for event in self.events:
            shadow._apply_event(event)
            seen = event if player is None else event.redact(player)
            yield seen, shadow.narrate(seen)

    def narrate_to(self, write: Callable[[str], None], *, player: str | None = None) -> None:
        """Send one line per event to ``write``: first for the history so far (the set-up), then for
        every new event as it happens.  ``player`` narrates only what that player may see."""

        def say(event: Event) -> None:
            line = self.narrate(event if player is None else event.redact(player))
            if line:
                write(line)

        for event in self.events:
            say(event)
        self.subscribe(say)

    def narrate(self, event: Event) -> str | None:
        from .narration import narrate

        return narrate(self.rules, event, self.state)

    # -- saving and loading ---------------------------------------------------------------------
    def end_summary(self) -> dict[str, Any]:
        result = self.state.result
        return {
            "digest": self.digest(),
            "decisions": self.state.decisions,
            "result": None if result is None else self.codec.unstructure(result),
        }

    def save(self, path: str | Path) -> None:
        """Write the whole history as a log; loading it rebuilds this exact state."""
        gamelog.write(path, self.header, (self.codec.event_to_dict(e) for e in self.events), self.end_summary())

    def export_view(self, path: str | Path, player: str) -> None:
        """Write the history as ``player`` may see it (a record for that player, not a save)."""
        if player not in self.rules.players:
            raise UnknownNameError("player", player, list(self.rules.players))
        header = attrs.evolve(self.header, view=player)
        events = (self.codec.event_to_dict(e.redact(player)) for e in self.events)
        gamelog.write(path, header, events, {"decisions": self.state.decisions})

    @classmethod
    def load(cls, path: str | Path, rules_for: Callable[[gamelog.Header], Rules], *, upto: int | None = None) -> "Game":
        """Rebuild a game from a log or save.  ``rules_for`` maps the header to a rules object."""
        raw = gamelog.read(path)
        return cls.from_raw(raw, rules_for, path=str(path), upto=upto)

    @classmethod
    def from_raw(cls, raw: gamelog.RawLog, rules_for, *, path: str, upto: int | None = None) -> "Game":
        header = raw.header
        if header.view is not None:
            raise CorruptLogError(path, 1, f"this is {header.view}'s view of a game: hidden parts are removed, it cannot rebuild the game")
        rules = rules_for(header)
        codec = codec_for(rules)
        events: list[Event] = []
        dicts = raw.events if upto is None else raw.events[:upto]
        for number, data in enumerate(dicts, start=2):
            try:
                events.append(codec.event_from_dict(data))
            except Exception as exc:  # noqa: BLE001 - any decoding failure names its line
                raise CorruptLogError(path, number, f"event does not decode ({exc})") from None
        game = cls.from_events(rules, header, events)
        if upto is None:
            stated = raw.end.get("digest")
            if stated is not None and stated != game.digest():
                raise CorruptLogError(path, len(raw.events) + 2, "the end line's digest differs from the replayed state")
        return game

    def verify(self, *, prefix: bool = False) -> None:
        """Re-simulate from the seed and the recorded actions; raise ReplayMismatchError at the first
        event that differs from the history.  ``prefix``: the history was cut short on purpose
        (``replay --to``), so only the events it keeps are compared."""
        actions = [(e.player, e.action) for e in self.events if type(e) is ActionTaken]
        fresh = Game.start(self.rules, self.header.scenario, seed=self.header.seed, options=self.header.options)
        for player, action in actions:
            if fresh.over:
                break
            fresh.apply(action, player=player)
        codec = self.codec
        for index, (recorded, simulated) in enumerate(zip(self.events, fresh.events)):
            if recorded != simulated:
                raise ReplayMismatchError(index + 1, codec.event_to_dict(recorded), codec.event_to_dict(simulated))
        if len(self.events) > len(fresh.events) or (not prefix and len(self.events) != len(fresh.events)):
            index = min(len(self.events), len(fresh.events))
            recorded = self.events[index] if len(self.events) > index else None
            simulated = fresh.events[index] if len(fresh.events) > index else None
            raise ReplayMismatchError(
                index + 1,
                None if recorded is None else codec.event_to_dict(recorded),
                None if simulated is None else codec.event_to_dict(simulated),
            )
