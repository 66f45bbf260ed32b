"""The README's Performance table, regenerated from the benchmarks: old commit against new.

    python benchmarks/performance_table.py OLD [NEW] [--rounds 3] [--save DIR] [--write]
    python benchmarks/performance_table.py --load DIR [--write]

Each row this script owns is measured by one benchmark run through ``compare_commits.py`` (old
and new taking turns, medians of ``--rounds``, CPU time), and printed as the new figure with the
old one and the ratio beside it.  ``--save DIR`` keeps each comparison's output (one file per
benchmark), ``--load DIR`` rebuilds the table from such files without measuring again.  Rows it
does not measure -- the ones no change touched (dice, area map, table geometry) -- are carried
over from the README as they are.  ``--write``
puts the table into README.md in place of the old one; without it the table is printed.
"""
from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Callable

HERE = Path(__file__).resolve().parent
README = HERE.parent / "README.md"
COMPARED = re.compile(r"^  (\S.*?)\s{2,}(\S+)\s{2,}(\S+)\s{2,}(\S+)x$")
HEADER = "| what | figure | script |"

Figures = dict[str, tuple[float, float]]  # name -> (old median, new median)

#: One benchmark run: its file stem (for --save/--load) and its command line.
BENCHMARKS = {
    "core": ["benchmarks/bench_core.py", "--games", "300"],
    "orgun": ["benchmarks/bench_orgun.py", "--games", "20", "--agents", "random,random", "--agents", "orgun,orgun"],
    "hex": ["benchmarks/bench_hex.py"],
    # the script's own batch size (about 10 s of play on one core): a 300-game batch lasts under
    # 2 s on two workers, and measures a cluster's first and last task as much as its throughput
    "batch": ["benchmarks/bench_batch.py"],
    "history": ["benchmarks/bench_history.py", "--games", "200", "--rounds", "3"],
    "goe": ["benchmarks/bench_goe85.py", "5"],
    # 30 games a figure: with 10 (one to two seconds of play) the host's drift moved a ratio by 2x
    "fubar": ["benchmarks/bench_fubar.py", "30", "--no-profile"],
}

GOE_SCENARIOS = {"9th-company": "9th Company", "hammer-and-anvil": "Hammer and Anvil", "city-boys": "City Boys",
                 "your-papers-please": "Your Papers Please", "jalalabad": "Jalalabad", "kill-zone": "Kill Zone",
                 "tanks-at-zhawar": "Tanks at Zhawar", "ambush-at-sherkhankhel": "Sherkhankhel",
                 "air-assault": "Air Assault"}
GOALS = {"goe": 10_000, "fubar": 20_000}  # issue 15: decisions per second in every scenario


def measure(old: str, new: str, rounds: int, save: Path | None) -> dict[str, Figures]:
    found = {}
    for stem, command in BENCHMARKS.items():
        print(f"measuring {stem}: {' '.join(command)}", file=sys.stderr)
        done = subprocess.run([sys.executable, str(HERE / "compare_commits.py"), old, new, "--rounds", str(rounds),
                               "--", *command], capture_output=True, text=True, cwd=HERE.parent, env=dict(os.environ))
        if save is not None:
            save.mkdir(parents=True, exist_ok=True)
            (save / f"{stem}.txt").write_text(done.stdout)
        found[stem] = parse(done.stdout)
    return found


def load(folder: Path) -> dict[str, Figures]:
    return {stem: parse((folder / f"{stem}.txt").read_text()) for stem in BENCHMARKS if (folder / f"{stem}.txt").exists()}


def parse(text: str) -> Figures:
    """The medians of one ``compare_commits.py`` report, by figure name."""
    figures: Figures = {}
    for line in text.splitlines():
        match = COMPARED.match(line)
        if match and match.group(1) != "figure":
            figures[match.group(1)] = (_number(match.group(2)), _number(match.group(3)))
    return figures


def _number(text: str) -> float:
    try:
        return float(text.replace(",", ""))
    except ValueError:
        return float("nan")


def _rate(x: float) -> str:
    return f"{x / 1e6:.1f} M" if x >= 1e6 else f"{x / 1e3:,.0f}k" if x >= 1e4 else f"{x:,.0f}"


def _ratio(pair: tuple[float, float]) -> str:
    return f"×{pair[1] / pair[0]:.2f}"


