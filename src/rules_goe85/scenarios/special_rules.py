"""Kill Zone, Tanks at Zhawar, Ambush at Sherkhankhel and Air Assault: their Event cards, special
rules and victory (the set-up helpers live in :mod:`.scenarios_mech`).

Hooks: :func:`filter_decision` (rules.decision: Kill Zone's road-bound vehicles, Sherkhankhel's
"no assault", its Artillery events spotted by an Eligible Unit), :func:`after_act` (Air Assault's
emptied Mi-8s leave, Sherkhankhel's first LOS to 8I4, its turn-1 Move & Fire), :func:`after_step`
(exits, foxhole control), :func:`turn_start` / :func:`end_of_turn` (Air Assault's second wave),
:func:`card_plays` / :func:`play` (Air Assault's tunnels), :func:`before_step` (Zhawar's T-55).
Readings are listed in docs/coverage/goe85.md.
"""
from __future__ import annotations

import attrs
from tabletop_core import Decision
from tabletop_core.decks import hand

from ..model.actions import (
    AmmoFire, Decline, Declined, Discard, ExitMap, ExtraAmmo, Fear, Ied, PlaceVillageUnit, PlayCard, Prepare, ReserveMove, ReserveUnload, Reverse, Step, Strike, Tough, Unload, Use, Wave,
)
from ..queries.board import board_at, board_for
from ..queries.deck import card, hand_of
from ..procedures.draws import damage_card
from ..model.state import DECK, MUJ, PLAYERS, SOVIET, Unit
from ..model.frames import ArtilleryFrame, DrawUp, EventChoice, FireFrame, MoveFrame, ReserveFrame
from ..model.events import MarkerSet, Note, Relocated, TilePlaced, UnitHit, UnitMoved, UnitPlaced, VPScored
from ..queries.units import eligible, is_hard, stacking_ok, units_at, utype
from ..model.vehicles import APFire, Loaded, MechSet, Withdrawn
from ..model.frames import ExtraPlays

TUNNEL_USES = {Use.MOVE: Use.TUNNEL_MOVE, Use.MOVE_FIRE: Use.TUNNEL_MOVE_FIRE}  # Air Assault: a move by tunnel
CHOICES = ("indecision", "preparation", "ied", "tough", "extra_ammo", "fear", "second_wave", "exit", "village")
IED_APF, IED_HEF, IED_TM = 3, 4, 0  # the IED's TM: none printed, 0 (reading)
HEAVY_HEF = 5
KZ_KILLS = 5  # Kill Zone ends with the Soviets' 5th Mujahideen unit destroyed
VILLAGE_HEX = "8I4"
VILLAGE_TILES = ("woods", "woods", "woods", "rough", "building", "building", "building", "building")
WAVE_MI8 = 4


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


def _road_hexes(board):
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
        road = _road_hexes(board)
        opts = []
        for u in units:
            if u.side == SOVIET and u.hex in road and not u.carrier:
                opts.append(Ied(u.uid, is_hard(u)))
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
            from ..procedures.fire import fire_options

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


def _index_of(board, h) -> int:
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
        _wave_squad(ctx, action.unit_type)
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
def on_eliminated(ctx, spec, unit) -> bool:
    state = ctx.state
    t = utype(unit)
    if spec.victory == "kill_zone":
        if unit.side == SOVIET:
            points = 2 if t.kind == "vehicle" else 1  # Leg units and GAZ-66 trucks 1, BTR / BMP / T-55 2
            ctx.emit(VPScored(MUJ, points, f"{unit.uid} destroyed"))
            if state.vp[MUJ] >= spec.victory_points and state.result is None:
                ctx.end(MUJ, f"the Mujahideen reach {state.vp[MUJ]:g} VP", dict(state.vp))
        else:
            kills = state.mech.get("kz_kills", 0) + 1
            ctx.emit(MechSet("kz_kills", kills))
            if kills >= KZ_KILLS and state.result is None:
                won = state.vp[MUJ] >= spec.victory_points
                ctx.end(MUJ if won else SOVIET, f"the Soviets destroy their {kills}th Mujahideen unit; the Mujahideen "
                        f"have {state.vp[MUJ]:g} VP (need {spec.victory_points})", dict(state.vp))
        return True
    if spec.victory == "sherkhankhel":
        if unit.side == MUJ:
            ctx.emit(VPScored(SOVIET, 4, f"{unit.uid} eliminated"))
        return True
    if spec.victory == "air_assault":
        if unit.side == MUJ:
            ctx.emit(VPScored(SOVIET, 1, f"{unit.uid} eliminated"))
        elif t.kind == "helicopter":
            ctx.emit(VPScored(MUJ, 3, f"{unit.uid} destroyed"))
        elif t.leg:
            ctx.emit(VPScored(MUJ, 2, f"{unit.uid} destroyed"))
        return True
    return spec.victory == "zhawar"


