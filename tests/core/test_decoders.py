"""The generated per-class decoders (issue 15, log load speed) decode every dict to the object
cattrs makes of it: exactly typed dicts on the fast path, everything else handed to cattrs."""
from __future__ import annotations

import enum

import attrs
import pytest

from tabletop_core.codec import Codec
from tabletop_core.values import Action, Event, Frame


class Colour(enum.Enum):
    RED = "red"
    BLUE = "blue"


@attrs.frozen
class Point(Action):
    x: int
    y: int


@attrs.frozen
class Waiting(Frame):
    side: str
    options: tuple[Action, ...] = ()


@attrs.frozen
class Everything(Event):
    label: str
    count: int
    inches: float
    flag: bool
    maybe: str | None
    names: tuple[str, ...]
    numbers: tuple[int, ...] | None
    colour: Colour
    action: Action
    frame: Frame | None
    table: dict[str, int] = attrs.field(factory=dict)
    _private: int = 0
    later: str = attrs.field(default="", kw_only=True)
    derived: int = attrs.field(init=False, default=7)


@attrs.frozen
class Renamed(Event):
    VERSION = 2
    UPCASTERS = {1: lambda d: {**d, "size": d.pop("old_size")}}
    size: int


CODEC = Codec(events=(Everything, Renamed), actions=(Point,), frames=(Waiting,))


def reference(data):
    """What cattrs alone makes of ``data`` (the family's general path)."""
    return CODEC.events._structure_slowly(data)


def exact():
    return {"type": "Everything", "v": 1, "label": "a", "count": 2, "inches": 1.5, "flag": True,
            "maybe": None, "names": ["x", "y"], "numbers": [1, 2], "colour": "red",
            "action": {"type": "Point", "v": 1, "x": 1, "y": 2},
            "frame": {"type": "Waiting", "v": 1, "side": "s", "options": [{"type": "Point", "v": 1, "x": 0, "y": 0}]},
            "table": {"k": 1}, "_private": 3, "later": "z"}


def test_an_exactly_typed_dict_decodes_to_the_object_cattrs_makes():
    decoded = CODEC.event_from_dict(exact())
    assert decoded == reference(exact())
    assert decoded.names == ("x", "y") and decoded.numbers == (1, 2) and decoded.colour is Colour.RED
    assert decoded.frame == Waiting("s", (Point(0, 0),)) and decoded.later == "z" and decoded.derived == 7


@pytest.mark.parametrize("change", [
    {"inches": 3},  # an int in a float field: cattrs makes it 3.0
    {"count": True},  # a bool in an int field: cattrs makes it 1
    {"names": ["x", 5]},  # an int among strings: cattrs makes it "5"
    {"numbers": None},
    {"numbers": [1, False]},
    {"maybe": "m"},
    {"frame": None},
    {"colour": "blue"},
])
def test_a_dict_off_the_fast_path_decodes_as_cattrs_decodes_it(change):
    data = {**exact(), **change}
    decoded = CODEC.event_from_dict(data)
    assert decoded == reference(data)
    assert [type(getattr(decoded, f.name)) for f in attrs.fields(Everything)] == \
        [type(getattr(reference(data), f.name)) for f in attrs.fields(Everything)]


@pytest.mark.parametrize("missing", ["table", "_private", "later"])
def test_a_field_left_out_takes_its_default_as_cattrs_gives_it(missing):
    data = exact()
    del data[missing]
    assert CODEC.event_from_dict(data) == reference(data)


def test_a_required_field_left_out_is_refused_as_cattrs_refuses_it():
    data = exact()
    del data["label"]
    with pytest.raises(Exception) as fast:
        CODEC.event_from_dict(data)
    with pytest.raises(Exception) as slow:
        reference(data)
    assert type(fast.value) is type(slow.value)


def test_an_old_version_is_upcast_before_it_is_decoded():
    assert CODEC.event_from_dict({"type": "Renamed", "v": 1, "old_size": 4}) == Renamed(4)
    assert CODEC.event_from_dict({"type": "Renamed", "v": 2, "size": 5}) == Renamed(5)
    with pytest.raises(ValueError, match="newer than this engine knows"):
        CODEC.event_from_dict({"type": "Renamed", "v": 3, "size": 5})


def test_the_fast_path_is_the_one_taken_by_exactly_typed_dicts(monkeypatch):
    CODEC.event_from_dict(exact())
    decode = CODEC.events._by_tag_decoders["Everything"]
    handed_on = []
    to_cattrs = decode.__globals__["_slow"]
    monkeypatch.setitem(decode.__globals__, "_slow", lambda d, cls: handed_on.append(cls) or to_cattrs(d, cls))
    CODEC.event_from_dict(exact())
    assert handed_on == []
    CODEC.event_from_dict({**exact(), "inches": 3})
    assert handed_on == [Everything]
