"""Where the units stand: an index from hex to the units in it, derived from ``units``.

The rules ask "who is in this hex?" hundreds of times per decision (stacking on every hex a move
or reserve menu tries, targets, spotters); scanning every unit each time was a tenth of GoE's time.
The index (and the per-hex stacking counts of ``queries/units.py``, ``GoEState.stacks``) is built
on first use and dropped by every GoE event applied (:func:`dropping_index`
wraps each apply function), so it can never disagree with ``GoEState.units``: a change that
misses the index would have to bypass the appliers, which nothing but a test harness does (it
calls :func:`forget` after rewriting the units).  It is derived data, kept out of the state's
serialisation, digest and equality (``init=False, eq=False`` on the field).

Each hex lists its units in the order of ``GoEState.units`` (the order a scan finds them), so every
question answered through the index lists units exactly as before.

The index also carries :func:`derived` values: lists every question of one state rebuilds (the
enemies a side may fire at), made once per state and dropped with the index; and the impulse's
card listings (:func:`menu`), which the steps of one play share (only the core's frame and action
events come between them, and those leave the index alone).
"""
from __future__ import annotations

from typing import Callable

from tabletop_core.events import Appliers

from .state import GoEState


class Occupancy(dict):
    """The hex index, with the :func:`derived` values of the same state beside it."""

    __slots__ = ("derived", "menus")

    def __init__(self, *args) -> None:
        super().__init__(*args)
        self.derived: dict = {}
        self.menus: dict = {}


def by_hex(state: GoEState) -> dict:
    """{hex: (unit, ...)} for every occupied hex: the :class:`Unit` values themselves, so a question
    about a hex reads no second table (the tuples are never changed)."""
    index = state.occupancy
    if index is None:
        lists: dict = {}
        for u in state.units.values():
            if u.hex is not None:
                lists.setdefault(u.hex, []).append(u)
        index = state.occupancy = Occupancy({h: tuple(us) for h, us in lists.items()})
    return index


def derived(state: GoEState, key: tuple, build: Callable):
    """``build()``, made once per state: kept beside the hex index and dropped with it by the next
    event.  ``key`` is ``(name, side)``: a value for ``side`` may depend on ``side``'s own units
    only through the hexes they stand in (so :func:`carry_index` may keep it for a view that
    changes one of them in place).  The value is shared: callers never change it."""
    values = by_hex(state).derived
    if key not in values:
        values[key] = build()
    return values[key]


def menu(state: GoEState, key: tuple, build: Callable):
    """``build()`` once per state and ``key``, like :func:`derived`, but never given to a view
    (:func:`carry_index`): a listing that holds the state it lists (``procedures/card_menu.py``).
    ``key`` must name what the value reads beyond the units and GoE events: the frames and the
    card piles change through the core's events, which keep the index.  A value is kept with its
    state: a clone (which shares the index until either changes) builds its own."""
    values = by_hex(state).menus
    held = values.get(key)
    if held is None or held[0] is not state:  # a clone shares the index (core state.clone), not the listings
        held = values[key] = (state, build())
    return held[1]


def forget(state: GoEState) -> None:
    """Drop the index after ``units`` was rewritten outside the appliers (test set-up only)."""
    state.occupancy = state.stacks = None


def carry_index(view: GoEState, state: GoEState, old, new) -> None:
    """Give ``view`` -- a copy of ``state`` whose ``units`` hold unit ``new`` in place of ``old``, in
    the same hex (a helicopter in another mode, queries/heli_designation.py) -- the index of
    ``state`` with that one entry changed, instead of a rebuild, and the :func:`derived` values
    of ``new``'s side (they see its units only as hexes held); the stacking counts are rebuilt."""
    index = state.occupancy
    view.occupancy = view.stacks = None
    if index is not None and old.hex is not None and old.hex == new.hex:
        moved = Occupancy({**index, old.hex: tuple(new if u is old else u for u in index[old.hex])})
        moved.derived = {k: v for k, v in index.derived.items() if k[1] == new.side}
        view.occupancy = moved


def dropping_index(appliers: Appliers) -> Appliers:
    """The same apply functions, each dropping the index before it changes the state."""
    out = Appliers()
    for event_type, function in appliers.table.items():
        out.table[event_type] = _dropping(function)
    return out


def _dropping(function: Callable) -> Callable:
    def apply(state, event) -> None:
        state.occupancy = state.stacks = None  # and the per-hex stacking counts built on it
        function(state, event)

    apply.__doc__ = function.__doc__
    apply.__name__ = getattr(function, "__name__", "apply")
    return apply
