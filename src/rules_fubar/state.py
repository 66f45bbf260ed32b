"""FUBAR's state, events (each with its one apply function), procedure frames and actions.

Units are frozen values in ``state.units`` keyed by id; every change replaces a unit through an
event's apply function.  Events that carry where a hidden unit stands redact it for the other side
(# FUBAR hidden).
"""
from __future__ import annotations

from typing import Any

import attrs

from tabletop_core import Action, BaseState, Event, Frame
from tabletop_core.events import Appliers

PLAYERS = ("isaf", "insurgents")


# -- values -----------------------------------------------------------------------------------------
class _Placed:
    """The slot of a figure's ``pos``: its centre as a pair, made once when the figure is made.
    The measuring reads it some ten times a figure; a property built the pair at every read (and in
    Python 3.11 a property is a call that leaves the interpreter's fast path)."""

    __slots__ = ("pos",)
    pos: tuple[float, float]


@attrs.frozen(cache_hash=True, weakref_slot=False)  # no weak references: the layout ``_FigDraft`` shares
class Fig(_Placed):
    """One figure: id, centre (inches), base radius, weapon, armour type, leader grade, suppressed.

    Its hash is cached (``_figure_hash``): the measuring caches (``measure.py``) key their answers
    on figure tuples.  ``pos`` is not a field: every way a figure is made sets it (``__init__``, so
    ``attrs.evolve`` and the log decoders; ``_figure``; ``__reduce__`` for copies and pickles)."""

    id: str
    x: float
    y: float
    r: float = 0.5
    weapon: str = ""
    armour: str = "light"
    leader: str = ""
    suppressed: bool = False

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "pos", (self.x, self.y))

    def __reduce__(self) -> tuple[type["Fig"], tuple[str, float, float, float, str, str, str, bool]]:
        """Copies and pickles rebuild a figure through ``__init__`` (attrs' slot-by-slot state would
        leave ``pos`` out)."""
        return (Fig, (self.id, self.x, self.y, self.r, self.weapon, self.armour, self.leader, self.suppressed))

    def at(self, x: float, y: float) -> "Fig":
        """This figure standing at (x, y): ``attrs.evolve(self, x=x, y=y)`` built as a draft (the
        appliers move figures at nearly every move; see ``_figure``)."""
        return _figure(self.id, x, y, self.r, self.weapon, self.armour, self.leader, self.suppressed)

    def with_suppressed(self, suppressed: bool) -> "Fig":
        """This figure suppressed or standing up: ``attrs.evolve(self, suppressed=...)`` built as
        ``at`` builds one."""
        return _figure(self.id, self.x, self.y, self.r, self.weapon, self.armour, self.leader, suppressed)


class _FigDraft(_Placed):
    """A Fig under construction in ``_figure``: its slots without its frozen ``__setattr__`` (as
    ``_UnitDraft`` is a UnitState's: see there)."""

    __slots__ = Fig.__slots__  # attrs' own: its fields and the cached hash, in its order


def _figure(id: str, x: float, y: float, r: float, weapon: str, armour: str, leader: str, suppressed: bool) -> Fig:
    """``Fig(id, x, y, ...)``, its slots filled by plain stores (attrs' frozen ``__init__`` calls
    ``object.__setattr__`` for each of its nine), its hash not yet worked out."""
    new: Any = _FigDraft()
    new.id = id
    new.x = x
    new.y = y
    new.r = r
    new.weapon = weapon
    new.armour = armour
    new.leader = leader
    new.suppressed = suppressed
    new._attrs_cached_hash = None
    new.pos = (x, y)
    new.__class__ = Fig
    return new


