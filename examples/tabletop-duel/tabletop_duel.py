"""Duel: the smallest complete tabletop rules plug-in — a template to copy.

Two squads (red, blue) of strength 4 share a shuffled deck of cards valued 1–6.  Each holds up to
4 cards, hidden from the other.  On your turn either attack by playing a card, or pass and draw.
An attack pauses for the defender's reaction: they may play a card of equal or higher value to
take cover (the attack fails), or decline.  An attack that stands rolls a d6: roll + card value of
7 or more costs the defender 1 strength.  The attacker then draws.  A squad at 0 loses; after 20
turns the stronger squad wins, or it is a draw.

What it shows: metadata as class constants; frozen events with one apply function each; actions
as data; a reaction window as a frame on the stack; hidden hands through the core's deck piles;
dice through the context; a per-player observation; narration; registration by entry point.
"""
from __future__ import annotations

import attrs

from tabletop_core import Action, BaseState, Decision, Event, Frame, Rules, Scenario, hookimpl
from tabletop_core.decks import hand
from tabletop_core.events import Appliers

PLAYERS = ("red", "blue")
HAND_SIZE = 4
TURNS = 20
CARDS = tuple(f"{value}{suit}" for value in range(1, 7) for suit in "abcd")  # "3b": value 3


def value(card: str) -> int:
    return int(card[0])


def other(player: str) -> str:
    return PLAYERS[1 - PLAYERS.index(player)]


# -- state, events, actions, frames ---------------------------------------------------------------
@attrs.define(kw_only=True)
class DuelState(BaseState):
    strength: dict[str, int] = attrs.Factory(lambda: {p: 4 for p in PLAYERS})
    active: str = "red"
    turn: int = 1


@attrs.frozen
class TurnBegan(Event):
    player: str
    turn: int


@attrs.frozen
class StrengthLost(Event):
    player: str


@attrs.frozen
class Attack(Action):
    card: str


@attrs.frozen
class PassAndDraw(Action):
    pass


@attrs.frozen
class TakeCover(Action):
    card: str


@attrs.frozen
class Decline(Action):
    pass


@attrs.frozen
class AttackPending(Frame):
    """An attack waiting for the defender's reaction."""

    attacker: str
    card: str


appliers = Appliers()


@appliers.on(TurnBegan)
def _turn(state: DuelState, event: TurnBegan) -> None:
    state.active, state.turn = event.player, event.turn


@appliers.on(StrengthLost)
def _hit(state: DuelState, event: StrengthLost) -> None:
    state.strength[event.player] -= 1


# -- the rules ------------------------------------------------------------------------------------
class DuelRules(Rules):
    name = "duel"
    version = "1.0.0"
    title = "Duel (template plug-in)"
    players = PLAYERS
    max_decisions = 200
    events = (TurnBegan, StrengthLost)
    actions = (Attack, PassAndDraw, TakeCover, Decline)
    frames = (AttackPending,)
    appliers = appliers
    state_class = DuelState

    def scenarios(self):
        return {"skirmish": Scenario("skirmish", "Two squads, one deck")}

    def setup(self, ctx, scenario, options):
        ctx.create_deck("cards", CARDS, visibility={hand(p): p for p in PLAYERS})
        for player in PLAYERS:
            for _ in range(HAND_SIZE - 1):
                ctx.draw("cards", hand(player), player=player)
        ctx.emit(TurnBegan("red", 1))

    def decision(self, state):
        cards = state.decks["cards"].piles
        frame = state.top
        if frame is not None:  # the defender's reaction window
            defender = other(frame.attacker)
            covers = [TakeCover(c) for c in cards[hand(defender)] if value(c) >= value(frame.card)]
            return Decision(defender, (*covers, Decline()), f"react to an attack with {frame.card}")
        attacks = tuple(Attack(c) for c in cards[hand(state.active)])
        return Decision(state.active, (*attacks, PassAndDraw()), "attack or pass")

    def act(self, ctx, action):
        state = ctx.state
        if isinstance(action, Attack):
            ctx.move_card("cards", action.card, hand(state.active), "discard", player=state.active)
            ctx.push(AttackPending(state.active, action.card))
            return
        if isinstance(action, PassAndDraw):
            self._draw_up(ctx, state.active, 1)
            self._next_turn(ctx)
            return
        frame = ctx.pop()
        defender = other(frame.attacker)
        if isinstance(action, TakeCover):
            ctx.move_card("cards", action.card, hand(defender), "discard", player=defender)
        else:
            roll = ctx.roll("d6", player=frame.attacker, reason=f"attack with {frame.card}")
            if roll.total + value(frame.card) >= 7:
                ctx.emit(StrengthLost(defender))
        self._draw_up(ctx, frame.attacker, 1)
        self._next_turn(ctx)

    def _draw_up(self, ctx, player, count):
        for _ in range(count):
            if len(ctx.state.decks["cards"].piles[hand(player)]) < HAND_SIZE:
                ctx.draw("cards", hand(player), player=player)

    def _next_turn(self, ctx):
        state = ctx.state
        beaten = [p for p in PLAYERS if state.strength[p] <= 0]
        if beaten:
            ctx.end(other(beaten[0]), "the other squad is destroyed", dict(state.strength))
        elif state.active == "blue" and state.turn >= TURNS:
            red, blue = state.strength["red"], state.strength["blue"]
            winner = None if red == blue else ("red" if red > blue else "blue")
            ctx.end(winner, f"{TURNS} turns played", dict(state.strength))
        else:
            nxt = other(state.active)
            ctx.emit(TurnBegan(nxt, state.turn + (nxt == "red")))

    def referee_set_phase(self, ctx, *, phase):
        """The referee's word (``tabletop_core.referee``): ``phase`` is the side whose turn begins."""
        from tabletop_core.referee import RefereeError

        if phase not in PLAYERS or ctx.state.stack:
            raise RefereeError(f"duel: set_phase takes red or blue, outside an attack; got {phase!r}")
        ctx.emit(TurnBegan(phase, ctx.state.turn))

    def observe(self, state, player):
        return {
            "turn": state.turn,
            "active": state.active,
            "strength": dict(state.strength),
            "cards": state.decks["cards"].view(player),
            "attack": None if state.top is None else attrs.asdict(state.top),
        }

    def narrate(self, event, state):
        if isinstance(event, TurnBegan):
            return f"-- turn {event.turn}: {event.player}"
        if isinstance(event, StrengthLost):
            return f"{event.player} loses 1 strength ({state.strength[event.player]} left)"
        return None


@hookimpl
def tabletop_register_rulesets(registry):
    registry.add(DuelRules)
