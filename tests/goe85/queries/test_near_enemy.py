"""The hexes within three hexes of the enemy (GoE 5f), as the Reserve Phase's searches ask them."""
import pytest

from rules_goe85.queries.board import board_for
from rules_goe85.queries.near_enemy import NearZone

from ..helpers import game


@pytest.mark.rule("goe85:5f")
@pytest.mark.parametrize("scenario", ["jalalabad", "city-boys"])
def test_the_zone_holds_exactly_the_hexes_three_or_fewer_hexes_from_an_enemy(scenario):
    g = game(scenario)
    board = board_for(scenario)
    enemy = {u.hex for u in g.state.units.values() if u.side == "mujahideen" and u.hex is not None}
    assert enemy
    zone = NearZone(board, enemy)
    for h in board.hexes:
        assert (h in zone) == any(board.distance(h, e) <= 3 for e in enemy), h
        assert zone(h) == (h in zone)  # the path searches call it as their must-stop test
    assert None not in zone  # a unit off the map is near nobody


@pytest.mark.rule("goe85:5f")
@pytest.mark.rule("goe85:23c")
def test_a_zone_with_wire_also_stops_in_the_wire_and_leaves_the_zone_itself_as_it_was():
    board = board_for("your-papers-please")
    hexes = sorted(board.hexes)
    enemy, far = hexes[0], max(hexes, key=lambda h: board.distance(h, hexes[0]))
    zone = NearZone(board, {enemy})
    with_wire = zone | {far}
    assert far in with_wire and far not in zone and enemy in with_wire
    assert (zone | set()) is zone
