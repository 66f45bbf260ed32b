"""Fortifications: Foxholes, Bunkers and Wire (GoE 23)."""
import pytest

from tabletop_core.boards.hexfacing import facing_toward, front_hexes

from rules_goe85.model.actions import REFUSALS, Block, PlayCard, Step, Stop, Use
from rules_goe85.model.events import BunkerPlaced, FoxholePlaced, UnitHit, WirePlaced
from rules_goe85.model.frames import FireFrame, Impulse, MoveFrame
from rules_goe85.model.vehicles import APFire
from rules_goe85.queries.fortifications import BUNKER_AF
from rules_goe85.effects.artillery_strike import strike
from rules_goe85.procedures.artillery import strike_options
from rules_goe85.queries.fire_options import fire_options
from rules_goe85.effects.attack_start import start_fire
from rules_goe85.procedures.move.steps import start_move
from rules_goe85.queries.card_menu import main_options
from rules_goe85.queries.board import board_for

from ..helpers import decline_empty_windows, game, impulse_plays, play_through
from ..helpers import BLANK, BLANK2, BLANK3, GREEN, RULES, _mp
from ..refpos import arrange, fresh, pushed


B = board_for("your-papers-please")


FAR_MUJ = ("M", "muj-rifle-intensive", "mujahideen", "5K6")  # an enemy far from 5C1..5E4


# -- 23b Bunkers --------------------------------------------------------------------------------
@pytest.mark.rule("goe85:23b")
def test_bunker_facing_cover_and_second_wind():
    g = fresh()
    b = board_for("your-papers-please")
    bunker = b.hex("5E4")
    units = [("M1", "muj-rifle-intensive", "mujahideen", "5E4"), ("S1", "sov-rifle-intensive", "soviet", "5C4"),
             ("S2", "sov-rifle-intensive", "soviet", "5G4")]
    arrange(g, units, hands={"soviet": ["#23", "#8"]},
            extra=lambda c: c.emit(BunkerPlaced(bunker, facing_toward(bunker, b.hex("5C4")))))
    assert bunker in g.state.bunkers
    sov = fire_options(RULES, g.state, "soviet", use=Use.FIRE)
    assert ("S1", "M1", ()) in sov and not any(lead == "S2" for lead, _, _ in sov)  # only from the front
    muj = fire_options(RULES, g.state, "mujahideen", use=Use.FIRE)
    assert ("M1", "S1", ()) in muj and ("M1", "S2", ()) not in muj  # fires only out of the front
    g.apply(PlayCard("#23", Block.UPPER, Use.FIRE, "S1", "M1"))
    f = next(x for x in g.state.stack if isinstance(x, FireFrame))
    assert f.hef == 2 + 1 - (b.cf(bunker) + 1)  # range 2: +1; the bunker adds 1 CF to the terrain's
    # artillery comes from the front: 3 HEF less the bunker's +1
    arrange(g, units, then=lambda c: strike(RULES, c, "soviet", 3, [bunker]))
    assert g.state.top.hef == 3 - b.cf(bunker, artillery=True) - 1
    arrange(g, [("M1", "muj-rifle-intensive", "mujahideen", "5E4", {"marker": "fired"}), *units[1:]],
            hands={"mujahideen": ["#35"]},  # Panic / Move: any card is a Second Wind in a bunker
            frames=[Impulse("mujahideen", "main")])
    assert PlayCard("#35", Block.ANY, Use.SECOND_WIND, "M1") in main_options(RULES, g.state, "mujahideen")


# -- 23c Wire -----------------------------------------------------------------------------------
@pytest.mark.rule("goe85:23c")
def test_wire_stops_leg_units_and_lowers_cover():
    g = fresh()
    b = board_for("your-papers-please")
    wire = b.hex("5C5")
    arrange(g, [("M1", "muj-rifle-intensive", "mujahideen", "5C4"), ("S1", "sov-rifle-intensive", "soviet", "5K0")],
            hands={"mujahideen": ["#1"]}, frames=[Impulse("mujahideen", "main")],
            extra=lambda c: c.emit(WirePlaced(wire)))
    g.apply(PlayCard("#1", Block.LOWER, Use.FAST_MOVE, "", "5C4"))
    play_through(g, Step(("M1",), "5C5"))
    mf = next(x for x in g.state.stack if isinstance(x, MoveFrame))
    assert dict((u, (m, lent)) for u, m, lent in mf.mp)["M1"] == (0, 0)
    assert [a for a in g.decision.actions if isinstance(a, Step)] == []  # it must stop there
    play_through(g, Stop())
    # fire at a unit in the wire (still on the map): CF -1 (clear 0 -> -1), so HEF 2 +1 (range 2) +1 (Moved) +1 = 5
    arrange(g, [("M1", "muj-rifle-intensive", "mujahideen", "5C5", {"marker": "moved"}),
                ("S1", "sov-rifle-intensive", "soviet", "5C3")],
            hands={"soviet": ["#23", "#8"]})
    assert wire in g.state.wire
    g.apply(PlayCard("#23", Block.UPPER, Use.FIRE, "S1", "M1"))
    assert next(x for x in g.state.stack if isinstance(x, FireFrame)).hef == 2 + 1 + 1 - (b.cf(wire) - 1)


