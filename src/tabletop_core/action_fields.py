"""An offered action's fields, checked against and converted to the types its class declares.

``Game.apply`` records what was legal, not what was submitted: an offer equal to a suggestion is
replaced by that suggestion (``Pick(2.0)`` is recorded as the legal ``Pick(2)``).  An offer that is
not a suggestion — a parametric action, or a mistake — first passes :func:`normalised`: each scalar
field (``int``, ``float``, ``str``, ``bool``) must hold a value of that kind, and is converted to
exactly that type (a numpy integer to ``int``, an ``int`` to ``float``), so the log, the state and
the rules only ever see the ruleset's own types.  A value of the wrong kind (``"2"`` or ``True``
for an ``int``, ``nan`` for a ``float``) is refused with an error naming the field.  Fields of
other types (tuples, optional values, nested values) are left to the ruleset's ``check``.
"""
from __future__ import annotations

import math
import numbers
import typing
from typing import Any, Callable

import attrs

from .errors import IllegalActionError
from .values import Action

Converter = Callable[[Any], Any]


def _to_int(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError("an integer")
    return int(value)


def _to_float(value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError("a number")
    number = float(value)
    if not math.isfinite(number):
        raise TypeError("a finite number")
    return number


def _to_str(value: Any) -> str:
    if not isinstance(value, str):
        raise TypeError("text")
    return str(value)


def _to_bool(value: Any) -> bool:
    if type(value).__name__ not in ("bool", "bool_"):  # Python's bool or numpy's
        raise TypeError("true or false")
    return bool(value)


_CONVERTERS: dict[Any, Converter] = {int: _to_int, float: _to_float, str: _to_str, bool: _to_bool}
# derived from the action classes, filled on first use of each: which fields to convert, and how
_PLANS: dict[type, tuple[tuple[str, Converter], ...]] = {}


def _plan(cls: type) -> tuple[tuple[str, Converter], ...]:
    plan = _PLANS.get(cls)
    if plan is None:
        try:
            attrs.resolve_types(cls)
        except Exception:  # noqa: BLE001 - an annotation that does not resolve: leave those fields alone
            pass
        plan = tuple((f.name, convert) for f in attrs.fields(cls) if (convert := _converter_for(f.type)) is not None)
        _PLANS[cls] = plan
    return plan


def _converter_for(kind: Any) -> Converter | None:
    """How to convert a field of type ``kind``: scalars, and tuples of scalars (``tuple[float,
    float]`` for a point, ``tuple[str, ...]``); None for anything else."""
    if kind in _CONVERTERS:
        return _CONVERTERS[kind]
    if typing.get_origin(kind) is not tuple:
        return None
    args = typing.get_args(kind)
    if len(args) == 2 and args[1] is Ellipsis and args[0] in _CONVERTERS:
        each = _CONVERTERS[args[0]]
        return lambda value: tuple(each(v) for v in _as_tuple(value))
    if args and all(a in _CONVERTERS for a in args):
        converters = [_CONVERTERS[a] for a in args]

        def fixed(value: Any) -> tuple[Any, ...]:
            items = _as_tuple(value)
            if len(items) != len(converters):
                raise TypeError(f"{len(converters)} values")
            return tuple(convert(v) for convert, v in zip(converters, items))

        return fixed
    return None


def _as_tuple(value: Any) -> tuple[Any, ...]:
    if not isinstance(value, tuple):
        raise TypeError("a tuple")
    return value


def normalised(action: Any) -> Any:
    """``action`` with each scalar field in its declared type; IllegalActionError naming the field
    whose value is of another kind.  Not an attrs Action: refused."""
    if not isinstance(action, Action) or not attrs.has(type(action)):
        raise IllegalActionError(action, f"not an action (got {type(action).__name__})")
    changes = {}
    for name, convert in _plan(type(action)):
        value = getattr(action, name)
        try:
            converted = convert(value)
        except TypeError as exc:
            raise IllegalActionError(action, f"malformed {action.TAG}: {name} must be {exc}, got "
                                     f"{type(value).__name__} {value!r}"[:300]) from None
        if type(converted) is not type(value) or converted != value:
            changes[name] = converted
    return attrs.evolve(action, **changes) if changes else action
