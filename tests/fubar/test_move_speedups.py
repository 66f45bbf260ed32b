"""The suggested moves' shortcuts answer as the plain computations they stand for: a body move's
ends (``move_menu._clear_ends`` on one ``_Mover`` for every vector, ``Table.straight_moves``) and
the rounding of an end to the thousandth (``movement._thousandths``), on positions from real play
(# FUBAR actions, vehicle-move) and at the cases the rules meet: vehicles, units with leaders,
moves shortened clear of an enemy base, screened moves, hidden enemies, LWTV."""
from __future__ import annotations

import math
import random

import pytest

from tabletop_core import new_game, play
from tabletop_core.agents import RandomAgent

from rules_fubar import move_allowance, move_menu, movement
from rules_fubar.action_menu import MOVE_KINDS
from rules_fubar.state import Choosing, Move


def _plain_ends(rules, state, u, move, allowances):
    """``move_menu.plan`` of a body move written out: the vector tried at k = 1, (n-1)/n, ..., 0,
    each figure moved by ``Table.move_toward`` and its end rounded by ``round(v, 3)``, until no
    figure ends touching a visible enemy base: (ends, allowance used, the fraction k of the vector)."""
    reach = max(allowances.values())
    if move.half:
        reach = min(reach, move_allowance.DISTANCE[move.mode] / 2)
    v = move_menu.body_vector(rules, state, u, move, reach)
    table = rules.measure_for(u).table
    profile = move_allowance.profile_of(u)
    bases = [(g.x, g.y, g.r) for e in state.units.values() if e.side != u.side and e.figures and not e.hidden
             for g in e.figures]
    for step in range(move_menu.CLEAR_STEPS, -1, -1):
        k = step / move_menu.CLEAR_STEPS
        ends, used = [], []
        for f in u.figures:
            target = (f.x + v[0] * k, f.y + v[1] * k)
            if target == f.pos:
                ends.append(f.pos)
                used.append(0.0)
                continue
            res = table.move_toward(f.pos, target, min(allowances[f.id], reach), profile, radius=f.r)
            ends.append((round(res.end[0], 3), round(res.end[1], 3)))
            used.append(res.used)
        if not any(math.dist(p, (gx, gy)) < f.r + gr for f, p in zip(u.figures, ends) for gx, gy, gr in bases):
            return tuple(ends), tuple(used), k
    return tuple(f.pos for f in u.figures), tuple(0.0 for _ in u.figures), None


class _CheckingMoves:
    """A random player that, shown a move menu, first checks ``plan`` of each suggested body move
    against ``_plain_ends`` (on the game's own state: the unit and the enemies as they stand)."""

    def __init__(self, game, player: str, seed: int, seen: dict[str, int]):
        self.game, self.seen, self.inner = game, seen, RandomAgent(seed=seed, player=player)

    def choose(self, view):
        state, rules = self.game.state, self.game.rules
        if type(state.top) is Choosing and state.top.kind in MOVE_KINDS:
            u = state.units[state.top.unit]
            allowances = move_allowance.allowance(u, move_allowance.acting_frame(state), state.top.kind)
            for m in (a for a in view.decision.actions if type(a) is Move and a.kind != "regroup"):
                ends, used, k = _plain_ends(rules, state, u, m, allowances)
                assert move_menu.plan(rules, state, u, m, allowances) == (ends, used), m
                self.seen["shortened"] += k != 1.0
                self.seen["vehicle"] += bool(u.vehicle)
                self.seen["leader"] += any(f.leader for f in u.figures)
                self.seen["screened"] += m.kind == "screened"
                self.seen["hidden enemy"] += any(e.hidden for e in state.units.values() if e.side != u.side)
                self.seen["lwtv"] += "lwtv" in rules.variants
        return self.inner.choose(view)


@pytest.mark.rule("fubar:actions")
@pytest.mark.rule("fubar:vehicle-move")
def test_every_suggested_body_move_ends_as_the_plain_computation():
    seen = dict.fromkeys(("vehicle", "leader", "shortened", "screened", "hidden enemy", "lwtv"), 0)
    for scenario, variants in [("meeting-engagement", ()), ("meeting-engagement", ("lwtv",)),
                               ("recovery-team", ()), ("cordon-and-search", ())]:
        for seed in range(3):
            game = new_game("fubar", scenario, seed=seed, variants=variants)
            play(game, {p: _CheckingMoves(game, p, seed, seen) for p in game.rules.players})
    assert all(seen.values()), seen


def test_thousandths_is_round_to_three_places():
    rng = random.Random(15)
    values = [0.0, -0.0, 1e-4, -1e-4, 0.0005, 0.0015, 2.5e-3, 47.9995, 48.0, 1e6, -1e6, 1e300, math.inf, -math.inf]
    for _ in range(20000):
        values.append(rng.uniform(-60.0, 60.0))
        tie = (rng.randint(-60000, 60000) + 0.5) / 1000  # the double nearest a tie, and its neighbours
        values += [tie, math.nextafter(tie, 0.0), math.nextafter(tie, math.inf)]
        exact = rng.randint(-60000, 60000) / 1000
        values += [exact, math.nextafter(exact, -math.inf), math.nextafter(exact, math.inf)]
    for v in values:
        assert repr(movement._thousandths(v)) == repr(round(v, 3)), v
    assert math.isnan(movement._thousandths(math.nan))
