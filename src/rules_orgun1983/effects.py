"""Effects several procedures share: cohesion tests, losses, eliminations, control, lone leaders."""
from __future__ import annotations

from tabletop_core import FrameDispatch

from .queries import area_drm, control_changes, units_at
from .state import (
    CohesionTested,
    ControlSet,
    LeaderTest,
    LossTaken,
    UnitEliminated,
    UnitMoved,
    other,
)

# One router for every frame type; each procedure module registers its handlers on it.
dispatch = FrameDispatch()


def cohesion_test(R, ctx, unit_id: str, *, reason: str, modifier: int = 0, drm_area: int | None = None) -> tuple[int, bool]:
    """# Orgun: cohesion test -- d6, minus the best friendly leader DRM, plus ``modifier``; passes
    at or under the unit's cohesion (the middle number); an unmodified 6 always fails."""
    unit = ctx.state.units[unit_id]
    info = R.data.units[unit_id]
    area = unit.area if drm_area is None else drm_area
    drm = area_drm(R, ctx.state, area, unit.side)
    roll = ctx.roll("d6", player=unit.side, reason=f"cohesion test of {info.name} ({reason})").total
    total = modifier - drm
    passed = roll != 6 and roll + total <= info.cohesion
    ctx.emit(CohesionTested(unit_id, roll, total, info.cohesion, passed, reason))
    return roll, passed


def eliminate(R, ctx, unit_id: str, reason: str) -> None:
    ctx.emit(UnitEliminated(unit_id, reason, R.data.units[unit_id].kind == "helicopter"))


def take_loss(R, ctx, unit_id: str, reason: str) -> None:
    """# Orgun: each loss point removes one step; a unit without steps is eliminated."""
    unit = ctx.state.units[unit_id]
    left = unit.steps - 1
    ctx.emit(LossTaken(unit_id, left))
    if left <= 0:
        eliminate(R, ctx, unit_id, reason)


def sync_control(R, ctx) -> None:
    """A side whose units stand alone in an area controls it (see Readings.control_by_leaders)."""
    for area, side in control_changes(R, ctx.state):  # mostly none
        ctx.emit(ControlSet(area, side))


def lone_leader_tests(R, ctx, area: int, entering_side: str) -> None:
    """# Orgun: lone leader -- where only enemy leaders stand, each rolls d6: 1-4 killed, 5-6 it
    escapes to the nearest area holding its own units (killed if there is none)."""
    state = ctx.state
    enemy = other(entering_side)
    if area not in state.at[enemy]:
        return  # no enemy here at all (the usual case)
    info = R.data.units
    present = units_at(state, area, enemy)
    if not present or not all(info[u.id].is_leader for u in present):
        return
    for leader in present:
        roll = ctx.roll("d6", player=enemy, reason=f"lone leader {info[leader.id].name}").total
        killed = roll <= 4
        ctx.emit(LeaderTest(leader.id, roll, killed))
        if killed:
            eliminate(R, ctx, leader.id, "killed as a lone leader")
            continue

        def friendly(a: int, side=enemy, me=leader.id) -> bool:
            return any(u.area == a and u.side == side and u.id != me for u in state.units.values())

        refuge = R.data.area_map.nearest(area, friendly)
        if refuge is None:
            eliminate(R, ctx, leader.id, "a lone leader with nowhere to escape")
        else:
            ctx.emit(UnitMoved(leader.id, area, refuge, 0.0, "escape"))
