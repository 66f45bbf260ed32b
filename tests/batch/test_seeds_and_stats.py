"""Per-game seeds, Wilson intervals, means and the summary, checked against known values."""
from __future__ import annotations

import math

import numpy as np
import pytest

from tabletop_core.batch import BatchError, BatchSpec, game_seed, game_seeds, summarize, wilson_interval
from tabletop_core.batch.runner import chunk_size_for
from tabletop_core.batch.summary import mean_sd


def test_game_seed_is_the_spawned_child_of_the_batch_seed():
    children = np.random.SeedSequence(2024).spawn(50)
    expected = [int(c.generate_state(1, dtype=np.uint64)[0]) >> 11 for c in children]
    assert game_seeds(2024, 50) == expected
    assert [game_seed(2024, i) for i in range(50)] == expected


def test_game_seed_does_not_depend_on_the_batch_size():
    assert game_seeds(7, 10) == game_seeds(7, 1000)[:10]


def test_seeds_are_distinct_53_bit_integers():
    seeds = game_seeds(0, 2000)
    assert len(set(seeds)) == 2000
    assert all(0 <= s < 2**53 for s in seeds)
    assert game_seeds(1, 5) != game_seeds(0, 5)


@pytest.mark.parametrize("bad", [-1, 1.5, "3", True])
def test_a_bad_batch_seed_is_refused(bad):
    with pytest.raises(BatchError, match="non-negative integer"):
        BatchSpec.resolve("duel", "skirmish", games=1, seed=bad)


# Newcombe (1998), "Two-sided confidence intervals for the single proportion: comparison of seven
# methods", Statistics in Medicine 17:857-872, Table II, method 3 (Wilson score, no continuity
# correction).
@pytest.mark.parametrize("successes, trials, low, high", [
    (81, 263, 0.2553, 0.3662),
    (15, 148, 0.0624, 0.1605),
    (0, 20, 0.0000, 0.1611),
    (1, 29, 0.0061, 0.1718),
])
def test_wilson_interval_matches_newcombe(successes, trials, low, high):
    got = wilson_interval(successes, trials)
    assert got == pytest.approx((low, high), abs=5e-5)


def test_wilson_interval_edges_and_symmetry():
    assert wilson_interval(0, 0) == (0.0, 1.0)
    assert wilson_interval(20, 20)[1] == 1.0
    low, high = wilson_interval(30, 100)
    mirror_low, mirror_high = wilson_interval(70, 100)
    assert (low, high) == pytest.approx((1 - mirror_high, 1 - mirror_low))
    assert wilson_interval(50, 100) == pytest.approx((0.40383, 0.59617), abs=1e-5)
    with pytest.raises(ValueError):
        wilson_interval(5, 3)


def test_mean_and_sample_standard_deviation():
    stats = mean_sd([2, 4, 4, 4, 5, 5, 7, 9])
    assert stats["n"] == 8 and stats["mean"] == 5
    assert stats["sd"] == pytest.approx(math.sqrt(32 / 7))
    assert mean_sd([3]) == {"n": 1, "mean": 3.0, "sd": None}
    assert mean_sd([]) == {"n": 0, "mean": None, "sd": None}


def test_summary_counts_intervals_lengths_scores_and_errors():
    spec = BatchSpec.resolve("duel", "skirmish", games=5, seed=3)
    records = [
        {"index": 0, "seed": 11, "result": "red", "scores": {"red": 2, "blue": 0}, "decisions": 10, "events": 40, "turns": 3},
        {"index": 1, "seed": 12, "result": "blue", "scores": {"red": 0, "blue": 1}, "decisions": 20, "events": 60, "turns": 5},
        {"index": 2, "seed": 13, "result": "draw", "scores": {"red": 1, "blue": 1}, "decisions": 30, "events": 80, "turns": 7},
        {"index": 3, "seed": 14, "result": "error", "error": "RuntimeError: boom", "replay": "tabletop play ..."},
        {"index": 4, "seed": 15, "result": "red", "scores": {"red": 3, "blue": 2}, "decisions": 40, "events": 100, "turns": 9},
        {"index": 9, "seed": 99, "result": "blue", "scores": {}, "decisions": 1, "events": 1},  # beyond games: ignored
    ]
    summary = summarize(spec, records)
    data = summary.to_dict()
    assert data["games"] == 5 and data["errors"] == 1 and summary.finished == 4
    assert data["results"] == {"red": 2, "blue": 1, "draw": 1}
    assert data["intervals"]["red"]["low"] == pytest.approx(wilson_interval(2, 4)[0])
    assert data["length"]["decisions"]["mean"] == 25 and data["length"]["turns"]["mean"] == 6
    assert data["scores"]["red"]["mean"] == 1.5
    assert data["error_games"] == [{"index": 3, "seed": 14, "error": "RuntimeError: boom", "replay": "tabletop play ..."}]
    for key in ("games", "results", "errors", "seed", "ruleset", "scenario", "agents"):
        assert key in data
    assert data["agents"] == ["random", "random"]
    text = summary.table()
    assert "95% interval" in text and "tabletop play ..." in text


def test_chunk_size_keeps_small_batches_parallel_and_caps_large_ones():
    assert chunk_size_for(12, 2) == 2
    assert chunk_size_for(3, 4) == 1
    assert chunk_size_for(1_000_000, 2) == 32
    assert chunk_size_for(1000, 2, 7) == 7
    with pytest.raises(BatchError):
        chunk_size_for(10, 2, 0)