def _figure_hash(fig: Fig) -> int:
    """``Fig.__hash__``: the hash of its fields, kept in the slot attrs keeps it in as a plain int.

    attrs' own cached hash wraps the number in an int subclass (so that a copy of a dict-based
    instance drops it): an object the garbage collector tracks, made for nearly every figure a
    move makes (the caches hash them all), which outlives the collector's young passes and so
    adds to the cost of its full ones.  A slotted class's copies and pickles leave the slot out
    anyway (attrs' ``__getstate__`` lists the fields only; ``__setstate__`` empties the slot).
    Figures that are equal hash equal, as before; the number differs from attrs', which nothing
    keeps (string hashes change from process to process anyway)."""
    known = fig._attrs_cached_hash
    if known is None:
        known = hash((fig.id, fig.x, fig.y, fig.r, fig.weapon, fig.armour, fig.leader, fig.suppressed))
        object.__setattr__(fig, "_attrs_cached_hash", known)
    return known


Fig.__hash__ = _figure_hash  # type: ignore[method-assign]


@attrs.frozen(weakref_slot=False)  # no weak references: a plain slot layout that ``_UnitDraft`` shares
class UnitState:
    id: str
    side: str
    troop: str
    faction: str
    grade: str
    figures: tuple[Fig, ...]
    start_figures: int
    vehicle: str = ""
    table: str = ""  # the table the unit stands on (its scenario's)
    heading: float = 90.0  # degrees, vehicles only: the way its front faces
    hidden: bool = False
    fired: bool = False  # has fired since it was last hidden (# FUBAR hidden)
    on_guard: bool = False
    reacted: bool = False  # On Guard reaction used this turn
    attempted: bool = False  # activation attempted this turn
    stance: str = ""  # "duck" (Duck & Weave) or "ground" (Gone to Ground) until it next activates
    stunned: bool = False
    weapon_destroyed: bool = False
    immobilised: bool = False
    damage_this_turn: tuple[int, ...] = ()  # vehicle damage effects taken this turn
    carried_by: str = ""  # the vehicle this unit rides in (# FUBAR saves: troops inside vehicles)
    passengers: tuple[str, ...] = ()  # vehicles: the units riding in it

    @property
    def alive(self) -> bool:
        return bool(self.figures)

    @property
    def casualties(self) -> int:
        return self.start_figures - len(self.figures)

    @property
    def broken(self) -> bool:
        """# FUBAR failed-activation: over 50% casualties."""
        return self.casualties * 2 > self.start_figures

    @property
    def suppressed(self) -> int:
        return sum(1 for f in self.figures if f.suppressed)


@attrs.frozen
class Combat:
    attacker: str
    defender: str
    rounds: int = 0


@attrs.define(kw_only=True)
class FubarState(BaseState):
    scenario: str = ""
    turn: int = 0
    turns: int = 0
    phase: str = "setup"
    units: dict[str, UnitState] = attrs.Factory(dict)
    order: tuple[str, ...] = ()
    current: str = ""
    combats: dict[str, Combat] = attrs.Factory(dict)
    combat_queue: tuple[str, ...] = ()
    bvp: dict[str, int] = attrs.Factory(dict)
    vp: dict[str, int] = attrs.Factory(dict)
    reserves: int = 0
    serial: int = 0  # numbers units that arrive during play
    #: # FUBAR bvp: each player's secret conversion choice (BVP traded for 3 VP each; the rest are
    #: rolled), kept until every player has chosen.  observe() shows a player only their own.
    bvp_choices: dict[str, int] = attrs.Factory(dict)


class _UnitDraft:
    """A UnitState under construction in ``replace_unit``: the same slots, so the same layout, but
    none of the frozen class's ``__setattr__``.  Each slot is filled by a plain attribute store, then
    the draft becomes the UnitState it was built as (``__class__`` assigned: Python allows it between
    classes of one layout, though not between slotted classes with a ``__weakref__`` slot, so
    UnitState has none).  attrs' frozen ``__init__`` stores each of the 22 fields through a call to
    ``object.__setattr__``: that was most of what an event that changes a unit cost."""

    __slots__ = UnitState.__slots__  # type: ignore[attr-defined]  # attrs' own (made by attrs: mypy sees no __slots__), in its order


