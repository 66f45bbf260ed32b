"""The referee's vocabulary sets up positions through recorded events: stack the deck, set a
hand, set the phase; a word the ruleset does not offer is refused by name."""
import pytest

import tabletop_core
from tabletop_core.decks import hand
from tabletop_core.referee import Referee, RefereeError

duel = pytest.importorskip("tabletop_duel")


def test_stack_the_deck_and_set_a_hand_then_the_position_saves_and_loads(tmp_path):
    game = tabletop_core.new_game("duel", "skirmish", seed=4)
    ref = Referee(game)
    ref.set_hand("cards", "red", ["6a", "6b", "6c"])
    draw = list(game.state.decks["cards"].piles["draw"])
    top = draw[0]
    ref.stack_deck("cards", [*draw[1:], top])
    piles = game.state.decks["cards"].piles
    assert sorted(piles[hand("red")]) == ["6a", "6b", "6c"] and piles["draw"][-1] == top
    assert {a.card for a in game.decision.actions if isinstance(a, duel.Attack)} == {"6a", "6b", "6c"}
    assert all(e.order == () for e in game.events_for("blue") if type(e).__name__ == "PileArranged")
    game.save(tmp_path / "pos.jsonl")
    assert tabletop_core.load_game(tmp_path / "pos.jsonl").digest() == game.digest()
    game.apply(duel.PassAndDraw())
    assert top in game.state.decks["cards"].piles[hand("red")]


def test_set_phase_is_the_rulesets_word():
    game = tabletop_core.new_game("duel", "skirmish", seed=4)
    Referee(game).set_phase("blue")
    assert game.decision.player == "blue"
    with pytest.raises(RefereeError, match="set_phase takes red or blue"):
        Referee(game).set_phase("green")


def test_a_word_the_ruleset_does_not_offer_is_refused_and_changes_nothing():
    game = tabletop_core.new_game("duel", "skirmish", seed=4)
    before = game.digest()
    with pytest.raises(RefereeError, match="duel does not offer the referee word place_unit"):
        Referee(game).place_unit("red-1", "a1")
    with pytest.raises(RefereeError, match="must list exactly those"):
        Referee(game).stack_deck("cards", ["1a"])
    assert game.digest() == before
