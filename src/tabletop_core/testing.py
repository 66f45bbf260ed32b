"""The conformance kit: the same checks for every ruleset, the core's three and third parties'.

Call :func:`check_ruleset` from a ruleset's tests (a few seeds in CI; more by hand)::

    from tabletop_core.testing import check_ruleset
    def test_conformance():
        check_ruleset("orgun1983", "orgun-1983", seeds=range(3))

Each check raises ``AssertionError`` with a message naming the ruleset, scenario, seed and
decision at fault.  The checks: random playouts end within the declared maximum with a legal
action always offered; replaying the log rebuilds the same state and re-simulation matches; a save
loaded at random decision points continues identically; a clone is independent; undo restores the
exact state and is refused across randomness; an illegal action changes nothing; what a player
observes does not change when what they may not see (or the seed) is shuffled; and neither do the
actions offered to them, who is asked to decide, what they see of their own action's
consequences, nor the words of a refusal (:func:`check_leaks`).  :func:`check_ruleset` returns
a :class:`CheckReport` saying what it checked.

Where a decision accepts parametric actions (``Decision.accepts``), every check also plays the
ruleset's random proposals (``Rules.propose``): half the time a decision is met, a proposal is
drawn; a legal one is played (so logs, replay, verify, save/load, clone and undo meet parametric
actions), an illegal one must be refused with the check's reason and change nothing.  Over all
seeds the proposals must include legal and illegal ones.
"""
from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any, Callable, Iterable

import attrs

from . import agents_for, default_host
from .agents import AgentView, RandomAgent, agent_seed
from .errors import IllegalActionError, UndoError
from .events import ActionTaken, CardMoved, CardsPeeked, DeckShuffled, GameStarted, PileArranged
from .game import Game
from .plugins import Host
from .rng import CounterRNG
from .values import Action, ConcealedAction, Decision, Event

GameFactory = Callable[[], Game]
Seen = tuple[list[Any], object]  # what a player saw of an action's consequences, and what came next


def _decision(game: Game) -> Decision:
    """The decision of a game the kit knows is not over."""
    decision = game.decision
    assert decision is not None, f"{_where(game)}: the game is over"
    return decision


class Proposals:
    """Draws the ruleset's parametric proposals for the kit and keeps count of what happened."""

    def __init__(self, seed: int) -> None:
        self._rng = CounterRNG(agent_seed(seed, "proposals") ^ 0x9A4A)
        self.accepting = 0  # decisions met that accept a parametric kind
        self.legal = 0
        self.refused = 0

    def choose(self, game: Game, fallback: Callable[[], Action]) -> Action:
        """A legal proposal half the time a decision accepts parametric kinds (after checking that
        illegal ones are refused); otherwise ``fallback()``, a suggestion."""
        decision = _decision(game)
        if decision.accepts:
            self.accepting += 1
            if self._rng.below(2) == 0:
                proposal = game.rules.propose(game.state, decision, self._rng)
                if proposal is not None:
                    assert type(proposal) in decision.accepts, \
                        f"{_where(game)}: propose() offered a {proposal.TAG}, a kind the decision does not accept"
                    reason = game.check(proposal)
                    if reason is None:
                        self.legal += 1
                        return proposal
                    self._refusal(game, proposal, reason)
        return fallback()

    def _refusal(self, game: Game, proposal: Action, reason: str) -> None:
        before, length, decision = game.digest(), len(game.events), game.decision
        try:
            game.apply(proposal)
        except IllegalActionError as exc:
            assert reason in str(exc), f"{_where(game)}: refused for {exc}, but check() said {reason!r}"
        else:
            raise AssertionError(f"{_where(game)}: check() refused {proposal} ({reason}) but apply took it")
        assert game.digest() == before and len(game.events) == length and game.decision == decision, \
            f"{_where(game)}: a refused parametric action changed the state"
        self.refused += 1

    def absorb(self, other: "Proposals") -> None:
        self.accepting += other.accepting
        self.legal += other.legal
        self.refused += other.refused


def _start(ruleset: str, scenario: str, seed: int, variants: Iterable[str], host: Host | None) -> Game:
    host = host or default_host()
    return Game.start(host.rules(ruleset, tuple(variants)), scenario, seed=seed)


def _where(game: Game) -> str:
    return f"{game.rules.name}/{game.header.scenario} seed {game.header.seed} at decision {game.state.decisions}"


