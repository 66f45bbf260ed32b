"""Per-game seeds, derived from the batch seed and the game's index — never from a clock.

Game ``i`` of a batch with seed ``s`` is played with::

    numpy.random.SeedSequence(s).spawn(n)[i].generate_state(1, numpy.uint64)[0] >> 11

``spawn(n)[i]`` is, by numpy's definition, ``SeedSequence(s, spawn_key=(i,))``, so the seed of game
``i`` does not depend on ``n``, on which worker plays it or in which order: that is what makes a
batch give the same per-game results on one worker, on many, or on a Dask cluster, and what lets
``--resume`` (or a longer batch with the same seed) reuse finished games.  Workers derive their own
seeds from the index, so the parent never has to hold a list of a million seeds.

Why SeedSequence rather than ``s + i``: neighbouring seeds are hashed apart, so a ruleset whose
generator were weak on nearby keys still gets independent games.  Why 53 bits: the seed is shown
to users and written to JSON; 53-bit integers survive every JSON reader (jq and JavaScript use
doubles), and collisions stay negligible (about 5e-5 for a million games).
"""
from __future__ import annotations

from .errors import BatchError

SEED_BITS = 53


def check_batch_seed(seed: object) -> int:
    """The batch seed as an int, refused early (SeedSequence wants a non-negative integer)."""
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise BatchError(f"the batch seed must be a non-negative integer, got {seed!r}")
    return seed


def game_seed(batch_seed: int, index: int) -> int:
    """The seed of game ``index`` (0-based) of the batch seeded ``batch_seed``."""
    import numpy as np  # imported on first use: the CLI starts without numpy

    child = np.random.SeedSequence(batch_seed, spawn_key=(index,))
    return int(child.generate_state(1, dtype=np.uint64)[0]) >> (64 - SEED_BITS)


def game_seeds(batch_seed: int, games: int) -> list[int]:
    """The seeds of games ``0 .. games-1``, through ``SeedSequence.spawn`` itself (the documented
    definition; ``game_seed`` must agree with it, and a test checks that it does)."""
    import numpy as np

    children = np.random.SeedSequence(batch_seed).spawn(games)
    return [int(c.generate_state(1, dtype=np.uint64)[0]) >> (64 - SEED_BITS) for c in children]
