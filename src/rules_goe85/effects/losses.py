"""A hit on a unit and what follows it: Shaken, reduced, eliminated (10c); a vehicle destroyed, its
passengers hit or retreating (8e, 13f, 15c); a helicopter crashing (17d); a retreat out of combat (13d)."""
from __future__ import annotations

from tabletop_core.boards.hexfacing import front_hexes

from ..model.events import Note, UnitHit, UnitMoved
from ..model.vehicles import Destroyed, WreckPlaced
from ..queries import units
from ..queries.ap_numbers import armour, damage_result
from ..queries.board import away_from, board_at
from ..queries.carrying import passengers
from ..queries.facing import facing_of
from ..queries.movement import may_retreat_into
from ..queries.sight import is_heli
from ..queries.units import airborne, heli_mode, is_hard, units_at, utype
from .damage_draw import damage_card
from .openings import offer_booby_trap


def apply_hit(rules, ctx, uid: str) -> str:
    u = ctx.state.units[uid]
    outcome = units.hit_outcome(u)
    if outcome == "eliminated" and units.is_vehicle(u):  # 13f, 17d: a vehicle's last hit destroys it

        destroy(rules, ctx, uid)
        return outcome
    ctx.emit(UnitHit(uid, outcome))
    if outcome == "eliminated":
        rules.on_eliminated(ctx, u)
    return outcome


def destroy(rules, ctx, uid: str) -> None:
    """Flip to the wreck side (15c); a flying helicopter crashes into one of its two front hexes
    and attacks what is there, a hovering one into its own hex (17d); passengers: eliminated in a
    flying or hovering helicopter, two hits otherwise (8e, 17d)."""
    state = ctx.state
    u = state.units[uid]
    board = board_at(state)
    aboard = [p.uid for p in passengers(state, uid)]
    assault_from = assault_direction(state, u.hex) if aboard and u.hex is not None else None
    mode = heli_mode(u)
    crash_hex = None
    if is_heli(u) and mode in ("flying", "hovering") and u.hex is not None:
        crash_hex = u.hex
        if mode == "flying":
            options = [h for h in front_hexes(u.hex, facing_of(state, u)) if h in board.board]
            if options:
                crash_hex = options[ctx.randint(0, len(options) - 1, reason="where the helicopter crashes")]
    ctx.emit(Destroyed(uid, wreck=crash_hex is None))
    ctx.emit(Note(f"{uid} is destroyed"))
    rules.on_eliminated(ctx, u)
    for p in aboard:
        if p not in state.units:
            continue
        if crash_hex is not None:
            while p in state.units:
                apply_hit(rules, ctx, p)
        else:
            for _ in range(2):
                if p in state.units:
                    apply_hit(rules, ctx, p)
    if assault_from is not None and crash_hex is None:  # 8e: out of the assaulted hex
        passengers_leave_assault(rules, ctx, aboard, u.hex, assault_from)
    if crash_hex is not None:
        ctx.emit(WreckPlaced(crash_hex))
        crash_attack(rules, ctx, u, crash_hex)


def crash_attack(rules, ctx, heli, h) -> None:
    """17d: 2 HEF against the Soft Targets in the crash hex (hits spread evenly, 12a/21h), a -2 APF
    automatic hit on each Hard Target (flank armour).  Resolved at once, without reaction windows:
    the crash happens in the middle of another attack's procedure, whose frame stays on top (a
    frame pushed here would be overwritten by that procedure's next step)."""
    from tabletop_core.boards.hexfacing import Arc

    from ..queries.deck import counts_as_hit

    state = ctx.state
    soft = [x.uid for x in units_at(state, h) if not is_hard(x) and not x.carrier and not airborne(x)]
    hard = [x.uid for x in units_at(state, h) if is_hard(x)]
    for t in hard:
        cid = damage_card(ctx)
        if cid is None or t not in state.units:
            continue
        result = damage_result(cid, -2, 0, armour(utype(state.units[t]).af, Arc.FLANK))
        ctx.emit(Note(f"the crash hits {t}: APF -2, card {cid} -> {result}"))
        if result == "destroy":
            destroy(rules, ctx, t)
        elif result == "shake" and not state.units[t].shaken:
            apply_hit(rules, ctx, t)
    taken = {t: 0 for t in soft}
    for _ in range(2):
        alive = [t for t in soft if t in state.units]
        if not alive:
            break
        cid = damage_card(ctx)
        if cid is None:
            break
        if not counts_as_hit(cid, 0):
            continue
        least = min(taken[t] for t in alive)
        tied = [t for t in alive if taken[t] == least]
        heroless = [t for t in tied if not utype(state.units[t]).hero] or tied  # 21h: non-Heroes first
        victim = heroless[0] if len(heroless) == 1 else ctx.choice(heroless, reason="which unit the crash hits")
        taken[victim] += 1
        ctx.emit(Note(f"the crash hits {victim} (card {cid})"))
        apply_hit(rules, ctx, victim)


