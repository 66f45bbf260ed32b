"""Makers of frozen values from every field in order, for the values the hot paths make most.

A frozen attrs class's ``__init__`` sets each field through ``object.__setattr__`` by name (the
way round its own frozen ``__setattr__``), a generic lookup per field.  The few values play makes
thousands of times a game -- a counter after each move or Spent mark, a party's frame after each
step and check -- are made here by setting the slots' descriptors directly: the same value
(equal, same hash, same fields), in about two thirds of the time.  Only for slotted frozen attrs
classes whose fields have no validator, converter or on-setattr hook (checked when the maker is
built), since those would be skipped; callers pass every field, defaults included.
"""
from __future__ import annotations

from typing import Any, Callable

import attrs


def positional_maker(cls: type) -> Callable[..., Any]:
    """A function ``make(field1, field2, ...)`` returning ``cls(field1, field2, ...)``."""
    if not attrs.has(cls) or "__slots__" not in cls.__dict__:
        raise TypeError(f"{cls.__name__}: a positional maker needs a slotted attrs class")
    names = [field.name for field in attrs.fields(cls)]
    for field in attrs.fields(cls):
        if field.validator is not None or field.converter is not None or field.on_setattr not in (None, attrs.setters.NO_OP):
            raise TypeError(f"{cls.__name__}.{field.name}: a positional maker would skip its validator or converter")
    namespace: dict[str, Any] = {"new": object.__new__, "cls": cls}
    for name in names:
        namespace[f"set_{name}"] = getattr(cls, name).__set__  # the slot's member descriptor
    body = "".join(f"    set_{name}(value, {name})\n" for name in names)
    source = f"def make({', '.join(names)}):\n    value = new(cls)\n{body}    return value\n"
    exec(compile(source, f"<positional maker of {cls.__qualname__}>", "exec"), namespace)  # noqa: S102 - names are attrs fields
    make: Callable[..., Any] = namespace["make"]
    make.__doc__ = f"{cls.__qualname__}({', '.join(names)}), every field given in order."
    return make
