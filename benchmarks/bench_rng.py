"""Which generator: draws per second of d6 for the candidates whose position can live in the state.

The game state must hold the generator's position so a clone or a save draws what the original
would.  Candidates: our counter-based SplitMix64 (position = one int), random.Random (position =
a 625-int tuple to copy on every clone), numpy Philox (counter-based, but scalar calls are slow).
"""
from __future__ import annotations

import random
import time

import numpy as np

from tabletop_core.rng import CounterRNG

N = 200_000


def rate(label, fn):
    start = time.perf_counter()
    fn()
    seconds = time.perf_counter() - start
    print(f"  {label:42s} {N / seconds:12,.0f} d6/s")


def main() -> None:
    print("d6 draws, scalar, one at a time (as rules draw them):")
    rng = CounterRNG(1)
    rate("CounterRNG.below(6) (position: 1 int)", lambda: [rng.below(6) for _ in range(N)])
    rr = random.Random(1)
    rate("random.Random.randrange(6) (state: 625 ints)", lambda: [rr.randrange(6) for _ in range(N)])
    gen = np.random.Generator(np.random.Philox(1))
    rate("numpy Philox integers(6) scalar", lambda: [gen.integers(6) for _ in range(N)])
    start = time.perf_counter()
    for _ in range(10_000):
        random.Random(1).setstate(rr.getstate())
    print(f"  restoring random.Random state: {(time.perf_counter() - start) / 10_000 * 1e6:.1f} us per clone"
          " (CounterRNG: copying one int)")


if __name__ == "__main__":
    main()
