"""Helpers for Orgun 1983 rule tests: build a game in a chosen situation through events, and
script dice outcomes (each scripted roll is still recorded as a DiceRolled event)."""
from __future__ import annotations

import pytest

from rules_orgun1983.cards import create_decks, deck_name
from rules_orgun1983.rules import SCENARIO, OrgunRules
from rules_orgun1983.state import (
    ControlSet,
    GroupsScheduled,
    InitiativeDetermined,
    MinefieldLaid,
    PhaseBegan,
    TurnBegan,
    UnitPlaced,
    UnitSpent,
)
from tabletop_core import __version__ as ENGINE
from tabletop_core import gamelog
from tabletop_core.decks import hand
from tabletop_core.events import GameStarted
from tabletop_core.game import Game


class Table:
    """A game in a prepared situation plus a dice script."""

    def __init__(self, rules: OrgunRules | None = None):
        self.rules = rules or OrgunRules()
        header = gamelog.Header(engine=ENGINE, ruleset="orgun1983", ruleset_version=self.rules.version,
                                scenario=SCENARIO, seed=0)
        self.game = Game(self.rules, header)
        self.ctx = self.game._ctx
        self.ctx.emit(GameStarted("orgun1983", SCENARIO, 0))
        create_decks(self.rules, self.ctx)

    @property
    def state(self):
        return self.game.state

    def place(self, **where: int) -> "Table":
        for uid, area in where.items():
            info = self.rules.data.units[uid]
            self.ctx.emit(UnitPlaced(uid, info.side, area, info.steps))
        return self

    def control(self, side, *areas) -> "Table":
        for a in areas:
            self.ctx.emit(ControlSet(a, side))
        return self

    def mines(self, *areas) -> "Table":
        for a in areas:
            self.ctx.emit(MinefieldLaid(a))
        return self

    def spend(self, *units) -> "Table":
        for u in units:
            self.ctx.emit(UnitSpent(u))
        return self

    def pending(self, *groups) -> "Table":
        self.ctx.emit(GroupsScheduled(tuple(groups)))
        return self

    def give(self, side: str, *card_prefixes: str) -> list[str]:
        """Move one copy of each named card (by record id) into ``side``'s hand."""
        deck = self.state.decks[deck_name(side)]
        given = []
        for prefix in card_prefixes:
            card = next(c for c in deck.piles["draw"] if c.split("#")[0] == prefix)
            self.ctx.move_card(deck_name(side), card, "draw", hand(side))
            given.append(card)
        return given

    def start(self, *, turn: int = 1, phase: str = "action", initiative: str = "muj") -> "Table":
        self.ctx.emit(TurnBegan(turn))
        self.ctx.emit(InitiativeDetermined(initiative))
        self.ctx.emit(PhaseBegan(phase))
        self.game._run_automatic()
        return self

    def roll(self, *faces: int) -> "Table":
        """The next d6 rolls show ``faces`` (still recorded as DiceRolled events: Game.force_faces)."""
        self.game.force_faces(faces)
        return self

    def do(self, *actions) -> "Table":
        for a in actions:
            self.game.apply(a)
        return self

    @property
    def decision(self):
        return self.game.decision

    def legal(self):
        return self.game.legal_actions()

    def unit(self, uid):
        return self.state.units.get(uid)

    def events(self, kind):
        return [e for e in self.game.events if isinstance(e, kind)]


@pytest.fixture
def table():
    return Table()
