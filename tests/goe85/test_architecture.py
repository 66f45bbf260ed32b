"""The layering of rules_goe85 (data -> model -> queries -> procedures, cards -> scenarios -> ruleset)
and the independence of its procedures (one starts another by pushing a frame, never by calling it)
are contracts that import-linter checks (``[tool.importlinter]`` in pyproject.toml): a cycle, an
upward import or a procedure importing another is a red test, not a review finding."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from tests.import_graph import import_cycles as _import_cycles

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
    assert "2 kept, 0 broken" in result.stdout


def _lint_with(tmp_path, module: str, line: str) -> subprocess.CompletedProcess:
    """import-linter on a copy of the package with ``line`` appended to ``module`` (a path under it)."""
    copy = tmp_path / "src"
    shutil.copytree(PACKAGE, copy / "rules_goe85", ignore=shutil.ignore_patterns("__pycache__"))
    target = copy / "rules_goe85" / module
    target.write_text(target.read_text() + "\n\n" + line + "\n")
    config = tmp_path / "contracts.toml"
    pyproject = (ROOT / "pyproject.toml").read_text()
    config.write_text(pyproject[pyproject.index("[tool.importlinter]"):])
    return _lint(config, copy)


def test_the_contract_fails_when_a_lower_layer_imports_a_higher_one(tmp_path):
    result = _lint_with(tmp_path, "queries/board.py", "from ..procedures import fire  # an upward import")
    assert result.returncode != 0
    assert "BROKEN" in result.stdout.upper() and "rules_goe85.queries.board -> rules_goe85.procedures.fire" in result.stdout


def test_the_contract_fails_when_a_procedure_imports_another(tmp_path):
    """move.py used to open Opportunity Fire by calling opportunity_fire; now it pushes the window
    (or an order) and an import of that procedure breaks the independence contract."""
    result = _lint_with(tmp_path, "procedures/move/steps.py", "from ..opportunity_fire import act_window  # a cross-procedure call")
    assert result.returncode != 0
    assert "independent" in result.stdout and "BROKEN" in result.stdout.upper()
    assert "rules_goe85.procedures.move.steps -> rules_goe85.procedures.opportunity_fire" in result.stdout


def test_the_contract_fails_when_a_card_module_imports_a_procedure(tmp_path):
    result = _lint_with(tmp_path, "cards/powers.py", "from ..procedures.move import start_move  # a card starting a move by call")
    assert result.returncode != 0
    assert "rules_goe85.cards.powers -> rules_goe85.procedures.move" in result.stdout


def test_every_scenario_table_has_its_rules_module_and_back():
    import pytest

    from tabletop_core.errors import RulesetError

    from rules_goe85.data.loading import game_data
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


def test_the_independence_contract_tolerates_nothing():
    """The impulse reads every card family through ``rules.card_families`` (dispatch.py), so the
    contract lists no import it ignores."""
    import tomllib

    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]
    independence = next(c for c in config["contracts"] if c["type"] == "independence")
    assert "ignore_imports" not in independence


def test_the_contract_fails_when_the_impulse_imports_a_card_family(tmp_path):
    result = _lint_with(tmp_path, "procedures/turn.py", "from ..cards import powers  # a card family by import")
    assert result.returncode != 0
    assert "rules_goe85.procedures.turn -> rules_goe85.cards.powers" in result.stdout


def test_orders_are_gone_before_anyone_is_asked():
    """An order (FireOrder, APFireOrder, MoveOrder) is turned into its procedure's frame as soon as it
    is on top: no player is ever asked to decide with one on the stack, so orders change no view,
    save or decision (a seeded random game of a vehicle scenario, where every kind is pushed)."""
    from tabletop_core import agents_for, new_game
    from tabletop_core.agents import AgentView

    from rules_goe85.model.frames import AttackOrder, MoveOrder

    game = new_game("goe85", "tanks-at-zhawar", seed=1)
    seats = agents_for(game, "random,random")
    pushed = set()
    while not game.over:
        assert not any(isinstance(f, (AttackOrder, MoveOrder)) for f in game.state.stack)
        decision = game.decision
        before = len(game.events)
        game.apply(seats[decision.player].choose(AgentView(game, decision.player, decision)))
        pushed.update(type(e.frame).__name__ for e in game.events[before:] if type(e).__name__ == "FramePushed")
    assert {"FireOrder", "MoveOrder"} <= pushed


def test_no_module_of_the_package_imports_itself_back():
    """No import cycle anywhere in rules_goe85, however deep and at whatever level (a function's own
    import counts): the layers above are acyclic and so is every layer inside."""
    assert _import_cycles("rules_goe85") == []


def test_the_cycle_check_finds_a_cycle(tmp_path):
    """The check itself sees a cycle made through a function-level import (the kind the package used
    to hide its cycles in)."""
    copy = tmp_path / "src"
    shutil.copytree(PACKAGE, copy / "rules_goe85", ignore=shutil.ignore_patterns("__pycache__"))
    target = copy / "rules_goe85" / "queries" / "board.py"  # sight.py imports board.py
    target.write_text(target.read_text() + "\n\ndef _late():\n    from .sight import sees  # a cycle\n")
    code = ("import sys, json; sys.path.insert(0, sys.argv[1]); from tests.goe85.test_architecture import _import_cycles;"
            " print(json.dumps(_import_cycles('rules_goe85')))")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(copy), str(ROOT)]))
    result = subprocess.run([sys.executable, "-c", code, str(copy)], capture_output=True, text=True, env=env, cwd=tmp_path,
                            timeout=120)
    assert result.returncode == 0, result.stderr
    import json

    groups = json.loads(result.stdout)
    assert any({"rules_goe85.queries.sight", "rules_goe85.queries.board"} <= set(group) for group in groups)


# Modules whose tests are not at the mirrored path, each with the test module that exercises it
# and why: a question or effect asked by one procedure is tested in play through that procedure.
COVERED_ELSEWHERE = {
    "queries/fire_group.py": ("procedures/test_fire.py", "who joins an attack (10d, 8d) is asked in every Fire, AP fire and Opportunity Fire test"),
    "effects/ability_hooks.py": ("cards/test_abilities.py", "Single Use (21m) and Brutal (22g) are abilities' effects"),
    "effects/attack_start.py": ("procedures/test_fire.py", "every HE attack begins there; Indirect Fire in cards/test_abilities.py"),
    "effects/damage_draw.py": ("procedures/test_draws.py", "the Event and End Turn cards met in a Damage Draw (5c); the draw itself in every fire test"),
    "effects/first_fire.py": ("cards/test_support_and_reactions.py", "First Fire's answer (20a) is a Reaction"),
    "effects/losses.py": ("procedures/reserve/test_transport.py", "a carrier destroyed with its passengers (8e); hits everywhere"),
    "effects/openings.py": ("cards/test_support_and_reactions.py", "the assaults a move opens, met by Support and Reactions"),
    "effects/scatter.py": ("cards/test_abilities.py", "accuracy and drift are Indirect Fire's (21k) and the Mortar's (22o)"),
    "procedures/booby_trap.py": ("scenarios/test_hammer_and_anvil.py", "the Booby Trap is that scenario's rule"),
    "queries/ap_numbers.py": ("procedures/test_ap_fire.py", "the AP numbers are 15c's worked example"),
    "queries/ap_targets.py": ("procedures/test_ap_fire.py", "who fires AP at what, in AP fire"),
    "queries/attack_plan.py": ("procedures/test_fire.py", "an HE attack's numbers are 10b-10d's examples"),
    "queries/carrying.py": ("procedures/reserve/test_transport.py", "who is aboard and who fits (8a, 8b, 8j)"),
    "queries/deck.py": ("procedures/test_turn.py", "hands and the initiative order (5d)"),
    "queries/facing.py": ("procedures/test_vehicle_facing.py", "where a vehicle faces at set-up (15d)"),
    "queries/entering.py": ("procedures/test_entry.py", "who waits off the map and may enter (18h, 17a), asked by the entry"),
    "queries/fire_options.py": ("procedures/test_fire.py", "who may fire at whom, offered by the impulse"),
    "queries/fire_reach.py": ("procedures/test_fire.py", "ranges and fire Powers, in fire"),
    "queries/first_fire.py": ("cards/test_support_and_reactions.py", "First Fire's mode and marker (20a)"),
    "queries/leg_reserve.py": ("procedures/reserve/test_leg_moves.py", "where a Leg unit may end its reserve move (5f)"),
    "queries/movement.py": ("procedures/move/test_steps.py", "MP allowances (8a, 18e/h/i)"),
    "queries/opportunity.py": ("procedures/test_opportunity_fire.py", "the window's plays (11a)"),
    "queries/punishing_retreat.py": ("procedures/test_punishing_fire.py", "Punishing Fire's step back (18j)"),
    "queries/sight.py": ("procedures/test_artillery.py", "a spotter's own sight class (14, 17e); LOS in every fire test"),
    "queries/strike_targets.py": ("effects/test_artillery_strike.py", "whom a strike attacks (12a, 17d)"),
    "queries/transport_budget.py": ("procedures/reserve/test_transport.py", "what a move has left around loading (8a, 8i), in the loading tests"),
    "scenarios/catalogue.py": ("test_architecture.py", "every scenario table has its module and back"),
    "scenarios/common.py": ("scenarios/test_city_boys.py", "set-up, control and Event cards, in each scenario's tests"),
    "scenarios/mechanised.py": ("scenarios/test_jalalabad.py", "the SU-25 and Stinger events"),
    "scenarios/mechanised_events.py": ("scenarios/test_tanks_at_zhawar.py", "the mechanised scenarios' Event cards"),
    "scenarios/rule_set.py": ("test_architecture.py", "no scenario named outside its own module; each hook in its scenario's tests"),
}


def _mirrored(module: str) -> Path:
    path = Path(module)
    return ROOT / "tests" / "goe85" / path.parent / f"test_{path.name}"


def test_every_module_has_its_test_module_at_the_mirrored_path():
    """Tests mirror the layout: ``src/rules_goe85/<dir>/<name>.py`` is tested in
    ``tests/goe85/<dir>/test_<name>.py``, or is listed in COVERED_ELSEWHERE with the test module
    that exercises it and why (an entry that has since got its mirrored test is stale)."""
    modules = sorted(p.relative_to(PACKAGE).as_posix() for folder in ("procedures", "cards", "scenarios", "effects", "queries")
                     for p in (PACKAGE / folder).rglob("*.py") if p.name != "__init__.py")
    missing = [m for m in modules if not _mirrored(m).exists() and m not in COVERED_ELSEWHERE]
    stale = [m for m in COVERED_ELSEWHERE if m not in modules or _mirrored(m).exists()]
    absent = [f"{m}: {test}" for m, (test, why) in COVERED_ELSEWHERE.items()
              if not (ROOT / "tests" / "goe85" / test).exists() or not why]
    assert (missing, stale, absent) == ([], [], [])
