"""The scenario city-boys: set-up, special rules, events and victory."""
import pytest

from tabletop_core.decks import hand
from tabletop_core.game import Game

from rules_goe85.model.actions import Place, Relocate
from rules_goe85.model.frames import Deploy, Impulse
from rules_goe85.model.state import DECK
from rules_goe85.queries.board import board_for
from rules_goe85.queries.units import stacking_ok, units_at
from rules_goe85.scenarios import city_boys

from ..helpers import RULES, game
from ..refpos import arrange, drop_bonus_cards, fresh, play_until


# -- set-up as a decision phase -----------------------------------------------------------------
def _place_all(g):
    while g.state.stack and isinstance(g.state.top, Deploy):
        g.apply(g.decision.actions[-1])


@pytest.mark.rule("goe85:scenario:city-boys")
@pytest.mark.rule("goe85:9")
def test_setup_is_a_decision_phase_in_the_zones():
    g = Game.start(RULES, "city-boys", seed=3)  # the default is the decision phase
    b = board_for("city-boys")
    d = g.decision
    assert d.player == "soviet" and all(isinstance(a, Place) for a in d.actions)
    assert all(b.local(b.hex(a.to))[0] == "7" and b.local(b.hex(a.to))[2] <= 3 for a in d.actions)
    while isinstance(g.state.top, Deploy) and g.state.top.side == "soviet":
        g.apply(g.decision.actions[0])  # pile into the first legal hex
    for h in {u.hex for u in g.state.units.values()}:
        assert stacking_ok(units_at(g.state, h))  # 9: never more than the limits
    soviet_hexes = {u.hex for u in g.state.units.values() if u.side == "soviet"}
    assert g.decision.player == "mujahideen"
    targets = {b.hex(a.to) for a in g.decision.actions}
    assert not targets & soviet_hexes  # never into an enemy's hex
    assert {"7C5", "7D4", "7D5"} <= {b.label(h) for h in targets}
    _place_all(g)
    assert all(u.hex is not None for u in g.state.units.values())
    assert g.state.phase == "deal" or g.state.phase == "initiative" or g.state.phase == "impulses"
    assert g.state.control  # 24e: zone control set once everyone is placed


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
    outcomes = set()
    for seed in range(20):  # morale, at the end of the Reserve Phase: 1d6 -1 (Mosque held) against 1 VP
        h = arrange(fresh("city-boys", seed), [("M1", "muj-rifle-intensive", "mujahideen", "4E4"),
                                               ("S1", "sov-rifle-intensive", "soviet", "7A0")],
                    extra=drop_bonus_cards)  # no Bonus card moves the morale VP
        assert city_boys.muj_morale_vp(h.state) == 1
        play_until(h, lambda h: h.over or h.state.turn == 2)
        roll = next(e for e in reversed(h.events) if type(e).__name__ == "DiceRolled" and e.reason == "Mujahideen morale")
        ended = h.over
        assert ended == (roll.total - 1 > 1)
        if ended:
            assert h.state.result.winner == "soviet"
        outcomes.add(ended)
    assert outcomes == {True, False}


@pytest.mark.rule("goe85:scenario:city-boys")
def test_city_boys_relocation_once_per_turn():
    from rules_goe85.procedures.turn import relocations
    from rules_goe85.model.frames import Impulse

    g = fresh("city-boys")
    arrange(g, [("M1", "muj-rifle-intensive", "mujahideen", "4C3"), ("S1", "sov-rifle-intensive", "soviet", "7A0")],
            frames=[Impulse("mujahideen", "main")])
    b = board_for("city-boys")
    opts = relocations(RULES, g.state, "mujahideen")
    assert opts and all(b.in_cover(b.hex(o.to)) and b.distance(b.hex("4C3"), b.hex(o.to)) <= 3 for o in opts)
    assert all(o.to.startswith("4") for o in opts)
    assert set(opts) <= set(g.decision.actions)
    g.apply(opts[0])
    assert g.state.units["M1"].hex == b.hex(opts[0].to)
    assert relocations(RULES, g.state, "mujahideen") == []  # once per turn
    assert isinstance(g.state.top, Impulse) and g.state.top.step == "main"  # may still activate


@pytest.mark.rule("goe85:scenario:city-boys")
def test_city_boys_relocation_carries_only_an_eligible_hero():
    from rules_goe85.model.events import MarkerSet

    def relocations_with_hero(g):
        return [a for a in g.decision.actions if isinstance(a, Relocate) and a.hero == "H"]

    g = game("city-boys")
    arrange(g, [("R", "rpd", "mujahideen", "4C3"), ("H", "aarash", "mujahideen", "4C3"),
                ("S", "sov-rifle-intensive", "soviet", "7A1")], frames=[Impulse("mujahideen", "main")])
    assert relocations_with_hero(g)  # "(and an accompanying EU Hero)"
    g.referee(lambda c: c.emit(MarkerSet("H", "ops")))
    assert not relocations_with_hero(g)  # an Ops Complete Hero is not an Eligible Unit (4c)
    assert any(isinstance(a, Relocate) and a.unit == "R" for a in g.decision.actions)


