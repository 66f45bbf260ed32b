"""The numbers of ranged HE fire (GoE 10b-10d, 17b/d, 18q, 21g, 22p): the attack's HEF, the draw it
makes, and what an attack would be if it were made now (start_fire and the action's words use it).
Pure functions, so the rulebook's worked examples test them directly."""
from __future__ import annotations

from ..model.actions import Use
from ..queries.board import board_at
from ..queries.fortifications import cf_bonus
from ..queries.helicopters import ground_cover_counts, he_adjustment, moving_bonus_applies
from ..queries.sight import is_heli
from ..queries.units import has
from ..queries.units import hef
from ..queries.units import is_hard
from ..queries.units import units_at
import attrs

POWER_BONUS = {"cannister": 2, "intensive_fire": 1, "kill_shot": 1, "deadly_shot": 1, "explosive_rounds": 2, "reload_fire": 1}


def attack_hef(*, lead_hef: int, distance: int, cf: int, range_mod: int, power_bonus: int = 0,
               supporters_hef: int = 0, moving_target: bool = False, scrub: bool = False,
               sniper: bool = False, marksman: bool = False, barrage: bool = False,
               difficult: bool = False, heli_target: bool = False, cards_bonus: int = 0) -> int:
    """GoE 10b/10d: the adjusted HEF of an attack.

    The lead unit's HEF with its range modifier (none for a Sniper alone, 21g), its Power's bonus
    (22), +1 against a moving or Moved target unless it is in Scrub (10d); supporters add their bare
    HEF (10d multiple attackers); the target hex's Cover Factor is subtracted (not for a Sniper alone
    or Marksman, 21g, 22m); -1 firing from a Barrage hex (12b) and against a lone Difficult Target
    (21c: a Sniper ignores it, except when the target is a helicopter).
    Marksman: HEF 2 whatever the unit's own (22m).
    """
    total = 2 if marksman else lead_hef
    if not (sniper or marksman):
        total += range_mod
    total += power_bonus + cards_bonus
    if moving_target and not scrub:
        total += 1
    total += supporters_hef
    if not ((sniper and supporters_hef == 0) or marksman):
        total -= cf
    if barrage:
        total -= 1
    if difficult and (heli_target or not sniper):
        total -= 1
    return total


def draw_plan(hef_total: int, degrade: int) -> tuple[int, int]:
    """GoE 10d desperation: an HEF of 0 or less draws one card that hits one level rarer.
    Returns (cards to draw, degrade level, capped at red only)."""
    if hef_total <= 0:
        return 1, min(degrade + 1, 2)
    return hef_total, degrade


@attrs.frozen
class AttackPlan:
    """What an attack would be if it were made now (10b, 10d): the hex, the units attacked and
    firing, the adjusted HEF and the extra degrade levels from concealment and helicopters."""

    hex: tuple[int, int]
    targets: tuple[str, ...]
    supporters: tuple[str, ...]
    hef: int
    degrade: int
    concealed: bool
    spraying: bool
    sniper: bool
    mixed: tuple[str, ...]
    distance: int


def attack_plan(rules, state, side: str, use: Use, lead_id: str, target: str, supporters=(), *,
                moving: bool | None = None, lead_hef: int | None = None, movers=()) -> AttackPlan:
    """The firepower of an attack by ``lead_id`` with the units ``supporters`` of its hex (10d) at
    ``target`` (a unit id or ``hex:<label>``), computed without changing anything (start_fire and
    the action's words).  ``movers``: Opportunity Fire's Spraying Fire strikes only the units moving
    into the hex, not those already there (11a)."""
    board = board_at(state)
    lead = state.units[lead_id]
    if target.startswith("hex:"):
        h = board.hex(target[4:])
        targets = tuple(u.uid for u in units_at(state, h) if u.side != side and not u.carrier and not is_hard(u)
                        and (not movers or u.uid in movers))
        spraying = True
    else:
        h = state.units[target].hex
        targets = (target,)
        spraying = False
    d = board.distance(lead.hex, h)
    supporters = tuple(supporters or ())  # 10d: the units the firing player chose (fire_group.py)
    # 21g: a Sniper leading others keeps its range rule and the Difficult Target exception
    # (attack_hef), but loses its cover negation, Unexpected Cover included (20d)
    sniper = has(lead, "sniper") and not supporters
    tgt_units = [state.units[t] for t in targets]
    is_moving = moving if moving is not None else any(u.marker == "moved" for u in tgt_units)
    mixed = ()
    scrub = board.row(h).negates_moving_bonus  # 10d: no moving bonus, so no mixed-target extra attack either
    if spraying and not scrub and any(u.marker == "moved" for u in tgt_units) and not all(u.marker == "moved" for u in tgt_units):
        mixed = tuple(u.uid for u in tgt_units if u.marker == "moved")  # 10d mixed target moved status
        is_moving = False
    concealed = any(u.concealed for u in tgt_units)
    firer_concealed = lead.concealed
    alone = len([u for u in units_at(state, h) if u.side != side]) == 1
    difficult = alone and any(has(u, "difficult_target") for u in tgt_units)
    cover = board.cf(h) + cf_bonus(state, h, tgt_units) if ground_cover_counts(tgt_units) else 0  # 17e reading
    total = attack_hef(
        lead_hef=hef(lead) if lead_hef is None else lead_hef, distance=d,
        cf=cover, range_mod=rules.tec.he_modifier(d) or 0,
        power_bonus=POWER_BONUS.get(use, 0), supporters_hef=sum(hef(state.units[s]) for s in supporters),
        moving_target=is_moving and moving_bonus_applies(tgt_units), scrub=scrub, sniper=has(lead, "sniper"),
        marksman=use == Use.MARKSMAN, barrage=lead.hex in state.barrage, difficult=difficult,
        heli_target=any(is_heli(u) for u in tgt_units),
    )
    heli_hef, heli_deg = he_adjustment(lead, tgt_units)  # 17b, 17d
    deg = (1 if concealed else 0) + (1 if firer_concealed else 0) + heli_deg  # 18q, 22p
    return AttackPlan(h, targets, supporters, total + heli_hef, deg, concealed, spraying, sniper, mixed, d)
