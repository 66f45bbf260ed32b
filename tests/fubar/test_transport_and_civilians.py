"""Troops inside vehicles (getting in and out, riding, the vehicle's save, bailing out of a wreck),
civilians and breaking the Rules of Engagement, and the scenario that uses them.  Played through
``game.apply`` with forced dice; the referee only sets positions up."""
from __future__ import annotations

import math

import attrs
import pytest

from tabletop_core import new_game
from tabletop_core.data import load_toml, package_file
from tabletop_core.errors import DataFileError, IllegalActionError

from rules_fubar import data as D
from rules_fubar import transport
from rules_fubar.state import (
    BvpAwarded, Disembark, Disembarked, Embark, FireAt, FireResult, GoOnGuard, Move, TakeCasualty, UnitMoved,
    VehicleDamaged, Walk,
)

from .helpers import activate, events_of, lab, offered, place, take


def _mounted(game):
    """An MRAP at (43, 20) facing +y with a fire team beside it that gets in (and an insurgent
    team far off, out of sight behind the compound, so that the mission goes on)."""
    place(game, "taliban-green", "far-off", "insurgents", 24, 30)
    place(game, "mrap", "v", "isaf", 43, 20, heading=90.0)
    place(game, "ft1", "t", "isaf", 43, 16)
    decision = activate(game, "t")
    assert Embark("v") in offered(game, "embark")
    take(game, Embark("v"))
    return game


@pytest.mark.rule("fubar:saves")
def test_troops_get_in_ride_with_the_vehicle_and_get_out():
    game = _mounted(lab())
    t, v = game.state.units["t"], game.state.units["v"]
    assert t.carried_by == "v" and v.passengers == ("t",)
    assert all(f.pos == v.figures[0].pos for f in t.figures)
    assert game.observe("insurgents")["units"]["t"]["aboard"] == "v"
    # the vehicle drives off and carries them
    decision = activate(game, "v")
    game.apply(Walk())
    move = next(a for a in offered(game, "drive") if type(a) is Move)
    take(game, move)
    game.apply(next(a for a in game.decision.actions if type(a).__name__ == "EndAction"))
    v = game.state.units["v"]
    assert events_of(game, UnitMoved)[-1].unit == "v" and v.figures[0].pos != (43, 20)
    assert all(f.pos == v.figures[0].pos for f in game.state.units["t"].figures)
    # riding, they cannot move, fire or assault by themselves: get out, or stay aboard
    decision = activate(game, "t")
    assert set(decision.actions) == {_side(game, s) for s in ("front", "left", "right", "rear")} | {GoOnGuard()}
    assert decision.accepts == (Disembark,)
    assert game.rules.describe_action(_side(game, "rear"), game.state).startswith("get out on the rear side")
    game.apply(_side(game, "rear"))
    t, v = game.state.units["t"], game.state.units["v"]
    assert not t.carried_by and v.passengers == ()
    vx, vy = v.figures[0].pos
    back = math.radians(v.heading + 180.0)
    cx, cy = sum(f.x for f in t.figures) / 4, sum(f.y for f in t.figures) / 4
    # a line whose figures stand 1" clear of the back of the 1.5" base
    assert (cx, cy) == pytest.approx((vx + 3.0 * math.cos(back), vy + 3.0 * math.sin(back)), abs=0.01)


def _side(game, side, uid="t"):
    """The suggested way out on ``side`` of the vehicle ``uid`` rides in."""
    return Disembark(transport.exit_positions(game.rules, game.state, game.state.units[uid], side))


@pytest.mark.rule("fubar:saves")
def test_riders_get_out_where_their_owner_places_each_figure():
    game = _mounted(lab())
    activate(game, "t")
    # the MRAP at (43, 20): four figures spread round it, the farthest 4.3" from its base
    points = ((47.5, 20.0), (43.0, 24.0), (40.0, 17.5), (45.0, 14.0))
    assert Disembark(points) not in game.decision.actions  # not a suggestion: placed freely
    game.apply(Disembark(points))
    t = game.state.units["t"]
    assert tuple(f.pos for f in t.figures) == points and not t.carried_by
    assert events_of(game, Disembarked)[-1].positions == points