def assault_direction(state, h):
    """The hex the assault on ``h`` came from (the first attacker's entry hex), or None when no
    assault on ``h`` is being fought (any frame on the stack with that ``hex`` and ``attackers``)."""
    for fr in reversed(state.stack):
        if getattr(fr, "hex", None) == h and getattr(fr, "attackers", None):
            return fr.attackers[0][1]
    return None


def passengers_leave_assault(rules, ctx, uids, h, frm) -> None:
    """8e: passengers of a carrier destroyed in Assault Combat that survived their two hits retreat
    one hex directly away from the attack (13d's direction), or are eliminated if that hex is off
    the map, impassable, held by the enemy or full.  They go at once: they were no party to the
    assault (8d) and must not be caught up in its remaining hits."""
    state = ctx.state
    board = board_at(state)
    for uid in uids:
        u = state.units.get(uid)
        if u is None or u.carrier or u.hex != h:
            continue
        ctx.emit(Note(f"{uid}'s carrier was destroyed in the assault: it retreats"))
        retreat(rules, ctx, board, u, away_from(frm, h) if frm is not None else None, u.side)


def retreat(rules, ctx, board, u, dest, side) -> None:
    """13d: retreat into ``dest`` if the unit may go there (``queries/movement.may_retreat_into``:
    on the map, terrain its own movement class may enter, free of enemies, within stacking); the
    side that retreats into a hex occupies it (24e).  Off the map only by an edge the scenario makes
    an exit for the unit, which then leaves as its exits count.  Otherwise the unit is eliminated,
    and a carrier's passengers that survive its destruction retreat the same way on their own (8e)."""
    state = ctx.state
    if may_retreat_into(state, u, dest):
        ctx.emit(UnitMoved(u.uid, dest, 0))
        rules.occupy(ctx, side, dest)
        offer_booby_trap(ctx, u.uid, dest)  # Hammer and Anvil: a Booby Trap on a combat-directed retreat
        return
    special = rules.special_rules(state)
    if dest is not None and dest not in board.board and special.exits_by_retreat(state, u):
        ctx.emit(Note(f"{u.uid} retreats off the map"))
        special.exit_by_retreat(rules, ctx, u)
        return
    aboard = [p.uid for p in state.units.values() if p.carrier == u.uid]
    left = u.hex
    ctx.emit(Note(f"{u.uid} cannot retreat and is eliminated"))
    eliminate(rules, ctx, u.uid)
    for uid in aboard:  # 8e: the carrier was destroyed in the assault
        p = state.units.get(uid)
        if p is not None and not p.carrier and p.hex == left:
            retreat(rules, ctx, board, p, dest, side)


def eliminate(rules, ctx, uid: str) -> None:
    """The unit is removed at once, not hit by hit (13d: a unit that cannot retreat): a vehicle is
    destroyed without first being Shaken, so its passengers take only the two hits of 8e (a Shaken
    carrier would first have Shaken them, 8f)."""
    if units.is_vehicle(ctx.state.units[uid]):
        destroy(rules, ctx, uid)
        return
    while uid in ctx.state.units:
        apply_hit(rules, ctx, uid)