def replace_unit(u: UnitState, *, id=None, side=None, troop=None, faction=None, grade=None, figures=None,
                 start_figures=None, vehicle=None, table=None, heading=None, hidden=None, fired=None,
                 on_guard=None, reacted=None, attempted=None, stance=None, stunned=None, weapon_destroyed=None,
                 immobilised=None, damage_this_turn=None, carried_by=None, passengers=None, **unknown) -> UnitState:
    """``attrs.evolve(u, **changes)``, the same value: each field named, the others read straight off
    ``u`` (None: not named; no unit field is ever None).  The appliers replace a unit at nearly every
    event: evolve costs twice as much as attrs' ``__init__``, which costs about three times this
    draft's stores (no converters, validators or post-init to skip; a test compares them)."""
    if unknown:
        raise KeyError(next(iter(unknown)))
    new: Any = _UnitDraft()  # a UnitState once its class is set (the type checker sees no slots)
    new.id = u.id if id is None else id
    new.side = u.side if side is None else side
    new.troop = u.troop if troop is None else troop
    new.faction = u.faction if faction is None else faction
    new.grade = u.grade if grade is None else grade
    new.figures = u.figures if figures is None else figures
    new.start_figures = u.start_figures if start_figures is None else start_figures
    new.vehicle = u.vehicle if vehicle is None else vehicle
    new.table = u.table if table is None else table
    new.heading = u.heading if heading is None else heading
    new.hidden = u.hidden if hidden is None else hidden
    new.fired = u.fired if fired is None else fired
    new.on_guard = u.on_guard if on_guard is None else on_guard
    new.reacted = u.reacted if reacted is None else reacted
    new.attempted = u.attempted if attempted is None else attempted
    new.stance = u.stance if stance is None else stance
    new.stunned = u.stunned if stunned is None else stunned
    new.weapon_destroyed = u.weapon_destroyed if weapon_destroyed is None else weapon_destroyed
    new.immobilised = u.immobilised if immobilised is None else immobilised
    new.damage_this_turn = u.damage_this_turn if damage_this_turn is None else damage_this_turn
    new.carried_by = u.carried_by if carried_by is None else carried_by
    new.passengers = u.passengers if passengers is None else passengers
    new.__class__ = UnitState
    return new


# -- events ---------------------------------------------------------------------------------------
def _hide_unit(unit: UnitState) -> UnitState:
    return attrs.evolve(unit, figures=tuple(attrs.evolve(f, x=-1.0, y=-1.0) for f in unit.figures))


@attrs.frozen
class UnitPlaced(Event):
    unit: UnitState
    reason: str = ""

    def redact(self, player: str) -> "UnitPlaced":
        if self.unit.hidden and player != self.unit.side:
            return attrs.evolve(self, unit=_hide_unit(self.unit))
        return self


@attrs.frozen
class TurnBegan(Event):
    turn: int


@attrs.frozen
class PhaseChanged(Event):
    phase: str


@attrs.frozen
class InitiativeSet(Event):
    order: tuple[str, ...]
    scores: tuple[int, ...]


@attrs.frozen
class InitiativePassed(Event):
    player: str


@attrs.frozen
class ActivationAttempted(Event):
    unit: str


@attrs.frozen
class ActivationRolled(Event):
    unit: str
    roll: int
    modifier: int
    need: int
    success: bool


@attrs.frozen
class OnGuardSet(Event):
    unit: str


@attrs.frozen
class StanceSet(Event):
    unit: str
    stance: str


@attrs.frozen
class UnitMoved(Event):
    unit: str
    side: str
    positions: tuple[tuple[float, float], ...]
    heading: float
    hidden: bool  # the unit is hidden after the move: its positions are the owner's secret
    how: str = ""

    def redact(self, player: str) -> "UnitMoved":
        if self.hidden and player != self.side:
            return attrs.evolve(self, positions=())
        return self


