"""Vehicles (2b-2f, 7b, 9, 15), transport (8) and helicopters (17) with the rulebook's numbers."""
import pytest
from tabletop_core.boards.hexfacing import Arc, shot_arc

from rules_goe85.model.actions import (
    Block, DeclareMode, Decline, Declined, Fly, Load, Pivot, PlayCard, REFUSALS, Reverse, Step, Use,
)
from rules_goe85.procedures.ap_fire import armour, card_hits, damage_result, to_hit_number
from rules_goe85.queries.board import board_for
from rules_goe85.procedures.move import start_move
from rules_goe85.model.state import Unit
from rules_goe85.queries.units import stacking_ok
from rules_goe85.procedures.vehicles import he_adjustment

from .helpers import DATA, RULES, ctx, game, give, position, run, stack_deck


def U(uid, tid, side="soviet", **kw):
    return Unit(uid, tid, side, (0, 0), **kw)


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


@pytest.mark.rule("goe85:15a")
@pytest.mark.rule("goe85:15b")
@pytest.mark.rule("goe85:15c")
@pytest.mark.rule("goe85:15d")
@pytest.mark.rule("goe85:3c")
@pytest.mark.rule("goe85:3d")
@pytest.mark.rule("goe85:2b")
def test_vehicle_example_15c_number_for_number():
    # 15c: range 3, +1 for the degrading hex crossed, T-62 TM 3 -> to hit 1
    assert to_hit_number(3, 3, 0, degraded=True) == 1
    assert card_hits("#27", 1)  # TN 1 hits
    assert not card_hits("#27", 1, move_fire=True)  # the same card reads MF: a Move & Fire misses
    assert not card_hits("#5", -5)  # Miss
    assert not card_hits("#27", 1, tn_penalty=1)  # a moving target: TN 1 counts as 0
    # APF 4 +1 (within 4 hexes) -2 drawn = 3 >= BMP-1 flank AF 0: destroyed
    assert damage_result("#48", 4, 1, 0) == "destroy"
    assert damage_result("#48", 4, 1, 4) == "none"
    assert damage_result("#23", 9, 1, 0) == "dud" and damage_result("#8", 0, 0, 9) == "shake"
    assert damage_result("#31", 0, 0, 9) == "destroy"
    # played: T-62 in 5A2, BMP-1 in 5B4 (clear) showing its flank; a degrading hex between them
    g = game("your-papers-please")
    b = board_for("your-papers-please")
    a, t = b.hex("5A2"), b.hex("5B4")
    facing = next(v for v in range(6) if shot_arc(a, t, v) is Arc.FLANK)
    position(g, [("T", "t-62", "soviet", "5A2"), ("B", "bmp-1", "mujahideen", "5B4")], B={"facing": facing})
    assert b.los(a, t, "vehicle") == 1 and b.distance(a, t) == 3
    give(g, "soviet", ["#9"])  # Fire
    stack_deck(g, ["#27", "#48"])
    from rules_goe85.procedures.turn import main_options

    opts = main_options(RULES, g.state, "soviet")
    play = PlayCard("#9", Block.UPPER, Use.FIRE, "T", "B", ap=True)
    assert play in opts
    assert not any(isinstance(o, PlayCard) and o.target == "B" and not o.ap for o in opts)  # no HE at a tank
    from rules_goe85.procedures.turn import play as do_play

    do_play(RULES, ctx(g), "soviet", play)
    run(g)
    assert "B" not in g.state.units and t in g.state.wrecks  # Kaboom: the wreck side (2b)
    assert g.state.units["T"].marker == "fired"


@pytest.mark.rule("goe85:15d")
def test_hexspine_shots_take_the_better_armour():
    b = board_for("your-papers-please")
    t = b.hex("5E4")
    # straight ahead and down the front/flank spine: front; the flank/rear spine: flank
    arcs = {shot_arc(b.hex(x), t, 0).value for x in ("5E1", "5F2", "5G2")}
    assert "rear" not in arcs


