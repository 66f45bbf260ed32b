"""Who sees whom (GoE 14, 17e): line of sight between units, with helicopters a level up and
ground vehicles seeing as vehicles do."""
from __future__ import annotations

from .board import board_at
from .units import airborne, utype


def is_heli(u) -> bool:
    return utype(u).kind == "helicopter"


def is_ground_vehicle(u) -> bool:
    return utype(u).kind in ("vehicle", "truck")


def up(u) -> int:
    """17e: flying and hovering helicopters are one level above their hex."""
    return 1 if airborne(u) else 0


def up_as(u, kind: str) -> int:
    """:func:`up` for a unit whose type's kind is known (a helicopter's mode: 17b, none yet: flying)."""
    return 1 if kind == "helicopter" and (u.mode or "flying") in ("flying", "hovering") else 0


def sight_class(a, b) -> str:
    """14 examples F-I, J-I: a pair with a ground vehicle sees as vehicles do (over Rough)."""
    return "vehicle" if (is_ground_vehicle(a) or is_ground_vehicle(b)) else "leg"


def own_look(u) -> tuple[str, int]:
    """A unit's own sight class and height (14, 17e), as ``sight_class(u, u)`` and ``up(u)``."""
    kind = utype(u).kind
    return ("vehicle" if kind in ("vehicle", "truck") else "leg"), up_as(u, kind)


def sees(state, a, b, ah=None, bh=None) -> bool:
    """LOS between two units (14, 17e), Smoke included; ``ah``/``bh`` override their hexes."""
    board = board_at(state)
    return board.sight(state).sees(a.hex if ah is None else ah, b.hex if bh is None else bh,
                                   sight_class(a, b), up(a), up(b))
