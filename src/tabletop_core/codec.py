"""Serialisation of events, actions, frames and states: one private cattrs converter per ruleset.

Events, actions and frames each form a tagged union (``configure_tagged_union`` with the tag in a
``type`` field, from each class's ``TAG``); a dict is never guessed into a type by its keys.  Each
dict also carries ``v``, the class's ``VERSION`` when it was written; on load the class's
``UPCASTERS`` lift an old dict one version at a time before it is structured.

``canonical_json`` is the one canonical text form (sorted keys, no spaces, sets sorted, non-string
dict keys written as JSON): log lines are written in it and the state digest hashes it.
"""
from __future__ import annotations

import enum
import hashlib
import json
import types
import typing
from typing import Any, Callable, Iterable, Mapping, Union

import attrs
import cattrs
import msgspec
import orjson
from cattrs.strategies import configure_tagged_union

from .decoders import DecoderBuilder, TextDecoder, text_decoder
from .encoders import REFUSED, Plan, TextEncoder, text_encoder
from .errors import RulesetError
from .events import CORE_EVENTS
from .values import Action, ConcealedAction, Event, Frame

TAG_FIELD = "type"
VERSION_FIELD = "v"


def _tag_of(cls: type[Any]) -> str:
    tag: str = cls.TAG
    return tag