@pytest.mark.rule("goe85:7b")
def test_vehicle_moves_into_its_front_hexes_pivots_and_reverses():
    from tabletop_core.boards.hexfacing import front_hexes, rear_hexes

    g = game("your-papers-please")
    b = board_for("your-papers-please")
    position(g, [("T", "t-55", "mujahideen", "5E4"), ("S", "sov-rifle-intensive", "soviet", "5K0")], T={"facing": 0})
    start_move(RULES, ctx(g), "mujahideen", "move", ["T"])
    acts = RULES.decision(g.state).actions
    here = b.hex("5E4")
    steps = {b.hex(a.to) for a in acts if isinstance(a, Step)}
    def passable(hs):
        return {h for h in hs if h in b.board and b.enter_cost(here, h, "T") is not None}

    assert steps == passable(front_hexes(here, 0)) and steps
    rev = {b.hex(a.to) for a in acts if isinstance(a, Reverse)}
    assert rev == passable(rear_hexes(here, 0))
    assert {a.facing for a in acts if isinstance(a, Pivot)} == {1, 5}
    g._decision = None
    g.apply(Pivot("T", 1))  # 1 MP per vertex
    assert g.state.units["T"].facing == 1 and dict((u, m) for u, m, _ in g.state.top.mp)["T"] == 4
    r = next(a for a in g.decision.actions if isinstance(a, Reverse))
    g.apply(r)  # clear terrain 1 MP + 1 for reversing; the facing is kept
    assert g.state.units["T"].facing == 1 and dict((u, m) for u, m, _ in g.state.top.mp)["T"] == 2


@pytest.mark.rule("goe85:9")
def test_vehicle_stacking():
    assert not stacking_ok([U("a", "t-55"), U("b", "bmp-1")])  # one ground vehicle
    assert stacking_ok([U("a", "sov-rifle-intensive"), U("b", "sov-rifle-intensive"), U("c", "btr-70"),
                        U("p", "sov-rifle-marksman", carrier="c")])  # 9 example: the passenger does not count
    assert not stacking_ok([U("a", "bmp-1"), U("h", "mi-8", mode="landed")])  # landed: a ground vehicle
    assert stacking_ok([U("a", "bmp-1"), U("h", "mi-8", mode="hovering")])
    assert not stacking_ok([U("h", "mi-8", mode="flying"), U("i", "mi-24", mode="hovering")])  # one air unit


@pytest.mark.rule("goe85:8a")
@pytest.mark.rule("goe85:8c")
@pytest.mark.rule("goe85:8d")
@pytest.mark.rule("goe85:8i")
def test_load_then_carrier_moves_half_and_unload_costs_half():
    g = game("your-papers-please")
    position(g, [("B", "bmp-1", "soviet", "5E4"), ("R", "sov-rifle-intensive", "soviet", "5E4"),
                 ("M", "muj-rifle-intensive", "mujahideen", "5K6")], B={"facing": 0})
    start_move(RULES, ctx(g), "soviet", "move", ["B", "R"])
    assert Load("R", "B") in RULES.decision(g.state).actions
    g._decision = None
    g.apply(Load("R", "B"))
    mp = dict((u, m) for u, m, _ in g.state.top.mp)
    assert g.state.units["R"].carrier == "B" and mp == {"B": 3, "R": 0}  # MF 6: 3 left after loading
    step = next(a for a in g.decision.actions if isinstance(a, Step))
    g.apply(step)
    assert g.state.units["R"].hex == g.state.units["B"].hex  # the passenger rides
    from rules_goe85.procedures.fire import fire_options

    assert not any(lead == "R" for lead, _, _ in fire_options(RULES, g.state, "soviet", use=Use.FIRE))  # 8d
    # 8i: Fast Move's +1 counts before halving: MF 6+1 = 7, half rounded up 4
    from rules_goe85.procedures.vehicles import half

    assert half(7) == 4 and half(3) == 2