def sherkhankhel_vp(state) -> dict[str, float]:
    """Mujahideen: Soviet units eliminated times Mujahideen units exited; Soviets: 4 per kill (scored)."""
    return {SOVIET: state.vp[SOVIET], MUJ: float(state.losses[SOVIET] * state.mech.get("exited", 0))}


def zhawar_vp(state, spec) -> float:
    """2 per building hex held, the Mujahideen's Bonus card +2, the Soviets' -4 (bonus.py scored it +2 Soviet)."""
    held = sum(1 for lab in spec.victory_hexes if state.control.get(lab) == MUJ)
    return 2 * held + state.vp[MUJ] - 2 * state.vp[SOVIET]


def air_assault_vp(state, spec) -> dict[str, float]:
    vp = dict(state.vp)
    board = board_at(state)
    for h in state.bunkers:
        if state.control.get(board.label(h)) == SOVIET:
            vp[SOVIET] += 10
    for h in state.foxholes:
        if state.control.get(board.label(h)) == SOVIET:
            vp[SOVIET] += 3
    return vp


def final_result(rules, ctx) -> None:
    state = ctx.state
    spec = rules.spec(state)
    if spec.victory == "kill_zone":  # no turn limit is printed: the stop after turn ``spec.turns`` is a guard
        vp = state.vp[MUJ]
        won = vp >= spec.victory_points
        ctx.end(MUJ if won else SOVIET, f"no turn limit is printed; the game stops after turn {spec.turns} (a guard): "
                f"the Mujahideen have {vp:g} VP (need {spec.victory_points})", dict(state.vp))
        return
    if spec.victory == "zhawar":
        vp = zhawar_vp(state, spec)
        won = vp >= spec.victory_points
        ctx.end(MUJ if won else SOVIET, f"the Mujahideen have {vp:g} VP (need {spec.victory_points})", {MUJ: vp})
        return
    vp = sherkhankhel_vp(state) if spec.victory == "sherkhankhel" else air_assault_vp(state, spec)
    if vp[SOVIET] == vp[MUJ]:
        ctx.end(None, f"tied at {vp[SOVIET]:g} VP", vp)
    else:
        winner = max(PLAYERS, key=lambda s: vp[s])
        ctx.end(winner, f"{winner} has more VP ({vp[SOVIET]:g} to {vp[MUJ]:g})", vp)


def sudden_end(rules, ctx) -> bool:
    """Sherkhankhel: when every Mujahideen unit has left the map (exited or eliminated) or every Soviet
    unit is gone, the game is scored as at its end (our reading)."""
    state = ctx.state
    if rules.spec(state).victory != "sherkhankhel":
        return False
    if all(any(u.side == s for u in state.units.values()) for s in PLAYERS):
        return False
    final_result(rules, ctx)
    return True


# -- set-up and play hooks ------------------------------------------------------------------------
def finish_setup(ctx, spec) -> None:
    from ..model.events import ConcealSet, ControlSet

    state = ctx.state
    board = board_at(state)
    for index, force in enumerate(spec.forces):
        if not force.concealed:
            continue
        zone = {h for z in force.zones for h in board.zone_hexes(z)}
        for u in sorted(state.units.values(), key=lambda x: x.uid):
            if u.side == force.side and u.hex in zone and utype(u).leg and not u.concealed:
                ctx.emit(ConcealSet(u.uid, True))  # Sherkhankhel: every unit begins Concealed
    if spec.victory == "sherkhankhel":  # units first placed on board 5 or 8 may not exit
        for u in sorted(state.units.values(), key=lambda x: x.uid):
            if u.side == MUJ and u.hex is not None and board.local(u.hex)[0] in ("5", "8"):
                ctx.emit(MechSet(f"noexit:{u.uid}", 1))
    if spec.victory == "air_assault":  # the Mujahideen set up there: they control the fortified hexes (24e)
        for h in sorted(state.foxholes | set(state.bunkers)):
            ctx.emit(ControlSet(board.label(h), MUJ))


