"""Loading GoE's data files and checking them: ranges, unique ids and references across files.

``load_game_data`` reads the six TOML files (the shipped ones unless a path is given for any of them,
so that a designer's edited copy goes through exactly the same checks) and returns the cross-checked
:class:`~.components.GameData`.  Every fault raises ``DataFileError`` naming the file, the field path
(``scenarios[3].forces[1].units.spetsnaz``) and what was expected; nothing a data file holds may
reach the game as a traceback.  Bounds are those of the physical components (a hand of at most 20
cards, at most 50 counters of one type in a force, ...): generous, but a typo of 10⁵ is refused.
"""
from __future__ import annotations

import functools

import re
from typing import Any

from tabletop_core.boards import BoardState, MapDef
from tabletop_core.boards.hexgrid import direction_between, offset_to_axial
from tabletop_core.data import check, check_range, check_unique, load_toml, naming_file, package_file
from tabletop_core.errors import BoardError

from .components import (
    ABILITIES, ACTIONS, APF_SPECIALS, BONUS_GOALS, EVENTS, HE_COLOURS, MOVE_CLASSES, POWERS, SIDES, UNIT_KINDS,
    VICTORIES, BonusCard, BonusFile, Card, CardsFile, Entry, Force, GameData, HexSpec, MapsFile, ScenarioSpec,
    SCENARIO_FACTS, ScenariosFile, TerrainChart, TerrainFile, UnitsFile, UnitType, Zone, build_board, hex_terrain,
)

FILES = ("terrain", "units", "cards", "maps", "scenarios", "bonus")
EDGES = ("north", "south", "east", "west")
LOS_CLASSES = ("clear", "degrading", "blocking")
MAX_LEVEL = 3  # 14b: elevations 0-3
MAX_HAND = 20
MAX_COUNTERS = 50  # of one type in one force: more than any counter sheet holds
MAX_TURNS = 50
MAX_MF = 99  # a helicopter's MF is written 99: it flies anywhere on the board (17)
#: Rows the rules code names: hills and clear (14b), woods/black-dot buildings (examples), scrub and
#: rough (scenario tiles, village tiles), buildings and mosques (23, City Boys), rubble (23b), pond (23).
REQUIRED_TERRAIN = ("clear", "hill", "woods", "building", "building_dot", "mosque", "rough", "rubble", "scrub", "pond")
_LOCAL_LABEL = re.compile(r"^[A-Z][0-9]{1,2}$")


def load_game_data(**paths: Any) -> GameData:
    """The game's data, from the shipped files or from ``terrain=``, ``units=`` ... paths given."""
    unknown = sorted(set(paths) - set(FILES))
    if unknown:
        raise TypeError(f"load_game_data: no data file {unknown} (the files are {', '.join(FILES)})")
    where = {n: paths.get(n) or package_file("rules_goe85", f"data/{n}.toml") for n in FILES}
    tec = _load_tec(where["terrain"])
    units = _load_units(where["units"])
    cards = _load_cards(where["cards"])
    maps = _load_maps(where["maps"], tec)
    scenarios = _load_scenarios(where["scenarios"], units, cards, maps, tec)
    return GameData(tec, units, cards, maps, scenarios, _load_bonus(where["bonus"]))


def _one_of(value: str, allowed: tuple[str, ...], *, file: str, field: str) -> None:
    check(value in allowed, file=file, field=field, expected=f"one of {', '.join(repr(a) for a in allowed)}, not {value!r}")


