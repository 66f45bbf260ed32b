"""Abilities and Powers with a procedure of their own (GoE 21d Tactical Coordination, 21k Indirect
Fire, 21m Single Use, 22g Brutal, 22l Rapid Fire, 22o Mortar).  No shipped scenario's forces carry them; the representative counters in
``data/units.toml`` (mortar teams, PKM, Lieutenant, Rifle (Brutal), a single-use recoilless rifle)
do.

Readings (each here only):
* 21d Tactical Coordination: an ability has no card of its own, so the unit uses it as its action
  for the impulse: any Action card (either block) activates the Eligible, unshaken unit to clear
  the Ops Complete / Moved / Fired marker of one other friendly unit; the unit is then Ops Complete.
* 21k Indirect Fire: only when the target is out of the firer's own LOS (a unit adjacent to the
  firer must see it); the accuracy roll is 1d6 with no modifier, 3-6 on target, 1-2 the shot lands
  in a random adjacent hex and attacks the enemy units there (if any), like artillery's drift.
  Lead unit alone (no group), Fire or a Fire Power, never Opportunity Fire nor Rapid Fire.
* 21m Single Use: the unit leaves play (not a loss) once its ranged attack is over.
* 22g Brutal: the Power moves the unit's hex of Eligible Units (the MOVE keyword); an assault that
  the Brutal unit takes part in eliminates defenders that would have to retreat (13d).  A defender
  that withdraws by its own Retreat card (19f) is not "forced".
* 22l Rapid Fire: with two targets, each in its own hex, the hexes within 2 of each other, each
  attack is a separate Damage Draw whose base HEF is 2 (range, cover and the rest still apply);
  with one target it is a plain FIRE (no bonus).
* 22o Mortar: an artillery strike (12a) of 3 HEF on the target hex only, called through any spotter;
  accuracy 1d6 with no Soviet bonus or LOS modifier, 3-6 on target, 1-2 one hex off at random.
"""
from __future__ import annotations

from ..effects.artillery_strike import strike
from ..effects.attack_start import start_fire

from ..queries.fire_options import fire_options
from ..queries.spotting import spotting

from ..effects.scatter import accurate
from ..effects.scatter import drift


from ..queries.board import board_at
from ..queries.deck import card
from ..queries.fortifications import bunker_second_winds
from ..queries.helicopters import heli_passenger
from ..model.actions import Block, PlayCard, Use
from ..model.events import MarkerSet, Note
from ..queries.units import eligible, has, units_at, utype
from ..model.frames import MoveOrder

MORTAR_HEF = 3  # 22o
RAPID_FIRE_HEF = 2  # 22l
RAPID_FIRE_SPREAD = 2  # 22l: hexes at most this far apart


# -- 21k Indirect Fire --------------------------------------------------------------------------


# -- what a card can do with these units --------------------------------------------------------
def card_plays(rules, state, side: str, cid: str, uses, shared: dict | None = None):
    """Plays of one card from the hand for 21d (any Action card), 23b (any card: Second Wind in a
    bunker) and the Powers 22g, 22l (two-hex mode), 22o."""
    c = card(cid)
    shared = {} if shared is None else shared
    attacks = shared.get("attacks", False)  # a helicopter's other-mode look: the attacks alone (queries/card_menu.py)
    out = [] if attacks else [PlayCard(cid, Block.ANY, Use.SECOND_WIND, uid)  # 23b: bunker_second_winds, once
                              for uid in _memo(shared, ("bunker_second_winds", side),
                                               lambda: bunker_second_winds(state, side, shared.get("only")))]
    for u, coordinated, powers in _actors(state, side, shared):
        if coordinated and c.kind == "action" and not attacks:
            out += [PlayCard(cid, Block.ANY, Use.TACTICAL_COORDINATION, u.uid, v) for v in coordinated]
        if not c.power:
            continue
        if "mortar" in powers:
            out += [PlayCard(cid, Block.POWER, Use.MORTAR, u.uid, label)
                    for label in _memo(shared, ("mortar_targets", side), lambda: mortar_targets(state, side))]
        if "brutal" in powers and not attacks:
            out.append(PlayCard(cid, Block.POWER, Use.BRUTAL, u.uid))
        if "rapid_fire" in powers:
            out += [PlayCard(cid, Block.POWER, Use.RAPID_FIRE, u.uid, a, second=b)
                    for a, b in _memo(shared, ("rapid_fire_pairs", u.uid), lambda: rapid_fire_pairs(rules, state, u))]
    return out


