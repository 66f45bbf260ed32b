"""Helicopters (17): modes, card plays, flight and combat; the vehicles' card plays (procedures/vehicles.py)."""
import pytest

from tabletop_core.boards.hexfacing import front_hexes

from rules_goe85.model.actions import (
    REFUSALS, Block, DeclareMode, Decline, Declined, FireAt, Fly, Mode, PlayCard, PlayReaction, ReserveMode,
    ReserveMove, ReserveUnload, Use,
)
from rules_goe85.model.frames import ReserveFrame
from rules_goe85.procedures.opportunity_fire import opp_fire_plays
from rules_goe85.queries.card_menu import main_options
from rules_goe85.queries.board import board_for

from ..helpers import play_through
from ..helpers import GREEN, RULES, _choices, reserve_move, reserve_moves_of
from ..refpos import arrange, fresh


B = board_for("your-papers-please")


MUJ = ("M", "muj-rifle-intensive", "mujahideen", "5C5")


def _reserve_flights(g):
    return {a.to: a.facing for a in reserve_moves_of(g, "H")}


FAR_MUJ = ("M", "muj-rifle-intensive", "mujahideen", "5K6")  # an enemy far from 5C1..5E4


@pytest.mark.rule("goe85:17f")
@pytest.mark.rule("goe85:2i")
def test_helicopter_powers_need_a_power_card_and_its_passengers_use_none():
    from rules_goe85.model.frames import FireFrame, Impulse

    g = fresh()
    units = [("H", "mi-24", "soviet", "5C3", {"facing": 1, "mode": "hovering"}),
             ("Y", "yuri", "soviet", "5C3", {"carrier": "H"}),  # Leadership, Tactical: aboard
             ("S", "sov-rifle-intensive", "soviet", "5A1", {"marker": "fired"}),
             ("M", "muj-rifle-intensive", "mujahideen", "5C5")]
    # #1 Fire / Fast Move with Power; #9 no Power; the Mujahideen's Unexpected Cover holds the attack open
    arrange(g, units, hands={"soviet": ["#1", "#9"], "mujahideen": ["#7"]})
    opts = main_options(RULES, g.state, "soviet")
    assert PlayCard("#1", Block.POWER, Use.EXPLOSIVE_ROUNDS, "H") in opts  # 17f: activated normally (17b: mode first)
    assert not any(o.use == "explosive_rounds" and o.card == "#9" for o in opts)  # 3b: a Power card only
    assert not any(o.unit == "Y" for o in opts if o.use == "leadership")  # 17f: not from aboard
    play_through(g, PlayCard("#9", Block.ANY, Use.HELI_FIRE, "H"))
    play_through(g, Decline(Declined.KEEP_MODE))  # 17b: the mode first (it stays hovering); its one shot follows
    fr = next(f for f in g.state.stack if isinstance(f, FireFrame))
    assert fr.redraw is False  # 17f: Yuri's Tactical (21i) does not work from aboard
    # the same Hero in a ground carrier keeps its Powers (8d forbids only firing and assaulting)
    arrange(g, [("B", "btr-70", "soviet", "5C3", {"facing": 1}), ("Y", "yuri", "soviet", "5C3", {"carrier": "B"}),
                *units[2:]], hands={"soviet": ["#1"]})
    assert PlayCard("#1", Block.POWER, Use.LEADERSHIP, "Y", "S") in main_options(RULES, g.state, "soviet")
    # 22n on a Mi-24 (the 17f example): a Power card answers the hit, which is not taken
    arrange(g, [units[0], units[3]], hands={"soviet": ["#1"], "mujahideen": ["#9"]},
            top=[GREEN, "#19", "#23"], frames=[Impulse("mujahideen", "main")])
    play_through(g, PlayCard("#9", Block.UPPER, Use.FIRE, "M", "H"))
    assert PlayReaction("#1", Use.RESILIENT, "H") in g.decision.actions and g.decision.player == "soviet"
    play_through(g, PlayReaction("#1", Use.RESILIENT, "H"))
    h = g.state.units["H"]
    assert not h.shaken and h.marker == "ops"


