"""Loading decodes a whole log before folding it (issue 15, log load speed): each distinct text
decoded once, the fold one loop.  What a line-by-line load guaranteed still holds: the first
faulty line is named, an event the state cannot take before a later one that does not decode;
a class that is not immutable gets an object per line; a log over 16 MB is read on the fast path
like any other, and ``upto`` stops where asked."""
from __future__ import annotations

import json

import pytest

import tabletop_core
from tabletop_core import gamelog

from .test_log_checks import duel_log, rewrite

pytest.importorskip("tabletop_duel")


def test_the_first_faulty_line_is_named_whether_it_cannot_be_applied_or_decoded(tmp_path):
    game, path = duel_log(tmp_path)
    moves = [i for i, e in enumerate(game.events) if type(e).__name__ == "CardMoved"]
    early, late = moves[1], moves[-1]

    def spoil(events):
        events[early]["card"] = "9z"  # decodes, cannot be applied: no pile holds it
        events[late]["type"] = "NoSuchEvent"  # does not decode: no such event type

    rewrite(path, change_event=spoil)
    with pytest.raises(tabletop_core.CorruptLogError, match=rf"line {early + 2}: event CardMoved cannot be applied"):
        tabletop_core.load_game(path)

    _game, path = duel_log(tmp_path, seed=3)
    rewrite(path, change_event=lambda events: events[late].update(type="NoSuchEvent"))
    with pytest.raises(tabletop_core.CorruptLogError, match=rf"line {late + 2}: event does not decode"):
        tabletop_core.load_game(path)


def test_a_repeated_text_fails_at_its_first_line(tmp_path):
    game, path = duel_log(tmp_path)
    pushed = [i for i, e in enumerate(game.events) if type(e).__name__ == "FramePopped"]

    def spoil(events):
        for index in pushed:  # every popped frame the same unknown frame: one text, many lines
            events[index]["frame"] = {"type": "NoSuchFrame", "v": 1}

    rewrite(path, change_event=spoil)
    with pytest.raises(tabletop_core.CorruptLogError, match=rf"line {pushed[0] + 2}: event does not decode"):
        tabletop_core.load_game(path)


def test_repeated_lines_of_a_changeable_event_are_objects_of_their_own(tmp_path):
    # DeckCreated holds dicts: a fold may change one in place, so identical lines never share one
    game, path = duel_log(tmp_path)
    first = next(i for i, e in enumerate(game.events) if type(e).__name__ == "DeckCreated")
    lines = path.read_text().splitlines()
    assert json.loads(lines[first + 1])["event"]["type"] == "DeckCreated"
    raw = [json.loads(line) for line in lines]
    events = [r["event"] for r in raw[1:-1]]
    second = dict(events[first], deck="spare", draw_pile="draw2", discard_pile="discard2")
    twin = [*events[:first + 1], second, second, *events[first + 1:]]
    header = raw[0]["header"]
    path.write_text("\n".join(gamelog.render(gamelog.Header(**{**header, "variants": tuple(header["variants"])}),
                                              twin, {"digest": "x"})) + "\n")
    loaded = gamelog.read(path)
    game_type = type(game)
    rebuilt = game_type.from_raw(loaded, lambda header: game.rules, path=str(path), upto=first + 3)
    made = rebuilt.events[first + 1:first + 3]
    assert made[0] == made[1] and made[0] is not made[1]
    assert made[0].visibility is not made[1].visibility


def test_upto_stops_after_the_events_asked_for(tmp_path):
    game, path = duel_log(tmp_path)
    for upto in (0, 1, 5, len(game.events) - 1):
        part = tabletop_core.load_game(path, upto=upto)
        assert part.events == game.events[:upto]
        assert part.digest() == tabletop_core.Game.from_events(game.rules, game.header, game.events[:upto]).digest()


