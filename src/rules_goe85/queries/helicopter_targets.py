"""HE fire at helicopters (GoE 10d, 17d, 17e): what a helicopter among the targets changes.

10d gives +1 HEF against a moving or Moved Soft Target but sets moving vehicles *and* helicopters
apart: they are harder to hit, not easier (-1 to the Targeting number), and 17d turns that into
-2 HEF against a flying helicopter (``he_adjustment`` in procedures/vehicles.py).  So HE fire at a
helicopter never takes the moving-target bonus, though 2c counts it a Soft Target.

Reading (the one place): ground cover does not shield a flying or hovering helicopter.  It is a
level above its hex (17e), over the woods, building, bunker or wire, so the hex's Cover Factor does
not count against fire at it; a landed helicopter sits on the ground and takes the hex's cover like
any unit.  The other reading -- every unit in a hex takes the hex's CF -- would make a Mi-24 over
woods harder to hit than one over open ground, on top of 17d's -2.
"""
from __future__ import annotations

from .sight import is_heli
from .units import airborne


def moving_bonus_applies(targets) -> bool:
    """10d/17d: the +1 HEF against moving or Moved targets -- not when the targets are helicopters."""
    return not (targets and all(is_heli(u) for u in targets))


def ground_cover_counts(targets) -> bool:
    """17e (reading above): the hex's Cover Factor counts unless every target is an airborne helicopter."""
    return not (targets and all(is_heli(u) and airborne(u) for u in targets))
