"""The same batch seed gives the same per-game results on 1 worker, 2 workers and Dask."""
from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest

import tabletop_core
from tabletop_core import batch

from .conftest import read_records, strip_wall


def test_same_results_on_one_and_two_workers_and_a_dask_local_cluster(tmp_path, ruleset_case):
    ruleset, scenario, games = ruleset_case
    one = batch.run(ruleset, scenario, games=games, seed=99, workers=1, out=tmp_path / "one", progress=False)
    two = batch.run(ruleset, scenario, games=games, seed=99, workers=2, chunk_size=1, out=tmp_path / "two",
                    progress=False)
    expected = read_records(tmp_path / "one" / "results.jsonl")
    assert [r["index"] for r in expected] == list(range(games))
    assert read_records(tmp_path / "two" / "results.jsonl") == expected
    assert one.to_dict() == two.to_dict()

    pytest.importorskip("distributed", reason="Dask is optional: pip install 'tabletop[dask]'")
    with batch.dask_executor(workers=2) as executor:  # a LocalCluster on 127.0.0.1
        on_dask = batch.run(ruleset, scenario, games=games, seed=99, executor=executor, out=tmp_path / "dask",
                            progress=False)
    assert read_records(tmp_path / "dask" / "results.jsonl") == expected
    assert on_dask.to_dict() == one.to_dict()


def test_any_executor_works_and_chunking_does_not_change_results(ruleset_case):
    ruleset, scenario, games = ruleset_case
    with ThreadPoolExecutor(3) as pool:
        by_threads = strip_wall(batch.iter_games(ruleset, scenario, games=games, seed=5, executor=pool, chunk_size=5))
    in_one_chunk = strip_wall(batch.play_chunk(batch.BatchSpec.resolve(ruleset, scenario, games=games, seed=5),
                                               range(games)))
    assert by_threads == in_one_chunk


def test_a_batch_game_is_the_game_tabletop_play_plays_with_its_seed():
    records = batch.play_chunk(batch.BatchSpec.resolve("duel", "skirmish", games=3, seed=1, agents="random,random"),
                               range(3))
    for record in records:
        game = tabletop_core.new_game("duel", "skirmish", seed=record["seed"])
        result = tabletop_core.play(game, tabletop_core.agents_for(game, "random,random"))
        assert record["result"] == (result.winner or "draw")
        assert record["decisions"] == game.state.decisions and record["events"] == len(game.events)
        assert record["turns"] == game.state.turn and record["scores"] == result.scores


def test_different_batch_seeds_give_different_games():
    spec_a = batch.BatchSpec.resolve("duel", "skirmish", games=8, seed=1)
    spec_b = batch.BatchSpec.resolve("duel", "skirmish", games=8, seed=2)
    assert strip_wall(batch.play_chunk(spec_a, range(8))) != strip_wall(batch.play_chunk(spec_b, range(8)))


def test_default_chunks_shrink_toward_the_end_and_hand_out_every_game_once():
    from tabletop_core.batch.runner import Todo, chunk_size_for, chunks

    size = chunk_size_for(300, 2)
    tapered = list(chunks(range(300), size, taper_for=2))
    assert [i for c in tapered for i in c] == list(range(300))
    lengths = [len(c) for c in tapered]
    assert lengths[0] == size and lengths == sorted(lengths, reverse=True) and min(lengths[:-1]) == 4 > lengths[-1]
    resumed = list(chunks(Todo(300, done=range(0, 300, 3)), size, taper_for=2))
    assert [i for c in resumed for i in c] == [i for i in range(300) if i % 3]
    assert [len(c) for c in chunks(range(300), 16)] == [16] * 18 + [12]  # a size asked for is kept
