"""BVP, points, hideouts, the LWTV variant, the conformance kit and the CLI."""
from __future__ import annotations

import subprocess
import sys

import attrs
import pytest

from tabletop_core import Game, Host, hookimpl, make_plugin_manager, new_game
from tabletop_core.events import ActionTaken, DiceRolled
from tabletop_core.testing import check_ruleset, random_playout

from rules_fubar import close_combat as CC
from rules_fubar import fire as F
from rules_fubar import lwtv, scenarios as S
from rules_fubar.policy import BASE_POLICY
from rules_fubar.state import (
    BvpAwarded, CombatBegan, CombatStep, ConvertBvp, ConvertingBvp, FireAt, FireResult,
    ForceMustered, MoveFigures, OnGuardSet, OnGuardWindow, PhaseChanged, ReservesUsed, StayInCombat, TurnBegan,
    UnitPlaced, VpScored,
)

from .helpers import activate, designate_hideouts, do, emit, events_of, lab, place, push, take


def _mission_over(game, bvp):
    """Referee: the mission has ended with these BVP ({side: amount}); each player converts."""

    def script(ctx):
        for side, n in bvp.items():
            if n:
                ctx.emit(BvpAwarded(side, n, "referee"))
        ctx.emit(PhaseChanged("bvp"))
        ctx.push(ConvertingBvp(("isaf", "insurgents")))

    game.referee(script)
    return game.decision


@pytest.mark.rule("fubar:bvp")
def test_bvp_conversion_is_the_players_choice():
    game = lab()
    decision = _mission_over(game, {"isaf": 4, "insurgents": 0})
    assert decision.player == "isaf" and decision.actions == tuple(ConvertBvp(k) for k in range(5))
    mark = len(game.events)
    do(game, ConvertBvp(2), [6, 5])  # 2 traded (6 VP) + 2 dice (11)
    # the insurgents have nothing to convert: they are not asked; all have chosen: reveal, roll, end
    assert not any(type(e) is ActionTaken and e.player == "insurgents" for e in game.events[mark:])
    assert events_of(game, VpScored) == [VpScored("isaf", 2, 2, 17), VpScored("insurgents", 0, 0, 0)]
    assert game.result.scores == {"isaf": 17.0, "insurgents": 0.0} and game.result.winner == "isaf"


@pytest.mark.rule("fubar:bvp")
def test_a_bvp_conversion_stays_secret_until_all_have_chosen():
    game = lab()
    _mission_over(game, {"isaf": 4, "insurgents": 1})
    decision = do(game, ConvertBvp(2))
    assert events_of(game, VpScored) == [] and game.state.bvp_choices == {"isaf": 2}  # chosen, not yet revealed
    assert decision.player == "insurgents" and decision.actions == (ConvertBvp(0), ConvertBvp(1))
    assert game.observe("insurgents")["conversion"] == {"isaf": "chosen"}


@pytest.mark.rule("fubar:bvp")
def test_bvp_awards_and_the_end_of_a_mission():
    bvp = lab().rules.data.bvp
    assert (bvp.kill["isaf"], bvp.kill["taliban"], bvp.kill["ana"], bvp.vehicle, bvp.roe_breach) == (6, 2, 2, 5, -4)
    assert 5 <= bvp.hideout <= 10 and 5 <= bvp.objective <= 10
    game = random_playout("fubar", "meeting-engagement", 2)
    scored = {e.side: e for e in events_of(game, VpScored)}
    assert set(scored) == {"isaf", "insurgents"}
    for side, e in scored.items():
        assert e.traded + e.rolled == max(game.state.bvp[side], 0)
    assert game.result.scores == {s: float(e.vp) for s, e in scored.items()}


@pytest.mark.rule("fubar:bvp")
def test_holding_the_objective_scores():
    game = lab()
    place(game, "ft1", "a", "isaf", 24, 24)
    assert S.objective_holders(game.rules, game.state) == [("isaf", "compound")]
    place(game, "taliban-green", "b", "insurgents", 24, 25)
    assert S.objective_holders(game.rules, game.state) == []


@pytest.mark.rule("fubar:points")
def test_points_guide():
    rules = lab().rules
    pts = {t: rules.data.troops[t].points for t in ("ft1", "ft2", "ifv", "mrap", "wmik", "taliban-green", "taliban-seasoned", "taliban-veteran")}
    assert pts == {"ft1": 75, "ft2": 70, "ifv": 60, "mrap": 70, "wmik": 40, "taliban-green": 35, "taliban-seasoned": 60, "taliban-veteran": 75}
    assert all(len(rules.data.troops[t].figures) == 6 for t in ("taliban-green", "taliban-seasoned", "taliban-veteran"))
    game = new_game("fubar", "recovery-team", seed=0)
    mustered = {e.side: e.points for e in events_of(game, ForceMustered)}
    assert mustered == {"isaf": 75 + 70 + 70, "insurgents": 60 + 35}
    assert S.force_points(rules, ["ft1", "wmik"]) == 115


