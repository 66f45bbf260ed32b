"""How far and in which ways a unit may still move now (# FUBAR actions, vehicle-move): the
distances of each kind of move, the frame whose move is being made, the modes it allows and the
allowance each figure has left.  Queries only: moving (``movement.py``), checking a measured move
(``measured_move.py``), the suggested moves and getting out of a vehicle ask them.
"""
from __future__ import annotations

from tabletop_core.boards.table import INFANTRY, VEHICLE

from .state import Activated, Choosing, UnitState, Walking

#: # FUBAR actions: distances in inches.
DISTANCE = {"walk": 6.0, "run": 12.0, "duck": 8.0, "ground": 3.0, "assault": 8.0, "drive": 12.0}
#: Allowance below this (inches) is not worth offering a move for.
SMALLEST_MOVE = 0.25


def can_move(u: UnitState) -> bool:
    return not (u.vehicle and u.immobilised) and not u.carried_by  # riders move with their vehicle


def profile_of(u: UnitState):
    return VEHICLE if u.vehicle else INFANTRY


# -- how far a unit may still move ----------------------------------------------------------------
def move_modes(u: UnitState, frame) -> tuple[str, ...]:
    """The kinds of move the top frame lets ``u`` make now: Run or Duck & Weave as its action
    (infantry), or the current leg of a Walk/drive."""
    if not can_move(u):
        return ()
    if isinstance(frame, Activated):
        return () if u.vehicle else ("run", "duck")
    if isinstance(frame, Walking) and not frame.moved:
        left = max(allowance(u, frame, frame.mode).values(), default=0.0)
        return (frame.mode,) if left >= SMALLEST_MOVE else ()
    return ()


def acting_frame(state):
    """The frame of the unit whose action is being taken: its ``Activated`` or ``Walking`` frame,
    which lies under the ``Choosing`` frame of step two (``action_menu.py``)."""
    stack = state.stack
    top = stack[-1] if stack else None
    if type(top) is Choosing and len(stack) > 1:
        return stack[-2]
    return top


def modes_now(state, u: UnitState) -> tuple[str, ...]:
    """``move_modes`` for the decision now: at step two of a move only the mode named at step one."""
    top = state.top
    modes = move_modes(u, acting_frame(state))
    if type(top) is Choosing:
        return (top.kind,) if top.kind in modes else ()
    return modes


def allowance(u: UnitState, frame, mode: str) -> dict[str, float]:
    """Inches each figure (by id) may still move in ``mode``: a Walk's second leg has what its
    first left (# FUBAR actions: fire at one point during the move)."""
    spent = dict(frame.spent) if isinstance(frame, Walking) else {}
    full = DISTANCE[mode]
    return {f.id: max(full - spent.get(f.id, 0.0), 0.0) for f in u.figures}
