"""The ``fubar`` heuristic agent: registration, its habits in set situations, determinism, and
that it beats the random agent."""
from __future__ import annotations

import subprocess
import sys

import attrs
import pytest

from tabletop_core import agents_for, default_host, new_game, play
from tabletop_core.agents import AgentView

from rules_fubar.agent import FubarAgent
from rules_fubar.measure import centroid, facing
from rules_fubar.state import Assault, CasualtiesTaken, Choose, FireAt, GoToGround, Move, Walk

from .helpers import activated, emit, lab, offered, place, take


def _activated(game, uid):
    """The decision of ``uid``'s owner once it has activated (and used its free spot)."""
    d = activated(game, uid, spotted=True)
    return AgentView(game, d.player, d)


def _agent(game, player="isaf"):
    return default_host().agent("fubar", seed=0, player=player, rules=game.rules)


def _through(game, agent, first):
    """Apply the agent's step-one ``Choose`` and return what it picks at step two."""
    assert type(first) is Choose
    game.apply(first)
    d = game.decision
    return agent.choose(AgentView(game, d.player, d))


def test_registered_for_fubar_only():
    host = default_host()
    assert "fubar" in host.agent_names("fubar") and "fubar" not in host.agent_names("orgun1983")
    game = new_game("fubar", "meeting-engagement", seed=0)
    seats = agents_for(game, "fubar,random")
    assert isinstance(seats["isaf"], FubarAgent) and not isinstance(seats["insurgents"], FubarAgent)


@pytest.mark.rule("fubar:cover")
def test_aimed_fire_at_the_most_exposed_visible_enemy():
    game = lab()  # valley: the orchard (soft cover) is x 30-37, y 12-20
    place(game, "ft1", "a", "isaf", 40, 28)
    covered = place(game, "taliban-green", "covered", "insurgents", 33.5, 19)  # half in the orchard, 1" from its edge
    exposed = place(game, "taliban-green", "open", "insurgents", 44, 18)
    m = game.rules.measure_for(exposed)
    assert (m.unit_cover(covered), m.unit_cover(exposed)) == (1, 0)
    view = _activated(game, "a")
    assert {FireAt(("covered",), True), FireAt(("open",), True)} <= set(offered(game, "fire"))
    agent = _agent(game)
    assert _through(game, agent, agent.choose(view)) == FireAt(("open",), True)


@pytest.mark.rule("fubar:suppression")
def test_takes_cover_when_under_fire():
    game = lab()
    a = place(game, "ft1", "a", "isaf", 34, 23)  # in the open, 3" from the orchard
    figs = tuple(attrs.evolve(f, suppressed=k < 2) for k, f in enumerate(a.figures))
    place(game, "ft1", "a", "isaf", 34, 23, figures=figs)
    place(game, "taliban-green", "e", "insurgents", 44, 36)
    view = _activated(game, "a")
    assert any(type(x) is FireAt for x in offered(game, "fire"))  # it could fire back ...
    assert _agent(game).choose(view) == GoToGround()  # ... but gets into cover first


@pytest.mark.rule("fubar:cover")
def test_chooses_the_hardest_cover_in_reach_not_the_nearest():
    game = lab()
    a = place(game, "ft1", "a", "isaf", 38.5, 27.0)  # the orchard is nearest, the compound hardest
    figs = tuple(attrs.evolve(f, suppressed=k < 1) for k, f in enumerate(a.figures))
    place(game, "ft1", "a", "isaf", 38.5, 27.0, figures=figs)
    place(game, "taliban-green", "e", "insurgents", 44.0, 44.0)
    view = _activated(game, "a")
    covers = {x.ref for x in offered(game, "run") if type(x) is Move and x.kind == "cover"}
    assert {"orchard", "field-wall", "compound"} <= covers and GoToGround() not in view.decision.actions
    agent = _agent(game)
    choice = _through(game, agent, agent.choose(view))
    assert type(choice) is Move and (choice.kind, choice.ref) == ("cover", "compound")


@pytest.mark.rule("fubar:vehicle-damage")
def test_walks_round_a_vehicle_that_faces_it_then_fires_from_its_flank():
    game = lab()
    place(game, "wmik", "v", "isaf", 42.0, 24.0, heading=90.0)  # facing north, at the insurgents
    place(game, "taliban-green", "t", "insurgents", 42.0, 32.0)
    agent = _agent(game, "insurgents")
    view = _activated(game, "t")
    assert agent.choose(view) == Walk()
    game.apply(Walk())
    d = game.decision
    choice = _through(game, agent, agent.choose(AgentView(game, d.player, d)))
    assert type(choice) is Move and choice.kind == "flank" and choice.ref == "v"
    game.apply(choice)
    v, t = game.state.units["v"], game.state.units["t"]
    assert facing(v, centroid(t)) in ("side", "rear")
    d = game.decision
    assert type(_through(game, agent, agent.choose(AgentView(game, d.player, d)))) is FireAt