@attrs.frozen
class UnitRevealed(Event):
    """A hidden unit shown to everyone: it tells its enemies where it is (an undo barrier)."""

    REVEALS = True
    unit: str
    reason: str = ""


@attrs.frozen
class UnitHidden(Event):
    unit: str


@attrs.frozen
class FireDeclared(Event):
    unit: str
    targets: tuple[str, ...]
    aimed: bool = False
    reaction: bool = False


@attrs.frozen
class FireResult(Event):
    """A summary line of one attack on one target (the dice are their own events)."""

    unit: str
    target: str
    dice: int
    need: int
    hits: int
    save: int
    unsaved: int


@attrs.frozen
class CasualtiesTaken(Event):
    unit: str
    figures: tuple[str, ...]


@attrs.frozen
class FiguresSuppressed(Event):
    unit: str
    figures: tuple[str, ...]


@attrs.frozen
class VehicleDamaged(Event):
    unit: str
    effect: int  # 1 stunned, 2 weapon destroyed, 3 immobilised, 4 destroyed
    roll: int
    facing: str


@attrs.frozen
class CombatBegan(Event):
    combat: str
    attacker: str
    defender: str


@attrs.frozen
class CombatRoundFought(Event):
    combat: str


@attrs.frozen
class CombatEnded(Event):
    combat: str
    reason: str


@attrs.frozen
class CombatsQueued(Event):
    combats: tuple[str, ...]


@attrs.frozen
class BvpAwarded(Event):
    side: str
    amount: int
    reason: str


@attrs.frozen
class ReservesUsed(Event):
    figures: int


@attrs.frozen
class BvpConversionChosen(Event):
    """A player's secret BVP conversion (# FUBAR bvp: chosen secretly, revealed once all have chosen).

    Other players see that the choice was made, not what it is (``trade`` None)."""

    side: str
    trade: int | None

    def redact(self, player: str) -> "BvpConversionChosen":
        return self if player == self.side else attrs.evolve(self, trade=None)


@attrs.frozen
class VpScored(Event):
    """The conversion revealed and scored: it shows a choice that was secret (an undo barrier)."""

    REVEALS = True
    side: str
    traded: int
    rolled: int
    vp: int


@attrs.frozen
class ScenarioSet(Event):
    scenario: str
    turns: int
    reserves: int


@attrs.frozen
class ForceMustered(Event):
    """# FUBAR points: a side's force and its points by the guide."""

    side: str
    units: tuple[str, ...]
    points: int


@attrs.frozen
class Embarked(Event):
    """# FUBAR saves: ``unit`` boards friendly ``vehicle`` and rides in it (its figures stand where the
    vehicle stands until they get out)."""

    unit: str
    vehicle: str


@attrs.frozen
class Disembarked(Event):
    """``unit`` gets out of ``vehicle`` and stands at ``positions`` (by its own action, or bailing out)."""

    unit: str
    vehicle: str
    positions: tuple[tuple[float, float], ...]
    how: str = ""


appliers = Appliers()


@appliers.on(ScenarioSet)
def _scenario(state, e: ScenarioSet) -> None:
    state.scenario, state.turns, state.reserves = e.scenario, e.turns, e.reserves
    state.bvp = {p: 0 for p in PLAYERS}


@appliers.on(ForceMustered)
def _mustered(state, e: ForceMustered) -> None:
    """Bookkeeping for the log: the units themselves arrive through UnitPlaced."""


def _set(state: FubarState, uid: str, **changes) -> None:
    state.units[uid] = replace_unit(state.units[uid], **changes)


@appliers.on(UnitPlaced)
def _placed(state, e: UnitPlaced) -> None:
    state.units[e.unit.id] = e.unit
    state.serial += 1