def random_playout(ruleset: str, scenario: str, seed: int, *, variants: Iterable[str] = (),
                   host: Host | None = None, proposals: Proposals | None = None) -> Game:
    """Play one game with random agents (and the ruleset's legal parametric proposals); checks the
    declared bound and that a decision is always offered with at least one legal action (the
    engine raises otherwise)."""
    game = _start(ruleset, scenario, seed, variants, host)
    seats = agents_for(game, "random", host=host)
    proposals = proposals or Proposals(seed)
    limit = game.rules.max_decisions
    while not game.over:
        assert game.state.decisions < limit, f"{_where(game)}: no result within max_decisions={limit}"
        decision = game.decision
        assert decision is not None and decision.actions, f"{_where(game)}: no legal action offered"
        assert decision.player in game.rules.players, f"{_where(game)}: unknown player {decision.player!r}"
        seat = seats[decision.player]
        game.apply(proposals.choose(game, lambda: _agent_choice(seat, game, decision)))
    return game


def check_replay(game: Game, host: Host | None = None) -> None:
    """Save, load, compare digests and events; re-simulate from the seed and actions."""
    from . import load_game

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "game.jsonl"
        game.save(path)
        # rebuilt without the end line's digest check first, so a difference is named by its field
        rebuilt = load_game(path, host=host, upto=len(game.events))
        assert rebuilt.digest() == game.digest(), (
            f"{_where(game)}: replayed state differs from the played one at {game.codec.state_difference(game.state, rebuilt.state)} "
            "(a change of state made outside an apply function?)")
        loaded = load_game(path, host=host)
    assert loaded.events == game.events, f"{_where(game)}: events changed through save and load"
    loaded.verify()


def check_save_load_midgame(ruleset: str, scenario: str, seed: int, *, variants: Iterable[str] = (), host: Host | None = None,
                            points: int = 3) -> None:
    """At several decision points: save, load, and continue both copies with the same actions."""
    from . import load_game

    reference = random_playout(ruleset, scenario, seed, variants=variants, host=host)
    length = reference.state.decisions
    if length == 0:
        return
    picker = CounterRNG(seed ^ 0x5A5A)
    stops = sorted({picker.below(length) for _ in range(points)})
    actions = [e for e in reference.events if isinstance(e, ActionTaken)]
    game = _start(ruleset, scenario, seed, variants, host)
    done = 0
    with tempfile.TemporaryDirectory() as tmp:
        for stop in stops:
            while done < stop:
                game.apply(actions[done].action, player=actions[done].player)
                done += 1
            path = Path(tmp) / f"save-{stop}.jsonl"
            game.save(path)
            loaded = load_game(path, host=host)
            assert loaded.digest() == game.digest(), (
                f"{_where(game)}: loaded save differs at {game.codec.state_difference(game.state, loaded.state)} "
                "(a change of state made outside an apply function?)")
            assert loaded.decision == game.decision, f"{_where(game)}: loaded save asks a different decision"
            for taken in actions[done:]:
                loaded.apply(taken.action, player=taken.player)
            assert loaded.digest() == reference.digest(), f"{_where(game)}: a game continued from a save ends elsewhere"


def _agent_choice(agent: Any, game: Game, decision: Decision) -> Action:
    choice: Action = agent.choose(AgentView(game, decision.player, decision))
    return choice


def _random_choice(agent: RandomAgent, game: Game) -> Action:
    decision = _decision(game)
    return agent.choose(AgentView(game, decision.player, decision))


def check_clone(game_factory: GameFactory, seed: int) -> None:
    """Play a clone to the end: the original does not move, and replaying the clone's actions on
    the original reaches the clone's state."""
    game = game_factory()
    picker = CounterRNG(seed ^ 0xC10E)
    agent = RandomAgent(seed=seed, player="clone")
    proposals = Proposals(seed ^ 0xC10E)
    for _ in range(picker.below(40)):
        if game.over:
            return
        game.apply(proposals.choose(game, lambda: _random_choice(agent, game)))
    before = game.digest()
    clone = game.clone()
    start = len(clone.events)
    while not clone.over and clone.state.decisions < game.rules.max_decisions:
        clone.apply(proposals.choose(clone, lambda: _random_choice(agent, clone)))
    assert game.digest() == before, f"{_where(game)}: playing a clone changed the original (a shared container?)"
    for event in clone.events[start:]:
        if isinstance(event, ActionTaken):
            game.apply(event.action, player=event.player)
    assert game.digest() == clone.digest(), f"{_where(game)}: the original did not follow its clone's actions"


