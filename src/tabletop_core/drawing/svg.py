"""SVG text helpers on top of drawsvg: fragments, documents and escaping.

The drawing layer builds its shapes with **drawsvg** (2.4): it is kept up, pure Python with no
required native dependency (PNG output through cairosvg is optional), writes plain SVG 1.1 that
browsers, notebooks and converters all read, and its elements accept any SVG attribute
(``data_piece=`` becomes ``data-piece=``), which the replay viewer and the browser tests rely on.
svgwrite was the alternative; it is no longer maintained.

A *fragment* is the SVG text of some elements without the ``<svg>`` wrapper, so that a board drawn
once can be shared by every frame of a replay and pieces can be cached as strings.
"""
from __future__ import annotations

from collections.abc import Iterable
from html import escape as _escape

import drawsvg

_SVG_OPEN = "<svg"


def fragment(elements: Iterable[drawsvg.DrawingBasicElement], *, id_prefix: str = "f") -> str:
    """The SVG text of ``elements`` (their ``<defs>`` included), without the document wrapper.

    ``id_prefix`` keeps generated ids (clip paths, gradients) unique when fragments share a page.
    """
    drawing = drawsvg.Drawing(1, 1, id_prefix=id_prefix)
    for element in elements:
        drawing.append(element)
    text: str = drawing.as_svg(header="")
    start = text.index(">", text.index(_SVG_OPEN)) + 1
    end = text.rindex("</svg>")
    body = text[start:end].strip()
    if body.startswith("<defs>\n</defs>"):
        body = body[len("<defs>\n</defs>"):].strip()
    return body


def document(width: float, height: float, body: str, *, css: str = "", title: str = "") -> str:
    """A standalone SVG document of the given size around ``body`` (fragment text)."""
    head = f"<title>{escape(title)}</title>\n" if title else ""
    style = f"<style>{css}</style>\n" if css else ""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
        f'viewBox="0 0 {width:.1f} {height:.1f}" font-family="DejaVu Sans, Arial, sans-serif">\n'
        f"{head}{style}{body}\n</svg>\n"
    )


def escape(text: object) -> str:
    """Text made safe for SVG/HTML content and attribute values."""
    return _escape(str(text), quote=True)


def translate(x: float, y: float, body: str, **attributes: str) -> str:
    """``body`` wrapped in a group moved to ``(x, y)``; attribute names use ``_`` for ``-``."""
    extra = "".join(f' {k.rstrip("_").replace("_", "-")}="{escape(v)}"' for k, v in attributes.items())
    return f'<g transform="translate({x:.1f} {y:.1f})"{extra}>{body}</g>'
