"""17b: every card use played for a helicopter declares its mode first (queries/heli_designation.py):
Rally and Rally 2, Reload & Fire, Punishing Fire, the Powers (Explosive Rounds in
procedures/test_vehicles.py; Resilient, which declares nothing), and Opportunity Fire.  Each is
played through the public path; each but Resilient's fails on 549fea1, where the card was played
straight for the helicopter in the mode it had."""
import pytest

from tabletop_core.errors import IllegalActionError

from rules_goe85.model.actions import Block, DeclareMode, Decline, Declined, PlayCard, PlayReaction, Step, Use
from rules_goe85.model.events import TargetNoted
from rules_goe85.model.frames import FireFrame, Impulse, OppFireWindow
from rules_goe85.model.vehicles import APFire, HeliOppFire, HeliPlay, ModeChoice, ModeSet
from rules_goe85.queries.card_menu import main_options

from ..helpers import GREEN, RULES, _choices, play_through
from ..refpos import arrange, fresh

FAR = ("M", "muj-rifle-intensive", "mujahideen", "5K6")  # an enemy far off (no reaction, no adjacency)


def _modes(g) -> set:
    return {a.mode for a in _choices(g, DeclareMode)}


def _kinds(g, since: int) -> list[str]:
    return [type(e).__name__ for e in g.events[since:]]


@pytest.mark.rule("goe85:17b")
@pytest.mark.rule("goe85:16a")
@pytest.mark.rule("goe85:18l")
def test_a_rally_for_a_helicopter_declares_its_mode_before_the_rally():
    """A Shaken flying Mi-24 carrying Yuri is rallied with #45's Rally: its mode is asked first
    (hovering, or landed in the clear hex), then the rally resolves (Ops Complete), Yuri still
    aboard.  A Rally 2 (#38) for two Shaken helicopters asks each for its mode, the second once it
    is named; with a Shaken Rifle as the second unit only the helicopter declares.  On 549fea1 the Rally resolved at once with no mode asked."""
    g = fresh()
    units = [("H", "mi-24", "soviet", "5C3", {"facing": 1, "mode": "flying", "shaken": True}),
             ("Y", "yuri", "soviet", "5C3", {"carrier": "H"}), FAR]
    arrange(g, units, hands={"soviet": ["#45"]})
    rally = PlayCard("#45", Block.UPPER, Use.RALLY, "H")
    assert rally in main_options(RULES, g.state, "soviet")
    play_through(g, rally)
    assert isinstance(g.state.top, ModeChoice) and _modes(g) == {"hovering", "landed"}
    assert g.state.units["H"].shaken  # nothing rallied before the mode
    mark = len(g.events)
    play_through(g, DeclareMode("H", "landed"))
    h = g.state.units["H"]
    assert h.mode == "landed" and not h.shaken and h.marker == "ops" and g.state.units["Y"].carrier == "H"
    kinds = _kinds(g, mark)
    assert kinds.index("ModeSet") < kinds.index("Rallied")  # 17b: the mode is the first thing it does
    # Rally 2 for two helicopters: H declares, picks H2 as the second unit, H2 declares, both rally
    arrange(g, [units[0], ("H2", "mi-8", "soviet", "5E5", {"facing": 0, "mode": "hovering", "shaken": True}), FAR],
            hands={"soviet": ["#38"]})
    play_through(g, PlayCard("#38", Block.LOWER, Use.RALLY2, "H"))
    play_through(g, DeclareMode("H", "hovering"))
    assert isinstance(g.state.top, HeliPlay)
    assert set(g.decision.actions) == {PlayCard("#38", Block.LOWER, Use.RALLY2, "H"),
                                       PlayCard("#38", Block.LOWER, Use.RALLY2, "H", "H2")}
    play_through(g, PlayCard("#38", Block.LOWER, Use.RALLY2, "H", "H2"))
    assert isinstance(g.state.top, ModeChoice) and g.decision.player == "soviet" and _modes(g) == {"flying", "landed"}
    play_through(g, DeclareMode("H2", "landed"))
    units = g.state.units
    assert (units["H"].mode, units["H2"].mode) == ("hovering", "landed")
    assert not units["H"].shaken and not units["H2"].shaken and units["H"].marker == units["H2"].marker == "ops"
    # with a Shaken Rifle as the second unit, only the helicopter declares
    arrange(g, [("H", "mi-24", "soviet", "5C3", {"facing": 1, "mode": "flying", "shaken": True}),
                ("S", "sov-rifle-intensive", "soviet", "5E5", {"shaken": True}), FAR], hands={"soviet": ["#38"]})
    play_through(g, PlayCard("#38", Block.LOWER, Use.RALLY2, "H"))
    play_through(g, DeclareMode("H", "hovering"))
    play_through(g, PlayCard("#38", Block.LOWER, Use.RALLY2, "H", "S"))
    assert not isinstance(g.state.top, (ModeChoice, HeliPlay))
    assert not g.state.units["H"].shaken and not g.state.units["S"].shaken and g.state.units["S"].marker == "ops"


