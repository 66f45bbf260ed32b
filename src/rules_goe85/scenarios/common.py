"""What every scenario shares: set-up from the data, Event cards (5b), control of hexes (24e), entry hexes.

Set-up follows the scenario's data (``data/scenarios.toml``).  Where a scenario lets a player pick
hexes, this plug-in makes a DEFAULT DEPLOYMENT: the zone's enterable hexes sorted by the force's
preference (cover first, or nearest a named edge), two non-Hero units per hex and each Hero with
the first of them; the side that sets up second keeps out of hexes next to the enemy.
"""
from __future__ import annotations

import functools

import attrs
from tabletop_core import Decision
from tabletop_core.decks import hand

from ..model.actions import Boldness, Decline, Declined, HelicopterAttack, Use
from ..queries.board import board_at, board_for, deploy_preference
from ..queries.deck import card
from ..data.loading import game_data
from ..model.state import DECK, MUJ, OUT, PLAYERS, REMOVED, SOVIET, Unit, sapper_pile
from ..model.frames import ArtilleryFrame, EventChoice, FireFrame
from ..model.events import (
    ConcealSet, ControlSet, Escaped, ScenarioSet, FoxholePlaced, MarkerSet, Note, PhaseSet, Rallied, UnitPlaced, VPScored,
)
from ..queries.units import airborne, units_at
from ..queries.movement import could_enter
from ..procedures import bonus_cards


def short(side: str) -> str:
    return "S" if side == SOVIET else "M"


SETUP_MODES = ("choose", "default")


def setup(rules, ctx, scenario: str, options=None) -> None:
    """Lay out the scenario.  ``options["setup"]``: ``"choose"`` (the default) makes set-up a
    decision phase, each side placing its units one at a time in its zone (:mod:`.setup`);
    ``"default"`` deploys them at once by :func:`_deploy`."""
    mode = (options or {}).get("setup", "choose")
    if mode not in SETUP_MODES:
        raise ValueError(f"goe85 option setup must be one of {SETUP_MODES}, not {mode!r}")
    state = ctx.state
    ctx.emit(ScenarioSet(scenario))
    data = game_data()
    spec = data.scenarios[scenario]
    board = board_for(scenario)
    visibility = {}
    for p in PLAYERS:
        visibility[hand(p)] = p
        visibility[f"init:{p}"] = p
    ctx.create_deck(DECK, sorted(data.cards, key=lambda c: data.cards[c].number), visibility=visibility,
                    reshuffle_discard=True)
    events = [c for c in sorted(data.cards, key=lambda c: data.cards[c].number) if data.cards[c].kind == "event"]
    for cid in events[len(spec.events):]:  # 5b: only the scenario's Event cards are in the deck
        ctx.move_card(DECK, cid, "draw", OUT)
    counter: dict[str, int] = {}
    to_place = []
    for index, force in enumerate(spec.forces):
        uids = []
        for tid, n in force.units.items():
            for _ in range(n):
                counter[tid] = counter.get(tid, 0) + 1
                uids.append((f"{short(force.side)}.{tid}.{counter[tid]}", tid))
        if force.second_wave:  # Air Assault: chosen and placed at the start of its turn (mechanised.py)
            continue
        if force.enter is not None:
            for uid, tid in uids:
                ctx.emit(UnitPlaced(Unit(uid, tid, force.side, None, entry=max(1, force.turn))))
            from . import mechanised

            mechanised.load_force(ctx, force, uids)  # Air Assault: Leg units enter loaded in a Mi-8
            continue
        from . import mechanised

        # 23b Bunker (in the decision phase its owner faces it, procedures/setup.py); 23c Wire
        mechanised.place_fortifications(ctx, board, force, wire=mode == "default", bunker=mode == "default")
        if mode == "default":
            _deploy(ctx, board, force, uids)
        else:
            to_place.append((index, tuple(uids)))
    from ..procedures.setup import concealable_at_start, conceal_hex, start_deployment

    if to_place:
        start_deployment(ctx, spec, to_place)  # finish_setup runs when the last side is done
        return
    for side in PLAYERS:  # 22p, automatic deployment: Conceal units in cover begin concealed
        for h in concealable_at_start(state, side):
            conceal_hex(ctx, side, h)
    finish_setup(rules, ctx)


