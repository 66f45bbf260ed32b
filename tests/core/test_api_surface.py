"""The public API is documented: py.typed ships, every public class and function of the core's
public modules has a docstring, and the generated reference names them."""
import importlib
import inspect
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))
write_api_docs = importlib.import_module("write_api_docs")


def test_py_typed_ships():
    import tabletop_core

    assert (Path(tabletop_core.__file__).parent / "py.typed").exists()


@pytest.mark.parametrize("module_name", write_api_docs.MODULES)
def test_every_public_class_and_function_has_a_docstring(module_name):
    module = importlib.import_module(module_name)
    missing = []
    for name in write_api_docs.public_names(module):
        obj = getattr(module, name)
        if (inspect.isclass(obj) or inspect.isfunction(obj)) and not inspect.getdoc(obj):
            missing.append(name)
    assert not missing, f"{module_name}: no docstring on {', '.join(missing)}"


def test_game_rules_action_new_game_and_agent_view_are_documented():
    import tabletop_core

    for obj in (tabletop_core.Game, tabletop_core.Rules, tabletop_core.Action, tabletop_core.new_game,
                tabletop_core.AgentView, tabletop_core.Referee):
        assert len(inspect.getdoc(obj) or "") > 80, obj


def test_the_reference_is_generated_from_the_docstrings():
    out = subprocess.run([sys.executable, str(ROOT / "scripts" / "write_api_docs.py"), "--check"],
                         capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    text = (ROOT / "docs" / "api.md").read_text()
    for name in ("class `Game", "class `Rules", "class `AgentView", "class `Referee", "`check_ruleset(", "`check_view("):
        assert name in text, name
