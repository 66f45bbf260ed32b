"""The tabletop command, and the template plug-in installed as a third-party package."""
import subprocess
import sys
from importlib import metadata
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TABLETOP = [sys.executable, "-m", "tabletop_core.cli"]


@pytest.fixture(scope="session")
def duel_installed():
    """The template is its own installable package; install it like a user would if missing."""
    try:
        metadata.distribution("tabletop-duel")
    except metadata.PackageNotFoundError:
        subprocess.run(
            [sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--no-build-isolation", "-e",
             str(ROOT / "examples" / "tabletop-duel")],
            check=True,
        )
    eps = {ep.name: ep.value for ep in metadata.entry_points(group="tabletop.rulesets")}
    assert eps.get("duel") == "tabletop_duel"


def run(*args):
    return subprocess.run([*TABLETOP, *args], capture_output=True, text=True)


def test_rulesets_lists_the_template(duel_installed):
    out = run("rulesets")
    assert out.returncode == 0
    assert "duel\t1.0.0\tDuel (template plug-in)" in out.stdout.splitlines()


def test_play_narrates_and_ends_with_result_then_replay_verifies(duel_installed, tmp_path):
    log = tmp_path / "duel.jsonl"
    out = run("play", "duel", "skirmish", "--seed", "4", "--log", str(log))
    assert out.returncode == 0, out.stderr
    lines = out.stdout.strip().splitlines()
    assert lines[-1].startswith("result: ") and len(lines) > 10
    check = run("replay", str(log), "--verify")
    assert check.returncode == 0, check.stderr
    assert "verify: ok" in check.stdout


def test_player_view_narration_hides_the_opponent_hand(duel_installed):
    out = run("play", "duel", "skirmish", "--seed", "4", "--as", "red")
    assert out.returncode == 0
    assert "a card draw -> hand:blue" in out.stdout


@pytest.mark.parametrize(
    "args, message",
    [
        (("play", "nope", "x"), "unknown ruleset 'nope'"),
        (("play", "duel", "nope"), "unknown scenario of duel 'nope'"),
        (("play", "duel", "skirmish", "--agents", "random,genius"), "unknown agent for duel 'genius'"),
        (("play", "duel", "skirmish", "--variant", "lwtv"), "unknown variant of duel 'lwtv'"),
        (("scenarios", "nope"), "unknown ruleset"),
        (("replay", "/nonexistent.jsonl"), "no such file"),
    ],
)
def test_user_errors_exit_2_with_one_line(duel_installed, args, message):
    out = run(*args)
    assert out.returncode == 2
    assert message in out.stderr
    assert "Traceback" not in out.stderr and len(out.stderr.strip().splitlines()) == 1


def test_corrupt_log_exits_2_naming_the_line(duel_installed, tmp_path):
    log = tmp_path / "g.jsonl"
    assert run("play", "duel", "skirmish", "--quiet", "--log", str(log)).returncode == 0
    text = log.read_text().splitlines(keepends=True)
    del text[7]
    log.write_text("".join(text))
    out = run("replay", str(log))
    assert out.returncode == 2 and "line 8" in out.stderr


def test_human_agent_plays_at_the_terminal(duel_installed):
    answers = "\n".join(["v"] + ["1"] * 400) + "\n"
    out = subprocess.run([*TABLETOP, "play", "duel", "skirmish", "--agents", "human,random", "--quiet"],
                         input=answers, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert "== red to decide" in out.stdout and "1. Attack" in out.stdout
    assert '"strength"' in out.stdout  # 'v' showed red's own view
    assert out.stdout.strip().splitlines()[-1].startswith("result: ")


def test_verify_mismatch_exits_1_naming_the_event(duel_installed, tmp_path):
    """A log whose chain is intact but whose recorded outcome the seed does not give."""
    import attrs
    import tabletop_core

    log = tmp_path / "g.jsonl"
    assert run("play", "duel", "skirmish", "--seed", "2", "--quiet", "--log", str(log)).returncode == 0
    game = tabletop_core.load_game(log)
    index = next(i for i, e in enumerate(game.events) if type(e).__name__ == "DiceRolled")
    roll = game.events[index]
    forged = attrs.evolve(roll, faces=(roll.faces[0] % 6 + 1,), total=roll.faces[0] % 6 + 1)
    rebuilt = tabletop_core.Game.from_events(game.rules, game.header, [*game.events[:index], forged, *game.events[index + 1:]])
    rebuilt.save(log)  # a consistent chain and digest: only re-simulation can tell
    assert run("replay", str(log)).returncode == 0
    out = run("replay", str(log), "--verify")
    assert out.returncode == 1
    assert f"event {index + 1} differs" in out.stderr


def test_the_shipped_rulesets_list_their_scenarios_and_variants():
    listing = run("rulesets").stdout
    for name in ("goe85", "orgun1983", "fubar"):
        assert any(line.startswith(name + "\t") for line in listing.splitlines())
    assert "orgun-1983\tOrgun 1983" in run("scenarios", "orgun1983").stdout
    goe = [line.split("\t")[0] for line in run("scenarios", "goe85").stdout.splitlines()]
    assert len(goe) == 9 and "air-assault" in goe
    assert run("variants", "fubar").stdout.startswith("lwtv\t")
    assert run("variants", "orgun1983").stdout == ""