def finish_setup(rules, ctx) -> None:
    """After the units are placed (and the Conceal units in cover concealed as their owners chose,
    22p): each side controls its set-up zones (24e), Bonus cards are dealt (24b), and the first
    turn begins."""
    state = ctx.state
    scenario = state.scenario
    spec = game_data().scenarios[scenario]
    board = board_for(scenario)
    for label in tracked_hexes(scenario):  # 24e: a side controls the hexes it could set up in
        h = board.hex(label)
        for force in spec.forces:
            if any(h in board.zone_hexes(z) for z in force.zones):
                ctx.emit(ControlSet(label, force.side))
                break
    from . import mechanised_events

    mechanised_events.conceal_forces(ctx, spec)  # Sherkhankhel: forces set up Concealed
    rules.special_rules(state).finish_setup(rules, ctx)  # the scenario's own set-up rules
    bonus_cards.setup(ctx, spec)  # 24b
    ctx.emit(PhaseSet("deal", 1))


def _deploy(ctx, board, force, uids) -> None:
    state = ctx.state
    enemies = [u.hex for u in state.units.values() if u.side != force.side and u.hex is not None]
    zone = sorted({h for z in force.zones for h in board.zone_hexes(z)})
    zone = [h for h in zone if board.row(h).cost("L") is not None and h not in enemies
            and not any(board.distance(h, e) <= 1 for e in enemies)]
    zone.sort(key=lambda h: deploy_preference(board, force, h))
    from . import mechanised

    if mechanised.deploy(ctx, board, force, uids, zone):  # loaded forces, cover-only zones, Wire
        place_foxholes(ctx, board, force)
        return
    ordinary = [(u, t) for u, t in uids if not game_data().units[t].hero]
    heroes = [(u, t) for u, t in uids if game_data().units[t].hero]
    from ..procedures.vehicle_facing import fits  # 9: a unit joins a hex only within stacking (never two vehicles)

    used = []
    slots = iter(zone)
    current = None
    count = 0
    def room(h, u):  # 9, and 24: a hex the unit could enter by its own movement class
        return fits(state, h, u) and could_enter(board, h, u)

    for uid, tid in ordinary:
        u = Unit(uid, tid, force.side, None)
        if current is None or count % 2 == 0 or not room(current, u):
            current = next(h for h in slots if room(h, u))
            used.append(current)
            count = 0
        count += 1
        ctx.emit(UnitPlaced(Unit(uid, tid, force.side, current)))
    for j, (uid, tid) in enumerate(heroes):
        u = Unit(uid, tid, force.side, None)
        h = next((x for x in used[j:] + used[:j] if fits(state, x, u)), None) or next(x for x in slots if fits(state, x, u))
        ctx.emit(UnitPlaced(Unit(uid, tid, force.side, h)))
    place_foxholes(ctx, board, force)


def place_foxholes(ctx, board, force) -> None:
    """23a, default deployment: every one of the force's Foxholes, first in the hexes its units hold
    (in the order of preference), then in the zone's other hexes; never in a building, a pond or the
    Bunker's hex (``setup.fortifiable``)."""
    from ..procedures.setup import fortifiable

    state = ctx.state
    zone = sorted({h for z in force.zones for h in board.zone_hexes(z)}, key=lambda h: deploy_preference(board, force, h))
    held = {u.hex for u in state.units.values() if u.side == force.side and u.hex is not None}
    left = force.foxholes
    for h in [h for h in zone if h in held] + [h for h in zone if h not in held]:
        if left <= 0:
            break
        if fortifiable(state, board, h):
            ctx.emit(FoxholePlaced(h))
            left -= 1


