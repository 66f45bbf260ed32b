"""Pictures of FUBAR positions: the measured table and the figures a player's view shows.

Drawn from ``observe(state, player)`` and public data (the table's terrain, the scenario's
objectives, the troop types).  Each figure stands on its base at its measured place; a suppressed
figure lies down; a vehicle is drawn to its base size turned to its heading, front marked; a unit's
name and its state (On guard, Ducking, vehicle damage) label its first figure.  A hidden unit is
drawn — dashed and faded — only in its owner's picture: the other side's view has no position for
it, so there is nothing to draw.  Hideouts are marked only where the view lists their buildings
(the insurgents'); the other side sees their number in the panel.
"""
from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any

from tabletop_core.drawing import PanelSection, Piece, Scene, TableStyle, draw_table, general_panel
from tabletop_core.drawing.shapes import figure, tab, vehicle

from .data import load

SIDE_FILL = {"isaf": "#3f6fb5", "insurgents": "#8b5a2b"}
STYLE = TableStyle(scale=17.0, kind_fills={"building": "#9c9284", "orchard": "#9fc27a", "wall": "#a58f6a"})
BASE = 0.5  # inches: the base radius the table assumes for a figure


@functools.lru_cache(maxsize=8)
def _board(table_id: str):
    return draw_table(load().table(table_id), STYLE, id_prefix=f"t{table_id}")


def picture(rules, view: Mapping[str, Any], player: str | None) -> Scene:
    data = load()
    spec = data.scenarios.get(view.get("scenario", ""))
    if spec is None:
        return Scene(width=40, height=60, panel=[general_panel(view, player)], title=rules.title)
    board_svg, proj = _board(spec.table)
    scene = Scene(proj.width, proj.height, board=board_svg, title=f"{rules.title}: {spec.id}")
    for o in spec.objectives:
        x, y = proj.point(o.x, o.y)
        scene.overlays.append(f'<g class="objective"><circle cx="{x:.1f}" cy="{y:.1f}" r="{o.radius * proj.scale:.1f}" '
                              f'fill="#ffd400" fill-opacity=".12" stroke="#c49a00" stroke-width="2" stroke-dasharray="6 4"/>'
                              f'{tab("Objective: " + o.id, x, y - o.radius * proj.scale - 8, "#a07d00")}</g>')
    scene.overlays.extend(_hideouts(view, proj, data.tables[spec.table]))
    for uid, u in view.get("units", {}).items():
        if not isinstance(u.get("figures"), list):
            continue  # FUBAR hidden: the viewer may not know where this unit is
        _unit(scene, proj, data, uid, u)
    scene.panel.extend(_panel(view, player))
    return scene


def _unit(scene: Scene, proj, data, uid: str, u: Mapping[str, Any]) -> None:
    colour = SIDE_FILL.get(u["side"], "#777")
    troop = data.troops.get(u["troop"])
    kit = data.vehicles.get(troop.vehicle) if troop is not None and troop.vehicle else None
    hidden = u["hidden"]
    for fid, fx, fy, weapon, suppressed, *_leader in u["figures"]:  # the view adds the leader flag
        x, y = proj.point(fx, fy)
        if u["heading"] is not None:
            r = (kit.radius if kit else 1.5) * proj.scale
            svg = vehicle(2 * r, 1.1 * r, proj.angle(u["heading"]), colour, dashed=hidden)
            radius = r
        else:
            radius = BASE * proj.scale
            svg = figure(radius, colour, prone=suppressed, dashed=hidden)
        if hidden:
            svg = f'<g opacity=".55">{svg}</g>'
        scene.pieces.append(Piece(fid, x, y, f"<title>{fid} ({weapon})</title>{svg}", key=(fx, fy, suppressed, u["heading"]),
                                  radius=radius, kind="figure"))
    if not u["figures"]:
        return
    _fid, fx, fy, *_rest = u["figures"][0]
    x, y = proj.point(fx, fy)
    lift = (kit.radius * proj.scale if u["heading"] is not None and kit else BASE * proj.scale) + 8
    states = [text for text, on in (("hidden", hidden), ("On guard", u["on_guard"]), (u["stance"].title(), bool(u["stance"])),
                                    ("Stunned", u["damage"][0]), ("Weapon out", u["damage"][1]),
                                    ("Immobilised", u["damage"][2])) if on]
    label = uid + (f" [{', '.join(states)}]" if states else "")
    scene.pieces.append(Piece(uid, x, y, tab(label, 0, -lift, colour), key=label, radius=10, kind="unit", halo=False))


def _hideouts(view: Mapping[str, Any], proj, table_spec) -> list[str]:
    piles = view.get("hideouts", {})
    out = []
    features = {f.id: f for f in table_spec.features}
    for pile, text, fill in (("hideouts", "Hideout", "#7b1c1c"), ("cleared", "Cleared", "#2d6a2d")):
        content = piles.get(pile)
        if not isinstance(content, list):
            continue
        for fid in content:
            f = features.get(fid)
            if f is None:
                continue
            xs, ys = [v[0] for v in f.vertices], [v[1] for v in f.vertices]
            x, y = proj.point(sum(xs) / len(xs), sum(ys) / len(ys))
            out.append(tab(text, x, y + 6, fill))
    return out


def _panel(view: Mapping[str, Any], player: str | None) -> list[PanelSection]:
    general = general_panel(view, player, keys=("phase",))
    lines = [f"turn: {view.get('turn')} of {view.get('turns')}", *general.lines]
    if view.get("current"):
        lines.append(f"acting: {view['current']}")
    if view.get("bvp"):
        lines.append("BVP: " + ", ".join(f"{k} {v}" for k, v in view["bvp"].items()))
    sections = [PanelSection(general.title, lines)]
    piles = view.get("hideouts", {})
    if piles:
        hid = piles.get("hideouts")
        count = len(hid) if isinstance(hid, list) else hid
        sections.append(PanelSection("Hideouts", [f"hideouts: {count}", f"cleared: {len(piles.get('cleared', []))}"]))
    if "reserves" in view:
        sections.append(PanelSection("Insurgent reserves", [f"{view['reserves']} fighters"]))
    hidden = [uid for uid, u in view.get("units", {}).items() if u.get("hidden") and not isinstance(u.get("figures"), list)]
    if hidden:
        sections.append(PanelSection("Unseen enemy", [f"{len(hidden)} hidden unit(s)"]))
    return sections
