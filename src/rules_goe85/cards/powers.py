"""Rally (16), markers (18p Second Wind), concealment (18q, 22p) and the non-fire Powers (22).

Each ``*_plays`` function lists the :class:`PlayCard` actions a side has with one card block; each
``do_*`` resolves one.  As a card family (``dispatch.CARD_FAMILIES``) the impulse asks
:func:`use_plays`, :func:`card_plays` and :func:`resolve`.  Fire Powers are fired by the impulse
itself, moving ones in ``cards/abilities.py``; concealment lost at the end of an impulse is
``effects/concealment.py``.
"""
from __future__ import annotations

from ..effects.damage_draw import damage_card

from ..queries.helicopters import heli_passenger

from tabletop_core.boards import hex_distance, hexes_within

from ..queries.board import board_at
from ..queries.deck import card
from ..model.actions import Block, PlayCard, Use
from ..model.events import ConcealSet, MarkerSet, Note, Rallied, Reconstituted, SmokePlaced, UnitHit
from ..queries.units import eligible, has, units_at, utype
from ..queries.fortifications import fortified

RALLY_USES = (Use.RALLY, Use.BLOODLUST, Use.RALLY2)
POWER_USES = (Use.AGGRESSIVE, Use.LEADERSHIP, Use.CONCEAL, Use.PREP_FIRE)  # 22c, 22f, 22i, 22p: do_power


def _adjacent_enemy(state, u) -> bool:
    return any(v.side != u.side and v.hex is not None and hex_distance(u.hex, v.hex) <= 1 for v in state.units.values())


def rally_targets(state, side: str, *, any_status: bool = False):
    """(uid, how): Shaken EUs to rally (16a), reduced unshaken EUs not next to an enemy to
    reconstitute (16b)."""
    out = []
    candidates = [u for u in state.units.values() if u.side == side and u.hex is not None
                  and (eligible(u) or any_status) and (u.shaken or u.reduced)]
    for u in sorted(candidates, key=lambda x: x.uid):
        if u.shaken:
            out.append((u.uid, "rally"))
        elif u.reduced and not _adjacent_enemy(state, u):
            out.append((u.uid, "reconstitute"))
    return out


def rally_plays(state, side: str, cid: str, block: str, use: str, targets=None, only=None):
    """``targets``: :func:`rally_targets`, if already known; ``only``: the plays for these units
    alone (a helicopter's listing: the Rally 2 pairs that name one of them)."""
    out = []
    targets = rally_targets(state, side) if targets is None else targets
    if use == Use.RALLY2:
        shaken = [uid for uid, how in targets if how == "rally"]
        for i, a in enumerate(shaken):
            if only is None or a in only:
                out.append(PlayCard(cid, block, use, a))
            for b in shaken[i + 1:]:
                if only is None or a in only or b in only:
                    out.append(PlayCard(cid, block, use, a, b))
        return out
    return [PlayCard(cid, block, use, uid, reconstitute=how == "reconstitute") for uid, how in targets
            if only is None or uid in only]


def any_card_plays(state, side: str, cid: str, only=None, targets=None):
    """21j Elite: any card Bloodlusts the unit; 21l Fanatic: any card Rallies it (``only``: for
    these units alone; ``targets``: :func:`rally_targets`, if already known)."""
    out = []
    for uid, how in rally_targets(state, side) if targets is None else targets:
        u = state.units[uid]
        if (only is not None and uid not in only) or heli_passenger(state, u):  # 17f
            continue
        if has(u, "elite"):
            out.append(PlayCard(cid, Block.ANY, Use.BLOODLUST, uid, reconstitute=how == "reconstitute"))
        elif has(u, "fanatic"):
            out.append(PlayCard(cid, Block.ANY, Use.RALLY, uid, reconstitute=how == "reconstitute"))
    return out


def do_rally(ctx, action: PlayCard) -> None:
    """16a/16b, 18b/k/l: remove Shaken, or flip a reduced unit; Rally marks Ops Complete, Bloodlust not."""
    for uid in (action.unit, action.target):
        if not uid:
            continue
        if not action.reconstitute:
            ctx.emit(Rallied(uid))
        else:
            ctx.emit(Reconstituted(uid))
        if action.use != Use.BLOODLUST:
            ctx.emit(MarkerSet(uid, "ops"))


