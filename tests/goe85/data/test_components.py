"""The components as data: every number the rulebook states holds; bad files are refused by name."""
import pytest

from tabletop_core import DataFileError
from tabletop_core.boards.hexfacing import Arc
from tabletop_core.data import load_toml, package_file

from rules_goe85.data.components import CardsFile, UnitsFile
from rules_goe85.data.loading import game_data
from rules_goe85.data.loading import load_game_data
from rules_goe85.model.actions import Use
from rules_goe85.queries.ap_numbers import armour
from rules_goe85.effects.attack_start import start_fire
from rules_goe85.queries.board import board_for
from rules_goe85.queries.deck import counts_as_hit

from ..helpers import BLANK, DATA, GOLD, GREEN, RED, RULES
from ..refpos import arrange, fresh


D = game_data()


@pytest.mark.rule("goe85:2i")
@pytest.mark.rule("goe85:22a")
@pytest.mark.rule("goe85:22b")
@pytest.mark.rule("goe85:22j")
def test_fire_powers_add_hef():
    units = [("S1", "rpk-74", "soviet", "5C4"), ("S2", "spetsnaz", "soviet", "5C5"), ("S3", "ags-17", "soviet", "5C6"),
             ("M1", "muj-rifle-intensive", "mujahideen", "5G4")]
    for uid, verb, expected in (("S1", "kill_shot", 2 + 1), ("S2", "deadly_shot", 3 + 1), ("S3", "explosive_rounds", 3 + 2)):
        g = arrange(fresh(), units,  # the Power's attack, started by the referee on the Soviet impulse
                    then=lambda c: start_fire(RULES, c, "soviet", Use(verb), uid, "M1", False, marker="ops"))
        d = board_for(g.state.scenario).distance(g.state.units[uid].hex, g.state.units["M1"].hex)
        assert g.state.top.hef == expected + RULES.tec.he_modifier(d)


@pytest.mark.rule("goe85:4b")
def test_cover_factors_from_the_chart():
    assert D.tec.rows["woods"].cf == 1  # 10c example 1
    assert D.tec.rows["building_dot"].cf == 1  # 10d desperation example
    assert D.tec.rows["hill"].cf_artillery == 0  # 12a example
    assert D.tec.row("clear", 2).kind == "hill" and D.tec.row("clear", 0).kind == "clear"


@pytest.mark.rule("goe85:2a")
@pytest.mark.rule("goe85:2c")
@pytest.mark.rule("goe85:2g")
@pytest.mark.rule("goe85:2h")
@pytest.mark.rule("goe85:2j")
def test_counters():
    assert D.units["sov-rifle-intensive"].full.hef == 2
    assert D.units["muj-rifle-intensive"].full.hef == 1 and D.units["muj-rifle-intensive"].full.mf == 3
    assert D.units["dadvar"].full.mf == 4 and D.units["dadvar"].hero
    assert all(u.soft and u.leg for u in D.units.values() if u.kind in ("infantry", "hero"))
    assert not D.units["t-62"].soft and D.units["t-62"].af == 5  # flank 4 (15d)


@pytest.mark.rule("goe85:2b")
@pytest.mark.rule("goe85:2e")
@pytest.mark.rule("goe85:2f")
@pytest.mark.rule("goe85:2d")
def test_vehicle_counters_are_hard_targets_with_factors():
    t62 = D.units["t-62"]
    assert t62.tm == 3 and t62.full.apf == 4 and t62.steps == 1
    assert D.units["bmp-1"].af == 1 and D.units["gaz-66"].soft  # trucks are Soft Targets (2c)


@pytest.mark.rule("goe85:3a")
@pytest.mark.rule("goe85:3b")
@pytest.mark.rule("goe85:3c")
@pytest.mark.rule("goe85:3d")
@pytest.mark.rule("goe85:3e")
def test_the_deck():
    cards = D.cards
    assert len(cards) == 58
    assert sum(1 for c in cards.values() if c.kind == "end_turn") == 4
    assert sum(1 for c in cards.values() if c.kind == "event") == 4
    assert cards["#19"].upper == "artillery" and cards["#12"].artillery_only == "soviet"
    for n in (7, 12, 19, 37):
        assert len(cards[f"#{n}"].blocks()) == 2
    for c in cards.values():
        if c.kind != "event":
            assert (c.tn is None) == c.miss and c.apf_bonus is not None
            assert not (c.he and c.apf_special)
    colours = [c.he for c in cards.values()]
    assert colours.count("red") < colours.count("gold") < colours.count("green")  # red is the rarest
    assert any(c.power for c in cards.values())


