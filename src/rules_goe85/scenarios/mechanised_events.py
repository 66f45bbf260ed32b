"""The Event cards of Kill Zone, Tanks at Zhawar, Ambush at Sherkhankhel and Air Assault (indecision,
preparation, IED, Tough, Extra Ammo, Fear, the second wave, exits, the village) and the pieces of
their special rules that an Event card shares with a scenario module (exits, the village tiles,
the second wave's squads, the road).  The special rules themselves are the scenario modules
(:mod:`.kill_zone`, :mod:`.tanks_at_zhawar`, :mod:`.ambush_at_sherkhankhel`, :mod:`.air_assault`).
Readings are listed in docs/coverage/goe85.md.
"""
from __future__ import annotations

from ..queries.fire_options import fire_options

import functools

import attrs
from tabletop_core import Decision
from tabletop_core.decks import hand

from ..model.actions import (
    AmmoFire, Decline, Declined, Discard, ExitMap, ExtraAmmo, Fear, Ied, PlaceVillageUnit, Prepare, Tough, Use, Wave,
)
from ..queries.ap_targets import ap_target
from ..queries.board import board_at, board_for
from ..queries.sight import own_look, sees
from ..queries.deck import hand_of
from ..model.state import DECK, MUJ, SOVIET, Unit
from ..model.frames import ArtilleryFrame, DrawUp, EventChoice, FireFrame
from ..model.events import MarkerSet, Note, TilePlaced, UnitHit, UnitPlaced
from ..queries.units import eligible, is_hard, stacking_ok, units_at, utype
from ..model.vehicles import APFire, Loaded, MechSet, Withdrawn
from ..model.frames import ExtraPlays
from ..effects.openings import push_assaults

CHOICES = ("indecision", "preparation", "ied", "tough", "extra_ammo", "fear", "second_wave", "exit", "village")
IED_APF, IED_HEF, IED_TM = 3, 4, 0  # the IED's TM: none printed, 0 (reading)
HEAVY_HEF = 5
VILLAGE_HEX = "8I4"
VILLAGE_TILES = ("woods", "woods", "woods", "rough", "building", "building", "building", "building")


def _sid(state) -> str:
    return state.scenario


# -- Event cards ----------------------------------------------------------------------------------
def resolve_event(ctx, name: str) -> None:
    state = ctx.state
    if name == "soviet_indecision":  # the Soviets discard two cards of their choice
        if hand_of(state, SOVIET):
            ctx.push(EventChoice(SOVIET, "indecision", min(2, len(hand_of(state, SOVIET)))))
    elif name == "muj_preparation":
        if state.decks[DECK].piles.get("draw"):
            ctx.push(EventChoice(MUJ, "preparation"))
    elif name == "ied":
        ctx.push(EventChoice(MUJ, "ied"))
    elif name == "tough":
        ctx.push(EventChoice(MUJ, "tough"))
    elif name == "extra_ammo":
        ctx.push(EventChoice(SOVIET, "extra_ammo"))
    elif name == "fear":
        ctx.push(EventChoice(MUJ, "fear"))
    elif name == "heavy_artillery":
        ctx.push(ArtilleryFrame(SOVIET, HEAVY_HEF, "event"))


def road_hexes(board):
    return {h for h in board.hexes if any(board.board.has_road(h, n) for n in board.neighbours[h])}


def _top3(state):
    return list(reversed(state.decks[DECK].piles.get("draw", [])[-3:]))  # the top card first


def _extra_ammo_types(u) -> bool:
    return u.type.startswith("sov-rifle") or u.type == "rpk-74"  # "RPD" read as the Soviet RPK-74


