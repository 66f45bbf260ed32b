"""Test helpers: positions set up through the public referee (``Game.referee``: every change is a
recorded event or a pushed frame, and the game runs on to its next decision), then driven by
``game.apply`` with the dice forced (``game.force_faces``).  No private attribute is touched."""
from __future__ import annotations

import attrs

from tabletop_core import Game, Host, default_host, make_plugin_manager
from tabletop_core.events import CardMoved

from rules_fubar.scenarios import make_unit
from rules_fubar.state import Activated, CasualtiesTaken, DesignateHideout, PhaseChanged, UnitPlaced

REFEREE = "referee"  # the reason on every UnitPlaced a test's referee emits


def rules_with(*variants):
    return default_host().rules("fubar", variants)


def designate_hideouts(game, buildings=None):
    """Answer the insurgent player's secret hideout designations: ``buildings`` in order, or the
    first candidates (table order) when None.  Returns the buildings designated."""
    chosen = []
    buildings = list(buildings or [])
    while not game.over and type(game.decision.actions[0]) is DesignateHideout:
        options = game.decision.actions
        pick = next((a for a in options if a.building == buildings[0]), None) if buildings else options[0]
        if buildings:
            buildings.pop(0)
        game.apply(pick)
        chosen.append(pick.building)
    return chosen


def lab(*variants, scenario="meeting-engagement", seed=0):
    """A started game whose table is ours to set up (valley table: x >= 38 is open): the first
    :func:`place` withdraws every unit the scenario deployed (a table with no unit on it would
    run on to the mission's end, so the clearing waits for the first unit of the test's own).
    In recovery-team the insurgent player has designated the first buildings as hideouts."""
    game = Game.start(rules_with(*variants), scenario, seed=seed)
    designate_hideouts(game)
    return game


def _cleared(game) -> bool:
    return any(type(e) is UnitPlaced and e.reason == REFEREE for e in game.events)


def clear_table(ctx) -> None:
    """Referee: every unit deployed leaves the table and no procedure is under way."""
    for uid, u in list(ctx.state.units.items()):
        if u.figures:
            ctx.emit(CasualtiesTaken(uid, tuple(f.id for f in u.figures)))
    while ctx.state.stack:
        ctx.pop()


def place(game, troop, uid, side, x, y, **changes):
    """Referee: put a unit of ``troop`` on the table at (x, y) (its formation from the data), its
    fields changed by ``changes``; the first placement of a test clears the table first."""
    rules = game.rules
    table = rules.data.scenarios[game.state.scenario].table
    u = make_unit(rules, troop, uid, side, x, y, table=table)
    if changes:
        u = attrs.evolve(u, **changes)
    first = not _cleared(game)

    def script(ctx):
        if first:
            clear_table(ctx)
        ctx.emit(UnitPlaced(u, REFEREE))

    game.referee(script)
    return game.state.units[uid]


def emit(game, *events, faces=()):
    """Referee: these events happen (a suppression, a close combat begun, a unit On Guard ...)."""

    def script(ctx):
        for e in events:
            ctx.emit(e)

    game.referee(script, forced_faces=faces)


def push(game, frame, *, faces=()):
    """Referee: the procedure ``frame`` starts (the game runs on from it to the next decision,
    the next dice showing ``faces``).  Returns the decision."""
    game.referee(lambda ctx: ctx.push(frame), forced_faces=faces)
    return game.decision


def activated(game, uid, *, spotted=False):
    """Referee: ``uid`` has passed its activation roll and is asked for its action."""
    return push(game, Activated(uid, spotted))


def set_phase(game, phase):
    emit(game, PhaseChanged(phase))


def do(game, action, faces=()):
    """Apply ``action`` as the deciding player, the next dice showing ``faces``: it must be one of
    the actions offered (or, for a parametric action, one ``game.check`` accepts)."""
    offered_now = game.decision.actions
    assert action in offered_now or game.check(action) is None, f"{action} is not offered: {offered_now}"
    game.force_faces(faces)
    game.apply(action)
    return game.decision


def activate(game, uid, faces=(6,)):
    """Through the public path: give ``uid``'s side the initiative (as the referee) and apply its
    ``Activate`` with the activation die forced (a natural 6 passes)."""
    from rules_fubar.state import Activate, InitiativeSet, TurnBegan

    side = game.state.units[uid].side
    order = (side,) + tuple(p for p in game.rules.players if p != side)
    again = game.state.units[uid].attempted

    def script(ctx):
        if again:  # it has had its attempt this turn: on to the next
            ctx.emit(TurnBegan(game.state.turn + 1))
        ctx.emit(InitiativeSet(order, tuple(range(len(order), 0, -1))))
        ctx.emit(PhaseChanged("activation"))

    game.referee(script)
    return do(game, Activate(uid), faces)


def kind_of(action) -> str | None:
    """The kind named at step one (``Choose``) before ``action`` is offered at step two
    (ruleset 1.5, ``rules_fubar.action_menu``); None for an action taken at step one."""
    from rules_fubar.state import Assault, Embark, FireAt, Move, SplitFire

    if type(action) is Move:
        return action.mode
    return {FireAt: "fire", SplitFire: "fire", Assault: "assault", Embark: "embark"}.get(type(action))


def take(game, action, faces=()):
    """Apply ``action`` through the public path: at step one, name its kind first (``Choose``).
    The next dice show ``faces``.  (Refusal tests use it too: ``game.apply`` raises, and says why.)"""
    from rules_fubar.state import Choose

    kind = kind_of(action)
    if kind is not None and Choose(kind) in game.decision.actions:
        game.apply(Choose(kind))
    game.force_faces(faces)
    game.apply(action)
    return game.decision


def offered(game, kind) -> tuple:
    """The step-two suggestions of ``kind`` (read on a clone: ``game`` stays at step one); () when
    step one does not offer that kind."""
    from rules_fubar.state import Choose

    if Choose(kind) not in game.decision.actions:
        return ()
    peek = game.clone()
    peek.apply(Choose(kind))
    return peek.decision.actions


def events_of(game, kind, start=0):
    return [e for e in game.events[start:] if type(e) is kind]


__all__ = ["activate", "activated", "do", "emit", "kind_of", "push", "take", "offered", "lab", "designate_hideouts",
           "place", "clear_table", "rules_with", "events_of", "set_phase", "Host", "make_plugin_manager", "CardMoved", "REFEREE"]

