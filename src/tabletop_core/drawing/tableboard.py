"""Drawing the measured table: terrain polygons by cover level, an inch grid and rulers.

The table is drawn to scale (``scale`` pixels to the inch), north up: the table's ``(0, 0)`` is its
south-west corner, as the rulesets place their forces.  Terrain fills darken with the cover level a piece gives (none, soft, moderate,
hard), and pieces that block line of sight get a heavy outline, which is what a player checks
before measuring.  A light grid every inch, a heavier line every six, and rulers along the edges
with the inch counts make distances readable at a glance.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs
import drawsvg as draw

from ..boards.table import Cover, Table
from .svg import fragment

_COVER_FILLS = {Cover.NONE: "#d9cfa9", Cover.SOFT: "#a9c07a", Cover.MODERATE: "#b59c70", Cover.HARD: "#8d8478"}


@attrs.frozen
class TableProjection:
    """Table inches -> pixels.  The table's y runs north (up), the picture's down, so y is flipped."""

    scale: float
    margin: float
    width: float  # pixels, rulers included
    height: float
    table_height: float

    def point(self, x: float, y: float) -> tuple[float, float]:
        return self.margin + x * self.scale, self.margin + (self.table_height - y) * self.scale

    def angle(self, heading: float) -> float:
        """A table heading (degrees counterclockwise from east) as an SVG rotation."""
        return -heading


@attrs.frozen
class TableStyle:
    scale: float = 15.0
    cover_fills: Mapping[Cover, str] = attrs.Factory(lambda: dict(_COVER_FILLS))
    kind_fills: Mapping[str, str] = attrs.Factory(dict)  # a terrain kind drawn its own way (e.g. buildings)


def draw_table(table: Table, style: TableStyle = TableStyle(), *, id_prefix: str = "tb") -> tuple[str, TableProjection]:
    """The table as an SVG fragment, and the projection that places figures on it."""
    margin = 26.0
    s = style.scale
    proj = TableProjection(s, margin, table.width * s + 2 * margin, table.height * s + 2 * margin, table.height)
    els: list[Any] = [draw.Rectangle(0, 0, round(proj.width, 1), round(proj.height, 1), fill="#f4efe2"),
                 draw.Rectangle(margin, margin, round(table.width * s, 1), round(table.height * s, 1), fill="#e6dcb8")]
    for i in range(int(table.width) + 1):
        x = margin + i * s
        heavy = i % 6 == 0
        els.append(draw.Line(round(x, 1), margin, round(x, 1), round(margin + table.height * s, 1), stroke="#b7ab86",
                             stroke_width=1.0 if heavy else 0.4))
        if heavy:
            els.append(draw.Text(f'{i}"', 10, round(x, 1), margin - 8, text_anchor="middle", fill="#554"))
    for j in range(int(table.height) + 1):
        y = margin + j * s
        heavy = j % 6 == 0
        els.append(draw.Line(margin, round(y, 1), round(margin + table.width * s, 1), round(y, 1), stroke="#b7ab86",
                             stroke_width=1.0 if heavy else 0.4))
        if heavy:
            els.append(draw.Text(f'{int(table.height) - j}"', 10, margin - 4, round(y + 3, 1), text_anchor="end", fill="#554"))
    for feature in table.features:
        pts = [c for x, y in feature.vertices for c in (round(v, 1) for v in proj.point(x, y))]
        fill = style.kind_fills.get(feature.name, style.cover_fills.get(feature.cover, "#ccc"))
        els.append(draw.Lines(*pts, close=True, fill=fill, fill_opacity=0.92, stroke="#2f2a22" if feature.blocks_los else "#6d6350",
                              stroke_width=2.5 if feature.blocks_los else 1.2, data_feature=feature.id))
        xs, ys = [v[0] for v in feature.vertices], [v[1] for v in feature.vertices]
        cx, cy = proj.point(sum(xs) / len(xs), sum(ys) / len(ys))
        cover = Cover(feature.cover).name.lower()
        els.append(draw.Text(f"{feature.id} ({cover})", 9, round(cx, 1), round(cy - 0.9 * s, 1), text_anchor="middle",
                             fill="#1f1b14"))
    return fragment(els, id_prefix=id_prefix), proj
