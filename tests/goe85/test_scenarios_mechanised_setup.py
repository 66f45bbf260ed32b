"""The four mechanised scenarios' former partials, played through the referee: Sherkhankhel's village
tiles change map 8's terrain, Zhawar's Wire is the Soviet player's set-up decision, the default
deployment places every Foxhole, Kill Zone's relocation carries its Hero (and its turn guard)."""
import pytest

from rules_goe85.model.actions import Face, Place, PlaceFoxhole, PlaceWire, Relocate, Step, Use
from rules_goe85.scenarios import special_rules as se
from rules_goe85.queries.board import board_at, board_for
from rules_goe85.data.components import game_data
from rules_goe85.procedures.fire import fire_options, start_fire
from rules_goe85.model.frames import Impulse, MoveFrame
from rules_goe85.model.events import PhaseSet
from rules_goe85.procedures.vehicles import sees
from rules_goe85.model.vehicles import MechSet

from .helpers import RULES, game
from .refpos import arrange

SK = "ambush-at-sherkhankhel"
# d10 then d6 per tile, in the order 3 Woods, 1 Rough, 4 Buildings: the woods on 8D2, the rough on
# 8J1, every building on 8F2 (column 3 = D, 9 = J, 5 = F)
VILLAGE_FACES = [3, 2] * 3 + [9, 1] + [5, 2] * 4


def _village_position(lay: bool):
    g = game(SK)
    units = [("S", "sov-rifle-intensive", "soviet", "8I5"),  # it sees 8I4 (adjacent)
             ("A", "sov-rifle-intensive", "soviet", "8D1"), ("B", "sov-rifle-intensive", "soviet", "8F1"),
             ("C", "sov-rifle-marksman", "soviet", "8F4"),
             ("M", "muj-rifle-resilient", "mujahideen", "8D3"), ("P", "muj-rifle-resilient", "mujahideen", "8F2"),
             ("Q", "muj-rifle-resilient", "mujahideen", "7K7")]
    # without the village: mark it done, so no later act lays it
    arrange(g, units, extra=None if lay else (lambda c: c.emit(MechSet("village", 1))))
    if lay:
        g.referee(lambda c: RULES.special_rules(c.state).after_act(RULES, c, None), forced_faces=VILLAGE_FACES)
        while g.decision is not None and g.decision.player == "mujahideen":  # no RPG / DShK, no card plays
            g.apply(g.decision.actions[-1])
    return g


@pytest.mark.rule("goe85:scenario:ambush-at-sherkhankhel")
def test_sherkhankhel_village_tiles_change_los_movement_and_cover():
    before, after = _village_position(False), _village_position(True)
    b = board_for(SK)
    assert before.state.tiles == {}
    assert after.state.tiles == {b.hex("8D2"): "woods", b.hex("8J1"): "rough", b.hex("8F2"): "building"}
    assert after.observe("soviet")["tiles"] == {"8D2": "woods", "8F2": "building", "8J1": "rough"}
    # LOS: 8D1 -> 8D3 crosses only 8D2; clear printed ground, blocked under the woods tile (14a)
    for g, seen in ((before, True), (after, False)):
        st = g.state
        assert sees(st, st.units["A"], st.units["M"]) is seen
        assert (("A", "M", False) in fire_options(RULES, st, "soviet", use=Use.FIRE)) is seen
    assert board_for(SK).row(b.hex("8D2")).kind == "clear"  # the printed board is untouched
    assert board_at(after.state).row(b.hex("8D2")).kind == "woods"
    assert board_at(after.state).elevation[b.hex("8D2")] == 0  # the tile keeps the level
    # movement: stepping into 8F2 costs 1 MP on clear ground, 2 into the building tile (TEC)
    for g, left in ((before, 3), (after, 2)):
        h = g.state.units["B"].hex

        arrange(g, [(u.uid, u.type, u.side, board_for(SK).label(u.hex)) for u in g.state.units.values()
                    if u.uid != "P"],
                frames=[Impulse("soviet", "main"), MoveFrame(player="soviet", use=Use.MOVE, mp=(("B", 4, 0),),
                                                             origin=(("B", h),))])
        g.apply(Step(("B",), "8F2"))
        mf = next(f for f in g.state.stack if isinstance(f, MoveFrame))
        assert dict((u, m) for u, m, _ in mf.mp)["B"] == left
    # cover: the building tile's CF 2 comes off an attack on a unit in 8F2 (10b)
    hefs = []
    for g in (_village_position(False), _village_position(True)):

        def fire(c):
            start_fire(RULES, c, "soviet", "fire", "C", "P", False)
            hefs.append(c.state.top.hef)  # the attack as declared (10b): HEF, range and cover

        g.referee(fire)
    assert hefs[0] - hefs[1] == 2


@pytest.mark.rule("goe85:scenario:ambush-at-sherkhankhel")
def test_tiled_board_patches_the_los_memo_and_is_shared():
    b = board_for(SK)
    a, m, far1, far2 = b.hex("8D1"), b.hex("8D3"), b.hex("8A5"), b.hex("8C6")
    assert b.los(a, m) == 0 and b.los(far1, far2) is not None
    g = _village_position(True)
    assert board_at(g.state) is board_at(g.state) is not b  # cached by the set of tiles
    tiled = b._with_tiles(tuple(sorted(g.state.tiles.items())))  # derived from the memo as it is now
    assert (far1, far2, "leg", 0, 0) in tiled._memo  # untouched pair carried over
    assert (a, m, "leg", 0, 0) not in tiled._memo and tiled.los(a, m) == 2  # recomputed under the woods
    assert b.los(a, m) == 0


