"""An activated unit's action in two steps (# FUBAR actions; ruleset 1.5): first what, then where.

Step one (the unit's ``Activated`` or ``Walking`` frame) lists the kinds of action: the actions
that need nothing more (Spot a hidden unit, Walk, Go On Guard, Go to Ground, end a Walk) and a
``Choose(kind)`` for each kind that needs a destination or a target: a move in a mode (``run``,
``duck``; ``walk``/``drive`` during a Walk), ``fire``, ``assault``, ``embark``.  Choosing pushes a
``Choosing`` frame; step two lists that kind's options (the suggested moves, which accept a
measured ``MoveFigures`` as well; the fire, assault or boarding targets), and the action taken
there completes the frame below as if it had been taken at step one.  This is what a player does
at the table, and what is cheap to compute: the suggested moves are worked out only for the mode
the player has named.

* No dead ends: a kind is offered only when step two has at least one option.  A move mode is
  offered whenever the unit may move in it: the sidestep suggestion is always there (it needs only
  1/4" of allowance, which ``move_allowance.move_modes`` requires).  Fire, assault and boarding are
  offered after the first target is found (``targeting.has_target``, ``walking.can_fire``).
* No back (reading): naming the kind declares the action, as announcing "this squad runs" does at
  the table; step two has no way back to step one.  Nothing random happens between the two steps,
  so a person who changes their mind undoes the choice (``Game.undo``).
* A measured move names its mode, so step one accepts a ``MoveFigures`` too (a script or a person
  typing points need not name the mode first); step two accepts only moves in the mode chosen.
* Spot stays at step one, one action per hidden enemy unit: it is an attempt made before the
  action, and its targets need no measuring (``fire.spot_targets``).
"""
from __future__ import annotations

import math
from types import MappingProxyType

from tabletop_core import Decision

from . import close_combat as cc
from . import fire, move_allowance, move_menu, targeting, transport, walking
from .civilians import SIDE as CIVILIANS
from .measure import BOUND_SLACK, cover_within, unit_bound, unit_distance
from .move_allowance import DISTANCE
from .state import (
    Activated, Assault, Choose, Choosing, EndAction, GoOnGuard, GoToGround, MoveFigures, Spot, UnitState, Walk,
    Walking,
)

#: The kinds that name a destination at step two (the others name a target).
MOVE_KINDS = ("run", "duck", "walk", "drive")
#: Step one's actions are values (frozen, compared by value): one of each, not one per menu.
_WALK, _ON_GUARD, _GROUND, _END = Walk(), GoOnGuard(), GoToGround(), EndAction()
_CHOOSE = MappingProxyType({kind: Choose(kind) for kind in (*MOVE_KINDS, "fire", "assault", "embark")})


def activated(rules, state, u: UnitState, frame: Activated) -> Decision:
    """Step one for an activated unit: spot, then one action (# FUBAR actions)."""
    spots, ground, fires, assaults, boards = _offers(rules, state, u, spot=not frame.spotted)
    acts: list = [Spot(t) for t in spots]
    acts.append(_WALK)
    modes = move_allowance.move_modes(u, frame)
    acts += [_CHOOSE[mode] for mode in modes]
    acts.append(_ON_GUARD)
    if ground:
        acts.append(_GROUND)
    if fires:
        acts.append(_CHOOSE["fire"])
    if assaults:
        acts.append(_CHOOSE["assault"])
    if boards:
        acts.append(_CHOOSE["embark"])
    return Decision(u.side, tuple(acts), f"{u.id} is activated: spot, then choose an action",
                    accepts=(MoveFigures,) if modes else ())


