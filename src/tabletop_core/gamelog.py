"""The log and save format: JSON Lines with a hash chain.

    {"header": {...}, "hash": H0}                     engine, ruleset, version, scenario, options, seed
    {"n": 1, "event": {...}, "hash": H1}              one line per event, actions included
    ...
    {"end": {"events": N, "digest": D, ...}, "hash": HN+1}

Each line's hash is sha256 over the previous line's hash and the line's canonical text (the line
without its hash field), so a changed, reordered or missing line breaks the chain at the first
line at fault, and a file without its ``end`` line was cut short.  A save is the same file written
at a decision point: replaying it rebuilds the state, procedure stack included.

The chain detects accidents and naive edits, not forgery: anyone can recompute it.  A host that
must tell its own logs from forged ones writes them *keyed* (``auth = "hmac-sha256"`` in the
header): each hash is then an HMAC under a key only the host holds (see :func:`load_key`).

The seed is the host's secret.  A player's view (``view`` set in the header) carries no seed but a
``commitment``: sha256 of the ``salt`` and the seed, both of which the full log reveals, so once
the game is over the player can check that the seed revealed is the one the game was played with
(:mod:`tabletop_core.reveal`).
"""
from __future__ import annotations

import functools
import hashlib
import hmac
from hmac import digest as hmac_digest
import json
import os
import re
from binascii import hexlify
from itertools import repeat
from pathlib import Path
from typing import Any, Iterable, Iterator

import attrs
import msgspec
import orjson

from .codec import canonical_json, json_value
from .version import __version__
from .errors import CorruptLogError, LogKeyError, LogWriteError, TruncatedLogError

FORMAT = "tabletop-log/1"
GENESIS = "0" * 32
KEYED = "hmac-sha256"
KEY_ENV = "TABLETOP_KEY_FILE"
MIN_KEY_BYTES = 16
MAX_LINE_CHARS = 1 << 24  # one log line above 16 MB is not a line this engine wrote
_VERSION = re.compile(r"^(\d+)\.(\d+)(\.\d+)?([-+.].*)?$")


@attrs.frozen
class Header:
    """The first line of a log: what game this is (engine, ruleset and version, scenario, options,
    variants), the seed (full logs only) and its commitment, the view's player, the keying."""

    engine: str
    ruleset: str
    ruleset_version: str
    scenario: str
    seed: int | None  # None in a player's view: the seed is the host's secret
    options: dict[str, Any] = attrs.field(factory=dict, hash=False)
    variants: tuple[str, ...] = ()
    view: str | None = None  # a player's filtered export; such a file cannot rebuild the game
    format: str = FORMAT
    salt: str | None = None  # in a full log: the salt of the seed's commitment
    commitment: str | None = None  # sha256(salt + seed): in a player's view and in the full log
    auth: str | None = None  # KEYED when the chain is an HMAC under the host's key

    def to_dict(self) -> dict[str, Any]:
        out = attrs.asdict(self)
        out["variants"] = list(self.variants)
        for optional in ("salt", "commitment", "auth"):
            if out[optional] is None:
                del out[optional]  # absent rather than null: old logs keep their bytes
        return out

    @classmethod
    def from_dict(cls, data: Any, *, path: str) -> "Header":
        if not isinstance(data, dict):
            raise CorruptLogError(path, 1, "the header is not an object")
        try:
            fields = {
                "engine": _text(data, "engine"),
                "ruleset": _text(data, "ruleset"),
                "ruleset_version": _text(data, "ruleset_version"),
                "scenario": _text(data, "scenario"),
                "seed": _seed(data),
                "options": _mapping(data, "options"),
                "variants": tuple(_texts(data, "variants")),
                "view": _optional_text(data, "view"),
                "format": _text(data, "format") if "format" in data else FORMAT,
                "salt": _optional_text(data, "salt"),
                "commitment": _optional_text(data, "commitment"),
                "auth": _optional_text(data, "auth"),
            }
        except (KeyError, TypeError, ValueError) as exc:
            raise CorruptLogError(path, 1, f"header field {exc.args[0]}") from None
        header = cls(**fields)  # type: ignore[arg-type]  # each field checked by its reader above
        header.check_format(path)
        return header

    def check_format(self, path: str) -> None:
        """Refuse a header this engine cannot read: another format, a newer engine, a bad view."""
        if self.format != FORMAT:
            raise CorruptLogError(path, 1, f"header field format: {self.format!r} is not {FORMAT!r} (not a log this engine reads)")
        if _VERSION.match(self.engine) is None:
            raise CorruptLogError(path, 1, f"header field engine: {self.engine!r} is not a version number")
        if _major_minor(self.engine) > _major_minor(__version__):
            raise CorruptLogError(path, 1, f"written by engine {self.engine}, newer than this engine ({__version__}): upgrade tabletop to read it")
        if self.auth not in (None, KEYED):
            raise CorruptLogError(path, 1, f"header field auth: {self.auth!r} is not {KEYED!r}")
        if self.view is None and self.seed is None:
            raise CorruptLogError(path, 1, "header field seed: missing in a full log")
        if self.view is not None and self.seed is not None:
            raise CorruptLogError(path, 1, "header field seed: a player's view must not carry the seed")


