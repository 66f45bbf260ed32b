"""The game's random generator: counter-based, so its whole position is one integer.

Output ``i`` of a generator with key ``k`` is SplitMix64's finaliser applied to ``k + (i + 1)·γ``.
A clone or a loaded save therefore draws exactly what the original would, by copying two ints
(the seed and the counter) — nothing else to pickle, nothing to reseed.  ``benchmarks/bench_rng.py``
compares it with ``random.Random`` and numpy's Philox; it is the cheapest of the three that keeps
its position in one integer.
"""
from __future__ import annotations

from typing import Sequence, TypeVar

T = TypeVar("T")

MASK64 = (1 << 64) - 1
GAMMA = 0x9E3779B97F4A7C15
_SPAN = MASK64 + 1  # how many values next64 can return


def mix64(z: int) -> int:
    """SplitMix64 finaliser: a bijective avalanche of a 64-bit integer."""
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


def key_for_seed(seed: int) -> int:
    """Spread any integer seed (negative or huge included) into a 64-bit key."""
    folded = 0
    value = seed if seed >= 0 else (-seed << 1) | 1  # keep -1 and 1 apart
    while True:
        folded = mix64((folded ^ (value & MASK64)) + GAMMA & MASK64)
        value >>= 64
        if not value:
            return folded


class CounterRNG:
    """Draws from (key, counter).  Cheap scalar draws; the counter is the generator's position."""

    __slots__ = ("key", "counter")

    def __init__(self, seed: int, counter: int = 0):
        self.key = key_for_seed(seed)
        self.counter = counter

    def next64(self) -> int:
        self.counter += 1
        return mix64((self.key + self.counter * GAMMA) & MASK64)

    def below(self, n: int) -> int:
        """Uniform integer in ``[0, n)``, unbiased (rejection of the short top slice).

        ``next64`` and ``mix64`` written out in one loop: the same draws (tests/core/test_randomizers.py
        compares it with :func:`below_by_definition`), two Python calls fewer per draw, which every
        die, shuffle and random agent's choice pays."""
        if n <= 0:
            raise ValueError(f"below() needs a positive bound, got {n}")
        limit = _SPAN - _SPAN % n
        key, counter = self.key, self.counter
        while True:
            counter += 1
            z = (key + counter * GAMMA) & MASK64
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
            z ^= z >> 31
            if z < limit:
                self.counter = counter
                return z % n

    def faces(self, count: int, sides: int) -> tuple[int, ...]:
        """``count`` dice of ``sides`` faces: ``below(sides) + 1`` drawn ``count`` times."""
        below = self.below
        return tuple(below(sides) + 1 for _ in range(count))

    def randint(self, low: int, high: int) -> int:
        """Uniform integer in ``[low, high]`` inclusive."""
        return low + self.below(high - low + 1)

    def permutation(self, items: Sequence[T]) -> list[T]:
        """A Fisher–Yates shuffled copy of ``items``."""
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self.below(i + 1)
            out[i], out[j] = out[j], out[i]
        return out


def below_by_definition(rng: CounterRNG, n: int) -> int:
    """``CounterRNG.below`` as its definition reads, through ``next64``: the reference its fused
    form is tested against."""
    if n <= 0:
        raise ValueError(f"below() needs a positive bound, got {n}")
    limit = _SPAN - _SPAN % n
    while True:
        value = rng.next64()
        if value < limit:
            return value % n
