"""Each ruleset's picture of a position: what a player's view holds is drawn, and nothing else."""
from __future__ import annotations

import pytest

from tabletop_core import new_game
from tabletop_core.drawing.hexboard import HexProjection

from .helpers import pieces, played


def event(game, name: str):
    """A ruleset's event class by name (found through the rules, wherever its module keeps it)."""
    return {e.__name__: e for e in game.rules.events}[name]


# -- GoE ------------------------------------------------------------------------------------------
def test_goe_counters_are_the_units_the_view_places_on_the_map():
    game = played("goe85", "9th-company", 40)
    for player in (None, *game.rules.players):
        view = game.observe(player)
        drawn = pieces(game.render(player), "unit")
        assert set(drawn) == {uid for uid, u in view["units"].items() if u["hex"] is not None}


def test_goe_counter_shows_factors_side_and_the_markers_on_it():
    game = played("goe85", "9th-company", 40, seed=2)
    view = game.observe(None)
    uid = next(u for u, x in view["units"].items() if x["type"] == "muj-rifle-intensive" and x["hex"])
    marker, hit, conceal = event(game, "MarkerSet"), event(game, "UnitHit"), event(game, "ConcealSet")
    game.referee(lambda ctx: [ctx.emit(marker(uid, "fired")), ctx.emit(hit(uid, "shaken")), ctx.emit(conceal(uid, True))])
    svg = game.render("soviet")
    piece = _piece_text(svg, uid)
    assert ">1-3<" in piece  # muj-rifle-intensive: HEF 1, MF 3 (units.toml)
    for text in ("Fired", "Shaken", "Concealed"):
        assert f">{text}<" in piece
    assert 'stroke-dasharray="4 3"' in piece  # a concealed counter is outlined dashed
    assert "#5d7a3c" in piece  # the Mujahideen colour


def test_goe_reduced_counter_shows_its_reduced_factors_under_a_band():
    from rules_goe85.data.loading import game_data  # the counter table (its factors)

    game = played("goe85", "9th-company", 40, seed=2)
    view = game.observe(None)
    uid, unit = next((u, x) for u, x in view["units"].items() if x["hex"] and x["side"] == "soviet")
    game.referee(lambda ctx: ctx.emit(event(game, "UnitHit")(uid, "reduced")))
    assert game.observe(None)["units"][uid]["reduced"]
    reduced = game_data().units[unit["type"]].reduced
    piece = _piece_text(game.render("mujahideen"), uid)
    assert f">{reduced.hef}-{reduced.mf}" in piece and 'fill="#7a1f16"' in piece  # the Soviet band


def test_goe_vehicle_facing_smoke_and_stack_order():
    game = played("goe85", "9th-company", 40, seed=2)
    view = game.observe(None)
    stacked = next(label for label, order in view["stacks"].items() if len(order) > 1)
    top, under = view["stacks"][stacked][0], view["stacks"][stacked][1]
    hex_ = game.rules.scenario_board("9th-company").board.hex(stacked)
    smoke, faced = event(game, "SmokePlaced"), event(game, "Faced")
    game.referee(lambda ctx: [ctx.emit(smoke(hex_, 2)), ctx.emit(faced(top, 1))])
    svg = game.render(None)
    assert ">Smoke 2<" in svg
    assert 'class="facing"' in _piece_text(svg, top)
    drawn = pieces(svg, "unit")
    assert drawn[top][0] < drawn[under][0] and drawn[top][1] < drawn[under][1]  # 8b: the top counter up-left
    assert svg.index(f'data-piece="{under}"') < svg.index(f'data-piece="{top}"')  # and drawn over the one below


def test_goe_helicopter_with_its_passenger_on_top_mode_and_facing():
    game = played("goe85", "air-assault", 80, seed=1)  # by then a loaded helicopter has flown in (each enters on its own card)
    view = game.observe("mujahideen")
    rider = next(uid for uid, u in view["units"].items() if u["carrier"] and u["hex"])
    carrier = view["units"][rider]["carrier"]
    svg = game.render("mujahideen")
    order = view["stacks"][view["units"][rider]["hex"]]
    assert order.index(rider) < order.index(carrier)  # 8b: passengers above their carrier
    assert ">aboard<" in _piece_text(svg, rider)
    heli = _piece_text(svg, carrier)
    assert f">{view['units'][carrier]['mode']}<" in heli and 'class="facing"' in heli


def test_goe_wrecks_and_tiles_are_drawn_where_the_view_lists_them():
    game = played("goe85", "9th-company", 40, seed=2)
    view = dict(game.observe("soviet"))
    view["wrecks"] = ["7E4"]
    view["tiles"] = {"7F4": "rubble"}
    svg = game.rules.picture(view, "soviet").svg()
    assert ">Wreck<" in svg and 'class="tile"' in svg


