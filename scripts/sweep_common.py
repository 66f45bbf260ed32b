"""What the trust sweeps share: the games they play and a tally that ends in one summary line.

Each sweep (``sweep_*.py``) takes ``--seeds N`` (games per ruleset/scenario) and ``--start S``,
plays seeded random games of the shipped rulesets and the template, attacks or re-checks them,
and prints one line per finding and a summary line last.  Every outcome is one of: *detected*
(a typed TabletopError with a message), *fine* (nothing to detect: e.g. a mutation that left
the file valid) or a *failure* (a silent tamper, a leak, a traceback), which makes it exit 1.
"""
from __future__ import annotations

import argparse
import traceback
from collections import Counter
from typing import Callable, Iterable, Iterator

import tabletop_core
from tabletop_core import Game, TabletopError

CASES = (
    ("duel", "skirmish", ()),
    ("orgun1983", "orgun-1983", ()),
    ("fubar", "recovery-team", ()),
    ("fubar", "meeting-engagement", ("lwtv",)),
    ("goe85", "city-boys", ()),
    ("goe85", "jalalabad", ()),
)


def arguments(description: str, *, seeds: int = 3, extra: Iterable[tuple[str, int, str]] = ()) -> argparse.Namespace:
    """``--seeds``, ``--start``, ``--rulesets`` and the sweep's own integer options ``extra``."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--seeds", type=int, default=seeds, help="games per ruleset and scenario")
    parser.add_argument("--start", type=int, default=0, help="the first seed")
    parser.add_argument("--rulesets", default="", help="comma-separated rulesets (default: all)")
    for flag, default, help_text in extra:
        parser.add_argument(flag, type=int, default=default, help=help_text)
    return parser.parse_args()


def cases(args: argparse.Namespace) -> Iterator[tuple[str, str, tuple[str, ...], int]]:
    wanted = {r for r in args.rulesets.split(",") if r}
    installed = tabletop_core.rulesets()
    for ruleset, scenario, variants in CASES:
        if ruleset in installed and (not wanted or ruleset in wanted):
            for seed in range(args.start, args.start + args.seeds):
                yield ruleset, scenario, variants, seed


def start(ruleset: str, scenario: str, variants: Iterable[str], seed: int) -> Game:
    return tabletop_core.new_game(ruleset, scenario, seed=seed, variants=variants)


def played(ruleset: str, scenario: str, variants: Iterable[str], seed: int) -> Game:
    game = start(ruleset, scenario, variants, seed)
    tabletop_core.play(game, tabletop_core.agents_for(game, "random"))
    return game


class Tally:
    """Counts outcomes; failures are printed as they happen."""

    def __init__(self, name: str):
        self.name = name
        self.counts: Counter[str] = Counter()
        self.failures = 0

    def ok(self, kind: str = "checked") -> None:
        self.counts[kind] += 1

    def fail(self, kind: str, where: str, detail: str) -> None:
        self.counts[kind] += 1
        self.failures += 1
        print(f"FAIL {kind}: {where}: {detail[:400]}", flush=True)

    def guard(self, where: str, step: Callable[[], None]) -> None:
        """Run ``step``; anything but a typed error or an AssertionError is a traceback."""
        try:
            step()
        except AssertionError as exc:
            self.fail("failure", where, str(exc))
        except TabletopError as exc:
            self.fail("unexpected refusal", where, str(exc))
        except Exception:  # noqa: BLE001 - the point of a sweep: no traceback may escape
            self.fail("traceback", where, traceback.format_exc(limit=3))

    def summary(self) -> int:
        parts = ", ".join(f"{n} {kind}" for kind, n in sorted(self.counts.items()))
        print(f"{self.name}: {parts}; {self.failures} failures", flush=True)
        return 1 if self.failures else 0
