"""The identity-keyed answer caches (``answer_cache.ByIdentity``): a copy or an unpickled cache
starts empty, since its keys are ids of objects of the process that kept them."""
from __future__ import annotations

import copy
import pickle

from rules_fubar.answer_cache import ByIdentity


def test_a_copied_or_unpickled_cache_starts_empty_and_answers_anew():
    cache = ByIdentity()
    a, b = ("a",), ("b",)
    assert cache.ask(lambda x, y: x + y, a, b) == ("a", "b")
    assert cache.answers
    for other in (copy.copy(cache), copy.deepcopy(cache), pickle.loads(pickle.dumps(cache))):
        assert type(other) is ByIdentity and other.answers == {}
        assert other.ask(lambda x, y: y + x, a, b) == ("b", "a")  # computed, not read from a stale id
    assert cache.ask(lambda x, y: (), a, b) == ("a", "b")  # the original keeps its answers


def test_a_cache_holds_at_most_its_limit_then_refills():
    cache = ByIdentity(limit=3)
    values = [(i,) for i in range(7)]
    for v in values:
        assert cache.ask(lambda x, y: x + y, v, v) == v + v
        assert len(cache.answers) <= 3
    assert copy.copy(cache)._limit == 3