@pytest.mark.rule("goe85:24a")
@pytest.mark.rule("goe85:24d")
def test_maps_hold_every_hex_the_scenarios_name():
    b = board_for("9th-company")
    for lab in ("6E6", "6F5", "6F4", "6F3", "6G6"):
        assert b.elevation[b.hex(lab)] == 3
    assert b.row(b.hex("6I1")).building
    assert b.row(b.hex("7C5")).kind == "scrub"  # the scenario's tile
    assert b.board.is_half(b.hex("6A1")) or b.hex("6A1") in b.board  # half hexes are playable
    city = board_for("city-boys")
    assert sorted(city.label(h) for h in city.hexes if city.row(h).kind == "mosque") == ["4E4", "4E5", "4F4"]
    assert city.board.road_directions(city.hex("7C1"))
    hammer = board_for("hammer-and-anvil")
    assert hammer.row(hammer.hex("5B2")).kind == "woods"
    assert hammer.row(hammer.hex("6G3")).kind == "hill" and hammer.elevation[hammer.hex("6G3")] == 1


def test_bad_files_are_refused_with_file_and_field(tmp_path):
    bad = tmp_path / "cards.toml"
    bad.write_text('[[cards]]\nnumber = "one"\nkind = "action"\n')
    with pytest.raises(DataFileError) as err:
        load_toml(bad, CardsFile)
    assert "cards.toml" in str(err.value) and "number" in str(err.value)
    bad.write_text('[[units]]\nid = "x"\nname = "x"\nside = "soviet"\nkind = "infantry"\nfull = { hef = 1, mf = 1 }\n'
                   'reduced = { hef = 1, mf = 1 }\nhefty = 3\n')
    with pytest.raises(DataFileError) as err:
        load_toml(bad, UnitsFile)
    assert "hefty" in str(err.value)


def test_scenario_board_is_the_printed_board_of_the_scenario():
    from tabletop_core.errors import UnknownNameError

    board = RULES.scenario_board("city-boys")
    assert set(board.board.hexes) == set(board_for("city-boys").hexes)
    assert board is RULES.scenario_board("city-boys")  # public data, built once
    with pytest.raises(UnknownNameError, match="unknown goe85 scenario 'nowhere'"):
        RULES.scenario_board("nowhere")


@pytest.mark.rule("goe85:3e")
def test_hit_colours_are_nested_levels():
    assert all(counts_as_hit(c, 0) for c in (GREEN, GOLD, RED)) and not counts_as_hit(BLANK, 0)


@pytest.mark.rule("goe85:2b")
@pytest.mark.rule("goe85:2d")
@pytest.mark.rule("goe85:2e")
@pytest.mark.rule("goe85:2f")
def test_vehicle_counters():
    t62, bmp, gaz, mi24 = (DATA.units[x] for x in ("t-62", "bmp-1", "gaz-66", "mi-24"))
    assert (t62.tm, t62.af, t62.full.apf, t62.move_class) == (3, 5, 4, "T")  # 15c example
    assert armour(t62.af, Arc.FLANK) == 4 and armour(t62.af, Arc.REAR) == 3  # 15d: T-62 flank 4
    assert armour(bmp.af, Arc.FLANK) == 0 and bmp.carrier  # 15c: BMP-1 flank 0; circled MF (8a)
    assert gaz.af is None and gaz.kind == "truck" and gaz.carrier  # 2c: a truck is a Soft Target
    assert mi24.kind == "helicopter" and mi24.steps == 3 and "difficult_target" in mi24.abilities  # 17d
    assert armour(4, Arc.FRONT, turret=True) == 5  # 15b Turret hit
    for tid in ("t-55", "t-62", "bmp-1", "btr-70", "gaz-66", "mi-8", "mi-24"):
        assert DATA.units[tid].steps in (1, 3)


# -- validation on load: a designer's edited copy, loaded through the same loader -----------------
def _edited(tmp_path, file, old, new):
    text = package_file("rules_goe85", f"data/{file}.toml").read_text("utf-8")
    assert old in text, f"{old!r} is not in {file}.toml"
    path = tmp_path / f"{file}.toml"
    path.write_text(text.replace(old, new, 1), "utf-8")
    return path


