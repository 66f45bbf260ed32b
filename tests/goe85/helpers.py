"""Test harness: a started game, the named cards, and reading helpers; positions are set through the
referee in refpos.py (every change recorded, so the games replay)."""
from __future__ import annotations

from tabletop_core.game import Game

from rules_goe85.queries.board import board_for
from rules_goe85.data.loading import game_data
from rules_goe85.rules import GoERules
from rules_goe85.model.actions import (
    REFUSALS, Decline, Declined, KeepBonusCard, PickCard, PickHelicopter, PickReserveUnit, PlayReaction, ReserveMove,
    Strike, StrikeTarget,
)
from rules_goe85.model.frames import AssaultFrame, FireFrame, Impulse

RULES = GoERules()
RED, GOLD, GREEN, BLANK = "#5", "#2", "#3", "#1"
RED2, GOLD2, GREEN2, BLANK2 = "#14", "#11", "#6", "#4"
GREEN3 = "#9"  # Fire / Bloodlust, green Hit
BLANK3, BLANK4, BLANK5, BLANK6 = "#15", "#19", "#23", "#12"  # no Hit


def game(scenario: str = "your-papers-please", seed: int = 0, setup: str = "default") -> Game:
    """A started game; the default deployment unless ``setup="choose"`` (the set-up decision phase)."""
    return Game.start(RULES, scenario, seed=seed, options={"setup": setup})


def play_through(g: Game, action, **kw) -> None:
    """Apply ``action``, then turn down every window that follows offering Decline alone (GoE hidden
    hands: such windows open on public conditions whatever the hand holds)."""
    g.apply(action, **kw)
    decline_empty_windows(g)


def decline_empty_windows(g: Game) -> None:
    """Turn down, through the public path, every window now offering Decline alone."""
    while not g.over and only_decline(g):
        g.apply(g.decision.actions[0])


def only_decline(g: Game) -> bool:
    """The decision is a window the player can only turn down."""
    actions = g.decision.actions
    return len(actions) == 1 and isinstance(actions[0], Decline)


def impulse_plays(g: Game, card: str | None = None) -> tuple:
    """Every play the impulse's steps offer now (GoE 6b, 17a): each card (or ``card``) picked in
    turn, and each helicopter under it, the offer read and the pick taken back (Game.undo) -- the
    path a player at the terminal walks."""
    out: list = []
    for pick in [a for a in g.decision.actions if isinstance(a, PickCard) and card in (None, a.card)]:
        g.apply(pick)
        for a in g.decision.actions:
            if isinstance(a, PickHelicopter):
                g.apply(a)
                out += g.decision.actions
                g.undo()
            else:
                out.append(a)
        g.undo()
    return tuple(out)


def hexes(g: Game, *labels):
    board = board_for(g.state.scenario)
    return [board.hex(x) for x in labels]


DATA = game_data()


def _words(g, action):
    return RULES.describe_action(action, g.state)


def _finish_windows(g):
    while g.state.result is None and g.decision is not None and any(
            isinstance(f, FireFrame) for f in g.state.stack):
        g.apply(next(a for a in g.decision.actions if isinstance(a, REFUSALS)))


def _assault(g, attackers, hex_label, **kw):
    """Frames: the Soviet impulse with an assault in ``hex_label`` on top (13a: the move has ended)."""
    board = board_for(g.state.scenario)
    frame = AssaultFrame(side="soviet", hex=board.hex(hex_label),
                         attackers=tuple((uid, board.hex(frm)) for uid, frm in attackers), **kw)
    return [Impulse("soviet", "main"), frame]


def _react(g, verb):
    return next(a for a in g.decision.actions if isinstance(a, PlayReaction) and a.use == verb)


def _notes(g):
    return [e.text for e in g.events if type(e).__name__ == "Note"]


def labels(g, hexes):
    b = board_for(g.state.scenario)
    return sorted(b.label(h) for h in hexes)


def _labels(g, side):
    b = board_for(g.state.scenario)
    return [b.label(u.hex) for u in g.state.units.values() if u.side == side and u.hex is not None]


def reserve_moves_of(g, uid: str) -> list:
    """``uid``'s reserve moves: pick it (the choice's first step), read the second step, go back."""
    if PickReserveUnit(uid) not in g.decision.actions:
        return []
    g.apply(PickReserveUnit(uid))
    moves = [a for a in g.decision.actions if isinstance(a, ReserveMove)]
    g.apply(Decline(Declined.BACK))
    return moves


def reserve_move(g, move) -> None:
    """Both steps of a reserve move: pick the unit, then its destination."""
    g.apply(PickReserveUnit(move.unit))
    g.apply(move)


def call_strike(g, target: str, pattern: set):
    """Pick the strike's target hex (the first step) and return the second step's Strike with that pattern."""
    g.apply(StrikeTarget(target))
    return next(a for a in g.decision.actions if isinstance(a, Strike) and set(a.pattern) == pattern)


def _choices(g, kind):
    return [a for a in g.decision.actions if isinstance(a, kind)]


def _mp(g):
    return {u: m for u, m, _ in g.state.top.mp}


def keep_first_bonus_cards(g) -> None:
    """Both players keep the first Bonus card they were dealt (the start of a game that uses them)."""
    while g.decision is not None and isinstance(g.decision.actions[0], KeepBonusCard):
        g.apply(g.decision.actions[0])


def reserve_ground_vehicles(scenario: str, seed: int, most: int):
    """(state, around, unit): each ground vehicle that may still move at each Reserve Phase pick of
    a random game, up to ``most`` of them."""
    from tabletop_core import agents_for, new_game
    from tabletop_core.agents import AgentView

    from rules_goe85.model.frames import ReserveFrame
    from rules_goe85.procedures.reserve.leg_moves import around, movers
    from rules_goe85.queries.units import is_vehicle, utype

    g = new_game("goe85", scenario, seed=seed)
    seats = agents_for(g, "random,random")
    found = 0
    while not g.over and found < most:
        top, state = g.state.top, g.state
        if isinstance(top, ReserveFrame):
            at = around(state, top.side)
            for u in movers(state, top.side, top.moved):
                if u.hex is not None and is_vehicle(u) and utype(u).move_class != "F":
                    found += 1
                    yield state, at, u
        d = g.decision
        g.apply(seats[d.player].choose(AgentView(g, d.player, d)))
