"""The replay viewer in a real browser (headless Chromium): it runs, steps, counts and keeps secrets."""
from __future__ import annotations

import zlib

import pytest

from tabletop_core.drawing.replay import positions
from tabletop_core.drawing.viewer import replay_html

from .helpers import pieces, played, position_view

STEP = 12


def _write(tmp_path, game, player, name):
    page = tmp_path / name
    html = replay_html(positions(game.rules, game.events, player), title=game.rules.title, subtitle=name)
    page.write_text(html, encoding="utf-8")
    return page, html


@pytest.fixture(scope="module")
def goe(tmp_path_factory):
    game = played("goe85", "9th-company", 40, seed=5)
    page, html = _write(tmp_path_factory.mktemp("replay"), game, None, "goe.html")
    return game, page


def _dynamic(dom: str) -> str:
    start = dom.index('id="dynamic"')
    return dom[start:dom.index("</svg>", start)]


def test_the_replay_runs_without_script_errors_and_stepping_changes_the_board(chromium, goe):
    game, page = goe
    first, errors_first = chromium.dom(page.as_uri())
    later, errors_later = chromium.dom(page.as_uri() + f"#frame={STEP}")
    assert errors_first == [] and errors_later == []
    assert 'data-errors=""' in first and 'data-errors=""' in later
    assert 'data-frame="0"' in first and f'data-frame="{STEP}"' in later
    assert _dynamic(first) != _dynamic(later)
    assert 'class="step cur" data-frame="12"' in later  # the narration follows the board


def test_the_counters_in_the_browser_are_the_units_the_view_shows(chromium, goe):
    game, page = goe
    dom, errors = chromium.dom(page.as_uri() + f"#frame={STEP}")
    assert errors == []
    view = position_view(game, STEP, None)
    on_map = {uid for uid, u in view["units"].items() if u["hex"] is not None}
    assert set(pieces(_dynamic(dom), "unit")) == on_map and on_map


def test_a_hidden_unit_is_in_its_owners_replay_only(chromium, tmp_path):
    game = played("fubar", "recovery-team", 2, seed=4)
    hidden = game.state.units["tal-1"]
    assert hidden.hidden  # FUBAR hidden: deployed in cover, unspotted
    figure_ids = [f.id for f in hidden.figures]
    theirs, their_html = _write(tmp_path, game, "isaf", "isaf.html")
    ours, _ = _write(tmp_path, game, "insurgents", "insurgents.html")
    assert not any(fid in their_html for fid in figure_ids)  # not in the file's raw text at all
    dom, errors = chromium.dom(theirs.as_uri())
    assert errors == [] and not any(fid in dom for fid in figure_ids)
    dom, errors = chromium.dom(ours.as_uri())
    assert errors == [] and set(figure_ids) <= set(pieces(_dynamic(dom)))


def test_a_screenshot_of_the_replay_is_a_picture(chromium, goe, tmp_path):
    _game, page = goe
    shot = tmp_path / "replay.png"
    assert chromium.screenshot(page.as_uri() + f"#frame={STEP}", shot) == []
    assert distinct_values(shot.read_bytes()) > 100


def distinct_values(png: bytes) -> int:
    """How many different byte values the PNG's (filtered) pixel rows hold: a blank page has a few."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    pos, data = 8, b""
    while pos < len(png):
        length = int.from_bytes(png[pos:pos + 4], "big")
        kind = png[pos + 4:pos + 8]
        if kind == b"IDAT":
            data += png[pos + 8:pos + 8 + length]
        pos += 12 + length
    return len(set(zlib.decompress(data)))


def test_the_controls_step_slide_jump_play_and_follow_the_narration(page, goe):
    game, path = goe
    p = page(path.as_uri())
    frame = lambda: int(p.eval("document.body.dataset.frame"))  # noqa: E731
    board = lambda: p.eval("document.getElementById('dynamic').innerHTML")  # noqa: E731
    assert frame() == 0
    start = board()
    p.eval("document.getElementById('next').click()")
    assert frame() == 1
    p.key("ArrowRight", 39)
    assert frame() == 2
    p.eval("document.getElementById('prev').click()")
    assert frame() == 1
    p.eval("var s=document.getElementById('slider'); s.value='7'; s.dispatchEvent(new Event('input'))")
    assert frame() == 7 and p.eval("document.getElementById('jump').value") == "7"
    p.eval("var j=document.getElementById('jump'); j.value='5'; j.dispatchEvent(new Event('change'))")
    assert frame() == 5
    p.eval(f"document.querySelector('#narration .step[data-frame=\"{STEP}\"]').click()")
    assert frame() == STEP and board() != start
    assert p.eval("document.querySelector('#narration .step.cur').dataset.frame") == str(STEP)
    p.eval("document.getElementById('last').click()")
    assert frame() == p.eval("window.replay.count") - 1
    p.eval("document.getElementById('first').click()")
    assert frame() == 0 and board() == start
    p.eval("document.getElementById('play').click()")
    # playing steps on by itself, 0.7 s a step: wait for two steps (at most 15 s on a loaded machine)
    p.eval("new Promise(function(done){var t0=Date.now();var t=setInterval(function(){"
           "if(+document.body.dataset.frame>=2||Date.now()-t0>15000){clearInterval(t);done();}},50);})")
    p.eval("document.getElementById('play').click()")
    assert frame() >= 2
    shown = p.eval("var f=document.getElementById('find'); f.value='moves to'; f.dispatchEvent(new Event('input'));"
                   "Array.from(document.querySelectorAll('#narration .step')).filter(d => d.style.display !== 'none').length")
    assert 0 < shown < p.eval("window.replay.count")
    assert p.errors == []
