"""Measured free movement (issue 13), played through the public API: a unit's figures go to points
of the owner's choosing within the allowance, illegal placements are refused with the reason, the
suggested moves cover what a player does, and the movement fixes (On Guard along the whole path,
hiding again on entering cover, Walk fire with small arms at any point of the move)."""
from __future__ import annotations

import math

import attrs
import pytest

from tabletop_core import IllegalActionError
from tabletop_core.testing import Proposals, random_playout

from rules_fubar import targeting as T
from rules_fubar.measure import centroid, facing, unit_distance
from rules_fubar.scenarios import make_unit
from rules_fubar.state import (
    Activate, CasualtiesTaken, Choose, EndAction, FireAt, FireDeclared, FireResult, InitiativeSet, Move, MoveFigures,
    AssigningFire, OnGuardSet, OnGuardWindow, PhaseChanged, ReactFire, SplitFire, UnitHidden, UnitMoved, UnitPlaced,
    Walk,
)

from .helpers import REFEREE, clear_table, events_of, lab, offered, take

OTHER = {"isaf": "insurgents", "insurgents": "isaf"}


def unit(game, troop, uid, side, x, y, *, count=None, **changes):
    u = make_unit(game.rules, troop, uid, side, float(x), float(y), count=count, table="valley")
    return attrs.evolve(u, **changes) if changes else u


def table(*units, current="isaf", on_guard=(), lost=()):
    """The meeting-engagement table cleared, ``units`` placed by the referee, ``lost`` figures
    removed, ``on_guard`` units On Guard, and ``current`` to activate a unit."""
    game = lab()

    def setup(ctx):
        clear_table(ctx)
        for u in units:
            ctx.emit(UnitPlaced(u, REFEREE))
        for uid, figures in lost:
            ctx.emit(CasualtiesTaken(uid, figures))
        for uid in on_guard:
            ctx.emit(OnGuardSet(uid))
        ctx.emit(InitiativeSet((current, OTHER[current]), (2, 1)))
        ctx.emit(PhaseChanged("activation"))

    game.referee(setup)
    return game


def activate(game, uid):
    game.force_faces([6])  # a natural 6 always activates
    game.apply(Activate(uid))
    assert game.state.top.unit == uid


def positions(game, uid):
    return tuple(f.pos for f in game.state.units[uid].figures)


def each_to(points):
    return tuple(((float(x), float(y)),) for x, y in points)


def refused(game, action, reason):
    before, length = game.digest(), len(game.events)
    with pytest.raises(IllegalActionError, match=reason):
        game.apply(action)
    assert game.digest() == before and len(game.events) == length


# -- free placement -------------------------------------------------------------------------------
@pytest.mark.rule("fubar:actions")
def test_a_unit_moves_its_figures_to_points_of_its_owners_choosing():
    game = table(unit(lab(), "ft1", "a", "isaf", 42, 10), unit(lab(), "taliban-green", "t", "insurgents", 4, 46))
    activate(game, "a")
    decision = game.decision
    assert MoveFigures in decision.accepts
    chosen = each_to([(40.3, 17.77), (41.9, 18.5), (43.05, 21.0), (45.5, 19.25)])  # not a formation
    action = MoveFigures("run", chosen)
    assert action not in decision.actions and game.check(action) is None
    game.apply(action)
    assert positions(game, "a") == tuple(p[0] for p in chosen)
    moved = events_of(game, UnitMoved)[-1]
    assert moved.unit == "a" and moved.positions == tuple(p[0] for p in chosen)
    taken = [e for e in game.events if type(e).__name__ == "ActionTaken"]
    assert taken[-1].action == action  # the log records where the owner put the figures