# -- terrain chart (GoE 4, 7, 10b, 15c) ------------------------------------------------------------
def _load_tec(path) -> TerrainChart:
    raw = load_toml(path, TerrainFile)
    name = str(path)
    check_unique((t.kind for t in raw.terrain), file=name, field="terrain[].kind")
    for i, t in enumerate(raw.terrain):
        where = f"terrain[{i}]"
        check(bool(t.kind), file=name, field=f"{where}.kind", expected="a name")
        check(sorted(t.mp) == sorted(MOVE_CLASSES), file=name, field=f"{where}.mp",
              expected=f"costs for exactly {' '.join(MOVE_CLASSES)}, got {' '.join(sorted(t.mp))}")
        for mc, cost in t.mp.items():  # a negative cost means prohibited (TEC "P"); -1 is how it is written
            check_range(cost, -1, 20, file=name, field=f"{where}.mp.{mc}")
        check_range(t.cf, 0, 10, file=name, field=f"{where}.cf")
        check_range(t.cf_artillery, 0, 10, file=name, field=f"{where}.cf_artillery")
        _one_of(t.los, LOS_CLASSES, file=name, field=f"{where}.los")
        if t.los_leg:
            _one_of(t.los_leg, LOS_CLASSES, file=name, field=f"{where}.los_leg")
        check_range(t.obstacle, 0, 10, file=name, field=f"{where}.obstacle")
    rows = {t.kind: t for t in raw.terrain}
    for needed in REQUIRED_TERRAIN:
        check(needed in rows, file=name, field="terrain", expected=f"a {needed!r} row (the rules name it)")
    for key in ("climb_mp", "road_mp", "barrage_mp"):
        check_range(getattr(raw, key), 0, 20, file=name, field=key)
    for table in ("he_range", "ap_range"):
        bands = getattr(raw, table)
        check(bool(bands), file=name, field=table, expected="at least one range band")
        for j, band in enumerate(bands):
            check_range(band.max, 0, 100, file=name, field=f"{table}[{j}].max")
            check_range(band.mod, -10, 10, file=name, field=f"{table}[{j}].mod")
        check(all(a.max < b.max for a, b in zip(bands, bands[1:])), file=name, field=table,
              expected="bands with increasing max range")
    tec = TerrainChart(rows, raw.climb_mp, raw.road_mp, raw.barrage_mp, tuple(raw.he_range), tuple(raw.ap_range))
    # Numbers the rulebook's examples state (10c, 10d, 15c, 12a): the data must keep them.
    check(tec.rows["woods"].cf == 1, file=name, field="terrain.woods.cf", expected="1 (GoE 10c example 1)")
    check(tec.he_modifier(2) == 1 and tec.he_modifier(3) == 0, file=name, field="he_range",
          expected="+1 HEF at range 2 or less, none at 3 (GoE 10c example 2, 10d examples)")
    check(tec.ap_modifier(4) == 1, file=name, field="ap_range", expected="+1 APF within 4 hexes (GoE 15c example)")
    check(tec.rows["building_dot"].cf == 1, file=name, field="terrain.building_dot.cf",
          expected="1: a black-dot building cuts HEF 1 to 0 (GoE 10d desperation example)")
    check(tec.rows["hill"].cf_artillery == 0, file=name, field="terrain.hill.cf_artillery",
          expected="0: hills give no cover from artillery (GoE 12a example)")
    for kind, row in tec.rows.items():  # a flying helicopter's reserve reach stops at 0 MP left (reserve/transport.py)
        check(row.cost("F") is None or row.cost("F") >= 1, file=name, field=f"terrain.{kind}",
              expected="a helicopter (F) cost of at least 1 MP, or none")
    return tec


# -- counters (GoE 2, 21, 22) ----------------------------------------------------------------------
def _load_units(path) -> dict[str, UnitType]:
    raw = load_toml(path, UnitsFile)
    name = str(path)
    check_unique((u.id for u in raw.units), file=name, field="units[].id")
    for i, u in enumerate(raw.units):
        _check_unit(u, file=name, where=f"units[{i}]")
    out = {u.id: u for u in raw.units}
    for uid in ("sov-rifle-intensive", "muj-rifle-intensive", "rpk-74", "dadvar"):
        check(uid in out, file=name, field="units", expected=f"a counter {uid!r} (the rulebook's examples use it)")
    check(out["sov-rifle-intensive"].full.hef == 2, file=name, field="sov-rifle-intensive.full.hef",
          expected="2 (GoE 10c examples)")
    check(out["muj-rifle-intensive"].full.hef == 1 and out["muj-rifle-intensive"].full.mf == 3, file=name,
          field="muj-rifle-intensive.full", expected="HEF 1, MF 3 (GoE 10c, 10d examples)")
    check(out["rpk-74"].full.hef == 2, file=name, field="rpk-74.full.hef", expected="2 (GoE 10d mixed example)")
    check(out["dadvar"].full.mf == 4, file=name, field="dadvar.full.mf", expected="4 (GoE 2j)")
    return out


