"""Validated loading of TOML data files into attrs classes.

A rules package keeps its maps, counters, decks, tables and scenarios as TOML files.  ``load_toml``
parses one and structures it into an attrs class with the core's private converter; any mismatch
becomes a single :class:`DataFileError` naming the file, the path to the field (``units[3].hef``)
and what was expected.  Extra keys are refused too, so a typo in a field name does not pass silently.

Bounds that hold for every game's data: a file of at most MAX_DATA_BYTES, integers within
±MAX_DATA_INT (no counter value, card count or table entry of a board game is near a million: a
larger one is a typo that would otherwise allocate or loop without end), finite floats.  The
checks a ruleset adds after structuring — ranges, unique ids, references — use :func:`check`,
:func:`check_range`, :func:`check_unique`, and :func:`naming_file` around code that builds boards.
"""
from __future__ import annotations

import contextlib
import math
import tomllib
from importlib import resources
from pathlib import Path
from importlib.resources.abc import Traversable
from typing import Any, Callable, Iterable, Iterator, TypeVar

import cattrs
from cattrs.errors import ClassValidationError, ForbiddenExtraKeysError, IterableValidationError

from .errors import BoardError, DataFileError

T = TypeVar("T")
MAX_DATA_BYTES = 4 << 20
MAX_DATA_INT = 10**6

_converter = cattrs.Converter(forbid_extra_keys=True, detailed_validation=True)


def _strict_scalar(cls: type) -> Callable[[Any, type], Any]:
    """Refuse silent coercions ("3" -> 3, 3.7 -> 3) that cattrs would otherwise make."""

    def structure(value: Any, _type: type) -> Any:
        if cls is float and isinstance(value, int) and not isinstance(value, bool):
            value = float(value)
        if type(value) is not cls:
            raise TypeError(f"expected {cls.__name__}, got {type(value).__name__} {value!r}"[:200])
        if isinstance(value, int) and abs(value) > MAX_DATA_INT:
            raise ValueError(f"expected an integer within ±{MAX_DATA_INT}, got {value}")
        if isinstance(value, float) and (not math.isfinite(value) or abs(value) > MAX_DATA_INT):
            raise ValueError(f"expected a finite number within ±{MAX_DATA_INT}, got {value}")
        return value

    return structure


for _scalar in (int, float, str, bool):
    _converter.register_structure_hook(_scalar, _strict_scalar(_scalar))


def _first_error(exc: BaseException, path: str) -> tuple[str, str]:
    """Walk a cattrs exception group down to its first leaf and build the field path."""
    while isinstance(exc, (ClassValidationError, IterableValidationError, ExceptionGroup)):
        sub = exc.exceptions[0]
        note = next((n for n in getattr(sub, "__notes__", []) if hasattr(n, "name") or hasattr(n, "index")), None)
        if note is not None:
            if hasattr(note, "name"):
                path = f"{path}.{note.name}" if path else note.name
            else:
                path = f"{path}[{note.index!r}]" if isinstance(note.index, str) else f"{path}[{note.index}]"
        exc = sub
    if isinstance(exc, ForbiddenExtraKeysError):
        return path, f"unexpected field(s) {', '.join(sorted(exc.extra_fields))}"
    if isinstance(exc, KeyError):
        missing = exc.args[0] if exc.args else "?"
        return path, "required field is missing" if not str(missing) else f"required field is missing"
    return path, str(exc) or type(exc).__name__


def structure(raw: Any, cls: type[T], *, file: str, root: str = "") -> T:
    """Structure already-parsed data, raising DataFileError on the first mismatch."""
    try:
        return _converter.structure(raw, cls)
    except (ClassValidationError, IterableValidationError, ForbiddenExtraKeysError, TypeError, ValueError, KeyError) as exc:
        field, expected = _first_error(exc, root)
        raise DataFileError(file, field or "(top level)", expected) from None
    except Exception as exc:  # noqa: BLE001 - whatever else the data provokes, it names the file
        raise DataFileError(file, root or "(top level)", f"cannot be read as {getattr(cls, '__name__', cls)} "
                            f"({type(exc).__name__}: {exc})") from None


def read_toml(path: str | Path | Any) -> tuple[dict[str, Any], str]:
    """Parse a TOML file given as a path or an importlib.resources Traversable; return (data, name)."""
    name = str(path)
    try:
        data = path.read_bytes() if hasattr(path, "read_bytes") else Path(path).read_bytes()
    except FileNotFoundError:
        raise DataFileError(name, "", "file not found") from None
    except OSError as exc:
        raise DataFileError(name, "", f"cannot be read ({exc.strerror})") from None
    if len(data) > MAX_DATA_BYTES:
        raise DataFileError(name, "", f"is {len(data)} bytes; a data file holds at most {MAX_DATA_BYTES}")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise DataFileError(name, f"line {line}", "UTF-8 text") from None
    try:
        return tomllib.loads(text), name
    except tomllib.TOMLDecodeError as exc:
        raise DataFileError(name, "", f"is not valid TOML ({exc})") from None


def load_toml(path: str | Path | Any, cls: type[T]) -> T:
    """Load a TOML file into ``cls``; errors name the file, the field path and what was expected."""
    raw, name = read_toml(path)
    return structure(raw, cls, file=name)


def package_file(package: str, relative: str) -> Traversable:
    """The Traversable for a data file shipped inside a package (``rules_goe85``, ``data/maps.toml``)."""
    return resources.files(package).joinpath(relative)


def check(condition: bool, *, file: str, field: str, expected: str) -> None:
    """Cross-field validation after structuring: raise DataFileError unless ``condition`` holds."""
    if not condition:
        raise DataFileError(file, field, expected)


def check_range(value: float, low: float | None, high: float | None, *, file: str, field: str) -> None:
    """``value`` lies in ``[low, high]`` (None: unbounded on that side), else a DataFileError."""
    if (low is not None and value < low) or (high is not None and value > high):
        span = f"{low} to {high}" if low is not None and high is not None else (
            f"{low} or more" if low is not None else f"{high} or less")
        raise DataFileError(file, field, f"expected {span}, got {value!r}")


def check_unique(ids: Iterable[str], *, file: str, field: str) -> None:
    """No id occurs twice (``field`` is the list's path, e.g. ``weapons[].id``)."""
    seen: set[str] = set()
    for index, value in enumerate(ids):
        if value in seen:
            raise DataFileError(file, field.replace("[]", f"[{index}]"), f"a unique id, {value!r} is repeated")
        seen.add(value)


@contextlib.contextmanager
def naming_file(file: str, field: str = "") -> Iterator[None]:
    """Around code that builds a board from a data file: a BoardError (a polygon that does not
    close, a hex off the map ...) becomes a DataFileError naming the file and field."""
    try:
        yield
    except BoardError as exc:
        raise DataFileError(file, field, str(exc)) from None