def check_undo_and_refusal(game_factory: GameFactory, seed: int, steps: int = 60) -> None:
    """Undo restores the exact state or is refused across randomness/revelation; an illegal action
    (a legal one offered as the wrong player) is refused and changes nothing."""
    game = game_factory()
    agent = RandomAgent(seed=seed, player="undo")
    proposals = Proposals(seed ^ 0x0D0)
    for _ in range(steps):
        if game.over:
            return
        decision = _decision(game)
        before, length = game.digest(), len(game.events)
        others = [p for p in game.rules.players if p != decision.player]
        if others:
            try:
                game.apply(decision.actions[0], player=others[0])
            except IllegalActionError:
                pass
            else:
                raise AssertionError(f"{_where(game)}: an action by the wrong player was accepted")
            assert game.digest() == before and len(game.events) == length, f"{_where(game)}: a refused action changed the state"
        action = proposals.choose(game, lambda: _random_choice(agent, game))
        game.apply(action)
        if game.can_undo():
            after = game.digest()
            game.undo()
            assert game.digest() == before, f"{_where(game)}: undo did not restore the state"
            assert game.decision == decision, f"{_where(game)}: undo did not restore the decision"
            game.apply(action)
            assert game.digest() == after, f"{_where(game)}: redoing after undo went elsewhere"
        else:
            barrier = any(e.is_undo_barrier() for e in game.events[length:])
            assert barrier, f"{_where(game)}: undo refused with no randomness or revelation since the decision"
            try:
                game.undo()
            except UndoError:
                pass
            else:
                raise AssertionError(f"{_where(game)}: can_undo() said no but undo() went back")


def _perturbed(game: Game, player: str, seed: int, *, new_seed: bool = False) -> Game:
    """A clone where everything ``player`` may not see is shuffled: hidden deck piles pooled and
    redealt with the same sizes, and whatever the ruleset hides beyond decks (perturb_hidden).
    ``new_seed`` also changes the game's seed (the host's secret: no view may depend on it)."""
    clone = game.clone(keep_history=False)
    clone._decision = None  # the original's cached decision was computed from what is now changed
    rng = CounterRNG(seed)
    for deck in clone.state.decks.values():
        hidden = [name for name in sorted(deck.piles) if not deck.visible_to(name, player)]
        pool = [card for name in hidden for card in deck.piles[name]]
        pool = rng.permutation(pool)
        for name in hidden:
            size = len(deck.piles[name])
            deck.piles[name], pool = pool[:size], pool[size:]
    clone.rules.perturb_hidden(clone.state, player, rng)
    if new_seed:
        clone.state.seed = clone.state.seed ^ 0x5EED_5EED_5EED
    return clone


@attrs.define
class CheckReport:
    """What :func:`check_ruleset` checked, counted per kind of check (all of them passed)."""

    ruleset: str
    scenario: str
    seeds: list[int] = attrs.Factory(list)
    counts: dict[str, int] = attrs.Factory(dict)

    def count(self, check: str, n: int = 1) -> None:
        self.counts[check] = self.counts.get(check, 0) + n

    def __str__(self) -> str:
        done = ", ".join(f"{n} {check}" for check, n in self.counts.items())
        return f"{self.ruleset}/{self.scenario} seeds {self.seeds}: {done}"


def _reporting(report: CheckReport | None) -> CheckReport:
    return report if report is not None else CheckReport("", "")


def check_views(game_factory: GameFactory, seed: int, steps: int = 80, *, report: CheckReport | None = None) -> None:
    """A player's observation is the same whatever is hidden from them (the seed included); their
    history names no card they did not see, no seed and no other player's secret choice."""
    report = _reporting(report)
    game = game_factory()
    agent = RandomAgent(seed=seed, player="views")
    proposals = Proposals(seed ^ 0x71E)
    for step in range(steps):
        for player in game.rules.players:
            mine = game.observe(player)
            other = _perturbed(game, player, seed * 131 + step, new_seed=True).observe(player)
            assert mine == other, f"{_where(game)}: {player}'s observation reveals something hidden from them (or the seed)"
            report.count("observations compared")
            _check_history(game, player)
            report.count("histories scanned")
        if game.over:
            return
        game.apply(proposals.choose(game, lambda: _random_choice(agent, game)))


