"""Test helpers: a cleared table to build situations on, and a context with scripted dice."""
from __future__ import annotations

import attrs

from tabletop_core import Game, Host, default_host, make_plugin_manager
from tabletop_core import dice
from tabletop_core.context import Context
from tabletop_core.events import CardMoved, DiceRolled, NumberDrawn

from rules_fubar.scenarios import make_unit
from rules_fubar.state import CasualtiesTaken, DesignateHideout, PhaseChanged, UnitPlaced


class Scripted(Context):
    """A game's context whose dice (and random numbers) come from a script, then from the seed."""

    def __init__(self, game: Game, faces=()):
        super().__init__(game.state, game._apply_event, game._record)
        self.faces = list(faces)

    def roll(self, expression, *, player=None, reason=""):
        if not self.faces:
            return super().roll(expression, player=player, reason=reason)
        spec = dice.parse(expression)
        faces = tuple(self.faces.pop(0) for _ in range(spec.count))
        event = DiceRolled(str(spec), faces, dice.total_of(spec, faces), self.state.rng_counter, player, reason)
        self.emit(event)
        return event

    def randint(self, low, high, *, reason=""):
        if not self.faces:
            return super().randint(low, high, reason=reason)
        value = self.faces.pop(0)
        self.emit(NumberDrawn(low, high, value, self.state.rng_counter, reason))
        return value


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
    """A started game with every unit removed: the table is ours to set up (valley table: x >= 38 is open).
    In recovery-team the insurgent player has designated the first buildings as hideouts."""
    game = Game.start(rules_with(*variants), scenario, seed=seed)
    designate_hideouts(game)
    ctx = Scripted(game)
    for uid, u in list(game.state.units.items()):
        if u.figures:
            ctx.emit(CasualtiesTaken(uid, tuple(f.id for f in u.figures)))
    while game.state.stack:
        ctx.pop()
    game._decision = None  # the events above bypassed Game.apply: forget the cached decision
    return game


def place(game, troop, uid, side, x, y, **changes):
    rules = game.rules
    table = rules.data.scenarios[game.state.scenario].table
    u = make_unit(rules, troop, uid, side, x, y, table=table)
    if changes:
        u = attrs.evolve(u, **changes)
    Scripted(game).emit(UnitPlaced(u, "test"))
    return game.state.units[uid]


def set_phase(game, phase):
    Scripted(game).emit(PhaseChanged(phase))


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
    game.force_faces(faces)
    game.apply(Activate(uid))
    return game.decision


def kind_of(action) -> str | None:
    """The kind named at step one (``Choose``) before ``action`` is offered at step two
    (ruleset 1.5, ``rules_fubar.action_menu``); None for an action taken at step one."""
    from rules_fubar.state import Assault, Embark, FireAt, Move, SplitFire

    if type(action) is Move:
        return action.mode
    return {FireAt: "fire", SplitFire: "fire", Assault: "assault", Embark: "embark"}.get(type(action))


def take(game, action):
    """Apply ``action`` through the public path: at step one, name its kind first (``Choose``)."""
    from rules_fubar.state import Choose

    kind = kind_of(action)
    if kind is not None and Choose(kind) in game.decision.actions:
        game.apply(Choose(kind))
    game.apply(action)


def offered(game, kind) -> tuple:
    """The step-two suggestions of ``kind`` (read on a clone: ``game`` stays at step one); () when
    step one does not offer that kind."""
    from rules_fubar.state import Choose

    game._decision = None  # tests that set up through a Scripted context bypass Game.apply
    if Choose(kind) not in game.decision.actions:
        return ()
    peek = game.clone()
    peek.apply(Choose(kind))
    return peek.decision.actions


def fight_round(game, ctx, cid):
    """Fight one round of close combat ``cid`` through its automatic steps (no casualties to pick)."""
    from rules_fubar import close_combat
    from rules_fubar.rules import _ADVANCE

    depth = len(game.state.stack)
    close_combat.fight_round(game.rules, ctx, cid)
    while len(game.state.stack) > depth:
        assert game.rules.decision(game.state) is None, "a casualty to pick: answer it in the test"
        _ADVANCE[type(game.state.top)](game.rules, ctx, game.state.top)


def events_of(game, kind, start=0):
    return [e for e in game.events[start:] if type(e) is kind]


__all__ = ["activate", "kind_of", "take", "offered", "fight_round", "Scripted", "lab", "designate_hideouts", "place", "rules_with", "events_of", "set_phase", "Host", "make_plugin_manager", "CardMoved"]
