"""The engine's contract, exercised through the template plug-in (a real ruleset with a reaction
window, hidden hands and dice): decisions, refusal, undo, clone, save/load mid-procedure, views."""
import attrs
import pytest

import tabletop_core
from tabletop_core import IllegalActionError, TruncatedLogError, CorruptLogError
from tabletop_core.errors import UndoError, UnknownNameError, GameOverError
from tabletop_core.events import ActionTaken, CardMoved, DeckShuffled

duel = pytest.importorskip("tabletop_duel", reason="the template plug-in is installed by dev.py")


def new(seed=1):
    return tabletop_core.new_game("duel", "skirmish", seed=seed)


def to_reaction_window(game):
    """Play until the defender must react to an attack (a frame is on the stack)."""
    while not game.state.stack:
        attack = next((a for a in game.decision.actions if isinstance(a, duel.Attack)), None)
        game.apply(attack if attack is not None else duel.PassAndDraw())
    return game


def test_same_seed_same_actions_same_log(tmp_path):
    a, b = new(5), new(5)
    for g in (a, b):
        tabletop_core.play(g, tabletop_core.agents_for(g, "random"))
    a.save(tmp_path / "a.jsonl")
    b.save(tmp_path / "b.jsonl")
    assert (tmp_path / "a.jsonl").read_bytes() == (tmp_path / "b.jsonl").read_bytes()


def test_illegal_action_refused_with_reason_and_state_untouched():
    game = new()
    before, count = game.digest(), len(game.events)
    with pytest.raises(IllegalActionError, match="not a legal action for red now"):
        game.apply(duel.Attack("9z"))
    with pytest.raises(IllegalActionError, match="it is red's decision, not blue's"):
        game.apply(game.decision.actions[0], player="blue")
    assert game.digest() == before and len(game.events) == count


def test_action_after_the_end_is_refused():
    game = new()
    tabletop_core.play(game, tabletop_core.agents_for(game, "random"))
    with pytest.raises(GameOverError):
        game.apply(duel.PassAndDraw())


def test_reaction_window_hands_the_decision_to_the_defender():
    game = to_reaction_window(new(2))
    frame = game.state.top
    assert isinstance(frame, duel.AttackPending)
    assert game.decision.player == duel.other(frame.attacker)
    assert duel.Decline() in game.decision.actions


def test_save_and_load_in_the_middle_of_a_procedure(tmp_path):
    game = to_reaction_window(new(3))
    game.save(tmp_path / "mid.jsonl")
    loaded = tabletop_core.load_game(tmp_path / "mid.jsonl")
    assert loaded.state.stack == game.state.stack
    assert loaded.decision == game.decision
    assert loaded.digest() == game.digest()
    loaded.apply(duel.Decline())
    game.apply(duel.Decline())
    assert loaded.digest() == game.digest()  # the generator position travelled with the save


def test_undo_never_crosses_randomness():
    game = to_reaction_window(new(4))
    game.apply(duel.Decline())  # the attacker rolls a die
    assert not game.can_undo()
    with pytest.raises(UndoError, match="randomness"):
        game.undo()


def test_playing_a_card_from_a_hidden_hand_is_a_revelation():
    game = new(4)
    attack = next(a for a in game.decision.actions if isinstance(a, duel.Attack))
    game.apply(attack)  # blue now knows a card red held
    assert not game.can_undo()


def test_clone_is_independent_and_cheap_containers_are_copied():
    game = to_reaction_window(new(6))
    before = game.digest()
    clone = game.clone()
    tabletop_core.play(clone, tabletop_core.agents_for(clone, "random"))
    assert game.digest() == before
    assert clone.state.decks["cards"].piles is not game.state.decks["cards"].piles


def test_opponent_hand_never_leaks():
    game = new(8)
    blue_hand = list(game.state.decks["cards"].piles["hand:blue"])
    red_view = game.observe("red")
    assert red_view["cards"]["hand:blue"] == len(blue_hand)
    assert red_view["cards"]["draw"] == len(game.state.decks["cards"].piles["draw"])
    for event in game.events_for("red"):
        if isinstance(event, CardMoved) and event.target == "hand:blue":
            assert event.card is None
        if isinstance(event, DeckShuffled):
            assert event.order == ()
    assert game.observe("blue")["cards"]["hand:blue"] == blue_hand


def test_player_export_is_filtered_and_cannot_rebuild(tmp_path):
    game = new(9)
    game.export_view(tmp_path / "red.jsonl", "red")
    text = (tmp_path / "red.jsonl").read_text()
    for card in game.state.decks["cards"].piles["hand:blue"]:
        assert f'"card":"{card}","deck":"cards","player":"blue"' not in text
    with pytest.raises(CorruptLogError, match="red's view"):
        tabletop_core.load_game(tmp_path / "red.jsonl")


def test_actions_are_logged_before_their_consequences():
    game = new(10)
    attack = next(a for a in game.decision.actions if isinstance(a, duel.Attack))
    game.apply(attack)
    taken = [e for e in game.events if isinstance(e, ActionTaken)]
    assert taken[-1] == ActionTaken("red", attack)
    index = game.events.index(taken[-1])
    assert isinstance(game.events[index + 1], CardMoved)


def test_unknown_names_are_clear():
    with pytest.raises(UnknownNameError, match="unknown ruleset 'nope'"):
        tabletop_core.new_game("nope", "x")
    with pytest.raises(UnknownNameError, match="unknown scenario of duel 'nope' \\(known: skirmish\\)"):
        tabletop_core.new_game("duel", "nope")
    with pytest.raises(UnknownNameError, match="variant of duel"):
        tabletop_core.new_game("duel", "skirmish", variants=["lwtv"])


def test_replay_to_event_n_rebuilds_a_prefix(tmp_path):
    game = new(11)
    tabletop_core.play(game, tabletop_core.agents_for(game, "random"))
    game.save(tmp_path / "g.jsonl")
    partial = tabletop_core.load_game(tmp_path / "g.jsonl", upto=20)
    assert len(partial.events) == 20
    partial.verify(prefix=True)


def test_conformance_kit_passes_on_the_template():
    from tabletop_core.testing import check_ruleset

    check_ruleset("duel", "skirmish", seeds=range(3))


def test_secret_actions_are_concealed_from_other_players(tmp_path):
    from tabletop_core.events import ActionTaken
    from tabletop_core.values import Action, ConcealedAction

    @attrs.frozen
    class Deploy(Action):
        SECRET = True
        hex: str

    taken = ActionTaken("red", Deploy("7E4"))
    assert taken.redact("red") is taken
    assert taken.redact("blue").action == ConcealedAction("Deploy")
    assert ActionTaken("red", duel.Decline()).redact("blue").action == duel.Decline()


def test_narrate_to_tells_the_setup_then_each_new_event_and_hides_secrets():
    game = new(12)
    lines, red_lines = [], []
    game.narrate_to(lines.append)
    game.narrate_to(red_lines.append, player="red")
    assert lines and lines[0].startswith("Duel")
    before = len(lines)
    game.apply(game.decision.actions[0])
    assert len(lines) > before
    assert any("hand:blue" in line for line in red_lines)
    assert not any(f"card {c} draw -> hand:blue" in line for line in red_lines
                   for c in game.state.decks["cards"].piles["hand:blue"])
