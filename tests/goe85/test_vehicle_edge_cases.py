"""Vehicles, part 2: transport markers and edge cases (8b, 8e, 8g, 8j, 8k), artillery against
vehicles and helicopters (12a, 17d), the Reserve Phase for helicopters (17a, 17b), the bunker as a
target (23b), First Fire and Sagger (20a, 22k), wire (23c) and vehicles at set-up (9, 15d)."""
import pytest
from tabletop_core.boards.hexfacing import front_hexes
from tabletop_core.game import Game

from rules_goe85.model.actions import (
    Block, Face, Load, Mode, Place, PlayCard, PlayReaction, REFUSALS, ReserveLoad, ReserveMode, ReserveMove, ReserveUnload, Step, Stop, Unload, Use,
)
from rules_goe85.procedures.ap_cases import BUNKER_AF, first_fire_mode
from rules_goe85.procedures.artillery import strike, strike_options
from rules_goe85.queries.board import away_from, board_for
from rules_goe85.model.events import BunkerPlaced, WirePlaced
from rules_goe85.procedures.move import start_move
from rules_goe85.procedures.turn import main_options
from rules_goe85.model.frames import AssaultFrame, FireFrame, Impulse, ReserveFrame
from rules_goe85.queries.units import stacking_ok, units_at
from rules_goe85.procedures.vehicles import destroy
from rules_goe85.model.frames import FacingChoice
from rules_goe85.model.vehicles import APFire, Unloaded

from .helpers import DATA, RULES, ctx, game, give, position, run, stack_deck

B = board_for("your-papers-please")
FAR_MUJ = ("M", "muj-rifle-intensive", "mujahideen", "5K6")  # an enemy far from 5C1..5E4


def _impulse(g, side="soviet"):
    g.state.stack.clear()
    g.state.phase = "impulses"
    g.state.stack.append(Impulse(side, "main"))
    g._decision = None


def _reserve(g, side="soviet"):
    g.state.stack.clear()
    g.state.phase = "reserve"
    g.state.stack.append(ReserveFrame(side))
    g._decision = None


def _mp(g):
    return {u: m for u, m, _ in g.state.top.mp}


def _choices(g, kind):
    return [a for a in g.decision.actions if isinstance(a, kind)]


# -- 8b -----------------------------------------------------------------------------------------
@pytest.mark.rule("goe85:8b")
def test_loaded_passengers_lie_on_top_of_their_carrier_unloaded_ones_under_it():
    g = game()
    position(g, [("B", "btr-70", "soviet", "5E4"), ("R", "sov-rifle-intensive", "soviet", "5E4"),
                 ("Y", "yuri", "soviet", "5E4"), FAR_MUJ], R={"carrier": "B"})
    view = g.observe("mujahideen")
    assert view["stacks"]["5E4"] == ["R", "B", "Y"]  # R loaded (on top), Yuri unloaded (under)
    assert view["units"]["R"]["carrier"] == "B" and view["units"]["Y"]["carrier"] == ""
    ctx(g).emit(Unloaded("R"))
    assert g.observe("soviet")["stacks"]["5E4"] == ["B", "R", "Y"]  # unloaded: under the carrier


