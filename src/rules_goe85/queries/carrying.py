"""Who is aboard a carrier and who fits (GoE 8a)."""
from __future__ import annotations

from ..queries.sight import is_heli
from ..queries.units import eligible
from ..queries.units import heli_mode
from ..queries.units import stacking_ok
from ..queries.units import units_at
import attrs

from .units import utype


def passengers(state, carrier_uid: str) -> list:
    return [u for u in state.units.values() if u.carrier == carrier_uid]


def room_for(state, carrier, passenger) -> bool:
    """8a: one Leg unit plus one Hero."""
    aboard = passengers(state, carrier.uid)
    heroes = sum(1 for x in aboard if utype(x).hero)
    legs = len(aboard) - heroes
    return heroes == 0 if utype(passenger).hero else legs == 0


def may_unload(state, c, p) -> bool:
    if is_heli(c):
        mode = heli_mode(c)  # 17c: landed; Spetsnaz may also leave a hovering helicopter
        if not (mode == "landed" or (mode == "hovering" and p.type == "spetsnaz")):
            return False
    there = [x for x in units_at(state, c.hex) if x.uid != p.uid]
    return stacking_ok(there + [attrs.evolve(p, carrier="")])  # 8c, 9


def stacks(state, board) -> dict[str, list[str]]:
    """8b: each occupied hex, top counter first: every carrier with its loaded passengers on top of
    it, then the units that are not loaded (under the carrier)."""
    by_hex: dict = {}
    for u in sorted(state.units.values(), key=lambda x: x.uid):
        if u.hex is not None:
            by_hex.setdefault(u.hex, []).append(u)
    out = {}
    for h, units in sorted(by_hex.items()):
        order = []
        for c in units:
            if utype(c).carrier and not c.carrier:
                order += [p.uid for p in units if p.carrier == c.uid] + [c.uid]
        order += [u.uid for u in units if u.uid not in order and not u.carrier]
        order += [u.uid for u in units if u.uid not in order]  # a rider whose carrier is elsewhere (never)
        out[board.label(h)] = order
    return out


def lets_get_em_movers(state, side: str, hexes) -> list[str]:
    """18g, 8j: the Eligible Leg units of the hexes, and the carriers of those that are loaded."""
    uids = []
    for h in hexes:
        for u in units_at(state, h):
            if u.side == side and eligible(u) and utype(u).leg:
                uids.append(u.uid)
                c = state.units.get(u.carrier) if u.carrier else None
                if c is not None and eligible(c) and c.uid not in uids:
                    uids.append(c.uid)
    return sorted(uids)