# -- victory through play (issue 12: no control written into the state) --------------------------
DRAWS = ["#13", "#17", "#24", "#28", "#35", "#39", "#7", "#10", "#18"]  # what the impulses draw: no End Turn


@pytest.mark.rule("goe85:scenario:city-boys")
@pytest.mark.rule("goe85:24e")
@pytest.mark.parametrize("into_the_mosque", [True, False])
def test_city_boys_morale_after_the_last_reserve_phase(into_the_mosque):
    """Turn 5, the last: one Mujahideen unit left (1 VP), in the Mosque.  A Soviet squad walks into
    4F4 (or stays out); both pass, the Reserve Phase ends and the morale die shows 2.  With the
    Mosque no longer all theirs, 2 > 1 breaks the Mujahideen: a Soviet win; holding it, 2 - 1 = 1
    does not, and the morale held to the end: a Mujahideen win."""
    from ..refpos import arrange, end_impulse, fresh, last_turn, move_stack, play_out

    g = arrange(fresh("city-boys"),
                [("M1", "muj-rifle-concealed", "mujahideen", "4E4"), ("S1", "sov-rifle-intensive", "soviet", "4G4")],
                hands={"soviet": ["#46"]}, top=DRAWS, extra=last_turn("city-boys"))
    assert all(g.observe("soviet")["control"][lab] == "mujahideen" for lab in ("4E4", "4E5", "4F4"))  # from set-up
    if into_the_mosque:
        move_stack(g, "#46", "4G4", ["4F4"])
    end_impulse(g)
    g.force_faces([2])  # the morale roll
    result = play_out(g)
    if into_the_mosque:
        assert result.winner == "soviet" and result.reason == "Mujahideen morale breaks (roll 2 > 1 VP)"
    else:
        assert result.winner == "mujahideen" and result.reason == "the Mujahideen morale held to the end"


def _relocations_by_definition(state, side):
    """The relocations as the SSR reads (procedures.turn.relocations' text), each test spelled out:
    an Eligible non-Hero unit in cover on the named map, to another covered hex of that map in range
    with no enemy in it and room for the unit (and a Hero going along, if any: an Eligible one where
    the scenario asks it)."""
    from rules_goe85.model.state import MUJ
    from rules_goe85.procedures.turn import heroes_with
    from rules_goe85.queries.board import board_at
    from rules_goe85.queries.fortifications import fortified
    from rules_goe85.queries.units import eligible, utype

    spec = RULES.spec(state)
    if not spec.relocate_map or side != MUJ or state.relocated.get(side) == state.turn:
        return []
    board = board_at(state)

    def on_map(h):
        return h in board.board and (spec.relocate_map == "*" or board.local(h)[0] == spec.relocate_map)

    enemy = {u.hex for u in state.units.values() if u.side != side and u.hex is not None}
    covered, out = fortified(state), []
    for u in sorted(state.units.values(), key=lambda x: x.uid):
        if (u.side != side or not eligible(u) or u.hex is None or not on_map(u.hex)
                or not board.in_cover(u.hex, covered) or utype(u).hero):
            continue
        heroes = heroes_with(state, u) if spec.relocate_hero else []
        for h in sorted(board.within(u.hex, spec.relocate_range)):
            if h == u.hex or h in enemy or not on_map(h) or not board.in_cover(h, covered):
                continue
            if stacking_ok(units_at(state, h) + [u]):
                out.append(Relocate(u.uid, board.label(h)))
            out += [Relocate(u.uid, board.label(h), x.uid) for x in heroes
                    if not (spec.relocate_hero_eligible and not eligible(x)) and stacking_ok(units_at(state, h) + [u, x])]
    return out


@pytest.mark.rule("goe85:scenario:city-boys")
@pytest.mark.rule("goe85:scenario:kill-zone")
@pytest.mark.parametrize("scenario", ["city-boys", "kill-zone"])
def test_relocations_in_play_are_those_the_rule_defines(scenario):
    """Random play through whole games: at every Mujahideen impulse the relocations offered (the
    map's hexes, cover and room read from tables) are those the SSR's tests, spelled out one by one
    on the state, give -- in the same order."""
    from tabletop_core import agents_for, new_game
    from tabletop_core.agents import AgentView
    from rules_goe85.procedures.turn import relocations

    asked = 0
    for seed in (1, 2):
        g = new_game("goe85", scenario, seed=seed)
        seats = agents_for(g, "random,random")
        while not g.over:
            d = g.decision
            if isinstance(g.state.top, Impulse):
                want = _relocations_by_definition(g.state, "mujahideen")
                assert relocations(RULES, g.state, "mujahideen") == want
                asked += bool(want)
            g.apply(seats[d.player].choose(AgentView(g, d.player, d)))
    assert asked
