"""Transport (GoE 8): loading, unloading, passengers."""
import pytest

from rules_goe85.model.actions import (
    REFUSALS, Block, Load, PlayCard, ReserveLoad, ReserveMove, ReserveUnload, Step, Stop, Unload, Use,
)
from rules_goe85.model.frames import AssaultFrame, Impulse, ReserveFrame
from rules_goe85.model.vehicles import Unloaded
from rules_goe85.procedures.move.steps import start_move
from rules_goe85.queries.card_menu import main_options
from rules_goe85.effects.losses import destroy
from rules_goe85.queries.board import away_from, board_for

from ...helpers import RULES, _choices, _mp, reserve_moves_of
from ...refpos import arrange, emit, fresh, pushed


B = board_for("your-papers-please")


FAR_MUJ = ("M", "muj-rifle-intensive", "mujahideen", "5K6")  # an enemy far from 5C1..5E4
LOADED = [("B", "btr-70", "soviet", "5E4"), ("R", "sov-rifle-intensive", "soviet", "5E4", {"carrier": "B"})]


def _moving(units, uids=("B", "R")):
    """A game in the Soviet impulse where ``uids`` have begun a Move (its frame pushed by the referee)."""
    return arrange(fresh(), units, then=lambda c: start_move(RULES, c, "soviet", "move", list(uids)))


def _assaulted(here, frm):
    """The Mujahideen impulse's assault by A (from ``frm``) on ``here``, at its resolution."""
    return [Impulse("mujahideen", "main"), AssaultFrame(side="mujahideen", hex=here, attackers=(("A", frm),), step="resolve")]


# -- 8b -----------------------------------------------------------------------------------------
@pytest.mark.rule("goe85:8b")
def test_loaded_passengers_lie_on_top_of_their_carrier_unloaded_ones_under_it():
    g = fresh()
    arrange(g, [*LOADED, ("Y", "yuri", "soviet", "5E4"), FAR_MUJ])
    view = g.observe("mujahideen")
    assert view["stacks"]["5E4"] == ["R", "B", "Y"]  # R loaded (on top), Yuri unloaded (under)
    assert view["units"]["R"]["carrier"] == "B" and view["units"]["Y"]["carrier"] == ""
    emit(g, Unloaded("R"))
    assert g.observe("soviet")["stacks"]["5E4"] == ["B", "R", "Y"]  # unloaded: under the carrier


# -- 8e -----------------------------------------------------------------------------------------
@pytest.mark.rule("goe85:8e")
def test_passengers_of_a_carrier_destroyed_in_an_assault_retreat_away_or_die():
    here, frm = B.hex("5E4"), B.hex("5E5")
    dies = lambda c: destroy(RULES, c, "B")  # noqa: E731 (the carrier dies in the assault: a referee script)
    g = arrange(fresh(), [*LOADED, ("A", "muj-rifle-intensive", "mujahideen", "5E4")],
                frames=_assaulted(here, frm), then=dies)
    r = g.state.units["R"]
    assert r.shaken and r.reduced and r.carrier == ""  # two hits (8e)
    assert r.hex == away_from(frm, here) and r.hex != here  # one hex directly away from the attack
    # the hex beyond is held by the enemy: the surviving passenger is eliminated
    g = arrange(fresh(), [*LOADED, ("A", "muj-rifle-intensive", "mujahideen", "5E4"),
                          ("X", "muj-rifle-intensive", "mujahideen", B.label(away_from(frm, here)))],
                frames=_assaulted(here, frm), then=dies)
    assert "R" not in g.state.units
    # outside an assault the passenger stays in the hex with the wreck (8e first sentence)
    g = arrange(fresh(), [*LOADED, FAR_MUJ], then=dies)
    assert g.state.units["R"].hex == here and here in g.state.wrecks