@pytest.mark.rule("goe85:17b")
@pytest.mark.rule("goe85:22a")
def test_a_landed_helicopter_cannot_use_explosive_rounds():
    """17b: a landed helicopter cannot use its Explosive Rounds Power (22c); hovering it can.  The
    Power card is played for the helicopter first (its designation), the mode declared, then the
    target: kept landed, the Power has nothing to do and the activation is spent (Ops Complete);
    hovering, it fires at +2 HEF.  Old behaviour: a landed Mi-24 was offered no Explosive Rounds at
    all (it could not lift off to use them), a hovering one fired them straight at a target with no
    declaration."""
    from rules_goe85.model.frames import FireFrame

    g = fresh()
    landed = [("H", "mi-24", "soviet", "5C3", {"facing": 1, "mode": "landed"}), MUJ]
    arrange(g, landed, hands={"soviet": ["#1"], "mujahideen": ["#7"]})
    opts = main_options(RULES, g.state, "soviet")
    er = PlayCard("#1", Block.POWER, Use.EXPLOSIVE_ROUNDS, "H")
    assert er in opts and not any(o.use == "explosive_rounds" and o.target for o in opts)
    play_through(g, er)
    assert {a.mode for a in _choices(g, DeclareMode)} == {"flying", "hovering"}
    play_through(g, Decline(Declined.KEEP_MODE))  # stays landed: no Explosive Rounds (22c)
    h = g.state.units["H"]
    assert h.mode == "landed" and h.marker == "ops" and not any(isinstance(f, FireFrame) for f in g.state.stack)
    arrange(g, landed, hands={"soviet": ["#1"], "mujahideen": ["#7"]})
    play_through(g, er)
    play_through(g, DeclareMode("H", "hovering"))
    fr = next(f for f in g.state.stack if isinstance(f, FireFrame))
    assert g.state.units["H"].mode == "hovering" and fr.lead == "H" and fr.use == Use.EXPLOSIVE_ROUNDS


@pytest.mark.rule("goe85:17b")
def test_a_flying_helicopter_turns_one_vertex_a_hex_in_the_reserve_phase():
    """17b: a flying helicopter turns at most one vertex per hex entered, in the Reserve Phase too
    (fixed: its reserve move reached any hex, the two behind it included, and it then faced the
    way from start to end).  Within three hexes of the enemy it has 1 MP (5f): the front hexes of
    its facing and of one vertex either side, four of its six neighbours."""
    g = fresh()
    arrange(g, [("H", "mi-24", "soviet", "5E4", {"facing": 0, "mode": "flying"}),
                ("M", "muj-rifle-intensive", "mujahideen", "5E6")], frames=[ReserveFrame("soviet")], phase="reserve")
    h = B.hex("5E4")
    ahead = {B.label(x) for v in (5, 0, 1) for x in front_hexes(h, v)}
    assert ahead == {"5D3", "5E3", "5F3", "5F4"}
    flights = _reserve_flights(g)
    assert flights == {"5D3": 5, "5E3": 0, "5F3": 0, "5F4": 1}  # not 5D4 or 5E5, behind it
    reserve_move(g, ReserveMove("H", "5F4", 1))
    assert g.state.units["H"].hex == B.hex("5F4") and g.state.units["H"].facing == 1
    # far from the enemy (8 MP) the hex just behind is reached by a turning flight
    arrange(g, [("H", "mi-24", "soviet", "5E4", {"facing": 0, "mode": "flying"}),
                ("M", "muj-rifle-intensive", "mujahideen", "5K6")], frames=[ReserveFrame("soviet")], phase="reserve")
    flights = _reserve_flights(g)
    assert "5E5" in flights and "5D4" in flights
    assert flights["5E3"] == 0  # straight on, nose first


@pytest.mark.rule("goe85:17b")
@pytest.mark.rule("goe85:17c")
@pytest.mark.rule("goe85:17a")
@pytest.mark.rule("goe85:8k")
def test_reserve_phase_helicopter_mode_flight_and_unloading():
    reserve = dict(frames=[ReserveFrame("soviet")], phase="reserve")
    g = fresh()
    arrange(g, [("H", "mi-8", "soviet", "5C2", {"facing": 0, "mode": "flying"}),
                ("R", "sov-rifle-intensive", "soviet", "5C2", {"carrier": "H"}), FAR_MUJ], **reserve)
    modes = {a.mode for a in _choices(g, ReserveMode) if a.unit == "H"}
    assert modes == {"hovering", "landed"}
    assert reserve_moves_of(g, "H")  # flying: up to 8 MP
    assert not _choices(g, ReserveUnload)  # a flying helicopter does not unload (17c)
    g.apply(ReserveMode("H", Mode.LANDED))
    assert g.state.units["H"].mode == "landed"
    assert not _choices(g, ReserveMode) and not reserve_moves_of(g, "H")
    assert ReserveUnload("R", "H") in g.decision.actions  # the passenger pays 2 of its 2 MP
    g.apply(ReserveUnload("R", "H"))
    assert g.state.units["R"].carrier == "" and "R" in g.state.top.moved
    # within three hexes of the enemy: a mode change and 1 MP, but no unloading
    arrange(g, [("H", "mi-8", "soviet", "5E4", {"facing": 0, "mode": "landed"}),
                ("R", "sov-rifle-intensive", "soviet", "5E4", {"carrier": "H"}),
                ("M", "muj-rifle-intensive", "mujahideen", "5E6")], **reserve)
    assert _choices(g, ReserveMode) and not _choices(g, ReserveUnload)