@functools.cache
@functools.cache
def tracked_hexes(scenario: str) -> tuple[str, ...]:
    spec = game_data().scenarios[scenario]
    return tuple(spec.victory_hexes) + tuple(spec.morale_hexes)


@functools.cache
def _entries(scenario: str, side: str):
    board = board_for(scenario)
    spec = game_data().scenarios[scenario]
    out = set()
    for f in spec.forces:
        if f.side == side and f.enter is not None:
            for e in (f.enter, *f.more_entries):
                hexes = board.edge_hexes(e.map, e.edge, e.column)
                if e.near:  # Kill Zone: only edge hexes within a distance of a named hex
                    hexes = [h for h in hexes if board.distance(h, board.hex(e.near)) <= e.within]
                out.update(hexes)
    return tuple(sorted(out))


def entry_hexes(state, side: str):
    return _entries(state.scenario, side)


# -- control and scoring during play --------------------------------------------------------------
def after_step(rules, ctx, movers, h) -> None:
    """Units just entered ``h`` or came down on it (a helicopter landing, a passenger unloading)."""
    state = ctx.state
    board = board_at(state)
    spec = rules.spec(state)
    side = state.units[movers[0]].side
    bonus_cards.after_step(ctx, spec, side, h)
    # 24e, 17b/17e: control goes to the side occupying the hex on the ground; a flying or hovering
    # helicopter is a level above its hex and occupies nothing there (nor do the passengers it carries)
    movers = [m for m in movers if m in state.units and not airborne(state.units[m])
              and not _aboard_airborne(state, state.units[m])]
    if not movers:
        return
    rules.special_rules(state).after_step(rules, ctx, movers, h)  # exits, foxhole control
    if not all(m in state.units for m in movers):
        return
    occupy(rules, ctx, side, h)
    if spec.escape_column and side == MUJ:  # Hammer and Anvil: 2 VP for each unit slipping into 6G unseen
        if any(lab.startswith(spec.escape_column) for lab in board.board.labels(h)):
            watchers = [u for u in state.units.values() if u.side == SOVIET and u.hex is not None and not u.shaken]
            if not any(board.sight(state).sees(w.hex, h) for w in watchers):
                for uid in movers:
                    if uid not in state.escaped and uid in state.units:
                        ctx.emit(Escaped(uid))
                        ctx.emit(VPScored(MUJ, 2, f"{uid} reaches {spec.escape_column} unseen"))


def occupy(rules, ctx, side: str, h) -> None:
    """24e: the last side to occupy a hex controls it.  A hex ``side`` entered while enemy units
    are still in it (an assault not yet fought, 13a) is not held: control changes only once the
    assault leaves ``side`` alone there (the assault procedure calls this again) or when its units
    retreat into a hex (13d)."""
    state = ctx.state
    there = [u for u in units_at(state, h) if not airborne(u) and not _aboard_airborne(state, u)]  # 17b/17e
    if not any(u.side == side for u in there) or any(u.side != side for u in there):
        return
    tracked = tracked_hexes(state.scenario)
    for label in board_at(state).board.labels(h):
        if label in tracked and state.control.get(label) != side:
            ctx.emit(ControlSet(label, side))
    rules.special_rules(state).occupied(rules, ctx, side, h)  # Air Assault: foxholes and bunkers


def _aboard_airborne(state, u) -> bool:
    carrier = state.units.get(u.carrier) if u.carrier else None
    return carrier is not None and airborne(carrier)


# -- Event cards (5b) -----------------------------------------------------------------------------
def event_name(state, cid: str) -> str:
    spec = game_data().scenarios[state.scenario]
    events = sorted((c for c, v in game_data().cards.items() if v.kind == "event"), key=lambda c: card(c).number)
    return spec.events[events.index(cid)]