def _check_unit(u: UnitType, *, file: str, where: str) -> None:
    check(bool(u.id) and bool(u.name), file=file, field=f"{where}.id", expected="an id and a name")
    _one_of(u.side, (*SIDES, "any"), file=file, field=f"{where}.side")
    _one_of(u.kind, UNIT_KINDS, file=file, field=f"{where}.kind")
    _one_of(u.move_class, MOVE_CLASSES, file=file, field=f"{where}.move_class")
    check_range(u.steps, 1, 3, file=file, field=f"{where}.steps")
    for side in ("full", "reduced"):
        factors = getattr(u, side)
        check_range(factors.hef, 0, 20, file=file, field=f"{where}.{side}.hef")
        check_range(factors.mf, 0, MAX_MF, file=file, field=f"{where}.{side}.mf")
        if factors.apf is not None:
            check_range(factors.apf, 0, 20, file=file, field=f"{where}.{side}.apf")
    if u.tm is not None:
        check_range(u.tm, -10, 10, file=file, field=f"{where}.tm")
    if u.af is not None:
        check_range(u.af, 0, 10, file=file, field=f"{where}.af")
    for j, a in enumerate(u.abilities):
        check(a in ABILITIES, file=file, field=f"{where}.abilities[{j}]", expected=f"a known ability (21), not {a!r}")
    for j, p in enumerate(u.powers):
        check(p in POWERS, file=file, field=f"{where}.powers[{j}]", expected=f"a known power (22), not {p!r}")
    check_unique(u.abilities, file=file, field=f"{where}.abilities[]")
    check_unique(u.powers, file=file, field=f"{where}.powers[]")
    if u.kind in ("infantry", "hero"):
        check(u.af is None and u.move_class == "L", file=file, field=f"{where}.af",
              expected="infantry and heroes are Soft Leg units (2c)")
    if u.kind == "vehicle":
        check(u.af is not None, file=file, field=f"{where}.af", expected="vehicles are Hard Targets with an AF (2b)")
    if u.kind in ("vehicle", "truck"):
        check(u.move_class in ("W", "O", "T"), file=file, field=f"{where}.move_class",
              expected=f"a vehicle's class W, O or T (7a), not {u.move_class!r}")
    check((u.kind == "helicopter") == (u.move_class == "F"), file=file, field=f"{where}.move_class",
          expected="F for helicopters and for nothing else (7a, 17)")


# -- the Action deck (GoE 1c, 3) -------------------------------------------------------------------
def _load_cards(path) -> dict[str, Card]:
    raw = load_toml(path, CardsFile)
    name = str(path)
    check(len(raw.cards) == 58, file=name, field="cards", expected=f"58 cards (GoE 1c), found {len(raw.cards)}")
    for i, c in enumerate(raw.cards):
        check(c.number == i + 1, file=name, field=f"cards[{i}].number",
              expected=f"cards numbered 1..58 in order, got {c.number}")
        _check_card(c, file=name, where=f"cards[{i}]")
    out = {c.id: c for c in raw.cards}
    counts = {k: sum(1 for c in raw.cards if c.kind == k) for k in ("end_turn", "event")}
    check(counts["end_turn"] >= 4, file=name, field="cards",
          expected="at least four End Turn cards (9th Company ends on the fourth)")
    for number in (7, 12, 19, 37):
        check(out[f"#{number}"].kind == "action", file=name, field=f"cards[{number - 1}].kind",
              expected=f"card #{number} an action card (named by scenarios)")
    check(out["#19"].upper == "artillery", file=name, field="cards[18].upper",
          expected="Artillery in the top half of #19 (scenario rules)")
    check(out["#12"].upper == "artillery" and out["#12"].artillery_only == "soviet", file=name, field="cards[11]",
          expected="#12 a Soviet-only Artillery in the top half (Tanks at Zhawar)")
    return out