@appliers.on(TurnBegan)
def _turn(state, e: TurnBegan) -> None:
    state.turn = e.turn
    for uid, u in state.units.items():
        if u.attempted or u.reacted or u.damage_this_turn:
            state.units[uid] = replace_unit(u, attempted=False, reacted=False, damage_this_turn=())


@appliers.on(PhaseChanged)
def _phase(state, e: PhaseChanged) -> None:
    state.phase = e.phase


@appliers.on(InitiativeSet)
def _initiative(state, e: InitiativeSet) -> None:
    state.order = e.order
    state.current = e.order[0]


@appliers.on(InitiativePassed)
def _passed(state, e: InitiativePassed) -> None:
    state.current = e.player


@appliers.on(ActivationAttempted)
def _attempted(state, e: ActivationAttempted) -> None:
    # (the frequent flag events replace the unit here, not through _set: one call less)
    state.units[e.unit] = replace_unit(state.units[e.unit], attempted=True, on_guard=False, stance="")


@appliers.on(ActivationRolled)
def _rolled(state, e: ActivationRolled) -> None:
    # FUBAR suppression: suppressed figures stand up after the unit's next activation roll
    u = state.units[e.unit]
    if not u.stunned and not any(f.suppressed for f in u.figures):
        return  # nothing to clear: the unit (and its figures, which the measuring caches key on) stays as it is
    figs = tuple(f.with_suppressed(False) if f.suppressed else f for f in u.figures)
    state.units[e.unit] = replace_unit(u, figures=figs, stunned=False)


@appliers.on(OnGuardSet)
def _on_guard(state, e: OnGuardSet) -> None:
    state.units[e.unit] = replace_unit(state.units[e.unit], on_guard=True)


@appliers.on(StanceSet)
def _stance(state, e: StanceSet) -> None:
    state.units[e.unit] = replace_unit(state.units[e.unit], stance=e.stance)


@appliers.on(UnitMoved)
def _moved(state, e: UnitMoved) -> None:
    u = state.units[e.unit]
    state.units[e.unit] = replace_unit(u, figures=_standing_at(u.figures, e.positions), heading=e.heading,
                                       hidden=e.hidden)
    for pid in u.passengers:  # troops inside are carried with the vehicle
        _ride(state, pid, state.units[e.unit])


def _standing_at(figures: tuple[Fig, ...], positions) -> tuple[Fig, ...]:
    """``figures`` standing at ``positions`` (one each, in order): a figure that stays is kept as it
    is, and so is the tuple when none moves (the measuring caches keep answers on its identity)."""
    if len(figures) == len(positions):
        for f, p in zip(figures, positions):
            if f.x != p[0] or f.y != p[1]:
                break
        else:
            return figures
    return tuple(f if f.x == p[0] and f.y == p[1] else f.at(p[0], p[1]) for f, p in zip(figures, positions))


def _ride(state: FubarState, uid: str, vehicle: UnitState) -> None:
    """Passengers' figures stand at the vehicle's centre, hidden when it is."""
    u = state.units[uid]
    if not vehicle.figures:
        return
    x, y = vehicle.figures[0].pos
    figs = tuple(f.at(x, y) for f in u.figures)
    state.units[uid] = replace_unit(u, figures=figs, hidden=vehicle.hidden, carried_by=vehicle.id)


@appliers.on(Embarked)
def _embarked(state, e: Embarked) -> None:
    v = state.units[e.vehicle]
    state.units[e.vehicle] = replace_unit(v, passengers=v.passengers + (e.unit,))
    _ride(state, e.unit, v)
    _set(state, e.unit, on_guard=False, stance="")


@appliers.on(Disembarked)
def _disembarked(state, e: Disembarked) -> None:
    v = state.units[e.vehicle]
    state.units[e.vehicle] = replace_unit(v, passengers=tuple(p for p in v.passengers if p != e.unit))
    u = state.units[e.unit]
    state.units[e.unit] = replace_unit(u, figures=_standing_at(u.figures, e.positions), carried_by="", hidden=False)