@pytest.mark.rule("goe85:8d")
def test_passengers_take_no_part_in_an_assault_on_their_hex():
    here, frm = B.hex("5E4"), B.hex("5E5")
    g = fresh()
    mark = len(g.events)
    arrange(g, [*LOADED, ("A", "muj-rifle-intensive", "mujahideen", "5E4")], frames=_assaulted(here, frm))
    combat = next(f for f in pushed(g, mark) if type(f).__name__ == "AssaultCombat")  # resolve(): the combat begins
    assert tuple(combat.defenders) == ("B",)  # the BTR defends alone; its passenger sits it out


# -- 8g -----------------------------------------------------------------------------------------
@pytest.mark.rule("goe85:8g")
def test_a_shaken_passenger_unloads_and_then_neither_does_more():
    g = _moving([("B", "btr-70", "soviet", "5E4", {"shaken": True, "facing": 0}),
                 ("R", "sov-rifle-intensive", "soviet", "5E4", {"carrier": "B", "shaken": True}), FAR_MUJ])
    assert _mp(g) == {"B": 3, "R": 2}  # Shaken: MF 6 -> 3, MF 4 -> 2 (10c)
    g.apply(Unload("R", "B"))
    assert g.state.units["R"].carrier == "" and _mp(g) == {"B": 0, "R": 0}
    assert not [a for a in g.decision.actions if not isinstance(a, Stop)]  # only "stop" is left


# -- 8j -----------------------------------------------------------------------------------------
@pytest.mark.rule("goe85:8j")
@pytest.mark.rule("goe85:18g")
def test_lets_get_em_moves_loads_and_unloads_two_passengers():
    g = fresh()
    arrange(g, [("B1", "bmp-1", "soviet", "5C2", {"facing": 2}), ("R1", "sov-rifle-intensive", "soviet", "5C2", {"carrier": "B1"}),
                ("B2", "btr-70", "soviet", "5C4", {"facing": 2}), ("R2", "sov-rifle-intensive", "soviet", "5C4"), FAR_MUJ],
            hands={"soviet": ["#25"]})  # Let's Get 'Em! (upper)
    play = PlayCard("#25", Block.UPPER, Use.LETS_GET_EM, "", "5C2", second="5C4")
    assert play in main_options(RULES, g.state, "soviet")
    g.apply(play)
    assert set(_mp(g)) == {"B1", "R1", "R2"}  # the loaded Leg unit brings its carrier
    assert _mp(g)["R2"] == 4
    g.apply(Load("R2", "B2"))  # the second passenger loads for half its MF (4 -> 2), then rides
    assert g.state.units["R2"].carrier == "B2" and _mp(g)["R2"] == 0
    step = next(a for a in _choices(g, Step) if a.units == ("B1",))
    g.apply(step)  # the loaded BMP moves (clear terrain, 1 MP)...
    left = _mp(g)["B1"]
    assert g.state.units["R1"].hex == g.state.units["B1"].hex
    while g.state.top.__class__.__name__ != "MoveFrame":
        g.apply(next(a for a in g.decision.actions if isinstance(a, REFUSALS)))
    assert left == 5
    g.apply(Unload("R1", "B1"))  # ...and then unloads its passenger: 1 MP is within half its MF, and its move ends (8a)
    assert g.state.units["R1"].carrier == "" and _mp(g)["B1"] == 0


# -- 8k, 5f: load and unload in the Reserve Phase ------------------------------------------------
@pytest.mark.rule("goe85:8k")
@pytest.mark.rule("goe85:5f")
def test_reserve_phase_load_and_unload_need_half_the_carriers_mf():
    reserve = dict(frames=[ReserveFrame("soviet")], phase="reserve")
    g = fresh()
    arrange(g, [("B", "btr-70", "soviet", "5C2"), ("R", "sov-rifle-intensive", "soviet", "5C2", {"carrier": "B"}),
                ("B2", "bmp-1", "soviet", "5E4"), ("R2", "sov-rifle-intensive", "soviet", "5E4"), FAR_MUJ], **reserve)
    acts = g.decision.actions
    assert ReserveUnload("R", "B") in acts  # far: 3 MP, MF 6 halved is 3
    assert ReserveLoad("R2", "B2") in acts
    g.apply(ReserveUnload("R", "B"))
    assert g.state.units["R"].carrier == "" and g.state.top.moved == ("B",)  # the carrier has spent its 3 MP
    assert reserve_moves_of(g, "R")  # the passenger keeps its own reserve move
    assert not reserve_moves_of(g, "B")
    g.apply(ReserveLoad("R2", "B2"))
    assert g.state.units["R2"].carrier == "B2" and set(g.state.top.moved) == {"B", "B2", "R2"}
    # the 5f example: within three hexes of the enemy only 1 MP may be spent, less than 3
    arrange(g, [*LOADED, ("M", "muj-rifle-intensive", "mujahideen", "5E6")], **reserve)
    assert not _choices(g, ReserveUnload)


