"""The conformance kit, the CLI path (play, log, replay --verify), narration and the agent."""
from __future__ import annotations

from rules_orgun1983.rules import OrgunRules
from rules_orgun1983.state import UnitMoved
from tabletop_core import agents_for, new_game, play
from tabletop_core.cli import main as tabletop
from tabletop_core.testing import check_ruleset


def test_conformance_kit():
    check_ruleset("orgun1983", "orgun-1983", seeds=range(3))


def test_cli_play_and_verify(tmp_path, capsys):
    log = tmp_path / "game.jsonl"
    assert tabletop(["play", "orgun1983", "orgun-1983", "--seed", "4", "--agents", "random,random", "--log", str(log), "--quiet"]) == 0
    assert "result:" in capsys.readouterr().out
    assert tabletop(["replay", str(log), "--verify"]) == 0
    assert "verify: ok" in capsys.readouterr().out


def test_random_games_end_well_within_max_decisions():
    for seed in range(6):
        game = new_game("orgun1983", "orgun-1983", seed=seed)
        play(game, agents_for(game, "random,random"))
        assert game.over and game.state.decisions < OrgunRules.max_decisions // 4


def test_heuristic_agent_plays_a_game():
    game = new_game("orgun1983", "orgun-1983", seed=3)
    result = play(game, agents_for(game, "orgun,orgun"))
    assert result is not None


def test_narration_gives_one_line_per_move():
    game = new_game("orgun1983", "orgun-1983", seed=1)
    play(game, agents_for(game, "random,random"))
    lines = []
    replayed = game.__class__.from_events(game.rules, game.header, [])
    for event in game.events:
        replayed._apply_event(event)
        if isinstance(event, UnitMoved) and event.reason == "move":
            lines.append(replayed.narrate(event))
    assert lines and all("→" in line and "OP)" in line for line in lines)
    assert any(line.startswith("DRA ") for line in lines)
