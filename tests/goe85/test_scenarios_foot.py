"""The four scenarios: set-up, hand sizes, initiative, special rules, events and victory."""
import pytest

from tabletop_core.decks import hand

from rules_goe85.scenarios import city_boys
from rules_goe85.scenarios import common as scenarios
from rules_goe85.queries.board import board_for
from rules_goe85.procedures.draws import draw_one_into_hand
from rules_goe85.model.state import DECK, sapper_pile
from rules_goe85.model.frames import ArtilleryFrame, Impulse, InitiativePick
from rules_goe85.model.events import ControlSet

from .helpers import RULES, ctx, game, position, stack_deck


def _labels(g, side):
    b = board_for(g.state.scenario)
    return [b.label(u.hex) for u in g.state.units.values() if u.side == side and u.hex is not None]


@pytest.mark.rule("goe85:scenario:9th-company")
def test_9th_company_setup_and_victory():
    g = game("9th-company")
    assert len([u for u in g.state.units.values() if u.side == "mujahideen"]) == 24  # 2+2+4+5+5+3 and three Heroes
    assert all(lab.startswith("7") for lab in _labels(g, "soviet"))
    for lab in _labels(g, "mujahideen"):
        assert (lab.startswith("7") and int(lab[2:]) <= 3) or (lab.startswith("8") and int(lab[2:]) >= 3)
    assert len(g.state.foxholes) == 2
    assert any(u.concealed for u in g.state.units.values())  # Rifle/Concealed may begin concealed (22p)
    c = ctx(g)
    for lab in ("6E6", "6F5", "6F4", "6F3", "6G6"):
        c.emit(ControlSet(lab, "mujahideen"))
    RULES.special_rules(c.state).final_result(RULES, c)
    assert g.state.result.winner == "mujahideen"


@pytest.mark.rule("goe85:scenario:9th-company")
@pytest.mark.rule("goe85:5b")
def test_9th_company_events_sapper_and_artillery_strike():
    g = game("9th-company")
    stack_deck(g, ["#55", "#57"])
    c = ctx(g)
    assert draw_one_into_hand(RULES, c, "mujahideen") == "event"
    assert "#55" in g.state.decks[DECK].piles[sapper_pile("mujahideen")]  # kept aside for an assault
    assert draw_one_into_hand(RULES, c, "soviet") == "event"
    assert isinstance(g.state.top, ArtilleryFrame) and g.state.top.hef == 3
    assert "#57" in g.state.decks[DECK].piles["removed"]


@pytest.mark.rule("goe85:scenario:hammer-and-anvil")
def test_hammer_and_anvil_setup_escape_and_score():
    g = game("hammer-and-anvil")
    assert all(lab[1] in "EFG" and lab.startswith("5") for lab in _labels(g, "mujahideen"))
    assert all(lab.startswith("6") for lab in _labels(g, "soviet"))
    spetsnaz = [u for u in g.state.units.values() if u.type == "spetsnaz"]
    assert len(spetsnaz) == 4 and all(u.hex is None and u.entry == 1 for u in spetsnaz)
    assert all(RULES.entry_hexes(g.state, "soviet"))
    assert len(g.state.decks[DECK].piles[hand("mujahideen")]) == 5
    position(g, [("M1", "muj-rifle-intensive", "mujahideen", "6G8"), ("S1", "sov-rifle-marksman", "soviet", "6A1")])
    b = board_for("hammer-and-anvil")
    if not b.sees(b.hex("6A1"), b.hex("6G8")):
        scenarios.after_step(RULES, ctx(g), ["M1"], b.hex("6G8"))
        assert g.state.vp["mujahideen"] == 2 and "M1" in g.state.escaped
    RULES.special_rules(g.state).final_result(RULES, ctx(g))
    assert g.state.result.winner == "soviet"


@pytest.mark.rule("goe85:scenario:city-boys")
@pytest.mark.rule("goe85:24e")
def test_city_boys_setup_control_and_morale():
    g = game("city-boys")
    while g.decision.prompt.startswith("keep one Bonus"):  # 24b: each keeps one of two, in secret
        g.apply(g.decision.actions[0])
    assert g.state.initiative == "soviet" and isinstance(g.state.top, Impulse)
    assert len(g.state.decks[DECK].piles[hand("soviet")]) == 5
    assert all(g.state.control[lab] == "mujahideen" for lab in ("4E4", "4E5", "4F4"))  # could set up there
    assert city_boys.muj_morale_vp(g.state) == 7
    position(g, [("M1", "muj-rifle-intensive", "mujahideen", "4E4")])
    ended = False
    for seed in range(20):  # morale: 1d6 -1 (Mosque held) against 1 VP
        h = game("city-boys", seed=seed)
        position(h, [("M1", "muj-rifle-intensive", "mujahideen", "4E4")])
        ended = city_boys.morale_check(RULES, ctx(h))
        roll = next(e for e in reversed(h.events) if type(e).__name__ == "DiceRolled").total
        assert ended == (roll - 1 > 1)
        if ended:
            assert h.state.result.winner == "soviet"


