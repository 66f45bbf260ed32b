"""GoE 18j Punishing Fire: the hexes its target may step back into between the two attacks."""
from __future__ import annotations

from ..queries.board import board_at
from ..queries.units import is_vehicle
from ..queries.units import stacking_ok
from ..queries.units import units_at
from ..queries.units import utype

def retreat_hexes(state, target_id: str, lead_id: str):
    """Where the target of a Punishing Fire may step back to (empty: no retreat)."""
    board = board_at(state)
    u, lead = state.units.get(target_id), state.units.get(lead_id)
    if u is None or lead is None or u.hex is None or is_vehicle(u) or u.marker == "ops" or u.carrier:
        return []
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
