"""Where the units stand: an index from hex to the units in it, derived from ``units``.

The rules ask "who is in this hex?" hundreds of times per decision (stacking on every hex a move
or reserve menu tries, targets, spotters); scanning every unit each time was a tenth of GoE's time.
The index (and the per-hex stacking counts of ``queries/units.py``, ``GoEState.stacks``) is built
on first use and renewed by every GoE event applied (:func:`dropping_index` wraps each apply
function): the hexes of the units the event changed are listed again and the others carried over,
or the whole index dropped when it changed many (:func:`_carried`), so it can never disagree with
``GoEState.units``: a change that misses the index would have to bypass the appliers, which
nothing but a test harness does (it calls :func:`forget` after rewriting the units).  It is derived data, kept out of the state's
serialisation, digest and equality (``init=False, eq=False`` on the field).

Each hex lists its units in the order of ``GoEState.units`` (the order a scan finds them), so every
question answered through the index lists units exactly as before.

The index also carries :func:`derived` values: lists every question of one state rebuilds (the
enemies a side may fire at), made once per state and dropped by the next event; and the impulse's
card listings (:func:`menu`), which the steps of one play share (only the core's frame and action
events come between them, and those leave the index alone).
"""
from __future__ import annotations

from operator import is_
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
        index = _carried(state) if state.superseded is not None else None
        if index is None:
            lists: dict = {}
            for u in state.units.values():
                if u.hex is not None:
                    lists.setdefault(u.hex, []).append(u)
            index = Occupancy({h: tuple(us) for h, us in lists.items()})
        state.occupancy = index
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
    state.occupancy = state.stacks = state.superseded = None


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
    """The same apply functions, each dropping the index (its :func:`derived` values and listings
    with it) and the stacking counts; the next question carries the hexes over (:func:`_carried`)."""
    out = Appliers()
    for event_type, function in appliers.table.items():
        out.table[event_type] = _dropping(function)
    return out


CARRIED_CHANGES = 4  # units the events since the last index may change for it to be patched, not rebuilt


def _dropping(function: Callable) -> Callable:
    def apply(state, event) -> None:
        index = state.occupancy
        if index is not None:  # the first event since the index was asked: keep it, and what it lists
            state.superseded = (index, state.stacks, list(state.units.values()))
        state.occupancy = state.stacks = None  # and the per-hex stacking counts built on it
        function(state, event)

    apply.__doc__ = function.__doc__
    apply.__name__ = getattr(function, "__name__", "apply")
    return apply


def _carried(state: GoEState) -> Occupancy | None:
    """The index of ``state.units`` from the last one asked before the events since (and its stacking
    counts into ``state.stacks``): most events change no unit (a note, a pass, a phase) or one or
    two (a move, a marker), so only the hexes of the units changed are listed again -- each in the
    order of ``units``, as :func:`by_hex` lists them -- and their counts dropped; None when the
    events added, removed or changed many units (the caller rebuilds).  Nothing superseded is
    changed: a clone may share it."""
    index, stacks, before = state.superseded
    state.superseded = None
    units = state.units
    after = list(units.values())
    if len(after) != len(before):
        return None
    if all(map(is_, before, after)):  # most events: no unit replaced (asked at C speed)
        changed: list = []
    else:
        changed = [(old, new) for old, new in zip(before, after) if old is not new]
    if len(changed) > CARRIED_CHANGES or any(old.uid != new.uid for old, new in changed):
        return None
    hexes = Occupancy(index)
    touched = {u.hex for pair in changed for u in pair if u.hex is not None}
    gone = {old.uid for old, _ in changed}
    for h in touched:
        hexes[h] = tuple(u for u in hexes.get(h, ()) if u.uid not in gone)
    order = None  # the units' order, looked up only for a hex that holds others
    for _, new in changed:
        if new.hex is None:
            continue
        held = hexes[new.hex]
        if held:
            order = order or list(units)
            hexes[new.hex] = tuple(sorted((*held, new), key=lambda u: order.index(u.uid)))
        else:
            hexes[new.hex] = (new,)
    for h in touched:
        if not hexes[h]:
            del hexes[h]
    if stacks:
        state.stacks = {h: c for h, c in stacks.items() if h not in touched} if touched else dict(stacks)
    return hexes