def second_wind_plays(state, side: str, cid: str, block: str, only=None):
    """18p: take a Moved or Fired marker off one unit (``only``: one of these)."""
    marked = [u for u in state.units.values()
              if u.side == side and u.marker in ("moved", "fired") and (only is None or u.uid in only)]
    return [PlayCard(cid, block, Use.SECOND_WIND, u.uid) for u in sorted(marked, key=lambda x: x.uid)]


def conceal_hexes(state, side: str):
    """18q, 22p: Mujahideen Leg units in covered terrain, not next to an enemy, not all concealed yet."""
    if side != "mujahideen":
        return []
    board = board_at(state)
    out = set()
    for u in state.units.values():
        if u.side != side or u.hex is None or not utype(u).leg:
            continue
        if not board.in_cover(u.hex, fortified(state)) or _adjacent_enemy(state, u):  # 23a/b: covered
            continue
        if any(not x.concealed for x in units_at(state, u.hex) if x.side == side and utype(x).leg):
            out.add(u.hex)
    return sorted(out)


def do_conceal(ctx, h) -> None:
    for u in units_at(ctx.state, h):
        if u.side == "mujahideen" and utype(u).leg and not u.concealed:
            ctx.emit(ConcealSet(u.uid, True))


# -- Powers that are not a Fire ------------------------------------------------------------------
def aggressive_gains(state, u):
    """22i: a Bloodlust (18b) for every friendly unit in the hex: a Shaken one rallies (16a), an
    unshaken reduced one not next to an enemy is reconstituted (16b).  The Power's own unit may be
    of any status; the others, as any Bloodlust, must be Eligible Units.  (uid, how) pairs."""
    out = []
    for x in sorted(units_at(state, u.hex), key=lambda v: v.uid):
        if x.side != u.side or (x.uid != u.uid and x.marker) or x.carrier:
            continue
        if x.shaken:
            out.append((x.uid, "rally"))
        elif x.reduced and not _adjacent_enemy(state, x):
            out.append((x.uid, "reconstitute"))
    return out

def power_plays(state, side: str, cid: str, only=None):
    """The non-fire Powers' plays of ``side`` (``only``: of these units alone)."""
    board = board_at(state)
    out = []
    mine = sorted((u for u in state.units.values() if u.side == side), key=lambda x: x.uid)
    marked = [v.uid for v in mine if v.marker]  # 22c: who a Leadership may clear
    concealable = sight = None  # 22p: the hexes to conceal, 22f: LOS now; each found when first asked
    for u in mine:
        if u.hex is None or (only is not None and u.uid not in only) or heli_passenger(state, u):  # 17f
            continue
        for p in utype(u).powers:
            if p == "aggressive":  # 22i: any status; Bloodlust every unit in the hex
                if aggressive_gains(state, u):
                    out.append(PlayCard(cid, Block.POWER, p, u.uid))
                continue
            if not eligible(u) or u.shaken:
                continue
            if p == "leadership":  # 22c
                out += [PlayCard(cid, Block.POWER, p, u.uid, v) for v in marked if v != u.uid]
            elif p == "conceal":  # 22p
                concealable = conceal_hexes(state, side) if concealable is None else concealable
                if u.hex in concealable:
                    out.append(PlayCard(cid, Block.POWER, p, u.uid, board.label(u.hex)))
            elif p == "prep_fire" and not u.carrier:  # 22f: Smoke 2 in LOS up to 3 hexes; 8d: not loaded
                sight = board.sight(state) if sight is None else sight
                for v in hexes_within(u.hex, 3):
                    if v != u.hex and v in board.board and sight.sees(u.hex, v):
                        out.append(PlayCard(cid, Block.POWER, p, u.uid, board.label(v)))
    return out


