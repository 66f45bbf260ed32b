"""d6, training, initiative, activation, the activation sequence, failed activation."""
from __future__ import annotations

import pytest

from rules_fubar import activation as A
from rules_fubar import d6
from rules_fubar.state import PhaseChanged, ActivationRolled, InitiativePassed, InitiativeSet, OnGuardSet, UnitMoved, ActivationAttempted, TurnBegan, FiguresSuppressed, CasualtiesTaken

from tabletop_core.events import DiceRolled

from .helpers import activate, emit, events_of, lab, place


@pytest.mark.rule("fubar:d6")
def test_natural_six_always_passes_and_natural_one_always_fails():
    assert d6.succeeds(6, 9) and not d6.succeeds(1, 0)
    assert d6.succeeds(4, 4) and not d6.succeeds(3, 4)


@pytest.mark.rule("fubar:d6")
def test_activation_natural_one_fails_whatever_the_modifier():
    game = lab()
    u = place(game, "ft1", "a", "isaf", 42, 45)  # no enemy on the table: +1
    place(game, "ft2", "b", "isaf", 46, 46)  # a second unit: the game goes on after a's failure
    activate(game, "a", faces=[1])
    rolled = events_of(game, ActivationRolled)[-1]
    assert (rolled.unit, rolled.success, rolled.modifier) == ("a", False, 1)
    place(game, "taliban-green", "g", "insurgents", 42, 5, figures=u.figures[:1])
    # a green unit needing 5+ with -3 still passes on a natural 6
    green = place(game, "taliban-green", "g2", "insurgents", 42, 2)
    emit(game, FiguresSuppressed("g2", tuple(f.id for f in green.figures[:1])))
    activate(game, "g2", faces=[6])
    rolled = events_of(game, ActivationRolled)[-1]
    assert (rolled.unit, rolled.roll, rolled.success) == ("g2", 6, True)
    assert game.state.top.unit == "g2"  # activated: asked for its action


@pytest.mark.rule("fubar:training")
def test_training_table():
    grades = lab().rules.data.grades
    table = {g: (v.activation, v.expertise, v.max_suppressed) for g, v in grades.items()}
    assert table == {"green": (5, 6, 1), "seasoned": (4, 5, 2), "veteran": (3, 4, 3), "elite": (2, 4, 4)}


def _new_turn(game, faces):
    """Referee: the activation phase is over; the game runs on into the next turn, its initiative
    dice showing ``faces`` (isaf rolls first, then the insurgents; tied players re-roll)."""
    emit(game, PhaseChanged("end_turn"), faces=faces)
    return events_of(game, InitiativeSet)[-1].order


def _two_sides(game):
    place(game, "ft1", "a", "isaf", 42, 45)
    place(game, "taliban-green", "t", "insurgents", 42, 5)


@pytest.mark.rule("fubar:initiative")
def test_initiative_ties_are_rerolled_among_the_tied_only():
    game = lab()
    _two_sides(game)
    assert _new_turn(game, [3, 3, 5, 2]) == ("isaf", "insurgents")  # a tie at 3; the re-roll 5 beats 2
    assert _new_turn(game, [3, 3, 2, 5]) == ("insurgents", "isaf")
    assert [e.reason for e in events_of(game, DiceRolled)[-4:]] == ["initiative"] * 2 + ["initiative (tie re-roll)"] * 2


@pytest.mark.rule("fubar:initiative")
def test_initiative_ties_among_three_players_reroll_only_the_tied():
    # FUBAR is played by two sides here, so no game reaches three players: the ranking is rolled in
    # a referee script (its dice recorded like any other) to show the tie rule for more players
    game = lab()
    _two_sides(game)
    orders = []
    game.referee(lambda ctx: orders.append(A.rank_players(ctx, ["a", "b", "c"], {})), forced_faces=[3, 3, 1, 5, 2])
    game.referee(lambda ctx: orders.append(A.rank_players(ctx, ["a", "b", "c"], {})), forced_faces=[3, 3, 1, 2, 5])
    assert orders == [["a", "b", "c"], ["b", "a", "c"]]  # a 3, b 3, c 1; a and b re-roll


@pytest.mark.rule("fubar:initiative")
def test_initiative_modifiers_and_more_than_two_players():
    game = lab()
    _two_sides(game)
    orders = []  # four players: a referee script, as above
    game.referee(lambda ctx: orders.append(A.rank_players(ctx, ["a", "b", "c", "d"], {"a": 5})), forced_faces=[2, 6, 4, 5])
    assert orders == [["a", "b", "d", "c"]]  # a: 2+5 = 7
    assert _new_turn(game, [1, 6]) == ("insurgents", "isaf") and game.state.current == "insurgents"
    assert game.decision.player == "insurgents"


@pytest.mark.rule("fubar:initiative")
def test_initiative_is_rolled_every_turn():
    from tabletop_core.testing import random_playout

    game = random_playout("fubar", "meeting-engagement", 3)
    turns = len(events_of(game, TurnBegan))
    assert len(events_of(game, InitiativeSet)) == turns >= 2


