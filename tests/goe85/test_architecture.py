"""The layering of rules_goe85 (data -> model -> queries -> procedures, cards -> scenarios -> ruleset)
is a contract that import-linter checks (``[tool.importlinter]`` in pyproject.toml): a cycle or an
upward import is a red test, not a review finding."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "src" / "rules_goe85"


def _lint(config: Path, src: Path) -> subprocess.CompletedProcess:
    """Run import-linter on the package found under ``src`` with the contracts in ``config``."""
    env = dict(os.environ, PYTHONPATH=str(src))
    code = "import sys; from importlinter.cli import lint_imports_command; sys.exit(lint_imports_command())"
    return subprocess.run([sys.executable, "-c", code, "--config", str(config), "--no-cache"],
                          capture_output=True, text=True, env=env, cwd=src, timeout=300)


def test_the_layers_contract_is_kept():
    result = _lint(ROOT / "pyproject.toml", ROOT / "src")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "1 kept, 0 broken" in result.stdout


def test_the_contract_fails_when_a_lower_layer_imports_a_higher_one(tmp_path):
    copy = tmp_path / "src"
    shutil.copytree(PACKAGE, copy / "rules_goe85", ignore=shutil.ignore_patterns("__pycache__"))
    board = copy / "rules_goe85" / "queries" / "board.py"
    board.write_text(board.read_text() + "\n\nfrom ..procedures import fire  # an upward import (queries -> procedures)\n")
    config = tmp_path / "contracts.toml"
    pyproject = (ROOT / "pyproject.toml").read_text()
    config.write_text(pyproject[pyproject.index("[tool.importlinter]"):])
    result = _lint(config, copy)
    assert result.returncode != 0
    assert "BROKEN" in result.stdout.upper() and "rules_goe85.queries.board -> rules_goe85.procedures.fire" in result.stdout


def test_every_scenario_table_has_its_rules_module_and_back():
    import pytest

    from tabletop_core.errors import RulesetError

    from rules_goe85.data.components import game_data
    from rules_goe85.scenarios.catalogue import scenario_rules

    ids = sorted(game_data().scenarios)
    assert sorted(scenario_rules(ids)) == ids
    with pytest.raises(RulesetError, match=r"no module for \['tenth'\]"):
        scenario_rules(ids + ["tenth"])


def test_no_scenario_is_named_outside_its_own_module():
    """Scenario special rules attach through scenarios/rule_set.py: nothing outside scenarios/ asks
    which scenario is played (the data's fields, e.g. ``relocate_map``, say what a procedure does)."""
    import re

    pattern = re.compile(r"\.scenario\s*==|\.victory\s*(==|in\b)|[\"'](9th-company|hammer-and-anvil|city-boys|"
                         r"your-papers-please|jalalabad|kill-zone|tanks-at-zhawar|ambush-at-sherkhankhel|air-assault)[\"']")
    offenders = []
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE).as_posix()
        if rel.startswith("scenarios/") or rel == "data/components.py":  # the loader cross-checks the data
            continue
        for number, line in enumerate(path.read_text().splitlines(), 1):
            if pattern.search(line):
                offenders.append(f"{rel}:{number}: {line.strip()}")
    assert offenders == []