class _Family:
    """One tagged union (events, actions or frames) inside a Codec."""

    def __init__(self, converter: cattrs.Converter, base: type[Any], classes: Iterable[type[Any]], decoders: DecoderBuilder):
        self.base = base
        self.by_tag: dict[str, type[Any]] = {}
        for cls in classes:
            if not (isinstance(cls, type) and issubclass(cls, base) and attrs.has(cls)):
                raise RulesetError(f"{cls!r} is not an attrs subclass of {base.__name__}")
            tag = _tag_of(cls)
            if tag in self.by_tag and self.by_tag[tag] is not cls:
                raise RulesetError(f"two {base.__name__} types share the tag {tag!r}")
            self.by_tag[tag] = cls
        members = tuple(self.by_tag.values())
        if len(members) >= 2:
            self.union: Any = Union[members]  # noqa: UP007 - a runtime Union for cattrs
            configure_tagged_union(self.union, converter, tag_generator=_tag_of, tag_name=TAG_FIELD)
        else:
            self.union = members[0] if members else None
        self._converter = converter
        self._decoders = decoders
        decoders.direct[base] = self.structure
        self._by_tag_decoders: dict[str, Any] = {}
        self._text_entries = _TextEntries(self, decoders.text_families)
        self.structure_text = self._structure_text_fn()
        decoders.text_families[base] = self.structure_text  # for fields typed as the base

    def bind_encoders(self, reference: Callable[[Any], bytes], families: dict[type, TextEncoder],
                      members: frozenset[type]) -> None:
        """Make ``text_bytes(obj)``: the canonical text of a member of this family, by its class's
        msgspec plan (:func:`~tabletop_core.encoders.text_encoder`) where it has one, else (or
        where msgspec refuses a value) by ``reference``; and ``texts_bytes(objs)``, the list of
        theirs.  ``families``: every family's ``text_bytes``, this one's included once made."""
        plans = _TextPlans(self, reference, families, members)

        def text_bytes(obj: Any) -> bytes:
            write, tail = plans[type(obj)]
            try:
                text = write(obj)
            except REFUSED:
                return reference(obj)
            return text if tail is None else text[:-1] + tail

        def texts_bytes(objs: Iterable[Any]) -> list[bytes]:
            # text_bytes written out in one loop: a save writes every event of a game
            out: list[bytes] = []
            add = out.append
            for obj in objs:
                write, tail = plans[type(obj)]
                try:
                    text = write(obj)
                except REFUSED:
                    text, tail = reference(obj), None
                add(text if tail is None else text[:-1] + tail)
            return out

        self.text_bytes = text_bytes
        self.texts_bytes = texts_bytes
        families[self.base] = text_bytes

    def upcast(self, data: dict[str, Any]) -> tuple[type[Any], dict[str, Any]]:
        tag = data.get(TAG_FIELD)
        cls = self.by_tag.get(tag) if isinstance(tag, str) else None
        if cls is None:
            raise ValueError(f"unknown {self.base.__name__.lower()} type {tag!r}")
        version = data.get(VERSION_FIELD, 1)
        if version > cls.VERSION:
            raise ValueError(f"{tag} version {version} is newer than this engine knows ({cls.VERSION})")
        while version < cls.VERSION:
            step = cls.UPCASTERS.get(version)
            if step is None:
                raise ValueError(f"{tag} version {version} cannot be upcast (no upcaster from {version})")
            data = step(dict(data))
            version += 1
        return cls, data

    def structure(self, data: dict[str, Any]) -> Any:
        # The fast path: a known tag goes straight to that class's decoder, which sends an old
        # version to the upcasters (decoders ignore the extra ``type`` and ``v`` keys, as cattrs does).
        if type(data) is dict:
            decode = self._by_tag_decoders.get(data.get(TAG_FIELD))  # type: ignore[arg-type]
            if decode is not None:
                return decode(data)
            cls = self.by_tag.get(data.get(TAG_FIELD))  # type: ignore[arg-type]
            if cls is not None:  # the first of its type: its decoder is built once, here
                decode = self._by_tag_decoders[cls.TAG] = self._decoders.build(
                    cls, version=cls.VERSION, other_version=self._structure_slowly)
                return decode(data)
        return self._structure_slowly(data)

    def structure_records(self, records: list[Any], shareable: Mapping[type, bool]
                          ) -> tuple[list[Any], tuple[int, Exception] | None]:
        """``records`` decoded, as a log's reader kept them (texts, then dicts from the first line
        the fast path refused).  Returns the objects and, if one does not decode, its index and
        the error (the objects then end before it).

        Each distinct text is decoded once, and where its class is ``shareable`` (immutable all
        the way down) that object stands for all its records: many of a game's lines repeat one
        another (the same card drawn, the same frame popped: a third of a GoE or Orgun log).  The texts are
        decoded in the order of their first records, so the first that fails is the first
        record that fails."""
        kinds = list(map(type, records))
        texts = records[:kinds.index(dict)] if dict in kinds else records
        decoded, failure = self._decoded_once(dict.fromkeys(texts))
        if failure is not None:
            index = texts.index(failure[0])
            return list(map(decoded.__getitem__, texts[:index])), (index, failure[1])
        out = list(map(decoded.__getitem__, texts))
        if not all(shareable[kind] for kind in set(map(type, decoded.values()))):  # rare: a deck made, the result
            for text, obj in decoded.items():
                if not shareable[type(obj)]:
                    self._decode_repeats(text, texts, out)
        structure = self.structure
        try:
            for logged in records[len(texts):]:
                out.append(self.structure_text(logged) if isinstance(logged, bytes) else structure(logged))
        except Exception as exc:  # noqa: BLE001 - any decoding failure is the caller's to name
            return out, (len(out), exc)
        return out, None

    def _decoded_once(self, texts: Iterable[bytes]) -> tuple[dict[bytes, Any], tuple[bytes, Exception] | None]:
        """Each of ``texts`` decoded once, and the first that fails with why.  A log repeats many
        of its texts (a roll, a pass); nothing is kept from one log for the next, so a log's
        load costs the same whatever was loaded before it."""
        structure_text = self.structure_text
        decoded: dict[bytes, Any] = {}
        for text in texts:
            try:
                decoded[text] = structure_text(text)
            except Exception as exc:  # noqa: BLE001 - any decoding failure is the caller's to name
                return decoded, (text, exc)
        return decoded, None

    def _decode_repeats(self, text: bytes, texts: list[bytes], out: list[Any]) -> None:
        """Give every record of ``text`` after its first an object of its own (a class that is not
        immutable: a fold may change one object in place)."""
        at = texts.index(text)
        for _ in range(texts.count(text) - 1):
            at = texts.index(text, at + 1)
            out[at] = self.structure_text(text)

    def text_decoder_of(self, tag: str) -> TextDecoder | None:
        """The text decoder of the class tagged ``tag`` (None: it is read from its dict)."""
        version, decode = self._text_entries[tag]
        return None if version is None else decode

    def _structure_text_fn(self) -> TextDecoder:
        """``structure_text(text)``: ``structure`` of the JSON object ``text`` holds, read straight
        from the text where msgspec builds the same object (see
        :func:`~tabletop_core.decoders.text_decoder`), else from the dict parsed from it.  A
        closure over the family's tables: one Python frame per object on the hot path."""
        entries, read_head, refused, structure = self._text_entries, _read_head, msgspec.DecodeError, self.structure

        def structure_text(text: bytes) -> Any:
            try:
                head = read_head(text)
                version, decode = entries[head.type]
                if head.v == version:
                    return decode(text)
            except refused:
                pass  # not an object, or not exactly the declared types: the converter decides
            return structure(json_value(bytes(text)))  # (bytes: a family field's text is a msgspec.Raw)

        return structure_text

    def _structure_slowly(self, data: dict[str, Any]) -> Any:
        if not isinstance(data, dict):
            raise ValueError(f"expected a {self.base.__name__.lower()} object, got {type(data).__name__}")
        _cls, data = self.upcast(data)
        body = {k: v for k, v in data.items() if k != VERSION_FIELD}
        if self.union is None:
            raise ValueError(f"this ruleset has no {self.base.__name__.lower()} types")
        if not isinstance(self.union, type):
            return self._converter.structure(body, self.union)
        body.pop(TAG_FIELD, None)
        return self._converter.structure(body, self.union)


