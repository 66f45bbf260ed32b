"""The game's data: terrain chart, range tables, counters, the Action deck, maps and scenarios.

Every file lives in ``rules_goe85/data`` as TOML, is structured into frozen attrs classes through the
core's validated loader (``tabletop_core.data``), and is cross-checked here: a bad value raises
``DataFileError`` naming the file, the field and what was expected.  Loaded once per process
(``functools.cache`` on the loader: derived, immutable data).
"""
from __future__ import annotations

import functools

import attrs

from tabletop_core.boards import Board, HexTerrain, LosClass, MapDef, Overlay, column_layout, row_layout
from tabletop_core.boards.hexgrid import direction_between, offset_to_axial
from tabletop_core.data import check, load_toml, package_file

SIDES = ("soviet", "mujahideen")
MOVE_CLASSES = ("L", "W", "O", "T", "F")
HE_COLOURS = ("", "green", "gold", "red")
APF_SPECIALS = ("", "shake", "dud", "destroy")
UNIT_KINDS = ("infantry", "hero", "vehicle", "truck", "helicopter")
ABILITIES = (
    "assault", "assault_plus", "difficult_target", "tactical_coordination", "pathfinder", "no_move_fire", "sniper",
    "spraying_fire", "tactical", "elite", "indirect_fire", "fanatic", "single_use",
)
POWERS = (
    "explosive_rounds", "kill_shot", "leadership", "prep_fire", "brutal", "intensive_fire", "aggressive",
    "deadly_shot", "sagger", "rapid_fire", "marksman", "resilient", "mortar", "conceal",
)
#: Action names that may appear in a card's blocks (GoE 18-20) and what kind each is (3a).
ACTIONS = {
    "artillery": "action", "bloodlust": "action", "cannister": "action", "command_ops": "action",
    "fast_move": "action", "fire": "action", "lets_get_em": "action", "move": "action", "move_fire": "action",
    "punishing_fire": "action", "rally": "action", "rally2": "action", "reinforcements": "action",
    "reload_fire": "action", "scout": "action", "second_wind": "action", "concealed": "action",
    "aimed_shot": "support", "ambush": "support", "bullet_storm": "support", "critical_hit": "support",
    "panic": "support", "retreat": "support", "grenades": "support",
    "first_fire": "reaction", "glancing_shot": "reaction", "light_wounds": "reaction", "unexpected_cover": "reaction",
}


# -- terrain chart --------------------------------------------------------------------------------
@attrs.frozen
class Terrain:
    kind: str
    mp: dict[str, int]
    cf: int
    cf_artillery: int
    los: str
    los_leg: str = ""
    obstacle: int = 0
    cover: bool = False
    building: bool = False
    negates_moving_bonus: bool = False

    def cost(self, move_class: str) -> int | None:
        """MP to enter for a movement class; None when prohibited (GoE 7, TEC)."""
        value = self.mp[move_class]
        return None if value < 0 else value


@attrs.frozen
class RangeBand:
    max: int
    mod: int


@attrs.frozen
class TerrainFile:
    climb_mp: int
    road_mp: int
    barrage_mp: int
    terrain: list[Terrain]
    he_range: list[RangeBand]
    ap_range: list[RangeBand]


@attrs.frozen
class TerrainChart:
    rows: dict[str, Terrain]
    climb_mp: int
    road_mp: int
    barrage_mp: int
    he_range: tuple[RangeBand, ...]
    ap_range: tuple[RangeBand, ...]

    def row(self, kind: str, elevation: int) -> Terrain:
        """The TEC row for a hex: clear ground above level 0 reads as a hill (see terrain.toml)."""
        if kind == "clear" and elevation > 0:
            return self.rows["hill"]
        return self.rows[kind]

    @property
    def he_max_range(self) -> int:
        return self.he_range[-1].max

    def he_modifier(self, distance: int) -> int | None:
        """GoE 10b: the HE range modifier, or None beyond the table's last band."""
        for band in self.he_range:
            if distance <= band.max:
                return band.mod
        return None

    def ap_modifier(self, distance: int) -> int | None:
        """GoE 15c: the AP range modifier, or None beyond the table's last band."""
        for band in self.ap_range:
            if distance <= band.max:
                return band.mod
        return None


