"""Every game of a process deploys the very same unit objects for the same scenario
(``scenarios.make_unit`` keeps them), so the measuring caches, which outlive a game, find their
figure keys by identity instead of comparing a previous game's equal figures field by field."""
from __future__ import annotations

from tabletop_core import new_game

from rules_fubar.rules import FubarRules
from rules_fubar.scenarios import make_unit


def test_two_games_deploy_the_same_figure_objects():
    deployed = 0
    for scenario in ("recovery-team", "meeting-engagement", "cordon-and-search"):
        a = new_game("fubar", scenario, seed=1)
        b = new_game("fubar", scenario, seed=2)
        assert a.state.units.keys() == b.state.units.keys()
        for uid, u in a.state.units.items():
            assert u == b.state.units[uid]
            if u.carried_by:
                continue  # riders are moved onto their vehicle by an event: new figures each game
            assert all(f is g for f, g in zip(u.figures, b.state.units[uid].figures))
            deployed += 1
    assert deployed > 10


def test_a_kept_unit_is_the_one_its_arguments_build():
    """The kept unit depends on every argument, an int and a float coordinate included (they
    print differently in the log)."""
    rules = FubarRules()
    troop = next(t for t, spec in rules.data.troops.items() if not spec.vehicle and len(spec.figures) > 2)
    one = make_unit(rules, troop, "u1", "isaf", 10.0, 12.0)
    assert make_unit(rules, troop, "u1", "isaf", 10.0, 12.0) is one
    assert make_unit(rules, troop, "u2", "isaf", 10.0, 12.0).figures[0].id == "u2-1"
    assert make_unit(rules, troop, "u1", "insurgents", 10.0, 12.0).side == "insurgents"
    assert len(make_unit(rules, troop, "u1", "isaf", 10.0, 12.0, count=2).figures) == 2
    assert make_unit(rules, troop, "u1", "isaf", 10.0, 14.0).figures[0].y == 14.0
    assert make_unit(rules, troop, "u1", "isaf", 10.0, 12.0, heading=0.0).heading == 0.0
    as_int = make_unit(rules, troop, "u1", "isaf", 10.0, 12)
    assert repr(as_int.figures[0].y) == "12" and repr(one.figures[0].y) == "12.0"
