"""Movement (7, 9), Opportunity Fire (11), assault (13), rally (16), concealment (18q) and powers."""
import pytest

from rules_goe85.model.actions import Block, Decline, Declined, PlayCard, PlayReaction, Step, Stop, Use
from rules_goe85.cards.powers import conceal_hexes, do_rally, rally_targets
from rules_goe85.procedures.assault import assault_hef, distribute, loser
from rules_goe85.queries.board import board_for
from rules_goe85.procedures.move import mp_allowance, start_move
from rules_goe85.procedures.reserve import reserve_moves
from rules_goe85.model.frames import AssaultFrame, MoveFrame, OppFireWindow
from rules_goe85.model.state import Unit
from rules_goe85.queries.units import stacking_ok

from .helpers import BLANK, GREEN, GREEN2, GOLD, RED, RULES, ctx, game, give, position, run, stack_deck


def U(uid, tid, side="mujahideen", **kw):
    return Unit(uid, tid, side, (0, 0), **kw)


@pytest.mark.rule("goe85:9")
def test_stacking_examples():
    assert stacking_ok([U("a", "muj-rifle-intensive"), U("b", "muj-rifle-intensive"), U("h", "aarash")])
    assert not stacking_ok([U("a", "muj-rifle-intensive"), U("b", "muj-rifle-intensive"), U("c", "rpd")])
    assert stacking_ok([U("a", "muj-rifle-intensive"), U("t", "t-55"), U("h", "aarash")])
    assert not stacking_ok([U("h", "aarash"), U("d", "dadvar")])


@pytest.mark.rule("goe85:7a")
@pytest.mark.rule("goe85:18e")
@pytest.mark.rule("goe85:18i")
def test_movement_allowances():
    rifle = U("a", "muj-rifle-intensive")
    assert mp_allowance(rifle, "move") == 3
    assert mp_allowance(U("a", "muj-rifle-intensive", shaken=True), "fast_move") == 2  # (3+1)/2, 10c example
    assert mp_allowance(rifle, "move_fire") == 2  # half, rounded up


@pytest.mark.rule("goe85:7c")
@pytest.mark.rule("goe85:2j")
def test_step_by_step_move_with_hero_speed_and_minimum_move():
    g = game("your-papers-please")
    position(g, [("M1", "muj-rifle-intensive", "mujahideen", "5C4"), ("MH", "dadvar", "mujahideen", "5C4"),
                 ("S1", "sov-rifle-intensive", "soviet", "5K0")])
    start_move(RULES, ctx(g), "mujahideen", "move", ["M1", "MH"])
    f = g.state.top
    assert dict((u, (m, lent)) for u, m, lent in f.mp) == {"M1": (3, 1), "MH": (4, 0)}
    d = RULES.decision(g.state)
    assert Step(("M1", "MH"), "5C5") in d.actions
    g._decision = None
    for target in ("5C5", "5C6", "5C7"):  # C7 woods
        g.apply(Step(("M1", "MH"), target)) if Step(("M1", "MH"), target) in g.decision.actions else None
    units = g.state.units
    assert units["M1"].hex == units["MH"].hex


@pytest.mark.rule("goe85:11a")
@pytest.mark.rule("goe85:18h")
def test_opportunity_fire_stops_a_hit_mover():
    g = game("your-papers-please")
    position(g, [("M1", "muj-rifle-intensive", "mujahideen", "5C4"), ("S1", "sov-rifle-intensive", "soviet", "5C1")])
    give(g, "soviet", ["#9"])  # Fire
    start_move(RULES, ctx(g), "mujahideen", "move", ["M1"])
    g._decision = None
    g.apply(Step(("M1",), "5C3"))
    assert isinstance(g.state.top, OppFireWindow) and g.decision.player == "soviet"
    stack_deck(g, [GREEN, BLANK, BLANK, BLANK])
    g.apply(PlayCard("#9", Block.UPPER, Use.OPP_FIRE, "S1", "M1"))
    while g.decision.player == "mujahideen" and not isinstance(g.state.top, MoveFrame):
        g.apply(Decline(Declined.REACT) if Decline(Declined.REACT) in g.decision.actions else g.decision.actions[-1])
    assert g.state.units["M1"].shaken and g.state.units["M1"].marker == "ops"
    assert g.state.units["S1"].marker == "fired"
    f = g.state.top
    assert isinstance(f, MoveFrame) and dict((u, m) for u, m, _ in f.mp)["M1"] == 0


@pytest.mark.rule("goe85:13b")
@pytest.mark.rule("goe85:13f")
def test_assault_hits_spread_shaken_then_reduced_then_eliminated():
    rifle, bmp = U("r", "muj-rifle-intensive"), U("v", "bmp-1")
    assert distribute([bmp, rifle], 4) == ["v", "r", "r", "v"]


@pytest.mark.rule("goe85:13a")
@pytest.mark.rule("goe85:21a")
@pytest.mark.rule("goe85:21b")
@pytest.mark.rule("goe85:13d")
def test_assault_numbers():
    assert assault_hef([U("a", "spetsnaz", "soviet")]) == 4  # Assault+ adds 1
    assert assault_hef([U("a", "dshk")]) == 1  # no Assault ability: defends with 1
    assert loser(2, 2) == "attacker" and loser(1, 3) == "defender"


