"""An artillery strike's pattern resolved (GoE 12a, 12b, 17d, 23b): the Barrage markers laid and one
attack pushed per struck hex.  Artillery called by card or event and the Mortar's strike (22o) both
apply it; it rolls nothing (the targeting roll and drift come before it)."""
from __future__ import annotations

from ..model.actions import Use
from ..model.events import BarrageSet
from ..model.frames import FireFrame
from ..queries.board import board_at
from ..queries.fortifications import cf_bonus
from ..queries.strike_targets import artillery_ap_frames, artillery_on_bunker, artillery_targets
from ..queries.units import has


def hex_draws(hef: int, cf_artillery: int, soft_targets: int, *, difficult_alone: bool = False) -> int:
    """12a: cards drawn against one hex (0 for an empty hex)."""
    if soft_targets == 0:
        return 0
    n = hef - cf_artillery + (1 if soft_targets > 1 else 0) - (1 if difficult_alone else 0)
    return n


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
