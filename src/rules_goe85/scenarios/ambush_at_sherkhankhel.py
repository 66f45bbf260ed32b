"""Ambush at Sherkhankhel: no Assault combat; the Artillery events need a hex an Eligible Soviet
unit sees; a Soviet Move & Fire on turn 1 hits only on the rarer colours; when a Soviet unit first
sees 8I4 the village tiles fall (:func:`.mechanised_events.village`); Mujahideen units may exit, those
set up on boards 5 and 8 may not; the Soviets score 4 per kill, the Mujahideen kills times exits
(victory ``sherkhankhel``); the game ends early when a side has no unit left (our reading)."""
from __future__ import annotations


from ..model.actions import ReserveMove, Reverse, Step, StrikeTarget, Use
from ..model.events import VPScored
from ..model.frames import ArtilleryFrame, EventChoice, MoveFrame, ReserveDestination, ReserveFrame
from ..model.state import MUJ, PLAYERS, SOVIET
from ..model.vehicles import MechSet
from ..queries.board import board_at
from ..model.occupancy import by_hex
from ..queries.units import eligible
from .rule_set import ScenarioRules, keep_only, more_vp_wins
from .mechanised_events import VILLAGE_HEX, exit_unit, exits_by_edge, index_of, may_exit, seen_by_any, village

SCENARIO = "ambush-at-sherkhankhel"


def sherkhankhel_vp(state) -> dict[str, float]:
    """Mujahideen: Soviet units eliminated times Mujahideen units exited, plus their Bonus card (scored);
    Soviets: 4 per kill and their Bonus card (scored)."""
    return {SOVIET: state.vp[SOVIET], MUJ: state.vp[MUJ] + float(state.losses[SOVIET] * state.mech.get("exited", 0))}


def _frame_side(frame) -> str:
    return getattr(frame, "player", None) or getattr(frame, "side", "")


def _eu_spots(state, looks, h) -> bool:
    """Whether a Soviet Eligible Unit sees ``h`` (looks: :func:`_eu_looks`)."""
    return board_at(state).sight(state).seen_by_any(looks, h)


def _eu_looks(state) -> set:
    """The unshaken Soviet Eligible Units on the map as looks (their hex, Leg sight, ground level),
    gathered once for all the hexes an Artillery event's strike may target."""
    return {(u.hex, "leg", 0) for u in state.units.values()
            if u.side == SOVIET and eligible(u) and not u.shaken and u.hex is not None and not u.carrier}


class AmbushAtSherkhankhel(ScenarioRules):
    id = SCENARIO
    # the Reserve Phase's first step names units, never a move: it asks restricts_reserve_moves_of instead
    restricted_steps = (MoveFrame, ReserveDestination, ArtilleryFrame)

    def restricts_reserve_moves_of(self, state, unit) -> bool:
        return False  # no Assault combat: a reserve move never enters an enemy hex anyway (5f)

    def restrict(self, rules, state, decision):
        if decision is None:
            return decision
        frame = state.top
        board = board_at(state)
        keep = []
        event_strike = isinstance(frame, ArtilleryFrame) and frame.source == "event"
        looks = _eu_looks(state) if event_strike else None
        mover = _frame_side(frame) if isinstance(frame, (MoveFrame, ReserveFrame, ReserveDestination)) else None
        occupants = by_hex(state)
        for a in decision.actions:
            if mover is not None and isinstance(a, (Step, Reverse, ReserveMove)):
                if any(u.side != mover for u in occupants.get(board.hex(a.to), ())):
                    continue  # no Assault combat
            if event_strike and isinstance(a, StrikeTarget) and not _eu_spots(state, looks, board.hex(a.target)):
                continue  # the Artillery events: a hex in the LOS of a Soviet Eligible Unit
            keep.append(a)
        return keep_only(decision, keep)

    def attack_degrade(self, state, side: str, use) -> int:
        """On turn 1 a Soviet Move & Fire hits on the rarer colours: one step more (our reading of
        "only Hits count"), given as the attack begins, so its mixed-target extra attack keeps it."""
        return 1 if state.turn == 1 and side == SOVIET and use == Use.MOVE_FIRE else 0

    def after_act(self, rules, ctx, action) -> None:
        state = ctx.state
        if not state.mech.get("village") and state.phase not in ("setup",):
            if seen_by_any(state, SOVIET, board_at(state).hex(VILLAGE_HEX)):
                village(ctx)

    def after_step(self, rules, ctx, movers, h) -> None:
        state = ctx.state
        movers = [m for m in movers if m in state.units]
        if movers and state.units[movers[0]].side == MUJ and any(may_exit(state, state.units[m]) for m in movers):
            ctx.push(EventChoice(MUJ, "exit", index_of(board_at(state), h)))

    def finish_setup(self, rules, ctx) -> None:
        state = ctx.state
        board = board_at(state)
        for u in sorted(state.units.values(), key=lambda x: x.uid):  # units first placed on board 5 or 8 may not exit
            if u.side == MUJ and u.hex is not None and board.local(u.hex)[0] in ("5", "8"):
                ctx.emit(MechSet(f"noexit:{u.uid}", 1))

    def exits_by_retreat(self, state, unit) -> bool:
        return exits_by_edge(state, unit)

    def exit_by_retreat(self, rules, ctx, unit) -> None:
        exit_unit(ctx, unit.uid)

    def on_eliminated(self, rules, ctx, unit) -> None:
        if unit.side == MUJ:
            ctx.emit(VPScored(SOVIET, 4, f"{unit.uid} eliminated"))

    def sudden_end(self, rules, ctx) -> bool:
        """When every Mujahideen unit has left the map (exited or eliminated) or every Soviet unit is
        gone, the game is scored as at its end (our reading)."""
        state = ctx.state
        if all(any(u.side == s for u in state.units.values()) for s in PLAYERS):
            return False
        self.final_result(rules, ctx)
        return True

    def final_result(self, rules, ctx) -> None:
        vp = sherkhankhel_vp(ctx.state)
        more_vp_wins(ctx, vp)


RULES = AmbushAtSherkhankhel()