@pytest.mark.rule("goe85:23b")
def test_a_destroyed_bunker_leaves_rubble():
    from rules_goe85.queries.board import board_at
    from rules_goe85.model.events import BunkerPlaced

    g = fresh()
    bunker = B.hex("5C3")  # clear, level 0: CF 0, open to wheels
    assert B.row(bunker).kind == "clear" and B.enter_cost(B.hex("5C2"), bunker, "W") == 1
    # range 3 - TM 3 + CF 0: TN 9 hits; APF 4 +1 +0 >= AF 4: destroyed
    arrange(g, [("T", "t-62", "soviet", "5A1", {"facing": 1}), ("R", "muj-rifle-intensive", "mujahideen", "5C3")],
            hands={"soviet": ["#9"]}, top=["#16", "#30"], extra=lambda c: c.emit(BunkerPlaced(bunker, 3)))
    play_through(g, PlayCard("#9", Block.UPPER, Use.FIRE, "T", "bunker:5C3", ap=True))
    assert bunker not in g.state.bunkers and g.state.tiles[bunker] == "rubble"
    r = g.state.units["R"]
    assert r.shaken and r.reduced  # two Hits
    now = board_at(g.state)  # the hex is Rubble: CF 1, degrading, closed to wheeled units, Leg 2 MP
    assert now.row(bunker).kind == "rubble" and now.cf(bunker) == 1
    assert now.enter_cost(B.hex("5C2"), bunker, "W") is None and now.enter_cost(B.hex("5C2"), bunker, "L") == 2
    assert now.elevation[bunker] == B.elevation[bunker]


@pytest.mark.rule("goe85:23a")
def test_foxhole_redraws_the_first_hit():
    g = fresh()
    arrange(g, [("S1", "sov-rifle-intensive", "soviet", "5C4"), ("M1", "muj-rifle-intensive", "mujahideen", "5E4")],
            top=[GREEN, BLANK, BLANK2, BLANK3],
            extra=lambda c: c.emit(FoxholePlaced(B.hex("5E4"))),
            then=lambda c: start_fire(RULES, c, "soviet", "fire", "S1", "M1", False))
    decline_empty_windows(g)
    assert not any(isinstance(e, UnitHit) for e in g.events) and not g.state.units["M1"].shaken


