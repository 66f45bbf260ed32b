"""The numbers of an assault (GoE 13): assault HEF, hits spread evenly, the loser, a Tactical side (21i)."""
from __future__ import annotations

import attrs

from .units import has, hef, hit_outcome, utype


def unit_assault_hef(u) -> int:
    """GoE 13a, 21a/b: a unit without Assault defends with 1; Assault+ adds 1."""
    if not (has(u, "assault") or has(u, "assault_plus")):
        return 1
    return hef(u) + (1 if has(u, "assault_plus") else 0)


def assault_hef(units, bonus: int = 0) -> int:
    """13a: the total, unmodified by range or terrain."""
    return sum(unit_assault_hef(u) for u in units) + bonus


def distribute(units, hits: int, *, order=None) -> list[str]:
    """13b: who takes each of ``hits`` hits: everyone is Shaken before anyone is reduced, reduced
    before anyone is eliminated (destroying a unit without a reduced side counts as reducing it,
    but a true reduction goes first, as in the rulebook's example).  Returns the unit ids in the
    order they take the hits."""
    state = {u.uid: u for u in units}
    rank = {u.uid: (utype(u).hero, i) for i, u in enumerate(order or units)}
    out = []
    for _ in range(hits):
        if not state:
            break

        def key(uid):
            outcome = hit_outcome(state[uid])
            one_step_kill = outcome == "eliminated" and not state[uid].reduced
            stage = {"shaken": 0, "reduced": 1, "eliminated": 1 if one_step_kill else 2}[outcome]
            return stage, outcome == "eliminated", rank[uid]

        uid = min(state, key=key)
        out.append(uid)
        u = state[uid]
        outcome = hit_outcome(u)
        if outcome == "eliminated":
            del state[uid]
        else:
            state[uid] = attrs.evolve(u, shaken=True, reduced=u.reduced or outcome == "reduced")
    return out


def loser(att_hits: int, def_hits: int) -> str:
    """13d: the side that suffered more hits retreats; on a tie, the attacker."""
    return "defender" if def_hits > att_hits else "attacker"


def tactical(units) -> bool:
    """21i: an unshaken, not Ops Complete Tactical unit among the side's units in the assault."""
    return any(has(u, "tactical") and not u.shaken and u.marker != "ops" for u in units)
