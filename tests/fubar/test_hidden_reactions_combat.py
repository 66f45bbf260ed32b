"""Hidden units and spotting, On Guard reactions, close combat and leaving it."""
from __future__ import annotations

import attrs
import pytest

from tabletop_core.rng import CounterRNG

from rules_fubar import close_combat as CC
from rules_fubar import fire as F
from rules_fubar import movement as M
from rules_fubar.rules import _ACT, _ADVANCE
from rules_fubar.state import (
    Activated, CasualtiesTaken, CombatBegan, CombatEnded, CombatStep, Decline, FireDeclared, FiguresSuppressed,
    Follow, LeaveCombat, Move, OnGuardSet, OnGuardWindow, ReactFire, Spot, UnitMoved, UnitPlaced, UnitRevealed,
    TurnBegan, PhaseChanged,
)
from rules_fubar.activation import units_to_try

from .helpers import Scripted, events_of, lab, place


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


@pytest.mark.rule("fubar:hidden")
def test_hidden_units_cannot_be_targeted_until_spotted_and_firing_reveals():
    game = lab()
    a = place(game, "ft1", "a", "isaf", 42, 46)
    place(game, "taliban-green", "h", "insurgents", 34, 18, hidden=True)  # in the orchard, near its edge
    assert F.fire_targets(game.rules, game.state, a) == []
    Scripted(game).push(Activated("a"))
    decision = game.rules.decision(game.state)
    assert Spot("h") in decision.actions
    _ACT[Spot](game.rules, Scripted(game, [2]), Spot("h"))  # fails (veteran needs 4+)
    assert game.state.units["h"].hidden and game.state.top.spotted
    assert not any(isinstance(x, Spot) for x in game.rules.decision(game.state).actions)  # one try
    F.try_spot(game.rules, Scripted(game, [4]), "a", "h")
    assert not game.state.units["h"].hidden and "h" in F.fire_targets(game.rules, game.state, a)
    # a hidden unit that fires gives itself away
    game = lab()
    place(game, "ft1", "a", "isaf", 42, 30)
    place(game, "taliban-green", "h", "insurgents", 34, 18, hidden=True)
    F.resolve_fire(game.rules, Scripted(game, [1] * 20), "h", ("a",))
    assert not game.state.units["h"].hidden and events_of(game, UnitRevealed)[-1].reason == "fired"


@pytest.mark.rule("fubar:hidden")
def test_a_hidden_move_is_redacted_and_leaving_cover_reveals():
    game = lab()
    place(game, "ft2", "h", "insurgents", 15, 20, hidden=True)  # in the wadi
    h = game.state.units["h"]
    M.relocate(game.rules, Scripted(game), "h", tuple((f.x, f.y + 4) for f in h.figures), how="creeps")
    e = events_of(game, UnitMoved)[-1]
    assert e.hidden and e.redact("isaf").positions == () and e.redact("insurgents").positions
    h = game.state.units["h"]
    M.relocate(game.rules, Scripted(game), "h", tuple((f.x + 20, f.y) for f in h.figures), how="runs")
    assert not game.state.units["h"].hidden and events_of(game, UnitRevealed)[-1].reason == "left cover"


@pytest.mark.rule("fubar:on-guard")
def test_on_guard_unit_may_fire_at_an_enemy_moving_across_its_field_of_fire():
    game = lab()
    place(game, "ft1", "g", "isaf", 42, 46)
    Scripted(game).emit(OnGuardSet("g"))
    place(game, "taliban-green", "m", "insurgents", 42, 20)
    game.state.order = ("insurgents", "isaf")
    Scripted(game).push(Activated("m"))
    _ACT[Move](game.rules, Scripted(game), Move("run", "objective", "compound"))
    window = game.state.top
    assert isinstance(window, OnGuardWindow) and window.player == "isaf" and window.trigger == "move"
    decision = game.rules.decision(game.state)
    assert decision.actions == (ReactFire("g"), Decline())
    _ACT[ReactFire](game.rules, Scripted(game, [1] * 30), ReactFire("g"))
    fired = events_of(game, FireDeclared)[-1]
    assert fired.reaction and game.state.units["g"].reacted
    assert game.rules.decision(game.state) is None  # once a turn: nobody else can react
    # enemy fire does not trigger On Guard in the base rules
    game = lab()
    place(game, "ft1", "g", "isaf", 42, 46)
    Scripted(game).emit(OnGuardSet("g"))
    place(game, "taliban-green", "m", "insurgents", 42, 20)
    F.resolve_fire(game.rules, Scripted(game, [1] * 30), "m", ("g",))
    assert not any(isinstance(f, OnGuardWindow) for f in game.state.stack)


@pytest.mark.rule("fubar:on-guard")
def test_reaction_catches_a_mover_where_it_was_seen():
    game = lab()
    place(game, "ft1", "g", "isaf", 42, 46)
    Scripted(game).emit(OnGuardSet("g"))
    place(game, "taliban-green", "m", "insurgents", 30, 44)  # in the open, seen; then ducks behind hut-n
    m = game.state.units["m"]
    start = tuple(f.pos for f in m.figures)
    ctx = Scripted(game)
    game.state.order = ("insurgents", "isaf")
    M.relocate(game.rules, ctx, "m", tuple((f.x - 6.0, 40.0) for f in m.figures), how="moves")
    window = game.state.top
    assert isinstance(window, OnGuardWindow) and window.path[0] == start
    assert window.path[-1] == tuple(f.pos for f in game.state.units["m"].figures)


