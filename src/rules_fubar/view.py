"""What a player sees of a FUBAR game (``Rules.observe``): every unit but the other side's hidden
ones in full (# FUBAR hidden: those show only that they exist and how many figures they have),
the pending procedure step, the public reserves, the hideouts' pile sizes and the BVP choices made
so far (# FUBAR hideouts, bvp).

The ``fubar`` agent asks for this view at every decision it takes, so it is built with as few
calls as the dicts and lists it is made of allow: each unit shown in full is built once per unit
value (units are frozen; ``rules.unit_views`` keeps the entries under the unit's identity) as a
dict of immutable values (each figure a tuple), and every view gets its own copy of that dict and
its own list of the figure tuples, so no caller's edits reach another view; the pending frame's
fields are read through one getter per frame class, not through ``attrs.asdict``'s general
recursion.
"""
from __future__ import annotations

import operator
from functools import cache

import attrs

from . import scenarios


def observation(rules, state, player: str | None) -> dict:
    units = {}
    known = rules.unit_views
    kept = known.answers.get
    every = state.units
    for uid in _in_order(rules, every):
        u = every[uid]
        if player is not None and u.side != player and u.hidden:
            units[uid] = {"side": u.side, "hidden": True, "figures": len(u.figures)}
            continue
        key = id(u)
        entry = kept(key)
        if entry is None:
            entry = known.keep(key, _shown_in_full(u), u)
        units[uid] = {**entry, "figures": [*entry["figures"]]}  # this view's own dict and list
    top = state.top
    view = {
        "scenario": state.scenario, "turn": state.turn, "turns": state.turns, "phase": state.phase,
        "order": list(state.order), "current": state.current, "bvp": dict(state.bvp), "vp": dict(state.vp),
        "units": units,
        "combats": {k: [c.attacker, c.defender, c.rounds] for k, c in sorted(state.combats.items())}
        if state.combats else {},
        "pending": None if top is None else [top.TAG, frame_fields(top)],
        "policy": rules.policy.label,
    }
    # FUBAR hideouts: the reserves are public: the scenario sets them and every arrival is seen
    view["reserves"] = state.reserves
    if scenarios.HIDEOUTS in state.decks:
        # FUBAR hideouts: the other side sees how many buildings are designated, not which
        view["hideouts"] = state.decks[scenarios.HIDEOUTS].view(player)
    if state.bvp_choices:
        # FUBAR bvp: a conversion stays secret until every player has chosen
        view["conversion"] = {p: (t if player in (None, p) else "chosen") for p, t in sorted(state.bvp_choices.items())}
    return view


def _in_order(rules, units: dict) -> tuple[str, ...]:
    """The ids of ``units`` sorted, kept per set of ids in ``rules.unit_orders`` (the same few
    sets, in the order the units arrived, come back at every view; bounded: emptied when full)."""
    arrived = tuple(units)
    orders = rules.unit_orders
    order = orders.get(arrived)
    if order is None:
        if len(orders) >= _ORDERS_KEPT:
            orders.clear()
        order = orders[arrived] = tuple(sorted(arrived))
    return order


#: a figure as a view shows it: (id, x, y, weapon, suppressed, leader)
_FIGURE_SHOWN = operator.attrgetter("id", "x", "y", "weapon", "suppressed", "leader")

#: sets of unit ids kept in order at once (a game's reinforcements add a few sets)
_ORDERS_KEPT = 64


def _shown_in_full(u) -> dict:
    """A unit as a player who may see it is shown it: a value of the unit (frozen), kept for it in
    ``rules.unit_views``, whose entries hold only immutable values (the figures a tuple of tuples,
    the damage a tuple), so that ``observation`` gives each caller its own dict and figures list
    over them and no caller's edits reach another's view."""
    return {
        "side": u.side, "troop": u.troop, "grade": u.grade, "hidden": u.hidden,
        "figures": tuple(map(_FIGURE_SHOWN, u.figures)),
        "heading": u.heading if u.vehicle else None, "on_guard": u.on_guard, "attempted": u.attempted,
        "stance": u.stance, "damage": (u.stunned, u.weapon_destroyed, u.immobilised),
        "aboard": u.carried_by,
    }


def frame_fields(frame) -> dict:
    """``attrs.asdict(frame)`` for a procedure frame: its fields by name.  Frames hold plain values
    (``Frame``: plain frozen data: strings, numbers, flags and tuples of them, nested or not),
    which asdict gives as they are, equal tuples kept, so the frame's own values are the answer
    (``test_views`` compares the two at every decision of played games); a frame with a field of
    another kind goes through asdict's conversion."""
    names, getter = _fields_of(type(frame))
    if not names:
        return {}
    values = getter(frame)
    if len(names) == 1:
        values = (values,)
    if not _PLAIN.issuperset(map(type, values)):  # the types looked at in C, not a loop here
        return attrs.asdict(frame)
    return dict(zip(names, values))


#: the field values asdict gives as they are (tuples: of plain values, by the frame convention)
_PLAIN = frozenset({str, int, bool, float, type(None), tuple})


@cache
def _fields_of(cls) -> tuple[tuple[str, ...], operator.attrgetter]:
    names = tuple(a.name for a in attrs.fields(cls))
    return names, operator.attrgetter(*names)
