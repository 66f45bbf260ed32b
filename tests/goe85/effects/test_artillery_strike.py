"""An artillery strike's pattern resolved (GoE 12a, 12b, 17d): effects/artillery_strike.py, which
artillery called by card or event and the Mortar (22o) apply."""
import pytest

from rules_goe85.effects.artillery_strike import strike
from rules_goe85.model.frames import FireFrame, Impulse
from rules_goe85.model.vehicles import APFire
from rules_goe85.queries.board import board_for

from ..helpers import RULES, decline_empty_windows
from ..refpos import arrange, fresh, pushed

B = board_for("your-papers-please")
NO_HIT = ["#1", "#4", "#7", "#8", "#10", "#12", "#15", "#19", "#22", "#23", "#25", "#28"]  # cards with no HE Hit


@pytest.mark.rule("goe85:12a")
@pytest.mark.rule("goe85:12b")
def test_artillery_pattern_on_a_hill():
    g = fresh("9th-company")
    b = board_for("9th-company")
    pattern = [b.hex("6E5"), b.hex("6E4"), b.hex("6F4")]
    assert all(b.adjacent(pattern[0], h) for h in pattern[1:])
    arrange(g, [("S1", "spetsnaz", "soviet", "6E7"), ("M1", "muj-rifle-intensive", "mujahideen", "6E4"),
                ("M2", "muj-rifle-intensive", "mujahideen", "6E5"), ("M3", "muj-rifle-intensive", "mujahideen", "6F4"),
                ("M4", "rpd", "mujahideen", "6F4")],
            top=NO_HIT[:10], then=lambda c: strike(RULES, c, "soviet", 3, pattern))
    frames = [f for f in g.state.stack if isinstance(f, FireFrame)]
    assert [f.hef for f in reversed(frames)] == [3, 3, 4]  # 1, 1 and 2 units, hills give no cover
    assert set(pattern) <= g.state.barrage
    decline_empty_windows(g)
    assert not any(isinstance(f, FireFrame) for f in g.state.stack)
    assert not any(g.state.units[u].shaken for u in ("M1", "M2", "M3", "M4"))  # ten cards, no Hit


@pytest.mark.rule("goe85:12a")
@pytest.mark.rule("goe85:17d")
def test_artillery_shakes_vehicles_on_their_flank_armour_and_only_hits_landed_helicopters():
    g = fresh()
    here = B.hex("5E4")
    fall = lambda c: strike(RULES, c, "soviet", 3, [here])  # noqa: E731 (the strike, as a referee script)
    mark = len(g.events)
    arrange(g, [("T", "t-55", "mujahideen", "5E4", {"facing": 0}), ("R", "muj-rifle-intensive", "mujahideen", "5E4"),
                ("S", "sov-rifle-intensive", "soviet", "5K0")], then=fall)
    frames = pushed(g, mark)  # the AP attack may already be resolved: read what the strike pushed
    ap = [f for f in frames if isinstance(f, APFire)]
    he = [f for f in frames if isinstance(f, FireFrame)]
    assert [f.target for f in ap] == ["T"] and ap[0].apf == 3 and ap[0].shake_only
    assert he[0].targets == ("R",)  # the Soft Target alone takes the HEF (no extra card for the tank)
    tank = [("T", "t-55", "mujahideen", "5E4", {"facing": 0}), ("S", "sov-rifle-intensive", "soviet", "5K0")]
    arrange(g, tank, top=["#30"], then=fall)  # APF bonus 0: 3 + 0 reaches the T-55's flank AF 4 - 1 = 3
    decline_empty_windows(g)
    assert g.state.units["T"].shaken and "T" in g.state.units  # Shaken, never destroyed
    arrange(g, tank, top=["#31"], then=fall)  # Destroy! from artillery only Shakes
    decline_empty_windows(g)
    assert "T" in g.state.units and g.state.units["T"].shaken
    arrange(g, tank, top=["#48"], then=fall)  # 3 - 2 = 1 < 3: no effect
    decline_empty_windows(g)
    assert not g.state.units["T"].shaken
    # 17d: a flying or hovering helicopter is untouched; a landed one is a Soft Target
    for mode, hit in (("flying", False), ("hovering", False), ("landed", True)):
        arrange(g, [("H", "mi-24", "soviet", "5E4", {"facing": 0, "mode": mode}), ("M", "muj-rifle-intensive", "mujahideen", "5K0")],
                frames=[Impulse("mujahideen", "main")],
                then=lambda c: strike(RULES, c, "mujahideen", 3, [here]))
        assert any(isinstance(f, FireFrame) and f.targets == ("H",) for f in g.state.stack) is hit
        assert not any(isinstance(f, APFire) for f in g.state.stack)
