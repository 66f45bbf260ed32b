"""``Measure.any_sees_within`` draws the sight line of a shooter in the open before it looks up the
place's cover (# FUBAR cover: only a place deep in cover is then out of sight, which matters to a
clear line alone): its answers are the plain rule's, for places deep in cover, at a cover edge and
in the open, shooters in the open and in cover, each asked alone and several at once."""
from __future__ import annotations

import random

import pytest

from rules_fubar.measure import Measure, edge
from rules_fubar.rules import FubarRules
from rules_fubar.state import Fig

from .test_measure_caches import _plain_visible


def _plain(table, shooters, targets) -> bool:
    return any(edge(Fig("a", *a, ra), Fig("b", *b, rb)) <= reach
               and _plain_visible(table, Fig("a", *a, ra), Fig("b", *b, rb))
               for a, ra, reach in shooters for b, rb in targets)


@pytest.mark.rule("fubar:cover")
def test_a_clear_line_to_a_place_deep_in_cover_does_not_show_it():
    """The orchard (meeting-engagement) is soft cover that blocks no sight line: from the open the
    line to its middle is clear, but a figure 3.5" deep in it is not seen; one at its edge is."""
    table = FubarRules().table_of("meeting-engagement")
    m = Measure(table)
    shooter = ((40.0, 16.0), 0.5, 24.0)
    deep, near_edge = ((33.5, 16.0), 0.5), ((36.5, 16.0), 0.5)
    assert m.feature_at(shooter[0])[0] is None  # the shooter stands in the open
    assert m.feature_at(deep[0]) == ("orchard", 3.5)
    assert table.line_of_sight(shooter[0], deep[0])  # the line itself is clear
    assert not m.any_sees_within([shooter], [deep])
    assert m.any_sees_within([shooter], [deep, near_edge])
    # a second shooter finds the deep place's cover looked up already by the first
    other = ((40.0, 17.0), 0.5, 24.0)
    assert not m.any_sees_within([shooter, other], [deep])
    assert Measure(table).any_sees_within([other, shooter], [deep, near_edge])


def _places(table, rnd, n):
    """Points in the open, at cover edges and deep inside cover areas (the wadi, the orchard, a
    building), in a random order."""
    out = []
    for f in table.features:
        x0, y0, x1, y1 = f.bbox
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        out += [(cx, cy), (x0 + 0.3, cy), (cx, y1 - 1.9), (cx, y1 - 2.1), (x1 + 0.4, cy)]
    out += [(rnd.uniform(1, 47), rnd.uniform(1, 47)) for _ in range(n)]
    rnd.shuffle(out)
    return [(round(x, 3), round(y, 3)) for x, y in out]


@pytest.mark.rule("fubar:cover")
@pytest.mark.parametrize("scenario", ["recovery-team", "meeting-engagement", "cordon-and-search"])
def test_shooters_in_the_open_and_in_cover_answer_as_the_plain_rule(scenario):
    table = FubarRules().table_of(scenario)
    rnd = random.Random(scenario + "-line-first")
    places = _places(table, rnd, 40)
    m = Measure(table)  # kept across trials: lines and places' cover found cached as a game does
    answers = set()
    for trial in range(200):
        shooters = [(rnd.choice(places), 0.5, rnd.choice([6.0, 24.0, 48.0])) for _ in range(rnd.randint(1, 4))]
        targets = [(rnd.choice(places), rnd.choice([0.5, 1.5])) for _ in range(rnd.randint(1, 6))]
        want = _plain(table, shooters, targets)
        assert m.any_sees_within(shooters, targets) == want
        assert Measure(table).any_sees_within(shooters, targets) == want  # nothing cached
        assert all(m.sees_within(a, ra, targets, reach) == _plain(table, [(a, ra, reach)], targets)
                   for a, ra, reach in shooters)
        answers.add(want)
    assert answers == {True, False}
