"""Helicopter questions (GoE 17): legal modes and landing hexes, a move that must fly, HE against and
from helicopters (17b, 17d; no moving bonus and no ground cover against them, 10d, 17e), passengers
that use no Powers (17f)."""
from __future__ import annotations

import operator

import attrs

from ..model.frames import MoveFrame
from ..model.state import Unit
from .board import board_at
from .sight import is_heli
from .units import airborne, heli_mode, stacking_ok, units_at, utype

LANDING = ("clear", "hill", "scrub")  # 17b: where a helicopter may land

_UNIT_FIELDS = tuple(a.name for a in attrs.fields(Unit))  # the order of Unit's positional arguments
_unit_values = operator.attrgetter(*_UNIT_FIELDS)
_MODE_AT = _UNIT_FIELDS.index("mode")


def in_mode(u: Unit, mode: str) -> Unit:
    """``u`` in helicopter ``mode``: ``attrs.evolve(u, mode=mode)`` without its generic per-call
    work (every impulse and Reserve menu asks it of each helicopter and each mode)."""
    values = list(_unit_values(u))
    values[_MODE_AT] = mode
    return Unit(*values)


def must_fly(state, f: MoveFrame) -> bool:
    """17b: a helicopter activated flying must move at least one hex."""
    for uid, m, _ in f.mp:
        u = state.units.get(uid)
        if u is not None and is_heli(u) and heli_mode(u) == "flying" and uid not in f.stepped and u.hex is not None:
            return True
    return False


def may_land(state, u, h=None, there=None) -> bool:
    """17b: ``u`` may land in ``h`` (its own hex by default; ``there``: the other units in it, if
    already listed)."""
    board = board_at(state)
    h = u.hex if h is None else h
    if board.row(h).kind not in LANDING and not (board.row(h).kind == "hill"):
        return False
    there = [x for x in units_at(state, h) if x.uid != u.uid] if there is None else there
    if any(x.side != u.side for x in there):
        return False
    return not there or stacking_ok(there + [in_mode(u, "landed")])  # 9: a unit alone is within every limit


def legal_modes(state, u) -> list[str]:
    """17b: the modes ``u`` may change to in its hex, in the order flying, hovering, landed."""
    out = []
    there = [x for x in units_at(state, u.hex) if x.uid != u.uid]
    mode_now = heli_mode(u)
    in_the_air = None  # 9: flying and hovering are alike one air unit of the hex, so asked once
    for mode in ("flying", "hovering", "landed"):
        if mode == mode_now:
            continue
        if mode == "landed":
            if may_land(state, u, there=there):
                out.append(mode)
            continue
        if in_the_air is None:  # 9: a unit alone is within every limit
            in_the_air = not there or stacking_ok(there + [in_mode(u, mode)])
        if in_the_air:
            out.append(mode)
    return out


def he_adjustment(lead, targets) -> tuple[int, int]:
    """(HEF change, degrade levels) for helicopters in ranged HE combat: -2 HEF against a flying
    helicopter (17d); a flying or landed helicopter firing hits only on the rarer colours (17b,
    the nested-colour reading), a hovering one as usual."""
    delta = -2 if any(is_heli(t) and heli_mode(t) == "flying" for t in targets) else 0
    deg = 1 if (lead is not None and is_heli(lead) and heli_mode(lead) in ("flying", "landed")) else 0
    return delta, deg


def moving_bonus_applies(targets) -> bool:
    """10d/17d: the +1 HEF against a moving or Moved target is for Soft Targets on the ground; 10d
    sets moving vehicles *and* helicopters apart (harder to hit, -1 to the Targeting number), which
    17d turns into -2 HEF against a flying helicopter (:func:`he_adjustment`).  So HE fire at
    helicopters never takes the bonus, though 2c counts them Soft Targets."""
    return not (targets and all(is_heli(u) for u in targets))


def ground_cover_counts(targets) -> bool:
    """17e, our reading (the one place): ground cover does not shield a flying or hovering
    helicopter.  It is a level above its hex, over the woods, building, bunker or wire, so the hex's
    Cover Factor counts unless every target is such a helicopter; a landed one sits on the ground
    and takes its hex's cover like any unit.  The other reading -- every unit in a hex takes the
    hex's CF -- would make a Mi-24 over woods harder to hit than one over open ground, on top of
    17d's -2."""
    return not (targets and all(is_heli(u) and airborne(u) for u in targets))


def heli_passenger(state, u) -> bool:
    """17f: a passenger aboard a helicopter uses none of its Powers or Abilities while loaded (our
    reading: 17f speaks of helicopters only, so a passenger of a ground carrier keeps its Powers and
    Abilities except firing and assaulting, 8d).  The helicopter's own Powers need a Power card as
    any unit's (3b, 17a)."""
    carrier = state.units.get(u.carrier) if u.carrier else None
    return carrier is not None and utype(carrier).kind == "helicopter"
