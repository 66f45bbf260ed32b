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
from typing import Any, Callable, Iterable, Iterator, Mapping

import attrs

from .version import __version__ as ENGINE_VERSION
import tabletop_core.gamelog as gamelog  # the module, not the package (whose __init__ imports this one)
from .codec import Codec
from .context import Context
from .errors import (
    CorruptLogError,
    GameOverError,
    IllegalActionError,
    ReplayMismatchError,
    RulesetError,
    TabletopError,
    UndoError,
    UnknownNameError,
)
from .action_fields import normalised
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
    """The apply function of each event type the ruleset knows (the core's and its own), built once
    per rules object; refuses a ruleset that declares an event without one."""

    table = rules.__dict__.get("_appliers")
    if table is None:
        table = core_appliers.merged(rules.appliers).table
        missing = [e.__name__ for e in rules.events if e not in table]
        if missing:
            raise RulesetError(f"{rules.name}: events without an apply function: {', '.join(missing)}")
        rules.__dict__["_appliers"] = table
    return table


def dispatch_for(rules: Rules, codec: Codec) -> dict[type, Callable[[Any, Any], None]]:
    """The apply function of each event type the ruleset declares (the types its codec can load),
    built once per rules object: what a context calls without checking the type again."""
    table = rules.__dict__.get("_dispatch")
    if table is None:
        known = codec.event_types
        table = {kind: function for kind, function in appliers_for(rules).items() if kind in known}
        rules.__dict__["_dispatch"] = table
    return table