class _Head(msgspec.Struct, gc=False):
    """The tag and version of a logged object, read from its text (the rest skipped; another
    type of either is refused, and the converter then decides)."""

    type: str = ""
    v: int = 1


def _from_dict_only(text: bytes) -> Any:
    raise msgspec.DecodeError("read from the dict")  # never called: its entry's version is None


class _TextEntries(dict[str, tuple[int | None, TextDecoder]]):
    """tag -> (the class's version, its text decoder), built on first use; the version is None
    for a class without a text decoder, or an unknown tag, so that the dict path is taken."""

    def __init__(self, family: "_Family", families: dict[type, TextDecoder]):
        super().__init__()
        self._family = family
        self._families = families

    def __missing__(self, tag: str) -> tuple[int | None, TextDecoder]:
        cls = self._family.by_tag.get(tag)
        if cls is None:
            return None, _from_dict_only  # an unknown tag: structure() refuses it
        decode = text_decoder(cls, families=self._families)
        entry = self[tag] = (None, _from_dict_only) if decode is None else (cls.VERSION, decode)
        return entry


_read_head = msgspec.json.Decoder(_Head).decode


class _TextPlans(dict[type, Plan]):
    """class -> how it is written, decided on first use: msgspec's plan where the class has one,
    else the reference encoder (for a class of another family, or none, too)."""

    def __init__(self, family: "_Family", reference: Callable[[Any], bytes], families: dict[type, TextEncoder],
                 members: frozenset[type]):
        super().__init__()
        self._family, self._reference, self._families, self._members = family, reference, families, members

    def __missing__(self, cls: type) -> Plan:
        plan = None
        tag = getattr(cls, "TAG", None)
        if isinstance(tag, str) and self._family.by_tag.get(tag) is cls:
            plan = text_encoder(cls, tag=tag, version=getattr(cls, "VERSION", 1), families=self._families,
                                members=self._members)
        found = self[cls] = plan or (self._reference, None)
        return found


def json_value(text: bytes) -> Any:
    """The value of a JSON text as the log's reader gives it: msgspec's reading (integers of any
    size exact, as the reference decoder reads them), or the reference decoder's where msgspec
    refuses the text (NaN, lone surrogates)."""
    try:
        return _read_json(text)
    except msgspec.DecodeError:
        return json.loads(text.decode("utf-8", "surrogatepass"))


