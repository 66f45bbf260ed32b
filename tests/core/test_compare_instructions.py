"""``benchmarks/compare_instructions.py`` reads callgrind's totals and runs both sides from paths of
the same length (a path's length moves later allocations, and instruction counts with them)."""
from __future__ import annotations

import importlib.util
import sys
from contextlib import ExitStack
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _module():
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        spec = importlib.util.spec_from_file_location("compare_instructions", ROOT / "benchmarks" / "compare_instructions.py")
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
    return module


CALLGRIND_OUT = """# callgrind format
version: 1
creator: callgrind-3.19.0
cmd: python -c ...
events: Ir
fl=(1) ???
fn=(1) 0x0000000000001120
0 8
summary: 123456789
totals: 123456789
"""


def test_the_total_instruction_count_is_read_from_the_callgrind_file():
    assert _module().instructions(CALLGRIND_OUT) == 123456789


def test_a_file_that_is_not_callgrind_output_is_refused():
    with pytest.raises(ValueError, match="not a callgrind output file"):
        _module().instructions("events: Ir\n")


def test_the_working_tree_runs_from_a_copy_as_long_a_path_as_an_exported_revision():
    module = _module()
    with ExitStack() as stack:
        here = module.exported(stack, ".")
        other = module.exported(stack, str(ROOT))
        revision = module.exported(stack, "HEAD")
        assert here != ROOT and (here / "src" / "tabletop_core" / "game.py").is_file()
        assert len(str(here)) == len(str(other)) == len(str(revision))
        assert not list((here / "src").rglob("__pycache__"))
