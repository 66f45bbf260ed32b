"""Which units fire AP and at what (GoE 15c, 17d), and the AP range bands of the TEC."""
from __future__ import annotations

from ..model.actions import Use
from ..queries.board import board_at
from ..queries.units import units_at
from .fire_group import possible_supporters, supporter_sets

from ..data.loading import game_data
from ..model.occupancy import derived
from .units import heli_mode, is_hard, utype


def ap_capable(u) -> bool:
    t = utype(u).factors(u.reduced)
    return t.apf is not None and utype(u).tm is not None


def ap_target(u) -> bool:
    """15c, 17d: vehicles (Hard Targets), trucks, and helicopters that hover or have landed."""
    t = utype(u)
    if u.carrier or u.hex is None:
        return False
    if t.kind == "helicopter":
        return heli_mode(u) in ("hovering", "landed")
    return is_hard(u) or t.kind == "truck"


def rules_range(d: int):
    return game_data().tec.ap_modifier(d)


SAGGER_MIN = 7  # 22k


def ap_supporters(state, lead) -> list:
    """10d, 18f: the units of ``lead``'s hex that may add an AP attack of their own behind its one."""
    return [m for m in possible_supporters(state, lead) if ap_capable(m)]


def ap_leads(state, side: str, *, use: str, units=None):
    from ..queries.fortifications import outside_bunker_front
    from ..queries.sight import sees

    board = board_at(state)
    out = []
    enemies = derived(state, ("ap_targets", side), lambda: _ap_enemies(state, side))
    if not enemies and not state.bunkers:
        return out
    for lead in (units if units is not None else state.units.values()):
        if lead.side != side or lead.hex is None or lead.shaken or lead.carrier or not ap_capable(lead):
            continue
        if use != Use.RELOAD_FIRE and lead.marker:
            continue
        if utype(lead).kind == "helicopter" and heli_mode(lead) == "landed":
            continue  # 17b: a landed helicopter cannot attack Hard Targets
        if use == Use.SAGGER and utype(lead).kind == "helicopter" and heli_mode(lead) != "hovering":
            continue  # 22k: a helicopter hovers to use Sagger
        if any(u.side != side for u in units_at(state, lead.hex)):
            continue
        groups = None  # 10d: the lead's supporter sets, listed at its first target
        for t in enemies:
            d = board.distance(lead.hex, t.hex)
            if use == Use.SAGGER and d < SAGGER_MIN:
                continue
            if rules_range(d) is None or not sees(state, lead, t) or outside_bunker_front(state, lead, t.hex):  # 23b
                continue
            if use == Use.RELOAD_FIRE and state.last_target.get(lead.uid) != t.uid:
                continue
            if groups is None:
                groups = supporter_sets(ap_supporters(state, lead) if use == Use.FIRE else [])
            out += [(lead.uid, t.uid, g) for g in groups]  # 10d: any of them join
        if state.bunkers and use in (Use.FIRE, Use.MOVE_FIRE, Use.RELOAD_FIRE):  # 23b: the bunker itself (ap_cases.py)

            out += [(lead.uid, b, ()) for b in bunker_targets(state, side, lead)
                    if use != Use.RELOAD_FIRE or state.last_target.get(lead.uid) == b]
    return out


def _ap_enemies(state, side: str) -> list:
    """The enemies ``side`` could fire AP at (:func:`ap_target`), none in a hex ``side`` shares (10a)."""
    return [t for t in state.units.values() if t.side != side and ap_target(t)
            and not any(u.side == side for u in units_at(state, t.hex))]


BUNKER = "bunker:"




def bunker_target(state, h) -> str:
    return BUNKER + board_at(state).label(h)


def bunker_hex(state, target: str):
    """The hex of a ``bunker:<label>`` target whose bunker still stands, else None."""
    if not target.startswith(BUNKER):
        return None
    h = board_at(state).hex(target[len(BUNKER):])
    return h if h in state.bunkers else None


def bunker_targets(state, side: str, lead) -> list[str]:
    """Bunkers ``lead`` may fire AP at: holding enemy units and none of ``side``'s, in LOS and AP range."""
    from ..queries.fortifications import outside_bunker_front
    from ..queries.sight import up

    if not state.bunkers:
        return []
    board = board_at(state)
    out = []
    for h in sorted(state.bunkers):
        there = units_at(state, h)
        if not any(u.side != side for u in there) or any(u.side == side for u in there):
            continue
        if rules_range(board.distance(lead.hex, h)) is None or outside_bunker_front(state, lead, h):  # 23b
            continue
        if board.sight(state).los(lead.hex, h, "vehicle" if utype(lead).kind in ("vehicle", "truck") else "leg",
                                  up(lead), 0) >= 2:
            continue
        out.append(bunker_target(state, h))
    return out