@pytest.mark.rule("fubar:actions")
def test_illegal_placements_are_refused_with_the_reason_and_change_nothing():
    game = table(unit(lab(), "ft1", "a", "isaf", 42, 10), unit(lab(), "taliban-green", "t", "insurgents", 42, 20))
    activate(game, "a")
    here = positions(game, "a")
    def shifted(dx, dy, k=None):
        return tuple(((x + dx, y + dy),) if k is None or i == k else () for i, (x, y) in enumerate(here))

    refused(game, MoveFigures("run", shifted(0.0, 13.0)), r"a-1 would use 13.00\" of movement but has 12.00\" left \(run\)")
    refused(game, MoveFigures("duck", shifted(0.0, 8.5)), r"has 8.00\" left \(duck\)")
    refused(game, MoveFigures("walk", shifted(0.0, 3.0)), r"a may move now only as: run, duck \(not 'walk'\)")
    refused(game, MoveFigures("run", shifted(0.0, -9.8)), r"puts its base off the table")
    t2 = game.state.units["t"].figures[1].pos  # straight ahead of a-1
    onto = tuple(((t2[0], t2[1] - 0.8),) if i == 0 else () for i in range(len(here)))
    refused(game, MoveFigures("run", onto), r"would end touching t's figure t-2 \(base contact is made only by an Assault\)")
    refused(game, MoveFigures("run", ((),) * len(here)), "no figure moves")
    refused(game, MoveFigures("run", (((42, 12),),) + ((),) * 3), r"malformed MoveFigures: .*must hold floats")
    refused(game, MoveFigures("run", ((),)), r"malformed MoveFigures: paths must be a tuple of 4 paths")
    game.apply(MoveFigures("run", shifted(0.0, 11.99)))  # just within reach is fine
    assert positions(game, "a")[0] == (here[0][0], here[0][1] + 11.99)


@pytest.mark.rule("fubar:vehicle-move")
def test_a_vehicles_path_is_measured_through_terrain_and_may_go_round_it():
    game = table(unit(lab(), "wmik", "v", "isaf", 33.5, 9.0), unit(lab(), "taliban-green", "t", "insurgents", 4, 46))
    activate(game, "v")
    game.apply(Walk())
    # straight north through the orchard (soft cover from y 12 to 20): 3" open + 8" at double cost
    refused(game, MoveFigures("drive", (((33.5, 20.0),),)), r"would use 19.00\" of movement but has 12.00\" left")
    # round its east side instead: 4" east, 7.5" north, both in the open
    game.apply(MoveFigures("drive", (((37.5, 9.0), (38.0, 16.5)),)))
    assert positions(game, "v") == ((38.0, 16.5),)
    assert game.state.units["v"].heading == pytest.approx(math.degrees(math.atan2(7.5, 0.5)), abs=1e-3)


@pytest.mark.rule("fubar:activation")
def test_a_broken_team_regroups_to_coherency():
    """Four of six figures lost from the middle of the line: the two left stand 7.5" apart, each out
    of coherency (-2 on every activation) until the team closes up."""
    team = unit(lab(), "taliban-green", "t", "insurgents", 24, 44)
    middle = tuple(f.id for f in team.figures[1:5])
    game = table(team, unit(lab(), "ft1", "a", "isaf", 42, 4), current="insurgents", lost=[("t", middle)])
    t = game.state.units["t"]
    assert t.broken and game.rules.measure_for(t).out_of_coherency(t) == 2
    activate(game, "t")
    assert [e for e in game.events if type(e).__name__ == "ActivationRolled"][-1].modifier <= -1
    regroup = Move("run", "regroup", "centre")
    assert regroup in offered(game, "run")
    take(game, regroup)
    t = game.state.units["t"]
    assert game.rules.measure_for(t).out_of_coherency(t) == 0
    assert math.dist(*positions(game, "t")) <= 3.0


@pytest.mark.rule("fubar:activation")
def test_a_team_regroups_on_its_leader_or_where_its_owner_puts_it():
    team = unit(lab(), "ft1", "a", "isaf", 42, 10)
    game = table(team, unit(lab(), "taliban-green", "t", "insurgents", 4, 46), lost=[("a", ("a-2", "a-3"))])
    a = game.state.units["a"]
    assert game.rules.measure_for(a).out_of_coherency(a) == 2
    activate(game, "a")
    assert Move("run", "regroup", "leader") in offered(game, "run")
    leader = a.figures[0].pos
    game.apply(MoveFigures("run", ((), ((leader[0] + 1.5, leader[1]),))))  # the owner's own spot
    a = game.state.units["a"]
    assert positions(game, "a")[0] == leader and game.rules.measure_for(a).out_of_coherency(a) == 0