def _text(data: dict[str, Any], name: str) -> str:
    if name not in data:
        raise KeyError(f"{name}: missing")
    value = data[name]
    if not isinstance(value, str):
        raise TypeError(f"{name}: expected text, got {type(value).__name__} {value!r}"[:200])
    return value


def _optional_text(data: dict[str, Any], name: str) -> str | None:
    return None if data.get(name) is None else _text(data, name)


def _seed(data: dict[str, Any]) -> int | None:
    value = data.get("seed")
    if value is not None and (type(value) is not int):
        raise TypeError(f"seed: expected an integer, got {type(value).__name__} {value!r}"[:200])
    return value


def _mapping(data: dict[str, Any], name: str) -> dict[str, Any]:
    value = data.get(name) or {}
    if not isinstance(value, dict):
        raise TypeError(f"{name}: expected an object, got {type(value).__name__}")
    return dict(value)


def _texts(data: dict[str, Any], name: str) -> list[str]:
    value = data.get(name) or []
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise TypeError(f"{name}: expected a list of names, got {value!r}"[:200])
    return value


def _major_minor(version: str) -> tuple[int, int]:
    match = _VERSION.match(version)
    return (int(match.group(1)), int(match.group(2))) if match else (0, 0)


# -- the seed's commitment and the host's key ------------------------------------------------
def salt_for(seed: int, key: bytes | None) -> str:
    """The commitment's salt: derived from the seed (and the host's key, when keyed) so that the
    same game writes the same bytes every time."""
    text = f"tabletop-salt/1:{seed}".encode()
    if key is not None:
        return hmac.new(key, text, hashlib.sha256).hexdigest()[:32]
    return hashlib.sha256(text).hexdigest()[:32]


def commitment_for(salt: str, seed: int) -> str:
    """The commitment to ``seed`` a player's view carries: sha256 of the salt and the seed."""

    return hashlib.sha256(f"{salt}:{seed}".encode()).hexdigest()


def sealed(header: Header, key: bytes | None) -> Header:
    """The header of a full log as written: salt and commitment filled in, keyed if ``key``."""
    if header.seed is None:
        return attrs.evolve(header, auth=KEYED if key is not None else None)
    salt = salt_for(header.seed, key)
    return attrs.evolve(header, salt=salt, commitment=commitment_for(salt, header.seed),
                        auth=KEYED if key is not None else None)


def load_key(path: str | Path | None = None) -> bytes | None:
    """The host's key from ``path``, else from the file named by ``$TABLETOP_KEY_FILE``; None if
    neither is given.  The key is the file's bytes (a trailing newline dropped), 16 bytes at least."""
    if path is None:
        path = os.environ.get(KEY_ENV) or None
        if path is None:
            return None
    name = str(path)
    try:
        key = Path(path).read_bytes()
    except OSError as exc:
        raise LogKeyError(name, 0, f"the key file cannot be read ({exc.strerror or exc})") from None
    key = key.rstrip(b"\r\n")
    if len(key) < MIN_KEY_BYTES:
        raise LogKeyError(name, 0, f"a key needs {MIN_KEY_BYTES} bytes at least, this file has {len(key)}")
    return key


def chain(previous: str, body_text: str, key: bytes | None = None) -> str:
    """The hash of one line: sha256 (HMAC-sha256 under ``key``) of the previous hash and the line."""

    return _digest((previous + body_text).encode(), key)


