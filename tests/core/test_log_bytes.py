"""The fast log codec changes no byte: logs written by the fast writer equal what the reference
encoder (``canonical_json`` on every line) writes and what engine 194dadd wrote, and the fast
reader gives the events the reference decoder gives.  See issue 15 (log load and save speed)."""
from __future__ import annotations

import hashlib
import json
from pathlib import Path

import attrs
import pytest

import tabletop_core
from tabletop_core import gamelog
from tabletop_core.agents import AgentView
from tabletop_core.codec import Codec, canonical_json
from tabletop_core.errors import CorruptLogError
from tabletop_core.values import Event

KEY = b"k" * 20
FIXTURE = Path(__file__).parent / "data" / "duel_log_digests_194dadd.json"


def duel_game(seed):
    """The duel as 194dadd played it: its random agents seeded with the game's seed itself (agents_for
    now gives each seat a one-way digest of it instead, issue 17)."""
    game = tabletop_core.new_game("duel", "skirmish", seed=seed)
    host = tabletop_core.default_host()
    tabletop_core.play(game, {p: host.agent("random", seed=seed, player=p, rules=game.rules) for p in game.rules.players})
    return game


def duel_log_digests(folder: Path) -> dict[str, str]:
    """sha256 of seeded duel logs as this engine writes them: plain, keyed (HMAC chain, salt and
    commitment) and a player's view, seeds 0-11."""
    digests = {}
    for seed in range(12):
        game = duel_game(seed)
        writers = {"plain": lambda p: game.save(p), "keyed": lambda p: game.save(p, key=KEY),
                   "view": lambda p: game.export_view(p, game.rules.players[0])}
        for kind, write in writers.items():
            path = folder / f"{seed}-{kind}.jsonl"
            write(path)
            digests[f"{seed}-{kind}"] = hashlib.sha256(path.read_bytes()).hexdigest()
    return digests


def test_duel_logs_are_byte_identical_to_those_engine_194dadd_wrote(tmp_path):
    pytest.importorskip("tabletop_duel")
    # The fixture was printed by this module run as a script with 194dadd's src on PYTHONPATH.
    assert duel_log_digests(tmp_path) == json.loads(FIXTURE.read_text())


def reference_save(game, path, key=None):
    """What ``Game.save`` wrote before the fast path: every line through ``canonical_json``."""
    header = gamelog.sealed(game.header, key)
    gamelog.write(path, header, (game.codec.event_to_dict(e) for e in game.events), game.end_summary(), key=key)


def seeded_games():
    for name in sorted(tabletop_core.rulesets()):
        for scenario in sorted(tabletop_core.default_host().scenarios(name))[:2]:
            yield name, scenario


@pytest.mark.parametrize("ruleset,scenario", list(seeded_games()))
def test_every_ruleset_saves_and_loads_the_same_bytes_and_events(ruleset, scenario, tmp_path):
    game = tabletop_core.new_game(ruleset, scenario, seed=7)
    seats = tabletop_core.agents_for(game, "random")
    for _ in range(150):  # a save is taken at a decision point; a long prefix meets most event types
        if game.over:
            break
        d = game.decision
        game.apply(seats[d.player].choose(AgentView(game, d.player, d)))
    for key in (None, KEY):
        fast, slow = tmp_path / "fast.jsonl", tmp_path / "slow.jsonl"
        game.save(fast, key=key)
        reference_save(game, slow, key=key)
        assert fast.read_bytes() == slow.read_bytes()
        loaded = tabletop_core.load_game(fast, key=key)
        assert loaded.events == game.events
        assert loaded.digest() == game.digest()
    raw = gamelog.read(fast, key=KEY)
    decoded = [game.codec.events._structure_slowly(d) for d in raw.events]
    assert decoded == game.events


@attrs.frozen
class Measured(Event):
    label: str
    inches: float


@attrs.frozen
class Counted(Event):
    label: str
    count: int
    tags: tuple[str, ...] = ()


CODEC = Codec(events=(Measured, Counted))