@pytest.mark.rule("fubar:close-combat")
def test_assault_fight_suppressed_strike_last_and_casualties_only():
    game = lab()
    place(game, "ft1", "a", "isaf", 42, 40)
    place(game, "taliban-green", "d", "insurgents", 42, 34)
    Scripted(game).emit(FiguresSuppressed("d", ("d-1",)))
    game.state.order = ("isaf", "insurgents")
    # attackers: 4 dice at 4+ (all hit) and saves 6+ (none); defenders standing: 5 left fight? only those within 3"
    ctx = Scripted(game, [])
    CC.assault(game.rules, ctx, "a", "d")
    assert all(min(abs(f.y - g.y) for g in game.state.units["d"].figures) < 1.05 for f in game.state.units["a"].figures)
    n_att = len(CC.fighters(game.state.units["a"], game.state.units["d"]))
    n_def = len(CC.fighters(game.state.units["d"], game.state.units["a"]))
    standing_def = n_def - 1
    faces = [6] * n_att + [1] * n_att + [1] * standing_def  # wave 1: attackers hit, d saves fail; d misses
    ctx = Scripted(game, faces + [6])  # wave 2: the suppressed defender (if alive) strikes last
    while game.state.stack:
        _ADVANCE[type(game.state.top)](game.rules, ctx, game.state.top)
    assert events_of(game, CombatBegan)
    d = game.state.units["d"]
    assert len(d.figures) == 6 - n_att and d.suppressed == 1  # casualties only: no new suppression
    # continuation: next turn both units are activated automatically and cannot activate again
    cid = events_of(game, CombatBegan)[-1].combat
    ctx = Scripted(game)
    ctx.emit(TurnBegan(game.state.turn + 1))
    CC.begin_combat_turn(game.rules, ctx, cid)
    assert game.state.units["a"].attempted and game.state.units["d"].attempted
    assert units_to_try(game.state, "isaf") == [] and isinstance(game.state.top, CombatStep)
    decision = game.rules.decision(game.state)
    assert decision.player == "isaf" and LeaveCombat("a") in decision.actions


@pytest.mark.rule("fubar:close-combat")
def test_suppressed_figures_strike_after_the_others():
    game = lab()
    place(game, "taliban-green", "a", "insurgents", 42, 40)
    place(game, "taliban-green", "d", "isaf", 42, 39)  # already touching-ish: all fight
    Scripted(game).emit(FiguresSuppressed("d", tuple(f"d-{k}" for k in range(1, 7))))  # all of d is down
    Scripted(game).emit(CombatBegan("c", "a", "d"))
    ctx = Scripted(game, [6] * 6 + [1] * 6 + [6] * 0)  # a strikes first: 6 hits, d saves all fail
    CC.fight_round(game.rules, ctx, "c")
    assert not game.state.units["d"].alive and not game.state.units["a"].casualties  # d never struck back
    assert events_of(game, CombatEnded)


@pytest.mark.rule("fubar:withdraw")
def test_leaving_combat_and_being_followed():
    game = lab()
    place(game, "ft1", "a", "isaf", 42, 40)
    place(game, "taliban-green", "d", "insurgents", 42, 39)
    Scripted(game).emit(CombatBegan("c", "a", "d"))
    Scripted(game).push(CombatStep("c", "attacker"))
    before = game.state.units["a"].figures[0].pos
    # activation 6 passes; 1D6 = 4" away
    _ACT[LeaveCombat](game.rules, Scripted(game, [6, 4]), LeaveCombat("a"))
    after = game.state.units["a"].figures[0].pos
    assert ((after[0] - before[0]) ** 2 + (after[1] - before[1]) ** 2) ** 0.5 == pytest.approx(4.0, abs=0.01)
    assert game.state.top.step == "follow" and game.rules.decision(game.state).player == "insurgents"
    # the follower passes its roll and runs 6": it catches them, the combat goes on
    _ACT[Follow](game.rules, Scripted(game, [6, 6]), Follow("d"))
    _ADVANCE[CombatStep](game.rules, Scripted(game), game.state.top)
    assert game.state.top.step == "fight" and "c" in game.state.combats
    # a failed follow lets them go
    game = lab()
    place(game, "ft1", "a", "isaf", 42, 40)
    place(game, "taliban-green", "d", "insurgents", 42, 39)
    Scripted(game).emit(CombatBegan("c", "a", "d"))
    Scripted(game).push(CombatStep("c", "attacker"))
    _ACT[LeaveCombat](game.rules, Scripted(game, [6, 3]), LeaveCombat("a"))
    _ACT[Follow](game.rules, Scripted(game, [1]), Follow("d"))
    assert "c" not in game.state.combats and not game.state.stack