@pytest.mark.rule("fubar:close-combat")
def test_assaults_a_weakened_unit():
    game = lab()
    place(game, "ft1", "a", "isaf", 42, 40)
    w = place(game, "taliban-green", "w", "insurgents", 42, 34)
    emit(game, CasualtiesTaken("w", tuple(f.id for f in w.figures[2:])))  # 2 figures left
    place(game, "taliban-green", "strong", "insurgents", 42, 44)  # a full unit, also within reach
    view = _activated(game, "a")
    assert Assault("strong") in offered(game, "assault")
    agent = _agent(game)
    assert _through(game, agent, agent.choose(view)) == Assault("w")


def test_seeded_and_deterministic():
    digests = set()
    for _ in range(2):
        game = new_game("fubar", "recovery-team", seed=4)
        play(game, agents_for(game, "fubar,fubar"))
        digests.add(game.digest())
    assert len(digests) == 1


# Measured on ruleset 1.5.0: see docs/coverage/fubar.md ("The fubar agent") for the
# win counts over 40 games per side and scenario.  A coin would win half.
@pytest.mark.parametrize("scenario", ["recovery-team", "meeting-engagement", "cordon-and-search"])
@pytest.mark.parametrize("seat", ["isaf", "insurgents"])
def test_beats_random_by_a_wide_margin(scenario, seat):
    wins = 0
    for seed in range(20):
        game = new_game("fubar", scenario, seed=seed)
        names = "fubar,random" if seat == "isaf" else "random,fubar"
        result = play(game, agents_for(game, names))
        wins += result.winner == seat
    assert wins >= 15, f"fubar won {wins} of 20 as {seat} in {scenario}"


def test_cli_game_with_the_fubar_agent_finishes():
    out = subprocess.run([sys.executable, "-m", "tabletop_core.cli", "play", "fubar", "recovery-team", "--seed", "2",
                          "--agents", "fubar,random", "--quiet"], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    assert "result:" in out.stdout and "mission over" in out.stdout


def _view(game):
    d = game.decision
    return AgentView(game, d.player, d)


@pytest.mark.rule("fubar:suppression")
def test_lays_its_leader_down_and_loses_its_least_valuable_figure_first():
    from rules_fubar.state import SuppressFigure, TakeCasualty

    from .helpers import activate

    game = lab()
    place(game, "ft1", "a", "isaf", 42, 46)
    place(game, "taliban-seasoned", "e", "insurgents", 42, 36)  # e-1 LMG leader ... e-6 rifle
    place(game, "taliban-green", "far-off", "insurgents", 24, 30)
    activate(game, "a")
    game.force_faces([6, 6, 6, 1, 1, 1, 1, 1, 1] + [1, 1, 1])  # 3 unsaved hits
    take(game, FireAt(("e",), True))
    agent = _agent(game, "insurgents")
    picks = []
    while game.decision.player == "insurgents" and type(game.decision.actions[0]) in (TakeCasualty, SuppressFigure):
        pick = agent.choose(_view(game))
        picks.append(pick)
        game.apply(pick)
    assert picks[0] == SuppressFigure("e-1")  # the leader (LMG) goes down, it does not die
    assert type(picks[1]) is SuppressFigure  # seasoned: a second may go down
    assert picks[2] == TakeCasualty("e-6")  # the rifleman, the least valuable, falls


def test_never_fires_at_civilians():
    game = lab(scenario="cordon-and-search")
    place(game, "ft1", "a", "isaf", 24, 8)
    place(game, "civilians", "crowd", "civilians", 24, 14)
    view = _activated(game, "a")
    assert FireAt(("crowd",), True) in offered(game, "fire")
    assert _agent(game).choose(view) != Choose("fire")  # no one else to shoot: it does not choose to fire


@pytest.mark.rule("fubar:saves")
def test_riders_get_out_away_from_the_enemy_once_it_is_in_sight():
    from rules_fubar.state import Disembark, Embark, GoOnGuard
    from rules_fubar.transport import exit_positions

    from .helpers import activate

    game = lab()
    place(game, "mrap", "v", "isaf", 43, 20, heading=90.0)  # facing +y, toward the enemy
    place(game, "ft1", "t", "isaf", 43, 16)
    place(game, "taliban-green", "e", "insurgents", 43, 36)
    activate(game, "t")
    take(game, Embark("v"))
    activate(game, "t")
    assert _agent(game).choose(_view(game)) == Disembark(exit_positions(game.rules, game.state, game.state.units["t"], "rear"))
    game = lab()  # far from the enemy and the objective: they stay aboard
    place(game, "mrap", "v", "isaf", 43, 4, heading=90.0)
    place(game, "ft1", "t", "isaf", 43, 1)
    place(game, "taliban-green", "e", "insurgents", 3, 46)
    activate(game, "t")
    take(game, Embark("v"))
    activate(game, "t")
    assert _agent(game).choose(_view(game)) == GoOnGuard()
