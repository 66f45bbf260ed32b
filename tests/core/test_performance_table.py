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


BATCH_REPORT = """benchmarks/bench_batch.py --games 300
3 rounds each, medians; old = 549fea1, new = HEAD
  figure                                        old           new   new/old
  process pool, 1 worker games/s              60.0          80.0     1.33x
  process pool, 2 workers games/s            110.0         150.0     1.36x
  Dask LocalCluster, 2 games/s               100.0         120.0     1.20x
  process pool, 2 workers efficiency          91.0          97.0     1.07x
  Dask share of the pool                      90.0          93.0     1.03x
"""


def test_the_batch_row_reads_the_ratios_taken_within_each_round(tmp_path):
    # bench_batch measures each executor several times in turn and takes efficiency and Dask's
    # share of the pool within a round: the row shows those, not a ratio of two medians
    # (150 / 80 / 2 = 94%, 120 / 150 = 80% here)
    pt = _module()
    (tmp_path / "batch.txt").write_text(BATCH_REPORT)
    found = pt.load(tmp_path)
    readme = "| what | figure | script |\n|---|---|---|\n| batch, Orgun: 1 worker / 2 workers / Dask LocalCluster (2) | old | `x` |\n"
    row = pt.table(found, "549fea1", readme).splitlines()[2]
    assert "80 / 150 / 120 games/s wall clock (549fea1: 60 / 110 / 100; ×1.33 / ×1.36 / ×1.20)" in row
    assert "efficiency 97% on 2 workers, Dask at 93% of the pool" in row