def _digest(data: bytes, key: bytes | None) -> str:
    if key is not None:
        return hmac_digest(key, data, "sha256").hex()[:32]
    return hashlib.sha256(data).hexdigest()[:32]


def _line(previous: str, body: dict[str, Any], key: bytes | None = None) -> tuple[str, str]:
    return _sealed_line(previous, canonical_json(body), key)


def _sealed_line(previous: str, text: str, key: bytes | None) -> tuple[str, str]:
    digest = chain(previous, text, key)
    return text[:-1] + f',"hash":"{digest}"}}', digest


#: ``,"hash":"<32 hex digits>"}`` — how every line this engine writes ends.
_HASH_TAIL = len(',"hash":""}') + 32


class LogWriter:
    """Writes a log line by line as events happen; ``close`` writes the end line.  ``key``: write
    it keyed (see :func:`load_key`)."""

    def __init__(self, path: str | Path, header: Header, *, key: bytes | None = None):
        self.path = _target(path)
        self._key = key
        self._file = open_for_writing(self.path)
        self._hash = GENESIS
        self._count = 0
        self._write({"header": sealed(header, key).to_dict()})

    def _write(self, body: dict[str, Any]) -> None:
        text, self._hash = _line(self._hash, body, self._key)
        try:
            self._file.write(text + "\n")
        except OSError as exc:
            self._file.close()
            raise LogWriteError(str(self.path), exc) from None

    def event(self, event_dict: dict[str, Any]) -> None:
        self._count += 1
        self._write({"n": self._count, "event": event_dict})

    def close(self, end: dict[str, Any]) -> None:
        self._write({"end": {"events": self._count, **end}})
        try:
            self._file.close()
        except OSError as exc:
            raise LogWriteError(str(self.path), exc) from None

    def abandon(self) -> None:
        """Close without the end line (the game was interrupted): readers will call it truncated."""
        try:
            self._file.close()
        except OSError:
            pass  # the log is incomplete either way, and the reader says so


def _target(path: str | Path) -> Path:
    if isinstance(path, str) and not path.strip():
        raise LogWriteError(repr(path), None, "an empty path names no file")
    return Path(path)


def open_for_writing(path: Path, *, binary: bool = False) -> Any:
    """Open ``path`` for a log (as text, or for bytes), or say in one line why it cannot be (a
    directory, no folder, ...)."""
    if path.is_dir():
        raise LogWriteError(str(path), None, "is a directory: give a file name")
    try:
        return path.open("wb") if binary else path.open("w", encoding="utf-8")
    except OSError as exc:
        raise LogWriteError(str(path), exc) from None


def render(header: Header, event_dicts: Iterable[dict[str, Any]], end: dict[str, Any], *,
           key: bytes | None = None) -> Iterator[str]:
    """The lines of a complete log, without newlines (the header is written as given)."""
    return render_encoded(header, map(canonical_json, event_dicts), end, key=key)


def render_encoded(header: Header, event_texts: Iterable[str], end: dict[str, Any], *,
                   key: bytes | None = None) -> Iterator[str]:
    """:func:`render` for events already in their canonical text (``Codec.event_text``)."""
    texts = (text.encode("utf-8", "surrogatepass") for text in event_texts)
    return (line.decode("utf-8", "surrogatepass") for line in render_bytes(header, texts, end, key=key))


def render_bytes(header: Header, event_texts: Iterable[bytes], end: dict[str, Any], *,
                 key: bytes | None = None) -> Iterator[bytes]:
    """:func:`render_encoded` in bytes: each event's canonical text as UTF-8 (``Codec.event_bytes``)
    in, each line as UTF-8 out -- what a log file holds, with nothing decoded or encoded between."""
    text, previous = _line(GENESIS, {"header": header.to_dict()}, key)
    yield text.encode()
    count = 0
    chained = previous.encode()
    sha256 = hashlib.sha256
    for count, event_text in enumerate(event_texts, start=1):
        # canonical_json({"n": count, "event": ...}) spelled out: "event" sorts before "n", and the
        # event's own canonical text is made once, not re-serialised inside the line.
        body = b'{"event":%b,"n":%d' % (event_text, count)
        if key is None:
            chained = hexlify(sha256(chained + body + b"}").digest()[:16])
        else:
            chained = hexlify(hmac_digest(key, chained + body + b"}", "sha256")[:16])
        yield body + b',"hash":"' + chained + b'"}'
    text, _ = _line(chained.decode(), {"end": {"events": count, **end}}, key)
    yield text.encode()


