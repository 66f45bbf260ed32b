"""Drawing hex boards: placed maps with terrain fills, elevation, roads, symbols and labels.

Takes a :class:`~tabletop_core.boards.Board` or a :class:`~tabletop_core.boards.BoardState` (the
board with its overlays, e.g. scenario tiles) and draws it flat-topped, north up, in the geometry of
:mod:`tabletop_core.boards.hexgrid`.  Each printed map is clipped to its own edges, so half hexes
show as halves and two maps laid together join their edge halves into whole hexes along a visible
map seam.  Elevation shows as a darker tint per level, a level number, and a contour drawn on every
hexside where the ground drops.  What the terrain kinds look like is the ruleset's choice
(:class:`HexStyle`); the core only knows how to paint a few generic symbols.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping
from types import MappingProxyType
from typing import Any, Protocol

import attrs
import drawsvg as draw

from ..boards.hexgrid import DIRECTIONS, Hex
from ..boards.hexmap import Board, HexTerrain
from .svg import fragment

Elements = list[Any]  # drawsvg's elements (the library is untyped)
Terrain = Callable[[Hex], HexTerrain]


class TerrainSource(Protocol):
    """A Board, or a BoardState (the board with its overlays): anything that says a hex's terrain."""

    def terrain(self, h: Hex) -> HexTerrain: ...

SQRT3 = math.sqrt(3.0)
_EMPTY: Mapping[str, str] = MappingProxyType({})


@attrs.frozen
class HexStyle:
    """How terrain looks: a fill per terrain kind and a symbol per kind (see :data:`SYMBOLS`)."""

    size: float = 30.0  # hex circumradius in pixels
    fills: Mapping[str, str] = _EMPTY
    symbols: Mapping[str, str] = _EMPTY
    default_fill: str = "#eee4c4"
    level_tint: str = "#6b4a2b"
    road: str = "#c9a66b"
    label_colour: str = "#5a5040"


class HexProjection:
    """Board hex -> pixel centre (and corners), with the whole board shifted into view."""

    def __init__(self, hexes: Iterable[tuple[int, int]], size: float, margin: float = 16.0):
        self.size = size
        hexes = list(hexes)
        xs = [1.5 * size * q for q, _ in hexes]
        ys = [SQRT3 * size * (r + q / 2.0) for q, r in hexes]
        self.ox = margin + size - min(xs)
        self.oy = margin + SQRT3 * size / 2 - min(ys)
        self.width = max(xs) - min(xs) + 2 * size + 2 * margin
        self.height = max(ys) - min(ys) + SQRT3 * size + 2 * margin

    def centre(self, h: tuple[int, int]) -> tuple[float, float]:
        q, r = h[0], h[1]
        return self.ox + 1.5 * self.size * q, self.oy + SQRT3 * self.size * (r + q / 2.0)

    def corners(self, h: tuple[int, int], shrink: float = 0.0) -> list[tuple[float, float]]:
        cx, cy = self.centre(h)
        s = self.size - shrink
        return [(cx + s * math.cos(math.radians(60 * i)), cy + s * math.sin(math.radians(60 * i))) for i in range(6)]

    def side(self, h: tuple[int, int], direction: int) -> tuple[tuple[float, float], tuple[float, float]]:
        """The two ends of hexside ``direction`` (0 = north, clockwise) of ``h``."""
        cx, cy = self.centre(h)
        a, b = math.radians(240 + 60 * direction), math.radians(300 + 60 * direction)
        s = self.size
        return (cx + s * math.cos(a), cy + s * math.sin(a)), (cx + s * math.cos(b), cy + s * math.sin(b))

    def vertex_point(self, h: tuple[int, int], vertex: int, fraction: float = 1.0) -> tuple[float, float]:
        """A point toward corner ``vertex`` (0 = upper right, clockwise, as in hexgrid)."""
        cx, cy = self.centre(h)
        angle = math.radians(-60 + 60 * vertex)
        return cx + fraction * self.size * math.cos(angle), cy + fraction * self.size * math.sin(angle)


def _flat(points: Iterable[tuple[float, float]]) -> list[float]:
    return [round(c, 1) for p in points for c in p]


# -- symbols: small generic pictures of terrain, drawn about a hex centre --------------------------
def _trees(cx: float, cy: float, s: float) -> Elements:
    spots = ((-0.35, -0.2), (0.3, -0.25), (0.0, 0.25), (-0.4, 0.35), (0.42, 0.3))
    return [draw.Circle(round(cx + dx * s, 1), round(cy + dy * s, 1), round(0.2 * s, 1), fill="#3f6b2f", stroke="#294a1e",
                        stroke_width=0.8) for dx, dy in spots]


