"""A game that raises is recorded with its seed, traceback and replay command; the batch goes on."""
from __future__ import annotations

import json

import pytest

import tabletop_core
from tabletop_core import batch
from tabletop_core.cli import main
from tabletop_core.plugins import Host, make_plugin_manager

from . import flaky_rules
from .conftest import FLAKY, read_records

GAMES = 30


def test_erroring_games_do_not_stop_the_batch(tmp_path):
    summary = batch.run("flaky", "skirmish", games=GAMES, seed=4, workers=2, plugins=[FLAKY],
                        out=tmp_path / "out", progress=False)
    seeds = batch.game_seeds(4, GAMES)
    faulty = [i for i, s in enumerate(seeds) if flaky_rules.is_faulty(s)]
    assert 0 < len(faulty) < GAMES  # the seed was chosen so that both kinds occur

    records = read_records(tmp_path / "out" / "results.jsonl")
    assert [r["index"] for r in records] == list(range(GAMES))
    errors = [r for r in records if r["result"] == "error"]
    assert [r["index"] for r in errors] == faulty
    for record in errors:
        assert record["seed"] == seeds[record["index"]]
        assert record["error"].startswith("FlakyFault: deliberate fault")
        assert "Traceback" in record["traceback"] and "FlakyFault" in record["traceback"]
        assert record["replay"].startswith(f"tabletop play flaky skirmish --seed {record['seed']} --agents random,random")
    assert summary.errors == len(faulty) and summary.games == GAMES
    assert sum(summary.results.values()) == GAMES - len(faulty)
    assert [e["index"] for e in summary.error_games] == faulty


def test_the_recorded_seed_reproduces_the_error():
    seed = next(s for s in batch.game_seeds(4, GAMES) if flaky_rules.is_faulty(s))
    host = Host(make_plugin_manager(plugins=[flaky_rules]))
    game = tabletop_core.new_game("flaky", "skirmish", seed=seed, host=host)
    with pytest.raises(flaky_rules.FlakyFault):
        tabletop_core.play(game, tabletop_core.agents_for(game, "random,random", host=host))


def test_cli_lists_each_error_with_its_replay_command_and_exits_1(tmp_path, capsys):
    summary_path = tmp_path / "summary.json"
    code = main(["batch", "flaky", "skirmish", "--games", "12", "--seed", "4", "--workers", "2",
                 "--plugin", FLAKY, "--out", str(tmp_path / "out"), "--json", str(summary_path)])
    out = capsys.readouterr().out
    data = json.loads(summary_path.read_text())
    assert code == 1 and data["errors"] > 0
    for entry in data["error_games"]:
        assert entry["replay"] in out
    assert "raised; replay one with" in out


def test_a_plugin_module_that_does_not_import_is_one_clear_error(tmp_path, capsys):
    code = main(["batch", "duel", "skirmish", "--games", "2", "--plugin", "no_such_module_xyz",
                 "--out", str(tmp_path / "out")])
    err = capsys.readouterr().err.strip().splitlines()
    assert code == 2 and len(err) == 1 and "no_such_module_xyz" in err[0]