def write(path: str | Path, header: Header, event_dicts: Iterable[dict[str, Any]], end: dict[str, Any], *,
          key: bytes | None = None) -> None:
    """Write a whole log (rendered first, so a failure to render leaves no half-written file)."""
    write_encoded(path, header, map(canonical_json, event_dicts), end, key=key)


def write_encoded(path: str | Path, header: Header, event_texts: Iterable[str], end: dict[str, Any], *,
                  key: bytes | None = None) -> None:
    """:func:`write` for events already in their canonical text."""
    write_bytes(path, header, (text.encode("utf-8") for text in event_texts), end, key=key)


def write_bytes(path: str | Path, header: Header, event_texts: Iterable[bytes], end: dict[str, Any], *,
                key: bytes | None = None) -> None:
    """:func:`write` for events already in their canonical text as UTF-8 (``Codec.event_bytes``)."""
    target = _target(path)
    data = b"\n".join(render_bytes(header, event_texts, end, key=key)) + b"\n"
    handle = open_for_writing(target, binary=True)
    try:
        with handle:
            handle.write(data)
    except OSError as exc:
        raise LogWriteError(str(target), exc) from None


@attrs.frozen
class RawLog:
    """A log read and checked line by line, not yet decoded into events."""

    header: Header
    #: Each event as read: its JSON text where its line was taken on the fast path (decoding
    #: then reads the event straight from the text, ``structure_text``), else its dict.
    records: list[bytes | dict[str, Any]]
    end: dict[str, Any] | None  # None only for an interrupted log read with ``partial``
    lines: int = 0  # how many lines the file has

    @property
    def interrupted(self) -> bool:
        return self.end is None

    @functools.cached_property
    def events(self) -> list[dict[str, Any]]:
        """Each event as a dict (parsed from its text on first use)."""
        return [json_value(record) if isinstance(record, bytes) else record for record in self.records]


def read(path: str | Path, *, limit: int | None = None, key: bytes | None = None, partial: bool = False,
         objects_checked: bool = True) -> RawLog:
    """Read and check a log; raises CorruptLogError / TruncatedLogError naming the first bad line.

    ``key``: the host's key, for a keyed log (and a log that must be keyed: an unkeyed one is then
    refused).  ``partial``: accept an interrupted log (no end line), keeping its whole lines.
    ``objects_checked=False``: an event line taken on the fast path keeps its text without the
    check that it is one JSON object -- for a caller that decodes every text next and, should
    one fail, reads the log again checked (``Game.load``)."""
    name = str(path)
    try:
        data = Path(path).read_bytes()
    except FileNotFoundError:
        raise CorruptLogError(name, 0, "no such file") from None
    except IsADirectoryError:
        raise CorruptLogError(name, 0, "is a directory, not a log file") from None
    except OSError as exc:
        raise CorruptLogError(name, 0, f"cannot be read ({exc.strerror or exc})") from None
    try:
        if not data.isascii():  # (ASCII is UTF-8: a scan without building the text)
            data.decode("utf-8")  # only to name the first byte that is not UTF-8; lines are read as bytes
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise CorruptLogError(name, line, f"not UTF-8 text (byte {data[exc.start]:#04x})") from None
    return _parse(data, name=name, limit=limit, key=key, partial=partial, objects_checked=objects_checked)


def parse(text: str, *, name: str = "<log>", limit: int | None = None, key: bytes | None = None,
          partial: bool = False) -> RawLog:
    """Check the text of a log (see :func:`read`); ``name`` is used in error messages."""
    return _parse(text.encode("utf-8", "surrogatepass"), name=name, limit=limit, key=key, partial=partial)


