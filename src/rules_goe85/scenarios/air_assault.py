"""Air Assault: the Mujahideen begin holding the fortified hexes (24e) and move by tunnel once a
turn; an emptied Mi-8 leaves the map; on turn 4 up to four Mi-8s (no more than were withdrawn)
bring a second wave, withdrawn again after turn 6; the Soviets score 10 per Bunker and 3 per
Foxhole held and 1 per kill, the Mujahideen 3 per helicopter and 2 per Leg unit destroyed
(victory ``air_assault``)."""
from __future__ import annotations

import attrs

from ..model.actions import PlayCard, ReserveUnload, Unload, Use
from ..model.events import ConcealSet, ControlSet, Note, Relocated, UnitMoved, VPScored
from ..model.frames import EventChoice
from ..model.occupancy import by_hex
from ..model.state import MUJ, SOVIET
from ..model.vehicles import MechSet, Withdrawn
from ..queries.board import board_at
from ..queries.fortifications import fortified
from ..queries.units import eligible, stacking_ok, units_at, utype
from .rule_set import ScenarioRules, more_vp_wins
from .mechanised_events import wave_squad

SCENARIO = "air-assault"
TUNNEL_USES = {Use.MOVE: Use.TUNNEL_MOVE, Use.MOVE_FIRE: Use.TUNNEL_MOVE_FIRE}  # a move by tunnel
WAVE_MI8 = 4
WAVE_LEAVES = 6  # the second wave's Mi-8s are withdrawn at the end of this turn


def air_assault_vp(state, spec) -> dict[str, float]:
    vp = dict(state.vp)
    board = board_at(state)
    for h in state.bunkers:
        if state.control.get(board.label(h)) == SOVIET:
            vp[SOVIET] += 10
    for h in state.foxholes:
        if state.control.get(board.label(h)) == SOVIET:
            vp[SOVIET] += 3
    return vp


def _hero_with(state, u) -> list:
    return [x for x in units_at(state, u.hex) if x.side == u.side and utype(x).hero and eligible(x)][:1]