def _offers(rules, state, u: UnitState, *, spot: bool) -> tuple[tuple[str, ...], bool, bool, bool, bool]:
    """(the hidden units to Spot, whether Go to Ground, fire, an assault and boarding have an
    option at step two): ``fire.spot_targets``, Go to Ground's cover within reach
    (``movement.go_to_ground_vector`` not None), ``targeting.has_target``,
    ``close_combat.can_assault`` and ``transport.embark_options`` in one pass over the units, each
    enemy's least gap (``least_gap``: the enclosing circles' bound, its look-ups written out) worked
    out once for both the fire and the assault tests, which are asked in the order those ask them."""
    side, figs = u.side, u.figures
    m = rules.measure_for(u)
    arms = targeting.armament(rules, u)  # None: nothing of it may fire
    longest = arms[1] if arms is not None else 0.0
    on_foot = not u.vehicle and not u.carried_by
    reach = DISTANCE["assault"]
    combats = state.combats
    bounds = m._bounds.answers
    ax, ay, aspan, _held = unit_bound(m, figs)
    sqrt = math.sqrt
    hidden: list[str] = []
    shootable: list[UnitState] = []
    assailable: list[UnitState] = []
    boardable = False
    for e in state.units.values():
        efigs = e.figures
        if not efigs:
            continue
        if e.side == side:
            if on_foot and not boardable and e.vehicle:
                boardable = transport.may_board(rules, state, u, e)
            continue
        if e.hidden:
            if not e.carried_by:
                hidden.append(e.id)
            continue
        if combats and targeting.engaged(state, e.id):
            continue  # neither fired at nor assaulted (# FUBAR close-combat)
        b = bounds.get(id(efigs)) or unit_bound(m, efigs)
        dx = ax - b[0]
        dy = ay - b[1]
        gap = sqrt(dx * dx + dy * dy) - aspan - b[2] - BOUND_SLACK
        if arms is not None and gap <= longest:
            shootable.append(e)
        if on_foot and gap <= reach and e.side != CIVILIANS and not e.vehicle and not e.carried_by:
            assailable.append(e)
    fires = any(targeting.whole_unit_fires_at(rules, state, u, arms, e) for e in shootable)
    near = [e for e in assailable if unit_distance(u, e) <= reach]
    return (
        tuple(hidden) if spot else (),
        # go_to_ground_vector's None; the centre is centroid(u), the same sums kept on the figures
        not u.vehicle and cover_within(m, (ax, ay), DISTANCE["ground"]),
        fires,
        bool(near) and m.sees_any_of(u, near),
        boardable,
    )


def walking_step(rules, state, u: UnitState, frame: Walking) -> Decision:
    """Step one during a Walk: fire (once), move what is left of the allowance, or stop."""
    acts: list = []
    if not frame.fired and walking.can_fire(rules, state, u, frame):
        acts.append(_CHOOSE["fire"])
    modes = move_allowance.move_modes(u, frame)
    acts += [_CHOOSE[mode] for mode in modes]
    acts.append(_END)
    return Decision(u.side, tuple(acts), f"{u.id} {frame.mode}s: move, firing once at any point of the move",
                    accepts=(MoveFigures,) if modes else ())


def step_two(rules, state, frame: Choosing) -> Decision | None:
    """The destinations or targets of the kind named at step one."""
    u = state.units.get(frame.unit)
    if u is None or not u.alive:
        return None
    below = move_allowance.acting_frame(state)
    kind = frame.kind
    accepts: tuple = ()
    if kind in MOVE_KINDS:
        acts = move_menu.move_options(rules, state, u, kind, move_allowance.allowance(u, below, kind))
        accepts = (MoveFigures,)
        prompt = f"{u.id} moves ({kind}): where to?"
    elif kind == "fire":
        if isinstance(below, Walking):
            acts = walking.fire_options(rules, state, u, below)
        else:
            acts = fire.fire_options(rules, state, u, aimed=True)
        prompt = f"{u.id} fires: at what?"
    elif kind == "assault":
        acts = [Assault(t) for t in cc.assault_targets(rules, state, u)]
        prompt = f"{u.id} assaults: whom?"
    else:
        acts = transport.embark_options(rules, state, u)
        prompt = f"{u.id} gets into a vehicle: which?"
    return Decision(u.side, tuple(acts), prompt, accepts=accepts)


def describe(a: Choose) -> str:
    return {
        "run": "run 12\" (then choose where)", "duck": "duck & weave 8\" (then choose where)",
        "walk": "walk on (then choose where)", "drive": "drive on (then choose where)",
        "fire": "fire (then choose the target)", "assault": "assault (then choose whom)",
        "embark": "get into a vehicle (then choose which)",
    }[a.kind]