def _building(cx: float, cy: float, s: float, dot: bool = False) -> Elements:
    w = 0.7 * s
    out = [draw.Rectangle(round(cx - w / 2, 1), round(cy - w / 2, 1), round(w, 1), round(w * 0.8, 1), fill="#8a8276",
                          stroke="#3b3630", stroke_width=1.2)]
    if dot:
        out.append(draw.Circle(round(cx, 1), round(cy - 0.1 * w, 1), round(0.1 * s, 1), fill="#000"))
    return out


def _mosque(cx: float, cy: float, s: float) -> Elements:
    return [*_building(cx, cy, s), draw.Circle(round(cx, 1), round(cy - 0.05 * s, 1), round(0.22 * s, 1), fill="#d8cfa0",
                                                stroke="#3b3630", stroke_width=1)]


def _rubble(cx: float, cy: float, s: float) -> Elements:
    out: Elements = []
    for dx, dy in ((-0.3, -0.1), (0.2, -0.3), (0.25, 0.2), (-0.15, 0.3), (0.0, 0.0)):
        x, y = cx + dx * s, cy + dy * s
        out.append(draw.Lines(*_flat([(x - 4, y + 3), (x, y - 4), (x + 5, y + 2)]), close=True, fill="#777", stroke="#444",
                              stroke_width=0.6))
    return out


def _tufts(cx: float, cy: float, s: float) -> Elements:
    out: Elements = []
    for dx, dy in ((-0.35, -0.25), (0.25, -0.35), (0.35, 0.2), (-0.2, 0.3), (0.0, -0.02)):
        x, y = cx + dx * s, cy + dy * s
        out.append(draw.Lines(*_flat([(x - 4, y + 2), (x - 1, y - 4), (x + 1, y + 2), (x + 4, y - 3)]), fill="none",
                              stroke="#6f7f3a", stroke_width=1.1))
    return out


def _dots(cx: float, cy: float, s: float) -> Elements:
    spots = ((-0.4, -0.2), (-0.1, -0.4), (0.3, -0.3), (0.4, 0.1), (0.1, 0.35), (-0.3, 0.3), (0.0, 0.0), (-0.5, 0.1))
    return [draw.Circle(round(cx + dx * s, 1), round(cy + dy * s, 1), 1.6, fill="#6d5a44") for dx, dy in spots]


#: The symbols a style may give a terrain kind, by name.
SYMBOLS = {
    "trees": _trees, "building": _building, "building_dot": lambda x, y, s: _building(x, y, s, dot=True),
    "mosque": _mosque, "rubble": _rubble, "tufts": _tufts, "dots": _dots,
}


def _maps_of(board: Board) -> dict[str, list[Hex]]:
    out: dict[str, list[Hex]] = {}
    for h in board.hexes:
        for label in board.labels(h):
            out.setdefault(board.parse(label)[0], []).append(h)
    return out


def _tint(level: int) -> float:
    return min(0.12 * level, 0.45)


