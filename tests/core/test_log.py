"""The log format: hash chain, corruption, reordering, truncation, versions and upcasting."""
import json

import attrs
import pytest

import tabletop_core
from tabletop_core import gamelog
from tabletop_core.codec import Codec
from tabletop_core.errors import CorruptLogError, TruncatedLogError, ReplayMismatchError
from tabletop_core.values import Event

pytest.importorskip("tabletop_duel")


@pytest.fixture
def log(tmp_path):
    game = tabletop_core.new_game("duel", "skirmish", seed=21)
    tabletop_core.play(game, tabletop_core.agents_for(game, "random"))
    path = tmp_path / "game.jsonl"
    game.save(path)
    return path


def lines(path):
    return path.read_text().splitlines(keepends=True)


def test_a_clean_log_loads(log):
    game = tabletop_core.load_game(log)
    game.verify()


def test_changed_line_is_named(log):
    text = lines(log)
    body = json.loads(text[5])
    body["event"]["deck"] = "other"  # a changed value, the old hash kept
    text[5] = json.dumps(body) + "\n"
    log.write_text("".join(text))
    with pytest.raises(CorruptLogError, match=r"line 6: hash does not match"):
        tabletop_core.load_game(log)


def test_a_changed_value_with_a_recomputed_hash_still_breaks_the_next_line(log):
    text = lines(log)
    body = json.loads(text[3])
    body.pop("hash")
    body["n"] = body["n"]
    body["event"]["tamper"] = 1
    forged, _ = gamelog._line("0" * 32, body)
    text[3] = forged + "\n"
    log.write_text("".join(text))
    with pytest.raises(CorruptLogError, match=r"line 4"):
        tabletop_core.load_game(log)


def test_reordered_lines_are_named(log):
    text = lines(log)
    text[4], text[5] = text[5], text[4]
    log.write_text("".join(text))
    with pytest.raises(CorruptLogError, match=r"line 5"):
        tabletop_core.load_game(log)


def test_truncation_at_a_line_boundary_is_detected(log):
    text = lines(log)
    log.write_text("".join(text[:40]))
    with pytest.raises(TruncatedLogError, match=r"line 41: no end line after event 39"):
        tabletop_core.load_game(log)


def test_truncation_mid_line_is_detected(log):
    data = log.read_bytes()
    log.write_bytes(data[: len(data) // 2])
    with pytest.raises(TruncatedLogError, match="cut short"):
        tabletop_core.load_game(log)


def test_not_json_is_named(log):
    text = lines(log)
    text[2] = "{garbage\n"
    log.write_text("".join(text))
    with pytest.raises(CorruptLogError, match=r"line 3: not valid JSON"):
        tabletop_core.load_game(log)


def test_verify_names_the_first_differing_event(log):
    game = tabletop_core.load_game(log)
    # A log whose recorded outcome differs from what the seed and actions give.
    index = next(i for i, e in enumerate(game.events) if type(e).__name__ == "DiceRolled")
    event = game.events[index]
    game.events[index] = attrs.evolve(event, faces=(7,), total=7)
    with pytest.raises(ReplayMismatchError, match=f"event {index + 1} differs"):
        game.verify()


@attrs.frozen
class Moved(Event):
    VERSION = 2
    UPCASTERS = {1: lambda d: {**d, "cost": d.pop("mp", 1)}}
    unit: str
    cost: int


def test_old_event_versions_are_upcast():
    codec = Codec(events=[Moved])
    old = {"type": "Moved", "v": 1, "unit": "u1", "mp": 3}
    assert codec.event_from_dict(old) == Moved("u1", 3)
    assert codec.event_to_dict(Moved("u1", 3))["v"] == 2
    with pytest.raises(ValueError, match="newer"):
        codec.event_from_dict({"type": "Moved", "v": 9, "unit": "u", "cost": 1})
    with pytest.raises(ValueError, match="unknown event type 'Nope'"):
        codec.event_from_dict({"type": "Nope"})
