"""Unsaved hits on troops become casualties or suppressed figures, and the owner picks which
figure is which, one pick at a time (# FUBAR suppression, casualties).

The owner of the hit unit answers one small decision per hit (``TakeCasualty`` or
``SuppressFigure`` naming a figure) while an :class:`~rules_fubar.state.AllocateHits` frame
collects the picks; when the last hit is placed the figures fall and go down together.

Readings (kept here, in one place):

* each hit lands on one figure, so a unit takes at most as many picks as it has figures; hits
  beyond its figures leave nothing to choose and the whole unit falls (the alternative, a hit
  suppressing a figure that another hit then kills, would let extra hits change nothing);
* when the hits equal the figures the unit may still lay up to its grade's limit down suppressed
  (Green 1 ... Elite 4, counting figures already down) and the rest fall;
* only a standing figure can be suppressed; a figure already down can be taken as a casualty;
* close combat hits, bailing-out hits on a wreck's crew and hits on civilians (who have no player
  to ask, and fall in their listed order) follow the same path; close combat allows casualties only;
* a pick is not asked when its answer cannot matter: a single legal pick, or every figure left
  falling anyway (casualties only, as many hits as figures).
"""
from __future__ import annotations

from .d6 import roll_successes
from .saves import majority_armour
from .state import (
    PLAYERS,
    AllocateHits,
    BvpAwarded,
    CasualtiesTaken,
    FiguresSuppressed,
    SuppressFigure,
    TakeCasualty,
    UnitState,
)


def suppression_room(rules, u: UnitState, hits: int, *, pending: int = 0) -> int:
    """How many of ``hits`` may still be taken as suppressed figures: the grade's limit less the
    figures already down (and ``pending`` picks made in this allocation), never more than the
    standing figures; none when the hits outnumber the figures."""
    if hits > len(u.figures):
        return 0
    limit = rules.data.grades[u.grade].max_suppressed - u.suppressed - pending
    standing = sum(1 for f in u.figures if not f.suppressed) - pending
    return max(0, min(limit, standing, hits))


def allocate(rules, ctx, uid: str, hits: int, by_side: str, *, casualties_only: bool = False,
             reason: str = "") -> AllocateHits | None:
    """Start taking ``hits`` on ``uid``: the frame to push when its owner has picks to make, or
    None when the hits have been settled already (nothing to choose)."""
    u = ctx.state.units[uid]
    if hits <= 0 or not u.alive:
        return None
    if hits >= len(u.figures) and (casualties_only or suppression_room(rules, u, hits) == 0):
        take_hits(rules, ctx, uid, tuple(f.id for f in u.figures), (), by_side)
        return None
    if u.side not in PLAYERS:  # no one to ask: they fall in their listed order
        take_hits(rules, ctx, uid, tuple(f.id for f in u.figures[:hits]), (), by_side)
        return None
    return AllocateHits(uid, hits, by_side, casualties_only=casualties_only, reason=reason)


def options(rules, state, frame: AllocateHits) -> list:
    """The legal picks for the next hit of ``frame``."""
    u = state.units.get(frame.unit)
    if u is None or not u.alive or _left(frame) <= 0:
        return []
    picked = set(frame.killed) | set(frame.suppressed)
    free = [f for f in u.figures if f.id not in picked]
    out = [TakeCasualty(f.id) for f in free]
    if not frame.casualties_only and suppression_room(rules, u, frame.hits, pending=len(frame.suppressed)) > 0:
        out += [SuppressFigure(f.id) for f in free if not f.suppressed]
    return out


def no_choice(picks: list, frame: AllocateHits) -> bool:
    """True when the owner has nothing to decide (see the readings)."""
    if len(picks) < 2:
        return True
    return _left(frame) == len(picks) and all(type(p) is TakeCasualty for p in picks)


def _left(frame: AllocateHits) -> int:
    return frame.hits - len(frame.killed) - len(frame.suppressed)


def pick(rules, ctx, frame: AllocateHits, action) -> None:
    """Record one pick; the last one settles the allocation."""
    # attrs.evolve built directly (it looks up the frame's fields at every call)
    killed, suppressed = frame.killed, frame.suppressed
    if type(action) is TakeCasualty:
        killed += (action.figure,)
    else:
        suppressed += (action.figure,)
    frame = AllocateHits(frame.unit, frame.hits, frame.by_side, killed=killed, suppressed=suppressed,
                         casualties_only=frame.casualties_only, reason=frame.reason)
    if _left(frame) > 0:
        ctx.replace(frame)
        return
    ctx.pop()
    take_hits(rules, ctx, frame.unit, frame.killed, frame.suppressed, frame.by_side)


def settle_unasked(rules, ctx, frame: AllocateHits) -> None:
    """An automatic step: the unit is gone (nothing to take) or the next pick has one answer."""
    legal = options(rules, ctx.state, frame)
    if not legal:
        ctx.pop()
        return
    pick(rules, ctx, frame, legal[0])


def take_hits(rules, ctx, uid: str, killed: tuple[str, ...], suppressed: tuple[str, ...], by_side: str) -> None:
    """# FUBAR casualties / suppression: lay ``suppressed`` down and remove ``killed``."""
    u = ctx.state.units[uid]
    if suppressed:
        ctx.emit(FiguresSuppressed(uid, tuple(suppressed)))
    if killed:
        ctx.emit(CasualtiesTaken(uid, tuple(killed)))
        award_kills(rules, ctx, u, len(killed), by_side)
    rules.after_losses(ctx, uid)


def award_kills(rules, ctx, u: UnitState, count: int, by_side: str) -> None:
    """# FUBAR bvp: each kill is worth BVP by the victim's faction (nothing for civilians)."""
    value = rules.data.bvp.kill.get(u.faction, 0) * count
    if value and by_side:
        ctx.emit(BvpAwarded(by_side, value, f"{count} {u.faction} figure(s) of {u.id} killed"))



def bailing_hits(rules, ctx, uid: str, by_side: str) -> list[AllocateHits]:
    """# FUBAR vehicle-damage: each figure leaving a destroyed vehicle takes one hit (saved with
    its own armour; unsaved hits are taken like any other)."""
    u = ctx.state.units[uid]
    save = majority_armour(rules, u)
    n = len(u.figures)
    saved = roll_successes(ctx, n, save, player=u.side, reason=f"{uid} saves bailing out ({save}+)")
    frame = allocate(rules, ctx, uid, n - saved, by_side, reason="bailing out")
    return [frame] if frame else []


def why_not(rules, state, frame, action) -> str | None:
    """The rule a refused pick breaks, in words (None: not a pick this frame can judge)."""
    if not isinstance(frame, AllocateHits):
        return "no hits are waiting to be taken"
    u = state.units[frame.unit]
    ids = {f.id for f in u.figures}
    if action.figure not in ids:
        return f"{action.figure} is not a figure of {u.id}, which is taking the hits"
    if action.figure in frame.killed or action.figure in frame.suppressed:
        return f"{action.figure} has already taken a hit; each hit falls on another figure"
    if type(action) is SuppressFigure:
        if frame.casualties_only:
            return "close combat hits can only be casualties (# FUBAR suppression)"
        if next(f for f in u.figures if f.id == action.figure).suppressed:
            return f"{action.figure} is already suppressed: it can only be taken as a casualty"
        limit = rules.data.grades[u.grade].max_suppressed
        return f"{u.id} ({u.grade}) may have at most {limit} suppressed figure(s) (# FUBAR suppression)"
    return None