# -- 23b: the bunker itself ---------------------------------------------------------------------
@pytest.mark.rule("goe85:23b")
def test_a_bunker_is_a_hard_target_with_af_4():
    g = fresh()
    bunker = B.hex("5C3")  # clear, 3 hexes from 5A1 in clear sight
    units = [("T", "t-62", "soviet", "5A1"), ("R1", "muj-rifle-intensive", "mujahideen", "5C3"),
             ("R2", "rpd", "mujahideen", "5C3")]
    # range 3 - TM 3 + CF 0: TN 0 or more hits; APF 4 +1 (within 4) + the card's bonus against AF 4
    arrange(g, units, hands={"soviet": ["#9"]},
            top=["#16", "#30"],  # TN 9 hits; APF bonus 0: 5 >= 4, destroyed
            extra=lambda c: c.emit(BunkerPlaced(bunker, 3)))  # facing away: it is attacked from any side
    play = PlayCard("#9", Block.UPPER, Use.FIRE, "T", "bunker:5C3", ap=True)
    assert play in main_options(RULES, g.state, "soviet")
    g.apply(play)
    while g.decision is not None and any(isinstance(f, APFire) for f in g.state.stack):
        g.apply(next(a for a in g.decision.actions if isinstance(a, REFUSALS)))
    assert bunker not in g.state.bunkers
    for uid in ("R1", "R2"):  # two Hits each: Shaken, then reduced
        assert g.state.units[uid].shaken and g.state.units[uid].reduced
    assert BUNKER_AF == 4
    # Shake!: every unit inside is Shaken
    arrange(g, units, hands={"soviet": ["#9"]}, top=["#16", "#8"], extra=lambda c: c.emit(BunkerPlaced(bunker, 0)))
    g.apply(play)
    while g.decision is not None and any(isinstance(f, APFire) for f in g.state.stack):
        g.apply(next(a for a in g.decision.actions if isinstance(a, REFUSALS)))
    assert bunker in g.state.bunkers and all(g.state.units[u].shaken and not g.state.units[u].reduced
                                            for u in ("R1", "R2"))
    # artillery may spend its APF on the bunker instead: Shake only, all inside
    arrange(g, units, top=["#30"])  # 4 + 0 >= 4: a "destroy" that artillery turns into a Shake
    assert bunker in g.state.bunkers
    assert any(o.bunker_ap and o.target == "5C3" for o in strike_options(RULES, g.state, "soviet"))
    mark = len(g.events)
    g.referee(lambda c: strike(RULES, c, "soviet", 4, [bunker], bunker_ap=True))  # the strike falls
    assert [f.target for f in pushed(g, mark)] == ["bunker:5C3"]  # one attack, at the bunker, not its occupants
    decline_empty_windows(g)
    assert bunker in g.state.bunkers and all(g.state.units[u].shaken for u in ("R1", "R2"))


# -- 23c: wire and tracks -------------------------------------------------------------------------
@pytest.mark.rule("goe85:23c")
def test_tracked_vehicles_pay_three_mp_to_enter_wire():
    g = fresh()
    here = B.hex("5E4")
    ahead = next(h for h in front_hexes(here, 0) if B.enter_cost(here, h, "T") == 1
                 and B.enter_cost(here, h, "W") == 1)
    for tid, mf, cost in (("t-55", 5, 3), ("btr-70", 6, 1)):
        arrange(g, [("V", tid, "soviet", "5E4", {"facing": 0}), FAR_MUJ],
                extra=lambda c: c.emit(WirePlaced(ahead)),
                then=lambda c: start_move(RULES, c, "soviet", "move", ["V"]))  # V moves in its impulse
        g.apply(Step(("V",), B.label(ahead)))
        assert g.state.units["V"].hex == ahead and _mp(g)["V"] == mf - cost


@pytest.mark.rule("goe85:23b")
@pytest.mark.rule("goe85:scenario:air-assault")
def test_the_bunker_faces_the_corner_its_owner_picks_and_fires_ap_only_through_its_front():
    """23b: in the set-up decision phase the Mujahideen player turns Air Assault's Bunker (6F3) to a
    corner of their choosing, before placing the units; an RPG inside then fires AP only at Hard
    Targets in the bunker's front arc, as its HE fire already did.  Old behaviour: the Bunker was set
    facing the Soviet edge without asking, and AP fire ignored its facing."""
    from rules_goe85.model.actions import FaceBunker, Place
    from rules_goe85.model.frames import Impulse

    g = game("air-assault", setup="choose")
    b = board_for("air-assault")
    d = g.decision
    assert d.player == "mujahideen" and set(d.actions) == {FaceBunker("6F3", v) for v in range(6)}
    g.apply(FaceBunker("6F3", 3))  # front arc 6F4 / 6E4; 6F2 and 6G3 behind it
    assert g.state.bunkers[b.hex("6F3")] == 3 and isinstance(g.decision.actions[0], Place)
    units = [("R", "rpg", "mujahideen", "6F3"), ("A", "aarash", "mujahideen", "6F3"),  # a Hero in the Bunker too
             ("F", "bmp-1", "soviet", "6F4", {"facing": 0}), ("K", "btr-70", "soviet", "6F2", {"facing": 3}),
             ("S", "sov-rifle-intensive", "soviet", "6G3")]
    arrange(g, units, hands={"mujahideen": ["#9"]}, frames=[Impulse("mujahideen", "main")])
    ap = {(a.unit, a.target) for a in impulse_plays(g) if isinstance(a, PlayCard) and a.ap}
    assert ("R", "F") in ap  # through the front
    assert ("R", "K") not in ap  # out of the back: no AP either
    he = {(a.unit, a.target) for a in impulse_plays(g) if isinstance(a, PlayCard) and a.use == Use.FIRE and not a.ap}
    assert not any(t == "S" for _, t in he)  # nor HE at the Rifle behind it
