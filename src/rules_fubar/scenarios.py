"""Scenario set-up, the insurgent hideouts, the end of a mission and BVP (# FUBAR hideouts, bvp,
points).

Hideouts are a secret decision.  The number (2+D3) is rolled in the open, then the insurgent
player designates that many buildings one at a time with the SECRET action ``DesignateHideout``
(the other side's history shows a ``ConcealedAction``).  The buildings live in a deck whose
candidate pile and hideout pile only the insurgent player sees: each designation moves a card
between the two (the core redacts the card from the other side's ``CardMoved``), the other side's
observation shows only the piles' sizes, and the conformance kit's view check redeals both hidden
piles to prove nothing leaks.  A hideout becomes public only when the rules reveal it: an ISAF unit
entering its uncontested building moves it to the public ``cleared`` pile.

The BVP conversion at the end of a mission is secret too: every player chooses (SECRET
``ConvertBvp``; the choice is kept in ``state.bvp_choices``, which ``observe`` shows only to its
owner), and only when all have chosen are the choices revealed and the dice rolled.
"""
from __future__ import annotations

import math
from functools import lru_cache

from . import civilians
from .state import (
    PLAYERS,
    Embarked,
    BvpAwarded,
    BvpConversionChosen,
    ConvertingBvp,
    DesignatingHideouts,
    Fig,
    ForceMustered,
    PhaseChanged,
    ReservesUsed,
    ScenarioSet,
    UnitPlaced,
    UnitRevealed,
    UnitState,
    VpScored,
)

HIDEOUTS = "hideouts"
CANDIDATE_PILE = "buildings"  # buildings not (yet) designated: the insurgent player's secret too
SECRET_PILE = "hideouts"
CLEARED_PILE = "cleared"
SPACING = 1.5  # figures deploy in a line this far apart (centre to centre)


def make_unit(rules, troop_id: str, uid: str, side: str, x: float, y: float, *, heading: float = 90.0,
              count: int | None = None, spacing: float = SPACING, table: str = "") -> UnitState:
    """A unit of ``troop_id`` deployed in a line centred on (x, y).

    The same deployment gives the very same (immutable) unit in every game of a process: the
    measuring caches, which outlive a game, are keyed on figures, and a key made of a previous
    game's equal but distinct figures is compared field by field at every lookup."""
    return _deployed(rules.data, troop_id, uid, side, x, y, heading, count, spacing, table)


@lru_cache(maxsize=4096, typed=True)  # typed: an int and a float coordinate give different figures (repr)
def _deployed(data, troop_id: str, uid: str, side: str, x: float, y: float, heading: float,
              count: int | None, spacing: float, table: str) -> UnitState:
    t = data.troops[troop_id]
    if t.vehicle:
        v = data.vehicles[t.vehicle]
        figs: tuple[Fig, ...] = (Fig(uid, x, y, v.radius, v.weapon, "vehicle"),)
    else:
        specs = t.figures[: count or len(t.figures)]
        n = len(specs)
        width = data.tables[table].width if table else math.inf
        half = (n - 1) / 2 * spacing
        x = min(max(x, half + 0.5), width - half - 0.5)  # keep the whole line on the table
        figs = tuple(
            Fig(f"{uid}-{k + 1}", round(x + (k - (n - 1) / 2) * spacing, 3), y, 0.5, s.weapon, s.armour, s.leader)
            for k, s in enumerate(specs)
        )
    return UnitState(id=uid, side=side, troop=troop_id, faction=t.faction, grade=t.grade, figures=figs,
                     start_figures=len(figs), vehicle=t.vehicle, heading=heading, table=table)


def force_points(rules, troop_ids) -> int:
    """# FUBAR points: the guide's points for a force (troop type by troop type)."""
    return _troop_points(rules.data, troop_ids)


def _troop_points(data, troop_ids) -> int:
    """``force_points`` from the loaded data alone (the set-up's events are worked out from it)."""
    return sum(data.troops[t].points for t in troop_ids)


def setup(rules, ctx, scenario_id: str) -> None:
    spec = rules.data.scenarios[scenario_id]
    for event in _deployment(rules.data, scenario_id, rules.measure_of_scenario(scenario_id)):
        ctx.emit(event)
    if spec.hideouts:
        # FUBAR hideouts: the number is rolled first (in the open), then the insurgent player
        # designates that many buildings, one decision each (DesignatingHideouts frame)
        count = ctx.roll(spec.hideouts, player="insurgents", reason="number of hideouts (2+D3)").total
        buildings = rules.data.buildings(spec.table)
        ctx.create_deck(HIDEOUTS, buildings, draw_pile=CANDIDATE_PILE, shuffle=False,
                        visibility={CANDIDATE_PILE: "insurgents", SECRET_PILE: "insurgents", CLEARED_PILE: "all"})
        count = min(count, len(buildings))
        if count:
            ctx.push(DesignatingHideouts(count))
    ctx.emit(PhaseChanged("turn_start"))