def _check_history(game: Game, player: str) -> None:
    for event in game.events_for(player):
        if isinstance(event, GameStarted):
            assert event.seed is None, f"{_where(game)}: the seed leaks to {player} in the history"
        if isinstance(event, DeckShuffled):
            assert event.order == (), f"{_where(game)}: a shuffle's order leaks to {player}"
        if isinstance(event, PileArranged) and event.seen_by is not None and player not in event.seen_by:
            assert event.order == (), f"{_where(game)}: an arranged pile's order leaks to {player}"
        if isinstance(event, CardMoved) and event.seen_by is not None and player not in event.seen_by:
            assert event.card is None, f"{_where(game)}: a card leaks to {player}"
        if isinstance(event, ActionTaken) and event.player != player and event.action.SECRET:
            assert event.action.TAG == "ConcealedAction", f"{_where(game)}: {event.player}'s secret choice leaks to {player}"


def _reveals_to(game: Game, event: Event, player: str) -> bool:
    """Does ``event`` show ``player`` something they could not see before?  (A card played from
    their own hand reveals it to the others, not to them.)"""
    if isinstance(event, CardMoved):
        if not event.reveals:
            return False
        hidden_before = not game.state.decks[event.deck].visible_to(event.source, player)
        return hidden_before and (event.seen_by is None or player in event.seen_by)
    if isinstance(event, CardsPeeked):
        return event.player == player
    return type(event).REVEALS


def _seen_consequences(game: Game, player: str, action: Action) -> Seen:
    """What ``player`` sees of ``action``'s consequences, up to the first revelation, and who decides
    next (or the result) if nothing was revealed."""
    start = len(game.events)
    try:
        game.apply(action)
    except Exception as exc:  # noqa: BLE001 - a refusal or a crash is itself a difference to report
        return [f"refused: {type(exc).__name__}: {exc}"], None
    seen: list[Any] = []
    for event in game.events[start:]:
        if _reveals_to(game, event, player):
            return seen, "revealed"
        seen.append(event.redact(player))
    if game.over:
        return seen, game.result
    decision = _decision(game)
    return seen, (decision.player, decision.actions if decision.player == player else None, decision.prompt)


def _offers(game: Game) -> list[tuple[Action, str | None]]:
    """Illegal offers: a never-legal action from nobody in particular, and a legal action offered
    by each player who is not deciding."""
    decision = _decision(game)
    offers: list[tuple[Action, str | None]] = [(ConcealedAction("no-such-action"), None)]
    return offers + [(decision.actions[0], p) for p in game.rules.players if p != decision.player]


def _refusals(game: Game, offers: list[tuple[Action, str | None]]) -> list[str]:
    """The messages refusing each offer (all must be refused)."""
    messages = []
    for action, player in offers:
        try:
            game.apply(action, player=player)
        except IllegalActionError as exc:
            messages.append(str(exc))
        else:
            raise AssertionError(f"{_where(game)}: an illegal offer was accepted ({action!r} by {player})")
    return messages