def decide_event(rules, state, f: EventChoice):
    board = board_at(state)
    units = sorted(state.units.values(), key=lambda x: x.uid)
    if f.event == "indecision":
        cards = hand_of(state, SOVIET)
        if not cards or f.count <= 0:
            return None
        return Decision(SOVIET, tuple(Discard(c) for c in cards), f"Soviet Indecision: discard ({f.count} left)")
    if f.event == "preparation":
        top = _top3(state)
        opts = []
        for keep in top:
            rest = [c for c in top if c != keep]
            for bottom in rest or [""]:
                opts.append(Prepare(keep, bottom))
        return Decision(MUJ, tuple(opts), "Mujahideen Preparation: keep one, one to the bottom, one reshuffled")
    if f.event == "ied":
        road = road_hexes(board)
        opts = []
        for u in units:
            if u.side == SOVIET and u.hex in road and not u.carrier:  # the attacker picks 3 AP or 4 HE:
                if ap_target(u):  # AP where armour or a truck can be struck (15, 17d)
                    opts.append(Ied(u.uid, True))
                if not is_hard(u):  # HE at a Soft Target (a truck is both)
                    opts.append(Ied(u.uid, False))
        return Decision(MUJ, (*opts, Decline(Declined.IED)), "IED: a Soviet unit on the road (3 AP or 4 HE)")
    if f.event == "tough":
        opts = [Tough(u.uid) for u in units if u.side == MUJ and u.marker in ("moved", "fired", "ops")]
        return Decision(MUJ, (*opts, Decline(Declined.TOUGH)), "Tough: remove a Moved, Fired or Ops Complete marker")
    if f.event == "fear":
        opts = []
        for u in units:
            if u.side != SOVIET or u.hex is None or u.carrier or u.shaken or utype(u).hero:
                continue
            if any(utype(x).hero for x in units_at(state, u.hex) if x.side == SOVIET):
                continue
            opts.append(Fear(u.uid))
        return Decision(MUJ, (*opts, Decline(Declined.FEAR)), "Fear: Shake a Soviet unit away from its Heroes")
    if f.event == "extra_ammo":
        fired = [u for u in units if u.side == SOVIET and u.marker == "fired" and _extra_ammo_types(u)]
        if fired:
            opts = [ExtraAmmo(u.uid) for u in fired]
        else:
            squads = [u for u in units if u.side == SOVIET and _extra_ammo_types(u) and eligible(u) and not u.shaken]
            opts = [AmmoFire(lead, tgt) for lead, tgt, g in
                    fire_options(rules, state, SOVIET, use=Use.FIRE, units=squads) if not g]
        return Decision(SOVIET, (*opts, Decline(Declined.EXTRA_AMMO)), "Extra Ammo")
    if f.event == "second_wave":
        spec = rules.spec(state)
        force = next(x for x in spec.forces if x.second_wave)
        taken = {k.split(":", 1)[1]: v for k, v in state.mech.items() if k.startswith("wave_taken:")}
        opts = [Wave(t) for t, n in force.units.items() if taken.get(t, 0) < n]
        return Decision(SOVIET, tuple(opts), f"the second wave: pick a rifle squad ({f.count} Mi-8s left)") if opts else None
    if f.event == "exit":
        h = _hex_of(board, f.count)
        opts = [ExitMap(u.uid) for u in units if u.side == MUJ and u.hex == h and may_exit(state, u)]
        return Decision(MUJ, (*opts, Decline(Declined.STAY)), "exit the map?") if opts else None
    if f.event == "village":
        tiles = list(state.tiles)  # the village tiles just laid
        placed = {k.split(":", 1)[1] for k in state.mech if k.startswith("village_unit:")}
        opts = []
        for tid in ("rpg", "dshk"):
            if tid in placed:
                continue
            probe = Unit("probe", tid, MUJ, None)
            for h in sorted(set(tiles)):
                there = units_at(state, h)
                if board.row(h).cost("L") is not None and not any(x.side == SOVIET for x in there) \
                        and stacking_ok(there + [probe]):
                    opts.append(PlaceVillageUnit(board.label(h), tid))
        return Decision(MUJ, (*opts, Decline(Declined.VILLAGE)), "place an RPG and a DShK on the new tiles") if opts else None
    return None


