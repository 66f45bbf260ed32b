"""The conformance kit: the same checks for every ruleset, the core's three and third parties'.

Call :func:`check_ruleset` from a ruleset's tests (a few seeds in CI; more by hand)::

    from tabletop_core.testing import check_ruleset
    def test_conformance():
        check_ruleset("orgun1983", "orgun-1983", seeds=range(3))

Each check raises ``AssertionError`` with a message naming the ruleset, scenario, seed and
decision at fault.  The checks: random playouts end within the declared maximum with a legal
action always offered; replaying the log rebuilds the same state and re-simulation matches; a save
loaded at random decision points continues identically; a clone is independent; undo restores the
exact state and is refused across randomness; an illegal action changes nothing; and what a
player observes does not change when what they may not see is shuffled.
"""
from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Iterable

from . import agents_for, default_host
from .agents import AgentView, RandomAgent
from .errors import IllegalActionError, UndoError
from .game import Game
from .plugins import Host
from .rng import CounterRNG


def _start(ruleset: str, scenario: str, seed: int, variants, host: Host | None) -> Game:
    host = host or default_host()
    return Game.start(host.rules(ruleset, tuple(variants)), scenario, seed=seed)


def _where(game: Game) -> str:
    return f"{game.rules.name}/{game.header.scenario} seed {game.header.seed} at decision {game.state.decisions}"


def random_playout(ruleset: str, scenario: str, seed: int, *, variants: Iterable[str] = (),
                   host: Host | None = None) -> Game:
    """Play one game with random agents; checks the declared bound and that a decision is always
    offered with at least one legal action (the engine raises otherwise)."""
    game = _start(ruleset, scenario, seed, variants, host)
    seats = agents_for(game, "random", host=host)
    limit = game.rules.max_decisions
    while not game.over:
        assert game.state.decisions < limit, f"{_where(game)}: no result within max_decisions={limit}"
        decision = game.decision
        assert decision is not None and decision.actions, f"{_where(game)}: no legal action offered"
        assert decision.player in game.rules.players, f"{_where(game)}: unknown player {decision.player!r}"
        game.apply(seats[decision.player].choose(AgentView(game, decision.player, decision)))
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


def check_save_load_midgame(ruleset: str, scenario: str, seed: int, *, variants=(), host: Host | None = None,
                            points: int = 3) -> None:
    """At several decision points: save, load, and continue both copies with the same actions."""
    from . import load_game

    reference = random_playout(ruleset, scenario, seed, variants=variants, host=host)
    length = reference.state.decisions
    if length == 0:
        return
    picker = CounterRNG(seed ^ 0x5A5A)
    stops = sorted({picker.below(length) for _ in range(points)})
    actions = [e for e in reference.events if type(e).__name__ == "ActionTaken"]
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


def check_clone(game_factory, seed: int) -> None:
    """Play a clone to the end: the original does not move, and replaying the clone's actions on
    the original reaches the clone's state."""
    game = game_factory()
    picker = CounterRNG(seed ^ 0xC10E)
    agent = RandomAgent(seed=seed, player="clone")
    for _ in range(picker.below(40)):
        if game.over:
            return
        game.apply(agent.choose(AgentView(game, game.decision.player, game.decision)))
    before = game.digest()
    clone = game.clone()
    start = len(clone.events)
    while not clone.over and clone.state.decisions < game.rules.max_decisions:
        clone.apply(agent.choose(AgentView(clone, clone.decision.player, clone.decision)))
    assert game.digest() == before, f"{_where(game)}: playing a clone changed the original (a shared container?)"
    for event in clone.events[start:]:
        if type(event).__name__ == "ActionTaken":
            game.apply(event.action, player=event.player)
    assert game.digest() == clone.digest(), f"{_where(game)}: the original did not follow its clone's actions"


def check_undo_and_refusal(game_factory, seed: int, steps: int = 60) -> None:
    """Undo restores the exact state or is refused across randomness/revelation; an illegal action
    (a legal one offered as the wrong player) is refused and changes nothing."""
    game = game_factory()
    agent = RandomAgent(seed=seed, player="undo")
    for _ in range(steps):
        if game.over:
            return
        decision = game.decision
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
        action = agent.choose(AgentView(game, decision.player, decision))
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


def _perturbed(game: Game, player: str, seed: int) -> Game:
    """A clone where everything ``player`` may not see is shuffled: hidden deck piles pooled and
    redealt with the same sizes, and whatever the ruleset hides beyond decks (perturb_hidden)."""
    clone = game.clone(keep_history=False)
    rng = CounterRNG(seed)
    for deck in clone.state.decks.values():
        hidden = [name for name in sorted(deck.piles) if not deck.visible_to(name, player)]
        pool = [card for name in hidden for card in deck.piles[name]]
        pool = rng.permutation(pool)
        for name in hidden:
            size = len(deck.piles[name])
            deck.piles[name], pool = pool[:size], pool[size:]
    clone.rules.perturb_hidden(clone.state, player, rng)
    return clone


def check_views(game_factory, seed: int, steps: int = 80) -> None:
    """A player's observation is the same whatever is hidden from them; their history names no
    card they did not see."""
    game = game_factory()
    agent = RandomAgent(seed=seed, player="views")
    for step in range(steps):
        for player in game.rules.players:
            mine = game.observe(player)
            other = _perturbed(game, player, seed * 131 + step).observe(player)
            assert mine == other, f"{_where(game)}: {player}'s observation reveals something hidden from them"
            for event in game.events_for(player):
                if type(event).__name__ == "DeckShuffled":
                    assert event.order == (), f"{_where(game)}: a shuffle's order leaks to {player}"
                if type(event).__name__ == "CardMoved" and event.seen_by is not None and player not in event.seen_by:
                    assert event.card is None, f"{_where(game)}: a card leaks to {player}"
                if type(event).__name__ == "ActionTaken" and event.player != player and event.action.SECRET:
                    assert event.action.TAG == "ConcealedAction", f"{_where(game)}: {event.player}'s secret choice leaks to {player}"
        if game.over:
            return
        game.apply(agent.choose(AgentView(game, game.decision.player, game.decision)))


def check_ruleset(ruleset: str, scenario: str, *, seeds: Iterable[int] = (0, 1, 2), variants: Iterable[str] = (),
                  host: Host | None = None) -> None:
    """Every check of the kit, for each seed."""
    variants = tuple(variants)
    for seed in seeds:
        game = random_playout(ruleset, scenario, seed, variants=variants, host=host)
        check_replay(game, host=host)
        check_save_load_midgame(ruleset, scenario, seed, variants=variants, host=host)

        def factory(seed=seed):
            return _start(ruleset, scenario, seed, variants, host)

        check_clone(factory, seed)
        check_undo_and_refusal(factory, seed)
        check_views(factory, seed)
