"""The derived values kept beside the hex index (model/occupancy.py): made once per state, dropped by
the next event, and kept for a helicopter-mode view only where that view cannot change them."""
from __future__ import annotations

import attrs
import pytest

from tabletop_core import Game, new_game
from tabletop_core.agents import AgentView, RandomAgent

from rules_goe85.model.occupancy import by_hex, derived, forget
from rules_goe85.model.state import other
from rules_goe85.queries.ap_targets import ap_leads
from rules_goe85.queries.fire_options import fire_options
from rules_goe85.queries.helicopters import in_mode, legal_modes
from rules_goe85.queries.heli_designation import with_unit
from rules_goe85.queries.sight import is_heli
from rules_goe85.queries.units import stack_counts


def _played(scenario: str, decisions: int, seed: int = 0):
    g = new_game("goe85", scenario, seed=seed)
    seats = {p: RandomAgent(seed=seed, player=p) for p in g.rules.players}
    for _ in range(decisions):
        d = g.decision
        g.apply(seats[d.player].choose(AgentView(g, d.player, d)))
    return g


def test_a_derived_value_is_made_once_per_state_and_dropped_by_the_next_event():
    g = _played("air-assault", 5)
    made = []
    for _ in range(2):
        assert derived(g.state, ("probe", ""), lambda: made.append(1) or len(made)) == 1
    assert made == [1]
    d = g.decision
    g.apply(d.actions[0])
    assert derived(g.state, ("probe", ""), lambda: made.append(1) or len(made)) == 2


def test_a_helicopter_mode_view_keeps_its_side_lists_and_they_equal_a_fresh_search():
    """The enemy lists a view keeps for the helicopter's side give the same attacks as a view built
    from nothing; the other side's lists are not kept (the helicopter is their target)."""
    compared = 0
    for seed in range(3):
        g = _played("air-assault", 60, seed=seed)
        state, rules = g.state, g.rules
        for h in [u for u in state.units.values() if is_heli(u) and u.hex is not None]:
            side = h.side
            for mode in legal_modes(state, h):
                fire_options(rules, state, side, use="fire")  # fills the state's lists for both uses
                ap_leads(state, side, use="fire")
                derived(state, ("probe", other(side)), lambda: "theirs")
                assert in_mode(h, mode) == attrs.evolve(h, mode=mode)
                view = with_unit(state, in_mode(h, mode))
                kept = set(view.occupancy.derived)
                assert ("he_targets", side) in kept and ("ap_targets", side) in kept
                assert ("probe", other(side)) not in kept
                found = (fire_options(rules, view, side, use="fire", units=[view.units[h.uid]]),
                         ap_leads(view, side, use="fire", units=[view.units[h.uid]]))
                fresh = with_unit(state, in_mode(h, mode))
                forget(fresh)
                assert found == (fire_options(rules, fresh, side, use="fire", units=[fresh.units[h.uid]]),
                                 ap_leads(fresh, side, use="fire", units=[fresh.units[h.uid]]))
                compared += 1
    assert compared > 0


@pytest.mark.parametrize("scenario,seed", [("jalalabad", 1), ("air-assault", 2), ("kill-zone", 0), ("city-boys", 3)])
def test_the_index_carried_over_an_event_is_the_index_rebuilt_after_it(scenario, seed):
    """After every event of a random game (moves with passengers riding, markers, hits and
    eliminations, loads, entries, notes), the hex index and stacking counts an event carries over
    (only the hexes of the units it changed listed again) are what a rebuild from the units gives:
    the same units, the very objects of ``units``, in its order."""
    g = new_game("goe85", scenario, seed=seed)
    seats = {p: RandomAgent(seed=seed, player=p) for p in g.rules.players}
    while not g.over:
        d = g.decision
        g.apply(seats[d.player].choose(AgentView(g, d.player, d)))
    fold = Game(g.rules, g.header)
    carried = 0
    for event in g.events:
        fold._apply_event(event)
        state = fold.state
        pending = state.superseded is not None
        hexes, counts = dict(by_hex(state)), dict(state.stacks or {})
        carried += pending and state.superseded is None and bool(state.units)
        forget(state)
        assert hexes == dict(by_hex(state)), event
        assert all(a is b for h in hexes for a, b in zip(hexes[h], by_hex(state)[h])), event
        assert all(stack_counts(state, h) == c for h, c in counts.items()), event
        for h in list(hexes)[::3]:
            stack_counts(state, h)  # some counts to carry into the next event
    assert carried > 100, carried
