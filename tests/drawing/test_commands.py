"""`tabletop render` and `tabletop view`: files written from logs, per player, with clean errors."""
from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest

from tabletop_core.drawing.replay import positions

from .helpers import pieces, played, position_view

TABLETOP = [sys.executable, "-m", "tabletop_core.cli"]
SEED = 987_654_321  # a number that can only be in a file by leaking the seed


def run(*args):
    return subprocess.run([*TABLETOP, *map(str, args)], capture_output=True, text=True)


@pytest.fixture(scope="module")
def fubar_log(tmp_path_factory):
    game = played("fubar", "recovery-team", 25, seed=SEED)
    path = tmp_path_factory.mktemp("logs") / "fubar.jsonl"
    game.save(path)
    return game, path


def _frames(html: str) -> list[dict]:
    """The replay's frames, each with its dynamic layer put together again as ``svg``."""
    text = re.search(r'<script type="application/json" id="replay-data">(.*?)</script>', html, re.S).group(1)
    data = json.loads(text.replace("<\\/", "</"))
    return [{**f, "svg": "\n".join(data["parts"][i] for i in f["parts"])} for f in data["frames"]]


def test_render_writes_the_position_at_a_decision(fubar_log, tmp_path):
    game, log = fubar_log
    first, last = tmp_path / "first.svg", tmp_path / "last.svg"
    assert run("render", log, "--at", 0, "-o", first).returncode == 0
    out = run("render", log, "-o", last)
    assert out.returncode == 0 and "wrote" in out.stdout
    assert last.read_text() == game.render(None)  # the end of the log is the game as it stands
    assert first.read_text() != last.read_text()


def test_render_png_through_cairosvg_or_a_clear_refusal(fubar_log, tmp_path):
    _game, log = fubar_log
    png = tmp_path / "board.png"
    out = run("render", log, "--as", "isaf", "-o", png)
    try:
        import cairosvg  # noqa: F401
    except (ImportError, OSError):
        assert out.returncode == 2 and "PNG output needs cairosvg" in out.stderr and not png.exists()
    else:
        assert out.returncode == 0 and png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize("args, message", [
    (("--as", "taliban"), "--as 'taliban': fubar has the players isaf, insurgents"),
    (("--at", 100_000), "--at 100000: the log has positions 0 to"),
    (("--at", -1), "a decision number is 0 or more"),
])
def test_render_refuses_bad_arguments_in_one_line(fubar_log, tmp_path, args, message):
    _game, log = fubar_log
    target = tmp_path / "x.svg"
    out = run("render", log, *args, "-o", target)
    assert out.returncode == 2 and message in out.stderr and "Traceback" not in out.stderr
    assert not target.exists()


def test_render_refuses_unknown_formats_and_unwritable_places(fubar_log, tmp_path):
    _game, log = fubar_log
    out = run("render", log, "-o", tmp_path / "x.gif")
    assert out.returncode == 2 and "write a .svg or a .png" in out.stderr
    out = run("view", log, "-o", tmp_path / "missing-dir" / "r.html")
    assert out.returncode == 2 and "cannot write" in out.stderr and "Traceback" not in out.stderr


def test_view_has_one_frame_per_decision_and_the_narration_that_led_there(fubar_log, tmp_path):
    game, log = fubar_log
    page = tmp_path / "replay.html"
    assert run("view", log, "-o", page).returncode == 0
    html = page.read_text()
    frames = _frames(html)
    assert len(frames) == game.state.decisions + 1
    assert "<script src" not in html and "http" not in html.replace("http://www.w3.org/2000/svg", "")  # offline
    narrated = [line for _event, line in game.narrated() if line]
    assert [line for f in frames for line in f["lines"]] == narrated  # every line, once, in order
    assert frames[-1]["title"].endswith("the end")


def test_a_players_replay_holds_neither_the_seed_nor_the_others_hidden_units(fubar_log, tmp_path):
    game, log = fubar_log
    mine, referee = tmp_path / "isaf.html", tmp_path / "all.html"
    assert run("view", log, "--as", "isaf", "-o", mine).returncode == 0
    assert run("view", log, "-o", referee).returncode == 0
    theirs = mine.read_text()
    assert str(SEED) not in theirs and str(SEED) in referee.read_text()
    for position, frame in zip(positions(game.rules, game.events, "isaf"), _frames(theirs)):
        drawn = pieces(frame["svg"], "unit")
        visible = {uid for uid, u in position_view(game, position.number, "isaf")["units"].items()
                   if isinstance(u.get("figures"), list)}
        assert set(drawn) == visible
