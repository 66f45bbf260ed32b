"""Control of hexes (24e) where it meets helicopters (17b, 17e): a helicopter in the air occupies
nothing on the ground; landing, or a passenger unloading, occupies the hex."""
import pytest

from rules_goe85.model.actions import DeclareMode, Decline, Declined, Fly, PlayCard, Unload, Use
from rules_goe85.model.events import ControlSet

from ..helpers import impulse_plays, play_through
from ..refpos import arrange, done, fresh

FAR_MUJ = ("M", "muj-rifle-intensive", "mujahideen", "5K6")


def _held_by_mujahideen(*labels):
    def script(c):
        for label in labels:  # the Mujahideen were the last to occupy these hexes
            c.emit(ControlSet(label, "mujahideen"))
    return script


def _activate(g, unit: str, use=Use.HELI_MOVE):
    play_through(g, next(a for a in impulse_plays(g) if isinstance(a, PlayCard) and a.unit == unit and a.use == use))


def _control(g, label):
    return g.observe("mujahideen")["control"].get(label)


@pytest.mark.rule("goe85:24e")
@pytest.mark.rule("goe85:17b")
def test_a_flying_helicopter_takes_no_control_of_the_hexes_it_passes_over():
    """Old behaviour: every hex a flying helicopter entered went to the Soviets (after_step ran on
    each flight step), so the overflight of 5E3 and 5E2 captured both."""
    g = arrange(fresh("your-papers-please"),
                [("H", "mi-8", "soviet", "5E5", {"facing": 0, "mode": "flying"}),
                 ("P", "spetsnaz", "soviet", "5E5", {"carrier": "H"}), FAR_MUJ],
                hands={"soviet": ["#24"]}, extra=_held_by_mujahideen("5E3", "5E2"))
    _activate(g, "H")
    play_through(g, Decline(Declined.KEEP_MODE))
    for label in ("5E4", "5E3", "5E2"):
        play_through(g, next(a for a in g.decision.actions if isinstance(a, Fly) and a.to == label))
    play_through(g, done(g))
    assert g.observe("soviet")["units"]["H"]["hex"] == "5E2"
    assert _control(g, "5E3") == "mujahideen" and _control(g, "5E2") == "mujahideen"


@pytest.mark.rule("goe85:24e")
@pytest.mark.rule("goe85:17b")
def test_a_helicopter_that_lands_occupies_its_hex_and_takes_control():
    """Old behaviour: landing took no control (only entering a hex did), so a helicopter that flew
    over a hex and landed there on its next activation left it with the Mujahideen."""
    g = arrange(fresh("your-papers-please"),
                [("H", "mi-24", "soviet", "5F3", {"facing": 0, "mode": "flying"}), FAR_MUJ],
                hands={"soviet": ["#24"]}, extra=_held_by_mujahideen("5F3"))
    _activate(g, "H")
    assert _control(g, "5F3") == "mujahideen"  # still in the air
    play_through(g, DeclareMode("H", "landed"))
    assert _control(g, "5F3") == "soviet"


@pytest.mark.rule("goe85:24e")
@pytest.mark.rule("goe85:17c")
def test_a_passenger_unloaded_from_a_hovering_helicopter_takes_control():
    """Old behaviour: unloading took no control; only a step into the hex did."""
    g = arrange(fresh("your-papers-please"),
                [("H", "mi-8", "soviet", "5F3", {"facing": 0, "mode": "hovering"}),
                 ("P", "spetsnaz", "soviet", "5F3", {"carrier": "H"}), FAR_MUJ],
                hands={"soviet": ["#24"]}, extra=_held_by_mujahideen("5F3"))
    _activate(g, "H")
    play_through(g, Decline(Declined.KEEP_MODE))
    assert _control(g, "5F3") == "mujahideen"  # the hovering Mi-8 occupies nothing
    play_through(g, Unload("P", "H"))
    assert _control(g, "5F3") == "soviet"


@pytest.mark.rule("goe85:24e")
@pytest.mark.rule("goe85:17b")
def test_a_helicopter_landing_in_the_reserve_phase_takes_control():
    """17b: far from the enemy a helicopter may change mode in the Reserve Phase; once landed it
    occupies its hex.  Old behaviour: the Reserve Phase landing took no control."""
    from rules_goe85.model.actions import ReserveMode
    from rules_goe85.model.frames import ReserveFrame

    g = arrange(fresh("your-papers-please"),
                [("H", "mi-8", "soviet", "5F3", {"facing": 0, "mode": "flying"}),
                 ("P", "spetsnaz", "soviet", "5F3", {"carrier": "H"}), FAR_MUJ],
                frames=[ReserveFrame("soviet")], phase="reserve", extra=_held_by_mujahideen("5F3"))
    assert _control(g, "5F3") == "mujahideen"
    g.apply(ReserveMode("H", "landed"))
    assert _control(g, "5F3") == "soviet"