def _hex_of(board, index: int):
    return sorted(board.hexes)[index]


def index_of(board, h) -> int:
    return sorted(board.hexes).index(h)


def act_event(rules, ctx, f: EventChoice, action) -> None:
    state = ctx.state
    board = board_at(state)
    if f.event == "indecision":
        ctx.move_card(DECK, action.card, hand(SOVIET), "discard", player=SOVIET)
        if f.count > 1 and len(hand_of(state, SOVIET)) > 0:
            ctx.replace(attrs.evolve(f, count=f.count - 1))
        else:
            ctx.pop()
        return
    if f.event == "second_wave":
        wave_squad(ctx, action.unit_type)
        if f.count > 1:
            ctx.replace(attrs.evolve(f, count=f.count - 1))
        else:
            ctx.pop()
        return
    if f.event == "village":
        if isinstance(action, Decline):
            ctx.pop()
            _village_plays(ctx)
            return
        n = sum(1 for k in state.mech if k.startswith("village_unit:")) + 1
        uid = f"M.{action.unit_type}.village{n}"
        ctx.emit(UnitPlaced(Unit(uid, action.unit_type, MUJ, board.hex(action.to))))
        ctx.emit(MechSet(f"village_unit:{action.unit_type}", 1))
        ctx.emit(MechSet(f"noexit:{uid}", 1))  # placed on board 8: may not exit
        if n >= 2:
            ctx.pop()
            _village_plays(ctx)
        return
    ctx.pop()
    if isinstance(action, Decline):
        return
    if f.event == "preparation":  # keep one, one to the bottom, one reshuffled into the draw pile
        top = _top3(state)
        ctx.move_card(DECK, action.keep, "draw", hand(MUJ), player=MUJ)
        if action.bottom:
            ctx.move_card(DECK, action.bottom, "draw", "draw", to_bottom=True)
        for c in top:
            if c not in (action.keep, action.bottom):
                pile = state.decks[DECK].piles["draw"]
                depth = ctx.randint(0, len(pile) - 1, reason="Mujahideen Preparation: reshuffled card")
                ctx.move_card(DECK, c, "draw", "discard")
                ctx.move_card(DECK, c, "discard", "draw")  # on top ...
                for _ in range(depth):  # ... then as many cards as drawn from the top pass over it
                    pile = state.decks[DECK].piles["draw"]
                    if len(pile) > 1:
                        ctx.move_card(DECK, pile[-2], "draw", "draw")
        ctx.emit(Note("Mujahideen Preparation: a card kept, one to the bottom, one reshuffled"))
        return
    if f.event == "ied":
        u = state.units.get(action.unit)
        if u is None:
            return
        ctx.emit(Note(f"IED under {u.uid}"))
        if action.ap:
            ctx.push(APFire(side=MUJ, use=Use.EVENT, lead="", target=u.uid, step="aim", marker="", apf=IED_APF, tm=IED_TM,
                            source_hex=u.hex))
        else:
            ctx.push(FireFrame(side=MUJ, use=Use.EVENT, lead="", supporters=(), targets=(u.uid,), hex=u.hex,
                               hef=IED_HEF - board.cf(u.hex), step="begin", marker=""))
        return
    if f.event == "tough":
        ctx.emit(MarkerSet(action.unit, ""))
        return
    if f.event == "fear":
        ctx.emit(UnitHit(action.unit, "shaken"))
        return
    if f.event == "extra_ammo":
        if isinstance(action, ExtraAmmo):
            ctx.emit(MarkerSet(action.unit, ""))
        else:  # the squad fires and is not marked Fired
            from ..procedures.fire import start_fire

            start_fire(rules, ctx, SOVIET, Use.FIRE, action.unit, action.target, False, marker="")
        return
    if f.event == "exit":
        exit_unit(ctx, action.unit)
        h = _hex_of(board, f.count)
        if any(u.side == MUJ and u.hex == h and may_exit(state, u) for u in state.units.values()):
            ctx.push(f)  # another unit of the stack may leave too
        return