# -- counters -------------------------------------------------------------------------------------
@attrs.frozen
class Factors:
    hef: int
    mf: int
    apf: int | None = None


@attrs.frozen
class UnitType:
    id: str
    name: str
    side: str
    kind: str
    full: Factors
    reduced: Factors
    tm: int | None = None
    af: int | None = None
    move_class: str = "L"
    steps: int = 2
    carrier: bool = False
    abilities: tuple[str, ...] = ()
    powers: tuple[str, ...] = ()

    @property
    def soft(self) -> bool:
        """GoE 2c: an asterisk AF (no AF) is a Soft Target."""
        return self.af is None

    @property
    def hero(self) -> bool:
        return self.kind == "hero"

    @property
    def leg(self) -> bool:
        return self.move_class == "L"

    def factors(self, reduced: bool) -> Factors:
        return self.reduced if reduced else self.full


@attrs.frozen
class UnitsFile:
    units: list[UnitType]


# -- cards ----------------------------------------------------------------------------------------
@attrs.frozen
class Card:
    number: int
    kind: str  # action / end_turn / event
    upper: str = ""
    lower: str = ""
    power: bool = False
    tn: int | None = None
    miss: bool = False
    mf: bool = False
    turret: bool = False
    apf_bonus: int | None = None
    apf_special: str = ""
    he: str = ""
    artillery_only: str = ""

    @property
    def id(self) -> str:
        return f"#{self.number}"

    def blocks(self) -> tuple[str, ...]:
        return tuple(b for b in (self.upper, self.lower) if b)


@attrs.frozen
class CardsFile:
    cards: list[Card]


# -- maps and scenarios ---------------------------------------------------------------------------
@attrs.frozen
class HexSpec:
    at: str
    kind: str = "clear"
    level: int = 0


@attrs.frozen
class MapSpec:
    id: str
    hexes: list[HexSpec] = attrs.Factory(list)
    road: list[str] = attrs.Factory(list)
    columns: int = 11
    rows: int = 8


@attrs.frozen
class MapsFile:
    maps: list[MapSpec]


@attrs.frozen
class Zone:
    map: str = ""
    row_min: int = 0
    row_max: int = 99
    columns: list[str] = attrs.Factory(list)
    hexes: list[str] = attrs.Factory(list)


@attrs.frozen
class Entry:
    map: str
    edge: str = ""
    column: str = ""
    near: str = ""  # only edge hexes within ``within`` hexes of this one (Kill Zone)
    within: int = 0


@attrs.frozen
class Force:
    side: str
    units: dict[str, int]
    zones: list[Zone] = attrs.Factory(list)
    enter: Entry | None = None
    turn: int = 0
    foxholes: int = 0
    prefer: str = "cover"
    more_entries: list[Entry] = attrs.Factory(list)  # further entry edges (Air Assault)
    loaded: bool = False  # Leg units set up / enter loaded in the force's carriers (scenarios/mechanised.py)
    cover_only: bool = False  # set up only in hexes with a cover modifier (Kill Zone)
    apart: bool = False  # not in or next to an enemy hex (Kill Zone)
    concealed: bool = False  # every unit begins Concealed (Sherkhankhel)
    wire: int = 0  # 23c Wire counters set up with the force
    bunker: str = ""  # 23b the force's Bunker, in this hex
    second_wave: bool = False  # Air Assault: placed at the start of its turn by scenarios/mechanised.py


