"""Piece shapes as SVG text: counters, marker tabs, facing arrows, figure bases, vehicles.

Pieces are redrawn for every frame of a replay, so they are written as plain strings (a few
microseconds each) rather than element trees; boards, drawn once, use drawsvg.  Every shape is
drawn around ``(0, 0)`` and placed by the scene.
"""
from __future__ import annotations

import math

from .svg import escape


def counter(size: float, fill: str, *, top: str = "", middle: str = "", bottom: str = "", text: str = "#111",
            stroke: str = "#222", stripe: str = "", dashed: bool = False, opacity: float = 1.0) -> str:
    """A square cardboard counter: a name on top, a big middle line, factors along the bottom.

    ``stripe`` paints a band across the top (a reduced side, a side colour); ``dashed`` outlines
    a counter that is not where it seems (concealed, hidden).
    """
    h = size / 2
    dash = ' stroke-dasharray="4 3"' if dashed else ""
    parts = [f'<g opacity="{opacity:g}">' if opacity < 1 else "<g>",
             f'<rect x="{-h:.1f}" y="{-h:.1f}" width="{size:.1f}" height="{size:.1f}" rx="3" fill="{fill}" stroke="{stroke}" '
             f'stroke-width="1.5"{dash}/>']
    if stripe:
        parts.append(f'<rect x="{-h + 1:.1f}" y="{-h + 1:.1f}" width="{size - 2:.1f}" height="{size * 0.18:.1f}" fill="{stripe}"/>')
    if top:
        parts.append(f'<text x="0" y="{-h + size * 0.3:.1f}" font-size="{size * 0.19:.1f}" text-anchor="middle" fill="{text}">'
                     f"{escape(top)}</text>")
    if middle:
        parts.append(f'<text x="0" y="{size * 0.12:.1f}" font-size="{size * 0.28:.1f}" text-anchor="middle" font-weight="bold" '
                     f'fill="{text}">{escape(middle)}</text>')
    if bottom:
        parts.append(f'<text x="0" y="{h - size * 0.1:.1f}" font-size="{size * 0.22:.1f}" text-anchor="middle" fill="{text}">'
                     f"{escape(bottom)}</text>")
    parts.append("</g>")
    return "".join(parts)


def tab(text: str, x: float, y: float, fill: str, *, colour: str = "#fff", width: float = 0.0) -> str:
    """A small marker label (Fired, Moved, Shaken...) laid across a counter."""
    w = width or max(14.0, 5.6 * len(text) + 4)
    return (f'<g class="marker"><rect x="{x - w / 2:.1f}" y="{y - 6:.1f}" width="{w:.1f}" height="11" rx="2" fill="{fill}" '
            f'stroke="#000" stroke-width=".6"/><text x="{x:.1f}" y="{y + 2.5:.1f}" font-size="8" text-anchor="middle" '
            f'fill="{colour}" font-weight="bold">{escape(text)}</text></g>')


def arrow(angle: float, length: float, *, colour: str = "#000", width: float = 2.0) -> str:
    """An arrow from the centre pointing ``angle`` degrees (0 = east, 90 = south: SVG's y is down)."""
    a = math.radians(angle)
    x, y = length * math.cos(a), length * math.sin(a)
    left, right = a + math.radians(150), a - math.radians(150)
    hx1, hy1 = x + 6 * math.cos(left), y + 6 * math.sin(left)
    hx2, hy2 = x + 6 * math.cos(right), y + 6 * math.sin(right)
    return (f'<g class="facing"><line x1="0" y1="0" x2="{x:.1f}" y2="{y:.1f}" stroke="{colour}" stroke-width="{width:g}"/>'
            f'<polygon points="{x:.1f},{y:.1f} {hx1:.1f},{hy1:.1f} {hx2:.1f},{hy2:.1f}" fill="{colour}"/></g>')


def figure(radius: float, fill: str, *, prone: bool = False, label: str = "", stroke: str = "#111", dashed: bool = False) -> str:
    """A model on a round base; a prone (suppressed) model is drawn lying on its side."""
    dash = ' stroke-dasharray="3 2"' if dashed else ""
    base = f'<circle r="{radius:.1f}" fill="#5d5a4a" stroke="{stroke}" stroke-width="1"{dash}/>'
    if prone:
        body = (f'<ellipse rx="{radius * 0.85:.1f}" ry="{radius * 0.32:.1f}" fill="{fill}" stroke="#000" stroke-width=".6"/>'
                f'<circle cx="{radius * 0.62:.1f}" r="{radius * 0.24:.1f}" fill="#e0c8a8" stroke="#000" stroke-width=".5"/>')
    else:
        body = (f'<circle r="{radius * 0.62:.1f}" fill="{fill}" stroke="#000" stroke-width=".6"/>'
                f'<circle r="{radius * 0.26:.1f}" fill="#e0c8a8" stroke="#000" stroke-width=".5"/>')
    text = (f'<text y="{radius + 8:.1f}" font-size="7" text-anchor="middle" fill="#111">{escape(label)}</text>' if label else "")
    return base + body + text


def vehicle(length: float, width: float, heading: float, fill: str, *, label: str = "", dashed: bool = False) -> str:
    """A vehicle seen from above, turned to ``heading`` degrees (0 = east, clockwise), front marked."""
    l2, w2 = length / 2, width / 2
    dash = ' stroke-dasharray="4 3"' if dashed else ""
    hull = (f'<g transform="rotate({heading:.1f})"><rect x="{-l2:.1f}" y="{-w2:.1f}" width="{length:.1f}" height="{width:.1f}" '
            f'rx="3" fill="{fill}" stroke="#111" stroke-width="1.4"{dash}/>'
            f'<polygon points="{l2:.1f},0 {l2 - width * 0.45:.1f},{-w2 * 0.7:.1f} {l2 - width * 0.45:.1f},{w2 * 0.7:.1f}" fill="#111"/></g>')
    text = (f'<text y="{max(l2, w2) + 9:.1f}" font-size="8" text-anchor="middle" fill="#111">{escape(label)}</text>'
            if label else "")
    return hull + text
