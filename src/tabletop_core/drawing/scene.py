"""A picture of one position: a static board, pieces and markers on it, and a side panel.

A :class:`Scene` is what a ruleset's ``picture(view, player)`` returns.  It keeps SVG *text*, not
element trees: the board is drawn once per scenario and shared as a string by every frame of a
replay, and each :class:`Piece` is a small fragment drawn around its own origin and placed by a
translation.  A piece's ``key`` sums up what it shows (where it stands, its state); the replay
viewer highlights the pieces whose key changed since the previous decision and crosses out the
ones that left the board, which is how "what the last action moved or hit" is shown without the
drawing layer knowing any rule.
"""
from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from typing import Any

import attrs

from .svg import document, escape, translate

PANEL_WIDTH = 270.0
PANEL_LINE = 16.0

#: Classes the viewer and the browser tests rely on; kept in one place.
CSS = (
    ".halo{fill:none;stroke:#ffcc00;stroke-width:4;opacity:.9}"
    ".gone line{stroke:#d11;stroke-width:3}"
    ".panel text{font-size:12px;fill:#222}"
    ".panel .head{font-weight:bold;font-size:13px;fill:#000}"
)


@attrs.frozen
class Piece:
    """One thing drawn on the board that belongs to the position (a counter, a figure, a unit).

    ``svg`` is drawn around ``(0, 0)``; ``x``/``y`` place it on the board.  ``kind`` tells what it
    is (``"unit"`` for what a view lists as units; the tests count those).  ``halo``: whether the
    replay rings the piece when its key changes (a label over figures that are ringed themselves
    should not be).
    """

    id: str
    x: float
    y: float
    svg: str
    key: Hashable = None
    radius: float = 16.0
    kind: str = "unit"
    halo: bool = True


def _lines(lines: Iterable[str]) -> tuple[str, ...]:
    return tuple(lines)


@attrs.frozen
class PanelSection:
    title: str
    lines: tuple[str, ...] = attrs.field(converter=_lines, default=())


@attrs.define
class Scene:
    """Everything one picture shows.  ``board`` and ``overlays`` are fragments in board pixels."""

    width: float
    height: float
    board: str = ""
    overlays: list[str] = attrs.Factory(list)
    pieces: list[Piece] = attrs.Factory(list)
    panel: list[PanelSection] = attrs.Factory(list)
    title: str = ""

    @property
    def total_width(self) -> float:
        return self.width + PANEL_WIDTH

    @property
    def total_height(self) -> float:
        return max(self.height, self.panel_height())

    def panel_height(self) -> float:
        lines = sum(len(s.lines) + 2 for s in self.panel)
        return 20 + lines * PANEL_LINE

    def keys(self) -> dict[str, tuple[Hashable, float, float]]:
        """Each piece's key and place, for comparing one frame with the next."""
        return {p.id: (p.key, p.x, p.y) for p in self.pieces}

    def dynamic_parts(self, *, changed: Iterable[str] = (), gone: Iterable[tuple[float, float]] = ()) -> list[str]:
        """Overlays, pieces (``changed`` ones haloed), crosses where pieces left the board, and the
        panel, one string each: a replay stores each distinct part once."""
        changed = set(changed)
        parts = list(self.overlays)
        for p in self.pieces:
            halo = f'<circle class="halo" r="{p.radius + 4:.1f}"/>' if p.halo and p.id in changed else ""
            parts.append(translate(p.x, p.y, halo + p.svg, class_="piece", data_piece=p.id, data_kind=p.kind))
        for x, y in gone:
            parts.append(
                f'<g class="gone" transform="translate({x:.1f} {y:.1f})">'
                '<line x1="-9" y1="-9" x2="9" y2="9"/><line x1="-9" y1="9" x2="9" y2="-9"/></g>'
            )
        parts.append(self.panel_svg())
        return parts

    def panel_svg(self) -> str:
        """The side panel as SVG text, to the right of the board."""
        out = [f'<g class="panel" transform="translate({self.width + 10:.1f} 0)">',
               f'<rect x="-4" y="0" width="{PANEL_WIDTH - 12:.0f}" height="{self.total_height:.0f}" fill="#f7f3e8" stroke="#bbb"/>']
        y = 20.0
        for section in self.panel:
            out.append(f'<text class="head" x="4" y="{y:.0f}">{escape(section.title)}</text>')
            y += PANEL_LINE
            for line in section.lines:
                out.append(f'<text x="10" y="{y:.0f}">{escape(line)}</text>')
                y += PANEL_LINE
            y += PANEL_LINE
        out.append("</g>")
        return "\n".join(out)

    def frame_svg(self, **highlight: Any) -> str:
        """What changes from frame to frame: the dynamic layer and the panel."""
        return "\n".join(self.dynamic_parts(**highlight))

    def svg(self, **highlight: Any) -> str:
        """The whole picture as a standalone SVG document."""
        body = f'<g class="board">{self.board}</g>\n<g class="dynamic">{self.frame_svg(**highlight)}</g>'
        return document(self.total_width, self.total_height, body, css=CSS, title=self.title)


def changes(before: Mapping[str, tuple[Hashable, float, float]], after: Scene) -> tuple[set[str], list[tuple[float, float]]]:
    """Pieces of ``after`` that are new or changed since ``before``, and where the vanished stood."""
    now = after.keys()
    # compared by key, not by place: a counter nudged within its stack has not moved
    changed = {pid for pid, (key, _x, _y) in now.items() if pid not in before or before[pid][0] != key}
    gone = [(x, y) for pid, (_key, x, y) in before.items() if pid not in now]
    return changed, gone


def general_panel(view: Mapping[str, Any], player: str | None, keys: Sequence[str] = ("turn", "phase", "initiative")) -> PanelSection:
    """The panel lines any ruleset's view offers: turn, phase, initiative, VP (when it has them)."""
    lines = [f"{k}: {view[k]}" for k in keys if view.get(k) not in (None, "")]
    vp = view.get("vp")
    if isinstance(vp, Mapping) and vp:
        lines.append("VP: " + ", ".join(f"{side} {value:g}" if isinstance(value, (int, float)) else f"{side} {value}"
                                         for side, value in vp.items()))
    return PanelSection(f"seen by {player}" if player else "referee's view (everything)", lines)


def hand_lines(piles: Mapping[str, Any], name: Callable[[str], str]) -> list[str]:
    """Panel lines for the ``hand:<player>`` piles of a deck view (see ``Deck.view``): the cards a
    viewer may see by ``name``, only the count of the others."""
    out = []
    for pile, content in piles.items():
        if not pile.startswith("hand:"):
            continue
        owner = pile[len("hand:"):]
        if isinstance(content, list):
            out.append(f"{owner} holds:")
            out.extend(f"  {name(card)}" for card in content)
        else:
            out.append(f"{owner} holds {content} cards")
    return out
