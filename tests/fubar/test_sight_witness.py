"""``Measure.sees_any_of``'s shortcuts answer as the plain rule (# FUBAR activation: an enemy in
sight; # FUBAR cover): the kept unit-level verdicts, the figure pair that showed the unit an enemy
last time (``_witness``, tried before the walk) and the walk over every pair of figures, checked
in real play, both editions, random and ``fubar`` agents, at every question asked (activation
rolls, the activation menu's assault test, close combat's), against every figure pair's answer
worked out straight on the core table with nothing kept."""
from __future__ import annotations

import pytest

from tabletop_core import agents_for, new_game, play

from rules_fubar.measure import Measure

from .test_measure_caches import _plain_visible


@pytest.mark.rule("fubar:activation")
@pytest.mark.rule("fubar:cover")
@pytest.mark.parametrize("variants", [(), ("lwtv",)])
@pytest.mark.parametrize("agents", ["random,random", "fubar,fubar"])
def test_sees_any_of_answers_as_every_figure_pair(monkeypatch, variants, agents):
    asked = {"questions": 0, "seen": 0, "hint tried": 0, "hint settled": 0}
    fast = Measure.sees_any_of
    hint_shows = Measure._hint_shows

    def counting_hint(self, af, others, hint):
        settled = hint_shows(self, af, others, hint)
        asked["hint tried"] += 1
        asked["hint settled"] += settled
        return settled

    def checked(self, a, others):
        others = list(others)
        answer = fast(self, a, others)
        plain = any(_plain_visible(self.table, f, g) for b in others for f in a.figures for g in b.figures)
        assert answer == plain, (a.id, [b.id for b in others])
        asked["questions"] += 1
        asked["seen"] += answer
        return answer

    monkeypatch.setattr(Measure, "_hint_shows", counting_hint)
    monkeypatch.setattr(Measure, "sees_any_of", checked)
    for seed in range(3):
        game = new_game("fubar", "meeting-engagement", seed=seed, variants=variants)
        play(game, agents_for(game, agents))
    # every path was taken: answers both ways, hints that settle and hints that do not
    assert asked["questions"] > 50 and 0 < asked["seen"] < asked["questions"]
    assert 0 < asked["hint settled"] < asked["hint tried"], asked