@pytest.mark.rule("fubar:saves")
def test_getting_out_too_far_off_the_table_or_onto_an_enemy_is_refused_and_changes_nothing():
    game = _mounted(lab())
    place(game, "taliban-green", "e", "insurgents", 47.5, 20)
    activate(game, "t")
    before = game.digest()
    near = ((43.0, 24.0), (44.0, 24.0), (42.0, 24.0))
    for points, reason in [
        (near + ((43.0, 28.5),), r"stands 6\.50\" from v; riders get out within a Walk \(6\"\)"),
        (near + ((47.0, 20.0),), "would touch e.s figure"),
    ]:
        with pytest.raises(IllegalActionError, match=reason):
            game.apply(Disembark(points))
        assert game.digest() == before
    edge_game = lab()
    place(edge_game, "taliban-green", "far-off", "insurgents", 24, 30)
    place(edge_game, "mrap", "v", "isaf", 45, 2, heading=90.0)
    place(edge_game, "ft1", "t", "isaf", 45, 5)
    activate(edge_game, "t")
    take(edge_game, Embark("v"))
    activate(edge_game, "t")
    assert _side(edge_game, "rear") not in edge_game.decision.actions  # its line would leave the table
    with pytest.raises(IllegalActionError, match="off the table"):
        edge_game.apply(Disembark(((45.0, 0.2), (46.0, 4.0), (44.0, 4.0), (45.0, 5.0))))
    assert "one per figure of t" in game.check(Disembark(near))  # three points for four figures


@pytest.mark.rule("fubar:saves")
def test_a_person_types_where_the_riders_get_out():
    game = _mounted(lab())
    activate(game, "t")
    decision = game.decision
    action = game.rules.parse_action("out 43,24", game.state, decision)
    assert action.positions == ((44.65, 24.0), (43.55, 24.0), (42.45, 24.0), (41.35, 24.0))  # across the way out
    each = game.rules.parse_action("out 43,24 44,24 42,24 43,25", game.state, decision)
    assert each.positions[3] == (43.0, 25.0)
    with pytest.raises(ValueError, match="one point for each"):
        game.rules.parse_action("out 43,24 44,24", game.state, decision)
    game.apply(action)
    assert game.state.units["t"].figures[0].pos == (44.65, 24.0)


@pytest.mark.rule("fubar:saves")
def test_no_room_or_too_far_and_the_vehicle_must_be_a_friend():
    game = lab()
    place(game, "mrap", "v", "isaf", 43, 20, heading=90.0)  # MRAP: 6 figures
    place(game, "mrap", "w", "insurgents", 36, 20, heading=90.0)
    place(game, "ft1", "far", "isaf", 43, 5)  # 15" away
    place(game, "taliban-green", "big", "isaf", 43, 16)  # 6 figures fit; then no room for 4 more
    assert Embark("v") not in activate(game, "far").actions
    game.apply(GoOnGuard())
    decision = activate(game, "big")
    assert Embark("w") not in offered(game, "embark")
    take(game, Embark("v"))
    place(game, "ft1", "late", "isaf", 43, 16)
    decision = activate(game, "late")
    assert Embark("v") not in offered(game, "embark")
    before = game.digest()
    with pytest.raises(IllegalActionError, match="room for 0 more"):
        take(game, Embark("v"))
    assert game.digest() == before


@pytest.mark.rule("fubar:saves")
def test_troops_inside_use_the_vehicles_save():
    game = _mounted(lab())
    gunner = place(game, "taliban-green", "g", "insurgents", 43, 32)
    place(game, "taliban-green", "g", "insurgents", 43, 32, figures=gunner.figures[:1])  # the LMG alone
    decision = activate(game, "g")
    assert FireAt(("t",), True) in offered(game, "fire")  # aimed at the riders where the vehicle stands
    game.force_faces([6, 1, 1] + [1])
    take(game, FireAt(("t",), True))
    assert events_of(game, FireResult)[-1].save == 4  # the MRAP's 4+, not the team's medium 5+


