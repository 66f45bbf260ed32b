"""Fixed facts the hot paths ask about again and again, resolved once per rules object.

The map and the counters never change during a game, so adjacency, roads, area symbols and the
kind of each counter are turned into plain tuples and sets here instead of being looked up through
the data objects at every decision.  The most frequent menus' action values (a step into an area,
activating an area, picking a unit) are made here once too: actions are frozen values, so one
instance serves every decision of every game.  Everything is derived from :class:`~.data.GameData`
and the readings; nothing here is state.
"""
from __future__ import annotations

import attrs

from .actions import Activate, Pick, Step
from .data import GameData
from .readings import Readings
from .state import PLAYERS


@attrs.frozen
class StepTicks:
    """What one step costs, in ticks (Readings.move_cost's scale), by what the area entered is."""

    road: int
    clear: int
    enemy: int  # holding enemy units
    near: int  # next to enemy units
    flying: int  # any area, for the Mi-24 (Readings.mi24_area_cost)
    road_overrides_enemy: bool
    least: int  # the cheapest ground step: a party with fewer ticks left can take none

    @classmethod
    def of(cls, readings: Readings) -> "StepTicks":
        rule = readings.move_cost
        road, clear = rule.ticks(rule.road), rule.ticks(rule.clear)
        enemy, near = rule.ticks(rule.enemy), rule.ticks(rule.enemy_adjacent)
        return cls(road=road, clear=clear, enemy=enemy, near=near, flying=readings.mi24_area_cost * rule.scale,
                   road_overrides_enemy=rule.road_overrides_enemy, least=min(road, clear, enemy, near))


@attrs.frozen
class Lookups:
    adjacent: dict[int, tuple[int, ...]]  # area -> its neighbours, sorted by id
    roads: frozenset[tuple[int, int]]  # (a, b) pairs joined by a main road, both ways
    road_from: dict[int, frozenset[int]]  # area -> the neighbours a main road joins it to
    mountain: frozenset[int]
    fort: frozenset[int]
    ambush_terrain: frozenset[int]  # areas whose terrain modifier is above 0 (ambush condition 2)
    leaders: frozenset[str]
    helicopters: frozenset[str]
    tanks: frozenset[str]
    militia: frozenset[str]
    restricted: frozenset[str]  # tanks and militia: the units with limits on the areas they enter
    stacking: frozenset[str]  # units counted for stacking (not leaders, not the Mi-24)
    controlling: frozenset[str]  # units whose presence takes an area's control (Readings.control_by_leaders)
    bystanders: dict[str, tuple[str, ...]]  # side -> its units that are not ``controlling``, sorted
    supply_sources: dict[str, tuple[int, ...]]  # side -> the areas printed as its supply sources
    areas: frozenset[int]  # every area of the map
    area_key: dict[int, str]  # area -> its id as text (the observation's control keys)
    ticks: StepTicks
    step: dict[int, Step]  # area -> Step(area)
    activate: dict[int, Activate]  # area -> Activate(area)
    pick: dict[str, Pick]  # unit -> Pick(unit)
    hops: dict[int, dict[int, int]]  # area -> area -> the fewest steps between them (the agents' map sense)

    @classmethod
    def build(cls, data: GameData, readings: Readings) -> "Lookups":
        amap = data.area_map
        adjacent = {a: tuple(amap.neighbours(a)) for a in amap}
        units = data.units

        def kind(*kinds: str) -> frozenset[str]:
            return frozenset(u for u, info in units.items() if info.kind in kinds)

        leaders = kind("leader")
        helicopters = kind("helicopter")
        controlling = frozenset(units) - helicopters - (frozenset() if readings.control_by_leaders else leaders)
        return cls(
            adjacent=adjacent,
            roads=frozenset((a, b) for a in amap for b in adjacent[a] if amap.is_road(a, b)),
            road_from={a: frozenset(b for b in adjacent[a] if amap.is_road(a, b)) for a in amap},
            mountain=frozenset(a for a in amap if amap[a].mountain),
            fort=frozenset(a for a in amap if amap[a].fort),
            ambush_terrain=frozenset(a for a in amap if amap[a].terrain > 0),
            leaders=leaders,
            helicopters=helicopters,
            tanks=kind("tank"),
            militia=kind("militia"),
            restricted=kind("tank", "militia"),
            stacking=frozenset(u for u, info in units.items() if info.counts_for_stacking),
            controlling=controlling,
            bystanders={side: tuple(sorted(u for u, info in units.items() if info.side == side and u not in controlling))
                        for side in PLAYERS},
            supply_sources={side: amap.supply_sources(side) for side in PLAYERS},
            areas=frozenset(amap),
            area_key={a: str(a) for a in amap},
            ticks=StepTicks.of(readings),
            step={a: Step(a) for a in amap},
            activate={a: Activate(a) for a in amap},
            pick={u: Pick(u) for u in units},
            hops=hop_distances(amap),
        )


def hop_distances(area_map) -> dict[int, dict[int, int]]:
    """Area -> area -> the fewest steps between them (breadth first; the map is small)."""
    out: dict[int, dict[int, int]] = {}
    for start in area_map:
        seen = {start: 0}
        frontier = [start]
        while frontier:
            nxt = []
            for a in frontier:
                for b in area_map.neighbours(a):
                    if b not in seen:
                        seen[b] = seen[a] + 1
                        nxt.append(b)
            frontier = nxt
        out[start] = seen
    return out