def _triple(f: Figures, names: list[str], show: Callable[[float], str], unit: str, old: str) -> str:
    names = [n for n in names if n in f]
    if not names:
        return "not measured"
    new = " / ".join(show(f[n][1]) for n in names)
    before = " / ".join(show(f[n][0]) for n in names)
    ratios = " / ".join(_ratio(f[n]) for n in names)
    return f"{new}{' ' + unit if unit else ''} ({old}: {before}; {ratios})"


def rows(found: dict[str, Figures], old: str) -> dict[str, tuple[str, str]]:
    """The rows this script owns: what -> (figure, script)."""
    out: dict[str, tuple[str, str]] = {}
    core, orgun, hexes = found.get("core"), found.get("orgun"), found.get("hex")
    batch, history = found.get("batch"), found.get("history")
    if core:
        out["random play through the decision API (duel template)"] = (_triple(
            core, ["decisions per second (decision API)", "games per second (random play)"], _rate,
            "decisions / games per s", old), "`benchmarks/bench_core.py`")
        out["replay (fold recorded events)"] = (_triple(
            core, ["events applied per second (replay)"], _rate, "events/s", old), "`bench_core.py`")
        out["clone a game (state only / with history) vs `copy.deepcopy(state)`"] = (_triple(
            core, ["clone (state only)", "clone (with history)", "copy.deepcopy(state)"], lambda x: f"{x:.1f}",
            "µs", old), "`bench_core.py`")
        out["log write / read and check / load (read, decode, fold)"] = (_triple(
            core, ["log write: events per second", "log read+check: events per second",
                   "log load (read+decode+fold) ev/s"], _rate, "events/s", old), "`bench_core.py`, `compare_commits.py`")
    if orgun:
        out[f"Orgun 1983 ({_version('orgun1983')}), random play / heuristic agents"] = (_triple(
            orgun, ["random-random decisions/s", "orgun-orgun decisions/s"], _rate, "decisions/s", old),
            "`bench_orgun.py`")
    if hexes:
        out["hex LOS: single query / from the table / full table for 5 maps (434 hexes), first case / second case"] = (
            _triple(hexes, ["LOS single query, line cache warm", "LOS table query (repeated)"], _rate, "per s", old)
            + "; " + _triple(hexes, ["LOS table: one case, all pairs", "LOS table: a second case"],
                             lambda x: f"{x * 1e3:.0f}", "ms", old), "`bench_hex.py`, `compare_commits.py`")
    if batch:
        names = [n for n in ("process pool, 1 worker games/s", "process pool, 2 workers games/s",
                             "Dask LocalCluster, 2 games/s") if n in batch]
        efficiency = [n for n in ("process pool, 2 workers CPU efficiency", "Dask LocalCluster, 2 CPU efficiency")
                      if n in batch]
        text = _triple(batch, names, _rate, "games/s wall clock", old)
        paired = ("process pool, 2 workers efficiency", "Dask share of the pool")
        if all(n in batch for n in paired):  # ratios taken within each round of bench_batch
            two_workers, share = (batch[n][1] for n in paired)
            text += f"; efficiency {two_workers:.0f}% on 2 workers, Dask at {share:.0f}% of the pool"
        elif len(names) == 3:
            one, two, dask = (batch[n][1] for n in names)
            text += f"; efficiency {two / one / 2:.0%} on 2 workers, Dask at {dask / two:.0%} of the pool"
        text += "; CPU efficiency (2 workers / Dask) " + _triple(batch, efficiency, lambda x: f"{x:.0f}%", "", old)
        out["batch, Orgun: 1 worker / 2 workers / Dask LocalCluster (2)"] = (
            text, "`bench_batch.py`, `compare_commits.py`")
    if history:
        out["duel random play beside a 250k-event history (kept games), of play with none"] = (_triple(
            history, ["beside history, of none", "beside history after gc.freeze, of none"], lambda x: f"{x:.2f}",
            "(plain / after `gc.freeze()`)", old), "`bench_history.py`")
    if found.get("goe"):
        out[f"GoE '85 ({_version('goe85')}), random play"] = (_by_scenario(
            found["goe"], {f"{k} decisions per CPU s": v for k, v in GOE_SCENARIOS.items()},
            {f"{k} games per CPU s": v for k, v in GOE_SCENARIOS.items()}, GOALS["goe"], old),
            "`bench_goe85.py`, `compare_commits.py`")
    if found.get("fubar"):
        fubar = found["fubar"]
        names = sorted({n.rsplit(" decisions per CPU s", 1)[0] for n in fubar if n.endswith(" decisions per CPU s")})
        parts = []
        for agents, label in (("random,random", "random play"), ("fubar,fubar", "agent play")):
            mine = [n for n in names if n.endswith(" " + agents)]
            if mine:
                parts.append(f"{label}: " + _by_scenario(
                    fubar, {f"{n} decisions per CPU s": n.rsplit(" ", 1)[0] for n in mine},
                    {f"{n} games per CPU s": n.rsplit(" ", 1)[0] for n in mine}, GOALS["fubar"], old))
        out[f"FUBAR ({_version('fubar')}), random play / agent play, by scenario and edition"] = (
            "; ".join(parts) or "not measured", "`bench_fubar.py`, `compare_commits.py`")
    return out


