"""Events read straight from their logged JSON text with msgspec (issue 15, log load speed) are
the objects the converter makes of the parsed dict: a class gets a text decoder only where that is
provable, and any text msgspec refuses is handed to the converter."""
from __future__ import annotations

import enum
import json
from typing import Literal

import attrs
import orjson
import pytest

import tabletop_core
from tabletop_core import gamelog
from tabletop_core.codec import Codec
from tabletop_core.values import Action, Event, Frame

from .played import random_prefix


@attrs.frozen
class Spot:
    x: int
    y: int


@attrs.frozen
class Plain(Event):
    label: str
    count: int
    pair: tuple[int, int]
    inches: float
    flag: bool
    seen: frozenset[str]
    maybe: str | None
    names: tuple[str, ...]
    spots: tuple[Spot, ...]
    where: Spot | None
    kind: Literal["a", "b"]
    table: dict[str, int] = attrs.field(factory=dict)
    later: int = attrs.field(default=0, kw_only=True)


@attrs.frozen
class Renamed(Event):
    VERSION = 2
    UPCASTERS = {1: lambda d: {**d, "size": d.pop("old_size")}}
    size: int


class Colour(enum.Enum):
    RED = "red"


@attrs.frozen
class Point(Action):
    x: int


@attrs.frozen
class Holding(Frame):
    side: str


@attrs.frozen
class WithAction(Event):
    action: Action


@attrs.frozen
class WithFrame(Event):
    frame: Frame | None


@attrs.frozen
class WithConverter(Event):
    names: tuple[str, ...] = attrs.field(converter=tuple)


@attrs.frozen
class WithValidator(Event):
    count: int = attrs.field(validator=attrs.validators.ge(0))


@attrs.frozen
class WithPostInit(Event):
    count: int

    def __attrs_post_init__(self) -> None:
        if self.count < 0:
            raise ValueError("negative")


@attrs.frozen
class Across:
    z: int


@attrs.frozen
class WithWideUnion(Event):
    value: Spot | Across  # the converter picks by the fields present, msgspec by its own rules


@attrs.frozen
class WithPrivate(Event):
    _secret: int


@attrs.frozen
class WithDerived(Event):
    count: int
    double: int = attrs.field(init=False, default=0)


@attrs.frozen
class WithEnum(Event):
    colour: Colour


@attrs.frozen
class Counted:
    count: int = attrs.field(validator=attrs.validators.ge(0))


@attrs.frozen
class WithNestedValidator(Event):
    inner: Counted


@attrs.frozen
class WithDefaultAction(Event):
    action: Action | None = None


@attrs.frozen
class WithDefaults(Event):
    colour: Colour = attrs.field(default="red", converter=Colour)
    step: str = "a"
    hits: tuple[int, ...] = attrs.Factory(tuple)


#: Read from the dict only: msgspec would build them otherwise than the converter does.
DICT_ONLY = (WithWideUnion, WithDerived, WithNestedValidator)
#: Read from their text (some by msgspec alone, some field by field then built by their own
#: __init__, where converters, validators and hooks run): each with texts to read.
FROM_TEXT = {
    WithAction: [{"action": {"type": "Point", "v": 1, "x": 5}}],
    WithFrame: [{"frame": {"type": "Holding", "v": 1, "side": "s"}}, {"frame": None}],
    WithConverter: [{"names": ["a", "b"]}],
    WithValidator: [{"count": 3}],
    WithPostInit: [{"count": 3}],
    WithPrivate: [{"_secret": 4}],
    WithEnum: [{"colour": "red"}],
    WithDefaultAction: [{}, {"action": None}, {"action": {"type": "Point", "v": 1, "x": 2}}],
    WithDefaults: [{}, {"colour": "red", "hits": [1, 2]}, {"step": "b"}],
}
CODEC = Codec(events=(Plain, Renamed, *DICT_ONLY, *FROM_TEXT), actions=(Point,), frames=(Holding,))


def plain() -> dict:
    return {"type": "Plain", "v": 1, "label": "a", "count": 2, "inches": 1.5, "flag": True, "maybe": None,
            "names": ["x", "y"], "pair": [3, 4], "seen": ["p", "q"], "spots": [{"x": 1, "y": 2}],
            "where": {"x": 0, "y": 0}, "kind": "b", "table": {"k": 1}, "later": 9}


def both(data: dict):
    """(read from the text, read from the dict) of one event."""
    return CODEC.events.structure_text(orjson.dumps(data)), CODEC.event_from_dict(data)


def assert_refused_alike(data: dict) -> None:
    """Read from its text and from its dict, ``data`` raises the same error."""
    with pytest.raises(Exception) as from_text:
        CODEC.events.structure_text(orjson.dumps(data))
    with pytest.raises(Exception) as from_dict:
        CODEC.event_from_dict(data)
    assert type(from_text.value) is type(from_dict.value) and str(from_text.value) == str(from_dict.value)


def test_an_exactly_typed_text_is_read_by_msgspec_into_the_object_the_converter_makes():
    from_text, from_dict = both(plain())
    assert from_text == from_dict
    assert repr(from_text) == repr(from_dict) and hash(from_text.spots) == hash(from_dict.spots)
    assert from_text.seen == frozenset({"p", "q"}) and from_text.pair == (3, 4) and from_text.later == 9
    assert CODEC.events.text_decoder_of("Plain") is not None  # the msgspec decoder, not the dict path


