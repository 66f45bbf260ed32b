"""A batch under accident and tampering: workers of a killed batch exit; resume checks every
record it is asked to trust and names the bad line; the CLI refuses bad outputs before playing."""
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

from .conftest import FLAKY, FLAKY_ROOT
from .test_resume import _cli, _wait_for_lines


def _children(pid: int) -> list[int]:
    found = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        found += [int(p) for p in (task / "children").read_text().split()]
    return found


def _gone(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except FileNotFoundError:
        return True
    return state == "Z"


def test_workers_of_a_killed_batch_exit(tmp_path):
    """SIGKILL the parent alone (not its process group): its workers notice and exit."""
    out = tmp_path / "killed"
    args = ["slow", "skirmish", "--games", "400", "--seed", "6", "--plugin", FLAKY, "--out", str(out)]
    process = _cli(*args, "--workers", "2", "--chunk-size", "1")
    try:
        _wait_for_lines(out / "results.jsonl", 2, process)
        workers = _children(process.pid)
        assert workers
        os.kill(process.pid, signal.SIGKILL)
        process.communicate(timeout=30)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and not all(_gone(w) for w in workers):
            time.sleep(0.1)
        assert all(_gone(w) for w in workers), "workers of a killed batch are still running"
    finally:
        subprocess.run(["rm", "-rf", str(out)])


@pytest.fixture
def batch_dir(tmp_path):
    out = tmp_path / "out"
    batch.run("duel", "skirmish", games=4, seed=2, workers=1, out=out, progress=False)
    return out


def tamper(out: Path, line: int, change) -> None:
    path = out / "results.jsonl"
    records = [json.loads(x) for x in path.read_text().splitlines()]
    records.sort(key=lambda r: r["index"])
    change(records, line - 1)
    path.write_text("".join(json.dumps(r) + "\n" for r in records))


@pytest.mark.parametrize("change, message", [
    (lambda rs, i: rs[i].update(result="bogus"), "field result: expected one of red, blue, draw, error"),
    (lambda rs, i: rs[i].update(index=-1), "field index: -1 is not a game number"),
    (lambda rs, i: rs.insert(i, dict(rs[i - 1])), "game 1 is recorded twice"),
    (lambda rs, i: rs[i].update(seed=rs[i]["seed"] + 1), "field seed: \\d+ is not game 2's seed in batch seed 2"),
    (lambda rs, i: rs[i].update(index="2"), "field index: expected an integer"),
    (lambda rs, i: rs[i].update(scores=[1, 2]), "field scores"),
    (lambda rs, i: rs[i].update(decisions="many"), "field decisions: expected int"),
])
def test_resume_names_a_record_it_cannot_trust(batch_dir, change, message):
    tamper(batch_dir, 3, change)
    with pytest.raises(batch.BatchError, match=rf"results.jsonl: line 3: {message}"):
        batch.run("duel", "skirmish", games=4, seed=2, workers=1, out=batch_dir, resume=True, progress=False)


def run_cli(*args):
    return subprocess.run([sys.executable, "-m", "tabletop_core.cli", "batch", *args], capture_output=True, text=True)


def one_line(out, fragment):
    assert out.returncode == 2, (out.returncode, out.stderr)
    assert "Traceback" not in out.stderr and len(out.stderr.strip().splitlines()) == 1, out.stderr
    assert fragment in out.stderr, out.stderr


def test_resume_of_a_missing_folder_is_refused(tmp_path):
    one_line(run_cli("duel", "skirmish", "--games", "2", "--out", str(tmp_path / "none"), "--resume"), "holds no batch to resume")
    assert not (tmp_path / "none" / "results.jsonl").exists()


def test_out_where_nothing_can_be_written():
    one_line(run_cli("duel", "skirmish", "--games", "2", "--out", "/proc/x"), "/proc/x")


def test_json_to_a_directory_is_refused_before_playing(tmp_path):
    one_line(run_cli("duel", "skirmish", "--games", "2", "--out", str(tmp_path / "o"), "--json", str(tmp_path)),
             "not a directory")


def test_a_trillion_games_is_refused():
    one_line(run_cli("duel", "skirmish", "--games", str(10**12)), "more than one batch holds")
