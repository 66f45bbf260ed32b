"""Pictures of games: SVG boards for hex maps, area maps and the measured table, and the pieces a
player may see on them.

The core draws boards (:mod:`.hexboard`, :mod:`.areaboard`, :mod:`.tableboard`) and composes a
:class:`Scene`; each ruleset draws its own pieces from a player's view in its ``picture`` method
(see :meth:`tabletop_core.rules.Rules.picture`), so a picture shows exactly what ``observe`` shows
and can never leak.  :mod:`.replay` turns a log into a self-contained HTML replay viewer.
"""
from __future__ import annotations

from .areaboard import AreaLayout, AreaStyle, draw_area_board, layout_areas
from .hexboard import HexProjection, HexStyle, draw_hex_board
from .scene import Piece, PanelSection, Scene, changes, general_panel, hand_lines
from .svg import document, escape, fragment
from .tableboard import TableProjection, TableStyle, draw_table

__all__ = [
    "AreaLayout", "AreaStyle", "HexProjection", "HexStyle", "PanelSection", "Piece", "Scene", "TableProjection",
    "TableStyle", "changes", "document", "draw_area_board", "draw_hex_board", "draw_table", "escape", "fragment",
    "general_panel", "hand_lines", "layout_areas",
]