class AirAssault(ScenarioRules):
    id = SCENARIO

    def finish_setup(self, rules, ctx) -> None:
        board = board_at(ctx.state)
        for h in sorted(ctx.state.foxholes | set(ctx.state.bunkers)):  # the Mujahideen set up there (24e)
            ctx.emit(ControlSet(board.label(h), MUJ))

    def occupied(self, rules, ctx, side: str, h) -> None:
        """24e: the foxholes and bunkers the victory counts go to the side holding them."""
        state = ctx.state
        if not (h in state.foxholes or h in state.bunkers):
            return
        label = board_at(state).label(h)
        if state.control.get(label) != side:
            ctx.emit(ControlSet(label, side))

    def after_act(self, rules, ctx, action) -> None:
        """The Mi-8 leaves once it has unloaded its (last) passenger."""
        state = ctx.state
        if isinstance(action, (Unload, ReserveUnload)):
            u = state.units.get(action.carrier)
            if u is not None and u.type == "mi-8" and state.mech.get(f"carried:{u.uid}") \
                    and not any(x.carrier == u.uid for x in state.units.values()):
                ctx.emit(Withdrawn(u.uid))
                ctx.emit(MechSet("aa_withdrawn", state.mech.get("aa_withdrawn", 0) + 1))
                ctx.emit(Note(f"{u.uid} has unloaded and leaves the map"))

    def turn_start(self, rules, ctx) -> bool:
        """Turn 4: up to four Mi-8s (no more than were withdrawn) bring in rifle squads."""
        state = ctx.state
        spec = rules.spec(state)
        force = next((x for x in spec.forces if x.second_wave), None)
        if force is None or state.turn != force.turn or state.mech.get("wave_done"):
            return False
        ctx.emit(MechSet("wave_done", 1))
        n = min(WAVE_MI8, state.mech.get("aa_withdrawn", 0))
        squads = sum(force.units.values())
        ctx.emit(Note(f"the second wave: {n} Mi-8(s) return"))
        if n == 0:
            return False
        if n >= squads:
            for tid, k in force.units.items():
                for _ in range(k):
                    wave_squad(ctx, tid)
            return False
        ctx.push(EventChoice(SOVIET, "second_wave", n))
        return True

    def end_of_turn(self, rules, ctx) -> None:
        """The second wave's Mi-8s are withdrawn by the end of turn 6, with anyone still aboard."""
        state = ctx.state
        if state.turn != WAVE_LEAVES:
            return
        for u in sorted(state.units.values(), key=lambda x: x.uid):
            if state.mech.get(f"wave:{u.uid}") and u.uid in state.units:
                for p in sorted(x.uid for x in state.units.values() if x.carrier == u.uid):
                    ctx.emit(Withdrawn(p))
                ctx.emit(Withdrawn(u.uid))
                ctx.emit(Note(f"{u.uid} is withdrawn (end of turn 6)"))

    def card_plays(self, rules, state, side: str, cid: str, uses, shared: dict | None = None) -> list:
        """Once a turn a Move or Move & Fire card may take a Mujahideen unit in cover (and a Hero with
        it, on a Move) through the tunnels to any other covered hex free of enemy units, for 2 MP.
        Who may go where depends on the use alone, not on the card: with ``shared`` (one dict per
        hand's listing) each use's trips are found once for the whole hand."""
        if side != MUJ or state.relocated.get(MUJ) == state.turn:
            return []
        trips = {} if shared is None else shared.setdefault("tunnel_trips", {})
        out = []
        for block, use in uses:
            if use not in (Use.MOVE, Use.MOVE_FIRE):
                continue
            if use not in trips:
                trips[use] = _tunnel_trips(state, use)
            tunnel_use = TUNNEL_USES[use]
            out += [PlayCard(cid, block, tunnel_use, uid, label) for uid, label in trips[use]]
        return out

    def play(self, rules, ctx, side: str, action) -> bool:
        use = next((base for base, tunnel in TUNNEL_USES.items() if tunnel == action.use), None)
        if use is None:
            return False
        from ..procedures.move.steps import start_move

        state = ctx.state
        board = board_at(state)
        u = state.units[action.unit]
        party = [u] + (_hero_with(state, u) if use == Use.MOVE else [])
        h = board.hex(action.target)
        ctx.emit(Relocated(MUJ, state.turn))
        for x in party:
            if x.concealed:
                ctx.emit(ConcealSet(x.uid, False))  # 18q: a unit that moves gives its hex away
            ctx.emit(UnitMoved(x.uid, h, 2))
        ctx.emit(Note(f"{u.uid} moves through the tunnels to {action.target}"))
        uids = [x.uid for x in party]
        start_move(rules, ctx, side, use, uids, action.card)
        f = ctx.state.top
        ctx.replace(attrs.evolve(f, mp=tuple((x, max(0, m - 2), b) for x, m, b in f.mp), stepped=tuple(sorted(uids))))
        rules.after_step(ctx, uids, h)
        return True

    def on_eliminated(self, rules, ctx, unit) -> None:
        t = utype(unit)
        if unit.side == MUJ:
            ctx.emit(VPScored(SOVIET, 1, f"{unit.uid} eliminated"))
        elif t.kind == "helicopter":
            ctx.emit(VPScored(MUJ, 3, f"{unit.uid} destroyed"))
        elif t.leg:
            ctx.emit(VPScored(MUJ, 2, f"{unit.uid} destroyed"))

    def final_result(self, rules, ctx) -> None:
        vp = air_assault_vp(ctx.state, rules.spec(ctx.state))
        more_vp_wins(ctx, vp)


def _tunnel_trips(state, use) -> list[tuple[str, str]]:
    """(unit id, hex label) of every tunnel trip a ``use`` card could make now (see
    :meth:`AirAssault.card_plays`), in unit-id then hex order."""
    from ..queries.movement import mp_allowance

    board = board_at(state)
    cover = fortified(state)
    covered: list = []  # the covered hexes, listed when a unit first may take the tunnels
    occupied = by_hex(state)
    out = []
    for u in sorted(state.units.values(), key=lambda x: x.uid):
        if u.side != MUJ or not eligible(u) or not utype(u).leg or utype(u).hero:
            continue
        if use == Use.MOVE_FIRE and (u.shaken or "no_move_fire" in utype(u).abilities):
            continue
        if mp_allowance(u, use) < 2 or not board.in_cover(u.hex, cover):
            continue
        covered = covered or [(h, board.label(h)) for h in sorted(board.hexes) if board.in_cover(h, cover)]
        party = [u] + (_hero_with(state, u) if use == Use.MOVE else [])
        alone_fits = stacking_ok(party)  # 9, in a hex empty of units (most of them)
        for h, label in covered:
            if h == u.hex:
                continue
            if h not in occupied:
                if not alone_fits:
                    continue
            elif any(x.side != MUJ for x in occupied[h]) or not stacking_ok(units_at(state, h) + party):
                continue
            out.append((u.uid, label))
    return out


RULES = AirAssault()