def _check_card(c: Card, *, file: str, where: str) -> None:
    _one_of(c.kind, ("action", "end_turn", "event"), file=file, field=f"{where}.kind")
    if c.kind == "action":
        for key in ("upper", "lower"):
            check(getattr(c, key) in ACTIONS, file=file, field=f"{where}.{key}",
                  expected=f"a known action (18-20), not {getattr(c, key)!r}")
    else:
        check(not c.blocks(), file=file, field=f"{where}.upper", expected="no action blocks on an End Turn or Event card")
    if c.kind != "event":
        check((c.tn is None) == c.miss, file=file, field=f"{where}.tn", expected="either a Targeting Number or miss (3c)")
        if c.tn is not None:
            check_range(c.tn, -5, 10, file=file, field=f"{where}.tn")
        check(c.apf_bonus is not None, file=file, field=f"{where}.apf_bonus", expected="an APF bonus (3d)")
    if c.apf_bonus is not None:
        check_range(c.apf_bonus, -10, 10, file=file, field=f"{where}.apf_bonus")
    _one_of(c.he, HE_COLOURS, file=file, field=f"{where}.he")
    _one_of(c.apf_special, APF_SPECIALS, file=file, field=f"{where}.apf_special")
    _one_of(c.artillery_only, ("", *SIDES), file=file, field=f"{where}.artillery_only")
    check(not c.artillery_only or "artillery" in c.blocks(), file=file, field=f"{where}.artillery_only",
          expected="only on a card with an Artillery block")
    check(not (c.he and c.apf_special), file=file, field=where,
          expected="a Hit or a Shake!/Dud!/Destroy! in the upper APF block, not both (3d)")


# -- maps (GoE 1a, 14, 24a) ------------------------------------------------------------------------
def _label_cell(label: str) -> tuple[int, int]:
    return ord(label[0]) - ord("A"), int(label[1:])


def _check_label(label: str, *, file: str, field: str) -> None:
    check(bool(_LOCAL_LABEL.match(label)), file=file, field=field,
          expected=f"a hex label such as 'E4' (a column letter, a row number), not {label!r}")


def _load_maps(path, tec: TerrainChart) -> dict[str, MapDef]:
    raw = load_toml(path, MapsFile)
    name = str(path)
    check_unique((m.id for m in raw.maps), file=name, field="maps[].id")
    out: dict[str, MapDef] = {}
    for i, m in enumerate(raw.maps):
        out[m.id] = _build_map(m, tec, file=name, where=f"maps[{i}]")
    check(sorted(out) == ["4", "5", "6", "7", "8"], file=name, field="maps[].id",
          expected=f"maps 4, 5, 6, 7 and 8 (1a), found {sorted(out)}")
    level3 = sorted(lab for lab, t in ((out["6"].label(c), t) for c, t in out["6"].terrain.items()) if t.elevation == 3)
    check(level3 == ["E6", "F3", "F4", "F5", "G6"], file=name, field="maps 6",
          expected=f"level-3 hill exactly at E6 F5 F4 F3 G6 (9th Company), found {level3}")
    i1 = out["6"].terrain.get(_label_cell("I1"))
    check(i1 is not None and i1.kind == "building", file=name, field="maps 6 I1", expected="a building (Tanks at Zhawar)")
    mosque = sorted(out["4"].label(c) for c, t in out["4"].terrain.items() if t.kind == "mosque")
    check(len(mosque) == 3, file=name, field="maps 4", expected=f"a three-hex mosque, found {mosque}")
    check(bool(out["7"].roads), file=name, field="maps 7", expected="a road (Kill Zone)")
    return out


def _build_map(m, tec: TerrainChart, *, file: str, where: str) -> MapDef:
    check(bool(m.id), file=file, field=f"{where}.id", expected="a map id")
    check_range(m.columns, 1, 26, file=file, field=f"{where}.columns")
    check_range(m.rows, 1, 30, file=file, field=f"{where}.rows")
    terrain = {}
    for j, h in enumerate(m.hexes):
        field = f"{where}.hexes[{j}]"
        _check_label(h.at, file=file, field=f"{field}.at")
        check(h.kind in tec.rows, file=file, field=f"{field}.kind", expected=f"a kind of terrain.toml, not {h.kind!r}")
        check_range(h.level, 0, MAX_LEVEL, file=file, field=f"{field}.level")
        check(h.at not in terrain, file=file, field=f"{field}.at", expected=f"{h.at} listed once")
        terrain[h.at] = hex_terrain(tec, h.kind, h.level)
    roads = []
    for j, label in enumerate(m.road):
        _check_label(label, file=file, field=f"{where}.road[{j}]")
    for j, (a, b) in enumerate(zip(m.road, m.road[1:])):
        try:
            roads.append((a, direction_between(offset_to_axial(*_label_cell(a)), offset_to_axial(*_label_cell(b)))))
        except ValueError:
            check(False, file=file, field=f"{where}.road[{j + 1}]", expected=f"a hex adjacent to {a}, not {b}")
    with naming_file(file, where):  # a hex or road off the map
        return MapDef.standard(m.id, m.columns, m.rows, terrain=terrain, default=hex_terrain(tec, "clear", 0),
                               roads=roads)


