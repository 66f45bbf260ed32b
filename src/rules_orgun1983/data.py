"""Loading and validating Orgun 1983's data files (map, counters, cards, scenario).

Each file is structured into frozen attrs classes by the core's loader (a bad field raises
``DataFileError`` naming the file and field), then cross-checked here: adjacency through the area
map's own validation, unit types, tribes, set-up areas, reinforcement groups, card groups, the turn
track and every area number the rules name.
"""
from __future__ import annotations

from functools import cache
import attrs

from tabletop_core.boards.areas import AreaMap
from tabletop_core.data import check, load_toml, package_file
from tabletop_core.errors import BoardError, DataFileError

SIDES = ("muj", "dra")
KINDS = ("infantry", "tank", "militia", "leader", "advisor", "helicopter")
CARD_KINDS = ("attack", "defence", "reinforcement")
TURNS = 12
# Every area the rules name must be on the map (# Orgun: victory and initiative).
NAMED_AREAS = (15, 19, 28, 29, 32, 33, 38)


# -- file schemas ---------------------------------------------------------------------------------
@attrs.frozen
class AreaRecord:
    id: int
    name: str = ""
    neighbours: list[int] = attrs.Factory(list)
    roads: list[int] = attrs.Factory(list)
    terrain: int = 0
    mountain: bool = False
    fort: bool = False
    minefield: bool = False
    zones: list[str] = attrs.Factory(list)
    supply: list[str] = attrs.Factory(list)


@attrs.frozen
class MapFile:
    areas: list[AreaRecord]


@attrs.frozen
class UnitType:
    id: str
    name: str
    side: str
    kind: str
    strength: int
    cohesion: int
    op: int
    steps: int
    reduced_strength: int | None = None
    drm: int = 0


@attrs.frozen
class UnitRecord:
    id: str
    type: str
    name: str
    tribe: str = ""


@attrs.frozen
class CountersFile:
    types: list[UnitType]
    units: list[UnitRecord]


@attrs.frozen
class CardRecord:
    id: str
    name: str
    side: str
    kind: str
    value: int
    count: int = 1
    night: bool = False
    group: str = ""


@attrs.frozen
class CardsFile:
    cards: list[CardRecord]


@attrs.frozen
class TurnRecord:
    turn: int
    muj: int
    dra: int


@attrs.frozen
class SetupRecord:
    unit: str
    area: int


@attrs.frozen
class ControlRecord:
    dra: list[int] = attrs.Factory(list)
    muj: list[int] = attrs.Factory(list)


@attrs.frozen
class GroupRecord:
    id: str
    side: str
    units: list[str]
    first: int
    last: int
    roll: int
    entry: list[int]
    soviet: bool = False


@attrs.frozen
class ScenarioFile:
    id: str
    title: str
    turns: list[TurnRecord]
    setup: list[SetupRecord]
    groups: list[GroupRecord]
    control: ControlRecord = attrs.Factory(ControlRecord)


# -- what the rules use ---------------------------------------------------------------------------
@attrs.frozen
class UnitInfo:
    """The fixed facts of one counter: its type's numbers plus its own name and tribe."""

    id: str
    name: str
    side: str
    kind: str
    strength: int
    reduced_strength: int
    cohesion: int
    op: int
    steps: int
    drm: int
    tribe: str

    @property
    def is_leader(self) -> bool:
        return self.kind == "leader"

    @property
    def counts_for_stacking(self) -> bool:
        # Orgun: stacking -- leaders and the Mi-24 are not counted
        return self.kind not in ("leader", "helicopter")


@attrs.frozen
class CardInfo:
    id: str  # one copy: "<record id>#<n>"
    name: str
    side: str
    kind: str
    value: int
    night: bool
    group: str


@attrs.frozen
class GameData:
    area_map: AreaMap
    units: dict[str, UnitInfo]
    cards: dict[str, CardInfo]
    decks: dict[str, tuple[str, ...]]  # side -> card copies
    scenario: ScenarioFile
    groups: dict[str, GroupRecord]
    cards_per_turn: dict[int, dict[str, int]]
    tribes: dict[str, tuple[str, ...]]  # tribe -> its non-leader units
    minefields: frozenset[int]