@pytest.mark.rule("goe85:8a")
@pytest.mark.rule("goe85:8c")
@pytest.mark.rule("goe85:8d")
@pytest.mark.rule("goe85:8i")
def test_load_then_carrier_moves_half_and_unload_costs_half():
    g = _moving([("B", "bmp-1", "soviet", "5E4", {"facing": 0}), ("R", "sov-rifle-intensive", "soviet", "5E4"),
                 ("M", "muj-rifle-intensive", "mujahideen", "5K6")])
    assert Load("R", "B") in g.decision.actions
    g.apply(Load("R", "B"))
    mp = dict((u, m) for u, m, _ in g.state.top.mp)
    assert g.state.units["R"].carrier == "B" and mp == {"B": 3, "R": 0}  # MF 6: 3 left after loading
    step = next(a for a in g.decision.actions if isinstance(a, Step))
    g.apply(step)
    assert g.state.units["R"].hex == g.state.units["B"].hex  # the passenger rides
    from rules_goe85.queries.fire_options import fire_options

    assert not any(lead == "R" for lead, _, _ in fire_options(RULES, g.state, "soviet", use=Use.FIRE))  # 8d
    # 8i: Fast Move's +1 counts before halving: MF 6+1 = 7, half rounded up 4
    from rules_goe85.queries.movement import half

    assert half(7) == 4 and half(3) == 2


@pytest.mark.rule("goe85:8e")
@pytest.mark.rule("goe85:8f")
@pytest.mark.rule("goe85:8h")
def test_carrier_shaken_and_destroyed_with_passenger():
    from rules_goe85.effects.losses import apply_hit

    hit = lambda c: apply_hit(RULES, c, "B")  # noqa: E731 (a Hit on the carrier: a referee script)
    g = arrange(fresh(), [*LOADED, ("M", "muj-rifle-intensive", "mujahideen", "5K6")], then=hit)
    assert g.state.units["R"].shaken  # 8f
    g.referee(hit)  # one-step vehicle: the second hit destroys it (13f); the Shaken passenger
    assert "B" not in g.state.units and "R" not in g.state.units  # takes two hits: reduced, eliminated (8e)
    arrange(g, [*LOADED, ("M", "muj-rifle-intensive", "mujahideen", "5K6")], then=lambda c: destroy(RULES, c, "B"))
    r = g.state.units["R"]
    assert r.carrier == "" and r.reduced and r.shaken and g.state.units["R"].hex in g.state.wrecks  # 8e
    # 8h: a Shaken carrier cannot load
    g = _moving([("B", "btr-70", "soviet", "5E4", {"shaken": True}), ("R", "sov-rifle-intensive", "soviet", "5E4"),
                 ("M", "muj-rifle-intensive", "mujahideen", "5K6")])
    assert not any(isinstance(a, Load) for a in g.decision.actions)


# -- 8a: half the MF around loading (issue 12 item 13) ------------------------------------------------
def _move_card(g, label, card="#22", use=Use.MOVE):
    from ...helpers import play_through

    play_through(g, PlayCard(card, Block.UPPER, use, "", label))


def _drive(g, uid, *labels):
    """Step ``uid`` through ``labels``, declining any window on the way."""
    for lab in labels:
        g.apply(next(a for a in _choices(g, Step) if a.units == (uid,) and a.to == lab))
        while type(g.state.top).__name__ != "MoveFrame":
            g.apply(next(a for a in g.decision.actions if isinstance(a, REFUSALS)))