@pytest.mark.parametrize("change", [
    {"inches": 3},  # an int in a float field: both make it 3.0
    {"count": True},  # a bool in an int field: msgspec refuses it, the converter makes it 1
    {"names": ["x", 5]},  # an int among strings: the converter makes it "5"
    {"flag": 1},
    {"maybe": "m"},
    {"where": None},
])
def test_a_text_off_the_exact_types_decodes_as_the_converter_decodes_it(change):
    from_text, from_dict = both({**plain(), **change})
    assert from_text == from_dict
    assert [type(getattr(from_text, f.name)) for f in attrs.fields(Plain)] == \
        [type(getattr(from_dict, f.name)) for f in attrs.fields(Plain)]


@pytest.mark.parametrize("missing", ["table", "later"])
def test_a_field_left_out_takes_its_default(missing):
    data = plain()
    del data[missing]
    from_text, from_dict = both(data)
    assert from_text == from_dict


@pytest.mark.parametrize("change", [{"label": attrs.NOTHING}, {"pair": [1, 2, 3]}, {"spots": [{"x": 1}]}])
def test_a_text_the_converter_refuses_is_refused_as_it_refuses_it(change):
    data = {key: value for key, value in {**plain(), **change}.items() if value is not attrs.NOTHING}
    assert_refused_alike(data)


def test_an_old_version_goes_to_its_upcasters():
    data = {"type": "Renamed", "v": 1, "old_size": 4}
    assert CODEC.events.structure_text(orjson.dumps(data)) == Renamed(4)


@pytest.mark.parametrize("cls", DICT_ONLY, ids=lambda c: c.__name__)
def test_a_class_msgspec_would_build_otherwise_gets_no_text_decoder(cls):
    assert CODEC.events.text_decoder_of(cls.TAG) is None


@pytest.mark.parametrize("cls", FROM_TEXT, ids=lambda c: c.__name__)
def test_a_class_msgspec_reads_alike_is_read_from_its_text(cls):
    assert CODEC.events.text_decoder_of(cls.TAG) is not None
    for fields in FROM_TEXT[cls]:
        from_text, from_dict = both({"type": cls.TAG, "v": 1, **fields})
        assert from_text == from_dict and repr(from_text) == repr(from_dict)


@pytest.mark.parametrize("cls,fields", [(WithValidator, {"count": -1}), (WithPostInit, {"count": -1}),
                                         (WithAction, {"action": {"type": "Nothing", "v": 1}}),
                                         (WithFrame, {"frame": []}), (WithEnum, {"colour": "green"}),
                                         (WithDefaults, {"colour": "blue"})])
def test_a_value_the_class_refuses_is_refused_as_the_converter_refuses_it(cls, fields):
    data = {"type": cls.TAG, "v": 1, **fields}
    assert_refused_alike(data)


@pytest.mark.parametrize("text", [b"[1]", rb'{"type":"Plain","v":1,"label":"\ud800"}', b"null"])
def test_a_text_that_is_no_exact_object_is_read_through_the_reference_decoder(text):
    # not an object, or a lone surrogate orjson refuses: json reads it, the converter decides
    with pytest.raises(Exception) as from_text:
        CODEC.events.structure_text(text)
    with pytest.raises(Exception) as from_dict:
        CODEC.event_from_dict(json.loads(text))
    assert type(from_text.value) is type(from_dict.value) and str(from_text.value) == str(from_dict.value)


@pytest.mark.parametrize("ruleset,scenario", [
    ("duel", "skirmish"), ("fubar", None), ("goe85", None), ("orgun1983", None)])
def test_every_event_of_a_played_game_reads_the_same_from_its_text(ruleset, scenario, tmp_path):
    host = tabletop_core.default_host()
    scenario = scenario or sorted(host.rules(ruleset, ()).scenarios())[0]
    for seed in range(3):
        game = random_prefix(ruleset, scenario, seed, 150)
        path = tmp_path / f"{ruleset}-{seed}.jsonl"
        game.save(path)
        raw = gamelog.read(path)
        assert all(type(record) is bytes for record in raw.records)  # our own log: all on the fast path
        events = game.codec.events
        for record, data, played in zip(raw.records, raw.events, game.events, strict=True):
            from_dict = events.structure(data)
            from_text = from_dict if type(record) is dict else events.structure_text(record)
            assert type(from_text) is type(from_dict) is type(played) and from_text == from_dict == played
            assert repr(from_text) == repr(from_dict)
        assert tabletop_core.load_game(path).digest() == game.digest()


def test_identical_lines_of_an_immutable_event_are_one_object_after_loading(tmp_path):
    # one decoded object stands for every identical line: only for values all the way down
    game = tabletop_core.new_game("duel", "skirmish", seed=4)
    tabletop_core.play(game, tabletop_core.agents_for(game, "random"))
    path = tmp_path / "duel.jsonl"
    game.save(path)
    loaded = tabletop_core.load_game(path)
    assert loaded.events == game.events and loaded.digest() == game.digest()
    by_text = {}
    for event in loaded.events:
        by_text.setdefault(loaded.codec.event_text(event), set()).add(id(event))
    repeated = [ids for ids in by_text.values() if len(ids) > 1]
    assert repeated == []  # every repeated text is one object
    assert any(sum(e is other for other in loaded.events) > 1 for e in loaded.events)


@pytest.mark.parametrize("cls,shared", [(Plain, False), (Renamed, True), (WithAction, True), (WithConverter, True),
                                        (WithEnum, True), (WithDefaultAction, True), (WithDefaults, True)])
def test_only_values_all_the_way_down_are_shared(cls, shared):
    assert CODEC.shareable[cls] is shared  # Plain holds a dict: a fold could change it through one line