def _map_file(raw_name: str) -> AreaMap:
    path = package_file("rules_orgun1983", raw_name)
    loaded = load_toml(path, MapFile)
    name = str(path)
    for i, rec in enumerate(loaded.areas):
        for j, zone in enumerate(rec.supply):
            check(zone in SIDES, file=name, field=f"areas[{i}].supply[{j}]", expected=f"one of {', '.join(SIDES)}, got {zone!r}")
    try:
        area_map = AreaMap.from_records(
            [
                {
                    "id": r.id, "name": r.name, "neighbours": tuple(r.neighbours), "roads": tuple(r.roads),
                    "terrain": r.terrain, "mountain": r.mountain, "fort": r.fort, "minefield": r.minefield,
                    "zones": frozenset(r.zones), "supply": frozenset(r.supply),
                }
                for r in loaded.areas
            ],
            source=name,
        )
    except BoardError as exc:
        raise DataFileError(name, "areas", str(exc)) from None
    for area in NAMED_AREAS:
        check(area in area_map, file=name, field="areas", expected=f"area {area} (named by the rules) to exist")
    for side in SIDES:
        check(bool(area_map.supply_sources(side)), file=name, field="areas[].supply", expected=f"a supply source for {side}")
    check(any(area_map.in_zone(a, "orgun") for a in area_map), file=name, field="areas[].zones", expected="at least one area in the orgun zone")
    return area_map


