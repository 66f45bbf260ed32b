"""Off-map units entering with a Move card (GoE 18h, 18e, 9, 17a).

A Move (or Fast Move) moves one hex of units, so a card played for the units waiting off the map
brings on one hex's worth of them: the player picks them one at a time (:class:`EntryChoice`), each
pick keeping the group within one hex's stacking (9: three ground units, one Hero, two non-Hero Leg
units, one ground vehicle), a carrier bringing its loaded passengers.  Then they move as any Move's
units do: each enters by an entry hex of its own choosing and goes on within its MF (18h: not the
same route).  Helicopters are not picked here: any card activates a helicopter (17a), so each one
enters on its own activation (``vehicles.vehicle_plays``), its passengers aboard.

Reading (one hex's worth): the group is what could stand in one hex, not what must enter through
one hex; the alternative (all through the same entry hex) would add a constraint the text does not
state for a Move's units.
"""
from __future__ import annotations

import attrs
from tabletop_core import Decision

from ..model.actions import ChooseEntrant, EntrantsChosen
from ..model.frames import EntryChoice, MoveOrder
from ..queries.carrying import passengers
from ..queries.entering import waiting
from ..queries.units import stacking_ok


def decide(rules, state, f: EntryChoice):
    chosen = [state.units[x] for x in f.chosen if x in state.units]
    opts = [ChooseEntrant(u.uid) for u in waiting(state, f.player)
            if u.uid not in f.chosen and stacking_ok(chosen + [u])]
    if not opts or (len(opts) == 1 and not f.chosen):
        return None  # nothing more fits, or a lone unit waits (no choice): they enter (advance)
    if f.chosen:
        opts.append(EntrantsChosen())
    return Decision(f.player, tuple(opts), f"units entering with this {f.use} ({len(f.chosen)} chosen)")


def act(rules, ctx, f: EntryChoice, action) -> None:
    if isinstance(action, ChooseEntrant):
        ctx.replace(attrs.evolve(f, chosen=f.chosen + (action.unit,)))
        return
    _enter(ctx, f)


def advance(rules, ctx, f: EntryChoice) -> None:
    if not f.chosen:  # the lone unit waiting
        f = attrs.evolve(f, chosen=tuple(u.uid for u in waiting(ctx.state, f.player)))
    _enter(ctx, f)


def _enter(ctx, f: EntryChoice) -> None:
    ctx.pop()
    state = ctx.state
    uids = [x for x in f.chosen if x in state.units]
    uids += [p.uid for x in list(uids) for p in passengers(state, x)]  # 8a: passengers ride in
    if uids:
        ctx.push(MoveOrder(f.player, f.use, tuple(sorted(uids)), f.card))