REFUSED = [
    # (file, text replaced, replacement, field named, expectation named)
    ("terrain", 'kind = "scrub"', 'kind = "clear"', "terrain[2].kind", "'clear' is repeated"),
    ("terrain", 'kind = "pond"', 'kind = "lake"', "terrain", "a 'pond' row"),
    ("terrain", "cf = 1", "cf = -3", "terrain[1].cf", "expected 0 to 10, got -3"),
    ("terrain", 'los = "', 'los = "foggy', "terrain[0].los", "one of 'clear', 'degrading', 'blocking'"),
    ("terrain", "climb_mp = ", "climb_mp = -", "climb_mp", "expected 0 to 20"),
    ("terrain", "T = 1, F = 1 }", "T = 1, F = 0 }", "terrain.clear", "a helicopter (F) cost of at least 1 MP"),
    ("terrain", "max = ", "max = 1000000000 #", "he_range[0].max", "within ±1000000"),
    ("units", 'id = "sov-rifle-intensive"', 'id = "sov-rifle-marksman"', "units[1].id",
     "'sov-rifle-marksman' is repeated"),
    ("units", 'abilities = ["assault"]', 'abilities = ["teleport"]', "units[0].abilities[0]", "not 'teleport'"),
    ("units", 'powers = ["marksman"]', 'powers = ["x-ray"]', "units[0].powers[0]", "not 'x-ray'"),
    ("units", 'kind = "infantry"', 'kind = "dragon"', "units[0].kind", "one of 'infantry'"),
    ("units", "full = { hef = 2, mf = 4 }", "full = { hef = -2, mf = 4 }", "units[0].full.hef", "expected 0 to 20"),
    ("units", 'side = "soviet"', 'side = "isaf"', "units[0].side", "one of 'soviet'"),
    ("units", 'move_class = "T"', 'move_class = "L"', ".move_class", "a vehicle's class W, O or T"),
    ("units", 'move_class = "F"', 'move_class = "T"', ".move_class", "F for helicopters"),
    ("cards", 'upper = "artillery"', 'upper = "teleport"', ".upper", "a known action (18-20), not 'teleport'"),
    ("cards", "number = 12", "number = 1000000000", "cards[11].number", "within ±1000000"),
    ("cards", "number = 12", "number = 13", "cards[11].number", "numbered 1..58 in order"),
    ("cards", 'artillery_only = "soviet"', 'artillery_only = "nato"', "cards[11].artillery_only", "one of ''"),
    ("cards", "tn = 7", "tn = 70", "cards[11].tn", "expected -5 to 10"),
    ("maps", '{ at = "E4", kind = "mosque" }', '{ at = "E4", kind = "lava" }', "maps[0].hexes[0].kind",
     "a kind of terrain.toml, not 'lava'"),
    ("maps", '{ at = "E4", kind = "mosque" }', '{ at = "Z40", kind = "mosque" }', "maps[0]", "not on the map"),
    ("maps", '{ at = "E4", kind = "mosque" }', '{ at = "north", kind = "mosque" }', "maps[0].hexes[0].at",
     "a hex label such as 'E4'"),
    ("maps", 'id = "5"', 'id = "4"', "maps[1].id", "'4' is repeated"),
    ("maps", 'road = ["A2", "B2", "C2"', 'road = ["A2", "C2", "C2"', "maps[0].road[1]", "adjacent to A2"),
    ("scenarios", "turns = 8", "turns = -9", "scenarios[0].turns", "expected 0 to 50, got -9"),
    ("scenarios", 'id = "city-boys"', 'id = "9th-company"', "scenarios[2].id", "'9th-company' is repeated"),
    ("scenarios", "spetsnaz = 4,", "spetsnaz = -4,", "scenarios[0].forces[0].units.spetsnaz", "expected 1 to 50"),
    ("scenarios", "spetsnaz = 4,", "spetsnaz = 1000000000,", "forces[0].units", "within ±1000000"),
    ("scenarios", "spetsnaz = 4,", "yeti = 4,", "scenarios[0].forces[0].units.yeti", "a counter of units.toml"),
    ("scenarios", 'enter = { map = "5", column = "K" }', 'enter = { map = "9", column = "K" }',
     "scenarios[1].forces[2].enter.map", "one of the scenario's maps"),
    ("scenarios", 'enter = { map = "5", column = "K" }', 'enter = { map = "5", column = "Q" }',
     "scenarios[1].forces[2].enter.column", "a column of map 5"),
    ("scenarios", 'enter = { map = "5", edge = "south" }', 'enter = { map = "5", edge = "up" }',
     "enter.edge", "one of 'north'"),
    ("scenarios", 'near = "7A4"', 'near = "7A40"', "enter.near", "a hex of the scenario's maps"),
    ("scenarios", '"6E6", "6F5"', '"6E6", "4F5"', "scenarios[0].victory_hexes[1]", "not '4F5'"),
    ("scenarios", '{ at = "7C5", kind = "scrub" }', '{ at = "7C5", kind = "swamp" }', "scenarios[0].tiles[0].kind",
     "a kind of terrain.toml, not 'swamp'"),
    ("scenarios", '{ at = "7C5", kind = "scrub" }', '{ at = "4C5", kind = "scrub" }', "scenarios[0].tiles[0].at",
     "not '4C5'"),
    ("scenarios", 'zones = [{ map = "7", row_max = 3 }, { map = "8", row_min = 3 }]',
     'zones = [{ map = "7", row_min = 5, row_max = 3 }, { map = "8", row_min = 3 }]',
     "scenarios[0].forces[1].zones[0].row_min", "row_min <= row_max"),
    ("scenarios", 'zones = [{ map = "5", columns = ["E", "F", "G"] }]', 'zones = [{ map = "5", columns = ["E", "F", "Y"] }]',
     "zones[0].columns[2]", "a column of map 5"),
    ("scenarios", 'zones = [{ map = "7" }]', 'zones = [{ map = "7", row_min = 9 }]', "scenarios[0].forces[0].zones[0]",
     "at least one hex of map 7"),
    ("scenarios", 'zones = [{ map = "7" }]', 'zones = [{ map = "5" }]', "scenarios[0].forces[0].zones[0].map",
     "one of the scenario's maps"),
    ("scenarios", 'hand = { soviet = 4, mujahideen = 5 }', 'hand = { soviet = 0, mujahideen = 5 }',
     "scenarios[0].hand.soviet", "expected 1 to 20"),
    ("scenarios", 'events = ["sapper"', 'events = ["meteor"', "scenarios[0].events[0]", "not 'meteor'"),
    ("scenarios", 'muj_artillery_cards = ["#12"]', 'muj_artillery_cards = ["#99"]', "muj_artillery_cards[0]",
     "a card of cards.toml"),
    ("scenarios", 'muj_artillery_cards = ["#12"]', 'muj_artillery_cards = ["#1"]', "muj_artillery_cards[0]",
     "#1 has none"),
    ("scenarios", 'bunker = "6F3"', 'bunker = "6F33"', "bunker", "a hex of the scenario's maps"),
    ("scenarios", 'escape_column = "6G"', 'escape_column = "6Z"', "escape_column", "not '6Z'"),
    ("scenarios", 'relocate_map = "4"', 'relocate_map = "8"', "relocate_map", "one of ''"),
    ("scenarios", "relocate_range = 3", "relocate_range = 0", "relocate_range", "at least 1 when relocate_map"),
    ("scenarios", 'relocate_map = "4"', 'relocate_map = ""', "relocate_map", "a relocation map"),
    ("scenarios", 'maps = ["8", "7", "6"]', 'maps = ["8", "7", "7"]', "scenarios[0].maps[2]", "'7' is repeated"),
    ("bonus", 'id = "B1"', 'id = "B2"', "cards[1].id", "'B2' is repeated"),
    ("bonus", "count = 3", "count = -3", "cards[0].count", "expected 1 to 20"),
    ("bonus", 'goal = "attrition"', 'goal = "glory"', "cards[0].goal", "one of 'attrition'"),
]


