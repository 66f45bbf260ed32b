"""The README's Performance table is rebuilt from ``compare_commits.py`` reports: the GoE and FUBAR
rows too, with the slowest and fastest scenario, how many meet issue 15's goal, and old beside new."""
from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _module():
    spec = importlib.util.spec_from_file_location("performance_table", ROOT / "benchmarks" / "performance_table.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


REPORT = """benchmarks/bench_goe85.py 3
3 rounds each, medians; old = 549fea1, new = HEAD
  figure                                   old           new   new/old
  air-assault decisions per CPU s       2200.0        3300.0     1.50x
  air-assault games per CPU s            0.400         0.500     1.25x
  hammer-and-anvil decisions per CPU s  7200.0       12000.0     1.67x
  hammer-and-anvil games per CPU s       2.000         3.000     1.50x
"""


def test_the_goe_row_is_regenerated_from_a_comparison(tmp_path):
    pt = _module()
    (tmp_path / "goe.txt").write_text(REPORT)
    found = pt.load(tmp_path)
    assert found["goe"]["air-assault decisions per CPU s"] == (2200.0, 3300.0)
    readme = "| what | figure | script |\n|---|---|---|\n| GoE '85 (0.1.0), random play | old words | `x` |\n"
    table = pt.table(found, "549fea1", readme).splitlines()
    assert len(table) == 3 and table[2].startswith("| GoE '85 (")
    assert ("3,300 (Air Assault) – 12k (Hammer and Anvil) decisions per CPU s, 1 of 2 at the 10k goal "
            "(549fea1: 2,200–7,200; ×1.50–×1.67), games per CPU s ×1.25–×1.50") in table[2]
