"""The log and save format: JSON Lines with a hash chain.

    {"header": {...}, "hash": H0}                     engine, ruleset, version, scenario, options, seed
    {"n": 1, "event": {...}, "hash": H1}              one line per event, actions included
    ...
    {"end": {"events": N, "digest": D, ...}, "hash": HN+1}

Each line's hash is sha256 over the previous line's hash and the line's canonical text (the line
without its hash field), so a changed, reordered or missing line breaks the chain at the first
line at fault, and a file without its ``end`` line was cut short.  A save is the same file written
at a decision point: replaying it rebuilds the state, procedure stack included.
"""
from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any, Iterable, Iterator

import attrs

from .codec import canonical_json
from .errors import CorruptLogError, TruncatedLogError

FORMAT = "tabletop-log/1"
GENESIS = "0" * 32


@attrs.frozen
class Header:
    engine: str
    ruleset: str
    ruleset_version: str
    scenario: str
    seed: int
    options: dict[str, Any] = attrs.field(factory=dict, hash=False)
    variants: tuple[str, ...] = ()
    view: str | None = None  # a player's filtered export; such a file cannot rebuild the game
    format: str = FORMAT

    def to_dict(self) -> dict[str, Any]:
        out = attrs.asdict(self)
        out["variants"] = list(self.variants)
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any], *, path: str) -> "Header":
        try:
            return cls(
                engine=str(data["engine"]),
                ruleset=str(data["ruleset"]),
                ruleset_version=str(data["ruleset_version"]),
                scenario=str(data["scenario"]),
                seed=int(data["seed"]),
                options=dict(data.get("options") or {}),
                variants=tuple(data.get("variants") or ()),
                view=data.get("view"),
                format=str(data.get("format", FORMAT)),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise CorruptLogError(path, 1, f"header is missing or has a bad field ({exc})") from None


def chain(previous: str, body_text: str) -> str:
    return hashlib.sha256((previous + body_text).encode()).hexdigest()[:32]


def _line(previous: str, body: dict[str, Any]) -> tuple[str, str]:
    text = canonical_json(body)
    digest = chain(previous, text)
    return text[:-1] + f',"hash":"{digest}"}}', digest


class LogWriter:
    """Writes a log line by line as events happen; ``close`` writes the end line."""

    def __init__(self, path: str | Path, header: Header):
        self.path = Path(path)
        self._file = self.path.open("w", encoding="utf-8")
        self._hash = GENESIS
        self._count = 0
        self._write({"header": header.to_dict()})

    def _write(self, body: dict[str, Any]) -> None:
        text, self._hash = _line(self._hash, body)
        self._file.write(text + "\n")

    def event(self, event_dict: dict[str, Any]) -> None:
        self._count += 1
        self._write({"n": self._count, "event": event_dict})

    def close(self, end: dict[str, Any]) -> None:
        self._write({"end": {"events": self._count, **end}})
        self._file.close()

    def abandon(self) -> None:
        """Close without the end line (the game was interrupted): readers will call it truncated."""
        self._file.close()


def render(header: Header, event_dicts: Iterable[dict[str, Any]], end: dict[str, Any]) -> Iterator[str]:
    """The lines of a complete log, without newlines."""
    previous = GENESIS
    text, previous = _line(previous, {"header": header.to_dict()})
    yield text
    count = 0
    for count, event in enumerate(event_dicts, start=1):
        text, previous = _line(previous, {"n": count, "event": event})
        yield text
    text, previous = _line(previous, {"end": {"events": count, **end}})
    yield text


def write(path: str | Path, header: Header, event_dicts: Iterable[dict[str, Any]], end: dict[str, Any]) -> None:
    Path(path).write_text("\n".join(render(header, event_dicts, end)) + "\n", encoding="utf-8")


@attrs.frozen
class RawLog:
    header: Header
    events: list[dict[str, Any]]
    end: dict[str, Any]


def read(path: str | Path, *, limit: int | None = None) -> RawLog:
    """Read and check a log; raises CorruptLogError / TruncatedLogError naming the first bad line."""
    name = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise CorruptLogError(name, 0, "no such file") from None
    except UnicodeDecodeError:
        raise CorruptLogError(name, 1, "not UTF-8 text") from None
    return parse(text, name=name, limit=limit)


def parse(text: str, *, name: str = "<log>", limit: int | None = None) -> RawLog:
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    else:
        if lines:
            # the last line has no newline: it was cut while being written
            raise TruncatedLogError(name, len(lines), "the last line is incomplete (no newline): the log was cut short")
    if not lines:
        raise TruncatedLogError(name, 1, "the log is empty")
    previous = GENESIS
    header: Header | None = None
    events: list[dict[str, Any]] = []
    end: dict[str, Any] | None = None
    for number, line in enumerate(lines, start=1):
        if end is not None:
            raise CorruptLogError(name, number, "text after the end line")
        try:
            body = json.loads(line)
        except json.JSONDecodeError as exc:
            raise CorruptLogError(name, number, f"not valid JSON ({exc.msg})") from None
        if not isinstance(body, dict) or "hash" not in body:
            raise CorruptLogError(name, number, "no hash field")
        stated = body.pop("hash")
        expected = chain(previous, canonical_json(body))
        if stated != expected:
            raise CorruptLogError(name, number, "hash does not match: the line was changed, reordered or a line before it is missing")
        previous = expected
        if number == 1:
            if "header" not in body:
                raise CorruptLogError(name, 1, "the first line is not a header")
            header = Header.from_dict(body["header"], path=name)
            continue
        if "end" in body:
            end = body["end"]
            if end.get("events") != len(events):
                raise CorruptLogError(name, number, f"end line counts {end.get('events')} events, the log has {len(events)}")
            continue
        if body.get("n") != len(events) + 1 or not isinstance(body.get("event"), dict):
            raise CorruptLogError(name, number, f"expected event number {len(events) + 1}")
        events.append(body["event"])
    if end is None:
        raise TruncatedLogError(name, len(lines) + 1, f"no end line after event {len(events)}: the log was cut short")
    assert header is not None
    if limit is not None:
        events = events[:limit]
    return RawLog(header, events, end)