@appliers.on(UnitRevealed)
def _revealed(state, e: UnitRevealed) -> None:
    _set(state, e.unit, hidden=False)


@appliers.on(UnitHidden)
def _hidden(state, e: UnitHidden) -> None:
    _set(state, e.unit, hidden=True, fired=False)


@appliers.on(FireDeclared)
def _fire(state, e: FireDeclared) -> None:
    u = state.units[e.unit]
    state.units[e.unit] = replace_unit(u, fired=True, hidden=False, reacted=u.reacted or e.reaction,
                                       on_guard=u.on_guard and not e.reaction)


@appliers.on(FireResult)
def _fire_result(state, e: FireResult) -> None:
    """A summary for the log and narration; the casualties and suppression events change the state."""


@appliers.on(CasualtiesTaken)
def _casualties(state, e: CasualtiesTaken) -> None:
    u = state.units[e.unit]
    gone = set(e.figures)
    state.units[e.unit] = replace_unit(u, figures=tuple(f for f in u.figures if f.id not in gone))


@appliers.on(FiguresSuppressed)
def _suppressed(state, e: FiguresSuppressed) -> None:
    u = state.units[e.unit]
    hit = set(e.figures)
    state.units[e.unit] = replace_unit(
        u, figures=tuple(f.with_suppressed(True) if f.id in hit else f for f in u.figures)
    )


@appliers.on(VehicleDamaged)
def _vehicle(state, e: VehicleDamaged) -> None:
    u = state.units[e.unit]
    changes = {"damage_this_turn": u.damage_this_turn + (e.effect,)}
    if e.effect == 1:
        changes["stunned"] = True
    elif e.effect == 2:
        changes["weapon_destroyed"] = True
    elif e.effect == 3:
        changes["immobilised"] = True
    else:
        changes["figures"] = ()
    state.units[e.unit] = replace_unit(u, **changes)


@appliers.on(CombatBegan)
def _combat(state, e: CombatBegan) -> None:
    state.combats[e.combat] = Combat(e.attacker, e.defender, 0)
    _set(state, e.attacker, hidden=False, on_guard=False)
    _set(state, e.defender, hidden=False, on_guard=False)


@appliers.on(CombatRoundFought)
def _round(state, e: CombatRoundFought) -> None:
    c = state.combats[e.combat]
    state.combats[e.combat] = attrs.evolve(c, rounds=c.rounds + 1)


@appliers.on(CombatEnded)
def _combat_end(state, e: CombatEnded) -> None:
    del state.combats[e.combat]


@appliers.on(CombatsQueued)
def _queued(state, e: CombatsQueued) -> None:
    state.combat_queue = e.combats


@appliers.on(BvpAwarded)
def _bvp(state, e: BvpAwarded) -> None:
    state.bvp[e.side] = state.bvp.get(e.side, 0) + e.amount


@appliers.on(ReservesUsed)
def _reserves(state, e: ReservesUsed) -> None:
    state.reserves -= e.figures


@appliers.on(BvpConversionChosen)
def _bvp_chosen(state, e: BvpConversionChosen) -> None:
    state.bvp_choices[e.side] = e.trade


@appliers.on(VpScored)
def _vp(state, e: VpScored) -> None:
    state.vp[e.side] = e.vp
    state.bvp_choices.pop(e.side, None)


EVENTS = (
    ScenarioSet, ForceMustered, UnitPlaced, TurnBegan, PhaseChanged, InitiativeSet, InitiativePassed, ActivationAttempted,
    ActivationRolled, OnGuardSet, StanceSet, UnitMoved, UnitRevealed, UnitHidden, FireDeclared,
    FireResult, CasualtiesTaken, FiguresSuppressed, VehicleDamaged, CombatBegan, CombatRoundFought,
    CombatEnded, CombatsQueued, BvpAwarded, ReservesUsed, BvpConversionChosen, VpScored,
    Embarked, Disembarked,
)


