"""The seed is the host's secret: no player's view, export or narration carries it; a view commits
to it and the full log revealed after the game opens the commitment.  A keyed log tells the host's
own logs from forged ones."""
import json
import zlib
import subprocess
import sys

import pytest

import tabletop_core
from tabletop_core import gamelog
from tabletop_core.errors import CorruptLogError, LogKeyError
from tabletop_core.events import GameStarted
from tabletop_core.reveal import CommitmentError, check_view

pytest.importorskip("tabletop_duel")
SEED = 987_654_321_123


def played(seed=SEED):
    game = tabletop_core.new_game("duel", "skirmish", seed=seed)
    tabletop_core.play(game, tabletop_core.agents_for(game, "random"))
    return game


def resolver():
    return tabletop_core.rules_resolver()


def test_a_players_history_and_observation_carry_no_seed():
    game = played()
    for player in game.rules.players:
        started = game.events_for(player)[0]
        assert isinstance(started, GameStarted) and started.seed is None
        assert str(SEED) not in json.dumps(game.observe(player), default=str)
        assert all(str(SEED) not in (line or "") for _e, line in game.narrated(player))


def test_an_exported_view_carries_a_commitment_not_the_seed(tmp_path):
    game = played()
    game.export_view(tmp_path / "red.jsonl", "red")
    text = (tmp_path / "red.jsonl").read_text()
    assert str(SEED) not in text
    header = json.loads(text.splitlines()[0])["header"]
    assert header["seed"] is None and "salt" not in header and len(header["commitment"]) == 64


def test_the_full_log_opens_the_views_commitment(tmp_path):
    game = played()
    game.export_view(tmp_path / "red.jsonl", "red")
    game.save(tmp_path / "full.jsonl")
    report = check_view(tmp_path / "red.jsonl", tmp_path / "full.jsonl", resolver())
    assert report.player == "red" and report.events == len(game.events)


def test_a_mid_game_view_is_checked_against_the_final_log(tmp_path):
    game = tabletop_core.new_game("duel", "skirmish", seed=SEED)
    for _ in range(5):
        game.apply(game.decision.actions[0])
    game.export_view(tmp_path / "blue.jsonl", "blue")
    tabletop_core.play(game, tabletop_core.agents_for(game, "random"))
    game.save(tmp_path / "full.jsonl")
    assert check_view(tmp_path / "blue.jsonl", tmp_path / "full.jsonl", resolver()).player == "blue"


def test_another_seed_does_not_open_the_commitment(tmp_path):
    played(SEED).export_view(tmp_path / "red.jsonl", "red")
    played(SEED + 1).save(tmp_path / "full.jsonl")
    with pytest.raises(CommitmentError, match="do not open the view's commitment"):
        check_view(tmp_path / "red.jsonl", tmp_path / "full.jsonl", resolver())


