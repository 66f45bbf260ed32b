"""Who may fire ranged HE at whom now (GoE 10a, 10d, 18c, 21h Spraying Fire, 21k Indirect Fire)."""
from __future__ import annotations

from tabletop_core.boards import hex_distance

from ..data.loading import game_data
from ..model.actions import Use
from ..model.occupancy import by_hex, derived
from .board import board_at
from .fire_group import possible_supporters, supporter_sets
from .fire_reach import MAX_RANGE, SNIPER_RANGE, SPRAY_POWERS
from .fortifications import fire_blocked
from .sight import up_as
from .units import has, targetable

CANNISTER_RANGE = 4  # 18c


SPRAY_VERBS = ("fire", "move_fire", *SPRAY_POWERS)  # 21h
ALONE_USES = (Use.MARKSMAN, Use.RELOAD_FIRE, Use.PUNISHING_FIRE)  # 22m, 18n, 18j: one unit fires
ALONE = ((),)  # the lead's only group when no supporter may join


def fire_options(rules, state, side: str, *, use: Use, units=None) -> list:
    """(lead, target, supporters) triples a side may fire with now (10a, 10d): the lead an
    Eligible, unshaken unit; the target a targetable enemy in LOS and range; supporters: any subset
    of the other such units of the lead's hex in range (fire_group.py; the empty tuple: the lead
    alone).  ``target`` is a unit id, or ``hex:<label>`` for Spraying Fire."""
    return list(iter_fire_options(rules, state, side, use=use, units=units))


def iter_fire_options(rules, state, side: str, *, use: Use, units=None):
    """:func:`fire_options` one at a time, in the same order (whether there is one costs only the
    search up to the first).  What a lead or a target brings to the question (its type, sight
    class and height) is looked up once per state (the enemy list), not once per pair."""
    board = board_at(state)
    sight = board.sight(state)
    occupants = by_hex(state)
    types = game_data().units
    enemies = derived(state, ("he_targets", side), lambda: _targets(state, side, occupants, types))
    if not enemies:
        return
    bunkers = bool(state.bunkers)
    for lead in (units if units is not None else state.units.values()):
        if lead.side != side or lead.hex is None or lead.shaken or lead.carrier:
            continue
        kind = types[lead.type].kind
        if use == Use.CANNISTER and kind not in ("vehicle", "truck"):
            continue  # 18c: a vehicle's action (a helicopter's is not)
        if use not in (Use.RELOAD_FIRE,) and lead.marker:
            continue
        here = lead.hex
        if any(u.side != side for u in occupants.get(here, ())):
            continue  # 10a: not out of a hex shared with the enemy
        abilities = types[lead.type].abilities
        own_sniper = "sniper" in abilities
        sniper = own_sniper or use == Use.MARKSMAN
        reach = SNIPER_RANGE if sniper else (CANNISTER_RANGE if use == Use.CANNISTER else MAX_RANGE)
        lead_vehicle = kind in ("vehicle", "truck")
        lead_up = up_as(lead, kind)
        spraying = "spraying_fire" in abilities and use in SPRAY_VERBS
        groups_in_range = None  # 10d: the lead's supporter sets, listed at its first target in their range
        hexes_done = set()
        for t, t_vehicle, t_up, t_leg, t_hero in enemies:
            there = t.hex
            d = hex_distance(here, there)
            if d > reach or (bunkers and fire_blocked(state, here, there, target_leg=t_leg)):  # 23b facing
                continue
            # 14, 17e: helicopters one level up; a pair with a ground vehicle sees as vehicles do
            if not sight.sees(here, there, "vehicle" if (lead_vehicle or t_vehicle) else "leg", lead_up, t_up):
                # 21k: out of its own LOS, an Indirect Fire unit may fire alone if an adjacent friend sees it
                if indirect_allowed(lead, use) and spotted_indirectly(state, lead, there) and targetable(state, t):
                    yield (lead.uid, t.uid, ())
                continue
            if use == Use.RELOAD_FIRE and state.last_target.get(lead.uid) != t.uid:
                continue
            if d > MAX_RANGE:  # 10d: supporters within their range
                groups = ALONE
            else:
                if groups_in_range is None:
                    groups_in_range = supporter_sets([] if use in ALONE_USES else possible_supporters(state, lead))
                groups = groups_in_range
            if not t_hero or own_sniper or targetable(state, t, sniper=own_sniper):
                yield from ((lead.uid, t.uid, g) for g in groups)
            if spraying and there not in hexes_done:
                # 21h: whenever the unit leads an attack (alone, with its hex, or with a FIRE Power)
                hexes_done.add(there)
                if len(occupants[there]) > 1:
                    yield from ((lead.uid, "hex:" + board.label(there), g) for g in groups)


def _targets(state, side: str, occupants, types) -> list[tuple]:
    """The enemies ``side`` could fire HE at, with what the fire question asks of each: (unit, a
    ground vehicle?, height, a Leg unit?, a Hero?).  15, 8d: Hard Targets only to AP fire
    (ap_fire.py); loaded passengers neither fire nor are targets; 10a: not into a shared hex."""
    out = []
    for u in state.units.values():
        if u.side == side or u.hex is None or u.carrier:
            continue
        t = types[u.type]
        if t.af is not None or any(o.side == side for o in occupants[u.hex]):
            continue
        out.append((u, t.kind in ("vehicle", "truck"), up_as(u, t.kind), t.leg, t.hero))
    return out


INDIRECT_VERBS = ("fire", "intensive_fire", "kill_shot", "deadly_shot", "explosive_rounds")


def spotted_indirectly(state, lead, h) -> bool:
    """21k: a friendly unit adjacent to ``lead`` sees hex ``h``."""
    board = board_at(state)
    sight = board.sight(state)
    return any(u.side == lead.side and u.uid != lead.uid and u.hex is not None and board.distance(u.hex, lead.hex) == 1
               and sight.sees(u.hex, h) for u in state.units.values())


def indirect_allowed(lead, use: str) -> bool:
    return has(lead, "indirect_fire") and use in INDIRECT_VERBS
