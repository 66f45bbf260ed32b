"""Which units may join a lead unit's attack (GoE 10d multiple attackers, 18f, 8d).

Every Eligible, unshaken unit of the lead's side in its hex may add its fire to the lead's, and
none has to (10d: not all units of a hex need fire, in an impulse or in Opportunity Fire), so the
firing player picks the subset and an attack names its supporters.  A hex holds at most three
ground units (9), so a lead has at most two possible supporters and four subsets: each subset is
listed as its own action (a tuple of unit ids) rather than asked for one unit at a time.
Loaded passengers never fire (8d).
"""
from __future__ import annotations

from itertools import combinations

from .units import units_at


def possible_supporters(state, lead) -> list:
    """10d, 8d: the units of ``lead``'s hex that could add their fire to its attack (an AP attack
    takes the AP-capable ones among them, 18f: they then fire one after another)."""
    return [u for u in units_at(state, lead.hex)
            if u.uid != lead.uid and u.side == lead.side and not u.marker and not u.shaken and not u.carrier]


def supporter_sets(candidates) -> list[tuple[str, ...]]:
    """Every subset of ``candidates`` (units or ids) as a sorted tuple of ids, the empty one first:
    the lead firing alone, then with each choice of supporters (10d)."""
    ids = sorted(u if isinstance(u, str) else u.uid for u in candidates)
    return [combo for n in range(len(ids) + 1) for combo in combinations(ids, n)]

