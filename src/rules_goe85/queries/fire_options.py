"""Who may fire ranged HE at whom now (GoE 10a, 10d, 18c, 21h Spraying Fire, 21k Indirect Fire)."""
from __future__ import annotations

from ..model.actions import Use
from .board import board_at
from .fire_group import possible_supporters, supporter_sets
from .fire_reach import MAX_RANGE, SNIPER_RANGE, SPRAY_POWERS
from .fortifications import fire_blocked
from .sight import sees
from .units import has, is_hard, is_vehicle, targetable, units_at, utype

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
    search up to the first)."""
    board = board_at(state)
    # 15, 8d: Hard Targets only to AP fire (ap_fire.py); loaded passengers neither fire nor are targets
    enemies = [u for u in state.units.values() if u.side != side and u.hex is not None and not u.carrier and not is_hard(u)]
    enemies = [t for t in enemies if not any(u.side == side for u in units_at(state, t.hex))]  # 10a: not into a shared hex
    for lead in (units if units is not None else state.units.values()):
        if lead.side != side or lead.hex is None or lead.shaken or lead.carrier:
            continue
        if use == Use.CANNISTER and not (is_vehicle(lead) and utype(lead).kind != "helicopter"):
            continue  # 18c: a vehicle's action
        if use not in (Use.RELOAD_FIRE,) and lead.marker:
            continue
        if any(u.side != side for u in units_at(state, lead.hex)):
            continue  # 10a: not out of a hex shared with the enemy
        sniper = has(lead, "sniper") or use == Use.MARKSMAN
        reach = SNIPER_RANGE if sniper else (CANNISTER_RANGE if use == Use.CANNISTER else MAX_RANGE)
        groups_in_range = None  # 10d: the lead's supporter sets, listed at its first target in their range
        hexes_done = set()
        for t in enemies:
            d = board.distance(lead.hex, t.hex)
            if d > reach or fire_blocked(state, lead.hex, t.hex, target_leg=utype(t).leg):  # 23b facing
                continue
            if not sees(state, lead, t):  # 14, 17e: helicopters one level up
                # 21k: out of its own LOS, an Indirect Fire unit may fire alone if an adjacent friend sees it
                if indirect_allowed(lead, use) and spotted_indirectly(state, lead, t.hex) and targetable(state, t):
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
            if targetable(state, t, sniper=has(lead, "sniper")):
                yield from ((lead.uid, t.uid, g) for g in groups)
            if has(lead, "spraying_fire") and t.hex not in hexes_done and use in SPRAY_VERBS:
                # 21h: whenever the unit leads an attack (alone, with its hex, or with a FIRE Power)
                hexes_done.add(t.hex)
                if len([u for u in units_at(state, t.hex)]) > 1:
                    yield from ((lead.uid, "hex:" + board.label(t.hex), g) for g in groups)


INDIRECT_VERBS = ("fire", "intensive_fire", "kill_shot", "deadly_shot", "explosive_rounds")


def spotted_indirectly(state, lead, h) -> bool:
    """21k: a friendly unit adjacent to ``lead`` sees hex ``h``."""
    board = board_at(state)
    sight = board.sight(state)
    return any(u.side == lead.side and u.uid != lead.uid and u.hex is not None and board.distance(u.hex, lead.hex) == 1
               and sight.sees(u.hex, h) for u in state.units.values())


def indirect_allowed(lead, use: str) -> bool:
    return has(lead, "indirect_fire") and use in INDIRECT_VERBS
