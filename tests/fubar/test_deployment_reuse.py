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


def test_every_game_deploys_the_events_the_set_up_rules_give():
    """``scenarios._deployment`` (kept per data, scenario and table measure): each game of a
    scenario, base or LWTV, starts with the scenario, both forces with their points, every unit
    placed (hidden exactly when it deploys in cover and rides in nothing: # FUBAR hidden), the
    riders embarked and the civilians placed, as working each out afresh gives; a second game
    starts with the very same events."""
    from rules_fubar.state import PLAYERS, Embarked, ForceMustered, ScenarioSet, UnitPlaced

    rules = FubarRules()
    hidden = riders = 0
    for scenario, spec in rules.data.scenarios.items():
        for variants in ((), ("lwtv",)):
            a = new_game("fubar", scenario, seed=3, variants=variants)
            b = new_game("fubar", scenario, seed=4, variants=variants)
            kinds = (ScenarioSet, ForceMustered, UnitPlaced, Embarked)
            set_up = [e for e in a.events if isinstance(e, kinds)]
            assert all(e is f for e, f in zip(set_up, [e for e in b.events if isinstance(e, kinds)]))
            assert set_up[0] == ScenarioSet(scenario, spec.turns, spec.reserve_figures)
            for side, mustered in zip(PLAYERS, set_up[1:3]):
                mine = [d for d in spec.forces if d.side == side]
                assert mustered == ForceMustered(side, tuple(d.id for d in mine),
                                                 sum(rules.data.troops[d.troop].points for d in mine))
            placed = {e.unit.id: e for e in set_up if isinstance(e, UnitPlaced)}
            for d in spec.forces:
                u = make_unit(rules, d.troop, d.id, d.side, d.x, d.y, heading=d.heading, table=spec.table)
                in_cover = not d.carried_by and rules.measure_for(u).unit_cover(u) > 0
                assert placed[d.id].unit.hidden == in_cover and placed[d.id].reason == "deployed"
                assert placed[d.id].unit.figures == u.figures
                hidden += in_cover
            assert [e for e in set_up if isinstance(e, Embarked)] == [
                Embarked(d.id, d.carried_by) for d in spec.forces if d.carried_by]
            riders += sum(1 for d in spec.forces if d.carried_by)
            assert sorted(uid for uid, e in placed.items() if e.reason == "civilians") == sorted(c.id for c in spec.civilians)
    assert hidden and riders
