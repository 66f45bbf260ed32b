"""Results are written as games finish; an interrupted batch resumes where it stopped."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tabletop_core import batch
from tabletop_core.cli import main

from .conftest import FLAKY, FLAKY_ROOT, read_records


class Stop(Exception):
    pass


def stop_after(count: int, seen: list):
    def on_record(record):
        seen.append(record)
        if len(seen) == count:
            raise Stop

    return on_record


def test_a_stopped_batch_keeps_its_games_and_resume_finishes_it(tmp_path):
    out, seen = tmp_path / "out", []
    with pytest.raises(Stop):
        batch.run("duel", "skirmish", games=40, seed=3, workers=2, chunk_size=2, out=out, progress=False,
                  on_record=stop_after(10, seen))
    saved = read_records(out / "results.jsonl")
    assert len(saved) == 10  # every game handed back was on disk before the next one

    resumed = []
    summary = batch.run("duel", "skirmish", games=40, seed=3, workers=2, out=out, resume=True, progress=False,
                        on_record=resumed.append)
    assert len(resumed) == 30 and not {r["index"] for r in resumed} & {r["index"] for r in saved}
    whole = batch.run("duel", "skirmish", games=40, seed=3, workers=1, out=tmp_path / "whole", progress=False)
    assert read_records(out / "results.jsonl") == read_records(tmp_path / "whole" / "results.jsonl")
    assert summary.to_dict() == whole.to_dict()


def test_resume_can_extend_a_batch(tmp_path):
    out = tmp_path / "out"
    batch.run("duel", "skirmish", games=10, seed=8, workers=1, out=out, progress=False)
    summary = batch.run("duel", "skirmish", games=16, seed=8, workers=2, out=out, resume=True, progress=False)
    whole = batch.run("duel", "skirmish", games=16, seed=8, workers=2, out=tmp_path / "whole", progress=False)
    assert summary.to_dict() == whole.to_dict()
    assert json.loads((out / "batch.json").read_text())["games"] == 16


def test_resume_refuses_a_different_batch(tmp_path):
    out = tmp_path / "out"
    batch.run("duel", "skirmish", games=4, seed=1, workers=1, out=out, progress=False)
    with pytest.raises(batch.ResumeMismatchError, match=r"seed 1 there, 2 here"):
        batch.run("duel", "skirmish", games=4, seed=2, workers=1, out=out, resume=True, progress=False)
    with pytest.raises(batch.ResumeMismatchError, match="ruleset 'duel' there, 'flaky' here"):
        batch.run("flaky", "skirmish", games=4, seed=1, workers=1, out=out, resume=True, progress=False,
                  plugins=[FLAKY])


def test_without_resume_an_existing_batch_is_not_overwritten(tmp_path, capsys):
    out = tmp_path / "out"
    batch.run("duel", "skirmish", games=2, seed=1, workers=1, out=out, progress=False)
    before = (out / "results.jsonl").read_text()
    assert main(["batch", "duel", "skirmish", "--games", "2", "--seed", "1", "--out", str(out)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "--resume" in err[0]
    assert main(["batch", "duel", "skirmish", "--games", "2", "--seed", "5", "--out", str(out), "--resume"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "different batch" in err[0] and "seed 1 there, 5 here" in err[0]
    assert (out / "results.jsonl").read_text() == before


def test_a_line_cut_short_by_a_kill_is_dropped_on_resume(tmp_path):
    out = tmp_path / "out"
    batch.run("duel", "skirmish", games=6, seed=2, workers=1, out=out, progress=False)
    path = out / "results.jsonl"
    lines = path.read_text().splitlines(keepends=True)
    path.write_text("".join(lines[:3]) + lines[3][:25])  # the fourth line was being written
    summary = batch.run("duel", "skirmish", games=6, seed=2, workers=1, out=out, resume=True, progress=False)
    assert summary.games == 6
    assert [r["index"] for r in read_records(path)] == list(range(6))


def test_a_corrupt_line_in_the_middle_is_named(tmp_path):
    out = tmp_path / "out"
    batch.run("duel", "skirmish", games=3, seed=2, workers=1, out=out, progress=False)
    path = out / "results.jsonl"
    lines = path.read_text().splitlines(keepends=True)
    path.write_text(lines[0] + "{oops\n" + "".join(lines[1:]))
    with pytest.raises(batch.BatchError, match="results.jsonl: line 2: not a game record"):
        batch.run("duel", "skirmish", games=3, seed=2, workers=1, out=out, resume=True, progress=False)


def _cli(*args: str, **kwargs) -> subprocess.Popen:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([FLAKY_ROOT, os.environ.get("PYTHONPATH", "")]))
    command = [sys.executable, "-m", "tabletop_core.cli", "batch", *args]
    return subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **kwargs)


def _wait_for_lines(path: Path, count: int, process: subprocess.Popen, timeout: float = 60) -> int:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if path.exists():
            lines = path.read_bytes().count(b"\n")
            if lines >= count:
                return lines
        if process.poll() is not None:
            pytest.fail(f"the batch ended before it could be interrupted: {process.communicate()}")
        time.sleep(0.01)
    pytest.fail("the batch wrote no results in time")


@pytest.mark.parametrize("how", ["ctrl-c", "kill -9"])
def test_an_interrupted_cli_batch_resumes(tmp_path, how):
    # `slow` is duel with a pause per action (~50 ms a game), so the batch is still running when hit.
    out, games = tmp_path / "out", 100  # ~5 s of play: a test process starved under load still interrupts it running
    args = ["slow", "skirmish", "--games", str(games), "--seed", "6", "--plugin", FLAKY, "--out", str(out)]
    process = _cli(*args, "--workers", "1", "--chunk-size", "1", start_new_session=True)
    _wait_for_lines(out / "results.jsonl", 3, process)
    if how == "ctrl-c":
        os.kill(process.pid, signal.SIGINT)
        _, err = process.communicate(timeout=60)
        assert process.returncode == 130
        assert "--resume" in err and "new games are saved" in err
    else:  # the whole process group at once: parent, fork server and workers, mid-write or not
        os.killpg(process.pid, signal.SIGKILL)
        process.communicate(timeout=60)
    kept = (out / "results.jsonl").read_bytes().count(b"\n")
    assert 3 <= kept < games

    resumed = _cli(*args, "--workers", "2", "--resume", "--json", str(tmp_path / "s.json"))
    stdout, stderr = resumed.communicate(timeout=120)
    assert resumed.returncode == 0, stderr
    records = read_records(out / "results.jsonl")
    assert [r["index"] for r in records] == list(range(games))
    # `slow` plays exactly duel's games: compare with duel played in one go
    expected = batch.play_chunk(batch.BatchSpec.resolve("duel", "skirmish", games=games, seed=6), range(games))
    assert records == [{k: v for k, v in r.items() if k != "wall"} for r in expected]
    assert json.loads((tmp_path / "s.json").read_text())["games"] == games