@pytest.mark.rule("goe85:17b")
@pytest.mark.rule("goe85:18n")
def test_reload_and_fire_for_a_helicopter_declares_its_mode_before_the_shot():
    """A hovering Mi-24 (Yuri aboard) that fired at the BMP-1 plays Reload & Fire (#11): the mode
    first.  Landing leaves it no shot at its Hard Target (17b), so the activation is spent (Ops
    Complete, no attack); kept hovering, the AP shot at the same BMP-1 goes on with TM +1 (18n).
    On 549fea1 the whole play (H at V, AP) was offered straight, with no declaration."""
    g = fresh()
    units = [("H", "mi-24", "soviet", "5C3", {"facing": 1, "mode": "hovering", "marker": "fired"}),
             ("Y", "yuri", "soviet", "5C3", {"carrier": "H"}),
             ("V", "bmp-1", "mujahideen", "5D5", {"facing": 0}), ("M", "muj-rifle-intensive", "mujahideen", "5C5")]
    noted = lambda c: c.emit(TargetNoted("H", "V"))  # noqa: E731 -- its last target (18n)
    arrange(g, units, hands={"soviet": ["#11"], "mujahideen": ["#7"]}, extra=noted)
    reload = PlayCard("#11", Block.UPPER, Use.RELOAD_FIRE, "H")
    opts = main_options(RULES, g.state, "soviet")
    assert reload in opts and not any(o.use == Use.RELOAD_FIRE and o.target for o in opts)
    before = len(g.events)
    with pytest.raises(IllegalActionError, match="H is a helicopter: play card #11 for reload_fire with H alone"):
        g.apply(PlayCard("#11", Block.UPPER, Use.RELOAD_FIRE, "H", "V", ap=True))  # the whole play, mode skipped
    assert len(g.events) == before and isinstance(g.state.top, Impulse)  # refused, nothing changed
    play_through(g, reload)
    assert _modes(g) == {"flying", "landed"}
    play_through(g, DeclareMode("H", "landed"))
    h = g.state.units["H"]
    assert h.mode == "landed" and h.marker == "ops" and not any(isinstance(f, APFire) for f in g.state.stack)
    assert any("has nothing to reload_fire as landed" in getattr(e, "text", "") for e in g.events)
    arrange(g, units, hands={"soviet": ["#11"], "mujahideen": ["#7"]}, extra=noted)
    play_through(g, reload)
    play_through(g, Decline(Declined.KEEP_MODE))
    fr = next(f for f in g.state.stack if isinstance(f, APFire))
    assert (fr.lead, fr.target, fr.tm_bonus, fr.use) == ("H", "V", 1, Use.RELOAD_FIRE)


@pytest.mark.rule("goe85:17b")
@pytest.mark.rule("goe85:18j")
def test_punishing_fire_for_a_flying_helicopter_may_hover_first():
    """A flying Mi-24 plays Punishing Fire (#22) at the Rifle: declaring hovering first, it hits on
    any colour (degrade 0); flying it would count only gold or red (17b).  The Rifle stacked with
    the enemy's second unit in 5C5 forbids nothing, but the woods hex it flies over bars landing.
    On 549fea1 the play named its target and fired in the flying mode (degrade 1), no declaration."""
    g = fresh()
    units = [("H", "mi-24", "soviet", "5C7", {"facing": 1, "mode": "flying"}),
             ("M", "muj-rifle-intensive", "mujahideen", "5C5"), ("M2", "rpd", "mujahideen", "5C5")]
    arrange(g, units, hands={"soviet": ["#22"], "mujahideen": ["#7"]})
    punish = PlayCard("#22", Block.LOWER, Use.PUNISHING_FIRE, "H")
    opts = main_options(RULES, g.state, "soviet")
    assert punish in opts and not any(o.use == Use.PUNISHING_FIRE and o.target for o in opts)
    play_through(g, punish)
    assert _modes(g) == {"hovering"}  # 5C7 is woods: no landing (17b)
    play_through(g, DeclareMode("H", "hovering"))
    assert set(g.decision.actions) == {PlayCard("#22", Block.LOWER, Use.PUNISHING_FIRE, "H", "M"),
                                       PlayCard("#22", Block.LOWER, Use.PUNISHING_FIRE, "H", "M2")}
    play_through(g, PlayCard("#22", Block.LOWER, Use.PUNISHING_FIRE, "H", "M2"))
    fr = next(f for f in g.state.stack if isinstance(f, FireFrame))
    assert (fr.lead, fr.targets, fr.use, fr.degrade) == ("H", ("M2",), Use.PUNISHING_FIRE, 0)
    assert g.state.units["H"].mode == "hovering"


