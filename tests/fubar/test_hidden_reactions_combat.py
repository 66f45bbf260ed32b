"""Hidden units and spotting, On Guard reactions, close combat and leaving it."""
from __future__ import annotations

import pytest

from tabletop_core.events import DiceRolled
from tabletop_core.rng import CounterRNG

from rules_fubar import close_combat as CC
from rules_fubar import targeting as T
from rules_fubar.state import (
    Assault, Choose, CombatBegan, CombatEnded, CombatRoundFought, CombatStep, Decline, FireAt, FireDeclared,
    FiguresSuppressed, Follow, LeaveCombat, LetGo, Move, MoveFigures, OnGuardSet, OnGuardWindow, PhaseChanged,
    ReactFire, Spot, StayInCombat, TakeCasualty, UnitMoved, UnitPlaced, UnitRevealed, Walk,
)
from rules_fubar.activation import units_to_try

from .helpers import activate, do, emit, events_of, lab, offered, place, push, take


@pytest.mark.rule("fubar:hidden")
def test_units_deployed_in_cover_are_hidden_and_do_not_leak():
    from tabletop_core import new_game

    game = new_game("fubar", "recovery-team", seed=4)
    hidden = [u for u in game.state.units.values() if u.hidden]
    assert {u.id for u in hidden} == {"tal-1", "tal-2"}
    seen = game.observe("isaf")["units"]["tal-1"]
    assert seen == {"side": "insurgents", "hidden": True, "figures": 6}
    assert game.observe("insurgents")["units"]["tal-1"]["figures"]
    # the placement events are redacted for the other side, and the hideout pile is secret
    placed = [e for e in game.events_for("isaf") if type(e) is UnitPlaced and e.unit.id == "tal-1"][0]
    assert all(f.x == -1.0 for f in placed.unit.figures)
    assert game.observe("isaf")["hideouts"]["hideouts"] == len(game.state.decks["hideouts"].piles["hideouts"])
    # perturbing what isaf cannot see changes nothing isaf observes
    clone = game.clone(keep_history=False)
    game.rules.perturb_hidden(clone.state, "isaf", CounterRNG(1))
    assert clone.state.units["tal-1"] != game.state.units["tal-1"]
    assert clone.observe("isaf") == game.observe("isaf")


def _hidden_in_the_orchard():
    game = lab()
    a = place(game, "ft1", "a", "isaf", 42, 46)
    place(game, "taliban-green", "h", "insurgents", 34, 18, hidden=True)  # in the orchard, near its edge
    return game, a


def _fire_at(game, target):
    """The fire at ``target`` alone that step two offers the activated unit."""
    return next(a for a in offered(game, "fire") if type(a) is FireAt and a.targets == (target,))


def _no_reaction_asked(game) -> bool:
    return not any(isinstance(f, OnGuardWindow) for f in game.state.stack) and not any(
        isinstance(a, ReactFire) for a in game.decision.actions)


@pytest.mark.rule("fubar:hidden")
def test_hidden_units_cannot_be_targeted_until_spotted_and_firing_reveals():
    game, a = _hidden_in_the_orchard()
    assert T.fire_targets(game.rules, game.state, a) == []
    decision = activate(game, "a")
    assert Spot("h") in decision.actions and Choose("fire") not in decision.actions
    decision = do(game, Spot("h"), [2])  # fails (veteran needs 4+)
    assert game.state.units["h"].hidden and game.state.top.spotted
    assert not any(isinstance(x, Spot) for x in decision.actions)  # one try
    # another activation, a roll of 4: spotted, and now a target
    game, a = _hidden_in_the_orchard()
    activate(game, "a")
    decision = do(game, Spot("h"), [4])
    assert not game.state.units["h"].hidden and "h" in T.fire_targets(game.rules, game.state, game.state.units["a"])
    assert events_of(game, UnitRevealed)[-1].reason == "spotted by a" and Choose("fire") in decision.actions
    # a hidden unit that fires gives itself away
    game = lab()
    place(game, "ft1", "a", "isaf", 42, 30)
    place(game, "taliban-green", "h", "insurgents", 34, 18, hidden=True)
    activate(game, "h")
    take(game, _fire_at(game, "a"), [1] * 20)
    assert not game.state.units["h"].hidden and events_of(game, UnitRevealed)[-1].reason == "fired"


