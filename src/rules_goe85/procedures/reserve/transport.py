"""Transport around the edges of a move (GoE 8b, 8e, 8j, 8k) and helicopters in the Reserve Phase
(5f, 17a, 17b).

* 8b: the view shows each hex's stack as the counters would lie: loaded passengers on top of their
  carrier, units that are not loaded under it (:func:`stacks`).
* 8e: a carrier destroyed in Assault Combat: its surviving passengers (they took their two hits in
  :func:`effects.losses.destroy`) leave the hex directly away from the attack, or are eliminated when
  they cannot (:func:`effects.losses.passengers_leave_assault`, called by :func:`effects.losses.destroy`).
* 8j: Let's Get 'Em! moves Leg units of two hexes; a loaded Leg unit brings its carrier, so the
  card moves and loads, moves loaded passengers with their carriers, or moves and unloads
  (:func:`lets_get_em_movers`).
* 8k, 5f: in the Reserve Phase an Eligible Unit loads or unloads when its reserve allowance covers
  the price: half the ground carrier's MF (the 5f example: MF 6 costs 3, so not within three hexes
  of the enemy, where only 1 MP may be spent); with a helicopter the passenger pays half its own MF
  (17c), and a helicopter within three hexes of the enemy may not unload (17b).  A ground carrier
  that pays has spent its reserve move (every carrier has MF 6: 3 of its 3 MP); a passenger that
  loads rides from then on; a passenger unloaded by its ground carrier keeps its own reserve move
  (our reading: it is an Eligible Unit with its own allowance), except a Shaken one (8g: neither
  does more).
* 17a/17b in the Reserve Phase: an Eligible helicopter may declare its mode first (flying,
  hovering, landed), then move only if flying (8 MP, or 1 within three hexes of the enemy, as 5f
  says); landed ones may load and unload.
"""
from __future__ import annotations

import attrs
from tabletop_core import Decision
from tabletop_core.boards.hexfacing import facing_toward, front_hexes
from tabletop_core.boards.hexgrid import DIRECTIONS, Hex

from ...model.actions import (
    Decline, Declined, EndReserve, PickReserveUnit, ReserveLoad, ReserveMode, ReserveMove, ReserveUnload,
)
from ...model.occupancy import by_hex
from ...queries.board import board_at
from ...queries.near_enemy import NearZone
from ...model.events import Note
from ...model.frames import ReserveDestination, ReserveFrame
from ...data.loading import game_data
from ...queries.leg_reserve import may_step
from ...queries.units import VEHICLE_KINDS, eligible, heli_mode, stacking_room, units_at, utype
from ...model.vehicles import Faced, Loaded, ModeSet, Unloaded
from ...queries.carrying import may_unload, room_for
from ...queries.facing import facing_of
from ...queries.helicopters import legal_modes
from ...queries.movement import half, mp_allowance
from ...queries.sight import is_heli
from .leg_moves import act_reserve as act_leg_reserve
from .leg_moves import around, may_move, movers, side_units, unit_moves, vehicle_may_step

RESERVE_MP = {"L": 2, "F": 8}  # 5f: Leg 2, helicopters 8, W/O/T 3
GROUND_VEHICLE_KINDS = ("vehicle", "truck")  # VEHICLE_KINDS less the helicopter (its own first step: 17b)


# -- 8b -------------------------------------------------------------------------------------------


# -- 8e -------------------------------------------------------------------------------------------


# -- 8j -------------------------------------------------------------------------------------------


# -- the Reserve Phase (5f, 8k, 17a, 17b) ---------------------------------------------------------
def _near(state, side, h) -> bool:
    """5f: an enemy unit within three hexes of ``h``."""
    index = by_hex(state)
    return any(u.side != side for x in board_at(state).within(h, 3) for u in index.get(x, ()))


def reserve_allowance(state, u, near_zone=None) -> int:
    """5f: the MP an Eligible Unit may spend in the Reserve Phase from where it stands.
    ``near_zone``: the hexes within three of ``u``'s enemies, if known (``leg_moves.around``)."""
    near = u.hex in near_zone if near_zone is not None else _near(state, u.side, u.hex)
    if u.shaken:
        return 0 if near else 1
    return 1 if near else RESERVE_MP.get(utype(u).move_class, 3)


def _price(u) -> int:

    return half(mp_allowance(u, "reserve"))


def _payer(c, p):
    """8a, 17c: a ground carrier pays for loading and unloading, a helicopter's passenger pays."""

    return p if is_heli(c) else c