@pytest.mark.parametrize("file,old,new,field,expected", REFUSED, ids=[f"{c[0]}:{c[3]}" for c in REFUSED])
def test_edited_data_is_refused_naming_file_field_and_expectation(tmp_path, file, old, new, field, expected):
    path = _edited(tmp_path, file, old, new)
    with pytest.raises(DataFileError) as err:
        load_game_data(**{file: path})
    assert err.value.file == str(path)
    assert field in err.value.field, err.value
    assert expected in str(err.value), err.value


def test_an_edit_that_keeps_the_data_valid_loads(tmp_path):
    path = _edited(tmp_path, "scenarios", "turns = 8", "turns = 9")
    assert load_game_data(scenarios=path).scenarios["9th-company"].turns == 9


def test_the_shipped_files_load_through_the_same_loader():
    assert load_game_data() == game_data()


def test_an_unknown_data_file_name_is_refused():
    with pytest.raises(TypeError, match="no data file"):
        load_game_data(counters="x.toml")


def test_a_missing_or_broken_file_is_refused_by_name(tmp_path):
    with pytest.raises(DataFileError, match="file not found"):
        load_game_data(units=tmp_path / "units.toml")
    broken = _edited(tmp_path, "cards", "[[cards]]", "[[cards]")
    with pytest.raises(DataFileError, match="is not valid TOML") as err:
        load_game_data(cards=broken)
    assert err.value.file == str(broken)
