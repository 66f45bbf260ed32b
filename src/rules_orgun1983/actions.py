"""Orgun 1983's actions (the choices players make) and frames (pending procedure steps).

A move is built from small decisions so that action lists stay short: activate an area, choose
what to do, pick units one at a time, then step from area to area.  Reactions (the ambush window)
and sub-procedures (attacks, loss allocation, stacking) are frames on the state's stack.
"""
from __future__ import annotations

import attrs

from tabletop_core import Action, Frame

from .value_makers import positional_maker


# -- actions --------------------------------------------------------------------------------------
@attrs.frozen
class Activate(Action):
    area: int


@attrs.frozen
class Pass(Action):
    pass


@attrs.frozen
class ChooseMove(Action):
    pass


@attrs.frozen
class ChooseAttack(Action):
    pass


@attrs.frozen
class Raid(Action):
    raider: str
    target: str


@attrs.frozen
class LayMines(Action):
    unit: str


@attrs.frozen
class Pick(Action):
    unit: str


@attrs.frozen
class Go(Action):
    pass


@attrs.frozen
class Step(Action):
    area: int


@attrs.frozen
class Stop(Action):
    pass


@attrs.frozen
class Ambush(Action):
    ambusher: str
    target: str


@attrs.frozen
class Decline(Action):
    pass


@attrs.frozen
class PlayCard(Action):
    card: str


@attrs.frozen
class Done(Action):
    pass


@attrs.frozen
class TakeLoss(Action):
    unit: str


@attrs.frozen
class Retreat(Action):
    unit: str
    area: int


@attrs.frozen
class Eliminate(Action):
    unit: str


@attrs.frozen
class AttackNow(Action):
    pass


@attrs.frozen
class Hold(Action):
    pass


@attrs.frozen
class EnterAt(Action):
    """Where an arriving reinforcement group enters (one of its legal entry areas)."""

    area: int


ACTIONS = (
    Activate, Pass, ChooseMove, ChooseAttack, Raid, LayMines, Pick, Go, Step, Stop, Ambush, Decline,
    PlayCard, Done, TakeLoss, Retreat, Eliminate, AttackNow, Hold, EnterAt,
)

# The field-less answers, made once (frozen values: one instance serves every menu).
PASS, GO, STOP, DONE = Pass(), Go(), Stop(), Done()
CHOOSE_MOVE, CHOOSE_ATTACK = ChooseMove(), ChooseAttack()


# -- frames ---------------------------------------------------------------------------------------
@attrs.frozen
class Activation(Frame):
    """An activated area waiting for its action."""

    side: str
    area: int


@attrs.frozen
class Select(Frame):
    """Units being picked one by one for a move or an attack.

    A move activation sends out one party after another: ``parties`` counts those already sent."""

    side: str
    area: int
    purpose: str  # "move" | "attack"
    chosen: tuple[str, ...] = ()
    parties: int = 0


@attrs.frozen
class Move(Frame):
    """A party on the move.  ``checks`` are the automatic steps still due after entering ``here``;
    ``path`` is every area the party has stood in, the start first."""

    side: str
    units: tuple[str, ...]
    here: int
    prev: int
    budget: int  # ticks (half OP)
    used: int = 0
    checks: tuple[str, ...] = ()
    flying: bool = False
    path: tuple[int, ...] = ()


@attrs.frozen
class MoveEnd(Frame):
    side: str
    area: int
    units: tuple[str, ...]
    step: str = "stack"  # stack -> combat [-> choose] -> control


@attrs.frozen
class AmbushWindow(Frame):
    """The reaction offered to ``side`` when enemy units entered ``area`` from ``prev``."""

    side: str
    area: int
    prev: int
    movers: tuple[str, ...]
    done: int = 0  # ambushes already made on this entry


@attrs.frozen
class AmbushParty(Frame):
    """An ambush declared on ``target``: ``side`` may add more ambushers from the first one's area."""

    side: str
    area: int
    prev: int
    movers: tuple[str, ...]
    done: int
    target: str
    ambushers: tuple[str, ...]


@attrs.frozen
class RaidRetreat(Frame):
    """A raided DRA unit waiting for its owner to pick the area it retreats into."""

    side: str
    unit: str


@attrs.frozen
class Entry(Frame):
    """A reinforcement group about to arrive; its owner picks the entry area."""

    side: str
    group: str
    by_card: bool = False


@attrs.frozen
class Attack(Frame):
    side: str
    area: int
    units: tuple[str, ...]
    step: str = "att_cards"  # att_cards -> def_cards -> resolve -> after
    att_cards: tuple[str, ...] = ()
    def_cards: tuple[str, ...] = ()
    defenders: tuple[str, ...] = ()


@attrs.frozen
class Losses(Frame):
    side: str
    area: int
    units: tuple[str, ...]
    points: int
    reason: str


@attrs.frozen
class Stacking(Frame):
    side: str
    area: int


@attrs.frozen
class Reinforce(Frame):
    side: str
    step: str = "roll"  # roll -> cards
    rolled: tuple[str, ...] = ()  # groups already rolled for this phase


# The frames made at every pick, step, entry check and move end, from every field in order
# (see value_makers): make_move(side, units, here, prev, budget, used, checks, flying, path) ...
make_select = positional_maker(Select)
make_move = positional_maker(Move)
make_move_end = positional_maker(MoveEnd)

FRAMES = (
    Activation, Select, Move, MoveEnd, AmbushWindow, AmbushParty, RaidRetreat, Attack, Losses, Stacking, Reinforce,
    Entry,
)