@attrs.frozen
class ScenarioSpec:
    id: str
    title: str
    maps: list[str]
    layout: str
    turns: int
    end_turns: int
    hand: dict[str, int]
    forces: list[Force]
    victory: str
    initiative: str = ""
    soviet_artillery: int = 3
    muj_card19: list[str] = attrs.Factory(list)
    muj_artillery_as: str = ""
    events: list[str] = attrs.Factory(list)
    victory_side: str = ""
    victory_hexes: list[str] = attrs.Factory(list)
    victory_points: int = 0
    escape_column: str = ""
    morale_hexes: list[str] = attrs.Factory(list)
    relocate_map: str = ""
    relocate_range: int = 0
    relocate_hero: bool = False  # the relocation carries an accompanying Hero along (Kill Zone, City Boys)
    relocate_hero_eligible: bool = False  # ... only an Eligible one (City Boys says "EU Hero"; Kill Zone does not)
    tiles: list[HexSpec] = attrs.Factory(list)
    bonus_cards: int = 0  # 24b: VP per completed Bonus card (0: the cards are not used)
    edges: dict[str, str] = attrs.Factory(dict)  # 24c: each side's friendly board edge
    end_turns_first: int = 0  # End Turn cards that end turn 1 when it differs (Sherkhankhel)
    muj_artillery_cards: list[str] = attrs.Factory(list)  # cards whose Artillery the Mujahideen may use (Zhawar #12)
    muj_start_cards: list[str] = attrs.Factory(list)  # cards in the Mujahideen's first hand (Sherkhankhel #37, #7)


@attrs.frozen
class BonusCard:
    id: str
    title: str
    goal: str
    count: int = 1


@attrs.frozen
class BonusFile:
    cards: list[BonusCard]


BONUS_GOALS = ("attrition", "decapitation", "breakthrough", "steady")


@attrs.frozen
class ScenariosFile:
    scenarios: list[ScenarioSpec]


EVENTS = ("sapper", "artillery_strike", "mujahideen_boldness", "attack_helicopter", "su25_strike", "stinger",
          "soviet_indecision", "muj_preparation", "ied", "tough", "extra_ammo", "fear", "heavy_artillery")
VICTORIES = ("control_all", "threshold", "morale", "control_two", "mech_vp", "kill_zone", "zhawar", "sherkhankhel",
             "air_assault")


# -- the loaded, cross-checked whole --------------------------------------------------------------
@attrs.frozen
class GameData:
    tec: TerrainChart
    units: dict[str, UnitType]
    cards: dict[str, Card]  # by id "#7"
    maps: dict[str, MapDef]
    scenarios: dict[str, ScenarioSpec]
    bonus: dict[str, BonusCard]

    def card(self, card_id: str) -> Card:
        return self.cards[card_id]


def _los(value: str) -> LosClass:
    return {"clear": LosClass.CLEAR, "degrading": LosClass.DEGRADING, "blocking": LosClass.BLOCKING}[value]


def hex_terrain(tec: TerrainChart, kind: str, level: int) -> HexTerrain:
    """The board's view of a hex of ``kind`` at ``level`` (LOS class, heights; 14)."""
    row = tec.rows[kind]
    los_for = (("leg", _los(row.los_leg)),) if row.los_leg else ()
    return HexTerrain(kind=kind, elevation=level, obstacle=row.obstacle, los=_los(row.los), los_for=los_for)


def tile_overlay(tec: TerrainChart, spec: HexSpec, base_level: int) -> Overlay:
    """A scenario tile: replaces the terrain feature; keeps the elevation unless the tile names one."""
    level = spec.level if spec.level else base_level
    t = hex_terrain(tec, spec.kind, level)
    return Overlay(name=f"tile:{spec.kind}", kind=spec.kind, elevation=level, obstacle=t.obstacle, los=t.los,
                   los_for=t.los_for)


