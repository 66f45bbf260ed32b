"""Per-class encoders: a function per logged class that writes an object's canonical text (what
``canonical_json`` of the converter's dict gives) straight from the object with msgspec, for the
classes where msgspec provably writes the same bytes.

Saving a log spends most of its time turning each event into a dict (cattrs' dispatch per
object and per nested action or frame) and the dict into text.  msgspec writes an attrs object
directly, its keys sorted (``order="sorted"``), its strings escaped as the reference encoder
escapes them (checked for every code point) and its integers exactly; what it cannot be trusted
with is left out by type, before anything is written:

- floats (msgspec and ``repr`` spell some differently, and the converter writes an int held in
  a float field as a float), sets and frozensets (the converter sorts them by their JSON text),
  unions wider than ``X | None``, untyped fields, classes of a family nested by their own type;
- attrs classes with ``init=False`` or private fields (named differently by the two).

A class whose field types all pass is written by msgspec with its ``type`` and ``v`` keys added:
appended when every field name sorts before ``type``, else through a dict of the fields, in which
a field typed as a family base (``ActionTaken.action: Action``) is the nested object's own text
(a ``msgspec.Raw``), written by that family's encoders.  Anything msgspec still refuses at run
time (a lone surrogate, a dict with other than string keys) raises, and the caller writes that
object by the reference encoder.
"""
from __future__ import annotations

import typing
from typing import Any, Callable, Mapping

import attrs
import msgspec

from .decoders import family_of, read_alike

TextEncoder = Callable[[Any], bytes]
#: How a class is written: ``(write, tail)``, the text being ``write(obj)`` when ``tail`` is None,
#: else ``write(obj)`` with its closing brace replaced by ``tail`` (msgspec's own text of the object
#: with the tag and version added: no Python frame of ours between the caller and msgspec).
Plan = tuple[TextEncoder, bytes | None]

#: What msgspec refuses to write, or writes differently: the caller's reference encoder decides.
REFUSED = (TypeError, ValueError, OverflowError, UnicodeEncodeError, msgspec.EncodeError)

_write = msgspec.json.Encoder(order="sorted").encode
_SCALARS = (str, int, bool, type(None))


def text_encoder(cls: type, *, tag: str, version: int, families: Mapping[type, TextEncoder],
                 members: frozenset[type]) -> Plan | None:
    """How msgspec writes the logged class ``cls`` (tagged ``tag``, at ``version``): a
    :data:`Plan`, or None where msgspec is not provably the reference.  ``families``: each family base's own
    encoder (for fields typed as the base); ``members``: every class of every family (written with
    their tags, so never as a plain nested object)."""
    try:
        hints = typing.get_type_hints(cls)
    except Exception:  # noqa: BLE001 - an unresolvable annotation: not provably written alike
        return None
    fields = attrs.fields(cls)
    if any(not _named_plainly(field) or field.name in ("type", "v") for field in fields):
        return None
    family_fields: dict[str, tuple[type, bool]] = {}
    for field in fields:
        tp = hints.get(field.name)
        family = family_of(tp, families)
        if family is not None:
            family_fields[field.name] = (family, family is not tp)
        elif tp is None or not _plain(tp, members, set()):
            return None
    tail = b'"type":' + _write(tag) + b',"v":' + _write(version) + b"}"
    if not fields:
        return _write, tail  # msgspec writes {}: its closing brace replaced by the tag and version
    if not family_fields and all(field.name < "type" for field in fields):
        return _write, b"," + tail
    return _through_dict(cls, fields, family_fields, families, tag, version), None


def _through_dict(cls: type, fields: Any, family_fields: dict[str, tuple[type, bool]],
                  families: Mapping[type, TextEncoder], tag: str, version: int) -> TextEncoder:
    """A generated ``encode(obj)``: msgspec writes a dict of the fields (a family field as the
    nested object's own text) and the tag and version, its keys sorted."""
    namespace: dict[str, Any] = {"_write": _write, "_Raw": msgspec.Raw}
    items = []
    for index, field in enumerate(fields):
        value = f"obj.{field.name}"
        if field.name in family_fields:
            family, optional = family_fields[field.name]
            namespace[f"_family{index}"] = families[family]
            value = f"_Raw(_family{index}({value}))"
            if optional:
                value = f"(None if obj.{field.name} is None else {value})"
        items.append(f"{field.name!r}: {value}")
    items += [f"'type': {tag!r}", f"'v': {version!r}"]
    source = f"def encode(obj):\n    return _write({{{', '.join(items)}}})"
    exec(compile(source, f"<text encoder {cls.__module__}.{cls.__qualname__}>", "exec"), namespace)  # noqa: S102
    encoder: TextEncoder = namespace["encode"]
    return encoder


def _named_plainly(field: Any) -> bool:
    """A field both encoders name alike: set by ``__init__`` and not private (attrs strips a
    leading underscore from the argument; the two writers may not agree which name to write)."""
    return bool(field.init) and not field.name.startswith("_") and field.alias == field.name


def _plain(tp: Any, members: frozenset[type], seen: set[type]) -> bool:
    """Does msgspec write every value of type ``tp`` as the converter's dict is written?  (No
    float, set or frozenset: see the module's documentation.)"""
    return read_alike(tp, scalars=_SCALARS, collections=(tuple, list), literals=(str, int, bool),
                      plain_class=lambda cls: _plain_class(cls, members, seen))


def _plain_class(cls: type, members: frozenset[type], seen: set[type]) -> bool:
    if cls in seen:
        return True  # a cycle: decided by the rest of the walk
    if cls in members:
        return False  # written with its tag and version, which msgspec would leave out
    seen.add(cls)
    try:
        hints = typing.get_type_hints(cls)
    except Exception:  # noqa: BLE001 - an unresolvable annotation: not provably plain
        return False
    return all(_named_plainly(field) and field.name in hints and _plain(hints[field.name], members, seen)
               for field in attrs.fields(cls))