def check_leaks(game_factory: GameFactory, seed: int, steps: int = 40, *, report: CheckReport | None = None) -> None:
    """Non-interference beyond observations: for each player, changing what they may not see does
    not change the legal actions offered to them, who is asked to decide (decision timing), what
    they see of their own action's consequences (frames pushed, public modifiers, windows opened)
    up to the first revelation, nor the words of a refusal they could read."""
    report = _reporting(report)
    game = game_factory()
    agent = RandomAgent(seed=seed, player="leaks")
    proposals = Proposals(seed ^ 0x1EA4)
    for step in range(steps):
        if game.over:
            return
        decision = _decision(game)
        action = proposals.choose(game, lambda: _random_choice(agent, game))
        for player in game.rules.players:
            other = _perturbed(game, player, seed * 977 + step)
            theirs: Decision | str | None
            try:
                theirs = other.decision
            except Exception as exc:  # noqa: BLE001 - no decision at all in the changed state
                theirs = f"{type(exc).__name__}: {exc}"
            timing = theirs.player if isinstance(theirs, Decision) else theirs
            assert timing == decision.player, (
                f"{_where(game)}: who decides depends on what {player} may not see "
                f"({decision.player} here, {timing} when it changes): decision timing leaks")
            report.count("decision timings compared")
            if player == decision.player:
                assert theirs == decision, (
                    f"{_where(game)}: the actions offered to {player} depend on what they may not see "
                    f"({len(decision.actions)} here, {len(theirs.actions) if isinstance(theirs, Decision) else theirs} "
                    "when it changes): legal actions leak")
                report.count("legal-action sets compared")
                seen, seen_changed = _up_to_revelation(*_seen_consequences(game.clone(keep_history=False), player, action),
                                                       *_seen_consequences(other.clone(keep_history=False), player, action))
                assert seen == seen_changed, (
                    f"{_where(game)}: what {player} sees of their own {action!r} depends on what they may not see "
                    f"(events, frames or the next decision differ): {_first_gap(seen, seen_changed)}")
                report.count("consequences compared")
            offers = _offers(game)
            words, words_changed = _refusals(game, offers), _refusals(other, offers)
            assert words == words_changed, (
                f"{_where(game)}: a refusal's words depend on what {player} may not see ({words} vs {words_changed})")
            report.count("refusal messages compared")
        game.apply(action)


def _up_to_revelation(seen: list[Any], end: object, other_seen: list[Any], other_end: object) -> tuple[Seen, Seen]:
    """Both runs' consequences cut at the first revelation in either: what the rules reveal (a
    Bonus card shown when its goal is met) may differ with the hidden state, and so may what
    follows it; what comes before it may not."""
    if end == "revealed" or other_end == "revealed":
        cut = min(len(seen) if end == "revealed" else len(seen) + 1,
                  len(other_seen) if other_end == "revealed" else len(other_seen) + 1)
        if cut <= min(len(seen), len(other_seen)):
            return (seen[:cut], "revealed"), (other_seen[:cut], "revealed")
    return (seen, end), (other_seen, other_end)


def _first_gap(mine: Seen, changed: Seen) -> str:
    events, nxt = mine
    other_events, other_next = changed
    for a, b in zip(events, other_events):
        if a != b:
            return f"{a!r} vs {b!r}"
    if len(events) != len(other_events):
        return f"{len(events)} events vs {len(other_events)}"
    return f"next {nxt!r} vs {other_next!r}"


def check_ruleset(ruleset: str, scenario: str, *, seeds: Iterable[int] = (0, 1, 2), variants: Iterable[str] = (),
                  host: Host | None = None, leaks: bool = True) -> CheckReport:
    """Every check of the kit, for each seed; returns a :class:`CheckReport` of what was checked.

    ``leaks=False`` leaves out :func:`check_leaks` (the non-interference checks beyond
    observations), for a ruleset with a known leak that a separate, expected-to-fail test names."""
    variants = tuple(variants)
    report = CheckReport(ruleset, scenario)
    proposals = Proposals(0)
    for seed in seeds:
        report.seeds.append(seed)
        played = Proposals(seed)
        game = random_playout(ruleset, scenario, seed, variants=variants, host=host, proposals=played)
        proposals.absorb(played)
        report.count("playouts")
        report.count("decisions played", game.state.decisions)
        check_replay(game, host=host)
        report.count("replays and re-simulations")
        check_save_load_midgame(ruleset, scenario, seed, variants=variants, host=host)
        report.count("mid-game save/load runs")

        def factory(seed: int = seed) -> Game:
            return _start(ruleset, scenario, seed, variants, host)

        check_clone(factory, seed)
        report.count("clone checks")
        check_undo_and_refusal(factory, seed)
        report.count("undo and refusal runs")
        check_views(factory, seed, report=report)
        if leaks:
            check_leaks(factory, seed, report=report)
    check_proposals_tried(proposals, f"{ruleset}/{scenario}")
    report.count("parametric proposals played", proposals.legal)
    report.count("parametric proposals refused", proposals.refused)
    return report


def check_proposals_tried(proposals: Proposals, where: str) -> None:
    """A ruleset whose decisions accept parametric actions must propose legal and illegal ones."""
    if proposals.accepting == 0:
        return
    assert proposals.legal and proposals.refused, (
        f"{where}: {proposals.accepting} decisions accepted parametric actions, but propose() gave "
        f"{proposals.legal} legal and {proposals.refused} illegal ones (the kit needs both)")
