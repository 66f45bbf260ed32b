"""Drawing area maps: areas as shapes with their numbers and names, borders, roads and zones.

An :class:`~tabletop_core.boards.AreaMap` has no geometry, only a graph.  :func:`layout_areas`
gives every area a centre — from data when the ruleset has positions for its map (the faithful
way: a user who owns the printed map can copy its positions), otherwise from a deterministic
spring layout of the graph (fixed seed, so the same map always looks the same).  Each area's shape
is its Voronoi cell among those centres, clipped to the map's frame: neighbouring centres share a
border, and the shapes tile the map the way printed areas do.  Borders that are crossings of the
graph are drawn as thin links between centres, roads as thick ones.
"""
from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import attrs
import drawsvg as draw
import networkx as nx

from ..boards.areas import AreaId, AreaMap
from ..errors import BoardError
from .svg import fragment

Point = tuple[float, float]
Elements = list[Any]  # drawsvg's elements (the library is untyped)


@attrs.frozen
class AreaLayout:
    """Where each area lies in pixels: its centre and its cell polygon."""

    width: float
    height: float
    centres: Mapping[AreaId, Point]
    cells: Mapping[AreaId, tuple[Point, ...]]

    def slot(self, area: AreaId, index: int, count: int, spacing: float = 34.0) -> Point:
        """The place of the ``index``-th of ``count`` pieces in ``area``: rows of four under the name."""
        cx, cy = self.centres[area]
        per_row = min(count, 4)
        row, col = divmod(index, 4)
        rows = (count + 3) // 4
        return cx + (col - (per_row - 1) / 2) * spacing, cy + 14 + (row - (rows - 1) / 2) * spacing


@attrs.frozen
class AreaStyle:
    fills: Sequence[str] = ("#eadfb8", "#d8c99a", "#c2a878", "#a98b5e")  # by terrain value 0..3
    mountain_stroke: str = "#6b4a2b"
    zone_colours: Mapping[str, str] = attrs.Factory(dict)
    supply_colours: Mapping[str, str] = attrs.Factory(dict)


def _clip(polygon: list[Point], a: float, b: float, c: float) -> list[Point]:
    """The part of convex ``polygon`` where ``a*x + b*y <= c`` (one Sutherland-Hodgman pass)."""
    out: list[Point] = []
    for i, p in enumerate(polygon):
        q = polygon[(i + 1) % len(polygon)]
        fp, fq = a * p[0] + b * p[1] - c, a * q[0] + b * q[1] - c
        if fp <= 0:
            out.append(p)
        if (fp < 0 < fq) or (fq < 0 < fp):
            t = fp / (fp - fq)
            out.append((p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])))
    return out


def voronoi_cells(centres: Mapping[AreaId, Point], width: float, height: float, margin: float = 8.0) -> dict[AreaId, tuple[Point, ...]]:
    """Each centre's Voronoi cell inside the frame (half-plane clipping; fine for tens of areas)."""
    frame = [(margin, margin), (width - margin, margin), (width - margin, height - margin), (margin, height - margin)]
    cells: dict[AreaId, tuple[Point, ...]] = {}
    for area, (px, py) in centres.items():
        cell = list(frame)
        for other, (qx, qy) in centres.items():
            if other == area:
                continue
            # points nearer to p than to q: 2(q-p).x <= |q|^2 - |p|^2
            cell = _clip(cell, 2 * (qx - px), 2 * (qy - py), qx * qx + qy * qy - px * px - py * py)
            if not cell:
                break
        cells[area] = tuple((round(x, 1), round(y, 1)) for x, y in cell)
    return cells


def layout_areas(area_map: AreaMap, positions: Mapping[AreaId, Point] | None = None, *, width: float = 960.0,
                 height: float = 680.0) -> AreaLayout:
    """Centres and cells for every area: ``positions`` (any units; scaled to fit) or a spring layout."""
    if positions is None:
        raw = nx.spring_layout(area_map.graph, seed=1983, iterations=200)
        positions = {a: (float(raw[a][0]), float(raw[a][1])) for a in area_map}
    missing = [a for a in area_map if a not in positions]
    if missing:
        raise BoardError(f"area layout: no position for areas {missing}")
    xs = [positions[a][0] for a in area_map]
    ys = [positions[a][1] for a in area_map]
    pad = 70.0
    sx = (width - 2 * pad) / ((max(xs) - min(xs)) or 1)
    sy = (height - 2 * pad) / ((max(ys) - min(ys)) or 1)
    centres = {a: (pad + (positions[a][0] - min(xs)) * sx, pad + (positions[a][1] - min(ys)) * sy) for a in area_map}
    return AreaLayout(width, height, centres, voronoi_cells(centres, width, height))


def _flat(points: Iterable[Point]) -> list[float]:
    return [round(c, 1) for p in points for c in p]