@pytest.mark.rule("goe85:scenario:your-papers-please")
def test_your_papers_please_entry_and_control_of_two():
    g = game("your-papers-please")
    assert all(u.hex is None for u in g.state.units.values())
    b = board_for("your-papers-please")
    south = RULES.entry_hexes(g.state, "mujahideen")
    north = RULES.entry_hexes(g.state, "soviet")
    assert all(b.local(h)[2] >= 7 for h in south) and all(b.local(h)[2] == 0 for h in north)
    assert isinstance(g.state.top, InitiativePick)  # no fixed initiative
    c = ctx(g)
    c.emit(ControlSet("5E3", "soviet"))
    c.emit(ControlSet("5G3", "soviet"))
    RULES.special_rules(c.state).final_result(RULES, c)
    assert g.state.result.winner == "soviet"


@pytest.mark.rule("goe85:scenario:city-boys")
def test_city_boys_relocation_once_per_turn():
    from rules_goe85.procedures.turn import relocations
    from rules_goe85.model.frames import Impulse

    g = game("city-boys")
    position(g, [("M1", "muj-rifle-intensive", "mujahideen", "4C3"), ("S1", "sov-rifle-intensive", "soviet", "7A0")])
    b = board_for("city-boys")
    opts = relocations(RULES, g.state, "mujahideen")
    assert opts and all(b.in_cover(b.hex(o.to)) and b.distance(b.hex("4C3"), b.hex(o.to)) <= 3 for o in opts)
    assert all(o.to.startswith("4") for o in opts)
    g.state.stack.clear()
    g.state.phase = "impulses"
    g.state.stack.append(Impulse("mujahideen", "main"))
    g._decision = None
    g.apply(opts[0])
    assert g.state.units["M1"].hex == b.hex(opts[0].to)
    assert relocations(RULES, g.state, "mujahideen") == []  # once per turn
    assert isinstance(g.state.top, Impulse) and g.state.top.step == "main"  # may still activate


@pytest.mark.rule("goe85:24b")
@pytest.mark.rule("goe85:24c")
@pytest.mark.rule("goe85:scenario:city-boys")
def test_bonus_cards_dealt_kept_secretly_and_scored():
    from rules_goe85.procedures import bonus_cards as bonus
    from rules_goe85.model.frames import BonusPick
    from rules_goe85.model.events import UnitHit, UnitMoved

    g = game("city-boys")
    assert isinstance(g.state.top, BonusPick)
    piles = g.state.decks["bonus"].piles
    assert len(piles["bonus:soviet"]) == 2 and len(piles["bonus:mujahideen"]) == 2
    assert g.observe("mujahideen")["bonus"]["bonus:soviet"] == 2  # the other hand shows only its size
    while isinstance(g.state.top, BonusPick):
        g.apply(g.decision.actions[0])
    assert len(piles["bonus:soviet"]) == 1 and len(piles["bonus:mujahideen"]) == 1
    # force the goals: the Mujahideen hold a Breakthrough card, the Soviets an Attrition card
    piles["bonus:mujahideen"][:] = ["B5"]
    piles["bonus:soviet"][:] = ["B1"]
    for c in ("B5", "B1"):
        for name in ("draw", "discard", "bonus:dropped:soviet", "bonus:dropped:mujahideen"):
            if c in piles.get(name, []):
                piles[name].remove(c)
    c = ctx(g)
    west = bonus.edge_hexes("city-boys", "west")
    m = next(u for u in g.state.units.values() if u.side == "mujahideen")
    h = sorted(west)[3]
    c.emit(UnitMoved(m.uid, h))
    bonus.after_step(c, RULES.spec(g.state), "mujahideen", h)
    before = city_boys.muj_morale_vp(g.state)
    bonus.check(RULES, c)
    assert "B5" in piles["bonus:done"] and city_boys.muj_morale_vp(g.state) == before + 2
    for u in [u for u in g.state.units.values() if u.side == "mujahideen"][:3]:
        while u.uid in g.state.units:
            c.emit(UnitHit(u.uid, "eliminated"))
    bonus.check(RULES, c)
    assert "B1" in piles["bonus:done"] and g.state.vp["mujahideen"] == 0  # +2 then -2