def load_data(map_file: str = "data/map.toml", counters_file: str = "data/counters.toml",
              cards_file: str = "data/cards.toml", scenario_file: str = "data/scenario.toml") -> GameData:
    """Load and cross-check all four files (paths relative to the package)."""
    area_map = _map_file(map_file)

    cpath = package_file("rules_orgun1983", counters_file)
    counters = load_toml(cpath, CountersFile)
    cname = str(cpath)
    types: dict[str, UnitType] = {}
    for i, t in enumerate(counters.types):
        where = f"types[{i}]"
        check(t.id not in types, file=cname, field=f"{where}.id", expected=f"a unique type id, {t.id!r} is repeated")
        check(t.side in SIDES, file=cname, field=f"{where}.side", expected=f"one of {', '.join(SIDES)}, got {t.side!r}")
        check(t.kind in KINDS, file=cname, field=f"{where}.kind", expected=f"one of {', '.join(KINDS)}, got {t.kind!r}")
        check(t.steps >= 1, file=cname, field=f"{where}.steps", expected="at least 1")
        check(t.op >= 1, file=cname, field=f"{where}.op", expected="at least 1")
        check(1 <= t.cohesion <= 6, file=cname, field=f"{where}.cohesion", expected="between 1 and 6")
        check(t.strength >= 0, file=cname, field=f"{where}.strength", expected="0 or more")
        check_reduced_strength(t, file=cname, field=f"{where}.reduced_strength")
        check(t.kind != "leader" or t.drm >= 0, file=cname, field=f"{where}.drm", expected="0 or more for a leader")
        check(t.kind not in ("militia", "advisor") or t.side == ("dra" if t.kind == "militia" else "muj"),
              file=cname, field=f"{where}.kind", expected="militia are DRA units and advisors Mujahideen units")
        types[t.id] = t
    units: dict[str, UnitInfo] = {}
    for i, u in enumerate(counters.units):
        where = f"units[{i}]"
        check(u.id not in units, file=cname, field=f"{where}.id", expected=f"a unique unit id, {u.id!r} is repeated")
        check(u.type in types, file=cname, field=f"{where}.type", expected=f"a type listed in types, got {u.type!r}")
        t = types[u.type]
        needs_tribe = t.side == "muj" and t.kind not in ("advisor",)
        check(bool(u.tribe) == needs_tribe, file=cname, field=f"{where}.tribe",
              expected="a tribe for every Mujahideen unit except advisors, and none for others")
        reduced = t.reduced_strength if t.reduced_strength is not None else t.strength
        units[u.id] = UnitInfo(u.id, u.name, t.side, t.kind, t.strength, reduced, t.cohesion, t.op, t.steps, t.drm, u.tribe)
    check(sum(1 for u in units.values() if u.kind == "helicopter") == 1, file=cname, field="units",
          expected="exactly one Mi-24 (kind helicopter)")

    kpath = package_file("rules_orgun1983", cards_file)
    cards_raw = load_toml(kpath, CardsFile)
    kname = str(kpath)

    spath = package_file("rules_orgun1983", scenario_file)
    scenario = load_toml(spath, ScenarioFile)
    sname = str(spath)
    turns = {}
    for i, t in enumerate(scenario.turns):
        check(1 <= t.turn <= TURNS and t.turn not in turns, file=sname, field=f"turns[{i}].turn", expected=f"a new turn number 1..{TURNS}")
        check(t.muj >= 0 and t.dra >= 0, file=sname, field=f"turns[{i}]", expected="card counts of 0 or more")
        turns[t.turn] = {"muj": t.muj, "dra": t.dra}
    check(len(turns) == TURNS, file=sname, field="turns", expected=f"one entry for each turn 1..{TURNS}")
    placed: set[str] = set()
    for i, s in enumerate(scenario.setup):
        check(s.unit in units and s.unit not in placed, file=sname, field=f"setup[{i}].unit", expected=f"a unit listed in counters, placed once, got {s.unit!r}")
        check(s.area in area_map, file=sname, field=f"setup[{i}].area", expected=f"an area of the map, got {s.area!r}")
        # Orgun: militia never stand in forts or minefields (they may not enter them)
        spot = area_map[s.area]
        check(units[s.unit].kind != "militia" or not (spot.fort or spot.minefield), file=sname, field=f"setup[{i}].area",
              expected=f"an area without fort or minefield for militia {s.unit!r}, got {s.area!r}")
        placed.add(s.unit)
    for side in SIDES:
        for j, a in enumerate(getattr(scenario.control, side)):
            check(a in area_map, file=sname, field=f"control.{side}[{j}]", expected=f"an area of the map, got {a!r}")
    groups: dict[str, GroupRecord] = {}
    for i, g in enumerate(scenario.groups):
        where = f"groups[{i}]"
        check(g.id not in groups, file=sname, field=f"{where}.id", expected="a unique group id")
        check(g.side in SIDES, file=sname, field=f"{where}.side", expected=f"one of {', '.join(SIDES)}")
        check(bool(g.units), file=sname, field=f"{where}.units", expected="at least one unit")
        for j, u in enumerate(g.units):
            check(u in units and u not in placed and units[u].side == g.side, file=sname, field=f"{where}.units[{j}]",
                  expected=f"a {g.side} unit not already placed, got {u!r}")
            placed.add(u)
        check(1 <= g.first <= g.last <= TURNS, file=sname, field=f"{where}.first", expected=f"1 <= first <= last <= {TURNS}")
        check(0 <= g.roll <= 6, file=sname, field=f"{where}.roll", expected="0 (card only) to 6")
        check(bool(g.entry), file=sname, field=f"{where}.entry", expected="at least one entry area")
        for j, a in enumerate(g.entry):
            check(a in area_map, file=sname, field=f"{where}.entry[{j}]", expected=f"an area of the map, got {a!r}")
        check(not g.soviet or g.side == "dra", file=sname, field=f"{where}.soviet", expected="Soviet groups on the DRA side")
        groups[g.id] = g
    missing = sorted(set(units) - placed)
    check(not missing, file=sname, field="setup", expected=f"every unit set up or in a group; not placed: {', '.join(missing)}")

    cards: dict[str, CardInfo] = {}
    decks: dict[str, list[str]] = {s: [] for s in SIDES}
    seen: set[str] = set()
    for i, c in enumerate(cards_raw.cards):
        where = f"cards[{i}]"
        check(c.id not in seen and "#" not in c.id, file=kname, field=f"{where}.id", expected="a unique id without '#'")
        seen.add(c.id)
        check(c.side in SIDES, file=kname, field=f"{where}.side", expected=f"one of {', '.join(SIDES)}")
        check(c.kind in CARD_KINDS, file=kname, field=f"{where}.kind", expected=f"one of {', '.join(CARD_KINDS)}, got {c.kind!r}")
        check(c.count >= 1, file=kname, field=f"{where}.count", expected="at least 1")
        check(not c.night or c.kind == "attack", file=kname, field=f"{where}.night", expected="only attack cards are Night Attacks")
        if c.kind == "reinforcement":
            check(c.group in groups and groups[c.group].side == c.side, file=kname, field=f"{where}.group",
                  expected=f"a {c.side} reinforcement group of the scenario, got {c.group!r}")
        else:
            check(c.value > 0 and not c.group, file=kname, field=f"{where}.value", expected="a positive value and no group")
        for n in range(1, c.count + 1):
            copy = f"{c.id}#{n}"
            cards[copy] = CardInfo(copy, c.name, c.side, c.kind, c.value, c.night, c.group)
            decks[c.side].append(copy)

    tribes: dict[str, list[str]] = {}
    for u in units.values():
        if u.tribe and not u.is_leader:
            tribes.setdefault(u.tribe, []).append(u.id)
    return GameData(
        area_map=area_map,
        units=units,
        cards=cards,
        decks={s: tuple(v) for s, v in decks.items()},
        scenario=scenario,
        groups=groups,
        cards_per_turn=turns,
        tribes={t: tuple(v) for t, v in sorted(tribes.items())},
        minefields=frozenset(a for a in area_map if area_map[a].minefield),
    )


@cache
def default_data() -> GameData:
    """The shipped data, loaded once (derived data, never changed)."""
    return load_data()


def check_reduced_strength(unit_type, *, file: str, field: str) -> None:
    """A reduced side is weaker than the full one, never negative (a negative strength would add
    to the enemy's odds in combat without any error)."""
    reduced = unit_type.reduced_strength
    if reduced is not None:
        check(0 <= reduced <= unit_type.strength, file=file, field=field,
              expected=f"0 to the full strength {unit_type.strength}, got {reduced}")