@pytest.mark.rule("goe85:8e")
@pytest.mark.rule("goe85:8f")
@pytest.mark.rule("goe85:8h")
def test_carrier_shaken_and_destroyed_with_passenger():
    from rules_goe85.procedures.damage import apply_hit

    g = game("your-papers-please")
    position(g, [("B", "btr-70", "soviet", "5E4"), ("R", "sov-rifle-intensive", "soviet", "5E4"),
                 ("M", "muj-rifle-intensive", "mujahideen", "5K6")], R={"carrier": "B"})
    apply_hit(RULES, ctx(g), "B")
    assert g.state.units["R"].shaken  # 8f
    apply_hit(RULES, ctx(g), "B")  # one-step vehicle: the second hit destroys it (13f); the Shaken passenger
    assert "B" not in g.state.units and "R" not in g.state.units  # takes two hits: reduced, eliminated (8e)
    position(g, [("B", "btr-70", "soviet", "5E4"), ("R", "sov-rifle-intensive", "soviet", "5E4"),
                 ("M", "muj-rifle-intensive", "mujahideen", "5K6")], R={"carrier": "B"})
    from rules_goe85.procedures.vehicles import destroy

    destroy(RULES, ctx(g), "B")
    r = g.state.units["R"]
    assert r.carrier == "" and r.reduced and r.shaken and g.state.units["R"].hex in g.state.wrecks  # 8e
    # 8h: a Shaken carrier cannot load
    position(g, [("B", "btr-70", "soviet", "5E4", ), ("R", "sov-rifle-intensive", "soviet", "5E4"),
                 ("M", "muj-rifle-intensive", "mujahideen", "5K6")], B={"shaken": True})
    start_move(RULES, ctx(g), "soviet", "move", ["B", "R"])
    assert not any(isinstance(a, Load) for a in RULES.decision(g.state).actions)


@pytest.mark.rule("goe85:13f")
def test_vehicle_defends_an_assault_with_hef_1_and_dies_on_the_second_hit():
    from rules_goe85.procedures.assault import distribute, unit_assault_hef

    t55 = U("t", "t-55", "mujahideen")
    assert unit_assault_hef(t55) == 1
    rifle = U("r", "sov-rifle-intensive")
    assert distribute([t55, rifle], 4) == ["t", "r", "r", "t"]  # 13b example: Shake both, reduce the Rifle, then the tank


@pytest.mark.rule("goe85:17b")
@pytest.mark.rule("goe85:17a")
def test_helicopter_any_card_mode_and_flight():
    g = game("your-papers-please")
    position(g, [("H", "mi-24", "soviet", "5E4"), ("M", "muj-rifle-intensive", "mujahideen", "5K6")],
             H={"facing": 0, "mode": "flying"})
    give(g, "soviet", ["#24"])  # Panic / Move: any card activates a helicopter
    from rules_goe85.procedures.turn import main_options, play as do_play

    opts = main_options(RULES, g.state, "soviet")
    assert PlayCard("#24", Block.ANY, Use.HELI_MOVE, "H") in opts
    do_play(RULES, ctx(g), "soviet", PlayCard("#24", Block.ANY, Use.HELI_MOVE, "H"))
    g._decision = None
    d = g.decision
    assert {a.mode for a in d.actions if isinstance(a, DeclareMode)} >= {"hovering", "landed"}
    g.apply(Decline(Declined.KEEP_MODE))
    d = g.decision
    assert not any(isinstance(a, REFUSALS) for a in d.actions)  # flying: at least one hex
    flights = [a for a in d.actions if isinstance(a, Fly)]
    assert len(flights) == 4  # the front hexes of the facing and of one vertex either side
    g.apply(flights[0])
    assert any(isinstance(a, REFUSALS) for a in g.decision.actions)


@pytest.mark.rule("goe85:17d")
@pytest.mark.rule("goe85:17e")
def test_helicopter_combat_and_sight():
    flying = U("h", "mi-8", mode="flying")
    assert he_adjustment(U("r", "rpd", "mujahideen"), [flying]) == (-2, 0)  # -2 HEF against flying
    assert he_adjustment(U("h", "mi-24", mode="landed"), [U("r", "rpd", "mujahideen")]) == (0, 1)
    from rules_goe85.procedures.ap_fire import ap_target

    assert not ap_target(Unit("h", "mi-8", "soviet", (0, 0), mode="flying"))  # no AP against flying
    assert ap_target(Unit("h", "mi-8", "soviet", (0, 0), mode="hovering"))
    g = game("9th-company")
    b = board_for("9th-company")
    # one level up: some pair that a Leg unit cannot see a helicopter hovering there sees
    found = False
    for a in b.hexes[:60]:
        for t in b.hexes[:200]:
            if b.distance(a, t) > 2 and not b.sees(a, t) and b.sees(a, t, "leg", 1, 0):
                found = True
                break
        if found:
            break
    assert found