# -- 8e -----------------------------------------------------------------------------------------
@pytest.mark.rule("goe85:8e")
def test_passengers_of_a_carrier_destroyed_in_an_assault_retreat_away_or_die():
    g = game()
    here, frm = B.hex("5E4"), B.hex("5E5")
    position(g, [("B", "btr-70", "soviet", "5E4"), ("R", "sov-rifle-intensive", "soviet", "5E4"),
                 ("A", "muj-rifle-intensive", "mujahideen", "5E4")], R={"carrier": "B"})
    g.state.stack.append(AssaultFrame(side="mujahideen", hex=here, attackers=(("A", frm),), step="resolve"))
    destroy(RULES, ctx(g), "B")  # the carrier dies in the assault
    r = g.state.units["R"]
    assert r.shaken and r.reduced and r.carrier == ""  # two hits (8e)
    assert r.hex == away_from(frm, here) and r.hex != here  # one hex directly away from the attack
    # the hex beyond is held by the enemy: the surviving passenger is eliminated
    position(g, [("B", "btr-70", "soviet", "5E4"), ("R", "sov-rifle-intensive", "soviet", "5E4"),
                 ("A", "muj-rifle-intensive", "mujahideen", "5E4"),
                 ("X", "muj-rifle-intensive", "mujahideen", B.label(away_from(frm, here)))], R={"carrier": "B"})
    g.state.stack.append(AssaultFrame(side="mujahideen", hex=here, attackers=(("A", frm),), step="resolve"))
    destroy(RULES, ctx(g), "B")
    assert "R" not in g.state.units
    # outside an assault the passenger stays in the hex with the wreck (8e first sentence)
    position(g, [("B", "btr-70", "soviet", "5E4"), ("R", "sov-rifle-intensive", "soviet", "5E4"), FAR_MUJ],
             R={"carrier": "B"})
    destroy(RULES, ctx(g), "B")
    assert g.state.units["R"].hex == here and here in g.state.wrecks


@pytest.mark.rule("goe85:8d")
def test_passengers_take_no_part_in_an_assault_on_their_hex():
    from rules_goe85.procedures.assault import resolve

    g = game()
    here, frm = B.hex("5E4"), B.hex("5E5")
    position(g, [("B", "btr-70", "soviet", "5E4"), ("R", "sov-rifle-intensive", "soviet", "5E4"),
                 ("A", "muj-rifle-intensive", "mujahideen", "5E4")], R={"carrier": "B"})
    f = AssaultFrame(side="mujahideen", hex=here, attackers=(("A", frm),), step="resolve")
    g.state.stack.append(f)
    resolve(RULES, ctx(g), f)
    combat = g.state.top
    assert tuple(combat.defenders) == ("B",)  # the BTR defends alone; its passenger sits it out


# -- 8g -----------------------------------------------------------------------------------------
@pytest.mark.rule("goe85:8g")
def test_a_shaken_passenger_unloads_and_then_neither_does_more():
    g = game()
    position(g, [("B", "btr-70", "soviet", "5E4"), ("R", "sov-rifle-intensive", "soviet", "5E4"), FAR_MUJ],
             B={"shaken": True, "facing": 0}, R={"carrier": "B", "shaken": True})
    start_move(RULES, ctx(g), "soviet", "move", ["B", "R"])
    g._decision = None
    assert _mp(g) == {"B": 3, "R": 2}  # Shaken: MF 6 -> 3, MF 4 -> 2 (10c)
    g.apply(Unload("R", "B"))
    assert g.state.units["R"].carrier == "" and _mp(g) == {"B": 0, "R": 0}
    assert not [a for a in g.decision.actions if not isinstance(a, Stop)]  # only "stop" is left


# -- 8j -----------------------------------------------------------------------------------------
@pytest.mark.rule("goe85:8j")
@pytest.mark.rule("goe85:18g")
def test_lets_get_em_moves_loads_and_unloads_two_passengers():
    g = game()
    position(g, [("B1", "bmp-1", "soviet", "5C2"), ("R1", "sov-rifle-intensive", "soviet", "5C2"),
                 ("B2", "btr-70", "soviet", "5C4"), ("R2", "sov-rifle-intensive", "soviet", "5C4"), FAR_MUJ],
             B1={"facing": 2}, B2={"facing": 2}, R1={"carrier": "B1"})
    _impulse(g)
    give(g, "soviet", ["#25"])  # Let's Get 'Em! (upper)
    play = PlayCard("#25", Block.UPPER, Use.LETS_GET_EM, "", "5C2", second="5C4")
    assert play in main_options(RULES, g.state, "soviet")
    g.apply(play)
    assert set(_mp(g)) == {"B1", "R1", "R2"}  # the loaded Leg unit brings its carrier
    assert _mp(g)["R2"] == 4
    g.apply(Load("R2", "B2"))  # the second passenger loads for half its MF (4 -> 2), then rides
    assert g.state.units["R2"].carrier == "B2" and _mp(g)["R2"] == 0
    step = next(a for a in _choices(g, Step) if a.units == ("B1",))
    g.apply(step)  # the loaded BMP moves (clear terrain, 1 MP)...
    left = _mp(g)["B1"]
    assert g.state.units["R1"].hex == g.state.units["B1"].hex
    while g.state.top.__class__.__name__ != "MoveFrame":
        g.apply(next(a for a in g.decision.actions if isinstance(a, REFUSALS)))
    g.apply(Unload("R1", "B1"))  # ...and then unloads its passenger for half its MF
    assert g.state.units["R1"].carrier == "" and _mp(g)["B1"] == left - 3


