"""Seeded games pinned to the logs the 2.0.0 rules wrote before the speed work (issue 15).

Each row was recorded on commit d93e94e: the seed, the agents, the number of decisions, the sha256
of the game's events in canonical JSON (one line each, the log's bodies without the hash chain)
and the final state digest.  The agents are seeded as they were then, with the game's seed itself
(``agents_for`` now gives each seat a one-way digest of it, issue 17), so the rows stay the games
they were.  An optimisation that keeps the action space must leave all of them
unchanged; any change of behaviour shows here first.  If a rules change is meant, the ruleset
version goes up and the rows are recorded again (and the change is said in the commit).
"""
from __future__ import annotations

import hashlib

import attrs
import pytest

from rules_orgun1983.actions import FRAMES
from tabletop_core import agents_for, default_host, new_game, play
from tabletop_core.agents import AgentView
from tabletop_core.codec import canonical_json

PINNED = (
    ("random,random", 0, 626, "5a0572f9f9a31ebe9525da01141ca0894cb10afd4d9bb6d8c44fe9586af576a0", "8af7906b213a806edabc38276b63519d46420376b15fe2836d4899fab69a045c"),
    ("random,random", 1, 661, "f4695a0302c78ecef26f956829eb499f023bdeffa33319c9506899878005d6ce", "8d08babc0f9ec0f9b982d2e3b90140ed1bd9fa940d7e8329a180dc8fe94c2732"),
    ("random,random", 2, 1007, "9a2528ce7d3283dae1f332c9949f9d62d556abcccc42834ca15709b9c0b4ae27", "54130147ba48a72809c127fd7a04b3f1239b076144a0f70eeef67bf9ca7a084b"),
    ("random,random", 3, 497, "d585fcfc26d3c43f7b9ada1da49eba40a2b85d97d60968c9f7691f3a120ef858", "9142674584bdb22bbb193d94cc1eef1fdd374144b1bf541e244520a67cff2910"),
    ("random,random", 4, 308, "0236a206fc47c049b35b4d0bf3e994a2c2c29780ea3a2507039ea1bada7ce1b2", "5f6daaa4291ee7a4bc9359899f3e8720472cf656859f39c9cdb5bbb00521851d"),
    ("orgun,orgun", 0, 433, "b1d84a9cc94bb0ee02feae5be220c3fcb1ab729b871ffb50c8504652f670d8b1", "5baf1aec05e9ed3e924b3059e1f5275939ed8544ce8db55e27e78868a7ce8619"),
    ("orgun,orgun", 1, 274, "039f12b83257684ebe7408d5a5a65aba360cf05d5f97d398939467b342e94862", "d11b98b532c1c8ee74af71f7715ef02ef048df29e20a1cc3b3e01e315012adee"),
    ("orgun,random", 0, 364, "056f930ad12fc61d6c4ee6e43602f0f4dd8667f5c93b47fc96f513e2aa4f34c5", "df48400e0e5cee03b36c94b87e11057e22284b0a7d7291a35fb9556d7dc8f6f6"),
)


def agents_seeded_with_the_game_seed(game, names: str) -> dict:
    """The seats as ``agents_for`` filled them when the rows were recorded (raw game seed)."""
    host, seed = default_host(), game.header.seed
    return {p: host.agent(n, seed=seed, player=p, rules=game.rules)
            for p, n in zip(game.rules.players, names.split(","))}


def events_sha256(game) -> str:
    lines = "\n".join(canonical_json(game.codec.event_to_dict(e)) for e in game.events)
    return hashlib.sha256(lines.encode()).hexdigest()


@pytest.mark.parametrize(("agents", "seed", "decisions", "events", "digest"), PINNED)
def test_a_seeded_game_plays_exactly_as_recorded(agents, seed, decisions, events, digest):
    game = new_game("orgun1983", "orgun-1983", seed=seed)
    play(game, agents_seeded_with_the_game_seed(game, agents))
    assert game.state.decisions == decisions
    assert events_sha256(game) == events
    assert game.digest() == digest


@pytest.mark.parametrize("seed", [0, 2])
def test_the_observed_frames_are_what_attrs_asdict_made_of_them(seed):
    # the observation's "pending" list is built without attrs.asdict (speed); it must not differ
    game = new_game("orgun1983", "orgun-1983", seed=seed)
    agents = agents_for(game, "random,random")
    seen = 0
    while not game.over:
        pending = game.observe("muj")["pending"]
        assert pending == [[f.TAG, attrs.asdict(f)] for f in game.state.stack]
        seen += len(pending)
        decision = game.decision
        game.apply(agents[decision.player].choose(AgentView(game, decision.player, decision)))
    assert seen > 0


def test_every_frame_field_is_a_scalar_or_a_tuple_of_scalars():
    # what frame_facts relies on to match attrs.asdict without recursing (a nested attrs value
    # or a dict in a frame would need asdict again)
    flat = {str, int, bool, str | None, int | None, tuple[str, ...], tuple[int, ...]}
    for frame in FRAMES:
        for field in attrs.fields(attrs.resolve_types(frame)):
            assert field.type in flat, f"{frame.__name__}.{field.name}: {field.type}"