@pytest.mark.rule("goe85:17b")
@pytest.mark.rule("goe85:17a")
def test_helicopter_any_card_mode_and_flight():
    g = fresh("your-papers-please")
    arrange(g, [("H", "mi-24", "soviet", "5E4", {"facing": 0, "mode": "flying"}), ("M", "muj-rifle-intensive", "mujahideen", "5K6")],
            hands={"soviet": ["#24"]})  # Panic / Move: any card activates a helicopter
    opts = main_options(RULES, g.state, "soviet")
    assert PlayCard("#24", Block.ANY, Use.HELI_MOVE, "H") in opts
    g.apply(PlayCard("#24", Block.ANY, Use.HELI_MOVE, "H"))
    d = g.decision
    assert {a.mode for a in d.actions if isinstance(a, DeclareMode)} >= {"hovering", "landed"}
    g.apply(Decline(Declined.KEEP_MODE))
    d = g.decision
    assert not any(isinstance(a, REFUSALS) for a in d.actions)  # flying: at least one hex
    flights = [a for a in d.actions if isinstance(a, Fly)]
    assert len(flights) == 4  # the front hexes of the facing and of one vertex either side
    g.apply(flights[0])
    assert any(isinstance(a, REFUSALS) for a in g.decision.actions)


@pytest.mark.rule("goe85:17b")
@pytest.mark.rule("goe85:17a")
def test_a_helicopter_activated_to_fire_declares_its_mode_before_its_target():
    """17b: whatever the action, a helicopter designated for it declares its mode first; for a Fire
    the target is picked in the mode declared: a flying Mi-24 carrying Yuri that lands may fire HE
    only (17b: landed, no Hard Targets), hovering it may also fire AP at the BMP-1.  Old behaviour:
    the Fire was played straight at a target in the mode it had, with no declaration."""
    from rules_goe85.model.frames import FireFrame

    g = fresh()
    units = [("H", "mi-24", "soviet", "5C3", {"facing": 3, "mode": "flying"}),
             ("Y", "yuri", "soviet", "5C3", {"carrier": "H"}),
             ("M", "muj-rifle-intensive", "mujahideen", "5C5"), ("V", "bmp-1", "mujahideen", "5D5", {"facing": 0})]
    arrange(g, units, hands={"soviet": ["#9"], "mujahideen": ["#7"]})  # Unexpected Cover holds the attack open
    opts = main_options(RULES, g.state, "soviet")
    assert PlayCard("#9", Block.ANY, Use.HELI_FIRE, "H") in opts
    assert not any(o.unit == "H" and o.use == Use.FIRE for o in opts)  # no shot before the mode
    play_through(g, PlayCard("#9", Block.ANY, Use.HELI_FIRE, "H"))
    assert {a.mode for a in _choices(g, DeclareMode)} == {"hovering", "landed"}
    play_through(g, DeclareMode("H", "landed"))
    assert g.state.units["H"].mode == "landed" and g.state.units["Y"].carrier == "H"
    # landed: HE at the Rifle, no AP at the BMP -- its one shot, fired at once
    fr = next(f for f in g.state.stack if isinstance(f, FireFrame))
    assert fr.lead == "H" and fr.targets == ("M",)
    # hovering, it may fire AP at the BMP as well: the target is asked
    arrange(g, units, hands={"soviet": ["#9"]})
    play_through(g, PlayCard("#9", Block.ANY, Use.HELI_FIRE, "H"))
    play_through(g, DeclareMode("H", "hovering"))
    assert set(g.decision.actions) == {PlayCard("#9", Block.ANY, Use.HELI_FIRE, "H", "V", ap=True),
                                       PlayCard("#9", Block.ANY, Use.HELI_FIRE, "H", "M")}