def transport_choices(state, f: ReserveFrame, at=None, mine=None) -> list:
    """8k, 17b, 17c: the loads and unloads ``f.side`` may make now.  ``at``: :func:`around` of the
    side, ``mine``: :func:`side_units`, if known (every test is pure: the cheap ones come first)."""
    zone = (at or around(state, f.side)).near_zone

    def affords(c, p) -> bool:
        payer = _payer(c, p)
        return eligible(payer) and reserve_allowance(state, payer, zone) >= max(1, _price(payer))

    mine = side_units(state, f.side) if mine is None else mine
    # where a carrier of the side could take a passenger (the loading tests below, less room_for)
    loading_hexes = {c.hex for c in mine if c.hex is not None and utype(c).carrier and not c.shaken
                     and not c.carrier and c.uid not in f.moved}
    out = []
    for p in mine:
        if not p.carrier and p.hex not in loading_hexes:
            continue  # neither loaded nor beside a carrier (None is never among the hexes)
        if p.hex is None or p.uid in f.moved or not eligible(p):
            continue
        if p.carrier:  # unloading (8k; 8g: a Shaken passenger may unload)
            c = state.units.get(p.carrier)
            if c is None or c.uid in f.moved:
                continue
            if is_heli(c) and c.hex in zone:
                continue  # 17b: not within three hexes of the enemy
            if affords(c, p) and may_unload(state, c, p):
                out.append(ReserveUnload(p.uid, c.uid))
            continue
        if not utype(p).leg or p.shaken:  # 8h: a Shaken passenger cannot load
            continue
        for c in units_at(state, p.hex):
            if (c.side != f.side or not utype(c).carrier or c.shaken or c.carrier or c.uid in f.moved
                    or not room_for(state, c, p)):
                continue
            if is_heli(c) and heli_mode(c) != "landed":  # 17c
                continue
            if affords(c, p):
                out.append(ReserveLoad(p.uid, c.uid))
    return out


def mode_choices(state, f: ReserveFrame, mine=None) -> list[ReserveMode]:
    """17b: an Eligible helicopter that has not yet acted in this Reserve Phase may change mode.
    ``mine``: :func:`side_units` of ``f.side``, if known."""

    out = []
    for u in side_units(state, f.side) if mine is None else mine:
        if (u.hex is not None and is_heli(u) and eligible(u) and u.uid not in f.moved
                and u.uid not in f.modes):
            out += [ReserveMode(u.uid, m) for m in legal_modes(state, u)]
    return out


# 17b: a flying helicopter facing ``v`` enters a front hex of ``v`` or of a vertex next to it (one
# vertex turned a hex entered): (the facing it then has, the hexside it crosses), in the order the
# reach tries them (straight on, then left, then right; each facing's two front hexes in turn)
HELI_TURNS = tuple(tuple(((v + turn) % 6, (v + turn + k) % 6) for turn in (0, -1, 1) for k in (0, 1)) for v in range(6))


def heli_reserve_reach(state, u, near_zone=None) -> dict:
    """17b, 5f: {hex: facing} a flying helicopter can reach with its reserve allowance, turning at
    most one vertex for each hex it enters (as in an impulse, ``vehicles.vehicle_options``), never
    into an enemy hex or a full one, stopping on entering a hex within three of the enemy unless it
    began there.  ``near_zone``: the hexes within three of the enemy, if known (``leg_moves.around``)."""
    board = board_at(state)
    fits = stacking_room(state, u)
    if near_zone is None:
        near_zone = NearZone(board, {x.hex for x in state.units.values() if x.side != u.side and x.hex is not None})
    budget = reserve_allowance(state, u, near_zone)
    began_near = u.hex in near_zone
    enemy = {x.hex for x in state.units.values() if x.side != u.side and x.hex is not None}
    rows = board.rows  # every hex of the board
    open_to: dict = {}  # hex -> whether the helicopter may enter it (no enemy, room: 9), asked once
    rings: dict = {}  # hex -> (neighbour, MP to enter it or None) for its six hexsides, worked out once

    def ring_of(h) -> tuple:
        q, r = h
        out = []
        for d in DIRECTIONS:
            b = Hex(q + d.q, r + d.r)
            ok = open_to.get(b)
            if ok is None:
                ok = open_to[b] = b in rows and b not in enemy and fits(b)
            out.append((b, board.enter_cost(h, b, "F") if ok else None))
        return tuple(out)

    origin = (u.hex, facing_of(state, u))
    best: dict = {origin: 0}
    # settled MP by MP (every hex costs a helicopter 1 MP or more: data/loading.py checks it), so
    # each (hex, facing) is expanded once, at its least cost
    buckets: list[list] = [[] for _ in range(max(budget, 0) + 1)]
    buckets[0].append(origin)
    for c, settled in enumerate(buckets):
        for key in settled:
            if best[key] != c:
                continue  # reached for less since
            h, v = key
            if c >= budget or (h != u.hex and not began_near and h in near_zone):
                continue
            ring = rings.get(h)
            if ring is None:
                ring = rings[h] = ring_of(h)
            for nv, side in HELI_TURNS[v]:
                b, cost = ring[side]
                if cost is None or c + cost > budget:
                    continue
                nk = (b, nv)
                old = best.get(nk)
                if old is not None and old <= c + cost:
                    continue
                best[nk] = c + cost
                buckets[c + cost].append(nk)
    out: dict = {}
    for (h, v), c in sorted(best.items(), key=lambda kv: (kv[1], kv[0])):
        if h != u.hex and h not in out:
            out[h] = v
    return out


