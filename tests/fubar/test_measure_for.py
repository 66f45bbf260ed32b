"""``FubarRules.measure_for`` keeps each table's measuring per rules object (a look-up by the
table id): the very Measure ``_measure`` keeps for the table and data, whichever rules object
(base, LWTV, a copy with another policy) or game asks, for every unit a game deploys."""
from __future__ import annotations

from tabletop_core import agents_for, new_game, play

from rules_fubar.rules import _measure


def test_measure_for_is_the_measure_of_the_units_table_in_every_game():
    asked = 0
    for scenario in ("recovery-team", "meeting-engagement", "cordon-and-search"):
        for variants in ((), ("lwtv",)):
            game = new_game("fubar", scenario, seed=5, variants=variants)
            play(game, agents_for(game, "random,random"))
            rules = game.rules
            for u in game.state.units.values():
                expected = _measure(u.table, rules.data)
                assert rules.measure_for(u) is expected
                assert rules.with_policy(rules.policy).measure_for(u) is expected
                assert rules.measure_of_scenario(scenario) is expected
                asked += 1
    assert asked > 20