def may_exit(state, u) -> bool:
    """Sherkhankhel: a Mujahideen unit leaves by the south or west edge, or from a hex out of the LOS of
    every unshaken Soviet unit and more than 3 hexes from the nearest Soviet unit."""
    if u.side != MUJ or u.hex is None or state.mech.get(f"noexit:{u.uid}") or u.carrier:
        return False
    board = board_at(state)
    if u.hex in _exit_edges(state.scenario):
        return True
    soviets = [s for s in state.units.values() if s.side == SOVIET and s.hex is not None and not s.carrier]
    if any(board.distance(s.hex, u.hex) <= 3 for s in soviets):
        return False
    from ..procedures.vehicles import sees

    return not any(sees(state, s, u) for s in soviets if not s.shaken)


_EDGES: dict = {}


def _exit_edges(scenario: str):
    if scenario not in _EDGES:
        board = board_for(scenario)
        out = set()
        for mid in board.board.maps:
            out.update(board.edge_hexes(mid, "south"))
        out.update(board.edge_hexes(board.spec.maps[0], "west"))  # the row's first map is the west end
        _EDGES[scenario] = frozenset(out)
    return _EDGES[scenario]


def exit_unit(ctx, uid: str) -> None:
    state = ctx.state
    if uid not in state.units:
        return
    ctx.emit(Withdrawn(uid))
    ctx.emit(MechSet("exited", state.mech.get("exited", 0) + 1))
    ctx.emit(Note(f"{uid} exits the map"))


def after_step(rules, ctx, movers, h) -> None:
    from ..model.events import ControlSet

    state = ctx.state
    spec = rules.spec(state)
    board = board_at(state)
    movers = [m for m in movers if m in state.units]
    if not movers:
        return
    side = state.units[movers[0]].side
    if spec.victory == "air_assault" and (h in state.foxholes or h in state.bunkers):
        label = board.label(h)
        if state.control.get(label) != side:
            ctx.emit(ControlSet(label, side))
    if spec.victory == "sherkhankhel" and side == MUJ:
        if any(may_exit(state, state.units[m]) for m in movers):
            ctx.push(EventChoice(MUJ, "exit", _index_of(board, h)))


def filter_decision(rules, state, decision):
    """Scenario limits on the options a procedure offers (never leaving a decision empty)."""
    if decision is None or not state.scenario:
        return decision
    victory = rules.spec(state).victory
    if victory not in ("kill_zone", "sherkhankhel"):
        return decision
    frame = state.top
    board = board_at(state)
    keep = []
    for a in decision.actions:
        if isinstance(a, (Step, Reverse, ReserveMove)) and isinstance(frame, (MoveFrame, ReserveFrame)):
            movers = [state.units.get(x) for x in (a.units if isinstance(a, Step) else (a.unit,))]
            to = board.hex(a.to)
            if victory == "kill_zone" and any(m is not None and utype(m).kind in ("vehicle", "truck") and m.entry == 0
                                              and not _near_road(board, to) for m in movers):
                continue  # Kill Zone: vehicles that began on the map keep on or next to the road
            if victory == "sherkhankhel" and any(u.side != frame_side(frame) for u in units_at(state, to)):
                continue  # Sherkhankhel: no Assault combat
        if (victory == "sherkhankhel" and isinstance(frame, ArtilleryFrame) and frame.source == "event"
                and isinstance(a, Strike) and not _eu_spots(state, board.hex(a.target))):
            continue  # the Artillery events: a hex in the LOS of a Soviet Eligible Unit
        keep.append(a)
    if len(keep) == len(decision.actions) or not keep:
        return decision
    return attrs.evolve(decision, actions=tuple(keep))


def frame_side(frame) -> str:
    return getattr(frame, "player", None) or getattr(frame, "side", "")


def _eu_spots(state, h) -> bool:
    board = board_at(state)
    return any(u.side == SOVIET and eligible(u) and not u.shaken and board.sight(state).sees(u.hex, h)
               for u in state.units.values() if u.hex is not None and not u.carrier)


_ROADS: dict = {}


def _near_road(board, h) -> bool:
    key = id(board)
    if key not in _ROADS:
        road = _road_hexes(board)
        _ROADS[key] = road | {n for r in road for n in board.neighbours[r]}
    return h in _ROADS[key]