def _parse(data: bytes, *, name: str, limit: int | None, key: bytes | None, partial: bool,
           objects_checked: bool = True) -> RawLog:
    lines = data.split(b"\n")
    cut = False
    if lines and lines[-1] == b"":
        lines.pop()
    elif lines:
        if not partial:
            # the last line has no newline: it was cut while being written
            raise TruncatedLogError(name, len(lines), "the last line is incomplete (no newline): the log was cut short")
        lines.pop()
        cut = True
    if not lines:
        raise TruncatedLogError(name, 1, "the log is empty")
    body, previous = _checked_line(lines[0], 1, GENESIS, key, name)
    if "header" not in body:
        raise CorruptLogError(name, 1, "the first line is not a header")
    header = Header.from_dict(body["header"], path=name)
    records: list[bytes | dict[str, Any]] = []
    end: dict[str, Any] | None = None
    # Event lines as this engine writes them are taken on the fast path (_fast_run).  The first
    # line it refuses -- the end line, a hand edit -- and every line after it go to
    # the general check, which accepts every line the fast path does (a hand edit makes the rest
    # of the file slower to read, never differently read).
    chained = previous.encode()  # the fast path keeps the chain's hash as bytes
    first = 2
    if len(data) <= MAX_LINE_CHARS or max(map(len, lines)) <= MAX_LINE_CHARS:
        taken, chained = _fast_run(lines[1:], 2, chained, records, key, objects_checked)
        first += taken
    for number in range(first, len(lines) + 1):
        if end is not None:
            raise CorruptLogError(name, number, "text after the end line")
        body, previous = _checked_line(lines[number - 1], number, chained.decode(), key, name)
        chained = previous.encode()
        if "end" in body:
            end = _checked_end(body["end"], len(records), name, number, header)
        elif body.get("n") == number - 1 and isinstance(event := body.get("event"), dict):
            records.append(event)
        else:
            raise CorruptLogError(name, number, f"expected event number {len(records) + 1}")
    if end is None and not partial:
        raise TruncatedLogError(name, len(lines) + 1, f"no end line after event {len(records)}: the game was interrupted "
                                "or the file cut short (load it with partial=True, or `tabletop replay --partial`, "
                                "to continue from its last whole line)")
    if cut and end is not None:
        raise CorruptLogError(name, len(lines) + 1, "text after the end line")
    if limit is not None:
        records = records[:limit]
    return RawLog(header, records, end, len(lines))


_EVENT_HEAD = b'{"event":'


def _fast_run(run: list[bytes], first: int, chained: bytes, records: list[bytes | dict[str, Any]],
              key: bytes | None, objects_checked: bool = True) -> tuple[int, bytes]:
    """Take the lines of ``run`` (line ``first`` on) while each is an event line as this engine
    writes it: '{"event":' E ',"n":' N ',"hash":"' H '"}' with H the chain's hash of the line
    without its hash field and E one JSON object.  Appends the texts E; returns how many lines
    it took and the chain's hash after them.

    Each step runs over the whole run at once (one loop for the chain, C-level maps for the rest)
    rather than line by line: less interpreter work per line.  A line refused makes the work
    done past it wasted, once: the caller reads the rest of the file by the general check."""
    digests: list[bytes] = []
    add, sha256, tail_at, before = digests.append, hashlib.sha256, -_HASH_TAIL, chained
    if key is None:
        for line in run:
            chained = hexlify(sha256(chained + line[:tail_at] + b"}").digest()[:16])
            add(chained)
    else:  # a keyed log: the same chain under HMAC (hmac.digest: one call, no HMAC object)
        for line in run:
            chained = hexlify(hmac_digest(key, chained + line[:tail_at] + b"}", "sha256")[:16])
            add(chained)
    tails = [b',"n":%d,"hash":"%s"}' % pair for pair in zip(range(first - 1, first - 1 + len(run)), digests)]
    taken = min(_count_true(map(bytes.startswith, run, repeat(_EVENT_HEAD))),
                _count_true(map(bytes.endswith, run, tails)))
    head = len(_EVENT_HEAD)
    texts = [line[head:-len(tail)] for line, tail in zip(run[:taken], tails)]
    try:
        if objects_checked:
            list(map(_read_object, texts))
    except msgspec.DecodeError:
        taken = _objects_before_refusal(texts)
    records.extend(texts[:taken])
    return taken, (digests[taken - 1] if taken else before)


class _Object(msgspec.Struct, gc=False):
    """Any JSON object: msgspec checks the whole text while skipping its contents, refusing all
    the reference decoder refuses in valid UTF-8 (and some it reads -- NaN, lone surrogates --
    too, leaving such lines to the general check).  Integers of any size pass: the text is
    decoded by msgspec later (:func:`~tabletop_core.codec.json_value`), which reads them exactly."""


_read_object = msgspec.json.Decoder(_Object).decode