def test_goe_view_lists_the_wrecks_on_the_map():
    from tabletop_core import new_game as fresh

    game = fresh("goe85", "jalalabad", seed=1)
    board = game.rules.scenario_board("jalalabad").board
    where = sorted(board.hexes)[len(board.hexes) // 2]
    wreck_event = next(e for e in game.rules.events if e.__name__ == "WreckPlaced")
    game.referee(lambda ctx: ctx.emit(wreck_event(where)))
    view = game.observe("mujahideen")
    assert view["wrecks"] == [board.label(where)]
    assert ">Wreck<" in game.render("mujahideen")


def test_goe_panel_names_the_viewers_cards_and_counts_the_others():
    game = played("goe85", "9th-company", 60)
    svg = game.render("soviet")
    hand = game.observe("soviet")["cards"]["hand:soviet"]
    from rules_goe85.data.loading import game_data

    for card in hand:
        blocks = game_data().cards[card].blocks()
        assert f">  {card} {blocks[0].replace('_', ' ').title()}" in svg if blocks else f">  {card} " in svg
    assert hand
    assert "mujahideen holds" in svg and f"{game.observe('soviet')['cards']['hand:mujahideen']} cards" in svg


def test_goe_board_shows_every_hex_label_and_joins_half_hexes_across_maps():
    board = new_game("goe85", "9th-company").rules.scenario_board("9th-company")
    svg = new_game("goe85", "9th-company").render(None)
    plain = board.board
    for h in plain.hexes:
        for label in plain.labels(h):
            assert f">{label}<" in svg
    assert svg.count("<clipPath") == len(plain.maps)  # each printed map cut to its own edges
    for label in ("6E6", "6F5", "6F4", "6F3", "6G6"):  # 9th Company's victory hexes, ringed
        assert f"<title>{label}: victory hex</title>" in svg


# -- Orgun ----------------------------------------------------------------------------------------
def test_orgun_counters_show_strength_cohesion_op_and_spent_state():
    game = played("orgun1983", "orgun-1983", 30)
    view = game.observe("muj")
    svg = game.render("muj")
    drawn = pieces(svg, "unit")
    assert set(drawn) == set(view["units"])
    data = game.rules.data.units
    for uid, (area, steps, spent, low, no_ammo) in view["units"].items():
        info = data[uid]
        strength = info.reduced_strength if steps < info.steps else info.strength
        text = _piece_text(svg, uid)
        assert f">{strength}-{info.cohesion}-{info.op}<" in text
        assert (">Spent<" in text) == spent
        assert (">Low supply<" in text) == low
    for area in view["minefields"]:
        assert ">Minefield<" in svg
    assert "Orgun town" in svg and ">19<" in svg


def test_orgun_units_sit_inside_their_area_cell():
    game = played("orgun1983", "orgun-1983", 10)
    from rules_orgun1983.picture import _board

    _svg, layout = _board(game.rules.data.area_map)
    drawn = pieces(game.render(None), "unit")
    for uid, row in game.observe(None)["units"].items():
        cx, cy = layout.centres[row[0]]
        x, y = drawn[uid]
        assert abs(x - cx) < 80 and abs(y - cy) < 80


@pytest.mark.parametrize("body, message", [
    ('"1" = [4, 36]\n', "positions: a position for every area; missing [2, "),
    ('"99" = [1, 2]\n', "positions.99: an area number of map.toml"),
    ('"1" = [1, 2, 3]\n', "positions.1: [x, y], got [1.0, 2.0, 3.0]"),
    ('"1" = "west"\n', "positions['1'][0]: expected float"),
])
def test_orgun_layout_file_errors_name_the_file_and_field(tmp_path, body, message):
    from rules_orgun1983.picture import load_layout
    from tabletop_core.errors import DataFileError

    path = tmp_path / "map_layout.toml"
    path.write_text("[positions]\n" + body)
    with pytest.raises(DataFileError, match="map_layout.toml") as caught:
        load_layout(path, new_game("orgun1983", "orgun-1983").rules.data.area_map)
    assert message in str(caught.value)


# -- FUBAR ----------------------------------------------------------------------------------------
@pytest.mark.rule("fubar:hidden")
def test_fubar_hidden_unit_is_drawn_only_for_its_owner():
    game = new_game("fubar", "recovery-team", seed=4)
    hidden = game.state.units["tal-1"]
    assert hidden.hidden
    theirs, ours = game.render("isaf"), game.render("insurgents")
    figure_ids = [f.id for f in hidden.figures]
    assert not set(figure_ids) & set(pieces(theirs)) and "tal-1" not in pieces(theirs)
    assert set(figure_ids) <= set(pieces(ours)) and "hidden" in _piece_text(ours, "tal-1")
    for f in hidden.figures:  # not even its position is in the other side's text
        assert f"translate({26 + f.x * 17:.1f} {26 + (48 - f.y) * 17:.1f})" not in theirs
    assert "1 hidden unit(s)" in theirs or "2 hidden unit(s)" in theirs


def test_fubar_suppressed_figures_lie_down_and_vehicles_show_their_heading():
    game = new_game("fubar", "recovery-team", seed=4)
    ft1 = game.state.units["ft1"]
    down = ft1.figures[0].id
    game.referee(lambda ctx: ctx.emit(event(game, "FiguresSuppressed")("ft1", (down,))))
    svg = game.render("isaf")
    assert "<ellipse" in _piece_text(svg, down)  # prone
    assert "<ellipse" not in _piece_text(svg, ft1.figures[1].id)
    assert "rotate(-90.0)" in _piece_text(svg, "mrap")  # heading 90 (north) is straight up the picture


def test_fubar_riders_are_drawn_inside_their_vehicle_and_leaders_are_named():
    game = new_game("fubar", "cordon-and-search", seed=1)  # FT1 starts in its MRAP, FT2 in its IFV
    riders = [u for u in game.state.units.values() if u.carried_by]
    assert riders
    svg = game.render("isaf")
    drawn = pieces(svg)
    for u in riders:
        assert not {f.id for f in u.figures} & set(drawn)  # no figure stands on the table
        assert f"aboard {u.carried_by}" in _piece_text(svg, u.id)
    walkers = [u for u in game.state.units.values() if not u.carried_by and not u.vehicle and u.side == "isaf"
               and any(f.leader for f in u.figures)]
    for u in walkers:
        leader = next(f for f in u.figures if f.leader)
        assert "leader)" in _piece_text(svg, leader.id)


@pytest.mark.rule("fubar:hideouts")
def test_fubar_hideouts_are_marked_only_for_the_insurgents():
    game = played("fubar", "recovery-team", 3, seed=4)
    ours, theirs = game.render("insurgents"), game.render("isaf")
    hideouts = game.observe("insurgents")["hideouts"]["hideouts"]
    assert hideouts and ours.count(">Hideout<") == len(hideouts)
    assert ">Hideout<" not in theirs and f"hideouts: {len(hideouts)}" in theirs


def test_fubar_objective_and_table_rulers_are_drawn():
    svg = new_game("fubar", "meeting-engagement", seed=1).render(None)
    assert "Objective: compound" in svg
    assert '>48"<' in svg and ">compound (hard)<" in svg


def test_a_ruleset_without_a_picture_gets_the_general_panel():
    game = new_game("duel", "skirmish", seed=1)
    svg = game.render(None)
    assert svg.startswith("<svg") and "view (everything)" in svg and ">turn: 1<" in svg
    assert game._repr_svg_() == svg


def test_hex_projection_puts_neighbours_one_hex_width_apart():
    proj = HexProjection([(0, 0), (1, 0), (0, 1)], 10.0)
    (ax, ay), (bx, by) = proj.centre((0, 0)), proj.centre((0, 1))
    assert (ax, round(by - ay, 6)) == (bx, round(10.0 * 3 ** 0.5, 6))


def _piece_text(svg: str, pid: str) -> str:
    start = svg.index(f'data-piece="{pid}"')
    end = svg.find('class="piece"', start + 10)
    return svg[start:end if end > 0 else len(svg)]


def _every_scenario():
    from tabletop_core import default_host

    host = default_host()
    return [(rs, sc) for rs in ("goe85", "orgun1983", "fubar") for sc in host.scenarios(rs)]


@pytest.mark.parametrize("ruleset, scenario", _every_scenario())
def test_every_scenario_draws_for_every_player(ruleset, scenario):
    game = played(ruleset, scenario, 12, seed=3)
    for player in (None, *game.rules.players):
        svg = game.render(player)
        view = game.observe(player)
        drawn = set(pieces(svg, "unit"))
        if ruleset == "goe85":
            assert drawn == {uid for uid, u in view["units"].items() if u["hex"] is not None}
        elif ruleset == "fubar":
            assert drawn == {uid for uid, u in view["units"].items() if isinstance(u.get("figures"), list) and u["figures"]}
        else:
            assert drawn == set(view["units"])
