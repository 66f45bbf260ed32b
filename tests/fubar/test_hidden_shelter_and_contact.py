"""Hidden units met by the rules' own arithmetic: a hidden vehicle sheltering troops from fire, and
a move ending on a hidden enemy's base (readings in saves.shelter's caller and movement.stop_at_hidden)."""
from __future__ import annotations

import math

import pytest

from rules_fubar.state import FireResult, MoveFigures, UnitMoved, UnitRevealed

from .helpers import activate, events_of, lab, place, take


def _sheltered(hidden: bool):
    game = lab()  # valley: open ground at x >= 38
    place(game, "ft1", "a", "isaf", 42, 46)
    t = place(game, "taliban-green", "t", "insurgents", 42, 30)
    place(game, "taliban-green", "t", "insurgents", 42, 30, figures=t.figures[2:4])  # at x 41.25 and 42.75
    place(game, "mrap", "v", "insurgents", 42, 33, hidden=hidden)  # between them and the firer, save 4+
    activate(game, "a")
    start = len(game.events)
    game.force_faces([6] * 8 + [1] * 8)
    from rules_fubar.state import FireAt

    take(game, FireAt(("t",), True))
    return game, game.events[start:]


@pytest.mark.rule("fubar:saves")
@pytest.mark.rule("fubar:hidden")
def test_a_hidden_vehicle_that_shelters_troops_is_revealed_by_it():
    game, events = _sheltered(hidden=True)
    kinds = [type(e) for e in events]
    revealed = [e for e in events if type(e) is UnitRevealed]
    assert [(e.unit, e.reason) for e in revealed] == [("v", "shelters t from fire")]
    assert kinds.index(UnitRevealed) < kinds.index(FireResult)  # shown before the save that uses it
    assert [e.save for e in events if type(e) is FireResult] == [4]  # the MRAP's save, not light 6+
    assert game.observe("isaf")["units"]["v"]["hidden"] is False
    seen_game, seen_events = _sheltered(hidden=False)  # a vehicle in view: the same save, nothing to reveal
    assert not [e for e in seen_events if type(e) is UnitRevealed]
    assert [e.save for e in seen_events if type(e) is FireResult] == [4]


@pytest.mark.rule("fubar:hidden")
@pytest.mark.rule("fubar:actions")
def test_a_move_ending_on_a_hidden_enemy_stops_in_contact_and_reveals_it():
    game = lab()
    a = place(game, "ft1", "a", "isaf", 42, 46)
    place(game, "ft1", "a", "isaf", 42, 46, figures=a.figures[:1])  # a-1 alone at (39.75, 46)
    h = place(game, "taliban-green", "h", "insurgents", 42, 38, hidden=True)
    g = h.figures[1]  # at (39.75, 38)
    activate(game, "a")
    onto = MoveFigures("run", (((g.x, g.y + 0.3),),))  # ends on g's base
    assert game.check(onto) is None  # refusing it would tell ISAF where h lies
    take(game, onto)
    f = game.state.units["a"].figures[0]
    assert math.dist(f.pos, g.pos) == pytest.approx(f.r + g.r, abs=0.01)  # stopped short, in base contact
    assert f.y > g.y  # on its own side of g, along the way it came
    assert [(e.unit, e.reason) for e in events_of(game, UnitRevealed)] == [("h", "found by a moving onto it")]
    assert events_of(game, UnitMoved)[-1].positions == (f.pos,)
    assert not game.state.units["h"].hidden