_read_json = msgspec.json.Decoder().decode


class Codec:
    """The private converter for one ruleset's events, actions, frames and state."""

    def __init__(self, *, events: Iterable[type[Any]] = (), actions: Iterable[type[Any]] = (),
                 frames: Iterable[type[Any]] = ()) -> None:
        # detailed_validation off: generated structure functions without per-field bookkeeping
        # (a bad log still fails, naming its line; the message names the first bad field only).
        converter = cattrs.Converter(detailed_validation=False)
        self._converter = converter
        converter.register_unstructure_hook(frozenset, _sorted_list)
        converter.register_unstructure_hook(set, _sorted_list)
        converter.register_unstructure_hook_func(
            lambda t: isinstance(t, type) and issubclass(t, enum.Enum), lambda e: e.value
        )
        # Base-class hooks first: a field typed as the base (ActionTaken.action: Action) must
        # reach the concrete class's hook, and generated functions bind hooks when made.
        for name, base in (("actions", Action), ("frames", Frame), ("events", Event)):
            # Exact-class predicates: a singledispatch hook on the base would also catch subclasses.
            converter.register_structure_hook_func(_is_exactly(base), self._base_structurer(name))
            converter.register_unstructure_hook_func(_is_exactly(base), self._runtime_unstructurer)
        decoders = DecoderBuilder(converter.get_structure_hook, converter.get_structure_hook)
        self.actions = _Family(converter, Action, (ConcealedAction, *actions), decoders)
        self.frames = _Family(converter, Frame, frames, decoders)
        self.events = _Family(converter, Event, (*CORE_EVENTS, *events), decoders)
        self.event_types: frozenset[type] = frozenset(self.events.by_tag.values())
        self._fast_text = _float_free_types(self)
        families: dict[type, TextEncoder] = {}
        members = frozenset({Action, Frame, Event}.union(*(f.by_tag.values() for f in (self.actions, self.frames, self.events))))
        for family in (self.actions, self.frames, self.events):
            family.bind_encoders(self._reference_bytes, families, members)
        #: event class -> whether one decoded object may stand for several (see _immutable_types)
        self.shareable = _immutable_types(self)
        # A float field holding an int (3 for 3.0) is written as a float, so that save -> load ->
        # save gives the same bytes (loading turns it into a float either way).
        converter.register_unstructure_hook(float, float)
        for family in (self.actions, self.frames, self.events):
            for cls in family.by_tag.values():
                converter.register_unstructure_hook(cls, self._tagging_unstructurer(cls))

    def _tagging_unstructurer(self, cls: type[Any]) -> Callable[[Any], dict[str, Any]]:
        plain: Callable[[Any], dict[str, Any]] = cattrs.gen.make_dict_unstructure_fn(cls, self._converter)
        tag, version = cls.TAG, cls.VERSION

        def unstructure(obj: Any) -> dict[str, Any]:
            out = plain(obj)
            out[TAG_FIELD] = tag
            out[VERSION_FIELD] = version
            return out

        return unstructure

    def _runtime_unstructurer(self, obj: Any) -> Any:
        return self._converter.unstructure(obj, unstructure_as=obj.__class__)

    def _base_structurer(self, family_name: str) -> Callable[[Any, Any], Any]:
        return lambda data, _type: getattr(self, family_name).structure(data)

    # -- public ---------------------------------------------------------------------------------
    def unstructure(self, obj: Any) -> Any:
        return self._converter.unstructure(obj)

    def event_to_dict(self, event: Event) -> dict[str, Any]:
        data: dict[str, Any] = self._converter.unstructure(event)
        return data

    def event_text(self, event: Event) -> str:
        """The canonical text of one event (what ``canonical_json(event_to_dict(event))`` gives)."""
        try:
            return self.events.text_bytes(event).decode()
        except UnicodeEncodeError:  # a lone surrogate: text, but no UTF-8 bytes
            return canonical_json(self.event_to_dict(event))

    def event_bytes(self, event: Event) -> bytes:
        """:meth:`event_text` as UTF-8 bytes, as a log line holds it."""
        return self.events.text_bytes(event)

    def events_bytes(self, events: Iterable[Event]) -> list[bytes]:
        """:meth:`event_bytes` of each of ``events`` (in one loop: what a save writes)."""
        return self.events.texts_bytes(events)

    def _reference_bytes(self, obj: Any) -> bytes:
        """The canonical text of a logged object through the converter's dict: orjson where it
        writes what ``canonical_json`` does (no float anywhere in the class), else the latter."""
        data = self._converter.unstructure(obj)
        if self._fast_text[type(obj)]:
            try:
                return orjson.dumps(data, option=orjson.OPT_SORT_KEYS)
            except (TypeError, orjson.JSONEncodeError):
                pass  # a value orjson refuses (a huge int, a lone surrogate): the reference encoder
        return canonical_json(data).encode()

    def event_from_dict(self, data: dict[str, Any]) -> Event:
        event: Event = self.events.structure(data)
        return event

    def action_to_dict(self, action: Action) -> dict[str, Any]:
        data: dict[str, Any] = self._converter.unstructure(action)
        return data

    def action_from_dict(self, data: dict[str, Any]) -> Action:
        action: Action = self.actions.structure(data)
        return action

    def state_difference(self, mine: Any, theirs: Any) -> str | None:
        """Where two states first differ, as ``field[key]: a != b`` (None if they are equal):
        names the field a change made outside the apply functions left behind."""
        return first_difference(self._converter.unstructure(mine), self._converter.unstructure(theirs), "state")

    def state_digest(self, state: Any) -> str:
        return hashlib.sha256(canonical_json(self._converter.unstructure(state)).encode()).hexdigest()