@pytest.mark.rule("goe85:17b")
@pytest.mark.rule("goe85:22n")
@pytest.mark.rule("goe85:17f")
def test_resilient_answers_a_hit_without_a_mode_change():
    """The reading (queries/heli_designation.py): Resilient answers a hit inside the other side's
    attack (the DShK's green Hit) and activates nothing, so no mode is asked; the flying Mi-24
    stays flying and takes no hit.  This pins a
    reading that keeps 549fea1's behaviour (it passes there too)."""
    g = fresh()
    arrange(g, [("H", "mi-24", "soviet", "5C3", {"facing": 1, "mode": "flying"}),
                ("D", "dshk", "mujahideen", "5C5")],
            hands={"soviet": ["#1"], "mujahideen": ["#9"]}, top=[GREEN, "#19", "#23"],
            frames=[Impulse("mujahideen", "main")])
    play_through(g, PlayCard("#9", Block.UPPER, Use.FIRE, "D", "H"))
    assert PlayReaction("#1", Use.RESILIENT, "H") in g.decision.actions
    mark = len(g.events)
    play_through(g, PlayReaction("#1", Use.RESILIENT, "H"))
    assert not any(isinstance(e, ModeSet) for e in g.events[mark:]) and not isinstance(g.state.top, ModeChoice)
    assert g.state.units["H"].mode == "flying" and not g.state.units["H"].shaken


@pytest.mark.rule("goe85:17b")
@pytest.mark.rule("goe85:11a")
def test_opportunity_fire_by_a_landed_helicopter_declares_its_mode_first():
    """The Rifle steps into 5F6, out of sight of the landed Mi-24 in 5C6 (Yuri aboard) but in its
    sight once it hovers: the window opens, #9's Fire is played for the helicopter, it declares
    hovering and fires on any colour (degrade 0), Fired.  Kept landed it has no shot: the
    activation is spent (Fired).  On 549fea1 no window opened (it looked from the ground only)."""
    units = [("H", "mi-24", "soviet", "5C6", {"facing": 1, "mode": "landed"}),
             ("Y", "yuri", "soviet", "5C6", {"carrier": "H"}), ("M", "muj-rifle-intensive", "mujahideen", "5G6")]

    def moved_in():
        g = fresh()
        arrange(g, units, hands={"soviet": ["#9"], "mujahideen": ["#46", "#7"]}, frames=[Impulse("mujahideen", "main")])
        play_through(g, PlayCard("#46", Block.UPPER, Use.MOVE, "", "5G6"))
        play_through(g, Step(("M",), "5F6"))
        return g

    g = moved_in()
    assert isinstance(g.state.top, OppFireWindow) and g.decision.player == "soviet"
    opp = PlayCard("#9", Block.UPPER, Use.OPP_FIRE, "H")
    assert opp in g.decision.actions and not any(isinstance(a, PlayCard) and a.target for a in g.decision.actions)
    play_through(g, opp)
    assert isinstance(g.state.top, ModeChoice) and _modes(g) == {"flying", "hovering"}
    play_through(g, DeclareMode("H", "hovering"))
    fr = next(f for f in g.state.stack if isinstance(f, FireFrame))
    assert (fr.lead, fr.targets, fr.degrade) == ("H", ("M",), 0)
    assert g.state.units["H"].mode == "hovering" and g.state.units["Y"].carrier == "H"
    g = moved_in()
    play_through(g, opp)
    play_through(g, Decline(Declined.KEEP_MODE))
    assert not any(isinstance(f, (FireFrame, HeliOppFire)) for f in g.state.stack)
    assert g.state.units["H"].marker == "fired" and g.state.units["H"].mode == "landed"