@pytest.mark.rule("fubar:vehicle-damage")
def test_riders_bail_out_of_a_destroyed_vehicle_and_each_takes_a_hit():
    game = _mounted(lab())
    gunner = place(game, "taliban-green", "g", "insurgents", 55, 20)  # beside the MRAP
    place(game, "taliban-green", "g", "insurgents", 47.5, 20, figures=gunner.figures[:1])
    # one hit, the 4+ save fails, the side die shows 6: destroyed; the riders' four saves at 5+
    # (6, 6, 6, 1: one unsaved); the crew's three (6, 6, 6)
    activate(game, "g")
    game.force_faces([6, 1, 1] + [1] + [6] + [6, 6, 6, 1] + [6, 6, 6])
    take(game, FireAt(("v",), True))
    assert events_of(game, VehicleDamaged)[-1].effect == 4
    out = events_of(game, Disembarked)[-1]
    assert (out.unit, out.how) == ("t", "bails out")
    t = game.state.units["t"]
    assert not t.carried_by and all(f.pos != (43, 20) for f in t.figures)
    decision = game.decision  # the unsaved hit: the owner picks (veteran: it may be suppressed)
    assert decision.player == "isaf" and TakeCasualty("t-4") in decision.actions
    game.apply(TakeCasualty("t-4"))
    assert [f.id for f in game.state.units["t"].figures] == ["t-1", "t-2", "t-3"]
    assert len(game.state.units["v-crew"].figures) == 3


@pytest.mark.rule("fubar:bvp")
def test_firing_at_civilians_breaks_roe():
    game = new_game("fubar", "cordon-and-search", seed=3)
    civ = {uid: u for uid, u in game.state.units.items() if u.side == "civilians"}
    assert set(civ) == {"market", "elders"} and len(civ["market"].figures) == 4
    game = lab(scenario="cordon-and-search")
    place(game, "ft1", "a", "isaf", 24, 8)
    place(game, "civilians", "crowd", "civilians", 24, 14)
    decision = activate(game, "a")
    assert FireAt(("crowd",), True) in offered(game, "fire")  # the player may, and pays for it
    # civilians in sight are no enemy: the +1 for no enemy in view still applied
    assert events_of(game, __import__("rules_fubar.state", fromlist=["ActivationRolled"]).ActivationRolled)[-1].modifier == 1
    game.force_faces([1] * 9)
    take(game, FireAt(("crowd",), True))
    breach = events_of(game, BvpAwarded)[-1]
    assert (breach.side, breach.amount) == ("isaf", -4) and "ROE" in breach.reason
    assert game.state.bvp["isaf"] == -4


@pytest.mark.rule("fubar:bvp")
def test_only_a_side_bound_by_roe_breaks_it_and_civilian_dead_earn_nothing():
    game = lab(scenario="cordon-and-search")
    place(game, "taliban-green", "a", "insurgents", 24, 8)
    place(game, "civilians", "crowd", "civilians", 24, 14)
    activate(game, "a")
    game.force_faces([6] * 12 + [1] * 12)  # all 12 dice hit; the civilians' saves fail
    take(game, FireAt(("crowd",), True))
    assert not game.state.units["crowd"].alive
    assert events_of(game, BvpAwarded) == [] and game.state.bvp["insurgents"] == 0


@pytest.mark.rule("fubar:saves")
def test_the_cordon_and_search_scenario_starts_mounted():
    game = new_game("fubar", "cordon-and-search", seed=0)
    units = game.state.units
    assert units["ft1"].carried_by == "mrap" and units["ft2"].carried_by == "ifv"
    assert units["mrap"].passengers == ("ft1",) and units["ifv"].passengers == ("ft2",)
    assert game.rules.data.scenarios["cordon-and-search"].roe == ("isaf",)


def _file(name: str):
    """A data file of the FUBAR package, as a plug-in author would find it."""
    return package_file("rules_fubar", f"data/{name}")


def _files(**changes):
    files = {
        "training": load_toml(_file("training.toml"), D.TrainingFile),
        "weapons": load_toml(_file("weapons.toml"), D.WeaponsFile),
        "armour": load_toml(_file("armour.toml"), D.ArmourFile),
        "troops": load_toml(_file("troops.toml"), D.TroopsFile),
        "tables": load_toml(_file("tables.toml"), D.TablesFile),
        "scenarios": load_toml(_file("scenarios.toml"), D.ScenariosFile),
    }
    files.update(changes)
    return files


