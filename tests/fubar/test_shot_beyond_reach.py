"""``targeting.shot``'s range shortcut (``_beyond``: no target figure within the weapon's longest
band, so no sight line is drawn) against the shot worked out the plain way, on positions from real
play: every figure of every unit at every enemy unit at each decision of seeded games, base and
LWTV, so riders, vehicles, mortars, hidden and suppressed units are all met."""
from __future__ import annotations

import pytest

from rules_fubar import targeting
from rules_fubar.measure import edge

from .test_unit_bounds import _positions


def _plain_shot(rules, state, u, f, target):
    """# FUBAR fire, mortars: the nearest target figure seen (or, for a mortar, the nearest one when
    a friend sees the target), then its band's Fire Points; the computation before the shortcut."""
    w = targeting.weapon_of(rules, u, f)
    if w is None:
        return None
    d = rules.measure_for(u).nearest_seen(f, target.figures)
    if d is None:
        if not w.indirect:
            return None
        if not targeting.spotted_by_friends(rules, state, u.side, target, firer=f):
            return None
        d = min(edge(f, g) for g in target.figures)
    fp = w.fire_points(d)
    return (d, fp) if fp else None


@pytest.mark.rule("fubar:weapons")
@pytest.mark.parametrize("scenario,variants,seed", [
    ("meeting-engagement", (), 102), ("recovery-team", (), 5), ("cordon-and-search", ("lwtv",), 5),
    ("meeting-engagement", ("lwtv",), 3),
])
def test_shot_beyond_reach_answers_as_the_plain_shot_in_play(scenario, variants, seed):
    met = {"beyond": 0, "shot": 0, "vehicle": 0, "rider": 0, "hidden": 0, "indirect": 0}
    for game, state in _positions(scenario, variants, seed, decisions=120):
        rules = game.rules
        units = [v for v in state.units.values() if v.alive and v.figures]
        for u in units:
            for e in units:
                if e.side == u.side:
                    continue
                for f in u.figures:
                    plain = _plain_shot(rules, state, u, f, e)
                    assert targeting.shot(rules, state, u, f, e) == plain, (u.id, f.id, e.id)
                    w = targeting.weapon_of(rules, u, f)
                    if w is not None and targeting._beyond(f, e.figures, w.reach):
                        met["beyond"] += 1
                    met["shot"] += plain is not None
                    met["vehicle"] += bool(u.vehicle or e.vehicle)
                    met["rider"] += bool(u.carried_by)
                    met["hidden"] += bool(e.hidden)
                    met["indirect"] += bool(w is not None and w.indirect)
    # every case met in each game (riders in Cordon and Search only: its trucks carry them)
    assert all(n for k, n in met.items() if k != "rider" or scenario == "cordon-and-search"), met