@pytest.mark.rule("fubar:hidden")
def test_a_hidden_move_is_redacted_and_leaving_cover_reveals():
    game = lab()
    place(game, "ft2", "h", "insurgents", 15, 20, hidden=True)  # in the wadi
    place(game, "ft1", "e", "isaf", 46, 2)  # an enemy far off, so the game goes on
    h = game.state.units["h"]
    activate(game, "h")
    do(game, MoveFigures("run", tuple(((f.x, f.y + 4.0),) for f in h.figures)))  # creeps along the wadi
    e = events_of(game, UnitMoved)[-1]
    assert e.unit == "h" and e.hidden and e.redact("isaf").positions == () and e.redact("insurgents").positions
    assert game.state.units["h"].hidden
    h = game.state.units["h"]
    activate(game, "h")  # its next turn
    do(game, MoveFigures("run", tuple(((f.x - 10.0, f.y),) for f in h.figures)))  # out of the wadi, west
    assert not game.state.units["h"].hidden and events_of(game, UnitRevealed)[-1].reason == "left cover"


@pytest.mark.rule("fubar:on-guard")
def test_on_guard_unit_may_fire_at_an_enemy_moving_across_its_field_of_fire():
    game = lab()
    place(game, "ft1", "g", "isaf", 42, 46)
    emit(game, OnGuardSet("g"))
    place(game, "taliban-green", "m", "insurgents", 42, 20)
    activate(game, "m")
    decision = take(game, Move("run", "objective", "compound"))
    window = game.state.top
    assert isinstance(window, OnGuardWindow) and window.player == "isaf" and window.trigger == "move"
    assert decision.player == "isaf" and decision.actions == (ReactFire("g"), Decline())
    do(game, ReactFire("g"), [1] * 30)
    fired = events_of(game, FireDeclared)[-1]
    assert fired.unit == "g" and fired.reaction and game.state.units["g"].reacted
    assert _no_reaction_asked(game)  # once a turn: nobody else can react
    # enemy fire does not trigger On Guard in the base rules
    game = lab()
    place(game, "ft1", "g", "isaf", 42, 46)
    emit(game, OnGuardSet("g"))
    place(game, "taliban-green", "m", "insurgents", 42, 20)
    activate(game, "m")
    take(game, _fire_at(game, "g"), [1] * 30)
    assert events_of(game, FireDeclared)[-1].unit == "m" and _no_reaction_asked(game)


@pytest.mark.rule("fubar:on-guard")
def test_reaction_catches_a_mover_where_it_was_seen():
    game = lab()
    place(game, "ft1", "g", "isaf", 42, 46)
    emit(game, OnGuardSet("g"))
    place(game, "taliban-green", "m", "insurgents", 30, 44)  # in the open, seen; then ducks behind hut-n
    m = game.state.units["m"]
    start = tuple(f.pos for f in m.figures)
    activate(game, "m")
    do(game, MoveFigures("run", tuple(((f.x - 6.0, 40.0),) for f in m.figures)))
    window = game.state.top
    assert isinstance(window, OnGuardWindow) and window.path[0] == start
    assert window.path[-1] == tuple(f.pos for f in game.state.units["m"].figures)
    assert game.decision.player == "isaf" and ReactFire("g") in game.decision.actions


def _casualties_not(game, spared):
    """Answer each casualty pick with a figure other than ``spared`` (the owner's choice)."""
    while not game.over and any(type(a) is TakeCasualty for a in game.decision.actions):
        do(game, next(a for a in game.decision.actions if a.figure != spared))


@pytest.mark.rule("fubar:close-combat")
def test_assault_fight_suppressed_strike_last_and_casualties_only():
    game = lab()
    place(game, "ft1", "a", "isaf", 42, 40)
    place(game, "taliban-green", "d", "insurgents", 42, 34)
    emit(game, FiguresSuppressed("d", ("d-1",)))
    activate(game, "a")
    # who fights once the assault move is made: read on a look-ahead where every die misses
    peek = game.clone()
    take(peek, Assault("d"), [1] * 40)
    pa, pd = peek.state.units["a"], peek.state.units["d"]
    assert all(min(abs(f.y - g.y) for g in pd.figures) < 1.05 for f in pa.figures)
    n_att = len(CC.fighters(pa, pd))
    n_def = len(CC.fighters(pd, pa))
    standing_def = n_def - 1
    # attackers: all hit at 4+ and d's saves (6+) fail; the standing defenders miss; wave 2: the
    # suppressed defender (if alive) strikes last
    faces = [6] * n_att + [1] * n_att + [1] * standing_def
    take(game, Assault("d"), faces + [6])
    assert events_of(game, CombatBegan)
    _casualties_not(game, "d-1")  # the defender's owner picks the casualties: standing figures
    d = game.state.units["d"]
    assert len(d.figures) == 6 - n_att and d.suppressed == 1  # casualties only: no new suppression
    # continuation: next turn both units are activated automatically and cannot activate again
    emit(game, PhaseChanged("end_turn"))  # the game runs on into the next turn's combat phase
    assert game.state.units["a"].attempted and game.state.units["d"].attempted
    assert units_to_try(game.state, "isaf") == [] and isinstance(game.state.top, CombatStep)
    decision = game.decision
    assert decision.player == "isaf" and LeaveCombat("a") in decision.actions


