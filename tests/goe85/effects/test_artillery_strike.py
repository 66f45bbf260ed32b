"""An artillery strike's pattern resolved (GoE 12a, 12b, 17d): effects/artillery_strike.py, which
artillery called by card or event and the Mortar (22o) apply."""
import pytest

from rules_goe85.effects.artillery_strike import strike
from rules_goe85.model.frames import FireFrame
from rules_goe85.model.vehicles import APFire
from rules_goe85.queries.board import board_for

from ..helpers import BLANK, RULES, ctx, game, position, run, stack_deck

B = board_for("your-papers-please")


@pytest.mark.rule("goe85:12a")
@pytest.mark.rule("goe85:12b")
def test_artillery_pattern_on_a_hill():
    g = game("9th-company")
    position(g, [("S1", "spetsnaz", "soviet", "6E7"), ("M1", "muj-rifle-intensive", "mujahideen", "6E4"),
                 ("M2", "muj-rifle-intensive", "mujahideen", "6E5"), ("M3", "muj-rifle-intensive", "mujahideen", "6F4"),
                 ("M4", "rpd", "mujahideen", "6F4")])
    b = board_for("9th-company")
    pattern = [b.hex("6E5"), b.hex("6E4"), b.hex("6F4")]
    assert all(b.adjacent(pattern[0], h) for h in pattern[1:])
    strike(RULES, ctx(g), "soviet", 3, pattern)
    frames = [f for f in g.state.stack if isinstance(f, FireFrame)]
    assert [f.hef for f in reversed(frames)] == [3, 3, 4]  # 1, 1 and 2 units, hills give no cover
    assert set(pattern) <= g.state.barrage
    stack_deck(g, [BLANK] * 12)
    run(g)
    assert not g.state.stack or not isinstance(g.state.top, FireFrame)


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
