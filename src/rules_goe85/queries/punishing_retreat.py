"""GoE 18j Punishing Fire: the hexes its target may step back into between the two attacks, and
whether it may step back off the map instead (13d: only by an edge the scenario makes its exit)."""
from __future__ import annotations

from tabletop_core.boards import Hex
from tabletop_core.boards.hexgrid import DIRECTIONS

from ..queries.board import board_at
from ..queries.units import is_vehicle
from ..queries.units import stacking_ok
from ..queries.units import units_at
from ..queries.units import utype

def _retreating(state, target_id: str, lead_id: str):
    """The target and the firer, when the target may step back at all (not a vehicle, not Ops
    Complete, not carried: 18j), else None."""
    u, lead = state.units.get(target_id), state.units.get(lead_id)
    if u is None or lead is None or u.hex is None or is_vehicle(u) or u.marker == "ops" or u.carrier:
        return None
    return u, lead


def retreat_hexes(state, target_id: str, lead_id: str):
    """Where the target of a Punishing Fire may step back to (empty: no retreat)."""
    board = board_at(state)
    pair = _retreating(state, target_id, lead_id)
    if pair is None:
        return []
    u, lead = pair
    d0 = board.distance(lead.hex, u.hex)
    out = []
    for b in board.neighbours[u.hex]:
        if b not in board.board or board.row(b).cost(utype(u).move_class) is None:
            continue
        there = units_at(state, b)
        if any(x.side != u.side for x in there) or not stacking_ok(there + [u]):
            continue
        if board.distance(lead.hex, b) > d0:
            out.append(b)
    return sorted(out)


def may_retreat_off_map(rules, state, target_id: str, lead_id: str) -> bool:
    """Whether the target of a Punishing Fire may step back off the map: a hex beyond the map next
    to its own is farther from the firer (18j), and the scenario makes the edge it stands on an
    exit for it (13d: no other retreat may leave the map)."""
    pair = _retreating(state, target_id, lead_id)
    if pair is None or not rules.special_rules(state).exits_by_retreat(state, pair[0]):
        return False
    u, lead = pair
    board = board_at(state)
    d0 = board.distance(lead.hex, u.hex)
    beyond = (Hex(u.hex[0] + d.q, u.hex[1] + d.r) for d in DIRECTIONS)
    return any(b not in board.board and board.distance(lead.hex, b) > d0 for b in beyond)