def after_act(rules, ctx, action=None) -> None:
    state = ctx.state
    if not state.scenario or state.result is not None:
        return
    victory = rules.spec(state).victory
    if victory == "air_assault":  # the Mi-8 leaves once it has unloaded its (last) passenger
        if isinstance(action, (Unload, ReserveUnload)):
            u = state.units.get(action.carrier)
            if u is not None and u.type == "mi-8" and state.mech.get(f"carried:{u.uid}") \
                    and not any(x.carrier == u.uid for x in state.units.values()):
                ctx.emit(Withdrawn(u.uid))
                ctx.emit(MechSet("aa_withdrawn", state.mech.get("aa_withdrawn", 0) + 1))
                ctx.emit(Note(f"{u.uid} has unloaded and leaves the map"))
    elif victory == "sherkhankhel":
        top = state.top
        if (state.turn == 1 and isinstance(top, FireFrame) and top.side == SOVIET and top.use == Use.MOVE_FIRE
                and "turn1_move_fire" not in top.used):
            ctx.replace(attrs.evolve(top, degrade=min(2, top.degrade + 1), used=top.used + ("turn1_move_fire",)))
        if not state.mech.get("village") and state.phase not in ("setup",):
            board = board_at(state)
            target = board.hex(VILLAGE_HEX)
            if any(u.side == SOVIET and u.hex is not None and not u.carrier and _sees_hex(state, u, target)
                   for u in state.units.values()):
                village(ctx)


def _sees_hex(state, u, h) -> bool:
    from ..procedures.vehicles import sight_class, up

    board = board_at(state)
    return board.sight(state).sees(u.hex, h, sight_class(u, u) if utype(u).kind != "truck" else "vehicle", up(u), 0)


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
    from ..procedures.turn import end_turn_limit, main_options

    if f.left <= 0 or state.end_turns >= end_turn_limit(rules, state) or not hand_of(state, f.player):
        return None
    opts = main_options(rules, state, f.player)
    return Decision(f.player, (*opts, Decline(Declined.NO_MORE)), f"play an Action card ({f.left} left)")


def act_extra(rules, ctx, f: ExtraPlays, action) -> None:
    from ..procedures.turn import play

    if isinstance(action, Decline):
        ctx.pop()
        return
    ctx.replace(attrs.evolve(f, left=f.left - 1))
    play(rules, ctx, f.player, action)


def advance_extra(rules, ctx, f: ExtraPlays) -> None:
    if f.extra > 0:
        ctx.replace(attrs.evolve(f, left=f.left + f.extra, extra=0))
        return
    ctx.pop()


# -- Air Assault: the second wave, the tunnels ----------------------------------------------------
def turn_start(rules, ctx) -> bool:
    """Air Assault, turn 4: up to four Mi-8s (no more than were withdrawn) bring in rifle squads."""
    state = ctx.state
    spec = rules.spec(state)
    force = next((x for x in spec.forces if x.second_wave), None)
    if force is None or state.turn != force.turn or state.mech.get("wave_done"):
        return False
    ctx.emit(MechSet("wave_done", 1))
    n = min(WAVE_MI8, state.mech.get("aa_withdrawn", 0))
    squads = sum(force.units.values())
    ctx.emit(Note(f"the second wave: {n} Mi-8(s) return"))
    if n == 0:
        return False
    if n >= squads:
        for tid, k in force.units.items():
            for _ in range(k):
                _wave_squad(ctx, tid)
        return False
    ctx.push(EventChoice(SOVIET, "second_wave", n))
    return True


def _wave_squad(ctx, tid: str) -> None:
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
    from ..data.components import game_data

    return game_data().scenarios[state.scenario]


def end_of_turn(rules, ctx) -> None:
    """Air Assault: the second wave's Mi-8s are withdrawn by the end of turn 6, with anyone still aboard."""
    state = ctx.state
    if rules.spec(state).victory != "air_assault" or state.turn != 6:
        return
    for u in sorted(state.units.values(), key=lambda x: x.uid):
        if state.mech.get(f"wave:{u.uid}") and u.uid in state.units:
            for p in sorted(x.uid for x in state.units.values() if x.carrier == u.uid):
                ctx.emit(Withdrawn(p))
            ctx.emit(Withdrawn(u.uid))
            ctx.emit(Note(f"{u.uid} is withdrawn (end of turn 6)"))