@pytest.mark.rule("goe85:8a")
def test_the_bmp1_example_drives_up_to_three_mp_to_a_waiting_rifle_and_loads_it():
    """8a's example, number for number: the BMP-1 (MF 6) spends up to 3 MP reaching a hex with an
    Infantry unit, loads it and ends its move; 4 MP is too far.  A Hero waiting with the Rifle boards
    in the same stop.  Old behaviour: no Load was offered to a carrier for a unit outside the move."""
    from ...refpos import arrange, fresh

    g = fresh()
    arrange(g, [("B", "bmp-1", "soviet", "5C1", {"facing": 3}), ("R", "sov-rifle-intensive", "soviet", "5C4"),
                ("Y", "yuri", "soviet", "5C4"), FAR_MUJ], hands={"soviet": ["#22"]})
    _move_card(g, "5C1")
    assert set(_mp(g)) == {"B"} and _mp(g)["B"] == 6
    _drive(g, "B", "5C2", "5C3", "5C4")  # clear terrain, 1 MP a hex: 3 MP spent
    assert _mp(g)["B"] == 3 and Load("R", "B") in g.decision.actions and Load("Y", "B") in g.decision.actions
    g.apply(Load("R", "B"))
    assert g.state.units["R"].carrier == "B" and _mp(g)["B"] == 0  # loaded: its move ends
    assert Load("Y", "B") in g.decision.actions  # the Hero boards at the same stop (one Leg unit + one Hero)
    g.apply(Load("Y", "B"))
    assert g.state.units["Y"].carrier == "B" and not _choices(g, Step)
    g.apply(Stop())
    assert {g.state.units[x].marker for x in ("B", "R", "Y")} == {"moved"}  # the boarders took part in the Move
    # one hex further (4 MP) is more than half its MF: no load
    arrange(g, [("B", "bmp-1", "soviet", "5C1", {"facing": 3}), ("R", "sov-rifle-intensive", "soviet", "5C5"),
                FAR_MUJ], hands={"soviet": ["#22"]})
    _move_card(g, "5C1")
    _drive(g, "B", "5C2", "5C3", "5C4", "5C5")
    assert _mp(g)["B"] == 2 and not _choices(g, Load)


@pytest.mark.rule("goe85:8a")
@pytest.mark.rule("goe85:8i")
def test_a_passenger_walks_up_to_half_its_mf_rounded_up_then_loads():
    """8a: a passenger may move up to half its MF, fractions rounded up, and then load: the RPK-74
    (MF 3) walks 2 MP to the BTR and boards; with Fast Move (8i: 3+1 = 4, half 2) the same.  Old
    behaviour: loading cost half the MF out of what was left, so the MF-3 unit could walk only 1 MP."""
    from ...refpos import arrange, fresh

    g = fresh()
    arrange(g, [("K", "rpk-74", "soviet", "5C1"), ("B", "btr-70", "soviet", "5C3", {"facing": 3}), FAR_MUJ],
            hands={"soviet": ["#22"]})
    _move_card(g, "5C1")
    _drive(g, "K", "5C2", "5C3")
    assert _mp(g)["K"] == 1 and Load("K", "B") in g.decision.actions
    g.apply(Load("K", "B"))
    assert g.state.units["K"].carrier == "B" and _mp(g)["K"] == 0
    # a third hex is too far (3 MP > 2)
    arrange(g, [("K", "rpk-74", "soviet", "5C1"), ("B", "btr-70", "soviet", "5C4", {"facing": 3}), FAR_MUJ],
            hands={"soviet": ["#22"]})
    _move_card(g, "5C1")
    _drive(g, "K", "5C2", "5C3", "5C4")
    assert _mp(g)["K"] == 0 and not _choices(g, Load)


