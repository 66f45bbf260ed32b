"""One line of English per GoE event (the core words its own events)."""
from __future__ import annotations

from .queries.board import board_at
from .model.events import (
    BarrageSet, CleanedUp, ConcealSet, ControlSet, EndTurnCounted, Escaped, FoxholePlaced, InitiativeSet, MarkerSet, Note, PassCounted, SmokePlaced, PhaseSet, Rallied, Reconstituted, UnitHit, UnitMoved, UnitPlaced, VPScored,
)


def line(event, state) -> str | None:
    kind = type(event)
    board = board_at(state) if state.scenario else None
    if kind is Note:
        return event.text
    if kind is PhaseSet:
        return f"-- turn {event.turn}: {event.phase}"
    if kind is InitiativeSet:
        return f"{event.side} has the initiative"
    if kind is UnitPlaced:
        where = board.label(event.unit.hex) if event.unit.hex is not None else f"off map (enters turn {event.unit.entry})"
        return f"{event.unit.uid} set up at {where}"
    if kind is UnitMoved:
        return f"{event.uid} moves to {board.label(event.to)}"
    if kind is UnitHit:
        return f"{event.uid} is hit: {event.outcome}"
    if kind is MarkerSet:
        return f"{event.uid} marked {event.marker or 'clear'}"
    if kind is Rallied:
        return f"{event.uid} rallies"
    if kind is Reconstituted:
        return f"{event.uid} is reconstituted"
    if kind is ConcealSet:
        return f"{event.uid} {'is concealed' if event.on else 'loses concealment'}"
    if kind is EndTurnCounted:
        return f"End Turn card {event.card} ({event.count})"
    if kind is PassCounted:
        return None
    if kind is VPScored:
        return f"{event.side} +{event.points:g} VP: {event.reason}"
    if kind is ControlSet:
        return f"{event.side} controls {event.label}"
    if kind is FoxholePlaced:
        return f"foxhole at {board.label(event.hex)}"
    if kind is BarrageSet:
        return "barrage on " + ", ".join(board.label(h) for h in event.hexes)
    if kind is SmokePlaced:
        return f"Smoke {event.level} placed on {board.label(event.hex)}"
    if kind is CleanedUp:
        return "clean up: Fired, Moved, Ops Complete and Barrage markers removed"
    if kind is Escaped:
        return f"{event.uid} slips away unseen"
    from .model.events import HitUndone

    if kind is HitUndone:  # 19f
        return f"{event.unit.uid}'s assault hits are undone" + (" and it is back in play" if event.eliminated else "")
    return None