def first_difference(a: Any, b: Any, path: str) -> str | None:
    """The path to the first place where two unstructured values differ, with both values."""
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b), key=str):
            if key not in a or key not in b:
                return f"{path}[{key!r}]: present in only one ({'first' if key in a else 'second'})"
            found = first_difference(a[key], b[key], f"{path}.{key}" if path == "state" else f"{path}[{key!r}]")
            if found:
                return found
        return None
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for index, (x, y) in enumerate(zip(a, b)):
            found = first_difference(x, y, f"{path}[{index}]")
            if found:
                return found
        return None
    if canonical_json(a) != canonical_json(b):
        return f"{path}: {canonical_json(a)[:120]} != {canonical_json(b)[:120]}"
    return None


class _TypeMemo(dict[Any, bool]):
    """A yes-or-no question about a class, answered by ``walk`` once per class."""

    def __init__(self, walk: Callable[[Any], bool]):
        super().__init__()
        self._walk = walk

    def __missing__(self, cls: Any) -> bool:
        found = self[cls] = self._walk(cls)
        return found


def _float_free_types(codec: Codec) -> _TypeMemo:
    """Which event classes can be written by orjson, byte for byte as :func:`canonical_json`.

    orjson and ``json`` agree on strings, ints, bools, null, lists and sorted objects, but not on
    every float (orjson writes 1e-05 as 0.00001), so a class qualifies only if no field, however
    deep, can hold a float or an untyped value.  Anything orjson refuses at run time (non-string
    keys, ints beyond 64 bits) falls back to the reference encoder in :meth:`Codec.event_text`."""
    return _TypeMemo(lambda cls: _float_free(cls, codec, set()))


def _immutable_types(codec: Codec) -> _TypeMemo:
    """Which classes are values all the way down -- frozen attrs classes whose fields, however
    deep, hold only scalars, enums, tuples and frozensets of such, other such classes -- so that
    one decoded object may stand for every identical line of a log (no dict or list a fold could
    change through one of them)."""
    return _TypeMemo(lambda cls: _immutable(cls, codec, set()))


_SCALARS = (str, int, bool, type(None))


def _float_free(tp: Any, codec: Codec, seen: set[Any]) -> bool:
    return _every_part(tp, codec, seen, leaf=_float_free_leaf, containers=_ANY_CONTAINER, whole=_any_class)


