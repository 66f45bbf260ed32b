"""``Game.apply`` records the legal action an offer equals, not the offer itself; an offer of a
wrong field type is refused naming the field (issue 17, item 3)."""
import numpy
import pytest

import tabletop_core
from tabletop_core import IllegalActionError
from tabletop_core.events import ActionTaken

from .toy_rulesets import Pick, toy_host


def tally():
    host = toy_host()
    return tabletop_core.new_game("tally", "race", seed=1, host=host), host


@pytest.mark.parametrize("offer", [Pick(2.0), Pick(numpy.int64(2))])
def test_an_equal_offer_is_recorded_as_the_legal_action(offer, tmp_path):
    game, host = tally()
    game.apply(offer)
    taken = next(e for e in reversed(game.events) if type(e) is ActionTaken).action
    assert taken == Pick(2) and type(taken.n) is int
    game.save(tmp_path / "g.jsonl")
    loaded = tabletop_core.load_game(tmp_path / "g.jsonl", host=host)
    assert loaded.digest() == game.digest()
    loaded.save(tmp_path / "h.jsonl")
    assert (tmp_path / "g.jsonl").read_bytes() == (tmp_path / "h.jsonl").read_bytes()


def test_true_for_one_is_recorded_as_one():
    game, _ = tally()
    game.apply(Pick(True))
    taken = next(e for e in reversed(game.events) if type(e) is ActionTaken).action
    assert type(taken.n) is int and taken.n == 1


@pytest.mark.parametrize("offer, message", [
    (Pick("2"), "malformed Pick: n must be an integer, got str '2'"),
    (Pick(2.5), "malformed Pick: n must be an integer, got float 2.5"),
    (Pick(None), "malformed Pick: n must be an integer"),
    ("Pick(2)", "not an action"),
])
def test_a_wrong_field_type_is_refused_naming_the_field(offer, message):
    game, _ = tally()
    before = game.digest()
    with pytest.raises(IllegalActionError, match=message.replace("(", r"\(").replace(")", r"\)")):
        game.apply(offer)
    assert game.digest() == before