# -- 8k, 5f: load and unload in the Reserve Phase ------------------------------------------------
@pytest.mark.rule("goe85:8k")
@pytest.mark.rule("goe85:5f")
def test_reserve_phase_load_and_unload_need_half_the_carriers_mf():
    g = game()
    position(g, [("B", "btr-70", "soviet", "5C2"), ("R", "sov-rifle-intensive", "soviet", "5C2"),
                 ("B2", "bmp-1", "soviet", "5E4"), ("R2", "sov-rifle-intensive", "soviet", "5E4"), FAR_MUJ],
             R={"carrier": "B"})
    _reserve(g)
    acts = g.decision.actions
    assert ReserveUnload("R", "B") in acts  # far: 3 MP, MF 6 halved is 3
    assert ReserveLoad("R2", "B2") in acts
    g.apply(ReserveUnload("R", "B"))
    assert g.state.units["R"].carrier == "" and g.state.top.moved == ("B",)  # the carrier has spent its 3 MP
    assert any(a.unit == "R" for a in _choices(g, ReserveMove))  # the passenger keeps its own reserve move
    assert not any(a.unit == "B" for a in _choices(g, ReserveMove))
    g.apply(ReserveLoad("R2", "B2"))
    assert g.state.units["R2"].carrier == "B2" and set(g.state.top.moved) == {"B", "B2", "R2"}
    # the 5f example: within three hexes of the enemy only 1 MP may be spent, less than 3
    position(g, [("B", "btr-70", "soviet", "5E4"), ("R", "sov-rifle-intensive", "soviet", "5E4"),
                 ("M", "muj-rifle-intensive", "mujahideen", "5E6")], R={"carrier": "B"})
    _reserve(g)
    assert not _choices(g, ReserveUnload)


@pytest.mark.rule("goe85:17b")
@pytest.mark.rule("goe85:17c")
@pytest.mark.rule("goe85:17a")
@pytest.mark.rule("goe85:8k")
def test_reserve_phase_helicopter_mode_flight_and_unloading():
    g = game()
    position(g, [("H", "mi-8", "soviet", "5C2"), ("R", "sov-rifle-intensive", "soviet", "5C2"), FAR_MUJ],
             H={"facing": 0, "mode": "flying"}, R={"carrier": "H"})
    _reserve(g)
    modes = {a.mode for a in _choices(g, ReserveMode) if a.unit == "H"}
    assert modes == {"hovering", "landed"}
    assert any(a.unit == "H" for a in _choices(g, ReserveMove))  # flying: up to 8 MP
    assert not _choices(g, ReserveUnload)  # a flying helicopter does not unload (17c)
    g.apply(ReserveMode("H", Mode.LANDED))
    assert g.state.units["H"].mode == "landed"
    assert not _choices(g, ReserveMode) and not any(a.unit == "H" for a in _choices(g, ReserveMove))
    assert ReserveUnload("R", "H") in g.decision.actions  # the passenger pays 2 of its 2 MP
    g.apply(ReserveUnload("R", "H"))
    assert g.state.units["R"].carrier == "" and "R" in g.state.top.moved
    # within three hexes of the enemy: a mode change and 1 MP, but no unloading
    position(g, [("H", "mi-8", "soviet", "5E4"), ("R", "sov-rifle-intensive", "soviet", "5E4"),
                 ("M", "muj-rifle-intensive", "mujahideen", "5E6")], H={"facing": 0, "mode": "landed"},
             R={"carrier": "H"})
    _reserve(g)
    assert _choices(g, ReserveMode) and not _choices(g, ReserveUnload)


