"""Run one benchmark script against two commits' ``src``, alternately, and print medians.

    python benchmarks/compare_commits.py OLD NEW [--rounds 5] -- SCRIPT [SCRIPT ARGS...]
    python benchmarks/compare_commits.py d93e94e HEAD -- benchmarks/bench_orgun.py --games 20

OLD and NEW are git revisions, or directories holding a checkout (with its ``src``); ``.`` means
this working tree as it is (uncommitted changes too).
Each revision other than ``.`` has its ``src`` exported once (``git archive``) into a temporary
directory, removed at the end; no worktree is registered.  The same SCRIPT -- this tree's copy, so both sides are measured by the same code -- runs
in a fresh interpreter per round and side with ``PYTHONPATH=<tree>/src``, old and new taking turns
(ABBA order, so a drift in machine load falls on both).

The script reports by printing lines ``figure: NAME = NUMBER`` (higher is better, e.g. a rate per
CPU second) and ``check: NAME = TEXT`` (must be the same on both sides, e.g. a digest of the games
played).  A script that prints no ``figure:`` line is read by its table rows instead: every line
``label   number ...`` (two or more spaces before the first number) is a figure named by its
label.  Printed: per figure the median of the rounds for each side and the ratio new/old; per
check whether both sides agree.  The exit status is 1 if any check differs.
"""
from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
from contextlib import ExitStack
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
LINE = re.compile(r"^(figure|check):\s*(.+?)\s*=\s*(\S+)\s*$")
ROW = re.compile(r"^(\s*\S.*?)\s{2,}(-?[\d,]+(?:\.\d+)?)\b")


def parse_report(text: str) -> tuple[dict[str, float], dict[str, str]]:
    figures: dict[str, float] = {}
    checks: dict[str, str] = {}
    for line in text.splitlines():
        match = LINE.match(line)
        if match is None:
            continue
        kind, name, value = match.groups()
        if kind == "figure":
            figures[name] = float(value)
        else:
            checks[name] = value
    if not figures:  # a benchmark that prints a table: each row's first number
        for line in text.splitlines():
            row = ROW.match(line)
            if row:
                figures[row.group(1).strip()] = float(row.group(2).replace(",", ""))
    return figures, checks


def checkout(stack: ExitStack, revision: str) -> Path:
    """The tree holding ``revision``'s ``src``: this tree for ``.``, else a temporary export."""
    if revision == ".":
        return REPO
    if (Path(revision) / "src").is_dir():
        return Path(revision)
    where = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="compare-")))
    archive = subprocess.run(["git", "-C", str(REPO), "archive", revision, "src"], capture_output=True, check=False)
    if archive.returncode != 0:
        sys.exit(f"cannot export {revision}: {archive.stderr.decode(errors='replace').strip()}")
    subprocess.run(["tar", "-x", "-C", str(where)], input=archive.stdout, check=True)
    return where


def run_once(tree: Path, script: list[str]) -> str:
    env = dict(os.environ, PYTHONPATH=str(tree / "src"))
    done = subprocess.run([sys.executable, *script], cwd=REPO, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"{' '.join(script)} failed on {tree}:\n{done.stderr[-2000:]}")
    return done.stdout


def compare(old: str, new: str, rounds: int, script: list[str]) -> int:
    with ExitStack() as stack:
        trees = {old: checkout(stack, old), new: checkout(stack, new)}
        reports: dict[str, list[tuple[dict[str, float], dict[str, str]]]] = {old: [], new: []}
        for index in range(rounds):
            order = (old, new) if index % 4 in (0, 3) else (new, old)
            for revision in order:
                reports[revision].append(parse_report(run_once(trees[revision], script)))
            print(f"round {index + 1}/{rounds} done", file=sys.stderr)
    return summarise(old, new, reports, script)


def summarise(old: str, new: str, reports, script: list[str]) -> int:
    print(" ".join(script))
    print(f"{len(reports[old])} rounds each, medians; old = {old}, new = {new}")
    names = list(reports[new][0][0]) if reports[new] else []
    width = max((len(n) for n in names), default=10)
    print(f"  {'figure':<{width}}  {'old':>12}  {'new':>12}  {'new/old':>8}")
    for name in names:
        before = statistics.median(r[0].get(name, float("nan")) for r in reports[old])
        after = statistics.median(r[0][name] for r in reports[new])
        print(f"  {name:<{width}}  {_number(before):>12}  {_number(after):>12}  {after / before:>7.2f}x")
    status = 0
    for name in reports[new][0][1] if reports[new] else ():
        values = {r[1].get(name) for side in (old, new) for r in reports[side]}
        same = len(values) == 1
        status |= not same
        print(f"  check {name}: {'identical on both sides' if same else 'DIFFERS: ' + ', '.join(sorted(map(str, values)))}")
    return status


def _number(value: float) -> str:
    """Rates with one decimal; small figures (seconds) with four significant digits."""
    return f"{value:,.1f}" if abs(value) >= 100 else f"{value:.4g}"


def old_new_and_command(doc: str, argv: list[str]) -> tuple[argparse.ArgumentParser, list[str], list[str]]:
    """``OLD NEW [options] -- COMMAND...``: a parser that knows OLD and NEW (add the options to
    it), the arguments before ``--`` and the command after it; the usage (``doc``) without ``--``."""
    if "--" not in argv:
        sys.exit(doc)
    split = argv.index("--")
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("old")
    parser.add_argument("new")
    return parser, argv[:split], argv[split + 1:]


def main() -> None:
    parser, options, script = old_new_and_command(__doc__, sys.argv[1:])
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args(options)
    if not script:
        sys.exit("no benchmark script given after --")
    sys.exit(compare(args.old, args.new, args.rounds, script))


if __name__ == "__main__":
    main()
