"""FUBAR's data files: training table, weapons, armour and vehicles, troop types, tables, scenarios.

Each TOML file in ``data/`` is loaded once through the core's validated loader into frozen attrs
classes; cross-references (a troop's weapon, a scenario's table) are checked here so a bad file
fails with a :class:`~tabletop_core.errors.DataFileError` naming the file and the field.
"""
from __future__ import annotations

from functools import cache

import attrs

from tabletop_core.boards.table import Table, TerrainFeature
from tabletop_core.data import check, check_unique, load_toml, naming_file, package_file

PACKAGE = "rules_fubar"


# -- training ---------------------------------------------------------------------------------------
@attrs.frozen
class Grade:
    activation: int
    expertise: int
    max_suppressed: int


@attrs.frozen
class TrainingFile:
    grades: dict[str, Grade]


# -- weapons ----------------------------------------------------------------------------------------
#: A band reaches this much past its printed inches, so that a distance summed in another order
#: (a figure's edge distance, worked out by different code) is not put out of range by rounding.
FIRE_TOLERANCE = 1e-9


@attrs.frozen
class Weapon:
    id: str
    name: str
    bands: tuple[tuple[float, int], ...]
    small_arms: bool = False
    heavy: bool = False
    ignores_cover: bool = False
    indirect: bool = False
    #: The farthest any band reaches (beyond it ``fire_points`` is 0): worked out once, as every
    #: question of who can fire at whom asks it.
    longest: float = attrs.field(init=False, eq=False, repr=False)
    #: ``longest`` with ``fire_points``' tolerance: the farthest edge distance a shot has Fire
    #: Points at (the shortcuts that ask "within the band?" without ``fire_points`` compare with it).
    reach: float = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        longest = max((reach for reach, _points in self.bands), default=0.0)
        object.__setattr__(self, "longest", longest)
        object.__setattr__(self, "reach", longest + FIRE_TOLERANCE)

    @property
    def max_range(self) -> float:
        return self.bands[-1][0]

    def fire_points(self, distance: float) -> int:
        """# FUBAR weapons: the Fire Points of the first band that reaches ``distance`` (0: out of range)."""
        for reach, points in self.bands:
            if distance <= reach + FIRE_TOLERANCE:
                return points
        return 0


@attrs.frozen
class WeaponsFile:
    weapons: tuple[Weapon, ...]


# -- armour and vehicles --------------------------------------------------------------------------
@attrs.frozen
class Vehicle:
    id: str
    name: str
    save: int
    armoured: bool
    weapon: str
    crew: int
    radius: float
    capacity: int = 0  # figures it carries besides its crew (# FUBAR saves: troops inside vehicles)


@attrs.frozen
class ArmourFile:
    armour: dict[str, int]
    vehicles: tuple[Vehicle, ...]


# -- troops -----------------------------------------------------------------------------------------
@attrs.frozen
class FigureSpec:
    weapon: str
    armour: str
    leader: str = ""


@attrs.frozen
class TroopType:
    id: str
    name: str
    faction: str
    grade: str
    points: int
    figures: tuple[FigureSpec, ...] = ()
    vehicle: str = ""


@attrs.frozen
class BvpTable:
    kill: dict[str, int]
    vehicle: int
    hideout: int
    objective: int
    roe_breach: int


@attrs.frozen
class TroopsFile:
    bvp: BvpTable
    troops: tuple[TroopType, ...]


# -- tables -----------------------------------------------------------------------------------------
@attrs.frozen
class FeatureSpec:
    id: str
    kind: str
    cover: str
    blocks_los: bool
    vertices: tuple[tuple[float, float], ...]


@attrs.frozen
class TableSpec:
    id: str
    width: float
    height: float
    features: tuple[FeatureSpec, ...]


@attrs.frozen
class TablesFile:
    tables: tuple[TableSpec, ...]


# -- scenarios --------------------------------------------------------------------------------------
@attrs.frozen
class Deployment:
    side: str
    troop: str
    id: str
    x: float
    y: float
    heading: float = 90.0
    carried_by: str = ""  # the id of a vehicle of the same force the unit starts inside


@attrs.frozen
class Objective:
    id: str
    x: float
    y: float
    radius: float


@attrs.frozen
class CivilianGroup:
    """A group of civilians standing at (x, y) (``civilians.py``)."""

    id: str
    x: float
    y: float
    count: int


@attrs.frozen
class ScenarioSpec:
    id: str
    title: str
    description: str
    table: str
    turns: int
    hideouts: str
    reinforcements: str
    reinforcement_troop: str
    reserve_figures: int
    reinforcements_from: int
    initiative: dict[str, int]
    objectives: tuple[Objective, ...]
    forces: tuple[Deployment, ...]
    civilians: tuple[CivilianGroup, ...] = ()
    roe: tuple[str, ...] = ()  # sides bound by the Rules of Engagement (# FUBAR bvp)


@attrs.frozen
class ScenariosFile:
    scenarios: tuple[ScenarioSpec, ...]