# -- the suggestions ------------------------------------------------------------------------------
@pytest.mark.rule("fubar:actions")
def test_suggested_moves_cover_each_cover_piece_flanks_and_sidesteps():
    game = table(
        unit(lab(), "ft1", "a", "isaf", 30, 28),
        unit(lab(), "taliban-green", "t", "insurgents", 30, 38),
        unit(lab(), "mrap", "v", "insurgents", 44, 26, heading=90.0),
    )
    activate(game, "a")
    moves = [m for m in offered(game, "run") if type(m) is Move and m.mode == "run"]
    kinds = {(m.kind, m.ref, m.side) for m in moves}
    covers = {m.ref for m in moves if m.kind == "cover"}
    assert {"compound", "field-wall", "orchard"} <= covers  # each piece in reach, not only the nearest
    a, t = game.state.units["a"], game.state.units["t"]
    assert unit_distance(a, t) < unit_distance(a, game.state.units["v"])
    assert {("flank", "t", "left"), ("flank", "t", "right")} <= kinds  # the nearest enemy
    assert {("flank", "v", "left"), ("flank", "v", "right"), ("flank", "v", "rear")} <= kinds  # a vehicle
    assert {("sidestep", "", "left"), ("sidestep", "", "right")} <= kinds
    assert facing(game.state.units["v"], centroid(a)) == "side"
    take(game, Move("run", "flank", "v", side="rear"))
    assert facing(game.state.units["v"], centroid(game.state.units["a"])) == "rear"  # worse damage for v


@pytest.mark.rule("fubar:on-guard")
def test_a_screened_move_keeps_out_of_on_guard_fields_of_fire():
    """t watches the open ground On Guard; the straight run toward the compound crosses its field of
    fire, so a turned run that keeps out of it is suggested, and taking it opens no reaction."""
    game = table(unit(lab(), "ft1", "a", "isaf", 32, 20),
                 unit(lab(), "taliban-green", "t", "insurgents", 10, 24, count=1), on_guard=("t",))
    activate(game, "a")
    moves = offered(game, "run")
    screened = [m for m in moves if type(m) is Move and m.kind == "screened" and m.ref == "compound"]
    assert screened and Move("run", "objective", "compound") in moves
    direct = game.clone()
    take(direct, Move("run", "objective", "compound"))
    assert isinstance(direct.state.top, OnGuardWindow)
    take(game, screened[0])
    assert not any(isinstance(f, OnGuardWindow) for f in game.state.stack)
    assert events_of(game, UnitMoved)[-1].unit == "a"


@pytest.mark.rule("fubar:actions")
def test_every_suggested_move_passes_the_check_of_a_free_move():
    """The suggestions are moves a player could make by hand: the same check passes them."""
    from rules_fubar import measured_move, move_allowance, move_menu

    seen = 0
    for seed in range(3):
        game = random_playout("fubar", "meeting-engagement", seed, proposals=Proposals(seed))
        replay = game.__class__.start(game.rules, "meeting-engagement", seed=seed)
        for e in [e for e in game.events if type(e).__name__ == "ActionTaken"]:
            state = replay.state
            for m in (a for a in replay.decision.actions if type(a) is Move):
                u = state.units[state.top.unit]
                frame = move_allowance.acting_frame(state)  # step two lies over the Activated or Walking frame
                ends, _ = move_menu.plan(game.rules, state, u, m, move_allowance.allowance(u, frame, m.mode))
                paths = tuple((p,) if p != f.pos else () for f, p in zip(u.figures, ends))
                if any(paths):
                    assert measured_move.check(game.rules, state, MoveFigures(m.mode, paths)) is None, m
                    seen += 1
            replay.apply(e.action, player=e.player)
    assert seen > 50


@pytest.mark.rule("fubar:actions")
def test_the_kit_tries_random_free_moves_legal_and_illegal():
    proposals = Proposals(0)
    for seed in range(2):
        random_playout("fubar", "meeting-engagement", seed, proposals=proposals)
    assert proposals.legal > 5 and proposals.refused > 5