# -- Tanks at Zhawar: the Wire is the Soviet player's decision ------------------------------------
@pytest.mark.rule("goe85:scenario:tanks-at-zhawar")
def test_zhawar_wire_is_placed_by_the_soviet_player_at_set_up():
    g = game("tanks-at-zhawar", setup="choose")
    b = board_for("tanks-at-zhawar")
    assert not g.state.wire
    while g.decision.player == "soviet" and any(isinstance(a, Place) for a in g.decision.actions):
        g.apply(g.decision.actions[0])
        while g.decision.player == "soviet" and any(isinstance(a, Face) for a in g.decision.actions):
            g.apply(g.decision.actions[0])
    d = g.decision
    assert d.player == "soviet" and all(isinstance(a, PlaceWire) for a in d.actions) and "3 left" in d.prompt
    targets = {a.to for a in d.actions}
    assert "6I1" not in targets and "5I5" not in targets and "5H5" not in targets  # no Wire in a building (23)
    assert all(any(lab.startswith("5") for lab in b.board.labels(b.hex(x))) for x in targets)  # map 5 (6I1: a building)
    picks = ["5A1", "5A2", "5A3"]  # a line of adjacent hexes: the player's choice, not our spread
    for p in picks:
        assert p in {a.to for a in g.decision.actions}
        g.apply(PlaceWire(p))
    assert sorted(b.label(h) for h in g.state.wire) == picks
    assert g.decision.player == "mujahideen"


# -- default deployment: every Foxhole, within 23 -------------------------------------------------
@pytest.mark.rule("goe85:scenario:air-assault")
@pytest.mark.parametrize("scenario", ["air-assault", "ambush-at-sherkhankhel", "9th-company", "hammer-and-anvil"])
def test_default_deployment_places_every_foxhole(scenario):
    g = game(scenario)
    b = board_for(scenario)
    want = sum(f.foxholes for f in game_data().scenarios[scenario].forces)
    assert len(g.state.foxholes) == want
    for h in g.state.foxholes:
        assert not b.row(h).building and b.row(h).kind != "pond" and h not in g.state.bunkers


@pytest.mark.rule("goe85:scenario:air-assault")
def test_no_foxhole_in_the_bunker_hex_when_setting_up_by_decision():
    g = game("air-assault", setup="choose")
    b = board_for("air-assault")
    while not any(isinstance(a, PlaceFoxhole) for a in g.decision.actions):
        g.apply(g.decision.actions[0])
    d = g.decision
    targets = {a.to for a in d.actions}
    assert "6F3" not in targets and b.hex("6F3") in g.state.bunkers and "6 left" in d.prompt
    assert all(not b.row(b.hex(t)).building for t in targets)
    for _ in range(6):
        g.apply(g.decision.actions[0])
    assert len(g.state.foxholes) == 6 and b.hex("6F3") not in g.state.foxholes


# -- Kill Zone: the relocation carries its Hero; the turn guard --------------------------------------
@pytest.mark.rule("goe85:scenario:kill-zone")
def test_kill_zone_relocation_carries_an_accompanying_hero():
    g = game("kill-zone")
    arrange(g, [("R", "rpd", "mujahideen", "8E1"), ("H", "aarash", "mujahideen", "8E1"),
                ("S", "sov-rifle-intensive", "soviet", "7E2"), ("T", "t-55", "soviet", "7K2")],
            frames=[Impulse("mujahideen", "main")])
    d = g.decision
    with_hero = [a for a in d.actions if isinstance(a, Relocate) and a.hero == "H"]
    alone = [a for a in d.actions if isinstance(a, Relocate) and a.unit == "R" and not a.hero]
    assert with_hero and alone and not any(a.unit == "H" for a in d.actions if isinstance(a, Relocate))
    g.apply(Relocate("R", "8F0", "H"))
    b = board_for("kill-zone")
    assert g.state.units["R"].hex == g.state.units["H"].hex == b.hex("8F0")
    assert g.state.relocated["mujahideen"] == g.state.turn
    assert not any(isinstance(a, Relocate) for a in g.decision.actions)  # once a turn


@pytest.mark.rule("goe85:scenario:city-boys")
def test_city_boys_relocation_carries_only_an_eligible_hero():
    from rules_goe85.model.events import MarkerSet

    def relocations_with_hero(g):
        return [a for a in g.decision.actions if isinstance(a, Relocate) and a.hero == "H"]

    g = game("city-boys")
    arrange(g, [("R", "rpd", "mujahideen", "4C3"), ("H", "aarash", "mujahideen", "4C3"),
                ("S", "sov-rifle-intensive", "soviet", "7A1")], frames=[Impulse("mujahideen", "main")])
    assert relocations_with_hero(g)  # "(and an accompanying EU Hero)"
    g.referee(lambda c: c.emit(MarkerSet("H", "ops")))
    assert not relocations_with_hero(g)  # an Ops Complete Hero is not an Eligible Unit (4c)
    assert any(isinstance(a, Relocate) and a.unit == "R" for a in g.decision.actions)


@pytest.mark.rule("goe85:scenario:kill-zone")
def test_kill_zone_turn_guard_ends_the_game_after_turn_ten():
    spec = game_data().scenarios["kill-zone"]
    assert spec.turns == 10  # no turn limit is printed: a guard, not a rule
    g = game("kill-zone")
    arrange(g, [("R", "rpd", "mujahideen", "8E1"), ("S", "sov-rifle-intensive", "soviet", "7E2")],
            phase="cleanup", frames=[], extra=lambda c: c.emit(PhaseSet("cleanup", 10)))
    g.referee(lambda c: RULES.advance(c))
    assert g.state.result is not None and g.state.result.winner == "soviet"
    assert "guard" in g.state.result.reason
