"""Decisions kept by the plain values they are built from, so that a menu met again is not rebuilt.

A decision is a frozen value and the most frequent menus (a party's steps, the areas to activate,
the units to pick) come back again and again with the same contents: the rules build each from a
key of ints and strings (a tag naming the menu, the player, the areas or units offered), keep the
Decision made for it here and hand the kept one out when the key comes back.  Whatever the key
names is all the menu is made of, so a kept answer is the one a fresh build would give: the rules'
``decision`` stays a pure function of the state.  One cache per rules object (its data and
readings fixed), bounded: when full it starts again empty.
"""
from __future__ import annotations

from tabletop_core import Decision

MENUS_KEPT = 20_000  # far more than the distinct menus of a game; about 4 MB at most


class MenuCache(dict):
    """key -> Decision.  Read with ``get``; :meth:`keep` stores (within the bound) and returns."""

    __slots__ = ("limit",)

    def __init__(self, limit: int = MENUS_KEPT):
        super().__init__()
        self.limit = limit  # 0: keep nothing (every menu built afresh)

    def keep(self, key: tuple, decision: Decision) -> Decision:
        if len(self) >= self.limit:
            self.clear()
            if not self.limit:
                return decision
        self[key] = decision
        return decision