# -- the fixes ------------------------------------------------------------------------------------
@pytest.mark.rule("fubar:on-guard")
def test_on_guard_reacts_to_a_mover_crossing_its_field_of_fire_between_its_ends():
    """g, On Guard north of hut-n, cannot see where m starts (behind the hut) nor where it stops (deep
    in the scrub), but sees it cross the open ground between: the reaction is offered and lands."""
    g = unit(lab(), "ft1", "g", "isaf", 24, 44, count=1)
    m = unit(lab(), "taliban-green", "m", "insurgents", 20, 35, count=1)
    game = table(g, m, unit(lab(), "ft1", "far", "isaf", 44, 4), current="insurgents", on_guard=("g",))
    rules, state = game.rules, game.state
    def m_at(p):
        return attrs.evolve(state.units["m"], figures=(attrs.evolve(state.units["m"].figures[0], x=p[0], y=p[1]),))
    assert not T.can_fire_at(rules, state, state.units["g"], m_at((20.0, 35.0)))  # the old check: the ends only
    assert not T.can_fire_at(rules, state, state.units["g"], m_at((9.0, 39.0)))
    activate(game, "m")
    game.apply(MoveFigures("run", (((9.0, 39.0),),)))
    window = game.state.top
    assert isinstance(window, OnGuardWindow) and window.player == "isaf"
    assert ReactFire("g") in game.decision.actions
    game.apply(ReactFire("g"))
    fired = events_of(game, FireDeclared)[-1]
    assert fired.unit == "g" and fired.reaction and fired.targets == ("m",)
    assert events_of(game, FireResult)[-1].dice >= 1  # it fired at m where it crossed the open


@pytest.mark.rule("fubar:hidden")
def test_a_unit_that_has_not_fired_hides_again_on_entering_cover():
    game = table(unit(lab(), "ft1", "a", "isaf", 42, 16), unit(lab(), "ft1", "b", "isaf", 42, 30, fired=True),
                 unit(lab(), "taliban-green", "t", "insurgents", 4, 4))
    activate(game, "a")
    into_orchard = Move("run", "cover", "orchard")
    assert into_orchard in offered(game, "run")
    take(game, into_orchard)
    a = game.state.units["a"]
    assert game.rules.measure_for(a).unit_cover(a) > 0
    assert a.hidden and events_of(game, UnitHidden)[-1].unit == "a"
    assert game.observe("insurgents")["units"]["a"] == {"side": "isaf", "hidden": True, "figures": 4}
    # a unit that has fired since it was last hidden stays in view when it reaches cover
    while game.decision.player != "isaf" or "b" not in {a.unit for a in game.decision.actions if type(a) is Activate}:
        game.apply(game.decision.actions[0])
    activate(game, "b")
    b = game.state.units["b"]
    game.apply(MoveFigures("run", tuple(((f.x - 6.0, f.y - 10.0),) for f in b.figures)))  # into the orchard
    b = game.state.units["b"]
    assert game.rules.measure_for(b).unit_cover(b) > 0 and not b.hidden


@pytest.mark.rule("fubar:actions")
def test_walk_fires_small_arms_only():
    """ft2 carries a light mortar beside its rifles: aimed fire uses it, a Walk's fire does not."""
    shooters = unit(lab(), "ft2", "a", "isaf", 42, 30)
    target = unit(lab(), "taliban-green", "t", "insurgents", 42, 10)
    game = table(shooters, target)
    activate(game, "a")
    game.apply(Walk())
    take(game, FireAt(("t",)))
    walking = events_of(game, FireResult)[-1].dice
    assert walking == 1 + 3 + 1  # two assault rifles at 20" (1 FP each) and the LMG (3); no mortar
    game = table(shooters, target)
    activate(game, "a")
    take(game, FireAt(("t",), True))
    assert events_of(game, FireResult)[-1].dice == walking + 3  # the mortar's 3 FP