@pytest.mark.parametrize("event", [
    Measured("tiny", 1e-05), Measured("big", 1e16), Measured("whole", 3.0), Measured("é\u2028\x1f\"\\", 0.1),
    Counted("huge", 2 ** 70), Counted("u64", 2 ** 64 - 1), Counted("neg", -(2 ** 63)),
    Counted("text", 1, ("\x7f", "\u00e9\u4e2d", "😀", "tab\t")),
])
def test_event_text_is_the_canonical_text(event):
    # orjson writes 1e-05 as 0.00001: a float field keeps the reference encoder; other values
    # orjson refuses (ints beyond 64 bits) fall back to it.
    assert CODEC.event_text(event) == canonical_json(CODEC.event_to_dict(event))


def test_an_integer_beyond_64_bits_is_read_as_an_integer():
    text = "\n".join(gamelog.render_encoded(
        gamelog.Header("0.1", "r", "1.0", "s", seed=2 ** 100), [CODEC.event_text(Counted("huge", 2 ** 80))],
        {"digest": "d"})) + "\n"
    raw = gamelog.parse(text)
    assert raw.header.seed == 2 ** 100
    assert raw.events[0]["count"] == 2 ** 80 and type(raw.events[0]["count"]) is int
    assert CODEC.event_from_dict(raw.events[0]) == Counted("huge", 2 ** 80)


def test_a_line_reformatted_with_its_hash_kept_still_loads(tmp_path):
    # The chain hashes the canonical body; the reader hashes the raw line first and only a line
    # that does not check that way is re-serialised, so a log the old check accepted still loads.
    pytest.importorskip("tabletop_duel")
    game = duel_game(3)
    path = tmp_path / "g.jsonl"
    game.save(path)
    lines = path.read_text().splitlines(keepends=True)
    lines[4] = json.dumps(json.loads(lines[4]), indent=None) + "\n"  # spaces after , and :
    path.write_text("".join(lines))
    assert tabletop_core.load_game(path).digest() == game.digest()
    changed = json.loads(lines[4])
    changed["n"] = 99
    lines[4] = json.dumps(changed) + "\n"
    path.write_text("".join(lines))
    with pytest.raises(CorruptLogError, match="line 5: hash does not match"):
        tabletop_core.load_game(path)


if __name__ == "__main__":  # print the fixture: PYTHONPATH=<old checkout>/src python tests/core/test_log_bytes.py
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        print(json.dumps(duel_log_digests(Path(folder)), indent=1, sort_keys=True))


def chained_log(bodies: list[str]) -> str:
    """A log whose lines are ``bodies`` (canonical or not) after a header, each sealed into the
    chain as the engine seals a line, and a proper end line."""
    previous = gamelog.GENESIS
    header = gamelog.Header("0.1", "r", "1.0", "s", seed=1).to_dict()
    lines = []
    for text in [canonical_json({"header": header}), *bodies,
                 canonical_json({"end": {"events": len(bodies), "digest": "d"}})]:
        line, previous = gamelog._sealed_line(previous, text, None)
        lines.append(line)
    return "\n".join(lines) + "\n"


EVENT = canonical_json(CODEC.event_to_dict(Counted("c", 1)))


@pytest.mark.parametrize("bodies,number", [
    ([f'{{"event":{EVENT},"n":1}}', f'{{"event":{EVENT},"n":3}}'], 3),  # a number skipped
    ([f'{{"event":{EVENT},"n":2}}'], 2),  # the first event numbered 2
    (['{"event":[1,2],"n":1}'], 2),  # an event that is not an object
])
def test_an_event_line_chained_right_but_numbered_or_shaped_wrong_is_refused(bodies, number):
    # Such lines pass the hash check: the fast path must not take them, and the general check names them.
    with pytest.raises(CorruptLogError, match=rf"line {number}: expected event number"):
        gamelog.parse(chained_log(bodies))


def test_an_event_line_in_another_key_order_takes_the_general_path_and_loads():
    raw = gamelog.parse(chained_log([f'{{"n":1,"event":{EVENT}}}', f'{{"event":{EVENT},"n":2}}']))
    assert [CODEC.event_from_dict(e) for e in raw.events] == [Counted("c", 1), Counted("c", 1)]