def unit_reserve_moves(rules, state, u, at) -> list[ReserveMove]:
    """The reserve moves of ``u`` (``leg_moves.unit_moves``) with a helicopter's: only a flying one
    moves, turning one vertex a hex entered, and ends facing where it flew (17b).  Every hex
    :func:`heli_reserve_reach` finds is one ``unit_moves`` finds too (the same steps, costs, budget
    and stops, less the turns), so the reach alone lists them, by hex as ``unit_moves`` does."""

    if u.hex is None or not is_heli(u):
        return unit_moves(rules, state, u, at)
    if heli_mode(u) != "flying":
        return []
    reach = heli_reserve_reach(state, u, at.near_zone)
    label = at.board.label
    return [ReserveMove(u.uid, label(b), reach[b]) for b in sorted(reach)]


def _reserve_move_test(rules, state, at):
    """``may(u)``: whether ``u`` has a reserve move the scenario leaves it (the first step offers no
    dead end), for every mover of one decision: whether the scenario limits reserve moves at all is
    asked once."""
    limited = rules.restricts(state, ReserveDestination)
    special = rules.special_rules(state) if limited else None
    types, occupied = game_data().units, by_hex(state)

    def may(u) -> bool:
        if not (limited and special.restricts_reserve_moves_of(state, u)):
            t = types[u.type]
            if u.hex is not None and t.kind not in VEHICLE_KINDS and t.leg:  # may_move's Leg unit on the map
                return may_step(state, u, at.board, at.enemy_hexes, at.near_zone, occupied)
            if u.hex is not None and t.kind in GROUND_VEHICLE_KINDS and t.move_class != "F":  # may_move's vehicle
                return vehicle_may_step(state, u, at, occupied)
            return _may_take_reserve_move(rules, state, u, at, None)
        limit = special.reserve_hex_limit(state, u)
        if limit is None:
            return _may_take_reserve_move(rules, state, u, at, lambda moves: _kept(rules, state, u, moves))
        hex_of = at.board.hex
        return _may_take_reserve_move(rules, state, u, at, lambda moves: any(limit(hex_of(m.to)) for m in moves),
                                      limit)

    return may


def _may_take_reserve_move(rules, state, u, at, allowed, limit=None) -> bool:
    """Whether ``u`` has a reserve move the scenario leaves it; ``allowed(moves)``: whether the
    scenario's limit leaves one of these moves, when it applies to ``u`` (``restricts_reserve_moves_of``);
    ``limit``: the hex test ``allowed`` asks of each move, when the scenario gives one."""
    if u.hex is not None and is_heli(u):
        if allowed is None:
            return _heli_may_fly(state, u, at)
        return allowed(unit_reserve_moves(rules, state, u, at))
    return may_move(rules, state, u, at, allowed, limit)