@pytest.mark.rule("fubar:actions")
@pytest.mark.rule("fubar:fire")
def test_a_walking_split_fire_uses_small_arms_only():
    """Split fire during a Walk: each small-arms figure names its target; the mortar is never asked."""
    shooters = unit(lab(), "ft2", "a", "isaf", 42, 30)
    game = table(shooters, unit(lab(), "taliban-green", "t", "insurgents", 42, 10),
                 unit(lab(), "taliban-green", "u", "insurgents", 46, 12))
    activate(game, "a")
    game.apply(Walk())
    assert SplitFire(False) in offered(game, "fire")
    take(game, SplitFire(False))
    mortar = [f.id for f in game.state.units["a"].figures if T.weapon_of(game.rules, game.state.units["a"], f).indirect]
    asked = []
    while isinstance(game.state.top, AssigningFire):
        d = game.decision
        if d is None:
            break
        asked.append(d.actions[0].figure)
        game.apply(d.actions[0])
    assert asked and not set(asked) & set(mortar)
    assert sum(r.dice for r in events_of(game, FireResult)) <= 1 + 3 + 1  # as in the single-target walk


@pytest.mark.rule("fubar:actions")
def test_walk_may_fire_partway_along_its_move():
    game = table(unit(lab(), "ft1", "a", "isaf", 42, 40), unit(lab(), "taliban-green", "t", "insurgents", 42, 16))
    activate(game, "a")
    game.apply(Walk())
    here = positions(game, "a")
    game.apply(MoveFigures("walk", tuple(((x, y - 3.5),) for x, y in here)))
    take(game, FireAt(("t",)))
    while type(game.state.top).__name__ != "Walking":  # the target's owner answers the hits first
        game.apply(game.decision.actions[-1])
    decision = game.decision
    assert MoveFigures in decision.accepts and EndAction() in decision.actions
    assert Choose("fire") not in decision.actions  # fired once already
    refused(game, MoveFigures("walk", tuple(((x, y - 7.0),) for x, y in here)),
            r"a-1 would use 3.50\" of movement but has 2.50\" left \(walk\)")
    game.apply(MoveFigures("walk", tuple(((x, y - 6.0),) for x, y in here)))  # the rest of the 6"
    assert positions(game, "a") == tuple((x, y - 6.0) for x, y in here)
    assert not any(type(f).__name__ == "Walking" for f in game.state.stack)  # moved and fired: done


@pytest.mark.rule("fubar:actions")
def test_a_person_types_where_the_unit_goes():
    import io

    from tabletop_core.agents import AgentView, HumanAgent

    game = table(unit(lab(), "ft1", "a", "isaf", 42, 10), unit(lab(), "taliban-green", "t", "insurgents", 4, 46))
    activate(game, "a")
    typed = io.StringIO("run 42,30\nrun 42,x\nrun 42,16.5\n")
    out = io.StringIO()
    action = HumanAgent(player="isaf", stdin=typed, stdout=out).choose(AgentView(game, "isaf", game.decision))
    text = out.getvalue()
    assert "or type 'MODE X,Y'" in text
    assert "not allowed: figure a-1 would use 20.00\" of movement but has 12.00\" left (run)" in text
    assert "cannot read that: '42,x' is not a point X,Y" in text
    game.apply(action)
    assert centroid(game.state.units["a"]) == pytest.approx((42.0, 16.5))


@pytest.mark.rule("fubar:hidden")
def test_a_hidden_units_chosen_points_stay_its_owners_secret():
    hider = unit(lab(), "taliban-green", "h", "insurgents", 33.5, 16.0, count=2, hidden=True)  # in the orchard
    game = table(hider, unit(lab(), "ft1", "a", "isaf", 44, 44), current="insurgents")
    activate(game, "h")
    chosen = MoveFigures("run", (((32.0, 14.5),), ((33.0, 14.5),)))
    game.apply(chosen)
    assert game.state.units["h"].hidden
    seen = game.events_for("isaf")
    taken = [e for e in seen if type(e).__name__ == "ActionTaken" and e.player == "insurgents"][-1]
    assert taken.action.TAG == "ConcealedAction" and taken.action.kind == "MoveFigures"
    moved = [e for e in seen if type(e) is UnitMoved and e.unit == "h"][-1]
    assert moved.positions == ()
    assert [e for e in game.events_for("insurgents") if type(e).__name__ == "ActionTaken"][-1].action == chosen