@pytest.mark.rule("goe85:8a")
@pytest.mark.rule("goe85:8i")
def test_unload_before_moving_leaves_each_half_and_fast_move_rounds_up_after_the_plus_one():
    """8a third way with 8i: a loaded BMP-1 on Fast Move (MF 6+1 = 7) unloads first: the carrier
    keeps half of 7 rounded up, 4 MP (the old price model left it 3), and the Rifle (MF 4+1 = 5)
    half of 5, 3 MP."""
    from ...refpos import arrange, fresh

    g = fresh()
    arrange(g, [("B", "bmp-1", "soviet", "5C1", {"facing": 3}), ("R", "sov-rifle-intensive", "soviet", "5C1",
                                                                  {"carrier": "B"}), FAR_MUJ],
            hands={"soviet": ["#8"]})
    _move_card(g, "5C1", card="#8", use=Use.FAST_MOVE)
    assert _mp(g) == {"B": 7, "R": 5}
    g.apply(Unload("R", "B"))
    assert g.state.units["R"].carrier == "" and _mp(g) == {"B": 4, "R": 3}


def _flying_reach_by_relaxation(state, u, at) -> dict:
    """17b, 5f, written plainly: the least MP of every (hex, facing) a flying helicopter reaches --
    one vertex turned per hex entered, never into an enemy hex or one without room, stopping on
    entering a hex within three of the enemy unless it began there -- relaxed until nothing
    improves; then {hex: the facing of its cheapest, then least, state}."""
    from tabletop_core.boards.hexgrid import DIRECTIONS, Hex

    from rules_goe85.procedures.reserve.transport import reserve_allowance
    from rules_goe85.queries.facing import facing_of
    from rules_goe85.queries.units import stacking_room

    board, fits = at.board, stacking_room(state, u)
    budget, began_near = reserve_allowance(state, u, at.near_zone), u.hex in at.near_zone
    best = {(u.hex, facing_of(state, u)): 0}
    changed = True
    while changed:
        changed = False
        for (h, v), c in list(best.items()):
            if c >= budget or (h != u.hex and not began_near and h in at.near_zone):
                continue
            for turn in (0, -1, 1):
                for k in (0, 1):
                    nv, side = (v + turn) % 6, (v + turn + k) % 6
                    b = Hex(h[0] + DIRECTIONS[side].q, h[1] + DIRECTIONS[side].r)
                    if b not in board.rows or b in at.enemy_hexes or not fits(b):
                        continue
                    cost = board.enter_cost(h, b, "F")
                    if cost is None or c + cost > budget or best.get((b, nv), budget + 1) <= c + cost:
                        continue
                    best[(b, nv)] = c + cost
                    changed = True
    out: dict = {}
    for (h, v), c in sorted(best.items(), key=lambda kv: (kv[1], kv[0])):
        if h != u.hex and h not in out:
            out[h] = v
    return out


@pytest.mark.rule("goe85:17b")
@pytest.mark.rule("goe85:5f")
@pytest.mark.parametrize("scenario,seed", [("air-assault", 1), ("air-assault", 4), ("jalalabad", 0)])
def test_a_flying_helicopters_reserve_reach_is_the_plainly_relaxed_one(scenario, seed):
    """heli_reserve_reach (settled MP by MP) in random Reserve Phases: every flying helicopter's
    destinations and end facings are those of the plain relaxation of 17b and 5f."""
    from tabletop_core import new_game
    from tabletop_core.agents import AgentView, RandomAgent

    from rules_goe85.procedures.reserve.leg_moves import around, movers
    from rules_goe85.procedures.reserve.transport import heli_reserve_reach
    from rules_goe85.queries.units import heli_mode, utype

    g = new_game("goe85", scenario, seed=seed)
    seats = {p: RandomAgent(seed=seed, player=p) for p in g.rules.players}
    checked = 0
    while not g.over and checked < 60:
        state = g.state
        if isinstance(state.top, ReserveFrame):
            at = around(state, state.top.side)
            for u in movers(state, state.top.side, state.top.moved):
                if u.hex is not None and utype(u).kind == "helicopter" and heli_mode(u) == "flying":
                    assert heli_reserve_reach(state, u, at.near_zone) == _flying_reach_by_relaxation(state, u, at)
                    checked += 1
        d = g.decision
        g.apply(seats[d.player].choose(AgentView(g, d.player, d)))
    assert checked