@lru_cache(maxsize=64)
def _deployment(data, scenario_id: str, measure) -> tuple:
    """The events that set a scenario's forces on the table, before any die is rolled: the
    scenario, each side's force, every unit placed (hidden where it deploys in cover), riders
    embarked and civilians placed.  Keyed on everything they depend on: the loaded data (one set
    per process, hashed by identity), the scenario and the measure of its table (which says
    whether a unit stands in cover; also one per table and data).  All are read-only and the
    events frozen values: the same set-up gives the very same events in every game of a process,
    worked out once (every game asked each unit's cover afresh)."""
    spec = data.scenarios[scenario_id]
    events: list = [ScenarioSet(scenario_id, spec.turns, spec.reserve_figures)]
    for side in PLAYERS:
        mine = [d for d in spec.forces if d.side == side]
        events.append(ForceMustered(side, tuple(d.id for d in mine), _troop_points(data, [d.troop for d in mine])))
    for d in spec.forces:
        u = _deployed(data, d.troop, d.id, d.side, d.x, d.y, d.heading, None, SPACING, spec.table)
        # FUBAR hidden: units deployed in cover start hidden
        if not d.carried_by and measure.unit_cover(u) > 0:
            u = _hidden(u)
        events.append(UnitPlaced(u, "deployed"))
    for d in spec.forces:
        if d.carried_by:  # the vehicles are on the table: their riders get in
            events.append(Embarked(d.id, d.carried_by))
    for c in spec.civilians:
        group = _deployed(data, civilians.TROOP, c.id, civilians.SIDE, c.x, c.y, 90.0, c.count, SPACING, spec.table)
        events.append(UnitPlaced(group, "civilians"))
    return tuple(events)


def designation_options(state) -> list[str]:
    """The buildings the insurgent player may still designate (table order)."""
    return sorted(state.decks[HIDEOUTS].piles[CANDIDATE_PILE])


def designate(rules, ctx, building: str) -> None:
    """# FUBAR hideouts: one building becomes a hideout; the card move is seen by the insurgents only."""
    frame = ctx.state.top
    ctx.move_card(HIDEOUTS, building, CANDIDATE_PILE, SECRET_PILE, player="insurgents")
    if frame.left > 1:
        ctx.replace(DesignatingHideouts(frame.left - 1))
    else:
        ctx.pop()


def _hidden(u: UnitState) -> UnitState:
    import attrs

    return attrs.evolve(u, hidden=True)


def hideouts(state) -> list[str]:
    deck = state.decks.get(HIDEOUTS)
    return list(deck.piles.get(SECRET_PILE, ())) if deck else []


def reinforce(rules, ctx) -> None:
    """# FUBAR hideouts: from turn 2, D3+1 fighters appear at a random hideout each turn until the
    reserves run out.  They arrive hidden in the building (unless enemies already stand in it)."""
    state = ctx.state
    spec = rules.data.scenarios[state.scenario]
    if not spec.reinforcements or state.turn < spec.reinforcements_from or state.reserves <= 0:
        return
    places = hideouts(state)
    if not places:
        return
    n = min(ctx.roll(spec.reinforcements, player="insurgents", reason="reinforcements (D3+1)").total, state.reserves)
    template = rules.data.troops[spec.reinforcement_troop]
    n = min(n, len(template.figures))
    building = places[ctx.randint(0, len(places) - 1, reason="which hideout")]
    feature = rules.table_of(state.scenario).feature(building)
    xs = [p[0] for p in feature.vertices]
    ys = [p[1] for p in feature.vertices]
    cx, cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
    uid = f"ins-{state.serial + 1}"
    u = make_unit(rules, spec.reinforcement_troop, uid, "insurgents", cx, cy, count=n, spacing=1.1, table=spec.table)
    m = rules.measure_for(u)
    contested = any(
        e.side != "insurgents" and e.alive and any(feature.contains(f.pos) for f in e.figures)
        for e in state.units.values()
    )
    import attrs

    u = attrs.evolve(u, hidden=not contested and m.unit_cover(u) > 0)
    ctx.emit(UnitPlaced(u, "reinforcements"))
    ctx.emit(ReservesUsed(n))


