"""Review of the vehicle, transport, AP-fire and helicopter rules (7b, 8, 9, 13f, 15, 17) against
the rulebook: each test pins a place where the code had contradicted the text.  Positions are set
through the referee."""
import pytest
from tabletop_core.boards.hexfacing import front_hexes

from rules_goe85.model.actions import Block, PlayCard, ReserveMove, Use
from rules_goe85.queries.board import board_for
from rules_goe85.procedures.opportunity_fire import opp_fire_plays
from rules_goe85.procedures.turn import main_options
from rules_goe85.model.frames import ReserveFrame

from .helpers import RULES
from .refpos import arrange, fresh

B = board_for("your-papers-please")
MUJ = ("M", "muj-rifle-intensive", "mujahideen", "5C5")


@pytest.mark.rule("goe85:17b")
def test_a_landed_helicopter_cannot_use_explosive_rounds():
    """17b: a landed helicopter cannot use its Explosive Rounds Power (22c); hovering it can
    (fixed: a landed Mi-24 was offered the Power, in its impulse and as Opportunity Fire)."""
    g = fresh()
    arrange(g, [("H", "mi-24", "soviet", "5C3", {"facing": 1, "mode": "landed"}), MUJ], hands={"soviet": ["#1"]})
    opts = main_options(RULES, g.state, "soviet")
    assert not any(o.use == "explosive_rounds" for o in opts)
    assert PlayCard("#1", Block.ANY, Use.FIRE, "H", "M") in opts  # it still fires HE (hits on the rarer colours)
    assert not any(o.use == "explosive_rounds" for o in opp_fire_plays(RULES, g.state, "soviet", B.hex("5C5"), "M"))
    arrange(g, [("H", "mi-24", "soviet", "5C3", {"facing": 1, "mode": "hovering"}), MUJ], hands={"soviet": ["#1"]})
    assert PlayCard("#1", Block.POWER, Use.EXPLOSIVE_ROUNDS, "H", "M") in main_options(RULES, g.state, "soviet")
    assert any(o.use == "explosive_rounds" and o.unit == "H"
               for o in opp_fire_plays(RULES, g.state, "soviet", B.hex("5C5"), "M"))


def _reserve_flights(g):
    return {a.to: a.facing for a in g.decision.actions
            if isinstance(a, ReserveMove) and a.unit == "H"}


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
    g.apply(ReserveMove("H", "5F4", 1))
    assert g.state.units["H"].hex == B.hex("5F4") and g.state.units["H"].facing == 1
    # far from the enemy (8 MP) the hex just behind is reached by a turning flight
    arrange(g, [("H", "mi-24", "soviet", "5E4", {"facing": 0, "mode": "flying"}),
                ("M", "muj-rifle-intensive", "mujahideen", "5K6")], frames=[ReserveFrame("soviet")], phase="reserve")
    flights = _reserve_flights(g)
    assert "5E5" in flights and "5D4" in flights
    assert flights["5E3"] == 0  # straight on, nose first