def _load_tec() -> TerrainChart:
    path = package_file("rules_goe85", "data/terrain.toml")
    raw = load_toml(path, TerrainFile)
    name = str(path)
    rows = {}
    for i, t in enumerate(raw.terrain):
        check(t.kind not in rows, file=name, field=f"terrain[{i}].kind", expected=f"a unique kind, {t.kind!r} repeats")
        check(sorted(t.mp) == sorted(MOVE_CLASSES), file=name, field=f"terrain[{i}].mp", expected="costs for L W O T F")
        for key in ("los", "los_leg"):
            value = getattr(t, key)
            check(value in ("clear", "degrading", "blocking") or (key == "los_leg" and value == ""), file=name,
                  field=f"terrain[{i}].{key}", expected="clear, degrading or blocking")
        check(t.obstacle >= 0, file=name, field=f"terrain[{i}].obstacle", expected="a height >= 0")
        rows[t.kind] = t
    for needed in ("clear", "hill", "woods", "building_dot", "scrub"):
        check(needed in rows, file=name, field="terrain", expected=f"a {needed!r} row")
    for table in ("he_range", "ap_range"):
        bands = getattr(raw, table)
        check(bool(bands) and all(a.max < b.max for a, b in zip(bands, bands[1:])), file=name, field=table,
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
    return tec


def _load_units() -> dict[str, UnitType]:
    path = package_file("rules_goe85", "data/units.toml")
    raw = load_toml(path, UnitsFile)
    name = str(path)
    out: dict[str, UnitType] = {}
    for i, u in enumerate(raw.units):
        where = f"units[{i}]"
        check(u.id not in out, file=name, field=f"{where}.id", expected=f"a unique id, {u.id!r} repeats")
        check(u.side in (*SIDES, "any"), file=name, field=f"{where}.side", expected="soviet, mujahideen or any")
        check(u.kind in UNIT_KINDS, file=name, field=f"{where}.kind", expected=" / ".join(UNIT_KINDS))
        check(u.move_class in MOVE_CLASSES, file=name, field=f"{where}.move_class", expected="L W O T or F")
        check(u.steps in (1, 2, 3), file=name, field=f"{where}.steps", expected="1 to 3 steps")
        for a in u.abilities:
            check(a in ABILITIES, file=name, field=f"{where}.abilities", expected=f"known abilities, not {a!r}")
        for p in u.powers:
            check(p in POWERS, file=name, field=f"{where}.powers", expected=f"known powers, not {p!r}")
        if u.kind in ("infantry", "hero"):
            check(u.af is None and u.move_class == "L", file=name, field=f"{where}.af",
                  expected="infantry and heroes are Soft Leg units (2c)")
        if u.kind == "vehicle":
            check(u.af is not None, file=name, field=f"{where}.af", expected="vehicles are Hard Targets with an AF (2b)")
        out[u.id] = u
    check(out["sov-rifle-intensive"].full.hef == 2, file=name, field="sov-rifle-intensive.full.hef",
          expected="2 (GoE 10c examples)")
    check(out["muj-rifle-intensive"].full.hef == 1 and out["muj-rifle-intensive"].full.mf == 3, file=name,
          field="muj-rifle-intensive.full", expected="HEF 1, MF 3 (GoE 10c, 10d examples)")
    check(out["rpk-74"].full.hef == 2, file=name, field="rpk-74.full.hef", expected="2 (GoE 10d mixed example)")
    check(out["dadvar"].full.mf == 4, file=name, field="dadvar.full.mf", expected="4 (GoE 2j)")
    return out


def _load_cards() -> dict[str, Card]:
    path = package_file("rules_goe85", "data/cards.toml")
    raw = load_toml(path, CardsFile)
    name = str(path)
    out: dict[str, Card] = {}
    check(len(raw.cards) == 58, file=name, field="cards", expected=f"58 cards (GoE 1c), found {len(raw.cards)}")
    for i, c in enumerate(raw.cards):
        where = f"cards[{i}]"
        check(c.number == i + 1, file=name, field=f"{where}.number", expected=f"cards numbered 1..58 in order, got {c.number}")
        check(c.kind in ("action", "end_turn", "event"), file=name, field=f"{where}.kind", expected="action, end_turn or event")
        if c.kind == "action":
            for b in c.blocks():
                check(b in ACTIONS, file=name, field=f"{where}.upper/lower", expected=f"a known action, not {b!r}")
            check(len(c.blocks()) == 2, file=name, field=where, expected="two action blocks (3a)")
        if c.kind != "event":
            check((c.tn is None) == c.miss, file=name, field=f"{where}.tn", expected="either a Targeting Number or miss (3c)")
            check(c.tn is None or -5 <= c.tn <= 10, file=name, field=f"{where}.tn", expected="a TN from -5 to 10 (3c)")
            check(c.apf_bonus is not None, file=name, field=f"{where}.apf_bonus", expected="an APF bonus (3d)")
        check(c.he in HE_COLOURS, file=name, field=f"{where}.he", expected="green, gold, red or empty")
        check(c.apf_special in APF_SPECIALS, file=name, field=f"{where}.apf_special", expected="shake, dud, destroy or empty")
        check(not (c.he and c.apf_special), file=name, field=where,
              expected="a Hit or a Shake!/Dud!/Destroy! in the upper APF block, not both (3d)")
        out[c.id] = c
    counts = {k: sum(1 for c in raw.cards if c.kind == k) for k in ("end_turn", "event")}
    check(counts["end_turn"] >= 4, file=name, field="cards", expected="at least four End Turn cards (9th Company ends on the fourth)")
    for number in (7, 12, 19, 37):
        check(out[f"#{number}"].kind == "action", file=name, field=f"cards #{number}", expected="an action card (named by scenarios)")
    check("artillery" in out["#19"].blocks() and out["#19"].upper == "artillery", file=name, field="cards #19",
          expected="Artillery in the top half (scenario rules)")
    check(out["#12"].upper == "artillery" and out["#12"].artillery_only == "soviet", file=name, field="cards #12",
          expected="a Soviet-only Artillery in the top half (Tanks at Zhawar)")
    return out


def _label_cell(label: str) -> tuple[int, int]:
    col = ord(label[0]) - ord("A")
    return col, int(label[1:])


def _load_maps(tec: TerrainChart) -> dict[str, MapDef]:
    path = package_file("rules_goe85", "data/maps.toml")
    raw = load_toml(path, MapsFile)
    name = str(path)
    out: dict[str, MapDef] = {}
    for i, m in enumerate(raw.maps):
        terrain = {}
        for j, h in enumerate(m.hexes):
            check(h.kind in tec.rows, file=name, field=f"maps[{i}].hexes[{j}].kind", expected=f"a TEC kind, not {h.kind!r}")
            check(0 <= h.level <= 3, file=name, field=f"maps[{i}].hexes[{j}].level", expected="level 0-3 (14b)")
            check(h.at not in terrain, file=name, field=f"maps[{i}].hexes[{j}].at", expected=f"{h.at} listed once")
            terrain[h.at] = hex_terrain(tec, h.kind, h.level)
        roads = []
        for a, b in zip(m.road, m.road[1:]):
            ca, cb = offset_to_axial(*_label_cell(a)), offset_to_axial(*_label_cell(b))
            try:
                roads.append((a, direction_between(ca, cb)))
            except ValueError:
                check(False, file=name, field=f"maps[{i}].road", expected=f"adjacent hexes, {a} and {b} are not")
        try:
            out[m.id] = MapDef.standard(m.id, m.columns, m.rows, terrain=terrain,
                                        default=hex_terrain(tec, "clear", 0), roads=roads)
        except Exception as exc:  # BoardError: a hex not on the map
            check(False, file=name, field=f"maps[{i}]", expected=str(exc))
    check(sorted(out) == ["4", "5", "6", "7", "8"], file=name, field="maps", expected="maps 4, 5, 6, 7 and 8 (1a)")
    level3 = sorted(lab for lab, t in ((out["6"].label(c), t) for c, t in out["6"].terrain.items()) if t.elevation == 3)
    check(level3 == ["E6", "F3", "F4", "F5", "G6"], file=name, field="maps 6",
          expected=f"level-3 hill exactly at E6 F5 F4 F3 G6 (9th Company), found {level3}")
    check(out["6"].terrain[_label_cell("I1")].kind == "building", file=name, field="maps 6 I1",
          expected="a building (Tanks at Zhawar)")
    mosque = sorted(out["4"].label(c) for c, t in out["4"].terrain.items() if t.kind == "mosque")
    check(len(mosque) == 3, file=name, field="maps 4", expected=f"a three-hex mosque, found {mosque}")
    check(bool(out["7"].roads), file=name, field="maps 7", expected="a road (Kill Zone)")
    return out


def _load_scenarios(units: dict[str, UnitType], maps: dict[str, MapDef], tec: TerrainChart) -> dict[str, ScenarioSpec]:
    path = package_file("rules_goe85", "data/scenarios.toml")
    raw = load_toml(path, ScenariosFile)
    name = str(path)
    out = {}
    for i, s in enumerate(raw.scenarios):
        where = f"scenarios[{i}]"
        check(s.layout in ("row", "column"), file=name, field=f"{where}.layout", expected="row or column")
        check(all(m in maps for m in s.maps), file=name, field=f"{where}.maps", expected="maps 4-8")
        check(sorted(s.hand) == sorted(SIDES), file=name, field=f"{where}.hand", expected="a hand size per side")
        check(s.initiative in ("", *SIDES), file=name, field=f"{where}.initiative", expected="a side or empty")
        check(s.victory in VICTORIES, file=name, field=f"{where}.victory", expected=" / ".join(VICTORIES))
        check(1 <= s.end_turns <= 4, file=name, field=f"{where}.end_turns", expected="1-4 End Turn cards")
        check(len(s.events) <= 4, file=name, field=f"{where}.events", expected="at most four Event cards")
        for e in s.events:
            check(e in EVENTS, file=name, field=f"{where}.events", expected=f"a known event, not {e!r}")
        for side, edge in s.edges.items():
            check(side in SIDES and edge in ("north", "south", "east", "west"), file=name, field=f"{where}.edges",
                  expected="a side and north / south / east / west")
        check(s.bonus_cards == 0 or sorted(s.edges) == sorted(SIDES), file=name, field=f"{where}.edges",
              expected="both friendly board edges when Bonus cards are used (24b, 24c)")
        for a in s.muj_card19:
            check(a in ACTIONS, file=name, field=f"{where}.muj_card19", expected=f"an action, not {a!r}")
        board = build_board(s, maps, tec)
        for label in (*s.victory_hexes, *s.morale_hexes, *(t.at for t in s.tiles)):
            try:
                board.board.hex(label)
            except Exception:
                check(False, file=name, field=f"{where}", expected=f"hex {label} on the scenario's maps")
        for j, f in enumerate(s.forces):
            check(f.side in SIDES, file=name, field=f"{where}.forces[{j}].side", expected="soviet or mujahideen")
            for uid in f.units:
                check(uid in units and units[uid].side in (f.side, "any"), file=name, field=f"{where}.forces[{j}].units",
                      expected=f"a {f.side} counter, not {uid!r}")
            check(bool(f.zones) != (f.enter is not None), file=name, field=f"{where}.forces[{j}]",
                  expected="either set-up zones or an entry edge")
        out[s.id] = s
    s9 = out["9th-company"]
    check(s9.victory_hexes == ["6E6", "6F5", "6F4", "6F3", "6G6"], file=name, field="9th-company.victory_hexes",
          expected="the five level-3 hill hexes")
    return out


def build_board(spec: ScenarioSpec, maps: dict[str, MapDef], tec: TerrainChart):
    """The scenario's board (24a, 24d): its maps laid out, with scenario tiles as overlays."""
    from tabletop_core.boards import BoardState

    defs = [maps[m] for m in spec.maps]
    places = column_layout(defs) if spec.layout == "column" else row_layout(defs)
    board = Board.build(defs, places)
    state = BoardState(board)
    for t in spec.tiles:
        h = board.hex(t.at)
        state = state.place(h, tile_overlay(tec, t, board.terrain(h).elevation))
    return state


def _load_bonus() -> dict[str, BonusCard]:
    path = package_file("rules_goe85", "data/bonus.toml")
    raw = load_toml(path, BonusFile)
    name = str(path)
    out = {}
    for i, c in enumerate(raw.cards):
        check(c.id not in out, file=name, field=f"cards[{i}].id", expected=f"a unique id, {c.id!r} repeats")
        check(c.goal in BONUS_GOALS, file=name, field=f"cards[{i}].goal", expected=" / ".join(BONUS_GOALS))
        check(c.count >= 1, file=name, field=f"cards[{i}].count", expected="a count of at least 1")
        out[c.id] = c
    check(len(out) >= 4, file=name, field="cards", expected="enough cards to deal two to each player (24b)")
    return out


@functools.cache
def game_data() -> GameData:
    tec = _load_tec()
    units = _load_units()
    cards = _load_cards()
    maps = _load_maps(tec)
    scenarios = _load_scenarios(units, maps, tec)
    return GameData(tec, units, cards, maps, scenarios, _load_bonus())