# -- scenarios (GoE 24 and each scenario's page) ---------------------------------------------------
def _load_scenarios(path, units: dict[str, UnitType], cards: dict[str, Card], maps: dict[str, MapDef],
                    tec: TerrainChart) -> dict[str, ScenarioSpec]:
    raw = load_toml(path, ScenariosFile)
    name = str(path)
    check(bool(raw.scenarios), file=name, field="scenarios", expected="at least one scenario")
    check_unique((s.id for s in raw.scenarios), file=name, field="scenarios[].id")
    out = {}
    for i, s in enumerate(raw.scenarios):
        ScenarioCheck(s, name, f"scenarios[{i}]", units, cards, maps, tec).run()
        out[s.id] = s
    for sid, (key, value, why) in SCENARIO_FACTS.items():
        check(sid in out and getattr(out[sid], key) == value, file=name, field=f"{sid}.{key}",
              expected=f"the scenario {sid} with {key} = {value} ({why})")
    return out


class ScenarioCheck:
    """The checks of one scenario: its own values, then every hex, map, counter and card it names."""

    def __init__(self, spec: ScenarioSpec, file: str, where: str, units, cards, maps, tec):
        self.s, self.file, self.where = spec, file, where
        self.units, self.cards, self.maps, self.tec = units, cards, maps, tec
        self.board: BoardState | None = None
        self._labels: list[tuple[str, str, int]] | None = None

    def fail_unless(self, condition: bool, field: str, expected: str) -> None:
        check(condition, file=self.file, field=f"{self.where}.{field}" if field else self.where, expected=expected)

    def range(self, value: int, low: int, high: int, field: str) -> None:
        check_range(value, low, high, file=self.file, field=f"{self.where}.{field}")

    def one_of(self, value: str, allowed: tuple[str, ...], field: str) -> None:
        _one_of(value, allowed, file=self.file, field=f"{self.where}.{field}")

    def run(self) -> None:
        self.values()
        self.cards_named()
        self.build()
        self.hexes_named()
        for j, force in enumerate(self.s.forces):
            ForceCheck(self, force, f"forces[{j}]").run()

    def values(self) -> None:
        s = self.s
        self.fail_unless(bool(s.id) and bool(s.title), "id", "an id and a title")
        self.one_of(s.layout, ("row", "column"), "layout")
        self.range(s.turns, 0, MAX_TURNS, "turns")  # 0: no last turn (Kill Zone ends by its kills)
        self.range(s.end_turns, 1, 4, "end_turns")
        if s.end_turns_first:
            self.range(s.end_turns_first, 1, 4, "end_turns_first")
        self.fail_unless(sorted(s.hand) == sorted(SIDES), "hand", f"a hand size for each of {' and '.join(SIDES)}")
        for side, size in s.hand.items():
            self.range(size, 1, MAX_HAND, f"hand.{side}")
        self.one_of(s.initiative, ("", *SIDES), "initiative")
        self.one_of(s.victory, VICTORIES, "victory")
        self.one_of(s.victory_side, ("", *SIDES), "victory_side")
        self.range(s.victory_points, 0, 1000, "victory_points")
        self.range(s.soviet_artillery, 0, 20, "soviet_artillery")
        self.one_of(s.muj_artillery_as, ("", "booby_trap"), "muj_artillery_as")
        self.fail_unless(len(s.events) <= 4, "events", "at most four Event cards (5b)")
        for j, e in enumerate(s.events):
            self.one_of(e, EVENTS, f"events[{j}]")
        for j, a in enumerate(s.muj_card19):
            self.fail_unless(a in ACTIONS, f"muj_card19[{j}]", f"a known action, not {a!r}")
        for side, edge in s.edges.items():
            self.one_of(side, SIDES, f"edges.{side}")
            self.one_of(edge, EDGES, f"edges.{side}")
        self.fail_unless(s.bonus_cards == 0 or sorted(s.edges) == sorted(SIDES), "edges",
                         "both friendly board edges when Bonus cards are used (24b, 24c)")
        self.range(s.bonus_cards, 0, 20, "bonus_cards")
        self.range(s.relocate_range, 0, 20, "relocate_range")
        self.fail_unless(bool(s.forces), "forces", "at least one force")
        self.fail_unless({f.side for f in s.forces} == set(SIDES), "forces", "a force of each side")

    def cards_named(self) -> None:
        for key in ("muj_artillery_cards", "muj_start_cards"):
            for j, cid in enumerate(getattr(self.s, key)):
                self.fail_unless(cid in self.cards, f"{key}[{j}]", f"a card of cards.toml such as '#7', not {cid!r}")
        for j, cid in enumerate(self.s.muj_artillery_cards):
            self.fail_unless("artillery" in self.cards[cid].blocks(), f"muj_artillery_cards[{j}]",
                             f"a card with an Artillery block, {cid} has none")
        self.fail_unless(len(self.s.muj_start_cards) <= self.s.hand["mujahideen"], "muj_start_cards",
                         "no more cards than the Mujahideen hand holds")

    def build(self) -> None:
        s = self.s
        self.fail_unless(bool(s.maps), "maps", "at least one map")
        for j, m in enumerate(s.maps):
            self.fail_unless(m in self.maps, f"maps[{j}]", f"a map of maps.toml ({', '.join(self.maps)}), not {m!r}")
        check_unique(s.maps, file=self.file, field=f"{self.where}.maps[]")
        for j, tile in enumerate(s.tiles):
            self.tile(tile, f"tiles[{j}]")
        with naming_file(self.file, f"{self.where}.tiles"):
            self.board = build_board(s, self.maps, self.tec)
        self.one_of(s.relocate_map, ("", "*", *s.maps), "relocate_map")
        self.fail_unless(not s.relocate_map or s.relocate_range >= 1, "relocate_range",
                         "a relocation range of at least 1 when relocate_map is given")
        self.fail_unless(s.relocate_map or not (s.relocate_range or s.relocate_hero or s.relocate_hero_eligible),
                         "relocate_map", "a relocation map (or '*') when a relocation range or Hero is given")

    def tile(self, tile: HexSpec, field: str) -> None:
        self.fail_unless(tile.kind in self.tec.rows, f"{field}.kind", f"a kind of terrain.toml, not {tile.kind!r}")
        self.range(tile.level, 0, MAX_LEVEL, f"{field}.level")
        self.fail_unless(self.on_maps(tile.at), f"{field}.at", f"a hex of the scenario's maps {self.s.maps}, not {tile.at!r}")

    def on_maps(self, label: str) -> bool:
        """``label`` is a hex of one of the scenario's maps (checked before the board is built)."""
        mid = max((m for m in self.s.maps if label.startswith(m)), key=len, default=None)
        local = label[len(mid):] if mid is not None else ""
        return bool(_LOCAL_LABEL.match(local)) and _label_cell(local) in self.maps[mid].terrain

    def hex(self, label: str, field: str):
        assert self.board is not None
        try:
            return self.board.board.hex(label)
        except BoardError:
            self.fail_unless(False, field, f"a hex of the scenario's maps {self.s.maps}, not {label!r}")

    def hexes_named(self) -> None:
        s = self.s
        for key in ("victory_hexes", "morale_hexes"):
            for j, label in enumerate(getattr(s, key)):
                self.hex(label, f"{key}[{j}]")
            check_unique(getattr(s, key), file=self.file, field=f"{self.where}.{key}[]")
        if s.escape_column:
            self.fail_unless(any(col == s.escape_column for col in self.columns()), "escape_column",
                             f"a map id and column of the scenario's maps such as '6G', not {s.escape_column!r}")

    def columns(self) -> set[str]:
        return {m + c for m, c, _ in self.labels()}

    def labels(self) -> list[tuple[str, str, int]]:
        """(map id, column, row) of every label of the board (half hexes have two)."""
        if self._labels is None:
            assert self.board is not None
            board = self.board.board
            self._labels = [board.parse(lab) for h in board.base for lab in board.labels(h)]
        return self._labels