@pytest.mark.rule("fubar:hideouts")
def test_two_plus_d3_secret_hideouts_and_reinforcements_from_turn_two():
    game = new_game("fubar", "recovery-team", seed=11)
    chosen = designate_hideouts(game)
    pile = game.state.decks["hideouts"].piles["hideouts"]
    assert pile == chosen and 3 <= len(pile) <= 5 and set(pile) <= set(game.rules.data.buildings("village"))
    assert game.state.decks["hideouts"].visible_to("hideouts", "insurgents")
    assert not game.state.decks["hideouts"].visible_to("hideouts", "isaf")
    played = random_playout("fubar", "recovery-team", 11)
    arrivals = [e for e in played.events if type(e) is UnitPlaced and e.reason == "reinforcements"]
    turns, sizes = {}, []
    turn = 0
    for e in played.events:
        if type(e) is TurnBegan:
            turn = e.turn
        if type(e) is UnitPlaced and e.reason == "reinforcements":
            turns[turn] = turns.get(turn, 0) + 1
            sizes.append(len(e.unit.figures))
    assert arrivals and min(turns) >= 2 and max(turns.values()) == 1
    # D3+1 each time, except that the last arrival may be cut short by the reserves running out
    assert all(2 <= n <= 4 for n in sizes[:-1]) and 1 <= sizes[-1] <= 4
    used = sum(e.figures for e in events_of(played, ReservesUsed))
    assert used == sum(sizes) <= 14 and (sizes[-1] >= 2 or used == 14)