def _with_scenario(change):
    files = _files()
    specs = list(files["scenarios"].scenarios)
    k = next(i for i, s in enumerate(specs) if s.id == "cordon-and-search")
    specs[k] = change(specs[k])
    files["scenarios"] = D.ScenariosFile(tuple(specs))
    return files


@pytest.mark.parametrize("change,field", [
    (lambda s: attrs.evolve(s, forces=tuple(attrs.evolve(d, carried_by="wmik") if d.id == "ft1" else d for d in s.forces)),
     "carried_by"),  # the WMIK carries no one
    (lambda s: attrs.evolve(s, forces=tuple(attrs.evolve(d, carried_by="tal-1") if d.id == "ft1" else d for d in s.forces)),
     "carried_by"),  # not a vehicle of the same side
    (lambda s: attrs.evolve(s, civilians=(attrs.evolve(s.civilians[0], count=9),)), "civilians[0].count"),
    (lambda s: attrs.evolve(s, roe=("nato",)), "roe"),
])
def test_bad_transport_or_civilian_data_names_the_file_and_field(change, field):
    with pytest.raises(DataFileError) as err:
        D.assemble(**_with_scenario(change))
    assert "scenarios.toml" in str(err.value) and field in str(err.value)


@pytest.mark.rule("fubar:lwtv")
def test_lwtv_small_arms_cannot_harm_troops_inside_an_armoured_vehicle():
    game = _mounted(lab("lwtv"))
    gunner = place(game, "taliban-green", "g", "insurgents", 43, 32)
    place(game, "taliban-green", "g", "insurgents", 43, 32, figures=gunner.figures[:1])
    activate(game, "g")
    game.force_faces([6, 6, 6])
    take(game, FireAt(("t",), True))
    r = events_of(game, FireResult)[-1]
    assert (r.hits, r.unsaved) == (3, 0) and len(game.state.units["t"].figures) == 4


@pytest.mark.rule("fubar:on-guard")
def test_an_on_guard_enemy_may_fire_at_riders_getting_out():
    from rules_fubar.state import OnGuardSet, ReactFire

    game = _mounted(lab())
    place(game, "taliban-green", "g", "insurgents", 43, 34)
    game.referee(lambda ctx: ctx.emit(OnGuardSet("g")))
    activate(game, "t")
    game.apply(_side(game, "front"))
    decision = game.decision
    assert decision.player == "insurgents" and ReactFire("g") in decision.actions


@pytest.mark.rule("fubar:hidden")
def test_riders_of_a_hidden_vehicle_are_hidden_with_it():
    game = lab()  # valley: the orchard (soft cover) is x 30-37, y 12-20
    place(game, "taliban-green", "e", "insurgents", 44, 40)
    place(game, "mrap", "v", "isaf", 33.5, 16, heading=90.0, hidden=True)
    place(game, "ft1", "t", "isaf", 33.5, 12)
    activate(game, "t")
    take(game, Embark("v"))
    assert game.state.units["t"].hidden
    seen = game.observe("insurgents")["units"]["t"]
    assert seen == {"side": "isaf", "hidden": True, "figures": 4}


@pytest.mark.rule("fubar:fire")
def test_a_walking_unit_may_split_its_fire_and_still_move():
    from rules_fubar.state import AssignShot, SplitFire

    game = lab()
    place(game, "ft1", "a", "isaf", 42, 46)
    place(game, "taliban-green", "near", "insurgents", 40, 40)
    place(game, "taliban-green", "far", "insurgents", 40, 30)
    activate(game, "a")
    game.apply(Walk())
    assert SplitFire(False) in offered(game, "fire")
    take(game, SplitFire(False))
    game.force_faces([1] * 40)
    while type(game.decision.actions[0]) is AssignShot:
        game.apply(game.decision.actions[-1])
    assert len(events_of(game, FireResult)) >= 1
    assert any(type(a) is Move for a in offered(game, "walk"))  # the move is still to make
