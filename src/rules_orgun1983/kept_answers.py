"""Answers kept by the plain values they are worked out from, so that a question met again is not
worked out again.

The most frequent menus (a party's steps, the areas to activate, the units to pick) and the
supply network come back again and again with the same contents: the rules build each from a key
of ints and strings (a tag naming the question, the player, the areas or units it is made of),
keep the answer -- a frozen value: a Decision, a frozenset of areas -- and hand the kept one out
when the key comes back.  Whatever the key names is all the answer depends on, so a kept answer is
the one a fresh build would give: the rules' ``decision`` stays a pure function of the state.
Each cache belongs to one rules object (its data and readings fixed) and is bounded: when full it
starts again empty.
"""
from __future__ import annotations

from typing import Any

ANSWERS_KEPT = 20_000  # far more than the distinct menus of a game; a few MB at most


class KeptAnswers(dict):
    """key -> answer.  Read with ``get``; :meth:`keep` stores (within the bound) and returns."""

    __slots__ = ("limit",)

    def __init__(self, limit: int = ANSWERS_KEPT):
        super().__init__()
        self.limit = limit  # 0: keep nothing (every answer worked out afresh)

    def keep(self, key: tuple, answer: Any) -> Any:
        if len(self) >= self.limit:
            self.clear()
            if not self.limit:
                return answer
        self[key] = answer
        return answer
