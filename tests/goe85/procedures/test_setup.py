"""Set-up as a decision phase (GoE 24, the scenarios' Set Up)."""
import pytest

from rules_goe85.data.loading import game_data
from rules_goe85.model.actions import Face, Place
from rules_goe85.queries.board import board_for

from ..helpers import game


@pytest.mark.rule("goe85:7a")
@pytest.mark.rule("goe85:scenario:jalalabad")
def test_units_set_up_only_where_their_own_movement_class_could_enter():
    """Jalalabad: "units may only set up in hexes into which they could theoretically enter", by
    their own movement class (7a): the Soviet BMP-1s and T-62s (tracked) get no building hex of map
    5 (5E3, the 5I4 tile ...), the Rifles do; the Mujahideen T-55s and BMP-1s get neither a building nor the
    mosque of map 4, their Leg units get both.  Old behaviour: every unit was offered the hexes a Leg
    unit could enter, so tanks set up in buildings and the mosque."""
    g = game("jalalabad", setup="choose")
    b = board_for("jalalabad")
    closed = {b.label(h) for h in b.hexes if b.row(h).building or b.row(h).kind == "mosque"}
    mosque = {b.label(h) for h in b.hexes if b.row(h).kind == "mosque"}
    seen = {"tracked": set(), "leg": set()}
    while g.decision is not None and isinstance(g.decision.actions[0], (Place, Face)):
        acts = g.decision.actions
        if isinstance(acts[0], Place):
            t = game_data().units[g.state.top.pending[0][1]]
            offered = {a.to for a in acts}
            if t.move_class == "T":
                assert not offered & closed, (t.id, offered & closed)
                seen["tracked"] |= offered
            elif t.leg:
                seen["leg"] |= offered & closed
            # set each unit in the first hex offered that is no building, keeping the buildings free
            g.apply(next((a for a in acts if a.to not in closed), acts[0]))
        else:
            g.apply(acts[0])
    assert seen["tracked"] and {"5E3", "5I4"} <= seen["leg"] and mosque <= seen["leg"]
    # the automatic deployment (option setup=default) keeps to the same limit
    g = game("jalalabad")
    for u in g.state.units.values():
        if u.hex is not None and game_data().units[u.type].move_class == "T":
            assert b.label(u.hex) not in closed, (u.uid, b.label(u.hex))


@pytest.mark.rule("goe85:22p")
@pytest.mark.rule("goe85:scenario:city-boys")
def test_conceal_units_in_cover_begin_concealed_only_where_their_owner_chooses():
    """22p: a Conceal unit in covered terrain, no enemy next to it, "may begin the scenario
    concealed": once everyone is set up its owner picks the hexes (City Boys' 3 Rifle/Concealed);
    the Leg units of a chosen hex are concealed, the others are not.  Old behaviour: every one of
    them began concealed without asking."""
    from rules_goe85.model.actions import ConcealAtStart, Decline

    g = game("city-boys", setup="choose")
    b = board_for("city-boys")
    while isinstance(g.decision.actions[0], (Place, Face)):
        acts = g.decision.actions
        if isinstance(acts[0], Place) and g.state.top.side == "mujahideen":  # into cover, apart
            used = {u.hex for u in g.state.units.values() if u.hex is not None}
            acts = [a for a in acts if b.cf(b.hex(a.to)) > 0 and b.hex(a.to) not in used] or acts
        g.apply(acts[0])
    d = g.decision
    offered = [a.to for a in d.actions if isinstance(a, ConcealAtStart)]
    assert d.player == "mujahideen" and len(offered) >= 2 and any(isinstance(a, Decline) for a in d.actions)
    g.apply(ConcealAtStart(offered[0]))
    assert ConcealAtStart(offered[0]) not in g.decision.actions  # done: not offered again
    g.apply(next(a for a in g.decision.actions if isinstance(a, Decline)))
    concealed = {b.label(u.hex) for u in g.state.units.values() if u.concealed}
    assert concealed == {offered[0]}