def test_play_as_a_player_never_prints_the_seed():
    out = subprocess.run([sys.executable, "-m", "tabletop_core.cli", "play", "duel", "skirmish", "--seed", str(SEED),
                          "--as", "red"], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert str(SEED) not in out.stdout and "scenario skirmish" in out.stdout


def test_seed_random_draws_a_secret_seed_recorded_in_the_full_log(tmp_path):
    log = tmp_path / "g.jsonl"
    out = subprocess.run([sys.executable, "-m", "tabletop_core.cli", "play", "duel", "skirmish", "--seed", "random",
                          "--quiet", "--log", str(log)], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    seed = json.loads(log.read_text().splitlines()[0])["header"]["seed"]
    assert seed.bit_length() > 64
    tabletop_core.load_game(log).verify()


@pytest.fixture
def key_file(tmp_path):
    path = tmp_path / "host.key"
    path.write_bytes(b"0123456789abcdef-the-host-secret\n")
    return path


def test_a_keyed_log_loads_only_with_its_key(tmp_path, key_file):
    key = gamelog.load_key(key_file)
    game = played()
    game.save(tmp_path / "g.jsonl", key=key)
    assert tabletop_core.load_game(tmp_path / "g.jsonl", key=key).digest() == game.digest()
    with pytest.raises(LogKeyError, match="keyed"):
        tabletop_core.load_game(tmp_path / "g.jsonl")
    with pytest.raises(CorruptLogError, match="under this key"):
        tabletop_core.load_game(tmp_path / "g.jsonl", key=b"another key of sixteen bytes")


def test_a_forged_log_with_a_recomputed_chain_is_refused_under_the_key(tmp_path, key_file):
    """Anyone can recompute an unkeyed chain; the host holding the key is not fooled."""
    key = gamelog.load_key(key_file)
    game = played()
    game.save(tmp_path / "forged.jsonl")  # a valid unkeyed chain, as a forger would write
    with pytest.raises(LogKeyError, match="not keyed"):
        tabletop_core.load_game(tmp_path / "forged.jsonl", key=key)


def test_the_cli_reads_the_key_from_key_file_or_environment(tmp_path, key_file):
    log = tmp_path / "g.jsonl"
    cli = [sys.executable, "-m", "tabletop_core.cli"]
    out = subprocess.run([*cli, "play", "duel", "skirmish", "--quiet", "--log", str(log), "--key-file", str(key_file)],
                         capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    bare = subprocess.run([*cli, "replay", str(log)], capture_output=True, text=True)
    assert bare.returncode == 2 and "keyed" in bare.stderr
    env = {**__import__("os").environ, gamelog.KEY_ENV: str(key_file)}
    keyed = subprocess.run([*cli, "replay", str(log), "--verify"], capture_output=True, text=True, env=env)
    assert keyed.returncode == 0, keyed.stderr


def test_a_short_key_is_refused(tmp_path):
    (tmp_path / "k").write_bytes(b"short")
    with pytest.raises(LogKeyError, match="16 bytes"):
        gamelog.load_key(tmp_path / "k")


def test_check_view_command(tmp_path):
    game = played()
    game.export_view(tmp_path / "red.jsonl", "red")
    game.save(tmp_path / "full.jsonl")
    out = subprocess.run([sys.executable, "-m", "tabletop_core.cli", "check-view", str(tmp_path / "red.jsonl"),
                          str(tmp_path / "full.jsonl")], capture_output=True, text=True)
    assert out.returncode == 0 and "view of red" in out.stdout, out.stderr


class _SeedRecorder:
    """A bot plug-in of anyone's: it keeps the seed its seat was given."""

    def __init__(self):
        self.given: dict[str, int] = {}

    @tabletop_core.hookimpl
    def tabletop_register_agents(self, registry):
        def factory(*, seed, player, rules):
            self.given[player] = seed
            return tabletop_core.agents.RandomAgent(seed=seed, player=player, rules=rules)
        registry.add("recorder", factory)


def test_an_agent_is_never_given_the_game_seed_nor_one_it_inverts():
    """agents_for used to pass the game's seed to every agent (and agent_seed is invertible): a bot
    could rebuild the hidden cards and future dice.  Each seat now gets a one-way digest of it."""
    recorder = _SeedRecorder()
    host = tabletop_core.Host(tabletop_core.make_plugin_manager(plugins=[recorder]))
    game = tabletop_core.new_game("duel", "skirmish", seed=SEED, host=host)
    seats = tabletop_core.agents_for(game, "recorder", host=host)
    given = dict(recorder.given)
    assert set(given) == set(game.rules.players) == set(seats)
    assert SEED not in given.values()
    assert len(set(given.values())) == len(given)  # one seat's seed tells nothing of the other's
    for player, seed in given.items():
        assert seed == tabletop_core.agents.seat_seed(SEED, player)  # reproducible
        assert (seed - zlib.crc32(player.encode())) // 1_000_003 != SEED  # not agent_seed run backwards
        assert str(SEED) not in str(seed)
    assert tabletop_core.play(game, seats) is not None  # and the seats play
