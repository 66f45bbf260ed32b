"""The ``tabletop batch`` command line and the progress bar."""
from __future__ import annotations

import io
import json
import sys

import pytest

from tabletop_core.batch.progress import ProgressBar
from tabletop_core.cli import main


def test_batch_prints_a_table_and_writes_json_and_results(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    code = main(["batch", "duel", "skirmish", "--games", "20", "--seed", "11", "--agents", "random,random",
                 "--workers", "2", "--json", "summary.json"])
    out = capsys.readouterr()
    assert code == 0
    assert "95% interval" in out.out and "decisions" in out.out
    assert out.err == ""  # stderr is not a terminal here: no progress bar
    data = json.loads((tmp_path / "summary.json").read_text())
    assert data["games"] == 20 and data["errors"] == 0 and data["seed"] == 11
    assert data["ruleset"] == "duel" and data["scenario"] == "skirmish" and data["agents"] == ["random", "random"]
    assert sum(data["results"].values()) == 20 and set(data["results"]) == {"red", "blue", "draw"}
    assert set(data["intervals"]) == set(data["results"])
    batch_dir = tmp_path / "batch-duel-skirmish-seed11"  # the default --out
    assert json.loads((batch_dir / "batch.json").read_text())["games"] == 20
    assert len((batch_dir / "results.jsonl").read_text().splitlines()) == 20


@pytest.mark.parametrize("argv, fragment", [
    (["batch", "nosuch", "skirmish", "--games", "2"], "unknown ruleset 'nosuch'"),
    (["batch", "duel", "nosuch", "--games", "2"], "unknown scenario of duel 'nosuch'"),
    (["batch", "duel", "skirmish", "--games", "2", "--agents", "random,random,random"], "2 players"),
    (["batch", "duel", "skirmish", "--games", "2", "--agents", "human"], "cannot seat the 'human' agent"),
    (["batch", "duel", "skirmish", "--games", "2", "--variant", "nosuch"], "unknown variant of duel"),
    (["batch", "duel", "skirmish", "--games", "-1"], "non-negative integer"),
    (["batch", "duel", "skirmish", "--games", "2", "--workers", "0"], "--workers must be a positive integer"),
    (["batch", "duel", "skirmish", "--games", "2", "--address", "tcp://127.0.0.1:1"], "--address is for --executor dask"),
])
def test_mistakes_end_with_one_line_and_exit_2(tmp_path, monkeypatch, capsys, argv, fragment):
    monkeypatch.chdir(tmp_path)
    assert main(argv) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and fragment in err[0]


def test_without_dask_the_message_says_how_to_install_it(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setitem(sys.modules, "distributed", None)  # makes `import distributed` fail
    assert main(["batch", "duel", "skirmish", "--games", "2", "--executor", "dask"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == ["tabletop: the dask executor needs Dask's distributed scheduler: pip install 'tabletop[dask]'"]


class FakeClock:
    def __init__(self):
        self.now = 0.0

    def __call__(self):
        return self.now


class FakeTerminal(io.StringIO):
    def isatty(self):
        return True


def test_progress_bar_draws_on_a_terminal_with_carriage_returns():
    clock, stream = FakeClock(), FakeTerminal()
    bar = ProgressBar(100, done=20, stream=stream, clock=clock)
    assert bar.enabled
    clock.now = 2.0
    bar.advance(10)
    clock.now = 4.0
    bar.advance(10, errors=1)
    assert bar.line() == "[#########---------------] 40/100 games  5.0 games/s  00:12 left  1 errors"
    bar.close()
    text = stream.getvalue()
    assert text.startswith("\r[") and text.endswith("\n") and text.count("\r") == 2  # the final state is not drawn twice


def test_progress_bar_is_quiet_when_stderr_is_not_a_terminal():
    stream = io.StringIO()
    bar = ProgressBar(10, stream=stream)
    bar.advance(10)
    bar.close()
    assert not bar.enabled and stream.getvalue() == ""