def _actors(state, side: str, shared: dict) -> list:
    """(unit, the marked units it may coordinate (21d), its Powers) for each unit of ``side`` that
    may use an ability or Power now, by id: the same for every card of the hand, so worked out once
    per listing (kept in the families' ``shared`` memo; ``"only"``: these units alone may act)."""
    only = shared.get("only")

    def build():
        mine = sorted((u for u in state.units.values() if u.side == side and u.hex is not None), key=lambda x: x.uid)
        return [(u, [v.uid for v in mine if v.uid != u.uid and v.marker] if has(u, "tactical_coordination") else [],
                 utype(u).powers)
                for u in mine if (only is None or u.uid in only) and eligible(u) and not u.shaken
                and not heli_passenger(state, u)]  # 17f

    return _memo(shared, ("ability_actors", side), build)


def _memo(shared: dict, key, build):
    if key not in shared:
        shared[key] = build()
    return shared[key]


def resolve(rules, ctx, side: str, action) -> bool:
    """Resolve a play :func:`card_plays` offers (a one-target Rapid Fire is a plain Fire: the
    impulse's); False for every other play."""
    if not (action.use in (Use.TACTICAL_COORDINATION, Use.MORTAR, Use.BRUTAL)
            or (action.use == Use.RAPID_FIRE and action.second)):
        return False
    state = ctx.state
    if action.use == Use.TACTICAL_COORDINATION:  # 21d
        ctx.emit(MarkerSet(action.target, ""))
        ctx.emit(MarkerSet(action.unit, "ops"))
    elif action.use == Use.MORTAR:  # 22o
        mortar(rules, ctx, side, action.unit, board_at(state).hex(action.target))
    elif action.use == Use.BRUTAL:  # 22g: MOVE the hex
        u = state.units[action.unit]
        uids = sorted(x.uid for x in units_at(state, u.hex) if x.side == side and eligible(x))
        ctx.push(MoveOrder(side, Use.BRUTAL, tuple(uids), action.card, brutal=action.unit))
    else:  # 22l, two hexes
        for target in (action.second, action.target):  # pushed last-first: the first named resolves first
            start_fire(rules, ctx, side, Use.RAPID_FIRE, action.unit, target, False, marker="ops", lead_hef=RAPID_FIRE_HEF)
    return True


# -- 22o Mortar ---------------------------------------------------------------------------------
def mortar_targets(state, side: str):
    board = board_at(state)
    hexes = sorted({u.hex for u in state.units.values() if u.side != side and u.hex is not None})
    return [board.label(h) for h in hexes if spotting(state, side, h) is not None]


def mortar(rules, ctx, side: str, uid: str, h) -> None:
    board = board_at(ctx.state)
    roll = ctx.roll("d6", player=side, reason="mortar accuracy").total
    if accurate(roll):
        ctx.emit(Note(f"{uid}'s mortar on target {board.label(h)} ({roll})"))
    else:
        h = drift(ctx, h)
        ctx.emit(Note(f"{uid}'s mortar misses ({roll}) and lands one hex off"))
    ctx.emit(MarkerSet(uid, "ops"))  # 22: Ops Complete after a Power
    if h in board.board:
        strike(rules, ctx, side, MORTAR_HEF, [h])


# -- 22l Rapid Fire -----------------------------------------------------------------------------
def rapid_fire_pairs(rules, state, u) -> list[tuple[str, str]]:
    """22l: the pairs of targets ``u`` may fire at in the two-hex mode (in different hexes at most
    two apart), each pair in the order the single-target listing names them."""
    board = board_at(state)
    single = [t for lead, t, g in fire_options(rules, state, u.side, use=Use.RAPID_FIRE, units=[u])
              if not g and not t.startswith("hex:")]
    out = []
    for i, a in enumerate(single):
        for b in single[i + 1:]:
            ha, hb = state.units[a].hex, state.units[b].hex
            if ha != hb and board.distance(ha, hb) <= RAPID_FIRE_SPREAD:
                out.append((a, b))
    return out


# -- 21m Single Use, 22g Brutal hooks -----------------------------------------------------------


