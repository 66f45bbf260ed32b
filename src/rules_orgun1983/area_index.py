"""Where each side's units stand: area -> unit ids, kept by the appliers beside ``state.units``.

It is derived data -- the same fold of the same events always builds the same index -- so it is
not part of the serialised state: the field holding it is ``init=False``, which the codec's
converter leaves out, and the state digest (and every log) is exactly what it was without it
(``tests/orgun1983/test_seeded_games.py`` pins that).  It answers "who is in area X" and "where
is side S" without scanning every unit, which the movement and control questions ask several
times per decision.
"""
from __future__ import annotations

from bisect import insort


class AreaIndex:
    """side -> area -> the ids of that side's units there, sorted; an area without units is absent."""

    __slots__ = ("sides",)

    def __init__(self, sides: dict[str, dict[int, list[str]]] | None = None):
        self.sides: dict[str, dict[int, list[str]]] = sides if sides is not None else {}

    def add(self, side: str, area: int, unit: str) -> None:
        areas = self.sides.get(side)
        if areas is None:
            areas = self.sides[side] = {}
        ids = areas.get(area)
        if ids is None:
            areas[area] = [unit]
        else:
            insort(ids, unit)

    def remove(self, side: str, area: int, unit: str) -> None:
        areas = self.sides[side]
        ids = areas[area]
        ids.remove(unit)
        if not ids:
            del areas[area]

    def areas_of(self, side: str) -> dict[int, list[str]]:
        """Area -> sorted ids for ``side`` (read only: the index's own dict)."""
        return self.sides.get(side, _NOWHERE)

    def ids_at(self, side: str, area: int) -> list[str] | tuple[()]:
        """The sorted ids of ``side``'s units in ``area`` (read only)."""
        return self.sides.get(side, _NOWHERE).get(area, ())

    def clone(self) -> "AreaIndex":
        return AreaIndex({side: {a: list(ids) for a, ids in areas.items()} for side, areas in self.sides.items()})

    def __repr__(self) -> str:
        return f"AreaIndex({self.sides!r})"


_NOWHERE: dict[int, list[str]] = {}  # never written: the answer for a side with no units yet
