"""The tabletop command under mistakes and hostile input: one line on stderr, exit 2, no traceback."""
import subprocess
import sys

import pytest

pytest.importorskip("tabletop_duel")
CLI = [sys.executable, "-m", "tabletop_core.cli"]


def run(*args, **kwargs):
    return subprocess.run([*CLI, *args], capture_output=True, text=True, **kwargs)


def one_line_error(out, fragment):
    assert out.returncode == 2, (out.returncode, out.stderr)
    assert "Traceback" not in out.stderr
    assert len(out.stderr.strip().splitlines()) == 1, out.stderr
    assert fragment in out.stderr, out.stderr


@pytest.fixture
def log(tmp_path):
    path = tmp_path / "g.jsonl"
    assert run("play", "duel", "skirmish", "--quiet", "--log", str(path)).returncode == 0
    return path


def test_log_to_a_directory(tmp_path):
    one_line_error(run("play", "duel", "skirmish", "--quiet", "--log", str(tmp_path)), "is a directory")


def test_log_into_a_missing_folder(tmp_path):
    one_line_error(run("play", "duel", "skirmish", "--quiet", "--log", str(tmp_path / "no" / "g.jsonl")),
                   "No such file or directory")


def test_log_to_a_full_device():
    one_line_error(run("play", "duel", "skirmish", "--quiet", "--log", "/dev/full"), "No space left on device")


def test_an_empty_log_path_is_refused():
    one_line_error(run("play", "duel", "skirmish", "--quiet", "--log", ""), "empty path")


def test_replay_of_a_directory(tmp_path):
    one_line_error(run("replay", str(tmp_path)), "is a directory")


def test_replay_to_minus_one_is_refused(log):
    one_line_error(run("replay", str(log), "--to", "-1"), "cannot stop after event -1")


def test_a_variant_twice_is_refused():
    one_line_error(run("play", "fubar", "meeting-engagement", "--variant", "lwtv", "--variant", "lwtv"), "twice")


@pytest.mark.parametrize("args", [
    ("play",),
    ("play", "duel", "skirmish", "--seed", "x"),
    ("replay", "a", "--to", "z"),
    ("nope",),
    ("batch", "duel", "skirmish"),
])
def test_usage_errors_print_one_line(args):
    out = run(*args)
    assert out.returncode == 2 and "Traceback" not in out.stderr
    assert len(out.stderr.strip().splitlines()) == 1, out.stderr


def test_a_megabyte_line_at_the_human_prompt():
    answers = "9" * 1_000_000 + "\n" + "q\n"
    out = run("play", "duel", "skirmish", "--agents", "human,random", "--quiet", input=answers)
    assert "Traceback" not in out.stderr, out.stderr[-500:]
    assert "please type a number" in out.stdout


def test_an_interrupted_log_is_reported_and_replays_with_partial(log):
    lines = log.read_text().splitlines(keepends=True)
    log.write_text("".join(lines[:-4]))
    one_line_error(run("replay", str(log)), "interrupted")
    out = run("replay", str(log), "--partial", "--verify")
    assert out.returncode == 0, out.stderr
    assert "interrupted: the log has no end line" in out.stdout and "verify: ok" in out.stdout