def _float_free_leaf(tp: Any) -> bool | None:
    if tp is float:
        return False
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return all(type(m.value) in (str, int) for m in tp)
    if tp in _SCALARS:
        return True
    if typing.get_origin(tp) is typing.Literal:
        return all(type(v) in (str, int, bool) for v in typing.get_args(tp))
    return None


def _immutable(tp: Any, codec: Codec, seen: set[Any]) -> bool:
    return _every_part(tp, codec, seen, leaf=_immutable_leaf, containers=_VALUE_CONTAINER, whole=_frozen)


def _immutable_leaf(tp: Any) -> bool | None:
    if tp in _SCALARS or tp is float or (isinstance(tp, type) and issubclass(tp, enum.Enum)):
        return True
    return True if typing.get_origin(tp) is typing.Literal else None


_ANY_CONTAINER = (Union, types.UnionType, tuple, list, frozenset, set, dict)
_VALUE_CONTAINER = (Union, types.UnionType, tuple, frozenset)  # dict, list, set: changeable in place


def _any_class(cls: type) -> bool:
    return True


def _every_part(tp: Any, codec: Codec, seen: set[Any], *, leaf: Callable[[Any], bool | None],
                containers: tuple[Any, ...], whole: Callable[[type], bool]) -> bool:
    """Does every part of type ``tp`` pass?  ``leaf(tp)`` judges a scalar, enum or literal (None:
    not a leaf); a family base is every class of its family; an attrs class passes ``whole``
    and every field's type; a generic one of ``containers`` every argument.  Anything else --
    Any, object, a callable, an unknown generic -- fails: not provably so."""
    if tp in seen:
        return True  # a cycle: decided by the rest of the walk
    verdict = leaf(tp)
    if verdict is not None:
        return verdict

    def part(sub: Any) -> bool:
        return _every_part(sub, codec, seen, leaf=leaf, containers=containers, whole=whole)

    families = {Action: codec.actions, Frame: codec.frames, Event: codec.events}
    if tp in families:
        seen.add(tp)
        return all(part(c) for c in families[tp].by_tag.values())
    if isinstance(tp, type) and attrs.has(tp):
        seen.add(tp)
        try:
            hints = typing.get_type_hints(tp)
        except Exception:  # noqa: BLE001 - an unresolvable annotation: not provably so
            return False
        return whole(tp) and all(part(hints.get(f.name, Any)) for f in attrs.fields(tp))
    if typing.get_origin(tp) in containers:
        return all(a is Ellipsis or part(a) for a in typing.get_args(tp))
    return False


def _frozen(cls: type) -> bool:
    """Does setting a field of ``cls`` raise (an attrs frozen class)?"""
    probe: Any = object.__new__(cls)
    try:
        setattr(probe, attrs.fields(cls)[0].name if attrs.fields(cls) else "_probe", None)
    except attrs.exceptions.FrozenInstanceError:
        return True
    except AttributeError:
        return not attrs.fields(cls)  # no fields and no room for any: nothing to change
    return False


def _is_exactly(base: type) -> Callable[[Any], bool]:
    return lambda t: t is base


def _sorted_list(values: Any) -> list[Any]:
    return sorted(values, key=lambda v: canonical_json(v))


def _canonical(obj: Any) -> Any:
    if isinstance(obj, dict):
        return {(k if isinstance(k, str) else canonical_json(_canonical(k))): _canonical(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [_canonical(v) for v in obj]
    if isinstance(obj, (set, frozenset)):
        return sorted((_canonical(v) for v in obj), key=canonical_json)
    if isinstance(obj, enum.Enum):
        return _canonical(obj.value)
    if attrs.has(type(obj)):
        return _canonical(attrs.asdict(obj, recurse=False))
    return obj


def canonical_json(obj: Any) -> str:
    """The one canonical text of a JSON-able value (already-unstructured data)."""
    try:
        return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
    except TypeError:
        return json.dumps(_canonical(obj), sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