# -- frames -----------------------------------------------------------------------------------------
@attrs.frozen
class Activated(Frame):
    """A unit passed its activation: its owner may spot once, then takes one action."""

    unit: str
    spotted: bool = False


@attrs.frozen
class Walking(Frame):
    """Walk (or a vehicle's drive): move and fire once, the fire at any point of the move (# FUBAR
    actions).  ``moved``: the current leg is made (firing opens a second leg for what is left of
    the allowance); ``spent``: inches of allowance each figure (by id) has used."""

    unit: str
    mode: str
    moved: bool = False
    fired: bool = False
    spent: tuple[tuple[str, float], ...] = ()


@attrs.frozen
class AllocateHits(Frame):
    """The target's owner takes unsaved hits figure by figure: each pick makes one figure a
    casualty or suppressed (``casualties.py``); the picks so far wait here until all are made."""

    unit: str
    hits: int
    by_side: str
    killed: tuple[str, ...] = ()
    suppressed: tuple[str, ...] = ()
    casualties_only: bool = False  # close combat hits (# FUBAR suppression)
    reason: str = ""


@attrs.frozen
class OnGuardWindow(Frame):
    """A reaction window: ``player``'s On Guard units may fire at ``enemy`` (# FUBAR on-guard)."""

    enemy: str
    player: str
    trigger: str  # "move" or "fire"
    start: tuple[tuple[float, float], ...] = ()  # where a mover stood before its move
    #: A mover's positions along its path (samples from start to end, # FUBAR on-guard), and the
    #: ids of the figures those positions belong to (casualties may leave before a later window).
    path: tuple[tuple[tuple[float, float], ...], ...] = ()
    movers: tuple[str, ...] = ()


@attrs.frozen
class CombatStep(Frame):
    """One close combat at the start of a turn: leave or stay, follow or let go, then a round."""

    combat: str
    step: str  # "attacker", "defender" (leave?), "follow", "fight"
    leaver: str = ""


@attrs.frozen
class ConvertingBvp(Frame):
    """The end of the mission (# FUBAR bvp): ``players`` still to choose their conversion in secret;
    when none is left every choice is revealed and scored."""

    players: tuple[str, ...]


@attrs.frozen
class DesignatingHideouts(Frame):
    """# FUBAR hideouts: the insurgent player designates ``left`` more buildings as hideouts, one
    at a time, in secret (the number was rolled in the open)."""

    left: int


@attrs.frozen
class AssigningFire(Frame):
    """Split fire (# FUBAR fire): the firer's owner names a target for each figure in turn
    (``assigned``: (figure, target) pairs so far); then the attack is resolved.  ``small_arms``:
    only small arms fire (a split fire during a Walk, # FUBAR actions)."""

    unit: str
    aimed: bool
    targets: tuple[str, ...]
    assigned: tuple[tuple[str, str], ...] = ()
    small_arms: bool = False


@attrs.frozen
class CombatRound(Frame):
    """A round of close combat in waves: 0 the standing figures strike, 1 those that were
    suppressed, 2 the round is over (casualties are picked by their owners between waves)."""

    combat: str
    wave: int = 0


@attrs.frozen
class Choosing(Frame):
    """Step two of an activated unit's action (``action_menu.py``): ``kind`` was named (``Choose``);
    now its destination or target.  It lies over the unit's ``Activated`` or ``Walking`` frame,
    which the chosen action then completes as if it had been taken there."""

    unit: str
    kind: str


FRAMES = (Activated, Walking, AllocateHits, OnGuardWindow, CombatStep, ConvertingBvp, DesignatingHideouts,
          AssigningFire, CombatRound, Choosing)


# -- actions ----------------------------------------------------------------------------------------
@attrs.frozen
class Activate(Action):
    unit: str


