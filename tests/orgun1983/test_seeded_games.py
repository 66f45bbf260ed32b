"""Seeded games pinned to the logs the 2.0.0 rules wrote before the speed work (issue 15).

Each row was recorded on commit d93e94e (the event hashes again for 2.0.1, whose failed ambush
records the party's move going on without the stopped unit, one frame event more: the same
decisions and final digests): the seed, the agents, the number of decisions, the sha256
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
    ("random,random", 0, 626, "17d78cf9051ca1ca9fa8c9877ba1b7db32415d1769b43c801b57f18dff27c458", "8af7906b213a806edabc38276b63519d46420376b15fe2836d4899fab69a045c"),
    ("random,random", 1, 661, "dc98378dec75881bcf86e8f74b80ad09ebd8ffc912cfc69f8befe6b44a98f2ff", "8d08babc0f9ec0f9b982d2e3b90140ed1bd9fa940d7e8329a180dc8fe94c2732"),
    ("random,random", 2, 1007, "a1a74deef29a5c08221b7b4a25ab00d0fe42469d6b0ac166dd5e9858198f7541", "54130147ba48a72809c127fd7a04b3f1239b076144a0f70eeef67bf9ca7a084b"),
    ("random,random", 3, 497, "dcc794675ecd497e69be61f198f2b1995cde84f1fcaf86769cac655c1ccc7756", "9142674584bdb22bbb193d94cc1eef1fdd374144b1bf541e244520a67cff2910"),
    ("random,random", 4, 308, "8b82df590519fb631bb12ae4fcb523ef049ecf526eff7b4f3a4290d8a0256e99", "5f6daaa4291ee7a4bc9359899f3e8720472cf656859f39c9cdb5bbb00521851d"),
    ("orgun,orgun", 0, 433, "73b6591ecdfcb68dbe6fe37f8dc194398fdc9ac4ee35a4cd43e3b5cea8c0be0f", "5baf1aec05e9ed3e924b3059e1f5275939ed8544ce8db55e27e78868a7ce8619"),
    ("orgun,orgun", 1, 274, "426c81b838535978a2d98f6d7d2cd22f83ef708984b61911869e5237bf405785", "d11b98b532c1c8ee74af71f7715ef02ef048df29e20a1cc3b3e01e315012adee"),
    ("orgun,random", 0, 364, "4dd8868c67c8e0228183071e33fb556066323f36a48dd608877999e7fe3715d1", "df48400e0e5cee03b36c94b87e11057e22284b0a7d7291a35fb9556d7dc8f6f6"),
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