# -- Kill Zone / Zhawar / Sherkhankhel / Air Assault: scoring ------------------------------------


# -- set-up and play hooks ------------------------------------------------------------------------
def conceal_forces(ctx, spec) -> None:
    """Forces set up Concealed (Sherkhankhel: every unit in its zones begins Concealed)."""
    from ..model.events import ConcealSet

    state = ctx.state
    board = board_at(state)
    for index, force in enumerate(spec.forces):
        if not force.concealed:
            continue
        zone = {h for z in force.zones for h in board.zone_hexes(z)}
        for u in sorted(state.units.values(), key=lambda x: x.uid):
            if u.side == force.side and u.hex in zone and utype(u).leg and not u.concealed:
                ctx.emit(ConcealSet(u.uid, True))  # Sherkhankhel: every unit begins Concealed


def may_exit(state, u) -> bool:
    """Sherkhankhel: a Mujahideen unit leaves by the south or west edge, or from a hex out of the LOS of
    every unshaken Soviet unit and more than 3 hexes from the nearest Soviet unit."""
    if not _may_ever_exit(state, u):
        return False
    board = board_at(state)
    if u.hex in _exit_edges(state.scenario):
        return True
    soviets = [s for s in state.units.values() if s.side == SOVIET and s.hex is not None and not s.carrier]
    if any(board.distance(s.hex, u.hex) <= 3 for s in soviets):
        return False
    return not any(sees(state, s, u) for s in soviets if not s.shaken)


def exits_by_edge(state, u) -> bool:
    """Sherkhankhel: whether ``u`` stands on an edge it may leave the map by (the south edge, or the
    west edge of the row's first map): a retreat off the map from there is an exit (13d).  Our
    reading: from a hex of such an edge any retreat off the map leaves by it, even from a corner
    hex where the step would cross the neighbouring edge (the alternative: by the hexside crossed,
    which the text does not define for corners)."""
    return _may_ever_exit(state, u) and u.hex in _exit_edges(state.scenario)


def _may_ever_exit(state, u) -> bool:
    """A Mujahideen unit on the map, not carried, not first placed on boards 5 or 8."""
    return u.side == MUJ and u.hex is not None and not state.mech.get(f"noexit:{u.uid}") and not u.carrier


@functools.cache
def _exit_edges(scenario: str) -> frozenset:
    """Sherkhankhel's exit edges: every map's south edge and the west edge of the row's first map
    (the printed board's geometry, kept per scenario like its entry hexes)."""
    board = board_for(scenario)
    out = set()
    for mid in board.board.maps:
        out.update(board.edge_hexes(mid, "south"))
    out.update(board.edge_hexes(board.spec.maps[0], "west"))  # the row's first map is the west end
    return frozenset(out)


def exit_unit(ctx, uid: str) -> None:
    state = ctx.state
    if uid not in state.units:
        return
    ctx.emit(Withdrawn(uid))
    ctx.emit(MechSet("exited", state.mech.get("exited", 0) + 1))
    ctx.emit(Note(f"{uid} exits the map"))


def seen_by_any(state, side: str, h) -> bool:
    """Whether a unit of ``side`` on the map (not a loaded passenger) sees hex ``h`` with its own
    sight class and height (14, 17e; a truck sees as vehicles do), under the tiles and Smoke in
    play.  Only a unit in a hex from which the board lets some sight case see ``h`` is looked at
    (Smoke only hides more): asked after every act in Sherkhankhel, this is mostly a set lookup
    per unit."""
    board = board_at(state)
    could = board.derived(("seen by any look", h), lambda: frozenset().union(
        *(board.seers(h, sight, lift, 0) for sight, lift in (("leg", 0), ("vehicle", 0), ("leg", 1)))))
    looks = set()
    for u in state.units.values():
        if u.hex in could and u.side == side and not u.carrier:
            cls, lift = own_look(u)
            looks.add((u.hex, cls, lift))
    return bool(looks) and board.sight(state).seen_by_any(looks, h)