# -- 12a, 17d: artillery against vehicles and helicopters -----------------------------------------
@pytest.mark.rule("goe85:12a")
@pytest.mark.rule("goe85:17d")
def test_artillery_shakes_vehicles_on_their_flank_armour_and_only_hits_landed_helicopters():
    g = game()
    here = B.hex("5E4")
    position(g, [("T", "t-55", "mujahideen", "5E4"), ("R", "muj-rifle-intensive", "mujahideen", "5E4"),
                 ("S", "sov-rifle-intensive", "soviet", "5K0")], T={"facing": 0})
    strike(RULES, ctx(g), "soviet", 3, [here])
    frames = list(g.state.stack)
    ap = [f for f in frames if isinstance(f, APFire)]
    he = [f for f in frames if isinstance(f, FireFrame)]
    assert [f.target for f in ap] == ["T"] and ap[0].apf == 3 and ap[0].shake_only
    assert he[0].targets == ("R",)  # the Soft Target alone takes the HEF (no extra card for the tank)
    g.state.stack[:] = [f for f in frames if isinstance(f, APFire)]
    stack_deck(g, ["#30"])  # APF bonus 0: 3 + 0 reaches the T-55's flank AF 4 - 1 = 3
    run(g)
    assert g.state.units["T"].shaken and "T" in g.state.units  # Shaken, never destroyed
    position(g, [("T", "t-55", "mujahideen", "5E4"), ("S", "sov-rifle-intensive", "soviet", "5K0")], T={"facing": 0})
    strike(RULES, ctx(g), "soviet", 3, [here])
    stack_deck(g, ["#31"])  # Destroy! from artillery only Shakes
    run(g)
    assert "T" in g.state.units and g.state.units["T"].shaken
    position(g, [("T", "t-55", "mujahideen", "5E4"), ("S", "sov-rifle-intensive", "soviet", "5K0")], T={"facing": 0})
    strike(RULES, ctx(g), "soviet", 3, [here])
    stack_deck(g, ["#48"])  # 3 - 2 = 1 < 3: no effect
    run(g)
    assert not g.state.units["T"].shaken
    # 17d: a flying or hovering helicopter is untouched; a landed one is a Soft Target
    for mode, hit in (("flying", False), ("hovering", False), ("landed", True)):
        position(g, [("H", "mi-24", "soviet", "5E4"), ("M", "muj-rifle-intensive", "mujahideen", "5K0")],
                 H={"facing": 0, "mode": mode})
        strike(RULES, ctx(g), "mujahideen", 3, [here])
        assert any(isinstance(f, FireFrame) and f.targets == ("H",) for f in g.state.stack) is hit
        assert not any(isinstance(f, APFire) for f in g.state.stack)