@pytest.mark.rule("fubar:mortars")
@pytest.mark.rule("fubar:on-guard")
def test_an_on_guard_mortar_reacts_along_a_path_only_where_a_friend_spots_it():
    """A lone mortar On Guard south of the compound cannot see m run along y=30 north of it; with
    a friend east of the run who sees m it may react (indirect fire, # FUBAR mortars), with the
    friend north of hut-n who sees nothing of the run it may not.  The second game asks the same
    question of the same figures and path as the first: only the friend's place differs."""
    for spotter_at, reacts in (((40, 30), True), ((24, 44), False), ((40, 30), True)):
        g = unit(lab(), "ft2", "g", "isaf", 22, 18)
        mortar = next(f.id for f in g.figures if f.weapon == "light-mortar")
        m = unit(lab(), "taliban-green", "m", "insurgents", 18, 30, count=1)
        game = table(g, m, unit(lab(), "ft1", "s", "isaf", *spotter_at, count=1), current="insurgents", on_guard=("g",),
                     lost=(("g", tuple(f.id for f in g.figures if f.id != mortar)),))
        rules, state = game.rules, game.state
        assert not rules.measure_for(state.units["g"]).sees(state.units["g"], state.units["m"])
        activate(game, "m")
        game.apply(MoveFigures("run", (((30.0, 30.0),),)))
        window = game.state.top
        assert isinstance(window, OnGuardWindow) == reacts
        if reacts:
            assert window.player == "isaf" and ReactFire("g") in game.decision.actions
            game.apply(ReactFire("g"))
            fired = events_of(game, FireDeclared)[-1]
            assert fired.unit == "g" and fired.reaction and fired.targets == ("m",)


@pytest.mark.rule("fubar:actions")
@pytest.mark.parametrize("scenario", ["recovery-team", "meeting-engagement", "cordon-and-search"])
def test_a_walks_targets_in_play_are_the_small_arms_rule(scenario):
    """At every Walk decision of a few random games (before and after each leg of the move), the
    targets a walking unit's small arms are offered are the enemies targetable whose figure one
    of its small-arms figures sees within its weapon's longest band, the sight rule written out
    plainly on the core table (``can_fire_at`` of those figures alone answers the same)."""
    from tabletop_core import agents_for, new_game
    from tabletop_core.agents import AgentView

    from rules_fubar import walking
    from rules_fubar.state import Walking

    from .test_measure_caches import _plain_visible

    asked, offered_some = 0, 0
    for seed in range(4):
        game = new_game("fubar", scenario, seed=seed)
        seats = agents_for(game, "random,random")
        rules = game.rules
        while not game.over:
            state, top = game.state, game.state.top
            u = state.units.get(getattr(top, "unit", None) or "")
            if isinstance(top, Walking) and u is not None and u.alive and walking.small_arms_only(u, top):
                table = rules.measure_for(u).table
                armed = [(f, w) for f in u.figures if (w := T.weapon_of(rules, u, f)) is not None and w.small_arms]
                want = [e.id for e in state.units.values() if T.targetable(state, e, u.side) and any(
                    max(math.dist(f.pos, g.pos) - f.r - g.r, 0.0) <= w.longest + 1e-9 and _plain_visible(table, f, g)
                    for f, w in armed for g in e.figures)]
                assert walking.walking_targets(rules, state, u) == want
                assert want == [e.id for e in state.units.values() if T.targetable(state, e, u.side)
                                and T.can_fire_at(rules, state, u, e, figures=[f for f, _w in armed])]
                assert walking.can_fire(rules, state, u, top) == bool(want)
                asked += 1
                offered_some += bool(want)
            d = game.decision
            game.apply(seats[d.player].choose(AgentView(game, d.player, d)))
    assert asked > 10 and 0 < offered_some
    if scenario != "cordon-and-search":  # there every walking unit had a target in these games
        assert offered_some < asked
