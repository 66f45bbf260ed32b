"""Events written straight to their canonical text with msgspec (issue 15, log save speed) are
written byte for byte as ``canonical_json`` writes the converter's dict: a class gets a msgspec
encoder only where that is provable, and any value msgspec refuses is written by the reference."""
from __future__ import annotations

import enum
from typing import Any, Literal

import attrs
import pytest

import tabletop_core
from tabletop_core.codec import Codec, canonical_json
from tabletop_core.encoders import text_encoder
from tabletop_core.values import Action, Event, Frame

from .played import random_prefix


class Colour(enum.Enum):
    RED = "red"
    TWO = 2


@attrs.frozen
class Spot:
    x: int
    y: int


@attrs.frozen
class Point(Action):
    x: int
    label: str = ""


@attrs.frozen
class Holding(Frame):
    side: str
    spots: tuple[Spot, ...] = ()


@attrs.frozen
class Early(Event):
    """Every field sorts before ``type``: msgspec's text with the tag and version appended."""

    card: str
    count: int
    flag: bool
    maybe: str | None
    names: tuple[str, ...]
    pair: tuple[int, str]
    colour: Colour
    kind: Literal["a", "b"]
    spots: tuple[Spot, ...]
    table: dict[str, int] = attrs.field(factory=dict)
    listed: list[str] = attrs.field(factory=list)


@attrs.frozen
class Late(Event):
    """Fields after ``type`` and ``v``: written through a dict, keys sorted by msgspec."""

    alpha: int
    unit: str
    vx: int
    zone: str | None = None


@attrs.frozen
class Nested(Event):
    action: Action
    frame: Frame | None
    who: str = ""


@attrs.frozen
class Empty(Event):
    pass


@attrs.frozen
class Measured(Event):
    inches: float


@attrs.frozen
class Seen(Event):
    by: frozenset[str]


@attrs.frozen
class Untyped(Event):
    data: Any


@attrs.frozen
class Private(Event):
    _secret: str


CODEC = Codec(events=(Early, Late, Nested, Empty, Measured, Seen, Untyped, Private), actions=(Point,),
              frames=(Holding,))


def reference(event: Event) -> bytes:
    return canonical_json(CODEC.event_to_dict(event)).encode()


EVENTS = [
    Early("4d", -(2 ** 63), True, None, ("a", "é", "中"), (1, "x"), Colour.RED, "a", (Spot(1, 2),), {"b": 1, "a": 2},
          ["z", "a"]),
    Early("\x00\x1f\x7f\"\\\u2028\U0001F600", 2 ** 70, False, "m", (), (2, ""), Colour.TWO, "b", (), {}, []),
    Late(1, "u", 2), Late(3, "\t", 4, zone="z"),
    Nested(Point(3, label="p"), Holding("red", (Spot(0, 0),)), who="w"), Nested(Point(1), None),
    Empty(), Measured(1e-05), Measured(3), Seen(frozenset({"a!", "a", "b"})), Untyped({"k": [1, 2.5]}),
    Private("s"),
]


@pytest.mark.parametrize("event", EVENTS, ids=lambda e: type(e).__name__)
def test_every_event_is_written_as_the_reference_writes_it(event):
    assert CODEC.event_bytes(event) == reference(event)
    assert CODEC.event_text(event) == reference(event).decode()


@pytest.mark.parametrize("cls,fast", [(Early, True), (Late, True), (Nested, True), (Empty, True),
                                      (Measured, False), (Seen, False), (Untyped, False), (Private, False)])
def test_msgspec_writes_only_the_classes_it_provably_writes_alike(cls, fast):
    members = frozenset({Action, Frame, Event, Early, Late, Nested, Empty, Measured, Seen, Untyped, Private,
                         Point, Holding})
    families = {Action: CODEC.actions.text_bytes, Frame: CODEC.frames.text_bytes, Event: CODEC.events.text_bytes}
    found = text_encoder(cls, tag=cls.TAG, version=cls.VERSION, families=families, members=members)
    assert (found is not None) is fast


def test_a_value_msgspec_refuses_is_written_by_the_reference():
    # a dict with other than text keys (held where the annotation says text keys) and a lone
    # surrogate: msgspec refuses both, the reference writes the first and the text form keeps the second
    odd = Early("c", 1, True, None, (), (1, "x"), Colour.RED, "a", (), {1: 2}, [])  # type: ignore[dict-item]
    assert CODEC.event_bytes(odd) == reference(odd)
    lone = Late(1, "\ud800", 2)
    assert CODEC.event_text(lone) == canonical_json(CODEC.event_to_dict(lone))
    with pytest.raises(UnicodeEncodeError):
        CODEC.event_bytes(lone)  # no UTF-8 bytes: a log cannot hold it, as before


@pytest.mark.parametrize("ruleset,scenario", [
    ("duel", "skirmish"), ("fubar", "meeting-engagement"), ("goe85", "jalalabad"), ("orgun1983", None)])
def test_every_event_of_a_played_game_is_written_as_the_reference_writes_it(ruleset, scenario):
    host = tabletop_core.default_host()
    scenario = scenario or sorted(host.rules(ruleset, ()).scenarios())[0]
    for seed in range(2):
        game = random_prefix(ruleset, scenario, seed, 200)
        codec = game.codec
        for event in game.events:
            assert codec.event_bytes(event) == canonical_json(codec.event_to_dict(event)).encode()
