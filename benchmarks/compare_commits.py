"""Run one benchmark on an old checkout and on this tree, alternating, and print both figures.

    git worktree add --detach /tmp/core-old 194dadd
    python benchmarks/compare_commits.py --old /tmp/core-old [--rounds 3] bench_core.py --games 100

Each round runs the benchmark script (from this tree's ``benchmarks/``) once with the old
checkout's ``src`` first on ``PYTHONPATH`` and once with this tree's, the order swapped every
round so that a machine getting busier or quieter does not favour either.  Every printed line
that reads ``label   number ...`` becomes a row: the median over the rounds of old and new, and
new / old.  The old checkout needs ``../shared`` beside it only if the benchmark reads the rules.
"""
from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
FIGURE = re.compile(r"^(\s*\S.*?)\s{2,}(-?[\d,]+(?:\.\d+)?)\b")


def run(src: Path, script: str, args: list[str]) -> dict[str, float]:
    env = dict(os.environ, PYTHONPATH=str(src))
    out = subprocess.run([sys.executable, str(HERE / script), *args], env=env, check=True,
                         capture_output=True, text=True).stdout
    figures = {}
    for line in out.splitlines():
        match = FIGURE.match(line)
        if match:
            figures[match.group(1).strip()] = float(match.group(2).replace(",", ""))
    return figures


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--old", type=Path, required=True, help="a checkout of the old commit")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("script")
    parser.add_argument("args", nargs=argparse.REMAINDER)
    options = parser.parse_args()
    trees = {"old": options.old.resolve() / "src", "new": HERE.parent / "src"}
    seen: dict[str, dict[str, list[float]]] = {"old": {}, "new": {}}
    for round_ in range(options.rounds):
        for which in (("old", "new") if round_ % 2 == 0 else ("new", "old")):
            for label, value in run(trees[which], options.script, options.args).items():
                seen[which].setdefault(label, []).append(value)
    print(f"{options.script} {' '.join(options.args)}: median of {options.rounds} alternating rounds")
    print(f"  {'figure':<40} {'old':>12} {'new':>12} {'new/old':>8}")
    for label, values in seen["new"].items():
        old = statistics.median(seen["old"].get(label, [float("nan")]))
        new = statistics.median(values)
        ratio = new / old if old else float("nan")
        print(f"  {label:<40} {_figure(old):>12} {_figure(new):>12} {ratio:>8.2f}")


def _figure(value: float) -> str:
    return f"{value:,.0f}" if abs(value) >= 1000 else f"{value:.4g}"


if __name__ == "__main__":
    main()
