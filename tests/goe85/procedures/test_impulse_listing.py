"""The impulse's first step against the whole listing (GoE 6c, 17b, 22): what the menu's
shortcuts skip must change nothing it offers.  Positions come from seeded random play through the
public API; at every impulse the offered first step is checked against plays listed in full."""
from __future__ import annotations

import attrs
import pytest

from tabletop_core import new_game
from tabletop_core.agents import AgentView, RandomAgent

from rules_goe85.model.actions import PlayCard, PlayCardToFire
from rules_goe85.model.frames import Impulse
from rules_goe85.queries.card_menu import FIRE_GROUPS, card_options, fire_plays, main_options
from rules_goe85.queries.deck import card, hand_of
from rules_goe85.queries.fire_reach import FIRE_POWERS
from rules_goe85.queries.heli_designation import designates, with_unit
from rules_goe85.queries.helicopters import legal_modes
from rules_goe85.queries.sight import is_heli


def _impulses(scenario: str, seeds, every: int = 1):
    """(game, side) at the main step of impulses of seeded random games."""
    for seed in seeds:
        g = new_game("goe85", scenario, seed=seed)
        seats = {p: RandomAgent(seed=seed, player=p) for p in g.rules.players}
        n = 0
        while not g.over:
            d = g.decision
            top = g.state.top if g.state.stack else None
            if isinstance(top, Impulse) and top.step == "main" and d.player == top.player:
                n += 1
                if n % every == 0:
                    yield g, d.player
            g.apply(seats[d.player].choose(AgentView(g, d.player, d)))


def _whole_designations(rules, state, side):
    """Every (card, block, use, helicopter) that some mode the helicopter may declare leaves a play
    for, from each mode's whole listing (17b)."""
    out = set()
    cards = hand_of(state, side)
    for h in (u for u in state.units.values() if u.side == side and u.hex is not None and is_heli(u)):
        views = [state] + [with_unit(state, attrs.evolve(h, mode=m)) for m in legal_modes(state, h)]
        for view in views:
            for p in card_options(rules, view, side, cards, whole=True, units=[view.units[h.uid]]):
                if designates(view, p, h.uid):
                    out.add((p.card, p.block, p.use, h.uid))
    return out


@pytest.mark.rule("goe85:6c")
@pytest.mark.rule("goe85:17b")
@pytest.mark.parametrize("scenario", ["air-assault", "jalalabad", "kill-zone"])
def test_the_first_step_offers_what_the_whole_listing_has(scenario):
    """A fire play's card and use is offered exactly when its second step lists an attack, and a
    helicopter's designation exactly when some mode leaves its card and use a play."""
    checked = designated = 0
    for g, side in _impulses(scenario, range(2), every=2):
        rules, state = g.rules, g.state
        first = main_options(rules, state, side, whole=False)
        picks = {(a.card, a.block, a.use) for a in first if isinstance(a, PlayCardToFire)}
        for cid in hand_of(state, side):
            slots = [(b, u) for b, u in ((("upper", card(cid).upper), ("lower", card(cid).lower))) if u in FIRE_GROUPS]
            slots += [("power", p) for p in FIRE_POWERS] if card(cid).power else []
            for block, use in slots:
                listed = fire_plays(rules, state, side, cid, block, use)
                assert bool(listed) == ((cid, block, use) in picks), (cid, block, use)
        helis = {u.uid for u in state.units.values() if u.side == side and u.hex is not None and is_heli(u)}
        named = {(a.card, a.block, a.use, uid) for a in first if isinstance(a, PlayCard)
                 for uid in helis if designates(state, a, uid)}
        assert named == _whole_designations(rules, state, side)
        checked += 1
        designated += bool(named)
    assert checked > 10 and (designated > 5 or scenario != "air-assault")
