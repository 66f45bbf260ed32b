"""Bonus Victory Point cards (GoE 24b) and friendly board edges (24c).

Before play each player is dealt two cards from the ``bonus`` deck and keeps one, hidden from the
other player; a card is revealed and scored when its goal is met (checked at the end of every
impulse and of every Reserve Phase).  The goals of the representative set are in ``data/bonus.toml``.
"""
from __future__ import annotations

import functools

import attrs
from tabletop_core import Decision

from ..model.actions import KeepBonusCard
from ..queries.board import board_for
from ..data.loading import game_data
from ..model.state import PLAYERS, SOVIET, other
from ..model.frames import BonusPick
from ..model.events import EdgeReached, VPScored

BONUS = "bonus"
DONE = "bonus:done"


def held(side: str) -> str:
    return f"bonus:{side}"


def dropped(side: str) -> str:
    return f"bonus:dropped:{side}"


def setup(ctx, spec) -> None:
    if not spec.bonus_cards:
        return
    data = game_data()
    visibility = {}
    for p in PLAYERS:
        visibility[held(p)] = p
        visibility[dropped(p)] = p
    ctx.create_deck(BONUS, sorted(data.bonus), visibility=visibility, reshuffle_discard=False)
    for _ in range(2):
        for p in PLAYERS:
            ctx.draw(BONUS, held(p), player=p)
    ctx.push(BonusPick())


def decide_pick(rules, state, f: BonusPick):
    side = next(p for p in PLAYERS if p not in f.picked)
    cards = state.decks[BONUS].piles[held(side)]
    return Decision(side, tuple(KeepBonusCard(c) for c in cards), "keep one Bonus Victory Point card")


def act_pick(rules, ctx, f: BonusPick, action) -> None:
    side = next(p for p in PLAYERS if p not in f.picked)
    for c in list(ctx.state.decks[BONUS].piles[held(side)]):
        if c != action.card:
            ctx.move_card(BONUS, c, held(side), dropped(side), player=side)
    if len(f.picked) + 1 == len(PLAYERS):
        ctx.pop()
    else:
        ctx.replace(attrs.evolve(f, picked=f.picked + (side,)))


@functools.cache  # asked after every step; the printed board (board_for) never changes
def edge_hexes(scenario: str, edge: str):
    """24c, 24d: the board's hexes on one side (north is up)."""
    board = board_for(scenario)
    hexes = board.hexes
    if edge in ("west", "east"):
        qs = [h[0] for h in hexes]
        q = min(qs) if edge == "west" else max(qs)
        return frozenset(h for h in hexes if h[0] == q)
    d = (0, -1) if edge == "north" else (0, 1)
    return frozenset(h for h in hexes if (h[0] + d[0], h[1] + d[1]) not in board.board)


def after_step(ctx, spec, side: str, h) -> None:
    """Note a unit reaching the enemy's friendly board edge (a Breakthrough goal)."""
    enemy_edge = spec.edges.get(other(side))
    if enemy_edge and side not in ctx.state.edge_reached and h in edge_hexes(ctx.state.scenario, enemy_edge):
        ctx.emit(EdgeReached(side))


def met(state, side: str, goal, *, end_of_reserve: bool) -> bool:
    if goal.goal == "attrition":
        return state.losses[other(side)] >= goal.count
    if goal.goal == "decapitation":
        return state.heroes_lost[other(side)] >= 1
    if goal.goal == "breakthrough":
        return side in state.edge_reached
    if goal.goal == "steady":
        mine = [u for u in state.units.values() if u.side == side and u.hex is not None]
        return end_of_reserve and bool(mine) and not any(u.shaken for u in mine)
    raise AssertionError(goal.goal)


def check(rules, ctx, *, end_of_reserve: bool = False) -> None:
    """Reveal and score every Bonus card whose goal is met (24b; City Boys: +2 for the Mujahideen's,
    -2 from the Mujahideen total for the Soviets')."""
    state = ctx.state
    spec = rules.spec(state)
    if not spec.bonus_cards or BONUS not in state.decks:
        return
    data = game_data()
    for side in PLAYERS:
        for c in list(state.decks[BONUS].piles.get(held(side), [])):
            if state.top is not None and isinstance(state.top, BonusPick):
                return
            if met(state, side, data.bonus[c], end_of_reserve=end_of_reserve):
                ctx.move_card(BONUS, c, held(side), DONE, player=side)
                card_name = f"{c} ({data.bonus[c].title})"
                ctx.emit(VPScored(*rules.special_rules(state).bonus_vp(side, spec.bonus_cards, card_name)))


__all__ = ["setup", "check", "after_step", "decide_pick", "act_pick", "SOVIET"]