# -- 23b: the bunker itself ---------------------------------------------------------------------
@pytest.mark.rule("goe85:23b")
def test_a_bunker_is_a_hard_target_with_af_4():
    g = game()
    bunker = B.hex("5C3")  # clear, 3 hexes from 5A1 in clear sight
    units = [("T", "t-62", "soviet", "5A1"), ("R1", "muj-rifle-intensive", "mujahideen", "5C3"),
             ("R2", "rpd", "mujahideen", "5C3")]
    position(g, units)
    _impulse(g)
    give(g, "soviet", ["#9"])
    g.referee(lambda c: c.emit(BunkerPlaced(bunker, 3)))  # facing away: it is attacked from any side
    play = PlayCard("#9", Block.UPPER, Use.FIRE, "T", "bunker:5C3", ap=True)
    assert play in main_options(RULES, g.state, "soviet")
    # range 3 - TM 3 + CF 0: TN 0 or more hits; APF 4 +1 (within 4) + the card's bonus against AF 4
    stack_deck(g, ["#16", "#30"])  # TN 9 hits; APF bonus 0: 5 >= 4, destroyed
    g.apply(play)
    while g.decision is not None and any(isinstance(f, APFire) for f in g.state.stack):
        g.apply(next(a for a in g.decision.actions if isinstance(a, REFUSALS)))
    assert bunker not in g.state.bunkers
    for uid in ("R1", "R2"):  # two Hits each: Shaken, then reduced
        assert g.state.units[uid].shaken and g.state.units[uid].reduced
    assert BUNKER_AF == 4
    # Shake!: every unit inside is Shaken
    position(g, units)
    _impulse(g)
    give(g, "soviet", ["#9"])
    g.referee(lambda c: c.emit(BunkerPlaced(bunker, 0)))
    stack_deck(g, ["#16", "#8"])
    g.apply(play)
    while g.decision is not None and any(isinstance(f, APFire) for f in g.state.stack):
        g.apply(next(a for a in g.decision.actions if isinstance(a, REFUSALS)))
    assert bunker in g.state.bunkers and all(g.state.units[u].shaken and not g.state.units[u].reduced
                                            for u in ("R1", "R2"))
    # artillery may spend its APF on the bunker instead: Shake only, all inside
    position(g, units)
    ctx(g).emit(BunkerPlaced(bunker, 0))
    assert any(o.bunker_ap and o.target == "5C3" for o in strike_options(RULES, g.state, "soviet"))
    strike(RULES, ctx(g), "soviet", 4, [bunker], bunker_ap=True)
    assert [f.target for f in g.state.stack] == ["bunker:5C3"]
    stack_deck(g, ["#30"])  # 4 + 0 >= 4: a "destroy" that artillery turns into a Shake
    run(g)
    assert bunker in g.state.bunkers and all(g.state.units[u].shaken for u in ("R1", "R2"))


# -- 20a: First Fire against and by vehicles ------------------------------------------------------
@pytest.mark.rule("goe85:20a")
def test_first_fire_by_a_tank_answers_with_ap_and_both_shots_land():
    g = game()
    position(g, [("T", "t-62", "soviet", "5A1"), ("K", "t-55", "mujahideen", "5C3")],
             T={"facing": 1}, K={"facing": 4})
    _impulse(g)
    give(g, "soviet", ["#9"])
    give(g, "mujahideen", ["#21"])  # First Fire (lower)
    g.apply(PlayCard("#9", Block.UPPER, Use.FIRE, "T", "K", ap=True))
    assert PlayReaction("#21", Use.FIRST_FIRE, "K") in g.decision.actions
    # the T-55 fires first on top: TN 9 hits, +2 kills the T-62; then the T-62's own shot still
    # comes (its numbers were fixed): TN 9 hits, Destroy!
    stack_deck(g, ["#16", "#31", "#16", "#31"])
    g.apply(PlayReaction("#21", Use.FIRST_FIRE, "K"))
    while g.decision is not None and any(isinstance(f, APFire) for f in g.state.stack):
        g.apply(next(a for a in g.decision.actions if isinstance(a, REFUSALS)))
    assert "T" not in g.state.units and "K" not in g.state.units
    notes = [e.text for e in g.events if type(e).__name__ == "Note"]
    first = next(i for i, t in enumerate(notes) if t.startswith("K fires AP at T"))
    assert notes[first + 1].startswith("AP damage on T") and any(t.startswith("T fires AP at K") for t in notes[first:])
    # an RPG fired on with HE by a vehicle answers with AP, never HE at a Hard Target
    position(g, [("T", "t-62", "soviet", "5A1"), ("P", "rpg", "mujahideen", "5C3")], T={"facing": 1})
    assert first_fire_mode(g.state, g.state.units["P"], g.state.units["T"]) == "ap"
    position(g, [("S", "sov-rifle-intensive", "soviet", "5A1"), ("P", "rpg", "mujahideen", "5C3")])
    assert first_fire_mode(g.state, g.state.units["P"], g.state.units["S"]) == "he"


