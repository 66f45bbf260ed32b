"""Artillery (GoE 12a) and Barrage markers (12b).

A strike hits a target hex and two hexes adjacent to it.  The spotter (an unshaken friendly unit)
must see the target hex.  Targeting roll 1d6, +1 for the Soviets, -1 if the spotter's LOS is
degraded: 4-6 on target, else the whole pattern drifts one hex in a random direction.  Each hex is
attacked separately with the scenario's artillery HEF less the hex's cover against artillery
(hills give none), one more card when several Soft Targets share the hex, hits spread evenly.
Every unit in a struck hex is attacked, the caller's own included (reading: queries.strike_targets.artillery_targets).
"""
from __future__ import annotations

import itertools

from tabletop_core import Decision
from tabletop_core.boards.hexgrid import DIRECTIONS, Hex

from ..effects.artillery_strike import strike
from ..model.actions import Decline, Declined, Strike, StrikeTarget
from ..queries.board import board_at
from ..model.frames import ArtilleryFrame, StrikePattern
from ..model.events import Note
from ..model.state import SOVIET
from ..queries.spotting import spotted_hexes, spotting

def on_target(roll: int, side: str, degraded: bool) -> bool:
    """12a targeting roll."""
    total = roll + (1 if side == SOVIET else 0) - (1 if degraded else 0)
    return total >= 4


def target_options(state, side: str) -> list[StrikeTarget]:
    """12a, first step: every spotted hex with two adjacent hexes on the map to complete a pattern."""
    board = board_at(state)
    return [StrikeTarget(board.label(t)) for t in spotted_hexes(state, side) if len(board.neighbours[t]) >= 2]


def pattern_options(state, target) -> list[Strike]:
    """12a, second step: the strike on ``target`` with each pair of hexes adjacent to it; 23b: with
    a Bunker in the pattern, also its APF at the Bunker instead."""
    board = board_at(state)
    out = []
    for a, b in itertools.combinations(board.neighbours[target], 2):
        out.append(Strike(board.label(target), (board.label(a), board.label(b))))
        if state.bunkers and any(h in state.bunkers for h in (target, a, b)):
            out.append(Strike(board.label(target), (board.label(a), board.label(b)), bunker_ap=True))
    return out


def strike_options(rules, state, side: str) -> list[Strike]:
    """Every strike ``side`` may call now (both steps of the choice)."""
    board = board_at(state)
    return [s for t in target_options(state, side) for s in pattern_options(state, board.hex(t.target))]


def decide(rules, state, f: ArtilleryFrame):
    opts = target_options(state, f.side)
    return Decision(f.side, (*opts, Decline(Declined.NO_STRIKE)), f"call an artillery strike ({f.hef} HEF)")


def decide_pattern(rules, state, f: StrikePattern):
    opts = pattern_options(state, board_at(state).hex(f.target))
    return Decision(f.side, (*opts, Decline(Declined.BACK)), f"artillery strike on {f.target}: the two hexes beside it")


def act_pattern(rules, ctx, f: StrikePattern, action) -> None:
    ctx.pop()
    if isinstance(action, Decline):  # back to the choice of a target hex
        return
    act(rules, ctx, ctx.state.top, action)


def act(rules, ctx, f: ArtilleryFrame, action) -> None:
    if isinstance(action, StrikeTarget):
        ctx.push(StrikePattern(f.side, action.target))
        return
    ctx.pop()
    if isinstance(action, Decline):
        return
    board = board_at(ctx.state)
    target = board.hex(action.target)
    pattern = [target] + [board.hex(x) for x in action.pattern]
    degraded = spotting(ctx.state, f.side, target) == 1
    roll = ctx.roll("d6", player=f.side, reason="artillery targeting").total
    if on_target(roll, f.side, degraded):
        ctx.emit(Note(f"artillery on target ({roll}{'+1' if f.side == SOVIET else ''}{'-1' if degraded else ''})"))
    else:
        d = DIRECTIONS[ctx.randint(0, 5, reason="artillery drift direction")]
        pattern = [Hex(h.q + d.q, h.r + d.r) for h in pattern]
        ctx.emit(Note(f"artillery drifts ({roll}): pattern shifts one hex"))
    strike(rules, ctx, f.side, f.hef, [h for h in pattern if h in board.board], bunker_ap=action.bunker_ap)
