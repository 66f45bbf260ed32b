"""Answers about immutable values kept under the values' ids (the measuring caches, ``measure.py``).

A key made of the values themselves (tuples of figures) is hashed at every lookup, which calls
every figure's ``__hash__``; a key made of their ids hashes a few integers.  The cache holds every
value it keyed an answer on, so no other object can take that id while the answer stands, and an
answer found under an id is about that very value.  An equal but distinct value (a unit rebuilt
with the same figures, a game loaded from its log) is not found and is answered anew: the same
answer, since every answer is a pure function of the values.

The values are held in dicts of their own, beside the answers: an entry makes no container the
garbage collector must track (its key is a tuple of integers, untracked once the collector has
seen it; the held values already exist), so a cache that fills during a long batch adds nothing
to the collector's full passes but its answers.
"""
from __future__ import annotations

#: Bound on each cache (entries); a full cache is emptied and refilled (derived data only).
CACHE_LIMIT = 1 << 17


class ByIdentity:
    """``answers``: key -> answer, where a key is made of the ids of the values asked about (read
    it directly: ``answers.get(key)``, None when not known); ``keep`` records an answer."""

    __slots__ = ("answers", "_first", "_second", "_limit")

    def __init__(self, limit: int = CACHE_LIMIT) -> None:
        self.answers: dict = {}
        self._first: dict = {}
        self._second: dict = {}
        self._limit = limit  # entries kept at most (then emptied and refilled)

    def keep(self, key, answer, first, second=None):
        """Record ``answer`` under ``key`` (the ids of ``first`` and ``second``, and anything else
        that is not an object: a reach); returns it."""
        answers = self.answers
        if len(answers) >= self._limit:
            answers.clear()
            self._first.clear()
            self._second.clear()
        answers[key] = answer
        self._first[key] = first
        if second is not None:
            self._second[key] = second
        return answer

    def __reduce__(self):
        """A copy or an unpickled cache starts empty: its keys are ids of this process's objects,
        which mean other objects (or none) in the copy's world."""
        return (ByIdentity, (self._limit,))

    def ask(self, compute, a, b):
        """``compute(a, b)``, kept under the ids of ``a`` and ``b``."""
        key = (id(a), id(b))
        answer = self.answers.get(key)
        if answer is None:
            return self.keep(key, compute(a, b), a, b)
        return answer