class ForceCheck:
    """One force of a scenario: its counters, where it sets up or enters, its fortifications."""

    def __init__(self, scenario: ScenarioCheck, force: Force, where: str):
        self.sc, self.f, self.where = scenario, force, where

    def field(self, name: str) -> str:
        return f"{self.where}.{name}" if name else self.where

    def run(self) -> None:
        sc, f = self.sc, self.f
        sc.one_of(f.side, SIDES, self.field("side"))
        sc.fail_unless(bool(f.units), self.field("units"), "at least one counter")
        for uid, n in f.units.items():
            u = sc.units.get(uid)
            sc.fail_unless(u is not None, self.field(f"units.{uid}"), f"a counter of units.toml, not {uid!r}")
            sc.fail_unless(u.side in (f.side, "any"), self.field(f"units.{uid}"), f"a {f.side} counter, {uid} is {u.side}")
            sc.range(n, 1, MAX_COUNTERS, self.field(f"units.{uid}"))
        sc.range(f.turn, 0, sc.s.turns or MAX_TURNS, self.field("turn"))
        sc.range(f.foxholes, 0, 20, self.field("foxholes"))
        sc.range(f.wire, 0, 20, self.field("wire"))
        sc.one_of(f.prefer, ("cover", *EDGES), self.field("prefer"))
        sc.fail_unless(bool(f.zones) != (f.enter is not None), self.field(""), "either set-up zones or an entry edge")
        sc.fail_unless(not f.more_entries or f.enter is not None, self.field("more_entries"),
                       "further entry edges only for a force that enters")
        for j, z in enumerate(f.zones):
            self.zone(z, self.field(f"zones[{j}]"))
        for key, entry in (("enter", f.enter), *((f"more_entries[{j}]", e) for j, e in enumerate(f.more_entries))):
            if entry is not None:
                self.entry(entry, self.field(key))
        if f.bunker:
            sc.hex(f.bunker, self.field("bunker"))

    def zone(self, z: Zone, field: str) -> None:
        sc = self.sc
        sc.fail_unless(bool(z.map) != bool(z.hexes), field, "either a map (with optional rows and columns) or hexes")
        for j, label in enumerate(z.hexes):
            sc.hex(label, f"{field}.hexes[{j}]")
        if z.map:
            sc.fail_unless(z.map in sc.s.maps, f"{field}.map", f"one of the scenario's maps {sc.s.maps}, not {z.map!r}")
            sc.range(z.row_min, 0, 99, f"{field}.row_min")
            sc.range(z.row_max, 0, 99, f"{field}.row_max")  # 99, the default: to the map's last row
            sc.fail_unless(z.row_min <= z.row_max, f"{field}.row_min", f"row_min <= row_max ({z.row_min} > {z.row_max})")
            hexes = [(c, r) for m, c, r in sc.labels() if m == z.map and z.row_min <= r <= z.row_max
                     and (not z.columns or c in z.columns)]
            sc.fail_unless(bool(hexes), field, f"a set-up zone with at least one hex of map {z.map}")
            for j, col in enumerate(z.columns):
                sc.fail_unless(any(c == col for m, c, _ in sc.labels() if m == z.map), f"{field}.columns[{j}]",
                               f"a column of map {z.map}, not {col!r}")

    def entry(self, e: Entry, field: str) -> None:
        sc = self.sc
        sc.fail_unless(e.map in sc.s.maps, f"{field}.map", f"one of the scenario's maps {sc.s.maps}, not {e.map!r}")
        sc.fail_unless(bool(e.edge) != bool(e.column), field, "either an edge or a column")
        if e.edge:
            sc.one_of(e.edge, EDGES, f"{field}.edge")
        if e.column:
            sc.fail_unless(any(c == e.column for m, c, _ in sc.labels() if m == e.map), f"{field}.column",
                           f"a column of map {e.map}, not {e.column!r}")
        if e.near:
            sc.hex(e.near, f"{field}.near")
            sc.range(e.within, 0, 20, f"{field}.within")
        else:
            sc.fail_unless(e.within == 0, f"{field}.within", "0 unless a hex is named in near")


# -- Bonus Victory Point cards (GoE 24b) -----------------------------------------------------------
def _load_bonus(path) -> dict[str, BonusCard]:
    raw = load_toml(path, BonusFile)
    name = str(path)
    check_unique((c.id for c in raw.cards), file=name, field="cards[].id")
    for i, c in enumerate(raw.cards):
        check(bool(c.id) and bool(c.title), file=name, field=f"cards[{i}].id", expected="an id and a title")
        _one_of(c.goal, BONUS_GOALS, file=name, field=f"cards[{i}].goal")
        check_range(c.count, 1, 20, file=name, field=f"cards[{i}].count")
    check(len(raw.cards) >= 4, file=name, field="cards", expected="enough cards to deal two to each player (24b)")
    return {c.id: c for c in raw.cards}


@functools.cache
def game_data() -> GameData:
    """The shipped data, loaded and cross-checked once per process."""
    return load_game_data()