class Game:
    """One game: its rules, its header (ruleset, scenario, seed, options), the state folded from
    its events, the decision it waits for, and its history.

    Start one with :func:`tabletop_core.new_game` (or :meth:`start`), ask ``decision`` who must
    choose among which legal actions, ``apply`` a choice, read ``result`` at the end.  ``observe``
    and ``events_for`` give a player's filtered view; ``save``/``load`` write and rebuild a
    hash-chained log; ``clone`` makes a cheap independent copy; ``undo`` steps back one decision
    where no randomness or secret came out since; ``verify`` re-simulates from the seed.
    """

    def __init__(self, rules: Rules, header: gamelog.Header):
        self.rules = rules
        self.header = header
        self.codec = codec_for(rules)
        self.state = rules.new_state()
        self.events: list[Event] = []
        self._appliers = appliers_for(rules)
        self._dispatch = dispatch_for(rules, self.codec)
        self._decision: Decision | None = None
        self._listeners: list[Callable[[Event], None]] = []
        self._ctx = self._context()

    def _context(self) -> Context:
        # The context holds no bound method of the game, so the two form no reference cycle: a game
        # its owner drops is freed at once, history and all, instead of waiting for the garbage
        # collector's next full pass (which a loop of games then paid for: Orgun random play 10%).
        appliers, state = self._appliers, self.state

        def apply(event: Event) -> None:
            appliers[type(event)](state, event)

        return Context(state, apply, self._recorder(), known=self.codec.event_types, ruleset=self.rules.name,
                       dispatch=self._dispatch)

    def _recorder(self) -> Callable[[Event], None]:
        """What the context calls to record an event: the history's own append while no one listens
        (one Python call less per event), else an append that tells each listener; neither refers
        back to the game (see ``_context``)."""
        events, listeners = self.events, self._listeners
        if not listeners:
            return events.append

        def record(event: Event) -> None:
            events.append(event)
            for listener in listeners:
                listener(event)

        return record

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
        self._ctx._record = self._recorder()  # from now on each event goes past the listeners

    def _apply_event(self, event: Event) -> None:
        self._appliers[type(event)](self.state, event)

    # -- decisions ------------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        """Has the game ended?"""
        return self.state.result is not None

    @property
    def result(self) -> Result | None:
        """How the game ended (winner, reason, scores), or None while it goes on."""
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
        """The legal actions of the current decision (empty once the game is over)."""
        decision = self.decision
        return decision.actions if decision else ()

    def apply(self, action: Action, *, player: str | None = None) -> None:
        """Take ``action`` for the deciding player.  An illegal action raises IllegalActionError and
        changes nothing."""
        if self.state.result is not None:
            raise GameOverError(action, f"the game is over ({self.state.result})")
        decision = self._decision or self.decision  # the one waiting, without the property's checks
        assert decision is not None
        if player is not None and player != decision.player:
            raise IllegalActionError(action, f"it is {decision.player}'s decision, not {player}'s")
        actions = decision.actions
        for legal in actions:  # an agent returns one of the suggestions itself: found by identity,
            if legal is action:  # with no action's __eq__ called on the suggestions before it
                break
        else:
            try:  # an equal look-alike of a suggestion: the legal one is recorded
                action = actions[actions.index(action)]
            except ValueError:
                action = normalised(action)  # a parametric action in the ruleset's declared field types
                reason = self._refusal(action, decision)
                if reason is not None:
                    raise IllegalActionError(action, reason) from None
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
        if action in decision.actions:
            return None
        try:
            action = normalised(action)
        except IllegalActionError as exc:
            return exc.reason
        return self._refusal(action, decision)

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
            # never the count or a list of the options: they may follow from hidden information
            reason = f"not a legal action for {decision.player} now"
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
        self._ctx = self._context()

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
        copy._dispatch = self._dispatch
        copy._decision = self._decision
        copy._listeners = []
        copy._ctx = copy._context()
        return copy

    def digest(self) -> str:
        """sha256 of the canonical serialisation of the whole state."""
        return self.codec.state_digest(self.state)

    def observe(self, player: str | None) -> dict[str, Any]:
        """What ``player`` may see now (None: the referee, who sees everything)."""
        return self.rules.observe(self.state, player)

    def render(self, player: str | None = None) -> str:
        """An SVG picture of the position as ``player`` sees it (None: the referee's full view)."""
        svg: str = self.rules.picture(self.observe(player), player).svg()
        return svg

    def _repr_svg_(self) -> str:
        """Notebooks show a game as its picture (the referee's view: a notebook is the host's)."""
        return self.render()

    def events_for(self, player: str | None) -> list[Event]:
        """The history as ``player`` may see it."""
        if player is None:
            return list(self.events)
        return [event.redact(player) for event in self.events]

    def narrated(self, player: str | None = None) -> Iterator[tuple[Event, str | None]]:
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
        """The end line of a full log: the state digest, the decision count and the result."""
        result = self.state.result
        return {
            "digest": self.digest(),
            "decisions": self.state.decisions,
            "result": None if result is None else self.codec.unstructure(result),
        }

    def _check_history(self) -> None:
        if not self.events or type(self.events[0]) is not GameStarted:
            raise RulesetError("this game has no history (a clone made with keep_history=False): it cannot be "
                               "saved or exported; clone with keep_history=True to save")

    def save(self, path: str | Path, *, key: bytes | None = None) -> None:
        """Write the whole history as a log; loading it rebuilds this exact state.  The full log
        carries the seed: it is the host's file.  ``key`` writes it keyed (see ``gamelog.load_key``)."""
        self._check_history()
        header = gamelog.sealed(self.header, key)
        texts = self.codec.events_bytes(self.events)
        gamelog.write_bytes(path, header, texts, self.end_summary(), key=key)

    def export_view(self, path: str | Path, player: str, *, key: bytes | None = None) -> None:
        """Write the history as ``player`` may see it (a record for that player, not a save).  It
        carries no seed, only the commitment to it that the full log, revealed later, proves."""
        if player not in self.rules.players:
            raise UnknownNameError("player", player, list(self.rules.players))
        self._check_history()
        gamelog.write(path, self.view_header(player, key=key), self.view_event_dicts(player),
                      {"decisions": self.state.decisions}, key=key)

    def view_header(self, player: str, *, key: bytes | None = None) -> gamelog.Header:
        """The header of ``player``'s view: no seed, no salt; the seed's commitment."""
        return attrs.evolve(gamelog.sealed(self.header, key), seed=None, salt=None, view=player)

    def view_event_dicts(self, player: str) -> Iterator[dict[str, Any]]:
        return (self.codec.event_to_dict(e.redact(player)) for e in self.events)

    @classmethod
    def load(cls, path: str | Path, rules_for: Callable[[gamelog.Header], Rules], *, upto: int | None = None,
             key: bytes | None = None, partial: bool = False) -> "Game":
        """Rebuild a game from a log or save.  ``rules_for`` maps the header to a rules object.
        ``partial`` accepts an interrupted log (no end line) and rebuilds it up to its last line."""
        # Every event text is decoded here, which checks it as the reader would: the reader leaves
        # that check out.  A log that then fails is read again with every text checked, so it is
        # judged, and its first faulty line named, exactly as by gamelog.read.
        raw = gamelog.read(path, key=key, partial=partial, objects_checked=False)
        try:
            return cls.from_raw(raw, rules_for, path=str(path), upto=upto)
        except CorruptLogError:
            raw = gamelog.read(path, key=key, partial=partial)
        return cls.from_raw(raw, rules_for, path=str(path), upto=upto)

    @classmethod
    def from_raw(cls, raw: gamelog.RawLog, rules_for: Callable[[gamelog.Header], Rules], *, path: str,
                 upto: int | None = None) -> "Game":
        """Rebuild a game from a log already read and checked (:func:`gamelog.read`)."""
        header = raw.header
        if header.view is not None:
            raise CorruptLogError(path, 1, f"this is {header.view}'s view of a game: hidden parts are removed, it cannot rebuild the game")
        rules = rules_for(header)
        _check_ruleset_version(rules, header, path)
        codec = codec_for(rules)
        if upto is not None and not 0 <= upto <= len(raw.records):
            raise TabletopError(f"{path}: cannot stop after event {upto}: the log has events 0 to {len(raw.records)}")
        records = raw.records if upto is None else raw.records[:upto]
        events, failure = codec.events.structure_records(records, codec.shareable)
        game = cls(rules, header)
        appliers, state = game._appliers, game.state
        # The whole log decoded first, then folded: one loop each, nothing per event but the
        # apply.  A failure names its line, and an event the state cannot take is named before a
        # later one that does not decode, as when each line was decoded and applied in turn.
        index = 0
        try:
            for index, event in enumerate(events):
                appliers[type(event)](state, event)
        except Exception as exc:  # noqa: BLE001 - an event the state cannot take names its line
            raise CorruptLogError(path, index + 2, f"event {event.TAG} cannot be applied to the state "
                                  f"({type(exc).__name__}: {_short(exc)})") from None
        if failure is not None:
            raise CorruptLogError(path, failure[0] + 2, f"event does not decode ({_short(failure[1])})")
        game.events.extend(events)
        if upto is None and raw.end is not None and raw.end.get("digest") != game.digest():
            raise CorruptLogError(path, len(raw.records) + 2, "the end line's digest differs from the replayed state")
        return game

    def verify(self, *, prefix: bool = False) -> None:
        """Re-simulate from the seed and the recorded actions; raise ReplayMismatchError at the first
        event that differs from the history.  ``prefix``: the history was cut short on purpose
        (``replay --to``), so only the events it keeps are compared."""
        if self.header.seed is None:
            raise RulesetError("this game carries no seed (a player's view): it cannot be re-simulated")
        fresh = Game.start(self.rules, self.header.scenario, seed=self.header.seed, options=self.header.options)
        recorded = self.events
        for index, event in enumerate(recorded):
            if index >= len(fresh.events):
                if type(event) is not ActionTaken or fresh.over:
                    break
                try:
                    fresh.apply(event.action, player=event.player)
                except IllegalActionError as exc:
                    raise ReplayMismatchError(index + 1, self.codec.event_to_dict(event), None,
                                              note=f"re-simulation refuses this action ({exc.reason})") from None
            if index < len(fresh.events) and event != fresh.events[index]:
                raise ReplayMismatchError(index + 1, self.codec.event_to_dict(event),
                                          self.codec.event_to_dict(fresh.events[index]))
        if len(recorded) > len(fresh.events) or (not prefix and len(recorded) != len(fresh.events)):
            index = min(len(recorded), len(fresh.events))
            mine = recorded[index] if len(recorded) > index else None
            theirs = fresh.events[index] if len(fresh.events) > index else None
            raise ReplayMismatchError(
                index + 1,
                None if mine is None else self.codec.event_to_dict(mine),
                None if theirs is None else self.codec.event_to_dict(theirs),
            )


def _short(exc: BaseException, limit: int = 300) -> str:
    text = str(exc) or type(exc).__name__
    return text if len(text) <= limit else text[:limit] + "..."


def _check_ruleset_version(rules: Rules, header: gamelog.Header, path: str) -> None:
    """A log replays only on the ruleset version that wrote it, or one declaring it can
    (``Rules.replays_versions``): another version's rules would rebuild another game."""
    if header.ruleset_version == rules.version or header.ruleset_version in rules.replays_versions:
        return
    raise CorruptLogError(path, 1, f"written by {header.ruleset} {header.ruleset_version}; the installed {rules.name} is "
                          f"{rules.version}, which cannot replay {header.ruleset_version} logs")