@attrs.frozen
class Choose(Action):
    """Step one of a two-step action (``action_menu.py``): the kind of action, ``run``/``duck``/
    ``walk``/``drive`` (a move: where comes next), ``fire`` (at what), ``assault`` (whom) or
    ``embark`` (which vehicle)."""

    kind: str


@attrs.frozen
class Spot(Action):
    target: str


@attrs.frozen
class Walk(Action):
    pass


@attrs.frozen
class Move(Action):
    """A suggested move (``movement.py`` lists the kinds): ``mode`` walk/run/duck/drive, ``kind``
    what it is for, ``ref`` what it is relative to, ``side`` which way (flanks, sidesteps).

    SECRET, as every move (# FUBAR hidden): a hidden unit's move is its owner's secret, so other
    players learn what a move did only from its ``UnitMoved`` event, redacted when it stays hidden."""

    SECRET = True
    mode: str
    kind: str
    ref: str = ""
    half: bool = False
    side: str = ""


@attrs.frozen
class MoveFigures(Action):
    """A measured move to points of the owner's choosing (parametric: checked by
    ``measured_move.check``): for each figure of the unit, in order, its path as waypoints ending
    where it stops; an empty path leaves that figure where it stands.  SECRET, like ``Move``."""

    SECRET = True
    mode: str
    paths: tuple[tuple[tuple[float, float], ...], ...]


@attrs.frozen
class FireAt(Action):
    targets: tuple[str, ...]
    aimed: bool = False


@attrs.frozen
class EndAction(Action):
    pass


@attrs.frozen
class GoOnGuard(Action):
    pass


@attrs.frozen
class GoToGround(Action):
    pass


@attrs.frozen
class Assault(Action):
    target: str


@attrs.frozen
class TakeCasualty(Action):
    """One unsaved hit removes ``figure`` (# FUBAR casualties: the owner picks which)."""

    figure: str


@attrs.frozen
class SuppressFigure(Action):
    """One unsaved hit lays ``figure`` down suppressed (# FUBAR suppression, within the grade's limit)."""

    figure: str


@attrs.frozen
class ReactFire(Action):
    unit: str


@attrs.frozen
class Decline(Action):
    pass


@attrs.frozen
class LeaveCombat(Action):
    unit: str


@attrs.frozen
class StayInCombat(Action):
    unit: str


@attrs.frozen
class Follow(Action):
    unit: str


@attrs.frozen
class LetGo(Action):
    unit: str


@attrs.frozen
class ConvertBvp(Action):
    """Trade ``trade`` BVP for 3 VP each; roll one die for each of the rest.  Secret: the other
    players see only that a conversion was chosen (# FUBAR bvp)."""

    SECRET = True
    trade: int


@attrs.frozen
class DesignateHideout(Action):
    """The insurgent player makes ``building`` a hideout.  Secret (# FUBAR hideouts)."""

    SECRET = True
    building: str


@attrs.frozen
class SplitFire(Action):
    """Split the unit's fire among targets, figure by figure (each then gets an ``AssignShot``)."""

    aimed: bool = False


@attrs.frozen
class AssignShot(Action):
    """``figure`` fires its Fire Points at ``target`` (# FUBAR fire: split fire)."""

    figure: str
    target: str


@attrs.frozen
class Embark(Action):
    """Board friendly ``vehicle`` (every figure within a Walk of it; room for all of them)."""

    vehicle: str


@attrs.frozen
class Disembark(Action):
    """Get out of the vehicle, each figure to its point of ``positions`` (in the unit's order);
    a parametric action (``transport.check``)."""

    positions: tuple[tuple[float, float], ...]


ACTIONS = (Activate, Spot, Walk, Move, MoveFigures, FireAt, EndAction, GoOnGuard, GoToGround, Assault, TakeCasualty, SuppressFigure,
           ReactFire, Decline, LeaveCombat, StayInCombat, Follow, LetGo, ConvertBvp, DesignateHideout,
           SplitFire, AssignShot, Embark, Disembark, Choose)
