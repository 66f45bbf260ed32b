"""Pictures of GoE positions: the scenario's maps and the counters a player's view shows.

Everything here is drawn from ``observe(state, player)`` plus public data (the printed maps, the
counter and card tables), so a picture holds nothing the view does not.  Counters show the unit's
name, its HEF-MF (and APF) factors, TM/AF, a band for the reduced side, and tabs for Shaken and
for the Fired / Moved / Ops Complete markers; a Concealed counter is outlined dashed; vehicles and
helicopters carry a facing arrow to their vertex (GoE 15a/17b); a stack (8b) is fanned with its
top counter up and to the left, passengers above their carrier.  Smoke, tiles laid in play,
control and (when the view lists them) wrecks are drawn under the counters; the hexes the
scenario's victory conditions name are ringed on the board.
"""
from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any

from tabletop_core.drawing import (
    HexStyle, PanelSection, Piece, Scene, draw_hex_board, escape, general_panel, hand_lines,
)
from tabletop_core.drawing.hexboard import terrain_overlay
from tabletop_core.drawing.shapes import arrow, counter, tab

from .data.loading import game_data

SIDE_FILL = {"soviet": "#b8493b", "mujahideen": "#5d7a3c"}
SIDE_BAND = {"soviet": "#7a1f16", "mujahideen": "#33481e"}
MARKERS = {"fired": ("Fired", "#e07b00"), "moved": ("Moved", "#2c62b8"), "ops": ("Ops Complete", "#555")}

STYLE = HexStyle(
    size=32.0,
    fills={"clear": "#eee4c4", "hill": "#e2cf9c", "scrub": "#dfe0ad", "brush": "#c8d69a", "woods": "#9dbb78",
           "rough": "#cdbb95", "building": "#e5ddc8", "building_dot": "#e5ddc8", "mosque": "#efe3c0", "rubble": "#cfc7b8"},
    symbols={"woods": "trees", "building": "building", "building_dot": "building_dot", "mosque": "mosque",
             "rubble": "rubble", "scrub": "tufts", "brush": "tufts", "rough": "dots"},
)
COUNTER = 34.0


@functools.lru_cache(maxsize=16)
def _board(board, scenario: str) -> tuple[str, Any]:
    """The printed board drawn once per scenario (the board object is cached by the rules), with
    the hexes the scenario's victory conditions name ringed: public, printed in the scenario."""
    svg, proj = draw_hex_board(board, STYLE, id_prefix="goe")
    spec = game_data().scenarios.get(scenario)
    rings = []
    plain = getattr(board, "board", board)
    for labels, colour, title in ((spec.victory_hexes if spec else (), "#d4a017", "victory hex"),
                                  (spec.morale_hexes if spec else (), "#8e44ad", "morale hex")):
        for label in labels:
            points = " ".join(f"{x:.1f},{y:.1f}" for x, y in proj.corners(plain.hex(label), shrink=3.0))
            rings.append(f'<polygon class="objective" points="{points}" fill="none" stroke="{colour}" stroke-width="4" '
                         f'stroke-opacity=".85"><title>{label}: {title}</title></polygon>')
    return svg + "\n" + "\n".join(rings), proj


def picture(rules, view: Mapping[str, Any], player: str | None) -> Scene:
    scenario = view.get("scenario")
    if not scenario:
        return Scene(width=40, height=60, panel=[general_panel(view, player)], title=rules.title)
    board = rules.scenario_board(scenario)
    plain = getattr(board, "board", board)
    board_svg, proj = _board(board, scenario)
    scene = Scene(proj.width, proj.height, board=board_svg, title=f"{rules.title}: {scenario}")
    for label, kind in view.get("tiles", {}).items():
        scene.overlays.append(terrain_overlay(proj, plain.hex(label), kind, STYLE))
    for label in view.get("wrecks", ()):
        x, y = proj.centre(plain.hex(label))
        scene.overlays.append(f'<g transform="translate({x:.1f} {y + 14:.1f})">{tab("Wreck", 0, 0, "#222")}</g>')
    for label, side in view.get("control", {}).items():
        x, y = proj.vertex_point(plain.hex(label), 5, 0.62)
        scene.overlays.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="6" fill="{SIDE_FILL.get(side, "#888")}" stroke="#fff" '
                              f'stroke-width="1.5"><title>controlled by {side}</title></circle>')
    units = view.get("units", {})
    for label, order in view.get("stacks", {}).items():
        cx, cy = proj.centre(plain.hex(label))
        n = len(order)
        for depth in range(n - 1, -1, -1):  # bottom first, so the top counter is drawn last
            uid = order[depth]
            u = units[uid]
            shift = 4.0 * depth - 2.0 * (n - 1)
            scene.pieces.append(Piece(uid, cx + shift, cy + shift, _counter(u), key=_key(u), radius=COUNTER * 0.7))
    for label, level in view.get("smoke", {}).items():
        x, y = proj.centre(plain.hex(label))
        scene.overlays.append(f'<g class="smoke" transform="translate({x:.1f} {y:.1f})"><circle r="{STYLE.size * 0.8:.1f}" '
                              f'fill="#9a9a9a" fill-opacity=".45"/>{tab(f"Smoke {level}", 0, 22, "#666")}</g>')
    scene.panel.extend(_panel(view, player))
    return scene


