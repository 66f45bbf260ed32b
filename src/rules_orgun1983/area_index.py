"""Where each side's units stand: side -> area -> unit ids, kept by the appliers beside ``state.units``.

It is derived data -- the same fold of the same events always builds the same index -- so it is
not part of the serialised state: the field holding it is ``init=False``, which the codec's
converter leaves out, and the state digest (and every log) is exactly what it was without it
(``tests/orgun1983/test_seeded_games.py`` pins that).  It answers "who is in area X" and "where
is side S" without scanning every unit, which the movement and control questions ask several
times per decision.
"""
from __future__ import annotations

from bisect import insort


class AreaIndex(dict):
    """side -> area -> the ids of that side's units there, sorted; an area without units is absent.

    A dict, so the hot paths read it with plain subscripts (``state.at[side].get(area, ())``);
    only the appliers call :meth:`add` and :meth:`remove`.  Every side named at creation has an
    entry, empty or not."""

    __slots__ = ()

    @classmethod
    def for_sides(cls, sides) -> "AreaIndex":
        return cls({side: {} for side in sides})

    def add(self, side: str, area: int, unit: str) -> None:
        areas = self[side]
        ids = areas.get(area)
        if ids is None:
            areas[area] = [unit]
        else:
            insort(ids, unit)

    def remove(self, side: str, area: int, unit: str) -> None:
        areas = self[side]
        ids = areas[area]
        ids.remove(unit)
        if not ids:
            del areas[area]

    def move(self, side: str, source: int, target: int, unit: str) -> None:
        """:meth:`remove` from ``source`` then :meth:`add` to ``target``, in one call."""
        areas = self[side]
        ids = areas[source]
        ids.remove(unit)
        if not ids:
            del areas[source]
        ids = areas.get(target)
        if ids is None:
            areas[target] = [unit]
        else:
            insort(ids, unit)

    def clone(self) -> "AreaIndex":
        return AreaIndex({side: {a: list(ids) for a, ids in areas.items()} for side, areas in self.items()})