# -- everything -------------------------------------------------------------------------------------
@attrs.frozen(eq=False)  # hashed by identity: one loaded set per process
class FubarData:
    grades: dict[str, Grade]
    weapons: dict[str, Weapon]
    armour: dict[str, int]
    vehicles: dict[str, Vehicle]
    troops: dict[str, TroopType]
    bvp: BvpTable
    tables: dict[str, TableSpec]
    scenarios: dict[str, ScenarioSpec]

    def table(self, table_id: str) -> Table:
        return build_table(self.tables[table_id])

    def buildings(self, table_id: str) -> tuple[str, ...]:
        return tuple(f.id for f in self.tables[table_id].features if f.kind == "building")


@cache
def build_table(spec: TableSpec) -> Table:
    return Table.build(
        spec.width,
        spec.height,
        [TerrainFeature(f.id, f.vertices, f.cover, f.blocks_los, f.kind) for f in spec.features],
    )


def _file(name: str):
    return package_file(PACKAGE, f"data/{name}")


@cache
def load() -> FubarData:
    """Load and cross-check every FUBAR data file (once per process: derived, read-only data)."""
    training = load_toml(_file("training.toml"), TrainingFile)
    weapons = load_toml(_file("weapons.toml"), WeaponsFile)
    armour = load_toml(_file("armour.toml"), ArmourFile)
    troops = load_toml(_file("troops.toml"), TroopsFile)
    tables = load_toml(_file("tables.toml"), TablesFile)
    scenarios = load_toml(_file("scenarios.toml"), ScenariosFile)
    return assemble(training, weapons, armour, troops, tables, scenarios)


def assemble(training, weapons, armour, troops, tables, scenarios) -> FubarData:
    check_unique_ids(weapons, armour, troops, tables, scenarios)
    """Cross-reference checks: every name a file uses must exist in the file that defines it."""
    wmap = {w.id: w for w in weapons.weapons}
    for i, w in enumerate(weapons.weapons):
        check(bool(w.bands) and all(b[1] > 0 and b[0] > 0 for b in w.bands), file="weapons.toml",
              field=f"weapons[{i}].bands", expected="at least one [range, fire points] band, both positive")
        check(list(w.bands) == sorted(w.bands), file="weapons.toml", field=f"weapons[{i}].bands",
              expected="bands ordered from the shortest range out")
    for name, g in training.grades.items():
        for value, what in ((g.activation, "activation"), (g.expertise, "expertise")):
            check(2 <= value <= 6, file="training.toml", field=f"grades.{name}.{what}", expected="a d6 score 2..6")
    for name, save in armour.armour.items():
        check(2 <= save <= 6, file="armour.toml", field=f"armour.{name}", expected="a save of 2..6")
    vmap = {v.id: v for v in armour.vehicles}
    for i, v in enumerate(armour.vehicles):
        check(2 <= v.save <= 6, file="armour.toml", field=f"vehicles[{i}].save", expected="a save of 2..6")
        check(v.weapon == "" or v.weapon in wmap, file="armour.toml", field=f"vehicles[{i}].weapon",
              expected=f"a weapon of weapons.toml ({', '.join(wmap)})")
        check(v.capacity >= 0, file="armour.toml", field=f"vehicles[{i}].capacity",
              expected="the figures it carries: 0 or more")
    tmap = {}
    for i, t in enumerate(troops.troops):
        where = f"troops[{i}]"
        check(t.grade in training.grades, file="troops.toml", field=f"{where}.grade", expected="a grade of training.toml")
        check(t.faction in troops.bvp.kill, file="troops.toml", field=f"{where}.faction", expected="a faction of bvp.kill")
        check(bool(t.figures) != bool(t.vehicle), file="troops.toml", field=where, expected="either figures or a vehicle")
        check(t.vehicle == "" or t.vehicle in vmap, file="troops.toml", field=f"{where}.vehicle", expected="a vehicle of armour.toml")
        for j, f in enumerate(t.figures):
            check(f.weapon in wmap or (f.weapon == "" and t.id == "civilians"), file="troops.toml",
                  field=f"{where}.figures[{j}].weapon", expected="a weapon of weapons.toml (only civilians go unarmed)")
            check(f.armour in armour.armour, file="troops.toml", field=f"{where}.figures[{j}].armour", expected="an armour type")
            check(f.leader == "" or f.leader in training.grades, file="troops.toml",
                  field=f"{where}.figures[{j}].leader", expected="empty or a grade")
        tmap[t.id] = t
    table_map = {t.id: t for t in tables.tables}
    for i, t in enumerate(tables.tables):
        for j, f in enumerate(t.features):
            check(f.cover in ("none", "soft", "moderate", "hard"), file="tables.toml",
                  field=f"tables[{i}].features[{j}].cover", expected="none, soft, moderate or hard")
        with naming_file("tables.toml", f"tables[{i}]"):
            build_table(t)  # refuses bad polygons with a BoardError naming the feature
    smap = {}
    for i, s in enumerate(scenarios.scenarios):
        where = f"scenarios[{i}]"
        check(s.table in table_map, file="scenarios.toml", field=f"{where}.table", expected="a table of tables.toml")
        check(s.turns > 0, file="scenarios.toml", field=f"{where}.turns", expected="a positive number of turns")
        check(s.reinforcement_troop == "" or s.reinforcement_troop in tmap, file="scenarios.toml",
              field=f"{where}.reinforcement_troop", expected="empty or a troop type")
        for j, d in enumerate(s.forces):
            check(d.troop in tmap, file="scenarios.toml", field=f"{where}.forces[{j}].troop", expected="a troop type")
            check(d.side in ("isaf", "insurgents"), file="scenarios.toml", field=f"{where}.forces[{j}].side",
                  expected="isaf or insurgents")
        _check_transports(s, where, tmap, vmap)
        _check_civilians(s, where, tmap, table_map[s.table])
        smap[s.id] = s
    check_deployments(scenarios, table_map)
    return FubarData(training.grades, wmap, dict(armour.armour), vmap, tmap, troops.bvp, table_map, smap)


