"""The components as data: every number the rulebook states holds; bad files are refused by name."""
import pytest

from tabletop_core import DataFileError
from tabletop_core.boards.hexfacing import Arc
from tabletop_core.data import load_toml

from rules_goe85.data.components import CardsFile, UnitsFile, game_data
from rules_goe85.model.actions import Use
from rules_goe85.procedures.ap_fire import armour
from rules_goe85.procedures.fire import start_fire
from rules_goe85.queries.board import board_for
from rules_goe85.queries.deck import counts_as_hit

from ..helpers import BLANK, DATA, GOLD, GREEN, RED, RULES, ctx, game, position


D = game_data()


@pytest.mark.rule("goe85:2i")
@pytest.mark.rule("goe85:22a")
@pytest.mark.rule("goe85:22b")
@pytest.mark.rule("goe85:22j")
def test_fire_powers_add_hef():
    g = game()
    position(g, [("S1", "rpk-74", "soviet", "5C4"), ("S2", "spetsnaz", "soviet", "5C5"), ("S3", "ags-17", "soviet", "5C6"),
                 ("M1", "muj-rifle-intensive", "mujahideen", "5G4")])
    for uid, verb, expected in (("S1", "kill_shot", 2 + 1), ("S2", "deadly_shot", 3 + 1), ("S3", "explosive_rounds", 3 + 2)):
        start_fire(RULES, ctx(g), "soviet", Use(verb), uid, "M1", False, marker="ops")
        d = board_for(g.state.scenario).distance(g.state.units[uid].hex, g.state.units["M1"].hex)
        assert g.state.top.hef == expected + RULES.tec.he_modifier(d)
        g.state.stack.pop()


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
