"""The summary of a batch: wins with Wilson intervals, game lengths, scores and errors.

A summary is a pure function of the batch's description and its per-game records (wall time is
not in it), so the same batch seed gives the same summary on any executor, and a resumed batch
summarises exactly like one played in one go.

Why the Wilson score interval: balance studies live near 50 % but also at the edges (a side that
never wins in 200 games), where the plain normal interval collapses to [0, 0]; Wilson's stays
inside [0, 1] and keeps its coverage close to 95 % for small counts (Newcombe 1998).
"""
from __future__ import annotations

import math
from typing import Any, Iterable, Mapping

import attrs

from .spec import BatchSpec

Z95 = 1.959963984540054  # the 0.975 quantile of the standard normal distribution


def wilson_interval(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for ``successes`` out of ``trials`` (95 % by default).

    With no trials nothing is known: (0, 1)."""
    if trials < 0 or not 0 <= successes <= trials:
        raise ValueError(f"need 0 <= successes <= trials, got {successes} of {trials}")
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    z2 = z * z
    centre = p + z2 / (2 * trials)
    spread = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials))
    scale = 1 + z2 / trials
    low, high = (centre - spread) / scale, (centre + spread) / scale
    # exact at the edges (rounding would otherwise leave 1e-17 below 0 or above 1)
    return (0.0 if successes == 0 else max(0.0, low), 1.0 if successes == trials else min(1.0, high))


def mean_sd(values: Iterable[float]) -> dict[str, float | int | None]:
    """Count, mean and sample standard deviation (n - 1; None for fewer than two values)."""
    data = [float(v) for v in values]
    n = len(data)
    if n == 0:
        return {"n": 0, "mean": None, "sd": None}
    mean = math.fsum(data) / n
    sd = math.sqrt(math.fsum((v - mean) ** 2 for v in data) / (n - 1)) if n > 1 else None
    return {"n": n, "mean": mean, "sd": sd}


@attrs.frozen
class Summary:
    """The numbers of a batch.  ``to_dict`` is what ``--json`` writes; ``table`` what is printed."""

    spec: BatchSpec
    games: int  # games recorded, errors included
    results: dict[str, int]  # side or "draw" -> count (finished games only)
    errors: int
    intervals: dict[str, tuple[float, float]]  # side or "draw" -> 95 % Wilson interval of its share
    length: dict[str, dict[str, Any]]  # decisions / events / turns -> n, mean, sd
    scores: dict[str, dict[str, Any]]  # side -> n, mean, sd
    error_games: tuple[dict[str, Any], ...]  # index, seed, error, replay

    @property
    def finished(self) -> int:
        return self.games - self.errors

    @property
    def complete(self) -> bool:
        return self.games >= self.spec.games

    def share(self, outcome: str) -> float | None:
        return self.results.get(outcome, 0) / self.finished if self.finished else None

    def to_dict(self) -> dict[str, Any]:
        spec = self.spec
        return {
            "ruleset": spec.ruleset,
            "ruleset_version": spec.ruleset_version,
            "scenario": spec.scenario,
            "variants": list(spec.variants),
            "agents": list(spec.agents),
            "players": list(spec.players),
            "seed": spec.seed,
            "requested": spec.games,
            "games": self.games,
            "finished": self.finished,
            "complete": self.complete,
            "results": dict(self.results),
            "shares": {k: self.share(k) for k in self.results},
            "intervals": {k: {"low": lo, "high": hi, "level": 0.95} for k, (lo, hi) in self.intervals.items()},
            "errors": self.errors,
            "length": self.length,
            "scores": self.scores,
            "error_games": [dict(e) for e in self.error_games],
            "seeding": "per-game seeds: numpy SeedSequence(seed).spawn(games)[index] (53 bits)",
        }

    def table(self, *, max_errors: int = 10) -> str:
        """A plain-text table for the terminal."""
        spec = self.spec
        title = f"{spec.ruleset} {spec.scenario}"
        if spec.variants:
            title += " +" + " +".join(spec.variants)
        seats = ", ".join(f"{p}={a}" for p, a in zip(spec.players, spec.agents))
        lines = [f"{title}: {self.games} of {spec.games} games, seed {spec.seed} ({seats})", ""]
        labels = [*self.results, *self.length, *(f"score {side}" for side in self.scores)]
        w = max(12, *(len(label) for label in labels))
        lines.append(f"{'outcome':<{w}} {'games':>7} {'share':>7}   95% interval")
        for outcome, count in self.results.items():
            share = self.share(outcome)
            low, high = self.intervals[outcome]
            shown = "   -   " if share is None else f"{share:7.1%}"
            lines.append(f"{outcome:<{w}} {count:>7} {shown}   {low:6.1%} – {high:6.1%}")
        lines.append(f"{'error':<{w}} {self.errors:>7}")
        lines.append("")
        for name, stats in self.length.items():
            lines.append(f"{name:<{w}} {_mean_sd_text(stats)}")
        for side, stats in self.scores.items():
            lines.append(f"{'score ' + side:<{w}} {_mean_sd_text(stats)}")
        if self.error_games:
            lines.append("")
            lines.append(f"{self.errors} game(s) raised; replay one with:")
            for entry in self.error_games[:max_errors]:
                lines.append(f"  game {entry['index']}: {entry['error']}")
                lines.append(f"    {entry['replay']}")
            if len(self.error_games) > max_errors:
                lines.append(f"  ... and {len(self.error_games) - max_errors} more in results.jsonl")
        return "\n".join(lines)


def _mean_sd_text(stats: Mapping[str, Any]) -> str:
    if not stats["n"]:
        return "no games"
    sd = "-" if stats["sd"] is None else f"{stats['sd']:.2f}"
    return f"mean {stats['mean']:8.2f}   sd {sd:>7}   (n={stats['n']})"


def summarize(spec: BatchSpec, records: Iterable[Mapping[str, Any]]) -> Summary:
    """The summary of the records of games ``0 .. spec.games-1`` (others are ignored)."""
    chosen = sorted((r for r in records if 0 <= r["index"] < spec.games), key=lambda r: r["index"])
    finished = [r for r in chosen if r["result"] != "error"]
    failed = [r for r in chosen if r["result"] == "error"]
    results = {side: 0 for side in spec.players}
    results["draw"] = 0
    for record in finished:
        results[record["result"]] = results.get(record["result"], 0) + 1
    intervals = {k: wilson_interval(n, len(finished)) for k, n in results.items()}
    length = {"decisions": mean_sd(r["decisions"] for r in finished),
              "events": mean_sd(r["events"] for r in finished)}
    if any("turns" in r for r in finished):
        length["turns"] = mean_sd(r["turns"] for r in finished if "turns" in r)
    sides = list(spec.players) + sorted({s for r in finished for s in r.get("scores", {})} - set(spec.players))
    scores = {side: mean_sd(r["scores"][side] for r in finished if side in r.get("scores", {})) for side in sides}
    scores = {side: stats for side, stats in scores.items() if stats["n"]}
    error_games = tuple({"index": r["index"], "seed": r["seed"], "error": r.get("error", ""),
                         "replay": r.get("replay") or spec.replay_command(r["seed"])} for r in failed)
    return Summary(spec=spec, games=len(chosen), results=results, errors=len(failed), intervals=intervals,
                   length=length, scores=scores, error_games=error_games)
