"""Kill Zone: the Soviet column's vehicles that began on the map keep on or next to the road; 1 VP
(2 for a vehicle) to the Mujahideen per Soviet unit destroyed; the game ends when they reach
``victory_points`` or when the Soviets destroy their fifth Mujahideen unit (victory ``kill_zone``).
Relocation with a Hero is data (``relocate_hero``), played by the turn."""
from __future__ import annotations

import functools


from ..model.actions import ReserveMove, Reverse, Step
from ..model.events import VPScored
from ..model.frames import MoveFrame, ReserveDestination, ReserveFrame
from ..model.state import MUJ, SOVIET
from ..model.vehicles import MechSet
from ..queries.board import board_for
from ..queries.units import utype
from .rule_set import ScenarioRules, keep_only
from .mechanised_events import road_hexes

SCENARIO = "kill-zone"
KZ_KILLS = 5  # the game ends with the Soviets' 5th Mujahideen unit destroyed


@functools.cache
def _road(scenario: str) -> frozenset:
    return frozenset(road_hexes(board_for(scenario)))


@functools.cache
def _road_zone(scenario: str) -> frozenset:
    board = board_for(scenario)
    road = _road(scenario)
    return frozenset(road | {n for r in road for n in board.neighbours[r]})


def near_road(board, h) -> bool:
    """On the road or next to it (the printed board: tiles laid in play change no road)."""
    return h in _road_zone(board.spec.id)


def _road_bound(u) -> bool:
    """Vehicles that began on the map keep on or next to the road."""
    return utype(u).kind in ("vehicle", "truck") and u.entry == 0


def _anywhere(h) -> bool:
    return True


def _bound_id(state, uid: str, known: dict) -> bool:
    found = known.get(uid)
    if found is None:
        m = state.units.get(uid)
        found = known[uid] = m is not None and _road_bound(m)
    return found


class KillZone(ScenarioRules):
    id = SCENARIO
    # the Reserve Phase's first step names units, never a move: it asks restricts_reserve_moves_of instead
    restricted_steps = (MoveFrame, ReserveDestination)

    def restricts_reserve_moves_of(self, state, unit) -> bool:
        # a road-bound vehicle standing on the road: each hex it can enter first lies next to the
        # road, and every move begins with such a hex, so the limit never takes its last move away
        return _road_bound(unit) and unit.hex not in _road(state.scenario)

    def reserve_hex_limit(self, state, unit):
        zone = _road_zone(state.scenario)  # as restrict judges a road-bound vehicle's move
        return zone.__contains__ if _road_bound(unit) else _anywhere

    def restrict(self, rules, state, decision):
        frame = state.top
        if decision is None or not isinstance(frame, (MoveFrame, ReserveFrame, ReserveDestination)):
            return decision
        hex_of = board_for(state.scenario).hex
        zone = _road_zone(state.scenario)
        bound: dict = {}  # unit id -> road-bound (asked once per decision, not once per move)
        keep = []
        for a in decision.actions:
            if isinstance(a, (Reverse, ReserveMove)):  # one unit: no generator over a tuple of one
                held = _bound_id(state, a.unit, bound)
            elif isinstance(a, Step):
                held = any(_bound_id(state, x, bound) for x in a.units)
            else:
                held = False
            if held and hex_of(a.to) not in zone:
                continue  # vehicles that began on the map keep on or next to the road
            keep.append(a)
        return keep_only(decision, keep)

    def on_eliminated(self, rules, ctx, unit) -> None:
        state = ctx.state
        spec = rules.spec(state)
        if unit.side == SOVIET:
            points = 2 if utype(unit).kind == "vehicle" else 1  # Leg units and GAZ-66 trucks 1, BTR / BMP / T-55 2
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


RULES = KillZone()
