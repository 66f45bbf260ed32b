"""Checking a player's view against the full log the host reveals after the game.

A player's view carries no seed, only a commitment to it (``gamelog.commitment_for``).  Once the
game is over the host hands over the full log; :func:`check_view` then proves that

* the full log's salt and seed hash to the commitment the player held from the start, so the
  seed revealed is the one the game was set up with (the host could not swap it afterwards);
* the full log, filtered for the player, is exactly the view they were given (the host showed
  them the game it recorded, event for event);
* the full log replays and, re-simulated from the seed and the actions, gives every event again
  (no outcome was written in by hand).

It does not prove that the host chose the seed fairly, nor that the host — who knows the seed —
did not use it; and without a key anyone can write a self-consistent pair of files.  A keyed
pair (``key``) proves both came from the holder of the key.
"""
from __future__ import annotations

from pathlib import Path
from typing import Callable

import attrs

from . import gamelog
from .errors import TabletopError
from .game import Game, codec_for
from .rules import Rules


class CommitmentError(TabletopError):
    """A player's view and the full log revealed after the game do not belong together."""


@attrs.frozen
class RevealReport:
    """What :func:`check_view` proved: whose view, how many of its events matched, the commitment."""

    player: str
    events: int  # events of the view, each matched in the full log
    full_events: int
    commitment: str


def check_view(view_path: str | Path, full_path: str | Path, rules_for: Callable[[gamelog.Header], Rules], *,
               key: bytes | None = None) -> RevealReport:
    """Check ``view_path`` (a player's export) against ``full_path`` (the host's full log)."""
    view = gamelog.read(view_path, key=key)
    full = gamelog.read(full_path, key=key)
    player = view.header.view
    if player is None:
        raise CommitmentError(f"{view_path}: not a player's view (its header names no player)")
    if full.header.view is not None:
        raise CommitmentError(f"{full_path}: is {full.header.view}'s view, not the full log")
    _check_same_game(view.header, full.header, view_path, full_path)
    if view.header.commitment is None:
        raise CommitmentError(f"{view_path}: the view carries no commitment to the seed")
    assert full.header.seed is not None
    if full.header.salt is None:
        raise CommitmentError(f"{full_path}: the full log carries no salt: it cannot open the commitment")
    opened = gamelog.commitment_for(full.header.salt, full.header.seed)
    if opened != view.header.commitment:
        raise CommitmentError(f"{full_path}: its seed and salt do not open the view's commitment "
                              "(the seed revealed is not the one the game was played with)")
    game = Game.from_raw(full, rules_for, path=str(full_path))
    codec = codec_for(game.rules)
    if len(view.events) > len(game.events):
        raise CommitmentError(f"{view_path}: the view has {len(view.events)} events, the full log only {len(game.events)}")
    for number, (shown, event) in enumerate(zip(view.events, game.events), start=2):
        if shown != codec.event_to_dict(event.redact(player)):
            raise CommitmentError(f"{view_path}: line {number}: the view differs from the full log as {player} sees it")
    try:
        game.verify()
    except TabletopError as exc:
        raise CommitmentError(f"{full_path}: the full log does not re-simulate: {exc}") from None
    return RevealReport(player, len(view.events), len(game.events), view.header.commitment)


def _check_same_game(view: gamelog.Header, full: gamelog.Header, view_path: str | Path,
                     full_path: str | Path) -> None:
    for name in ("ruleset", "ruleset_version", "scenario", "variants", "options", "engine"):
        if getattr(view, name) != getattr(full, name):
            raise CommitmentError(f"{full_path}: header field {name} is {getattr(full, name)!r}, "
                                  f"the view {view_path} has {getattr(view, name)!r}: not the same game")


__all__ = ["CommitmentError", "RevealReport", "check_view"]
