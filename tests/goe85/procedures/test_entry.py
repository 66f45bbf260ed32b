"""Off-map units entering (GoE 18h, 9, 17a): one hex's worth a Move card, each helicopter alone."""
import pytest

from rules_goe85.model.actions import (
    REFUSALS, Block, ChooseEntrant, EntrantsChosen, PlayCard, Step, Stop, Use,
)
from rules_goe85.model.frames import MoveFrame
from rules_goe85.queries.card_menu import main_options

from ..helpers import RULES, _choices, _mp, play_through
from ..refpos import arrange, fresh


def _waiting(g):
    return sorted(u.uid for u in g.state.units.values() if u.hex is None and u.side == "soviet")


@pytest.mark.rule("goe85:18h")
@pytest.mark.rule("goe85:9")
@pytest.mark.rule("goe85:scenario:hammer-and-anvil")
def test_a_move_card_brings_on_one_hexs_worth_of_the_hammer_and_anvil_spetsnaz():
    """Hammer and Anvil's 4 Spetsnaz, Yuri and Glukhov wait at column K of map 5: a Move card brings
    on what one hex may hold (9: two non-Hero Leg units and one Hero), the player picking them; the
    rest wait for another card.  Old behaviour: one Move brought all six on."""
    g = fresh("hammer-and-anvil")
    units = [(f"S{i}", "spetsnaz", "soviet", "", {"entry": 1}) for i in range(1, 5)]
    units += [("Y", "yuri", "soviet", "", {"entry": 1}), ("G", "glukhov", "soviet", "", {"entry": 1}),
              ("M", "muj-rifle-intensive", "mujahideen", "6A6")]
    arrange(g, units, hands={"soviet": ["#22", "#46"]})
    play = PlayCard("#22", Block.UPPER, Use.MOVE, "", "entry")
    assert play in main_options(RULES, g.state, "soviet")
    play_through(g, play)
    assert set(g.decision.actions) == {ChooseEntrant(x) for x in ("S1", "S2", "S3", "S4", "Y", "G")}
    g.apply(ChooseEntrant("S3"))
    assert EntrantsChosen() in g.decision.actions  # the player may stop at one
    g.apply(ChooseEntrant("S1"))
    assert set(g.decision.actions) == {ChooseEntrant("Y"), ChooseEntrant("G"), EntrantsChosen()}  # two Leg units: full
    g.apply(ChooseEntrant("G"))  # three ground units: nothing more fits, they enter
    assert isinstance(g.state.top, MoveFrame) and set(_mp(g)) == {"S1", "S3", "G"}
    assert {a.to[:2] for a in _choices(g, Step)} == {"5K"}  # by the scenario's entry column
    for uid in ("S1", "S3", "G"):  # each enters by an edge hex of its own
        play_through(g, next(a for a in _choices(g, Step) if a.units == (uid,)))
        while not isinstance(g.state.top, MoveFrame):
            g.apply(next(a for a in g.decision.actions if isinstance(a, REFUSALS)))
    play_through(g, Stop())
    assert _waiting(g) == ["S2", "S4", "Y"]  # the rest wait for another card
    assert PlayCard("#46", Block.UPPER, Use.MOVE, "", "entry") in main_options(RULES, g.state, "soviet")


@pytest.mark.rule("goe85:17a")
@pytest.mark.rule("goe85:18h")
@pytest.mark.rule("goe85:scenario:air-assault")
def test_each_air_assault_helicopter_enters_on_its_own_card_with_its_passengers():
    """Air Assault's Mi-8s enter loaded: any card activates one helicopter (17a), which flies on
    with its passengers; the others wait.  No Move card brings the whole wave on.  Old behaviour:
    one Move card brought every helicopter (and every passenger) onto the map."""
    g = fresh("air-assault")
    units = [("H1", "mi-8", "soviet", "", {"entry": 1}), ("P1", "spetsnaz", "soviet", "", {"entry": 1, "carrier": "H1"}),
             ("H2", "mi-8", "soviet", "", {"entry": 1}), ("P2", "spetsnaz", "soviet", "", {"entry": 1, "carrier": "H2"}),
             ("Y", "yuri", "soviet", "", {"entry": 1, "carrier": "H2"}),
             ("M", "muj-rifle-intensive", "mujahideen", "6F3")]
    arrange(g, units, hands={"soviet": ["#22"]})
    opts = main_options(RULES, g.state, "soviet")
    assert not any(o.target == "entry" for o in opts)  # no ground unit waits: no Move "entry"
    assert {o.unit for o in opts if o.use == Use.HELI_MOVE} == {"H1", "H2"}
    play_through(g, PlayCard("#22", Block.ANY, Use.HELI_MOVE, "H2"))
    assert isinstance(g.state.top, MoveFrame) and set(_mp(g)) == {"H2", "P2", "Y"}
    fly_in = _choices(g, Step)[0]
    play_through(g, fly_in)
    h2 = g.state.units["H2"]
    assert h2.hex is not None and h2.mode == "flying"
    assert g.state.units["P2"].hex == h2.hex and g.state.units["Y"].hex == h2.hex  # aboard
    assert g.state.units["H1"].hex is None and g.state.units["P1"].hex is None  # still waiting
