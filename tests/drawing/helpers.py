"""Shared helpers for the drawing tests: seeded random play, and reading pieces out of SVG text."""
from __future__ import annotations

import re

from tabletop_core.drawing.samples import sample_game

PIECE = re.compile(r'<g transform="translate\(([-0-9.]+) ([-0-9.]+)\)" class="piece" data-piece="([^"]+)" data-kind="([^"]+)"')


def played(ruleset: str, scenario: str, decisions: int, seed: int = 1):
    """A game after ``decisions`` random decisions (fewer if it ends first)."""
    return sample_game(ruleset, scenario, seed=seed, decisions=decisions)


def pieces(svg: str, kind: str | None = None) -> dict[str, tuple[float, float]]:
    """Drawn pieces by id (their place), optionally only those of one kind."""
    return {m.group(3): (float(m.group(1)), float(m.group(2))) for m in PIECE.finditer(svg)
            if kind is None or m.group(4) == kind}


def position_view(game, number: int, player: str | None) -> dict:
    """The view ``player`` had at decision ``number``, folded again from the game's events."""
    from tabletop_core.events import ActionTaken
    from tabletop_core.game import Game

    events = []
    count = 0
    for event in game.events:
        if type(event) is ActionTaken:
            if count == number:
                break
            count += 1
        events.append(event)
    return Game.from_events(game.rules, game.header, events).observe(player)
