"""The output directory of a batch: ``batch.json`` (what the batch is) and ``results.jsonl``.

Each finished game is appended to ``results.jsonl`` as one JSON line and flushed at once, so a
batch stopped by Ctrl-C, a kill or a lost cluster keeps every game it finished; the most it can
lose is a half-written last line, which :meth:`ResultStore.open` drops.  ``--resume`` reads the
indices already done and plays only the others.  It refuses a directory whose ``batch.json``
describes another batch (different ruleset, version, scenario, agents, variants, seed, plug-ins or
decision bound), since mixing games of two batches would silently corrupt the statistics.
"""
from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, Iterator

from .errors import BatchError, ResumeMismatchError
from .seeds import game_seed
from .spec import FORMAT, MAX_GAMES, BatchSpec

BATCH_FILE = "batch.json"
RESULTS_FILE = "results.jsonl"


class ResultStore:
    """An open output directory.  ``records`` holds the games already recorded, by index."""

    def __init__(self, directory: Path, spec: BatchSpec, records: dict[int, dict[str, Any]]):
        self.directory = directory
        self.spec = spec
        self.records = records
        self._file = (directory / RESULTS_FILE).open("a", encoding="utf-8")

    @classmethod
    def open(cls, directory: str | Path, spec: BatchSpec, *, resume: bool) -> "ResultStore":
        """Start a new batch in ``directory`` or, with ``resume``, continue the one it holds."""
        directory = Path(directory)
        batch_path, results_path = directory / BATCH_FILE, directory / RESULTS_FILE
        if directory.exists() and not directory.is_dir():
            raise BatchError(f"{directory}: not a directory")
        has_batch = batch_path.exists() or results_path.exists()
        records: dict[int, dict[str, Any]] = {}
        if has_batch and not resume:
            raise BatchError(f"{directory} already holds a batch: add --resume to continue it, or choose another --out")
        if resume and not has_batch:
            raise BatchError(f"{directory} holds no batch to resume (no {BATCH_FILE}): drop --resume to start one")
        if has_batch:
            _check_same_batch(batch_path, spec)
            records = _read_results(results_path, spec)
        try:
            directory.mkdir(parents=True, exist_ok=True)
            _write_json_atomically(batch_path, spec.to_json())
        except OSError as exc:
            raise BatchError(f"{directory}: cannot hold the batch's records ({exc.strerror or exc})") from None
        return cls(directory, spec, records)

    def add(self, record: dict[str, Any]) -> None:
        self.records[record["index"]] = record
        self._file.write(json.dumps(record, sort_keys=False, separators=(",", ":")) + "\n")
        self._file.flush()

    def close(self) -> None:
        if not self._file.closed:
            self._file.flush()
            os.fsync(self._file.fileno())
            self._file.close()

    def __enter__(self) -> "ResultStore":
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


def _check_same_batch(batch_path: Path, spec: BatchSpec) -> None:
    try:
        stored = json.loads(batch_path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise BatchError(f"{batch_path.parent} has results but no {BATCH_FILE}: cannot tell which batch they belong to") from None
    except (OSError, json.JSONDecodeError) as exc:
        raise BatchError(f"{batch_path}: unreadable ({exc})") from None
    if not isinstance(stored, dict) or stored.get("format") != FORMAT:
        raise BatchError(f"{batch_path}: not a {FORMAT} file")
    mine = spec.identity()
    differences = [f"{key} {stored.get(key)!r} there, {value!r} here"
                   for key, value in mine.items() if _normal(stored.get(key)) != _normal(value)]
    if differences:
        raise ResumeMismatchError(f"{batch_path.parent} holds a different batch ({'; '.join(differences)}): "
                                  "resume it with the same arguments, or choose another --out")


def _normal(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value


def _read_results(path: Path, spec: BatchSpec) -> dict[int, dict[str, Any]]:
    """The recorded games, each checked against the batch (see :func:`check_record`); a last line
    cut short by a kill is dropped (and cut from the file)."""
    records: dict[int, dict[str, Any]] = {}
    if not path.exists():
        return records
    data = path.read_bytes()
    complete = data.rfind(b"\n") + 1
    if complete < len(data):
        with path.open("r+b") as handle:
            handle.truncate(complete)
    for number, line in enumerate(_lines(data[:complete]), start=1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except (json.JSONDecodeError, UnicodeDecodeError, RecursionError) as exc:
            raise BatchError(f"{path}: line {number}: not a game record ({exc})") from None
        problem = check_record(record, spec)
        if problem is None and record["index"] in records:
            problem = f"game {record['index']} is recorded twice"
        if problem is not None:
            raise BatchError(f"{path}: line {number}: {problem}; fix or delete the line, or choose another --out")
        records[record["index"]] = record
    return records


_NUMBER = (int, float)
_OPTIONAL_FIELDS: dict[str, tuple[type, ...]] = {
    "reason": (str,), "decisions": (int,), "events": (int,), "turns": (int,), "wall": _NUMBER,
    "error": (str,), "traceback": (str,), "replay": (str,),
}


def check_record(record: Any, spec: BatchSpec) -> str | None:
    """What is wrong with one stored game record of ``spec`` (None: nothing): the fields and
    their types, the index in range, the seed the batch gives that index, a result the ruleset
    can have."""
    if not isinstance(record, dict):
        return f"expected a JSON object, got {type(record).__name__}"
    for name in ("index", "seed"):
        value = record.get(name)
        if type(value) is not int:
            return f"field {name}: expected an integer, got {_shown(value)}"
    index = record["index"]
    if not 0 <= index < MAX_GAMES:  # not bounded by spec.games: a batch may be resumed with fewer games
        return f"field index: {index} is not a game number (0 to {MAX_GAMES - 1})"
    expected = game_seed(spec.seed, index)
    if record["seed"] != expected:
        return f"field seed: {record['seed']} is not game {index}'s seed in batch seed {spec.seed} ({expected})"
    result = record.get("result")
    allowed = (*spec.players, "draw", "error")
    if result not in allowed:
        return f"field result: expected one of {', '.join(allowed)}, got {_shown(result)}"
    for name, types in _OPTIONAL_FIELDS.items():
        if name in record and (type(record[name]) not in types):
            return f"field {name}: expected {' or '.join(t.__name__ for t in types)}, got {_shown(record[name])}"
    scores = record.get("scores", {})
    if not isinstance(scores, dict) or not all(isinstance(k, str) and type(v) in _NUMBER for k, v in scores.items()):
        return f"field scores: expected an object of side -> number, got {_shown(scores)}"
    return None


def _shown(value: Any) -> str:
    text = json.dumps(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _lines(data: bytes) -> Iterator[bytes]:
    return iter(data.split(b"\n")[:-1])


def _write_json_atomically(path: Path, data: dict[str, Any]) -> None:
    temporary = path.with_suffix(".json.tmp")
    temporary.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    os.replace(temporary, path)