def village(ctx) -> None:
    """Sherkhankhel: a Soviet unit first sees 8I4: eight tiles fall on map 8 (1d10 the column A-J, 1d6
    the row); the Mujahideen may put an RPG and a DShK on them, then draw and play two Action cards.
    From then on each tiled hex has the tile's terrain (its elevation kept) for LOS, movement and
    cover (``state.tiles``, ``board.board_at``); a tile rolled onto an earlier one lies on top of it."""
    ctx.emit(MechSet("village", 1))
    board = board_at(ctx.state)
    for kind in VILLAGE_TILES:
        col = ctx.roll("d10", player=MUJ, reason=f"{kind} tile: column").total % 10
        row = ctx.roll("d6", player=MUJ, reason=f"{kind} tile: row").total
        label = f"8{chr(ord('A') + col)}{row}"
        ctx.emit(TilePlaced(board.hex(label), kind))
        ctx.emit(Note(f"a {kind} tile falls on {label}"))
    ctx.push(EventChoice(MUJ, "village"))


def _village_plays(ctx) -> None:
    ctx.push(ExtraPlays(MUJ, 2))
    ctx.push(DrawUp(MUJ, 99, 2))


def decide_extra(rules, state, f: ExtraPlays):
    from ..queries.card_menu import main_options
    from ..procedures.turn import end_turn_limit

    if f.left <= 0 or state.end_turns >= end_turn_limit(rules, state) or not hand_of(state, f.player):
        return None
    opts = main_options(rules, state, f.player)
    return Decision(f.player, (*opts, Decline(Declined.NO_MORE)), f"play an Action card ({f.left} left)")


def act_extra(rules, ctx, f: ExtraPlays, action) -> None:
    from ..procedures.turn import play

    if isinstance(action, Decline):
        _done(rules, ctx, f)
        return
    ctx.replace(attrs.evolve(f, left=f.left - 1))
    play(rules, ctx, f.player, action)


def advance_extra(rules, ctx, f: ExtraPlays) -> None:
    if f.extra > 0:
        ctx.replace(attrs.evolve(f, left=f.left + f.extra, extra=0))
        return
    _done(rules, ctx, f)


def _done(rules, ctx, f: ExtraPlays) -> None:
    """The plays are over: the assaults their moves began are fought now (13a)."""
    ctx.pop()
    if f.assaults:
        push_assaults(rules, ctx, f.player, f.assaults, brutal=f.brutal)


# -- Air Assault: the second wave, the tunnels ----------------------------------------------------


def wave_squad(ctx, tid: str) -> None:
    state = ctx.state
    spec = game_spec(state)
    force = next(x for x in spec.forces if x.second_wave)
    k = state.mech.get("wave_mi8", 0) + 1
    heli = f"S.mi-8.w{k}"
    j = state.mech.get(f"wave_taken:{tid}", 0) + 1
    uid = f"S.{tid}.w{j}"
    ctx.emit(UnitPlaced(Unit(heli, "mi-8", SOVIET, None, entry=force.turn)))
    ctx.emit(UnitPlaced(Unit(uid, tid, SOVIET, None, entry=force.turn)))
    ctx.emit(Loaded(uid, heli))
    ctx.emit(MechSet("wave_mi8", k))
    ctx.emit(MechSet(f"wave_taken:{tid}", j))
    ctx.emit(MechSet(f"carried:{heli}", 1))
    ctx.emit(MechSet(f"wave:{heli}", 1))


def game_spec(state):
    from ..data.loading import game_data

    return game_data().scenarios[state.scenario]


# -- Zhawar: assaulting a Mujahideen T-55 ---------------------------------------------------------