@pytest.mark.rule("fubar:close-combat")
def test_suppressed_figures_strike_after_the_others():
    game = lab()
    place(game, "taliban-green", "a", "insurgents", 42, 40)
    place(game, "taliban-green", "d", "isaf", 42, 39)  # already touching-ish: all fight
    emit(game, FiguresSuppressed("d", tuple(f"d-{k}" for k in range(1, 7))))  # all of d is down
    emit(game, CombatBegan("c", "a", "d"))
    push(game, CombatStep("c", "attacker"))  # a round of the combat, as a later turn begins it
    do(game, StayInCombat("a"))
    # a strikes first: 6 hits, d saves all fail; six hits on six figures: nothing for the owner to pick
    do(game, StayInCombat("d"), [6] * 6 + [1] * 6)
    assert not game.state.units["d"].alive and not game.state.units["a"].casualties  # d never struck back
    assert events_of(game, CombatEnded)


def _in_combat():
    game = lab()
    place(game, "ft1", "a", "isaf", 42, 40)
    place(game, "taliban-green", "d", "insurgents", 42, 39)
    emit(game, CombatBegan("c", "a", "d"))
    decision = push(game, CombatStep("c", "attacker"))  # a later turn: each may try to leave
    assert decision.player == "isaf" and LeaveCombat("a") in decision.actions
    return game


@pytest.mark.rule("fubar:withdraw")
def test_leaving_combat_and_being_followed():
    game = _in_combat()
    before = game.state.units["a"].figures[0].pos
    # activation 6 passes; 1D6 = 4" away
    decision = do(game, LeaveCombat("a"), [6, 4])
    after = game.state.units["a"].figures[0].pos
    assert ((after[0] - before[0]) ** 2 + (after[1] - before[1]) ** 2) ** 0.5 == pytest.approx(4.0, abs=0.01)
    assert game.state.top.step == "follow" and decision.player == "insurgents"
    assert decision.actions == (Follow("d"), LetGo("d"))
    # the follower passes its roll and runs 6": it catches them, the combat goes on: a round is fought
    mark = len(game.events)
    do(game, Follow("d"), [6, 6])
    assert "c" in game.state.combats
    assert any(type(e) is DiceRolled and e.reason.startswith("a strikes d") for e in game.events[mark:])
    assert any(type(e) is CombatRoundFought and e.combat == "c" for e in game.events[mark:])
    # a failed follow lets them go
    game = _in_combat()
    do(game, LeaveCombat("a"), [6, 3])
    do(game, Follow("d"), [1])
    assert "c" not in game.state.combats and not game.state.stack
    assert events_of(game, CombatEnded)[-1].reason == "a got away"


@pytest.mark.rule("fubar:on-guard")
def test_a_vehicle_on_guard_reacts_to_a_vehicle_crossing_the_edge_of_its_range():
    """Ranges are edge to edge: two 1.75" bases whose centres pass 39" apart are 35.5" apart, in
    an HMG's 36" -- the window opens (the range prune once allowed each base only 1")."""
    game = lab()
    hmg = game.rules.data.weapons["hmg"]
    place(game, "ifv", "g", "isaf", 42, 46)
    emit(game, OnGuardSet("g"))
    y = 46 - (hmg.longest + 3.0)
    place(game, "ifv", "m", "insurgents", 37, y)
    g, m = game.state.units["g"].figures[0], game.state.units["m"].figures[0]
    assert (g.r, m.r) == (1.75, 1.75) and 46 - y - g.r - m.r == hmg.longest - 0.5
    activate(game, "m")
    do(game, Walk())
    do(game, MoveFigures("drive", (((43.0, y),),)))  # passes (42, y), straight below g
    window = game.state.top
    assert isinstance(window, OnGuardWindow) and window.player == "isaf" and window.trigger == "move"
    assert game.decision.actions == (ReactFire("g"), Decline())
    # 1" farther off, the nearest edges are 36.5" apart: out of range, no window
    game = lab()
    place(game, "ifv", "g", "isaf", 42, 46)
    emit(game, OnGuardSet("g"))
    place(game, "ifv", "m", "insurgents", 37, y - 1.0)
    activate(game, "m")
    do(game, Walk())
    do(game, MoveFigures("drive", (((43.0, y - 1.0),),)))
    assert not isinstance(game.state.top, OnGuardWindow) and game.decision.player == "insurgents"
