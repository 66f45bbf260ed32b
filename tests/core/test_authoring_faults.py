"""Faults a plug-in author makes, each reported where it happens and in words that name it."""
import subprocess
import sys
import textwrap

import pytest

import tabletop_core
from tabletop_core.errors import ReplayMismatchError, RulesetError
from tabletop_core.testing import check_replay, random_playout

from .toy_rulesets import toy_host


def test_an_undeclared_event_is_refused_at_emit():
    host = toy_host()
    game = tabletop_core.new_game("tally-undeclared", "race", seed=1, host=host)
    before = game.digest()
    with pytest.raises(RulesetError, match="event Undeclared is not declared in Rules.events"):
        game.apply(game.decision.actions[0])
    assert game.digest() == before


def test_a_change_outside_an_apply_function_is_named_by_its_field():
    host = toy_host()
    game = random_playout("tally-mutates", "race", 1, host=host)
    with pytest.raises(AssertionError, match=r"differs from the played one at state\.points\['b'\]"):
        check_replay(game, host=host)


def test_rules_using_random_surface_as_a_replay_divergence():
    host = toy_host()
    for seed in range(20):
        game = random_playout("tally-random", "race", seed, host=host)
        try:
            game.verify()
        except ReplayMismatchError as exc:
            assert "replay diverged at event" in str(exc) and "random module" in str(exc)
            return
    pytest.fail("twenty games drawing from `random` all re-simulated identically")


def test_a_plugin_that_fails_to_import_is_skipped_with_one_line(tmp_path):
    """A broken installed plug-in (an entry point whose module raises) does not stop the others."""
    pkg = tmp_path / "broken_plugin_pkg"
    pkg.mkdir()
    (pkg / "broken_tabletop_plugin.py").write_text("raise ImportError('needs a library that is not installed')\n")
    dist = pkg / "broken_tabletop_plugin-0.1.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: broken-tabletop-plugin\nVersion: 0.1\n")
    (dist / "entry_points.txt").write_text("[tabletop.rulesets]\nbroken = broken_tabletop_plugin\n")
    env = {**__import__("os").environ, "PYTHONPATH": str(pkg)}
    out = subprocess.run([sys.executable, "-m", "tabletop_core.cli", "rulesets"], capture_output=True, text=True, env=env)
    assert out.returncode == 0, out.stderr
    assert "Traceback" not in out.stderr
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and "plug-in broken (broken_tabletop_plugin) skipped" in lines[0]
    assert "orgun1983" in out.stdout