def _objects_before_refusal(texts: list[bytes]) -> int:
    """How many of ``texts`` are JSON objects before the first that is not."""
    for index, text in enumerate(texts):
        try:
            _read_object(text)
        except msgspec.DecodeError:
            return index
    return len(texts)


def _count_true(flags: Iterable[bool]) -> int:
    """How many of ``flags`` are true before the first false one."""
    listed = list(flags)
    try:
        return listed.index(False)
    except ValueError:
        return len(listed)


def _checked_line(line: bytes, number: int, previous: str, key: bytes | None, name: str) -> tuple[dict[str, Any], str]:
    """One line decoded and its hash checked against the chain: (the body without its hash, the hash)."""
    if len(line) > MAX_LINE_CHARS and len(line.decode("utf-8", "surrogatepass")) > MAX_LINE_CHARS:
        raise CorruptLogError(name, number, f"a line of {len(line.decode('utf-8', 'surrogatepass'))} characters (more than {MAX_LINE_CHARS})")
    if _LONG_NUMBER not in line.translate(_DIGITS_ONLY):
        try:
            body = orjson.loads(line)
        except orjson.JSONDecodeError:
            body = _decoded_slowly(line, name, number)
    else:
        body = _decoded_slowly(line, name, number)
    if not isinstance(body, dict) or "hash" not in body:
        raise CorruptLogError(name, number, "no hash field")
    stated = body.pop("hash")
    if number == 1:
        _check_keying(body, key, name)
    # A line as this engine writes it is its canonical body with the hash appended, so the body's
    # text is the raw line without that tail: hashing it saves re-serialising every line.
    if type(stated) is str and line[-_HASH_TAIL:] == b',"hash":"' + stated.encode() + b'"}':
        expected = _digest(previous.encode() + line[:-_HASH_TAIL] + b"}", key)
        if expected == stated:
            return body, expected
    # Not so (edited by hand, or not written by this engine): re-serialise, as the chain is
    # defined, so every log that check accepted still loads.
    try:
        expected = chain(previous, canonical_json(body), key)
    except ValueError as exc:
        raise CorruptLogError(name, number, f"not canonical JSON ({exc})") from None
    if stated != expected:
        under = " under this key (forged, or written with another key)" if key is not None else ""
        raise CorruptLogError(name, number, f"hash does not match{under}: the line was changed, reordered or a line before it is missing")
    return body, expected


#: Twenty digits in a row: maybe an integer beyond 64 bits, which orjson would read as a float
#: (the reference decoder keeps it an int; seeds are such integers).
#: (bytes.translate and a substring search: five times faster than a regular expression.)
_DIGITS_ONLY = bytes(0x30 if 0x30 <= b <= 0x39 else 0x20 for b in range(256))  # digit -> "0", else " "
_LONG_NUMBER = b"0" * 20


def _decoded_slowly(line: bytes, name: str, number: int) -> Any:
    # Long integers, invalid JSON, or valid JSON orjson refuses (lone surrogates): the reference
    # decoder reads the first and the last and words the error for the rest.
    try:
        return json.loads(line.decode("utf-8", "surrogatepass"))
    except (json.JSONDecodeError, RecursionError) as exc:
        raise CorruptLogError(name, number, f"not valid JSON ({getattr(exc, 'msg', 'nested too deep')})") from None


def _check_keying(body: dict[str, Any], key: bytes | None, name: str) -> None:
    header = body.get("header")
    auth = header.get("auth") if isinstance(header, dict) else None
    if auth == KEYED and key is None:
        raise LogKeyError(name, 1, f"the log is keyed ({KEYED}): give the host's key (--key-file, or ${KEY_ENV})")
    if key is not None and auth != KEYED:
        raise LogKeyError(name, 1, "the log is not keyed: it was not written under your key (a forgery, or another host's)")


def _checked_end(end: Any, events: int, name: str, number: int, header: Header | None) -> dict[str, Any]:
    if not isinstance(end, dict):
        raise CorruptLogError(name, number, "the end line is not an object")
    if end.get("events") != events:
        raise CorruptLogError(name, number, f"end line counts {end.get('events')!r} events, the log has {events}")
    if header is not None and header.view is None and not isinstance(end.get("digest"), str):
        raise CorruptLogError(name, number, "the end line has no state digest (a full log must end with one)")
    return end
