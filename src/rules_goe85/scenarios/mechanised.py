"""The mechanised scenarios' set-up (loaded forces, fortifications, deployment) and Jalalabad's events.

Jalalabad's Event cards: the SU-25 Frogfoot strike and two Stinger missiles (its victory points are
in :mod:`.jalalabad`).
"""
from __future__ import annotations

from ..effects.damage_draw import damage_card
from ..effects.losses import apply_hit

import attrs
from tabletop_core import Decision

from ..model.actions import Decline, Declined, Stinger, Su25, Use
from ..queries.board import board_at
from ..queries.deck import card
from ..procedures.setup import after_placed, setup_carrier
from ..model.state import MUJ, SOVIET, other
from ..model.frames import EventChoice, FireFrame
from ..model.events import Note
from ..queries.units import is_hard, units_at, utype
from ..model.vehicles import APFire, MechSet

SU25_HEF, SU25_APF, SU25_TM = 6, 7, -3
STINGER_HITS = {"green": 3, "gold": 2, "red": 1}


# -- events ---------------------------------------------------------------------------------------
def resolve_event(ctx, name: str) -> None:
    ctx.push(EventChoice(SOVIET if name == "su25_strike" else MUJ, name))


def _stinger_targets(state):
    from ..queries.sight import is_heli, sees

    watchers = [u for u in state.units.values() if u.side == MUJ and u.hex is not None and not u.carrier]
    return sorted(h.uid for h in state.units.values() if is_heli(h) and h.hex is not None
                  and any(sees(state, w, h) for w in watchers))


def decide_event(rules, state, f: EventChoice):
    board = board_at(state)
    if f.event == "stinger":
        opts = [Stinger(uid) for uid in _stinger_targets(state)]
        return Decision(MUJ, (*opts, Decline(Declined.STINGER)), "Stinger: a visible helicopter")
    hexes = sorted({u.hex for u in state.units.values() if u.side == MUJ and u.hex is not None})
    opts = []
    for h in hexes:  # the Frogfoot picks two adjacent hexes; no LOS needed
        for n in board.neighbours[h]:
            opts.append(Su25((board.label(h), board.label(n))))
    return Decision(SOVIET, (*opts, Decline(Declined.SU25)), "SU-25: two adjacent hexes")


def act_event(rules, ctx, f: EventChoice, action) -> None:
    state = ctx.state
    ctx.pop()
    if isinstance(action, Decline):
        return
    if f.event == "stinger":  # green 3 hits, gold 2, red 1
        cid = damage_card(ctx)
        hits = STINGER_HITS.get(card(cid).he, 0) if cid else 0
        ctx.emit(Note(f"Stinger at {action.unit}: {hits} hit(s)"))
        for _ in range(hits):
            if action.unit in state.units:
                apply_hit(rules, ctx, action.unit)
        return
    board = board_at(state)
    for label in reversed(action.hexes):
        h = board.hex(label)
        enemies = [u for u in units_at(state, h) if u.side == MUJ and not u.carrier]
        for v in [u for u in enemies if is_hard(u)]:  # 7 APF, TM -3 against vehicles
            ctx.push(APFire(side=SOVIET, use=Use.EVENT, lead="", target=v.uid, step="aim", marker="", apf=SU25_APF,
                            tm=SU25_TM, source_hex=h))
        soft = tuple(u.uid for u in enemies if not is_hard(u))
        if soft:  # 6 HEF of Spraying Fire, concealment ignored
            ctx.push(FireFrame(side=SOVIET, use=Use.EVENT, lead="", supporters=(), targets=soft, hex=h,
                               hef=SU25_HEF - board.cf(h), step="begin", marker="", spraying=True))


def load_force(ctx, force, uids) -> None:
    """An entering loaded force (Air Assault): each Leg unit boards a carrier of the force."""
    from ..queries.carrying import room_for
    from ..model.vehicles import Loaded

    if not force.loaded:
        return
    state = ctx.state
    carriers = [state.units[u] for u, _ in uids if utype(state.units[u]).carrier]
    for uid, _ in uids:
        u = state.units[uid]
        if not utype(u).leg:
            continue
        c = next((c for c in carriers if room_for(state, c, u)), None)
        if c is not None:
            ctx.emit(Loaded(uid, c.uid))
            ctx.emit(MechSet(f"carried:{c.uid}", 1))


