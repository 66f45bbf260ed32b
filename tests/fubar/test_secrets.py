"""Secret decisions: the insurgent hideouts and the BVP conversion (# FUBAR hideouts, bvp).

What is proved here: the secret choices are real decisions; the other side's observation and its
history are the same whatever was chosen (so nothing about the choice can leak to it), until the
rules reveal it; and the conformance kit's view check would catch a ruleset that leaked them.
"""
from __future__ import annotations

import pytest

from tabletop_core import Game, new_game
from tabletop_core.agents import AgentView, RandomAgent
from tabletop_core.events import ActionTaken, CardMoved, DiceRolled
from tabletop_core.testing import check_views
from tabletop_core.values import ConcealedAction

from rules_fubar import scenarios as S
from rules_fubar.rules import FubarRules
from rules_fubar.state import (
    BvpAwarded, BvpConversionChosen, ConvertBvp, DesignateHideout, MoveFigures, VpScored,
)

from .helpers import activate, designate_hideouts, do, events_of, lab, place


def _play_until(game, kind, seed=0):
    """Random play until the decision offers actions of type ``kind``."""
    agents = {p: RandomAgent(seed=seed, player=p) for p in game.rules.players}
    while not game.over and type(game.decision.actions[0]) is not kind:
        d = game.decision
        game.apply(agents[d.player].choose(AgentView(game, d.player, d)))
    assert not game.over, f"the game ended before a {kind.__name__} decision"
    return game


def _conversion_with_bvp_on_both_sides():
    """A random meeting-engagement game at its first BVP conversion, where both sides scored BVP
    and ISAF chooses first (the first such seed: random play changes with the ruleset)."""
    for seed in range(1, 40):
        try:
            game = _play_until(new_game("fubar", "meeting-engagement", seed=seed), ConvertBvp, seed=seed)
        except AssertionError:  # no BVP at all: the game ended with nothing to convert
            continue
        if all(v > 0 for v in game.state.bvp.values()) and game.decision.player == "isaf":
            return game
    raise AssertionError("no seed in 1-39 gives both sides BVP")


# -- hideouts -----------------------------------------------------------------------------------
@pytest.mark.rule("fubar:hideouts")
def test_the_insurgent_player_designates_each_hideout_after_the_count_is_rolled():
    game = new_game("fubar", "recovery-team", seed=5)
    buildings = sorted(game.rules.data.buildings("village"))
    count_roll = [e for e in game.events if type(e) is DiceRolled and "hideouts" in e.reason]
    assert len(count_roll) == 1 and 3 <= count_roll[0].total <= 5  # 2+D3, rolled before any choice
    count = count_roll[0].total
    chosen = []
    for k in range(count):
        d = game.decision
        assert d.player == "insurgents"
        assert d.actions == tuple(DesignateHideout(b) for b in buildings if b not in chosen)  # one at a time
        pick = d.actions[-1 - k % 2]  # a real choice: not the order of the candidates
        game.apply(pick)
        chosen.append(pick.building)
    assert game.state.decks["hideouts"].piles["hideouts"] == chosen
    assert type(game.decision.actions[0]) is not DesignateHideout  # the mission has begun
    assert game.state.turn == 1


@pytest.mark.rule("fubar:hideouts")
@pytest.mark.rule("fubar:hidden")
def test_isaf_cannot_tell_which_buildings_were_designated():
    first = new_game("fubar", "recovery-team", seed=5)
    second = new_game("fubar", "recovery-team", seed=5)
    buildings = sorted(first.rules.data.buildings("village"))
    a = designate_hideouts(first, buildings[:5])
    b = designate_hideouts(second, list(reversed(buildings))[:5])
    assert a and set(a).isdisjoint(b)  # two games that differ only in the insurgents' secret choice
    # ISAF's whole history and its observation are identical: nothing of the choice reaches it
    assert first.events_for("isaf") == second.events_for("isaf")
    assert first.observe("isaf") == second.observe("isaf")
    assert first.events_for("insurgents") != second.events_for("insurgents")
    seen = first.events_for("isaf")
    taken = [e.action for e in seen if type(e) is ActionTaken and e.player == "insurgents"]
    assert taken == [ConcealedAction("DesignateHideout")] * len(a)
    moves = [e for e in seen if type(e) is CardMoved]
    assert len(moves) == len(a) and all(e.card is None for e in moves)
    assert first.observe("isaf")["hideouts"] == {"buildings": len(buildings) - len(a), "cleared": [], "discard": [],
                                                 "hideouts": len(a)}
    assert first.observe("insurgents")["hideouts"]["hideouts"] == a