def resolve_event(ctx, cid: str, drawer: str) -> None:
    state = ctx.state
    spec = game_data().scenarios[state.scenario]
    name = event_name(state, cid)
    ctx.emit(Note(f"Event {cid}: {name.replace('_', ' ')}"))
    if name == "sapper":  # kept aside by the Mujahideen until an assault
        ctx.move_card(DECK, cid, REMOVED, sapper_pile(MUJ))
    elif name == "artillery_strike":
        ctx.push(ArtilleryFrame(SOVIET, spec.soviet_artillery, "event"))
    elif name == "mujahideen_boldness":
        ctx.push(EventChoice(MUJ, "boldness", 2))
    elif name in ("su25_strike", "stinger"):
        from . import mechanised

        mechanised.resolve_event(ctx, name)
    elif name == "attack_helicopter":
        if _muj_hexes(state):
            ctx.push(EventChoice(SOVIET, "helicopter"))
        else:
            ctx.emit(Note("no Mujahideen unit on the map: the Attack Helicopter finds no target"))
    else:
        from . import mechanised_events

        mechanised_events.resolve_event(ctx, name)


def decide_event(rules, state, f: EventChoice):
    from ..procedures.turn import decide_keep

    if f.event == "keep_one":
        return decide_keep(rules, state, f)
    if f.event in ("su25_strike", "stinger"):
        from . import mechanised

        return mechanised.decide_event(rules, state, f)
    from . import mechanised_events

    if f.event in mechanised_events.CHOICES:
        return mechanised_events.decide_event(rules, state, f)
    board = board_at(state)
    if f.event == "boldness":
        opts = [Boldness(u.uid) for u in sorted(state.units.values(), key=lambda x: x.uid)
                if u.side == MUJ and u.hex is not None]
        return Decision(MUJ, (*opts, Decline(Declined.BOLDNESS)), "Mujahideen Boldness: a unit to fast move")
    # 5b: an Event is carried out: the Soviet player picks the hex, but may not let it pass
    return Decision(SOVIET, tuple(HelicopterAttack(board.label(h)) for h in _muj_hexes(state)),
                    "Attack Helicopter: pick a hex of Mujahideen units")


def _muj_hexes(state) -> list:
    return sorted({u.hex for u in state.units.values() if u.side == MUJ and u.hex is not None})


def act_event(rules, ctx, f: EventChoice, action) -> None:
    from ..procedures.move import steps as move
    from ..procedures.turn import act_keep

    if f.event == "keep_one":
        act_keep(rules, ctx, f, action)
        return
    if f.event in ("su25_strike", "stinger"):
        from . import mechanised

        mechanised.act_event(rules, ctx, f, action)
        return
    from . import mechanised_events

    if f.event in mechanised_events.CHOICES:
        mechanised_events.act_event(rules, ctx, f, action)
        return
    state = ctx.state
    board = board_at(state)
    if isinstance(action, Decline):
        ctx.pop()
        return
    if f.event == "boldness":
        if f.count > 1:
            ctx.replace(attrs.evolve(f, count=f.count - 1))
        else:
            ctx.pop()
        # Hammer and Anvil's Boldness takes off ANY administrative marker (4a): Ops Complete, Fired
        # or Moved, Shaken and Concealed alike (the fast move would end a concealment anyway, 18q)
        u = state.units[action.unit]
        if u.marker:
            ctx.emit(MarkerSet(action.unit, ""))
        if u.shaken:
            ctx.emit(Rallied(action.unit))
        if u.concealed:
            ctx.emit(ConcealSet(action.unit, False))
        move.start_move(rules, ctx, MUJ, Use.FAST_MOVE, [action.unit])
        return
    ctx.pop()
    h = board.hex(action.to)
    targets = tuple(u.uid for u in units_at(state, h) if u.side == MUJ)
    ctx.push(FireFrame(side=SOVIET, use=Use.EVENT, lead="", supporters=(), targets=targets, hex=h,
                       hef=5 - board.cf(h), step="react", marker="", spraying=True))


# -- victory --------------------------------------------------------------------------------------


