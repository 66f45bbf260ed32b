"""Artillery (GoE 12a) and Barrage markers (12b).

A strike hits a target hex and two hexes adjacent to it.  The spotter (an unshaken friendly unit)
must see the target hex.  Targeting roll 1d6, +1 for the Soviets, -1 if the spotter's LOS is
degraded: 4-6 on target, else the whole pattern drifts one hex in a random direction.  Each hex is
attacked separately with the scenario's artillery HEF less the hex's cover against artillery
(hills give none), one more card when several Soft Targets share the hex, hits spread evenly.
Every unit in a struck hex is attacked, the caller's own included (reading: queries.strike_targets.artillery_targets).
"""
from __future__ import annotations

from ..queries.strike_targets import artillery_ap_frames
from ..queries.strike_targets import artillery_on_bunker
from ..queries.strike_targets import artillery_targets

import itertools

from tabletop_core import Decision
from tabletop_core.boards.hexgrid import DIRECTIONS, Hex

from ..model.actions import Decline, Declined, Strike, Use
from ..queries.board import board_at
from ..model.frames import ArtilleryFrame, FireFrame
from ..model.events import BarrageSet, Note
from ..model.state import SOVIET
from ..queries.units import has
from ..queries.fortifications import cf_bonus
from ..queries.sight import sight_class, up


def on_target(roll: int, side: str, degraded: bool) -> bool:
    """12a targeting roll."""
    total = roll + (1 if side == SOVIET else 0) - (1 if degraded else 0)
    return total >= 4


def hex_draws(hef: int, cf_artillery: int, soft_targets: int, *, difficult_alone: bool = False) -> int:
    """12a: cards drawn against one hex (0 for an empty hex)."""
    if soft_targets == 0:
        return 0
    n = hef - cf_artillery + (1 if soft_targets > 1 else 0) - (1 if difficult_alone else 0)
    return n


def _spotters(state, side: str) -> list:
    """12a: the unshaken friendly units on the map (helicopters too)."""
    return [u for u in state.units.values() if u.side == side and u.hex is not None and not u.shaken]


def _spotter_los(sight, u, target) -> int:
    """12a: the spotter looks with its own sight class (14: a ground vehicle sees as vehicles do;
    17e: a flying or hovering helicopter one level above its hex)."""
    return sight.los(u.hex, target, sight_class(u, u), up(u), 0)


def spotting(state, side: str, target) -> int | None:
    """Best LOS (0 clear, 1 degraded) from any unshaken friendly unit to ``target``; None if none sees it."""
    sight = board_at(state).sight(state)
    best = None
    for u in _spotters(state, side):
        v = _spotter_los(sight, u, target)
        if v < 2 and (best is None or v < best):
            best = v
            if v == 0:
                break
    return best


def can_call(state, side: str) -> bool:
    """12a: a strike needs a spotter, an unshaken friendly unit on the map (it sees its own hex)."""
    return bool(_spotters(state, side))


def spotted_hexes(state, side: str):
    """12a: every hex an unshaken friendly unit sees (artillery may target an empty hex)."""
    board = board_at(state)
    sight = board.sight(state)
    # one look per hex, sight class and height: stacked spotters of a kind see alike
    spotters = list({(u.hex, sight_class(u, u), up(u)): u for u in _spotters(state, side)}.values())
    out = {u.hex for u in spotters}
    for h in board.hexes:
        if h not in out and any(_spotter_los(sight, u, h) < 2 for u in spotters):
            out.add(h)
    return sorted(out)


def strike_options(rules, state, side: str):
    board = board_at(state)
    out = []
    for t in spotted_hexes(state, side):
        for a, b in itertools.combinations(board.neighbours[t], 2):
            out.append(Strike(board.label(t), (board.label(a), board.label(b))))
            if state.bunkers and any(h in state.bunkers for h in (t, a, b)):  # 23b: APF at the bunker instead
                out.append(Strike(board.label(t), (board.label(a), board.label(b)), bunker_ap=True))
    return out


def decide(rules, state, f: ArtilleryFrame):
    opts = strike_options(rules, state, f.side)
    return Decision(f.side, (*opts, Decline(Declined.NO_STRIKE)), f"call an artillery strike ({f.hef} HEF)")


def act(rules, ctx, f: ArtilleryFrame, action) -> None:
    ctx.pop()
    if isinstance(action, Decline):
        return
    board = board_at(ctx.state)
    target = board.hex(action.target)
    pattern = [target] + [board.hex(x) for x in action.pattern]
    degraded = spotting(ctx.state, f.side, target) == 1
    roll = ctx.roll("d6", player=f.side, reason="artillery targeting").total
    if on_target(roll, f.side, degraded):
        ctx.emit(Note(f"artillery on target ({roll}{'+1' if f.side == SOVIET else ''}{'-1' if degraded else ''})"))
    else:
        d = DIRECTIONS[ctx.randint(0, 5, reason="artillery drift direction")]
        pattern = [Hex(h.q + d.q, h.r + d.r) for h in pattern]
        ctx.emit(Note(f"artillery drifts ({roll}): pattern shifts one hex"))
    strike(rules, ctx, f.side, f.hef, [h for h in pattern if h in board.board], bunker_ap=action.bunker_ap)


def strike(rules, ctx, side: str, hef: int, hexes, *, bunker_ap: bool = False) -> None:
    """Resolve the pattern: one FireFrame per occupied hex, in the order called (pushed in reverse).
    Hard Targets take the strike's APF, Shake only; ``bunker_ap``: a bunker takes it instead of its
    occupants taking the HEF (12a, 17d, 23b: ap_cases.py)."""
    state = ctx.state
    board = board_at(state)
    ctx.emit(BarrageSet(tuple(hexes)))  # 12b
    frames = []
    for h in hexes:
        enemies, hard = artillery_targets(state, side, h)  # 12a: Soft Targets (landed helicopters too, 17d), either side's
        frames += artillery_ap_frames(side, hef, h, hard)  # 12a: APF = HEF against each Hard Target
        on_bunker = artillery_on_bunker(state, side, h, hef) if bunker_ap else None
        if on_bunker is not None:
            frames.append(on_bunker)
            continue
        if not enemies:
            continue
        # 10d: Scrub takes away the moving bonus, and with it the mixed target's further 1 HEF attack
        scrub = board.row(h).negates_moving_bonus
        moved = [] if scrub else [u for u in enemies if u.marker == "moved"]
        mixed = tuple(u.uid for u in moved) if moved and len(moved) < len(enemies) else ()
        difficult_alone = len(enemies) == 1 and has(enemies[0], "difficult_target")
        cf = board.cf(h, artillery=True) + cf_bonus(state, h, enemies)  # 23b bunker +1, 23c wire -1
        n = hex_draws(hef, cf, len(enemies), difficult_alone=difficult_alone)
        if moved and len(moved) == len(enemies):
            n += 1  # 10d: +1 against moving targets
        frames.append(FireFrame(side=side, use=Use.ARTILLERY, lead="", supporters=(), targets=tuple(u.uid for u in enemies),
                                hex=h, hef=n, step="react", marker="", moving_extra=mixed, spraying=True))
    for fr in reversed(frames):
        ctx.push(fr)