def test_a_log_over_16_mb_is_read_on_the_fast_path(tmp_path, monkeypatch):
    # the limit stands for 16 MB: a file above it whose lines are all under it takes the fast path
    game, path = duel_log(tmp_path)
    size = len(path.read_bytes())
    longest = max(map(len, path.read_bytes().split(b"\n")))
    monkeypatch.setattr(gamelog, "MAX_LINE_CHARS", (size + longest) // 2 if size > 2 * longest else longest)
    assert size > gamelog.MAX_LINE_CHARS >= longest
    raw = gamelog.read(path)
    assert all(type(record) is bytes for record in raw.records)
    assert tabletop_core.load_game(path).digest() == game.digest()


def test_a_log_loads_the_same_whatever_was_loaded_before_it(tmp_path):
    # nothing decoded is kept from one log for the next: each load equals a plain decode of its
    # own lines, and a log loaded twice gives objects of its own each time
    paths = []
    for seed in range(3):
        folder = tmp_path / str(seed)
        folder.mkdir()
        paths.append(duel_log(folder, seed=seed))
    family = paths[0][0].codec.events
    for game, path in paths:
        loaded = tabletop_core.load_game(path)
        assert loaded.events == game.events and loaded.digest() == game.digest()
        for record, event in zip(gamelog.read(path).records, loaded.events, strict=True):
            assert event == family._structure_slowly(json.loads(record))
    first, again = (tabletop_core.load_game(paths[1][1]) for _ in range(2))
    assert first.events == again.events and not any(a is b for a, b in zip(first.events, again.events))


def test_a_keyed_log_is_read_on_the_fast_path_and_a_line_chained_under_another_key_is_named(tmp_path):
    key, other = b"the-host-key-of-20-b", b"a-forger-key-20-byte"
    game, _ = duel_log(tmp_path)
    path = tmp_path / "keyed.jsonl"
    game.save(path, key=key)
    raw = gamelog.read(path, key=key)
    assert all(type(record) is bytes for record in raw.records)  # the HMAC chain checked on the fast path
    assert tabletop_core.load_game(path, key=key).digest() == game.digest()
    lines = path.read_text().splitlines()
    previous = json.loads(lines[4])["hash"]  # line 5 is the last one left as the host wrote it
    forged = []
    for line in lines[5:]:  # line 6 on: changed and re-chained under a key not the host's
        body = json.loads(line)
        body.pop("hash")
        if "event" in body and body["n"] == 5:
            body["event"]["player"] = "nobody"
        text, previous = gamelog._line(previous, body, other)
        forged.append(text)
    path.write_text("\n".join(lines[:5] + forged) + "\n")
    with pytest.raises(tabletop_core.CorruptLogError, match="line 6: hash does not match under this key"):
        tabletop_core.load_game(path, key=key)


def _rechained(lines: list[str], number: int, body_text: str) -> list[str]:
    """``lines`` with line ``number`` replaced by ``body_text`` (sealed as the engine seals a line)
    and every line after it re-chained: a consistent forgery."""
    previous = json.loads(lines[number - 2])["hash"]
    out = lines[:number - 1]
    for index, line in enumerate(lines[number - 1:]):
        if index == 0:
            text = body_text
        else:
            body = json.loads(line)
            body.pop("hash")
            text = gamelog.canonical_json(body)
        sealed, previous = gamelog._sealed_line(previous, text, None)
        out.append(sealed)
    return out


@pytest.mark.parametrize("shape,outcome", [
    ('{{"event":{event},"f":1,"n":{n}}}', "loads"),  # an extra key: the checked reader ignores it
    ('{{"event":{{"type":"CardMoved",,}},"n":{n}}}', "not valid JSON"),  # not JSON inside a chained line
])
def test_a_chained_line_whose_event_text_is_not_one_object_is_judged_as_the_checked_reader_judges_it(
        tmp_path, shape, outcome):
    # load_game reads without checking each text is one object (decoding checks it); a log that
    # then fails is read again checked: the same log loads, the same line is named
    game, path = duel_log(tmp_path)
    lines = path.read_text().splitlines()
    number = 6
    event = json.dumps(json.loads(lines[number - 1])["event"], separators=(",", ":"), sort_keys=True)
    path.write_text("\n".join(_rechained(lines, number, shape.format(event=event, n=number - 1))) + "\n")
    if outcome == "loads":
        assert tabletop_core.load_game(path).digest() == game.digest()
        assert type(gamelog.read(path).records[number - 2]) is dict  # the general check took it
    else:
        with pytest.raises(tabletop_core.CorruptLogError, match=rf"line {number}: {outcome}"):
            gamelog.read(path)
        with pytest.raises(tabletop_core.CorruptLogError, match=rf"line {number}: {outcome}"):
            tabletop_core.load_game(path)