def card_plays(rules, state, side: str, cid: str, uses) -> list:
    """Air Assault: once a turn a Move or Move & Fire card may take a Mujahideen unit in cover (and a
    Hero with it, on a Move) through the tunnels to any other covered hex free of enemy units, for 2 MP."""
    if side != MUJ or rules.spec(state).victory != "air_assault" or state.relocated.get(MUJ) == state.turn:
        return []
    from ..queries.fortifications import fortified
    from ..procedures.move import mp_allowance

    board = board_at(state)
    covered = [h for h in sorted(board.hexes) if board.in_cover(h, fortified(state))]
    out = []
    for block, use in uses:
        if use not in (Use.MOVE, Use.MOVE_FIRE):
            continue
        for u in sorted(state.units.values(), key=lambda x: x.uid):
            if u.side != MUJ or not eligible(u) or not utype(u).leg or utype(u).hero:
                continue
            if use == Use.MOVE_FIRE and (u.shaken or "no_move_fire" in utype(u).abilities):
                continue
            if mp_allowance(u, use) < 2 or not board.in_cover(u.hex, fortified(state)):
                continue
            party = [u] + (_hero_with(state, u) if use == Use.MOVE else [])
            for h in covered:
                there = units_at(state, h)
                if h == u.hex or any(x.side != MUJ for x in there) or not stacking_ok(there + party):
                    continue
                out.append(PlayCard(cid, block, TUNNEL_USES[use], u.uid, board.label(h)))
    return out


def _hero_with(state, u) -> list:
    return [x for x in units_at(state, u.hex) if x.side == u.side and utype(x).hero and eligible(x)][:1]


def play(rules, ctx, side: str, action) -> bool:
    use = next((base for base, tunnel in TUNNEL_USES.items() if tunnel == action.use), None)
    if use is None:
        return False
    from ..procedures.move import start_move
    from ..model.events import ConcealSet

    state = ctx.state
    board = board_at(state)
    u = state.units[action.unit]
    party = [u] + (_hero_with(state, u) if use == Use.MOVE else [])
    h = board.hex(action.target)
    ctx.emit(Relocated(MUJ, state.turn))
    for x in party:
        if x.concealed:
            ctx.emit(ConcealSet(x.uid, False))  # 18q: a unit that moves gives its hex away
        ctx.emit(UnitMoved(x.uid, h, 2))
    ctx.emit(Note(f"{u.uid} moves through the tunnels to {action.target}"))
    uids = [x.uid for x in party]
    start_move(rules, ctx, side, use, uids, action.card)
    f = ctx.state.top
    ctx.replace(attrs.evolve(f, mp=tuple((x, max(0, m - 2), b) for x, m, b in f.mp), stepped=tuple(sorted(uids))))
    rules.after_step(ctx, uids, h)
    return True


# -- Zhawar: assaulting a Mujahideen T-55 ---------------------------------------------------------
def before_act(rules, ctx, action) -> bool:
    """Zhawar: each Soviet unit about to step into a Mujahideen T-55's hex to assault it first draws a
    card; on an HE Hit (any colour) it goes in, else it ends its move adjacent.  True if handled."""
    state = ctx.state
    f = state.top
    if not (isinstance(f, MoveFrame) and isinstance(action, Step)
            and f.player == SOVIET and state.scenario == "tanks-at-zhawar"):
        return False
    board = board_at(state)
    to = board.hex(action.to)
    if not any(u.side == MUJ and u.type == "t-55" for u in units_at(state, to)):
        return False
    movers = list(action.units)
    passed, failed = [], []
    for m in movers:
        cid = damage_card(ctx)
        hit = bool(cid) and card(cid).he in ("green", "gold", "red")
        ctx.emit(Note(f"{m} faces the T-55: {'goes in' if hit else 'holds back'}"))
        (passed if hit else failed).append(m)
    f = ctx.state.top
    if failed:
        ctx.replace(attrs.evolve(f, mp=tuple((x, 0 if x in failed else m, 0 if x in failed else b) for x, m, b in f.mp),
                                 stepped=tuple(sorted(set(f.stepped) | set(failed)))))
    if passed:
        from ..procedures.move import act_move

        act_move(rules, ctx, ctx.state.top, attrs.evolve(action, units=tuple(passed)))
    return True
