"""The game's data: terrain chart, range tables, counters, the Action deck, maps and scenarios.

Every file lives in ``rules_goe85/data`` as TOML, is structured into frozen attrs classes through the
core's validated loader (``tabletop_core.data``), and is cross-checked by :mod:`.loading`: a bad
value raises ``DataFileError`` naming the file, the field and what was expected.  Loaded once per
process (``functools.cache`` on :func:`.loading.game_data`: derived, immutable data).
"""
from __future__ import annotations


import attrs

from tabletop_core.boards import Board, HexTerrain, LosClass, MapDef, Overlay, column_layout, row_layout

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


#: What the scenario pages fix in the data, checked on load (data/loading.py): scenario id ->
#: (field, value, why).  Kept here, where the architecture test lets the data name a scenario.
SCENARIO_FACTS = {
    "9th-company": ("victory_hexes", ["6E6", "6F5", "6F4", "6F3", "6G6"], "the five level-3 hill hexes"),
}


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


