"""What loading a log checks beyond its chain: header fields, the end digest, events that cannot
be applied, bytes that are not UTF-8, canonical bytes through save and load, divergence on verify."""
import json

import attrs
import pytest

import tabletop_core
from tabletop_core import Game, gamelog
from tabletop_core.errors import CorruptLogError, ReplayMismatchError, RulesetError, TruncatedLogError

from .toy_rulesets import toy_host

pytest.importorskip("tabletop_duel")


def duel_log(tmp_path, seed=3):
    game = tabletop_core.new_game("duel", "skirmish", seed=seed)
    tabletop_core.play(game, tabletop_core.agents_for(game, "random"))
    path = tmp_path / "g.jsonl"
    game.save(path)
    return game, path


def rewrite(path, change_header=None, change_end=None, change_event=None):
    """Re-chain a log after changing its header, end or an event: a consistent forgery."""
    raw = [json.loads(line) for line in path.read_text().splitlines()]
    header, events, end = raw[0]["header"], [r["event"] for r in raw[1:-1]], raw[-1]["end"]
    if change_header:
        change_header(header)
    if change_end:
        change_end(end)
    if change_event:
        change_event(events)
    end.pop("events")
    lines = list(gamelog.render(gamelog.Header(**{**header, "variants": tuple(header["variants"])}), events, end))
    path.write_text("\n".join(lines) + "\n")


def test_a_log_of_another_ruleset_version_is_refused_with_why(tmp_path):
    _game, path = duel_log(tmp_path)
    rewrite(path, change_header=lambda h: h.update(ruleset_version="0.9.0"))
    with pytest.raises(CorruptLogError, match=r"line 1: written by duel 0.9.0; .* cannot replay 0.9.0 logs"):
        tabletop_core.load_game(path)


def test_a_fubar_1_0_0_log_is_refused(tmp_path):
    game = tabletop_core.new_game("fubar", "meeting-engagement", seed=1)
    path = tmp_path / "f.jsonl"
    game.save(path)
    rewrite(path, change_header=lambda h: h.update(ruleset_version="1.0.0"))
    with pytest.raises(CorruptLogError, match="cannot replay 1.0.0 logs"):
        tabletop_core.load_game(path)


@pytest.mark.parametrize("field, value, message", [
    ("format", "tabletop-log/9", "format"),
    ("engine", "99.0.0", "newer than this engine"),
    ("engine", "soon", "not a version number"),
    ("seed", "7", "seed: expected an integer"),
    ("ruleset", 5, "ruleset: expected text"),
])
def test_bad_header_fields_are_named(tmp_path, field, value, message):
    _game, path = duel_log(tmp_path)
    rewrite(path, change_header=lambda h: h.update({field: value}))
    with pytest.raises(CorruptLogError, match=message):
        tabletop_core.load_game(path)


def test_the_end_digest_is_required(tmp_path):
    _game, path = duel_log(tmp_path)
    rewrite(path, change_end=lambda e: e.pop("digest"))
    with pytest.raises(CorruptLogError, match="no state digest"):
        tabletop_core.load_game(path)


def test_an_interrupted_log_is_reported_and_loads_partially(tmp_path):
    game, path = duel_log(tmp_path)
    lines = path.read_text().splitlines(keepends=True)
    path.write_text("".join(lines[:-3]))
    with pytest.raises(TruncatedLogError, match="interrupted"):
        tabletop_core.load_game(path)
    partial = tabletop_core.load_game(path, partial=True)
    assert partial.events == game.events[:len(lines) - 4]


def test_an_event_that_cannot_be_applied_names_its_line(tmp_path):
    """A valid chain whose event names a card in no pile: an error naming the line, no traceback."""
    game, path = duel_log(tmp_path)
    index = next(i for i, e in enumerate(game.events) if type(e).__name__ == "CardMoved")
    rewrite(path, change_event=lambda ev: ev[index].update(card="9z"))
    with pytest.raises(CorruptLogError, match=rf"line {index + 2}: event CardMoved cannot be applied"):
        tabletop_core.load_game(path)


def test_non_utf8_bytes_are_reported_at_their_line(tmp_path):
    _game, path = duel_log(tmp_path)
    data = path.read_bytes().split(b"\n")
    data[6] = data[6][:20] + b"\xff" + data[6][20:]
    path.write_bytes(b"\n".join(data))
    with pytest.raises(CorruptLogError, match="line 7: not UTF-8"):
        tabletop_core.load_game(path)


def test_an_int_in_a_float_field_gives_the_same_bytes_through_save_load_save(tmp_path):
    host = toy_host()
    game = tabletop_core.new_game("tally", "race", seed=1, host=host)
    tabletop_core.play(game, tabletop_core.agents_for(game, "random", host=host))
    game.save(tmp_path / "a.jsonl")
    tabletop_core.load_game(tmp_path / "a.jsonl", host=host).save(tmp_path / "b.jsonl")
    assert (tmp_path / "a.jsonl").read_bytes() == (tmp_path / "b.jsonl").read_bytes()


def test_saving_a_history_less_clone_is_refused(tmp_path):
    game, _ = duel_log(tmp_path)
    with pytest.raises(RulesetError, match="no history"):
        game.clone(keep_history=False).save(tmp_path / "clone.jsonl")
    assert not (tmp_path / "clone.jsonl").exists()


def test_verify_names_a_divergence_where_the_recorded_action_is_not_legal(tmp_path):
    """Change a recorded action into another legal-looking one: verify reports the divergence at
    that event (not as an illegal action)."""
    game, path = duel_log(tmp_path, seed=8)
    index = next(i for i, e in enumerate(game.events) if type(e).__name__ == "ActionTaken" and e.player == "blue")
    forged = attrs.evolve(game.events[index], player="red")
    rebuilt = Game.from_events(game.rules, game.header, [*game.events[:index], forged, *game.events[index + 1:]])
    with pytest.raises(ReplayMismatchError, match=rf"replay diverged at event {index + 1}"):
        rebuilt.verify()


def test_replay_to_outside_the_log_is_refused(tmp_path):
    _game, path = duel_log(tmp_path)
    with pytest.raises(tabletop_core.TabletopError, match="cannot stop after event -1"):
        tabletop_core.load_game(path, upto=-1)
