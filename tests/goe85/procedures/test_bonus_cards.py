"""Bonus Victory Point cards and friendly edges (GoE 24b, 24c)."""
import pytest

from rules_goe85.scenarios import city_boys

from ..helpers import RULES, ctx, game


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