# -- 22k: Sagger ------------------------------------------------------------------------------------
@pytest.mark.rule("goe85:22k")
def test_sagger_he_against_leg_units_one_or_three_in_a_building():
    g = game()
    rifle = "5C6"
    position(g, [("S", "bmp-1-sagger", "soviet", "5A0"), ("M", "muj-rifle-intensive", "mujahideen", rifle)],
             S={"facing": 3})
    d = B.distance(B.hex("5A0"), B.hex(rifle))
    assert d == 7 and B.sees(B.hex("5A0"), B.hex(rifle), "vehicle")
    _impulse(g)
    give(g, "soviet", ["#16"])
    play = PlayCard("#16", Block.POWER, Use.SAGGER, "S", "M", he=True)
    assert play in main_options(RULES, g.state, "soviet")
    g.apply(play)
    hef = 1 + (RULES.tec.he_modifier(d) or 0) - B.cf(B.hex(rifle))  # HEF 1, the usual modifiers
    assert any(getattr(e, "text", "") == f"S fires at M ({rifle}): HEF {hef}" for e in g.events)
    assert g.state.units["S"].marker == "ops"  # a Power: Ops Complete (22)
    position(g, [("S", "bmp-1-sagger", "soviet", "5A0"), ("M", "muj-rifle-intensive", "mujahideen", "5B2")],
             S={"facing": 3})
    _impulse(g)
    give(g, "soviet", ["#16"])
    assert not any(isinstance(o, PlayCard) and o.use == "sagger" for o in main_options(RULES, g.state, "soviet"))  # < 7
    from rules_goe85.procedures.ap_cases import sagger_hef

    building = next(h for h in B.hexes if B.row(h).building)
    position(g, [("M", "muj-rifle-intensive", "mujahideen", B.label(building))])
    assert sagger_hef(g.state, "M") == 3


# -- 23c: wire and tracks -------------------------------------------------------------------------
@pytest.mark.rule("goe85:23c")
def test_tracked_vehicles_pay_three_mp_to_enter_wire():
    g = game()
    here = B.hex("5E4")
    ahead = next(h for h in front_hexes(here, 0) if B.enter_cost(here, h, "T") == 1
                 and B.enter_cost(here, h, "W") == 1)
    for tid, mf, cost in (("t-55", 5, 3), ("btr-70", 6, 1)):
        position(g, [("V", tid, "soviet", "5E4"), FAR_MUJ], V={"facing": 0})
        ctx(g).emit(WirePlaced(ahead))
        start_move(RULES, ctx(g), "soviet", "move", ["V"])
        g._decision = None
        g.apply(Step(("V",), B.label(ahead)))
        assert g.state.units["V"].hex == ahead and _mp(g)["V"] == mf - cost


# -- 9, 15d: vehicles at set-up -------------------------------------------------------------------
@pytest.mark.rule("goe85:9")
@pytest.mark.rule("goe85:scenario:jalalabad")
def test_default_deployment_never_stacks_two_vehicles():
    g = game("jalalabad")
    hexes = {u.hex for u in g.state.units.values() if u.hex is not None}
    assert all(stacking_ok(units_at(g.state, h)) for h in hexes)
    vehicles = [u for u in g.state.units.values() if u.hex is not None and DATA.units[u.type].kind == "vehicle"]
    assert len({u.hex for u in vehicles}) == len(vehicles)


@pytest.mark.rule("goe85:15d")
def test_a_vehicle_set_up_faces_the_corner_its_owner_picks():
    g = Game.start(RULES, "jalalabad", seed=0)  # set-up as a decision phase
    while g.state.result is None and not isinstance(g.state.top, FacingChoice):
        place = g.decision.actions[0]
        assert isinstance(place, Place)
        g.apply(place)
    uid = g.state.top.uid
    assert DATA.units[g.state.units[uid].type].kind in ("vehicle", "truck", "helicopter")
    assert [a.facing for a in g.decision.actions] == list(range(6))
    g.apply(Face(uid, 4))
    assert g.state.units[uid].facing == 4