@pytest.mark.rule("fubar:hideouts")
def test_reserves_run_out_and_entering_an_uncontested_hideout_removes_it():
    game = lab(scenario="recovery-team")  # the scenario's units stay: the mission goes on
    pile = game.state.decks["hideouts"].piles["hideouts"]
    target = pile[0]
    assert game.state.turn == 1
    emit(game, ReservesUsed(game.state.reserves - 2))  # two fighters left in reserve
    # the turn ends; turn 2 begins with the reinforcements: D3+1 = 4, but only 2 left
    emit(game, PhaseChanged("end_turn"), faces=[3])
    assert game.state.turn == 2 and events_of(game, UnitPlaced)[-1].reason == "reinforcements"
    assert game.state.reserves == 0 and events_of(game, ReservesUsed)[-1].figures == 2
    arrived = events_of(game, UnitPlaced)[-1].unit
    assert len(arrived.figures) == 2
    emit(game, PhaseChanged("end_turn"))  # turn 3: none left to come
    assert game.state.turn == 3 and events_of(game, UnitPlaced)[-1].unit == arrived  # nothing more
    # an ISAF unit walks into a hideout building that holds no insurgents
    feature = game.rules.table_of("recovery-team").feature(target)
    xs = [p[0] for p in feature.vertices]
    ys = [p[1] for p in feature.vertices]
    place(game, "ft2", "t", "isaf", (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2 - 6)  # the table cleared
    place(game, "taliban-green", "far", "insurgents", 46, 46)  # the insurgents still in play elsewhere
    t = game.state.units["t"]
    activate(game, "t")
    do(game, MoveFigures("run", tuple(((f.x, f.y + 6.0),) for f in t.figures)))  # into the building
    assert target not in game.state.decks["hideouts"].piles["hideouts"]
    assert target in game.state.decks["hideouts"].piles["cleared"]
    assert events_of(game, BvpAwarded)[-1].amount == 5


# -- LWTV -----------------------------------------------------------------------------------------
@pytest.mark.rule("fubar:lwtv")
def test_lwtv_is_a_variant_plugin_that_does_not_mutate_the_base_rules():
    host = Host()
    assert [v.name for v in host.variants("fubar")] == ["lwtv"]
    base = host.rules("fubar")
    evolved = lwtv.tabletop_evolve_rules(rules=base, variant="lwtv")
    assert base.policy == BASE_POLICY and evolved is not base and evolved.policy.label == "lwtv"
    assert lwtv.tabletop_evolve_rules(rules=base, variant="other") is None
    assert host.rules("fubar", ["lwtv"]).variants == ("lwtv",)


@pytest.mark.rule("fubar:lwtv")
def test_lwtv_small_arms_cannot_harm_armoured_vehicles():
    outcomes = {}
    for variant in ((), ("lwtv",)):
        game = lab(*variant)
        place(game, "taliban-green", "a", "insurgents", 42, 46)
        place(game, "mrap", "v", "isaf", 42, 38, heading=90.0)
        # 6 figures: LMG 3 + AR 2x4 + rifle 1 = 12 dice, all hit; saves all fail; damage rolls 1s
        activate(game, "a")
        take(game, FireAt(("v",), True), [6] * 12 + [1] * 12 + [1, 1] * 12)
        assert events_of(game, FireResult)[-1].dice == 12
        outcomes[variant] = events_of(game, FireResult)[-1].unsaved
    assert outcomes[()] == 12 and outcomes[("lwtv",)] == 0


@pytest.mark.rule("fubar:lwtv")
def test_lwtv_heavy_weapons_reduce_cover_by_one_level():
    needs = {}
    for variant in ((), ("lwtv",)):
        game = lab(*variant)
        t = place(game, "ft2", "t", "insurgents", 36, 16)  # orchard: soft
        hmg = game.rules.data.weapons["hmg"]
        rifle = game.rules.data.weapons["rifle"]
        needs[variant] = (F.cover_level(game.rules, t, hmg), F.cover_level(game.rules, t, rifle))
    assert needs[()] == (1, 1) and needs[("lwtv",)] == (0, 1)


@pytest.mark.rule("fubar:lwtv")
def test_lwtv_on_guard_reacts_to_enemy_fire():
    windows = {}
    for variant in ((), ("lwtv",)):
        game = lab(*variant)
        place(game, "ft1", "g", "isaf", 42, 46)
        emit(game, OnGuardSet("g"))
        place(game, "taliban-green", "m", "insurgents", 42, 20)
        place(game, "ft2", "x", "isaf", 30, 24, hidden=False)
        activate(game, "m")
        take(game, FireAt(("g",), True), [1] * 30)
        windows[variant] = [f.trigger for f in game.state.stack if isinstance(f, OnGuardWindow)]
    assert windows[()] == [] and windows[("lwtv",)] == ["fire"]


@pytest.mark.rule("fubar:lwtv")
def test_lwtv_cover_counts_for_the_defender_in_the_first_round_only():
    needs = {}
    for variant in ((), ("lwtv",)):
        game = lab(*variant)
        place(game, "ft2", "d", "isaf", 33.5, 16.0)  # in the orchard (soft)
        place(game, "taliban-seasoned", "a", "insurgents", 33.5, 15.0)
        emit(game, CombatBegan("c", "a", "d"))
        for _ in range(2):  # two rounds, every die a 1: both units as they stand
            a, d = game.state.units["a"], game.state.units["d"]
            dice = len(CC.fighters(a, d)) + len(CC.fighters(d, a))
            if not isinstance(game.state.top, CombatStep):  # the first round: as a later turn begins it
                push(game, CombatStep("c", "attacker"))
            do(game, StayInCombat("a"))
            do(game, StayInCombat("d"), [1] * dice)  # the round is fought; the next turn begins the next
        strikes = [e.reason for e in game.events if type(e) is DiceRolled and e.reason.startswith("a strikes")]
        needs[variant] = strikes
    assert needs[()] == ["a strikes d in close combat (5+)"] * 2
    assert needs[("lwtv",)] == ["a strikes d in close combat (6+)", "a strikes d in close combat (5+)"]


@pytest.mark.rule("fubar:lwtv")
def test_house_rules_through_rules_fubar_hooks():
    class NoCoverInMelee:
        @hookimpl
        def tabletop_register_variants(self, registry):
            registry.add("fubar", "melee-cover", "cover counts in every close-combat round")

        @hookimpl
        def fubar_evolve_policy(self, policy, variant):
            if variant == "melee-cover":
                return attrs.evolve(policy, close_combat_cover_rounds=99, label="melee-cover")

    host = Host(make_plugin_manager(plugins=[NoCoverInMelee()]))
    rules = host.rules("fubar", ["lwtv", "melee-cover"])
    assert rules.policy.close_combat_cover_rounds == 99 and not rules.policy.small_arms_harm_armour
    game = Game.start(rules, "meeting-engagement", seed=1)
    assert game.observe(None)["policy"] == "melee-cover"


# -- the kit and the command line -------------------------------------------------------------------
@pytest.mark.rule("fubar:activation-sequence")
@pytest.mark.parametrize("scenario", ["recovery-team", "meeting-engagement", "cordon-and-search"])
@pytest.mark.parametrize("variants", [(), ("lwtv",)])
def test_conformance(scenario, variants):
    check_ruleset("fubar", scenario, seeds=range(2), variants=variants)


@pytest.mark.parametrize("variant", [[], ["--variant", "lwtv"]])
def test_cli_play_and_verify(tmp_path, variant):
    exe = [sys.executable, "-m", "tabletop_core.cli"]
    log = tmp_path / "game.jsonl"
    out = subprocess.run(exe + ["play", "fubar", "recovery-team", "--seed", "3", "--agents", "random,random",
                                "--log", str(log), *variant], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    assert "result:" in out.stdout and "=== turn 1 ===" in out.stdout
    check = subprocess.run(exe + ["replay", str(log), "--verify"], capture_output=True, text=True, timeout=300)
    assert check.returncode == 0 and "verify: ok" in check.stdout