def draw_hex_board(terrain_source: TerrainSource, style: HexStyle = HexStyle(), *, id_prefix: str = "hb") -> tuple[str, HexProjection]:
    """The board as an SVG fragment, and the projection that places pieces on it.

    ``terrain_source`` is a :class:`Board` or a :class:`BoardState` (anything with ``terrain(h)``;
    a state's ``board`` gives the maps).
    """
    board: Board = getattr(terrain_source, "board", terrain_source)  # type: ignore[arg-type]  # a Board is its own board
    terrain = terrain_source.terrain
    proj = HexProjection(board.hexes, style.size)
    s = style.size
    elements: Elements = [draw.Rectangle(0, 0, round(proj.width, 1), round(proj.height, 1), fill="#d9d2bf")]
    maps = _maps_of(board)
    for map_id, hexes in maps.items():
        centres = [proj.centre(h) for h in hexes]
        x0, x1 = min(c[0] for c in centres), max(c[0] for c in centres)
        y0, y1 = min(c[1] for c in centres), max(c[1] for c in centres)
        clip = draw.ClipPath()
        clip.append(draw.Rectangle(round(x0, 1), round(y0, 1), round(x1 - x0, 1), round(y1 - y0, 1)))
        group = draw.Group(clip_path=clip, data_map=map_id)
        for h in hexes:
            group.extend(_hex_cell(proj, h, terrain(h), style))
        for h in hexes:
            cx, cy = proj.centre(h)
            label = next(lab for lab in board.labels(h) if board.parse(lab)[0] == map_id)
            # a half hex's label is pulled inside the map edge that cuts it, so it stays readable
            x = min(max(cx, x0 + 0.5 * s), x1 - 0.5 * s)
            y = max(cy - 0.62 * s, y0 + 0.32 * s)
            group.append(draw.Text(label, round(0.26 * s, 1), round(x, 1), round(y, 1), text_anchor="middle",
                                   fill=style.label_colour))
        elements.append(group)
        elements.append(draw.Text(map_id, round(2.2 * s, 1), round(x0 + 0.6 * s, 1), round(y0 + 2.3 * s, 1), fill="#000",
                                  fill_opacity=0.13, font_weight="bold"))
    elements.extend(_contours(board, terrain, proj))
    elements.extend(_roads(board, proj, style))
    for map_id, hexes in maps.items():
        centres = [proj.centre(h) for h in hexes]
        x0, x1 = min(c[0] for c in centres), max(c[0] for c in centres)
        y0, y1 = min(c[1] for c in centres), max(c[1] for c in centres)
        elements.append(draw.Rectangle(round(x0, 1), round(y0, 1), round(x1 - x0, 1), round(y1 - y0, 1), fill="none",
                                       stroke="#2b2620", stroke_width=2.5))
    return fragment(elements, id_prefix=id_prefix), proj


def _hex_cell(proj: HexProjection, h: Hex, t: HexTerrain, style: HexStyle) -> Elements:
    s = style.size
    cx, cy = proj.centre(h)
    pts = _flat(proj.corners(h))
    fill = style.fills.get(t.kind, style.default_fill)
    out: Elements = [draw.Lines(*pts, close=True, fill=fill, stroke="#8c826c", stroke_width=0.8)]
    if t.elevation > 0:
        out.append(draw.Lines(*pts, close=True, fill=style.level_tint, fill_opacity=_tint(t.elevation), stroke="none"))
        out.append(draw.Text(f"L{t.elevation}", round(0.26 * s, 1), round(cx, 1), round(cy + 0.78 * s, 1),
                             text_anchor="middle", fill="#3d2a18", font_weight="bold"))
    painter = SYMBOLS.get(style.symbols.get(t.kind, ""))
    if painter is not None:
        out.extend(painter(cx, cy, s))
    return out


def _contours(board: Board, terrain: Terrain, proj: HexProjection) -> Elements:
    """A brown line on each hexside where the ground drops: the map's contour lines."""
    out: Elements = []
    for h in board.hexes:
        level = terrain(h).elevation
        if level == 0:
            continue
        for d, step in enumerate(DIRECTIONS):
            n = Hex(h.q + step.q, h.r + step.r)
            if n in board and terrain(n).elevation < level:
                (ax, ay), (bx, by) = proj.side(h, d)
                out.append(draw.Line(round(ax, 1), round(ay, 1), round(bx, 1), round(by, 1), stroke="#5b3a1a",
                                     stroke_width=2.2, stroke_linecap="round"))
    return out


def _roads(board: Board, proj: HexProjection, style: HexStyle) -> Elements:
    out: Elements = []
    for width, colour in ((7, "#5a4a30"), (4.5, style.road)):
        for a, b in sorted(board.roads):
            (ax, ay), (bx, by) = proj.centre(a), proj.centre(b)
            out.append(draw.Line(round(ax, 1), round(ay, 1), round(bx, 1), round(by, 1), stroke=colour, stroke_width=width,
                                 stroke_linecap="round"))
    return out


def terrain_overlay(proj: HexProjection, h: tuple[int, int], kind: str, style: HexStyle) -> str:
    """One hex's terrain drawn over the board (a tile laid in play), as SVG text."""
    cx, cy = proj.centre(h)
    pts = _flat(proj.corners(h, shrink=1.0))
    els: Elements = [draw.Lines(*pts, close=True, fill=style.fills.get(kind, style.default_fill), stroke="#3d3428",
                            stroke_width=1.6, class_="tile")]
    painter = SYMBOLS.get(style.symbols.get(kind, ""))
    if painter is not None:
        els.extend(painter(cx, cy, style.size))
    return fragment(els, id_prefix="tile")