def _by_scenario(f: Figures, decisions: dict[str, str], games: dict[str, str], goal: float, old: str) -> str:
    """Decisions per CPU second over several scenarios: the slowest and fastest (named), how many meet
    the goal, the old range and the range of ratios; and the range of ratios of games per CPU second
    (a choice made in two steps counts two decisions: games are the like-for-like figure)."""
    have = {n: label for n, label in decisions.items() if n in f}
    if not have:
        return "not measured"
    new = sorted(have, key=lambda n: f[n][1])
    lo, hi = new[0], new[-1]
    ratios = sorted(f[n][1] / f[n][0] for n in have)
    met = sum(f[n][1] >= goal for n in have)
    text = (f"{_rate(f[lo][1])} ({have[lo]}) – {_rate(f[hi][1])} ({have[hi]}) decisions per CPU s, "
            f"{met} of {len(have)} at the {_rate(goal)} goal ({old}: {_rate(min(f[n][0] for n in have))}–"
            f"{_rate(max(f[n][0] for n in have))}; ×{ratios[0]:.2f}–×{ratios[-1]:.2f})")
    per_game = sorted(f[n][1] / f[n][0] for n in games if n in f)
    if per_game:
        text += f", games per CPU s ×{per_game[0]:.2f}–×{per_game[-1]:.2f}"
    return text


def _version(ruleset: str) -> str:
    """The installed version of ``ruleset`` (the one the new side measured when NEW is this tree)."""
    try:
        import tabletop_core
    except ImportError:
        return "?"
    info = tabletop_core.rulesets().get(ruleset)
    return info.version if info else "?"


def table(found: dict[str, Figures], old: str, readme: str) -> str:
    """The whole table: the README's rows in their order, each replaced by its measured row if this
    script owns one (matched by the text before its first comma or parenthesis)."""
    measured = rows(found, old)
    lines = [HEADER, "|---|---|---|"]
    used = set()
    for line in _table_lines(readme)[2:]:
        what = line.split("|")[1].strip()
        mine = next((w for w in measured if _key(w) == _key(what)), None)
        if mine is None:
            lines.append(line)
        else:
            used.add(mine)
            figure, script = measured[mine]
            lines.append(f"| {mine} | {figure} | {script} |")
    lines += [f"| {w} | {f} | {s} |" for w, (f, s) in measured.items() if w not in used]
    return "\n".join(lines)


def _old_of(folder: Path) -> str:
    """The old revision named in saved comparisons (their ``old = REV, new = ...`` line)."""
    for path in sorted(folder.glob("*.txt")):
        match = re.search(r"old = (\S+), new", path.read_text())
        if match:
            return match.group(1)
    return "old"


def _key(what: str) -> str:
    return re.split(r"[,(:]", what, maxsplit=1)[0].strip().lower()


def _table_lines(readme: str) -> list[str]:
    lines = readme.splitlines()
    start = lines.index(HEADER)
    end = start
    while end < len(lines) and lines[end].startswith("|"):
        end += 1
    return lines[start:end]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("old", nargs="?")
    parser.add_argument("new", nargs="?", default="HEAD")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--save", type=Path)
    parser.add_argument("--load", type=Path)
    parser.add_argument("--write", action="store_true", help="replace the table in README.md")
    args = parser.parse_args()
    if args.load is None and args.old is None:
        parser.error("give OLD (a revision) to measure, or --load DIR")
    found = load(args.load) if args.load else measure(args.old, args.new, args.rounds, args.save)
    old_name = args.old or _old_of(args.load)
    readme = README.read_text()
    text = table(found, old_name, readme)
    if args.write:
        old_table = "\n".join(_table_lines(readme))
        README.write_text(readme.replace(old_table, text))
        print(f"README.md: Performance table rewritten ({len(found)} benchmarks measured)")
    else:
        print(text)


if __name__ == "__main__":
    main()