@pytest.mark.rule("goe85:13a")
@pytest.mark.rule("goe85:13c")
@pytest.mark.rule("goe85:13e")
def test_assault_resolution_in_play():
    g = game("your-papers-please")
    position(g, [("S1", "spetsnaz", "soviet", "5C3"), ("M1", "dshk", "mujahideen", "5C4")])
    start_move(RULES, ctx(g), "soviet", "move", ["S1"])
    g._decision = None
    g.apply(Step(("S1",), "5C4"))
    g.apply(Stop())
    stack_deck(g, [GREEN, GOLD, RED, GREEN2, BLANK])  # Spetsnaz HEF 4: four hits; the DShK's 1 card: blank
    run(g)
    while g.state.stack and isinstance(g.state.top, AssaultFrame) and g.decision is not None:
        g.apply(g.decision.actions[-1])
    run(g)
    assert "M1" not in g.state.units and g.state.units["S1"].hex == board_for(g.state.scenario).hex("5C4")
    assert g.state.units["S1"].marker == "ops"


@pytest.mark.rule("goe85:16a")
@pytest.mark.rule("goe85:16b")
@pytest.mark.rule("goe85:18k")
@pytest.mark.rule("goe85:18b")
def test_rally_and_reconstitution():
    g = game("your-papers-please")
    position(g, [("M1", "muj-rifle-intensive", "mujahideen", "5C4"), ("M2", "rpd", "mujahideen", "5E6"),
                 ("S1", "sov-rifle-intensive", "soviet", "5C3")],
             M1={"shaken": True, "reduced": True}, M2={"reduced": True})
    t = dict(rally_targets(g.state, "mujahideen"))
    assert t == {"M1": "rally", "M2": "reconstitute"}
    do_rally(ctx(g), PlayCard("#5", Block.LOWER, Use.RALLY, "M1"))
    assert not g.state.units["M1"].shaken and g.state.units["M1"].marker == "ops"
    do_rally(ctx(g), PlayCard("#9", Block.LOWER, Use.BLOODLUST, "M2", reconstitute=True))
    assert not g.state.units["M2"].reduced and g.state.units["M2"].marker == ""
    # reduced and adjacent to an enemy: no reconstitution
    assert "M1" not in dict(rally_targets(g.state, "mujahideen", any_status=True))


@pytest.mark.rule("goe85:18q")
@pytest.mark.rule("goe85:22p")
def test_concealment_needs_cover_and_no_adjacent_enemy():
    g = game("your-papers-please")
    position(g, [("M1", "muj-rifle-concealed", "mujahideen", "5C7"), ("M2", "rpd", "mujahideen", "5E5"),
                 ("S1", "sov-rifle-intensive", "soviet", "5K0")])
    b = board_for(g.state.scenario)
    assert conceal_hexes(g.state, "mujahideen") == [b.hex("5C7")]  # woods, not the open 5E5


@pytest.mark.rule("goe85:5f")
def test_reserve_moves_two_mp_far_from_the_enemy_one_near():
    g = game("your-papers-please")
    position(g, [("M1", "muj-rifle-intensive", "mujahideen", "5A7"), ("M2", "muj-rifle-intensive", "mujahideen", "5J1"),
                 ("S1", "sov-rifle-intensive", "soviet", "5J3")])
    moves = reserve_moves(RULES, g.state, "mujahideen", ())
    b = board_for(g.state.scenario)
    far = {m.to for m in moves if m.unit == "M1"}
    near = {m.to for m in moves if m.unit == "M2"}
    assert all(b.distance(b.hex("5A7"), b.hex(x)) <= 2 for x in far) and any(
        b.distance(b.hex("5A7"), b.hex(x)) == 2 for x in far)
    assert all(b.distance(b.hex("5J1"), b.hex(x)) == 1 for x in near)


@pytest.mark.rule("goe85:19b")
def test_ambush_lets_the_defender_strike_first():
    g = game("your-papers-please")
    position(g, [("S1", "sov-rifle-intensive", "soviet", "5C3"), ("M1", "rpd", "mujahideen", "5C4")])
    give(g, "mujahideen", ["#37"])  # Move & Fire / Ambush
    start_move(RULES, ctx(g), "soviet", "move", ["S1"])
    g._decision = None
    g.apply(Step(("S1",), "5C4"))
    while g.decision is not None and PlayReaction("#37", Use.AMBUSH) not in g.decision.actions:
        g.apply(Stop() if Stop() in g.decision.actions else g.decision.actions[-1])
    stack_deck(g, [GREEN, GOLD, RED, BLANK, BLANK])  # the RPD's 2 cards: two hits land first
    g.apply(PlayReaction("#37", Use.AMBUSH))
    run(g)
    s1 = g.state.units.get("S1")
    assert s1 is None or s1.shaken  # shaken (and reduced) before it could strike
    assert "M1" in g.state.units
