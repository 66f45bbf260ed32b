"""Pictures of Orgun 1983 positions: the area map and the counters a player's view shows.

Drawn from ``observe(state, player)`` and public data only (the map, its drawing positions in
``data/map_layout.toml``, the counter and card tables).  A counter shows its name and its three
printed numbers, strength-cohesion-OP (the reduced strength once it has lost a step, with a band
across the top); a Spent unit is greyed with a Spent tab (a Fresh one is plain); Low supply and
No ammo are tabs.  Control is a coloured flag in the area, minefields still down are marked, forts
are part of the printed map.  The panel shows turn, phase, initiative and the viewer's hand.
"""
from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any

import attrs
from tabletop_core.data import check, load_toml, package_file
from tabletop_core.drawing import (
    AreaLayout, AreaStyle, PanelSection, Piece, Scene, draw_area_board, general_panel, hand_lines, layout_areas,
)
from tabletop_core.drawing.shapes import counter, tab

SIDE_FILL = {"muj": "#5d7a3c", "dra": "#5f7596"}
SIDE_BAND = {"muj": "#33481e", "dra": "#2f3f5a"}
STYLE = AreaStyle(zone_colours={"orgun": "#b3261e"}, supply_colours=SIDE_FILL)
COUNTER = 30.0


@attrs.frozen
class LayoutFile:
    positions: dict[str, list[float]]


def load_layout(path, area_map) -> AreaLayout:
    """The drawing positions of ``path`` checked against the map: one ``[x, y]`` per area, no strays."""
    raw = load_toml(path, LayoutFile)
    name = str(path)
    positions = {}
    for key, value in raw.positions.items():
        check(key.isdigit() and int(key) in area_map, file=name, field=f"positions.{key}",
              expected="an area number of map.toml")
        check(len(value) == 2, file=name, field=f"positions.{key}", expected=f"[x, y], got {value!r}")
        positions[int(key)] = (value[0], value[1])
    missing = [a for a in area_map if a not in positions]
    check(not missing, file=name, field="positions", expected=f"a position for every area; missing {missing}")
    return layout_areas(area_map, positions)


@functools.lru_cache(maxsize=4)
def _board(area_map) -> tuple[str, AreaLayout]:
    layout = load_layout(package_file("rules_orgun1983", "data/map_layout.toml"), area_map)
    return draw_area_board(area_map, layout, STYLE, id_prefix="orgun"), layout


def picture(rules, view: Mapping[str, Any], player: str | None) -> Scene:
    data = rules.data
    board_svg, layout = _board(data.area_map)
    scene = Scene(layout.width, layout.height, board=board_svg, title=rules.title)
    for area, side in view.get("control", {}).items():
        cx, cy = layout.centres[int(area)]
        scene.overlays.append(
            f'<g transform="translate({cx - 52:.1f} {cy - 44:.1f})"><line x1="0" y1="0" x2="0" y2="20" stroke="#222" '
            f'stroke-width="1.5"/><rect x="0" y="0" width="15" height="10" fill="{SIDE_FILL.get(side, "#888")}" stroke="#222" '
            f'stroke-width=".8"/><title>controlled by {side}</title></g>')
    for area in view.get("minefields", ()):
        cx, cy = layout.centres[area]
        scene.overlays.append(f'<g transform="translate({cx:.1f} {cy - 52:.1f})">{tab("Minefield", 0, 0, "#7b1c1c")}</g>')
    by_area: dict[int, list[str]] = {}
    units = view.get("units", {})
    for uid, row in units.items():
        by_area.setdefault(row[0], []).append(uid)
    for area, uids in by_area.items():
        if area not in layout.centres:
            continue  # not on the map (a unit off-board)
        for i, uid in enumerate(uids):
            x, y = layout.slot(area, i, len(uids))
            scene.pieces.append(Piece(uid, x, y, _counter(data.units[uid], *units[uid][1:]), key=tuple(units[uid]),
                                      radius=COUNTER * 0.7))
    scene.panel.extend(_panel(rules, view, player))
    return scene


@functools.lru_cache(maxsize=1024)
def _counter(info, steps: int, spent: bool, low_supply: bool, no_ammo: bool) -> str:
    reduced = steps < info.steps
    strength = info.reduced_strength if reduced else info.strength
    numbers = f"{strength}-{info.cohesion}-{info.op}"
    body = counter(COUNTER, SIDE_FILL.get(info.side, "#999"), top=info.id, middle=numbers, text="#fff",
                   stripe=SIDE_BAND.get(info.side, "#333") if reduced else "", opacity=0.6 if spent else 1.0,
                   bottom=info.kind[:4] if info.kind in ("leader", "advisor", "helicopter", "tank") else "")
    tabs = [t for t, on in (("Spent", spent), ("Low supply", low_supply), ("No ammo", no_ammo)) if on]
    for i, text in enumerate(tabs):
        body += tab(text, 0, -COUNTER / 2 - 5 - 11 * i, "#555" if text == "Spent" else "#b36b00")
    return body


def _panel(rules, view: Mapping[str, Any], player: str | None) -> list[PanelSection]:
    general = general_panel(view, player)
    lines = list(general.lines)
    if view.get("active"):
        lines.append(f"to act: {view['active']}")
    sections = [PanelSection(general.title, lines)]
    cards = rules.data.cards
    hand = []
    for piles in view.get("cards", {}).values():
        hand.extend(hand_lines(piles, lambda c: cards[c].name if c in cards else c))
    sections.append(PanelSection("Cards", hand))
    if view.get("eliminated"):
        sections.append(PanelSection("Eliminated", [", ".join(view["eliminated"])]))
    if view.get("waiting_groups"):
        sections.append(PanelSection("Reinforcements to come", [g.replace("_", " ") for g in view["waiting_groups"]]))
    return sections