@pytest.mark.rule("fubar:hideouts")
def test_a_hideout_becomes_public_when_isaf_clears_its_building():
    game = lab(scenario="recovery-team")
    target = game.state.decks["hideouts"].piles["hideouts"][0]
    assert target not in str(game.observe("isaf"))
    feature = game.rules.table_of("recovery-team").feature(target)
    xs = [p[0] for p in feature.vertices]
    ys = [p[1] for p in feature.vertices]
    place(game, "ft2", "t", "isaf", (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2 - 6)
    place(game, "taliban-green", "far", "insurgents", 46, 46)  # the insurgents still in play elsewhere
    t = game.state.units["t"]
    activate(game, "t")
    start = len(game.events)
    do(game, MoveFigures("run", tuple(((f.x, f.y + 6.0),) for f in t.figures)))  # into the building
    cleared = [e.redact("isaf") for e in events_of(game, CardMoved, start)]
    assert [e.card for e in cleared] == [target] and cleared[0].reveals  # the rules reveal it now
    assert game.observe("isaf")["hideouts"]["cleared"] == [target]
    assert events_of(game, BvpAwarded, start)[-1].reason.startswith(f"hideout {target} cleared")


@pytest.mark.rule("fubar:hidden")
def test_the_view_check_catches_a_ruleset_that_shows_the_hideouts():
    class Leaky(FubarRules):
        def observe(self, state, player):
            view = super().observe(state, player)
            if S.HIDEOUTS in state.decks:
                view["hideouts"] = state.decks[S.HIDEOUTS].view(None)  # everything, to everyone
            return view

    with pytest.raises(AssertionError, match="reveals something hidden"):
        check_views(lambda: Game.start(Leaky(), "recovery-team", seed=1), 1, steps=6)
    check_views(lambda: Game.start(FubarRules(), "recovery-team", seed=1), 1, steps=6)


# -- the BVP conversion ---------------------------------------------------------------------------
@pytest.mark.rule("fubar:bvp")
def test_each_player_converts_bvp_in_secret_before_learning_the_others_choice():
    base = _conversion_with_bvp_on_both_sides()
    bvp = dict(base.state.bvp)
    assert bvp["isaf"] > 0 and bvp["insurgents"] > 0 and base.decision.player == "isaf"
    games = []
    for trade in (0, bvp["isaf"]):  # ISAF rolls every BVP, or trades every BVP
        g = base.clone()
        g.apply(ConvertBvp(trade))
        games.append(g)
    low, high = games
    # the insurgent player now decides, knowing nothing of ISAF's choice: same view, same history
    assert low.decision == high.decision and low.decision.player == "insurgents"
    assert low.decision.actions == tuple(ConvertBvp(k) for k in range(bvp["insurgents"] + 1))
    assert low.observe("insurgents") == high.observe("insurgents")
    assert low.events_for("insurgents") == high.events_for("insurgents")
    assert low.observe("isaf")["conversion"] == {"isaf": 0} and high.observe("isaf")["conversion"] == {"isaf": bvp["isaf"]}
    assert low.observe("insurgents")["conversion"] == {"isaf": "chosen"}
    redacted = [e for e in low.events_for("insurgents") if type(e) in (ActionTaken, BvpConversionChosen)][-2:]
    assert redacted == [ActionTaken("isaf", ConcealedAction("ConvertBvp")), BvpConversionChosen("isaf", None)]
    assert not events_of(low, VpScored) and not events_of(high, VpScored)  # nothing revealed or rolled yet
    # both have chosen: the choices are revealed together and the game ends
    for g in games:
        mark = len(g.events)
        g.apply(ConvertBvp(1))
        scored = {e.side: e for e in events_of(g, VpScored, mark)}
        assert scored["insurgents"].traded == 1 and scored["insurgents"].rolled == bvp["insurgents"] - 1
        assert g.over and g.result.scores == {s: float(e.vp) for s, e in scored.items()}
    assert events_of(low, VpScored)[0].traded == 0 and events_of(high, VpScored)[0].traded == bvp["isaf"]
    assert events_of(high, VpScored)[0].vp == 3 * bvp["isaf"]


@pytest.mark.rule("fubar:bvp")
def test_perturbing_hides_the_other_players_conversion_but_not_ones_own():
    game = _conversion_with_bvp_on_both_sides()
    game.apply(ConvertBvp(1))
    from tabletop_core.rng import CounterRNG

    values = set()
    for k in range(12):
        clone = game.clone(keep_history=False)
        clone.rules.perturb_hidden(clone.state, "insurgents", CounterRNG(k))
        values.add(clone.state.bvp_choices["isaf"])
        assert clone.observe("insurgents") == game.observe("insurgents")
        same = game.clone(keep_history=False)
        same.rules.perturb_hidden(same.state, "isaf", CounterRNG(k))
        assert same.state.bvp_choices == {"isaf": 1}  # ISAF's own choice is not a secret from ISAF
    assert len(values) > 1  # the perturbation really changes the hidden choice
