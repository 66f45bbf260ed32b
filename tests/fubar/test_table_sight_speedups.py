"""The table's fast sight questions, asked along real games: ``Table.clear_between`` (its edge test
written out) answers as the plain sight line does, and ``Table.box_hidden`` (the shadow's edge rays
tested by cross products) calls a box hidden only when every sight line into it is blocked.

Random meeting engagements, base and LWTV, put watchers (several On Guard reactors, leaders,
vehicles with passengers, hidden units) behind and beside the buildings: every question the rules
ask in them is checked against the plain computation."""
from __future__ import annotations

import pytest

from tabletop_core import agents_for, new_game, play
from tabletop_core.boards.table import Table

from rules_fubar.rules import _measure


def _probes(box):
    """The box's corners, the middles of its sides and its centre."""
    x0, y0, x1, y1 = box
    xm, ym = (x0 + x1) / 2, (y0 + y1) / 2
    return [(x0, y0), (x0, y1), (x1, y0), (x1, y1), (xm, y0), (xm, y1), (x0, ym), (x1, ym), (xm, ym)]


@pytest.mark.parametrize("variants", [(), ("lwtv",)])
def test_fast_sight_questions_answer_as_the_plain_ones_in_real_games(monkeypatch, variants):
    clear_between, box_hidden = Table.clear_between, Table.box_hidden
    # the measuring caches outlive a game: fresh ones (the same answers) ask every line anew
    _measure.cache_clear()
    asked = {"lines": 0, "hidden": 0, "boxes": 0}

    def checked_clear_between(self, pa, pb, holding_a, holding_b):
        answer = clear_between(self, pa, pb, holding_a, holding_b)
        assert answer == self.line_of_sight(pa, pb)  # the plain test, ends looked up afresh
        assert (holding_a, holding_b) == (self.blockers_holding(pa), self.blockers_holding(pb))
        asked["lines"] += 1
        return answer

    def checked_box_hidden(self, point, box, shadow):
        answer = box_hidden(self, point, box, shadow)
        assert answer == box_hidden(self, point, box, self.shadow)  # a cached shadow is the shadow
        if answer:
            asked["hidden"] += 1
            assert not any(self.line_of_sight(point, p) for p in _probes(box))
        asked["boxes"] += 1
        return answer

    monkeypatch.setattr(Table, "clear_between", checked_clear_between)
    monkeypatch.setattr(Table, "box_hidden", checked_box_hidden)
    for seed in range(6):
        game = new_game("fubar", "meeting-engagement", seed=seed, variants=variants)
        play(game, agents_for(game, "random,random"))
    assert asked["lines"] > 1000 and asked["boxes"] > 10 and asked["hidden"] > 0


def test_a_shadow_is_two_unit_rays_either_side_of_the_building():
    """``Table.shadow``: the rays are unit directions, the first clockwise of the direction to
    the building's middle and the second counter-clockwise of it, less than a half turn apart;
    none for a point inside the building or one seen edge on."""
    from tabletop_core.boards.table import TerrainFeature

    table = Table.build(48, 48, [TerrainFeature("house", [(30, 30), (34, 30), (34, 34), (30, 34)], "hard",
                                                blocks_los=True)])
    lx, ly, rx, ry, beyond = table.shadow((32.0, 24.0), 0)
    assert abs(lx * lx + ly * ly - 1) < 1e-12 and abs(rx * rx + ry * ry - 1) < 1e-12
    ux, uy = 0.0, 8.0  # to the house's middle
    assert ux * ly - uy * lx < 0 < ux * ry - uy * rx  # either side of it
    assert lx * ry - ly * rx > 0  # counter-clockwise from the first to the second, under a half turn
    assert beyond > 10.0  # past the far corners, sqrt(2 * 2 + 10 * 10)
    assert table.shadow((32.0, 32.0), 0) is None
    assert table.shadow((34.0, 32.0), 0) is None  # on the wall: the house is seen edge on