def draw_area_board(area_map: AreaMap, layout: AreaLayout, style: AreaStyle = AreaStyle(), *, id_prefix: str = "ab") -> str:
    """The area map as an SVG fragment: cells, zone borders, links and roads, numbers and names."""
    els: Elements = [draw.Rectangle(0, 0, layout.width, layout.height, fill="#cfc6ad")]
    for a in area_map:
        area = area_map[a]
        fill = style.fills[min(max(area.terrain, 0), len(style.fills) - 1)]
        els.append(draw.Lines(*_flat(layout.cells[a]), close=True, fill=fill, stroke="#5d5240", stroke_width=1.5,
                              data_area=str(a)))
        if area.mountain:
            cx, cy = layout.centres[a]
            for dx in (-40, 30):
                els.append(draw.Lines(*_flat([(cx + dx - 9, cy - 20), (cx + dx, cy - 34), (cx + dx + 9, cy - 20)]), close=True,
                                      fill="#8b6b45", stroke=style.mountain_stroke, stroke_width=1))
    for a in area_map:
        for zone in sorted(area_map[a].zones):
            colour = style.zone_colours.get(zone, "#a33")
            els.append(draw.Lines(*_flat(_shrunk(layout.cells[a], layout.centres[a], 5)), close=True, fill="none",
                                  stroke=colour, stroke_width=3, stroke_dasharray="8 5"))
    drawn: set[tuple[AreaId, AreaId]] = set()
    for a in area_map:
        for b in area_map.neighbours(a):
            pair = (a, b) if str(a) < str(b) else (b, a)
            if pair in drawn:
                continue
            drawn.add(pair)
            (ax, ay), (bx, by) = layout.centres[a], layout.centres[b]
            if area_map.is_road(a, b):
                els.append(draw.Line(round(ax, 1), round(ay, 1), round(bx, 1), round(by, 1), stroke="#4a3b25", stroke_width=6))
                els.append(draw.Line(round(ax, 1), round(ay, 1), round(bx, 1), round(by, 1), stroke="#e0c48a", stroke_width=3.5))
            else:
                els.append(draw.Line(round(ax, 1), round(ay, 1), round(bx, 1), round(by, 1), stroke="#6d6350",
                                     stroke_width=1, stroke_dasharray="3 4", stroke_opacity=0.7))
    for a in area_map:
        area = area_map[a]
        cx, cy = layout.centres[a]
        els.append(draw.Circle(round(cx, 1), round(cy - 30, 1), 13, fill="#fffbe9", stroke="#333", stroke_width=1.2))
        els.append(draw.Text(str(a), 13, round(cx, 1), round(cy - 25.5, 1), text_anchor="middle", font_weight="bold"))
        if area.name:
            els.append(draw.Text(area.name, 11, round(cx, 1), round(cy - 5, 1), text_anchor="middle", fill="#2a241b",
                                 font_style="italic"))
        for i, side in enumerate(sorted(area.supply)):
            colour = style.supply_colours.get(side, "#333")
            els.append(draw.Rectangle(round(cx + 16 + 4, 1), round(cy - 44 + 14 * i, 1), 44, 12, fill=colour, rx=2))
            els.append(draw.Text(f"supply {side}", 8, round(cx + 42, 1), round(cy - 35 + 14 * i, 1), text_anchor="middle",
                                 fill="#fff"))
        if area.fort:
            els.append(draw.Lines(*_flat(_star(cx - 34, cy - 30, 9)), close=True, fill="#555", stroke="#111"))
    els.extend(_legend(area_map, layout, style))
    return fragment(els, id_prefix=id_prefix)


def _legend(area_map: AreaMap, layout: AreaLayout, style: AreaStyle) -> Elements:
    """A key in the bottom-left corner: terrain shades, road, border crossing, zones, fort."""
    zones = sorted({z for a in area_map for z in area_map[a].zones})
    rows = len(style.fills) + 3 + len(zones)
    x, y = 16.0, layout.height - 16 - 15 * rows
    els: Elements = [draw.Rectangle(x - 6, y - 14, 150, 15 * rows + 10, fill="#fffbe9", fill_opacity=0.9, stroke="#5d5240")]
    for i, fill in enumerate(style.fills):
        els.append(draw.Rectangle(x, y - 9, 18, 10, fill=fill, stroke="#5d5240", stroke_width=0.8))
        els.append(draw.Text(f"terrain +{i}", 10, x + 24, y, fill="#2a241b"))
        y += 15
    for label, kwargs in (("road", {"stroke": "#4a3b25", "stroke_width": 5}),
                          ("border crossing", {"stroke": "#6d6350", "stroke_width": 1, "stroke_dasharray": "3 4"})):
        els.append(draw.Line(x, y - 4, x + 18, y - 4, **kwargs))
        els.append(draw.Text(label, 10, x + 24, y, fill="#2a241b"))
        y += 15
    for zone in zones:
        els.append(draw.Line(x, y - 4, x + 18, y - 4, stroke=style.zone_colours.get(zone, "#a33"), stroke_width=3,
                             stroke_dasharray="8 5"))
        els.append(draw.Text(f"{zone} zone", 10, x + 24, y, fill="#2a241b"))
        y += 15
    els.append(draw.Lines(*_flat(_star(x + 9, y - 5, 6)), close=True, fill="#555", stroke="#111"))
    els.append(draw.Text("fort", 10, x + 24, y, fill="#2a241b"))
    return els


def _shrunk(cell: Iterable[Point], centre: Point, by: float) -> list[Point]:
    cx, cy = centre
    out = []
    for x, y in cell:
        dx, dy = x - cx, y - cy
        d = (dx * dx + dy * dy) ** 0.5 or 1.0
        out.append((x - dx / d * by, y - dy / d * by))
    return out


def _star(cx: float, cy: float, r: float) -> list[Point]:
    """A five-pointed fort symbol."""
    pts = []
    for i in range(10):
        rr = r if i % 2 == 0 else r * 0.45
        angle = math.radians(-90 + 36 * i)
        pts.append((cx + rr * math.cos(angle), cy + rr * math.sin(angle)))
    return pts
