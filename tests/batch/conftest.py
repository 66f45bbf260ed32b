"""Shared helpers for the batch tests."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from tabletop_core import default_host
from tabletop_core.errors import TabletopError

from . import flaky_rules

# The test plug-in travels to workers as an importable module path, like a user's own plug-in.
FLAKY = flaky_rules.__name__
# The sys.path entry that makes FLAKY importable (for CLI subprocesses).
FLAKY_ROOT = str(Path(flaky_rules.__file__).resolve().parents[FLAKY.count(".")])

# Rulesets every determinism test runs on: duel always; Orgun 1983 once its plug-in is in.
RULESETS = [("duel", "skirmish", 12), ("orgun1983", "orgun-1983", 4)]


def unavailable(ruleset: str, scenario: str) -> str | None:
    """Why a ruleset cannot be tested here (None if it can)."""
    try:
        scenarios = default_host().scenarios(ruleset)
    except TabletopError as exc:
        return f"{ruleset} is not installed or registers no ruleset yet ({exc})"
    except Exception as exc:  # noqa: BLE001 - a plug-in still being written may fail in any way
        return f"{ruleset} does not load yet ({type(exc).__name__}: {exc})"
    if scenario not in scenarios:
        return f"{ruleset} has no scenario {scenario!r} yet (has: {', '.join(scenarios) or 'none'})"
    return None


@pytest.fixture(params=RULESETS, ids=[r[0] for r in RULESETS])
def ruleset_case(request):
    ruleset, scenario, games = request.param
    reason = unavailable(ruleset, scenario)
    if reason:
        pytest.skip(reason)
    return ruleset, scenario, games


def read_records(path: Path, *, keep_wall: bool = False) -> list[dict]:
    """The records of a results.jsonl sorted by game index, wall time dropped (it is measured)."""
    records = [json.loads(line) for line in Path(path).read_text(encoding="utf-8").splitlines()]
    if not keep_wall:
        for record in records:
            record.pop("wall", None)
    return sorted(records, key=lambda r: r["index"])


def strip_wall(records) -> list[dict]:
    out = []
    for record in records:
        record = dict(record)
        record.pop("wall", None)
        out.append(record)
    return sorted(out, key=lambda r: r["index"])