def _key(u: Mapping[str, Any]) -> tuple:
    return (u["hex"], u["reduced"], u["shaken"], u["marker"], u["concealed"], u["carrier"], u["facing"], u["mode"])


@functools.lru_cache(maxsize=2048)
def _counter_svg(type_id: str, side: str, reduced: bool, shaken: bool, marker: str, concealed: bool, carried: bool,
                 facing: int, mode: str) -> str:
    t = game_data().units.get(type_id)
    name = t.name if t else type_id
    f = t.factors(reduced) if t else None
    factors = "" if f is None else f"{f.hef}-{f.mf}" + (f"/{f.apf}" if f.apf is not None else "")
    armour = "" if t is None else " ".join(x for x in (f"TM{t.tm}" if t.tm is not None else "",
                                                        f"AF{t.af}" if t.af is not None else "") if x)
    body = counter(COUNTER, SIDE_FILL.get(side, "#999"), top=_short(name), middle=factors, bottom=armour, text="#fff",
                   stripe=SIDE_BAND.get(side, "#444") if reduced else "", dashed=concealed)
    hover = f"{name} ({side}{', reduced' if reduced else ''}): HEF-MF{'/APF' if f and f.apf is not None else ''} {factors}"
    body = f"<title>{escape(hover)}</title>{body}"
    if facing >= 0:
        body = arrow(-60 + 60 * facing, COUNTER * 0.95, colour="#111", width=3) + body
    tabs = []
    if shaken:
        tabs.append(("Shaken", "#c00"))
    if marker in MARKERS:
        tabs.append(MARKERS[marker])
    if concealed:
        tabs.append(("Concealed", "#333"))
    if mode:
        tabs.append((mode, "#4a3b6b"))
    if carried:
        tabs.append(("aboard", "#6b5a2b"))
    for i, (text, fill) in enumerate(tabs):
        body += tab(text, 0, -COUNTER / 2 - 6 - 11 * i, fill)
    return body


def _short(name: str) -> str:
    """A counter-sized name: "Rifle (Intensive Fire)" -> "Rifle Inten"."""
    if len(name) <= 11 or "(" not in name:
        return name[:11]
    base, rest = name.split("(", 1)
    return f"{base.strip()[:6]} {rest.split()[0].strip(')')[:5]}"


def _counter(u: Mapping[str, Any]) -> str:
    return _counter_svg(u["type"], u["side"], u["reduced"], u["shaken"], u["marker"], u["concealed"], bool(u["carrier"]),
                        u["facing"], u["mode"])


def _card_name(card_id: str) -> str:
    card = game_data().cards.get(card_id)
    if card is None:
        return card_id
    if card.kind == "end_turn":
        return f"{card_id} End Turn"
    if card.kind == "event":
        return f"{card_id} Event"
    return f"{card_id} " + " / ".join(b.replace("_", " ").title() for b in card.blocks())


def _panel(view: Mapping[str, Any], player: str | None) -> list[PanelSection]:
    general = general_panel(view, player)
    lines = list(general.lines)
    lines.append(f"End Turn cards: {view.get('end_turns')}")
    if view.get("procedure"):
        lines.append(f"now: {view['procedure']}")
    sections = [PanelSection(general.title, lines)]
    cards = view.get("cards", {})
    hand = hand_lines(cards, _card_name)
    if "draw" in cards:
        draw_size = cards["draw"] if isinstance(cards["draw"], int) else len(cards["draw"])
        hand.append(f"deck: {draw_size}, discards: {len(cards.get('discard', []))}")
    sections.append(PanelSection("Action cards", hand))
    bonus = view.get("bonus", {})
    bonus_lines = [f"{pile}: {', '.join(v) if isinstance(v, list) else v}" for pile, v in bonus.items()
                   if pile.startswith("hand:") and v]
    if bonus_lines:
        sections.append(PanelSection("Bonus cards", bonus_lines))
    losses = view.get("losses", {})
    if losses:
        sections.append(PanelSection("Losses", [f"{side}: {n}" for side, n in losses.items()]))
    return sections