def after_move(rules, ctx, uid: str) -> None:
    """# FUBAR hideouts: an ISAF unit entering a building that holds no insurgents removes the
    hideout there (5 BVP); hidden insurgents inside are found instead and the building is contested."""
    state = ctx.state
    u = state.units[uid]
    if u.side != "isaf" or HIDEOUTS not in state.decks:
        return
    table = rules.table_of(state.scenario)
    buildings = set(rules.data.buildings(rules.data.scenarios[state.scenario].table))
    entered = set()
    for f in u.figures:
        for feature in table.features_at(f.pos):
            if feature.id in buildings:
                entered.add(feature.id)
    for b in sorted(entered):
        feature = table.feature(b)
        inside = [e for e in state.units.values()
                  if civilians.hostile(u, e) and e.alive and any(feature.contains(f.pos) for f in e.figures)]
        if inside:
            for e in inside:
                if e.hidden:
                    ctx.emit(UnitRevealed(e.id, f"found in {b}"))
            continue
        if b in hideouts(state):
            ctx.move_card(HIDEOUTS, b, SECRET_PILE, CLEARED_PILE, player=u.side)
            ctx.emit(BvpAwarded(u.side, rules.data.bvp.hideout, f"hideout {b} cleared by {uid}"))


# -- the end ----------------------------------------------------------------------------------------
def side_out(rules, state, side: str) -> bool:
    alive = any(u.side == side and u.alive for u in state.units.values())
    if alive:
        return False
    if side == "insurgents" and state.reserves > 0 and hideouts(state):
        return False
    return True


def mission_over(rules, state) -> bool:
    return state.turn >= state.turns or any(side_out(rules, state, p) for p in PLAYERS)


def objective_holders(rules, state) -> list[tuple[str, str]]:
    """(side, objective) for each objective one side alone holds: a figure within its radius."""
    spec = rules.data.scenarios[state.scenario]
    out = []
    for o in spec.objectives:
        sides = {u.side for u in state.units.values() if u.alive and u.side in PLAYERS and not u.carried_by
                 and any(math.hypot(f.x - o.x, f.y - o.y) <= o.radius for f in u.figures)}
        if len(sides) == 1:
            out.append((sides.pop(), o.id))
    return out


def end_mission(rules, ctx) -> None:
    """# FUBAR bvp: objectives are scored, then each player converts BVP."""
    for side, obj in objective_holders(rules, ctx.state):
        ctx.emit(BvpAwarded(side, rules.data.bvp.objective, f"holds {obj}"))
    ctx.emit(PhaseChanged("bvp"))
    ctx.push(ConvertingBvp(tuple(PLAYERS)))


def choose_conversion(rules, ctx, side: str, trade: int) -> None:
    """# FUBAR bvp: a player's secret choice; nothing is rolled or shown until all have chosen."""
    ctx.emit(BvpConversionChosen(side, trade))
    frame = ctx.state.top
    ctx.replace(ConvertingBvp(tuple(p for p in frame.players if p != side)))


def reveal_conversions(rules, ctx) -> None:
    """# FUBAR bvp: every player has chosen: reveal each choice, roll the dice, and end the mission.
    A player with no BVP to convert had no choice to make (trade 0)."""
    ctx.pop()
    for side in PLAYERS:
        convert(rules, ctx, side, ctx.state.bvp_choices.get(side) or 0)
    finish(rules, ctx)


def convert(rules, ctx, side: str, trade: int) -> None:
    """# FUBAR bvp: ``trade`` BVP at 3 VP each; one die per remaining BVP, pips added."""
    bvp = ctx.state.bvp.get(side, 0)
    if bvp <= 0:
        ctx.emit(VpScored(side, 0, 0, 3 * bvp))
        return
    rolled = bvp - trade
    pips = ctx.roll(f"{rolled}d6", player=side, reason=f"{side} rolls for {rolled} BVP").total if rolled else 0
    ctx.emit(VpScored(side, trade, rolled, 3 * trade + pips))


def finish(rules, ctx) -> None:
    vp = ctx.state.vp
    best = max(vp.values())
    winners = [p for p in PLAYERS if vp.get(p) == best]
    winner = winners[0] if len(winners) == 1 else None
    ctx.end(winner, "mission over: victory points", {p: vp.get(p, 0) for p in PLAYERS})