def place_fortifications(ctx, board, force, *, wire: bool = True, bunker: bool = True) -> None:
    """Default deployment only (``bunker``, ``wire``; in the set-up decision phase the player faces
    the Bunker and places the Wire, setup.py): 23b the force's Bunker in its named hex, facing the
    enemy's friendly edge; 23c its Wire in the zone's hexes nearest the enemy, none adjacent to
    another."""
    from tabletop_core.boards.hexfacing import facing_toward

    from ..model.events import BunkerPlaced, WirePlaced
    from ..data.loading import game_data

    spec = game_data().scenarios[ctx.state.scenario]
    if force.bunker and bunker:
        h = board.hex(force.bunker)
        enemy_edge = spec.edges.get(other(force.side), "south")
        key = {"south": lambda x: -(2 * x[1] + x[0]), "north": lambda x: 2 * x[1] + x[0],
               "east": lambda x: -x[0], "west": lambda x: x[0]}[enemy_edge]
        far = min((x for x in board.hexes if x[0] == h[0]) or board.hexes, key=key)
        ctx.emit(BunkerPlaced(h, facing_toward(h, far) if far != h else 3))
    if force.wire and wire:
        from ..queries.board import deploy_preference

        zone = sorted({h for z in force.zones for h in board.zone_hexes(z)})
        from ..procedures.setup import fortifiable

        zone = [h for h in zone if fortifiable(ctx.state, board, h)]
        toward = attrs.evolve(force, prefer=spec.edges.get(other(force.side), "north"))
        zone.sort(key=lambda h: deploy_preference(board, toward, h))
        picked = []
        for h in zone:  # spread out: no two Wire hexes adjacent
            if all(board.distance(h, p) > 1 for p in picked):
                picked.append(h)
            if len(picked) == force.wire:
                break
        for h in picked:
            ctx.emit(WirePlaced(h))


def deploy(ctx, board, force, uids, zone) -> bool:
    """The default deployment of a loaded or cover-only force (scenarios._deploy does the rest):
    vehicles one to a hex, the Leg units loaded into them; cover-only zones keep to covered hexes.
    True when it placed the force."""
    from ..model.state import Unit
    from ..model.events import UnitPlaced

    if not (force.loaded or force.cover_only or force.wire):
        return False
    state = ctx.state
    zone = [h for h in zone if h not in state.wire and (not force.cover_only or board.cf(h) > 0)]
    from ..data.loading import game_data

    data = game_data()
    vehicles = [(u, t) for u, t in uids if data.units[t].kind in ("vehicle", "truck", "helicopter")]
    ordinary = [(u, t) for u, t in uids if (u, t) not in vehicles and not data.units[t].hero]
    heroes = [(u, t) for u, t in uids if data.units[t].hero]
    from ..queries.movement import could_enter

    used = []
    for uid, tid in vehicles:  # 24: each in a hex it could enter by its own movement class
        h = next(x for x in zone if x not in used and could_enter(board, x, Unit(uid, tid, force.side, None)))
        used.append(h)
        ctx.emit(UnitPlaced(Unit(uid, tid, force.side, h)))
    slots = iter([x for x in zone if x not in used])
    current = None
    count = 0
    for uid, tid in ordinary + heroes:
        u = Unit(uid, tid, force.side, None)
        target = next((h for h in used if force.loaded and setup_carrier(state, u, h) is not None), None)
        if target is None:
            if data.units[tid].hero and used:
                target = next((h for h in used if not any(utype(x).hero for x in units_at(state, h))), None)
            if target is None:
                if current is None or count % 2 == 0:
                    current = next(slots)
                    used.append(current)
                count += 1
                target = current
        ctx.emit(UnitPlaced(Unit(uid, tid, force.side, target)))
        after_placed(ctx, force, uid, target)
    return True