@pytest.mark.rule("fubar:activation")
def test_leader_with_a_better_level_activates_the_unit():
    game = lab()
    ft1 = place(game, "ft1", "a", "isaf", 42, 45)  # veteran 3+, elite leader 2+
    assert A.activation_need(game.rules, ft1) == 2
    emit(game, CasualtiesTaken("a", ("a-1",)))  # the leader falls
    assert A.activation_need(game.rules, game.state.units["a"]) == 3


@pytest.mark.rule("fubar:activation")
def test_activation_modifiers():
    game = lab()
    rules = game.rules
    u = place(game, "taliban-green", "g", "insurgents", 42, 45)
    assert A.activation_modifier(rules, game.state, u) == 1  # no enemy in sight
    place(game, "ft2", "e", "isaf", 42, 35)
    assert A.activation_modifier(rules, game.state, game.state.units["g"]) == 0
    emit(game, FiguresSuppressed("g", ("g-1", "g-2")))
    assert A.activation_modifier(rules, game.state, game.state.units["g"]) == -2
    # two figures far from the rest: -1 each for coherency
    loose = place(game, "ft1", "l", "isaf", 42, 45)
    import attrs
    figs = loose.figures[:2] + (attrs.evolve(loose.figures[2], x=40.0, y=30.0), attrs.evolve(loose.figures[3], x=46.0, y=30.0))
    loose = attrs.evolve(loose, figures=figs)
    assert A.out_of_coherency(rules, loose) == 2
    # the roll: 4 with -2 against 3+ fails; the suppressed stand up after the roll
    activate(game, "g", faces=[4])
    rolled = events_of(game, ActivationRolled)[-1]
    assert (rolled.unit, rolled.success, rolled.modifier, rolled.need) == ("g", False, -2, 5)
    assert game.state.units["g"].suppressed == 0


@pytest.mark.rule("fubar:activation-sequence")
def test_a_failure_passes_initiative_and_each_unit_tries_once_a_turn():
    from tabletop_core.testing import random_playout

    game = random_playout("fubar", "recovery-team", 5)
    per_turn: dict[int, list[str]] = {}
    turn = 0
    last_failed = None
    for e in game.events:
        if type(e) is TurnBegan:
            turn = e.turn
        if type(e) is ActivationAttempted:
            per_turn.setdefault(turn, []).append(e.unit)
    for units in per_turn.values():
        assert len(units) == len(set(units))  # one attempt per unit a turn
    # after a failed roll the next attempt is the other player's, while they have units left
    # (the activation phase's own attempts: leaving a close combat in the combat phase before it is
    # rolled the same way, and the sequence starts afresh when the phase begins)
    rolls, attempting = [], None
    for e in game.events:
        if type(e) is ActivationAttempted:
            attempting = e.unit
        elif type(e) in (InitiativePassed, TurnBegan, PhaseChanged) or (type(e) is ActivationRolled and e.unit == attempting):
            rolls.append(e)
            attempting = None
    for a, b in zip(rolls, rolls[1:]):
        if type(a) is ActivationRolled and not a.success and type(b) is ActivationRolled:
            assert game.state.units[a.unit].side == game.state.units[b.unit].side  # only when the other side was done
    assert any(type(e) is InitiativePassed for e in game.events)


@pytest.mark.rule("fubar:activation-sequence")
def test_sequence_with_three_players():
    game = lab()
    place(game, "ft1", "a", "isaf", 42, 45)
    place(game, "taliban-green", "b", "insurgents", 42, 40)
    emit(game, InitiativeSet(("insurgents", "ana", "isaf"), (3, 2, 1)))  # a third player with nothing left to activate
    state = game.state
    assert game.decision.player == "insurgents"
    assert A.next_player(state, "insurgents", include_self=False) == "isaf"
    assert A.next_player(state, "isaf", include_self=False) == "insurgents"
    assert A.next_player(state, "ana", include_self=True) == "isaf"


@pytest.mark.rule("fubar:failed-activation")
def test_failed_unit_goes_on_guard():
    game = lab()
    place(game, "ft1", "a", "isaf", 42, 45)
    activate(game, "a", faces=[1])
    assert not events_of(game, ActivationRolled)[-1].success
    assert game.state.units["a"].on_guard and events_of(game, OnGuardSet)[-1].unit == "a"


@pytest.mark.rule("fubar:failed-activation")
def test_failed_unit_over_half_lost_withdraws_six_inches_from_nearest_enemy():
    game = lab()
    u = place(game, "taliban-green", "g", "insurgents", 42, 30)
    place(game, "ft1", "e", "isaf", 42, 20)
    emit(game, CasualtiesTaken("g", tuple(f.id for f in u.figures[:4])))  # 4 of 6 lost
    bx, by = game.state.units["g"].figures[0].pos
    activate(game, "g", faces=[1])
    assert not game.state.units["g"].on_guard
    moved = events_of(game, UnitMoved)[-1]
    (x, y) = moved.positions[0]
    assert moved.unit == "g" and ((x - bx) ** 2 + (y - by) ** 2) ** 0.5 == pytest.approx(6.0, abs=0.01)
    assert y > by  # away from the enemy to the south
