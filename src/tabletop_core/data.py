"""Validated loading of TOML data files into attrs classes.

A rules package keeps its maps, counters, decks, tables and scenarios as TOML files.  ``load_toml``
parses one and structures it into an attrs class with the core's private converter; any mismatch
becomes a single :class:`DataFileError` naming the file, the path to the field (``units[3].hef``)
and what was expected.  Extra keys are refused too, so a typo in a field name does not pass silently.
"""
from __future__ import annotations

import tomllib
from importlib import resources
from pathlib import Path
from typing import Any, TypeVar

import cattrs
from cattrs.errors import ClassValidationError, ForbiddenExtraKeysError, IterableValidationError

from .errors import DataFileError

T = TypeVar("T")

_converter = cattrs.Converter(forbid_extra_keys=True, detailed_validation=True)


def _strict_scalar(cls: type):
    """Refuse silent coercions ("3" -> 3, 3.7 -> 3) that cattrs would otherwise make."""

    def structure(value: Any, _type: type) -> Any:
        if cls is float and isinstance(value, int) and not isinstance(value, bool):
            return float(value)
        if type(value) is not cls:
            raise TypeError(f"expected {cls.__name__}, got {type(value).__name__} {value!r}")
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


def read_toml(path: str | Path | Any) -> tuple[dict[str, Any], str]:
    """Parse a TOML file given as a path or an importlib.resources Traversable; return (data, name)."""
    name = str(path)
    try:
        text = path.read_text(encoding="utf-8") if hasattr(path, "read_text") else Path(path).read_text("utf-8")
    except FileNotFoundError:
        raise DataFileError(name, "", "file not found") from None
    except OSError as exc:
        raise DataFileError(name, "", f"cannot be read ({exc.strerror})") from None
    try:
        return tomllib.loads(text), name
    except tomllib.TOMLDecodeError as exc:
        raise DataFileError(name, "", f"is not valid TOML ({exc})") from None


def load_toml(path: str | Path | Any, cls: type[T]) -> T:
    """Load a TOML file into ``cls``; errors name the file, the field path and what was expected."""
    raw, name = read_toml(path)
    return structure(raw, cls, file=name)


def package_file(package: str, relative: str):
    """The Traversable for a data file shipped inside a package (``rules_goe85``, ``data/maps.toml``)."""
    return resources.files(package).joinpath(relative)


def check(condition: bool, *, file: str, field: str, expected: str) -> None:
    """Cross-field validation after structuring: raise DataFileError unless ``condition`` holds."""
    if not condition:
        raise DataFileError(file, field, expected)
