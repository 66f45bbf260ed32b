"""The screened suggestions' question, "would an On Guard unit the mover knows of react to this
path?" (``on_guard.exposed``), answers as the reaction itself asks it: ``catch_point`` of every
such unit, one at a time (# FUBAR on-guard), on positions from real play, after moves as well."""
from __future__ import annotations

import pytest

from tabletop_core import new_game
from tabletop_core.agents import AgentView, RandomAgent

from rules_fubar import move_allowance, move_menu, on_guard
from rules_fubar.action_menu import MOVE_KINDS
from rules_fubar.state import Choose, Choosing, Move

from .helpers import lab
from .test_measured_moves import activate, table, unit


def _plain_exposed(rules, state, u, paths) -> bool:
    """The rule written out: some known On Guard unit has a catch point on the sampled path."""
    samples = on_guard.path_samples(tuple(f.pos for f in u.figures), paths)
    ids = tuple(f.id for f in u.figures)
    return any(on_guard.catch_point(rules, state, t, u, samples, ids) is not None
               for t in on_guard.known_threats(rules, state, u))


@pytest.mark.rule("fubar:on-guard")
@pytest.mark.parametrize("scenario,variants", [("meeting-engagement", ()), ("meeting-engagement", ("lwtv",)),
                                               ("recovery-team", ()), ("cordon-and-search", ())])
def test_exposed_answers_as_every_reactors_catch_point(scenario, variants):
    answers = {True: 0, False: 0}
    for seed in range(4):
        game = new_game("fubar", scenario, seed=seed, variants=variants)
        seats = {p: RandomAgent(seed=seed, player=p) for p in game.rules.players}
        while not game.over:
            d = game.decision
            state = game.state
            if type(state.top) is Choosing and state.top.kind in MOVE_KINDS \
                    and on_guard.known_threats(game.rules, state, state.units[state.top.unit]):
                u = state.units[state.top.unit]
                allowances = move_allowance.allowance(u, move_allowance.acting_frame(state), state.top.kind)
                for m in (a for a in d.actions if type(a) is Move):
                    ends, _used = move_menu.plan(game.rules, state, u, m, allowances)
                    paths = tuple((e,) if e != f.pos else () for f, e in zip(u.figures, ends))
                    # a fresh question first (its sight lines not drawn yet), then the reaction's own
                    got = on_guard.exposed(game.rules, state, u, paths)
                    assert got == _plain_exposed(game.rules, state, u, paths), (scenario, seed, m)
                    answers[got] += 1
            game.apply(seats[d.player].choose(AgentView(game, d.player, d)))
    assert answers[True] > 20 and answers[False] > 20, answers


@pytest.mark.rule("fubar:on-guard")
@pytest.mark.rule("fubar:mortars")
def test_exposed_asks_a_mortar_team_as_its_catch_point_and_rifles_together():
    """An ISAF team with a light mortar On Guard (a mortar may fire where friends spot: asked
    through catch_point itself) and a rifle team On Guard (asked with every direct shooter at once)
    watch an insurgent unit that runs: every suggested run is exposed or not as the reactions say."""
    game = table(unit(lab(), "taliban-green", "m", "insurgents", 34, 24), unit(lab(), "ft2", "g", "isaf", 10, 30),
                 unit(lab(), "ft1", "r", "isaf", 10, 18), current="insurgents", on_guard=("g", "r"))
    activate(game, "m")
    game.apply(Choose("run"))
    state, rules = game.state, game.rules
    u = state.units["m"]
    direct, others = on_guard.watchers(rules, state, u, on_guard.known_threats(rules, state, u))
    assert [t.id for t in others] == ["g"] and len(direct) == 1  # the mortar's unit, the rifles
    answers = set()
    for m in (a for a in game.decision.actions if type(a) is Move):
        ends, _used = move_menu.plan(rules, state, u, m, move_allowance.allowance(u, move_allowance.acting_frame(state), "run"))
        paths = tuple((e,) if e != f.pos else () for f, e in zip(u.figures, ends))
        got = on_guard.exposed(rules, state, u, paths)
        assert got == _plain_exposed(rules, state, u, paths), m
        answers.add(got)
    assert answers == {True, False}



def _menu_paths(scenario, variants, seeds=4):
    """Positions from real play (random games, after moves as well) at every suggested-move menu:
    (rules, state, mover, allowances, every watcher, path) for each suggested move in it but
    regroups, and the direct moves toward each objective a screened move is turned from."""
    for seed in range(seeds):
        game = new_game("fubar", scenario, seed=seed, variants=variants)
        seats = {p: RandomAgent(seed=seed, player=p) for p in game.rules.players}
        while not game.over:
            d = game.decision
            state, rules = game.state, game.rules
            top = state.top
            if type(top) is Choosing and top.kind in MOVE_KINDS:
                u = state.units[top.unit]
                allowances = move_allowance.allowance(u, move_allowance.acting_frame(state), top.kind)
                every = on_guard.watchers(rules, state, u, on_guard.known_threats(rules, state, u))
                moves = [a for a in d.actions if type(a) is Move and a.kind != "regroup"]
                moves += [Move(top.kind, "objective", k) for k in move_menu.objectives(rules, state)]
                for m in moves:
                    ends, _used = move_menu.plan(rules, state, u, m, allowances)
                    paths = tuple((e,) if e != f.pos else () for f, e in zip(u.figures, ends))
                    yield rules, state, u, allowances, every, m, paths
            game.apply(seats[d.player].choose(AgentView(game, d.player, d)))


@pytest.mark.rule("fubar:on-guard")
@pytest.mark.parametrize("scenario,variants", [("meeting-engagement", ()), ("recovery-team", ("lwtv",))])
def test_a_straight_paths_end_places_are_its_last_sample(scenario, variants):
    """``exposed`` asks the end of a path before drawing its samples (``end_places``): the places
    are those of the last sample, to the last bit, on every suggested path from real play."""
    asked = 0
    for _rules, _state, u, _allowances, _every, m, paths in _menu_paths(scenario, variants, seeds=2):
        starts = tuple(f.pos for f in u.figures)
        assert on_guard.end_places(starts, paths) == on_guard.path_samples(starts, paths)[-1], m
        asked += 1
    assert asked > 100
    bent = ((1.0, 1.0), (2.0, 2.0))
    assert on_guard.end_places(((0.0, 0.0), (5.0, 5.0)), (bent, ())) is None  # a bent path: samples drawn


@pytest.mark.rule("fubar:on-guard")
@pytest.mark.parametrize("scenario,variants", [("meeting-engagement", ()), ("meeting-engagement", ("lwtv",)),
                                               ("recovery-team", ()), ("cordon-and-search", ())])
def test_watchers_within_reach_answer_every_suggested_path_as_all_watchers(scenario, variants):
    """The menu asks its paths only of the shooters that may see a place the unit can reach
    (``watching_within``): on positions from real play, after moves as well, every suggested
    move (and the direct moves screened ones are turned from) is exposed to them exactly when it
    is exposed to every watcher, and a unit they all leave is exposed on none of its paths."""
    asked = dropped = 0
    for rules, state, u, allowances, every, m, paths in _menu_paths(scenario, variants):
        if not every[0] and not every[1]:
            continue
        within = on_guard.watching_within(rules, u, every, max(allowances.values()))
        dropped += sum(len(s) for *_x, s in every[0]) - sum(len(s) for *_x, s in within[0])
        assert on_guard.exposed(rules, state, u, paths, within) == on_guard.exposed(rules, state, u, paths, every), m
        asked += 1
    assert asked > 50 and dropped > 0, (asked, dropped)