def _check_transports(s: ScenarioSpec, where: str, tmap: dict, vmap: dict) -> None:
    """A unit deployed inside a vehicle names a vehicle of its own force with room for it."""
    by_id = {d.id: d for d in s.forces}
    load: dict[str, int] = {}
    for j, d in enumerate(s.forces):
        if not d.carried_by:
            continue
        field = f"{where}.forces[{j}].carried_by"
        carrier = by_id.get(d.carried_by)
        check(carrier is not None and carrier.side == d.side and bool(tmap[carrier.troop].vehicle), file="scenarios.toml",
              field=field, expected="the id of a vehicle deployed by the same side")
        check(not tmap[d.troop].vehicle, file="scenarios.toml", field=field, expected="only troops ride in vehicles")
        load[d.carried_by] = load.get(d.carried_by, 0) + len(tmap[d.troop].figures)
        cap = vmap[tmap[carrier.troop].vehicle].capacity
        check(load[d.carried_by] <= cap, file="scenarios.toml", field=field,
              expected=f"no more figures than {d.carried_by} carries ({cap})")


def _check_civilians(s: ScenarioSpec, where: str, tmap: dict, table: TableSpec) -> None:
    for side in s.roe:
        check(side in ("isaf", "insurgents"), file="scenarios.toml", field=f"{where}.roe", expected="isaf or insurgents")
    if not s.civilians:
        return
    check("civilians" in tmap, file="troops.toml", field="troops", expected="a troop type 'civilians' for scenario civilians")
    for j, c in enumerate(s.civilians):
        field = f"{where}.civilians[{j}]"
        check(1 <= c.count <= len(tmap["civilians"].figures), file="scenarios.toml", field=f"{field}.count",
              expected=f"1..{len(tmap['civilians'].figures)} figures")
        check(0 < c.x < table.width and 0 < c.y < table.height, file="scenarios.toml", field=field,
              expected=f"a point on the {table.width:g}\" x {table.height:g}\" table")


def check_unique_ids(weapons, armour, troops, tables, scenarios) -> None:
    """Ids the rules look up are unique: a repeated weapon, vehicle, troop, table, feature,
    scenario, force or civilian-group id would silently shadow the first (forces and civilian
    groups share one namespace: both become units on the table)."""
    check_unique((w.id for w in weapons.weapons), file="weapons.toml", field="weapons[].id")
    check_unique((v.id for v in armour.vehicles), file="armour.toml", field="vehicles[].id")
    check_unique((t.id for t in troops.troops), file="troops.toml", field="troops[].id")
    check_unique((t.id for t in tables.tables), file="tables.toml", field="tables[].id")
    for i, t in enumerate(tables.tables):
        check_unique((f.id for f in t.features), file="tables.toml", field=f"tables[{i}].features[].id")
    check_unique((s.id for s in scenarios.scenarios), file="scenarios.toml", field="scenarios[].id")
    for i, s in enumerate(scenarios.scenarios):
        check_unique((d.id for d in s.forces), file="scenarios.toml", field=f"scenarios[{i}].forces[].id")
        check_unique((c.id for c in s.civilians), file="scenarios.toml", field=f"scenarios[{i}].civilians[].id")
        forces = {d.id for d in s.forces}
        for j, c in enumerate(s.civilians):
            check(c.id not in forces, file="scenarios.toml", field=f"scenarios[{i}].civilians[{j}].id",
                  expected=f"an id no force of the scenario uses, not {c.id!r}")


def check_deployments(scenarios, table_map) -> None:
    """Every force deploys on its scenario's table; initiative modifiers name sides."""
    for i, s in enumerate(scenarios.scenarios):
        where = f"scenarios[{i}]"
        for side in s.initiative:
            check(side in ("isaf", "insurgents"), file="scenarios.toml", field=f"{where}.initiative.{side}",
                  expected="a side: isaf or insurgents")
        table = table_map[s.table]
        for j, d in enumerate(s.forces):
            check(0 <= d.x <= table.width and 0 <= d.y <= table.height, file="scenarios.toml",
                  field=f"{where}.forces[{j}]",
                  expected=f"a position on the {table.width:g} x {table.height:g} in. table, got ({d.x:g}, {d.y:g})")