def do_power(rules, ctx, action: PlayCard) -> None:
    state = ctx.state
    board = board_at(state)
    u = state.units[action.unit]
    if action.use == Use.AGGRESSIVE:
        for uid, how in aggressive_gains(state, u):
            ctx.emit(Rallied(uid) if how == "rally" else Reconstituted(uid))
    elif action.use == Use.LEADERSHIP:
        ctx.emit(MarkerSet(action.target, ""))
    elif action.use == Use.CONCEAL:
        do_conceal(ctx, board.hex(action.target))
    elif action.use == Use.PREP_FIRE:
        h = board.hex(action.target)
        ctx.emit(SmokePlaced(h, 2))
        if not any(x.side != u.side for x in units_at(state, h)):
            ctx.emit(MarkerSet(u.uid, "ops"))
            return
        cid = damage_card(ctx)
        colour = card(cid).he if cid else ""
        # 22f: the random units are drawn from every enemy unit in the hex; one already Shaken
        # gains nothing (no further effect)
        victims = [x.uid for x in units_at(state, h) if x.side != u.side]
        count = {"": 0, "green": 1, "gold": 2, "red": len(victims)}[colour]
        ctx.emit(Note(f"Prep Fire on {action.target}: {colour or 'no'} Hit"))
        for _ in range(min(count, len(victims))):
            uid = ctx.choice(sorted(victims), reason="Prep Fire: which unit is Shaken")
            victims.remove(uid)
            if not state.units[uid].shaken:
                ctx.emit(UnitHit(uid, "shaken"))
    ctx.emit(MarkerSet(u.uid, "ops"))  # 22: Ops Complete after a Power


# -- the family's face to the impulse (GoE 6b/6c) -------------------------------------------------
def use_plays(rules, state, side: str, cid: str, block: str, use: Use, shared: dict) -> list:
    """The plays of one block of a card used for Rally (16, 18b/k/l), Second Wind (18p) or
    Concealed (18q); ``shared`` keeps the hexes to conceal for the other cards of the hand (and
    ``"only"``: the units a helicopter's listing asks about)."""
    only = shared.get("only")
    if shared.get("attacks"):
        return []  # a helicopter's other-mode look asks for attacks alone (queries/card_menu.py): none here
    if use in RALLY_USES:
        return rally_plays(state, side, cid, block, use, _rally_targets(state, side, shared), only)
    if use == Use.SECOND_WIND:
        return second_wind_plays(state, side, cid, block, only)
    if only is not None:
        return []  # a hex's Concealed is played for no unit
    if use == Use.CONCEALED:
        if "conceal" not in shared:
            board = board_at(state)
            shared["conceal"] = [board.label(h) for h in conceal_hexes(state, side)]
        return [PlayCard(cid, block, use, "", label) for label in shared["conceal"]]
    return []


def card_plays(rules, state, side: str, cid: str, uses, shared: dict | None = None) -> list:
    """The plays of a whole card: the non-fire Powers (22, a card reading Power) and any card as
    Bloodlust or Rally (21j, 21l)."""
    shared = {} if shared is None else shared
    if shared.get("attacks"):
        return []  # a helicopter's other-mode look asks for attacks alone (queries/card_menu.py): none here
    only = shared.get("only")
    powers = (_for_card(shared, "power_plays", lambda: power_plays(state, side, "", only), cid)
              if card(cid).power else [])
    return powers + _for_card(shared, "any_card_plays",
                              lambda: any_card_plays(state, side, "", only, _rally_targets(state, side, shared)), cid)


def _rally_targets(state, side: str, shared: dict):
    """:func:`rally_targets`, once per listing of the hand (kept in ``shared``)."""
    if "rally_targets" not in shared:
        shared["rally_targets"] = rally_targets(state, side)
    return shared["rally_targets"]


def _for_card(shared: dict, key: str, plays, cid: str) -> list:
    """``plays()`` as card ``cid`` makes them: they differ from card to card of the hand by the
    card alone, so they are worked out once per hand (kept in ``shared``)."""
    if key not in shared:  # what a play holds besides its card (none of these plays names supporters)
        shared[key] = [(p.block, p.use, p.unit, p.target, p.second, p.reconstitute) for p in plays()]
    return [PlayCard(cid, block, use, unit, target, second, reconstitute=reconstitute)
            for block, use, unit, target, second, reconstitute in shared[key]]


def resolve(rules, ctx, side: str, action: PlayCard) -> bool:
    """Resolve a play this family offers; False for every other play."""
    use = action.use
    if use in RALLY_USES:
        do_rally(ctx, action)
    elif use == Use.SECOND_WIND:
        ctx.emit(MarkerSet(action.unit, ""))
    elif use == Use.CONCEALED:
        do_conceal(ctx, board_at(ctx.state).hex(action.target))
    elif use in POWER_USES:
        do_power(rules, ctx, action)
    else:
        return False
    return True