def _heli_may_fly(state, u, at) -> bool:
    """Whether :func:`unit_reserve_moves` of helicopter ``u`` is not empty, from its first steps alone:
    every hex :func:`heli_reserve_reach` finds is reached through a first hex it may enter, and that
    hex (a neighbour within the allowance, by the same cost) is one of ``unit_moves``' too."""
    if heli_mode(u) != "flying":
        return False
    budget = reserve_allowance(state, u, at.near_zone)
    if budget <= 0:
        return False
    board, v = board_at(state), facing_of(state, u)
    fits = stacking_room(state, u)
    for turn in (0, -1, 1):  # as heli_reserve_reach turns: one vertex a hex entered
        for b in front_hexes(u.hex, (v + turn) % 6):
            if b not in board.board or b in at.enemy_hexes:
                continue
            cost = board.enter_cost(u.hex, b, "F")
            if cost is not None and cost <= budget and fits(b):
                return True
    return False


def _kept(rules, state, u, moves) -> bool:
    """Whether the scenario's restriction leaves one of these moves.  It is read on the first step's
    state: a restriction judges a move by the kind of step, the unit and the hex (never its facing)."""
    kept = rules.special_rules(state).restrict(rules, state, _destination_decision(state, u, moves))
    return any(isinstance(a, ReserveMove) for a in kept.actions)


def decide_reserve(rules, state, f: ReserveFrame):
    """5f, first step: which Eligible Unit moves next (then :func:`decide_destination`), a
    helicopter's mode, a load or unload (8k), or no more moves."""

    at = around(state, f.side)
    mine = side_units(state, f.side)
    may = _reserve_move_test(rules, state, at)
    picks = [PickReserveUnit(u.uid) for u in movers(state, f.side, f.moved, mine) if may(u)]
    extra = mode_choices(state, f, mine) + transport_choices(state, f, at, mine)
    return Decision(f.side, (*picks, *extra, EndReserve()), "Reserve Phase: pick an Eligible Unit to move")


def _destination_decision(state, u, moves) -> Decision:
    where = board_at(state).label(u.hex) if u.hex is not None else "off the map"
    return Decision(u.side, (*moves, Decline(Declined.BACK)), f"Reserve Phase: where does {utype(u).name} ({where}) move?")


def decide_destination(rules, state, f: ReserveDestination):
    """5f, second step: where the picked unit moves, or back to the first step."""

    u = state.units[f.unit]
    return _destination_decision(state, u, unit_reserve_moves(rules, state, u, around(state, f.side)))


def act_destination(rules, ctx, f: ReserveDestination, action) -> None:
    ctx.pop()
    if isinstance(action, Decline):  # back: the side picks again, nothing moved
        return
    act_reserve(rules, ctx, ctx.state.top, action)


def act_reserve(rules, ctx, f: ReserveFrame, action) -> None:

    state = ctx.state
    if isinstance(action, PickReserveUnit):
        ctx.push(ReserveDestination(f.side, action.unit))
        return
    if isinstance(action, ReserveMode):
        ctx.emit(ModeSet(action.unit, action.mode))
        ctx.emit(Note(f"{action.unit} is now {action.mode} (Reserve Phase)"))
        ctx.replace(attrs.evolve(f, modes=f.modes + (action.unit,)))
        if action.mode == "landed":  # 24e: on the ground now, it occupies its hex
            rules.after_step(ctx, [action.unit], state.units[action.unit].hex)
        return
    if isinstance(action, (ReserveLoad, ReserveUnload)):
        p, c = state.units[action.unit], state.units[action.carrier]
        payer = _payer(c, p)
        done = {payer.uid}
        if isinstance(action, ReserveLoad):
            ctx.emit(Loaded(p.uid, c.uid))
            ctx.emit(Note(f"{p.uid} loads into {c.uid} (Reserve Phase, {payer.uid} pays {_price(payer)} MP)"))
            done.add(p.uid)  # it rides from now on
        else:
            ctx.emit(Unloaded(p.uid))
            ctx.emit(Note(f"{p.uid} unloads from {c.uid} (Reserve Phase, {payer.uid} pays {_price(payer)} MP)"))
            if p.shaken:  # 8g: neither does more
                done |= {p.uid, c.uid}
        ctx.replace(attrs.evolve(f, moved=f.moved + tuple(sorted(done - set(f.moved)))))
        if isinstance(action, ReserveUnload):  # 24e: out of its carrier it occupies the hex
            rules.after_step(ctx, [p.uid], c.hex)
        return
    if isinstance(action, ReserveMove):
        u = state.units[action.unit]
        if u.hex is not None and is_heli(u) and action.facing < 0:  # 17b: it flies on, nose first
            b = board_at(state).hex(action.to)
            ctx.emit(Faced(u.uid, facing_toward(u.hex, b)))
    act_leg_reserve(rules, ctx, f, action)
