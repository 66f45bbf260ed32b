"""Declaring an assault (GoE 13a): procedures/assault/declaration.py."""
import pytest

from rules_goe85.model.actions import Block, PlayCard, Step, Stop, Use
from rules_goe85.model.frames import Impulse
from rules_goe85.queries.board import board_for

from ...helpers import BLANK, BLANK2, GREEN, play_through
from ...refpos import arrange, fresh

B = board_for("your-papers-please")
