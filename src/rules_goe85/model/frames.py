"""The procedure frames: one frozen value per pending step of a procedure on the state's stack."""
from __future__ import annotations

import attrs
from tabletop_core import Frame

from .actions import Use
from .state import Unit


@attrs.frozen
class Impulse(Frame):
    """GoE 4d, 5e, 6: one player's impulse.  step: start / main / discard."""

    player: str
    step: str = "start"
    first: bool = False
    acted: bool = False
    extra: int = 0  # further actions granted by Command Ops / Reinforcements (18d, 18m)
    discards: int = 0
    assaulted: tuple[tuple[int, int], ...] = ()  # 13a: hexes already assaulted in this impulse
    # 13a: (uid, hex entered from) of units its actions moved into enemy hexes, and the units whose
    # Brutal Power moved them (22g): the assaults are fought once the impulse's last action is over
    assaults: tuple[tuple[str, tuple[int, int] | None], ...] = ()
    brutal: tuple[str, ...] = ()


@attrs.frozen
class FirePlayChoice(Frame):
    """GoE 6c, the play's second step: which unit fires at what with ``card`` played from ``block``
    for ``use`` (on top of the player's :class:`Impulse`)."""

    player: str
    card: str
    block: str = attrs.field(converter=str)  # a Block / Use value, kept as its name (the frame is logged)
    use: str = attrs.field(converter=str)


@attrs.frozen
class CardPlayChoice(Frame):
    """GoE 6b, the play's second step: what ``card`` is played for (on top of the player's
    :class:`Impulse`; ``procedures/card_play.py``)."""

    player: str
    card: str


@attrs.frozen
class HeliCardChoice(Frame):
    """GoE 17a/17b, a helicopter's play: what helicopter ``unit`` does with ``card`` (on top of the
    player's :class:`Impulse`; ``procedures/card_menu.py``)."""

    player: str
    card: str
    unit: str


@attrs.frozen
class DrawUp(Frame):
    """GoE 6a: draw one card at a time up to ``size`` (End Turn set aside, Events resolved)."""

    player: str
    size: int
    count: int = -1  # draw exactly this many instead (Command Ops, Reinforcements); -1: fill the hand


@attrs.frozen
class InitiativePick(Frame):
    """GoE 5d: each player lays a card face down; then both are revealed."""

    picked: tuple[str, ...] = ()  # sides that have picked in this round
    round: int = 1


@attrs.frozen
class InitiativeDiscard(Frame):
    """GoE 5d: after a tie the winner has laid two or more cards and discards the one they choose."""

    winner: str


@attrs.frozen
class MoveFrame(Frame):
    """GoE 7, 18e/g/h/i/o: units moving hex by hex.  ``mp`` holds (uid, MP left) pairs."""

    player: str
    use: Use = attrs.field(converter=Use)
    mp: tuple[tuple[str, int, int], ...]  # (uid, MP left, MP lent by a Hero moving with it, 2j)
    origin: tuple[tuple[str, tuple[int, int] | None], ...]
    stepped: tuple[str, ...] = ()
    groups_left: int = 0  # Let's Get 'Em!: one more hex of units may move after this one
    assaults: tuple[tuple[str, tuple[int, int] | None], ...] = ()  # (uid, hex entered from; None: off the map)
    card: str = ""
    brutal: str = ""  # 22g: the unit whose Brutal Power moves this hex (Ops Complete afterwards)
    transported: tuple[str, ...] = ()  # 8a: units that have loaded or unloaded in this move (queries/transport_budget.py)


def _unit_ids(value) -> tuple[str, ...]:
    """One unit id or several: always a tuple of ids."""
    return (value,) if isinstance(value, str) else tuple(value)


@attrs.frozen
class OppFireWindow(Frame):
    """GoE 11: the non-phasing player may halt the units moving into ``hex`` and fire on them."""

    player: str  # who may fire
    movers: tuple[str, ...] = attrs.field(converter=_unit_ids)  # the stack that moved in (11a, 18h)
    hex: tuple[int, int]
    fast: bool = False


# In FireFrame.used once Critical Hit's redraw (19d) is spent: the uses there are cards played
# (Use values); this one marks the redraw taken (a string beside them, as frames stand in the log).
CRITICAL_HIT_REDRAWN = "critical_hit:used"


@attrs.frozen
class FireFrame(Frame):
    """GoE 10: a ranged attack against Soft Targets (also artillery hexes and assault draws)."""

    side: str  # attacker
    use: Use = attrs.field(converter=Use)
    lead: str
    supporters: tuple[str, ...]
    targets: tuple[str, ...]
    hex: tuple[int, int]
    hef: int
    degrade: int = 0  # 0: any Hit counts, 1: gold or red, 2: red only (3e reading)
    step: str = "support"
    left: int = 0
    hits: tuple[tuple[str, int], ...] = ()  # hits taken per target in this attack
    pending: str = ""  # a unit about to take a hit (Light Wounds / Resilient window)
    used: tuple[str, ...] = ()  # names of support / reaction cards already played (19, 20)
    redraw: bool = False  # Tactical redraw available (21i)
    foxhole: bool = False  # the first Hit on a unit in a Foxhole was redrawn (23a)
    marker: str = "fired"  # what the firers are marked with afterwards
    opp_movers: tuple[str, ...] = ()  # Opportunity Fire: the moving units, each stops if hit (11a)
    moving_extra: tuple[str, ...] = ()  # 10d mixed target: units that get a 1 HEF attack afterwards
    sniper: bool = False
    spraying: bool = False
    total_hits: int = 0


@attrs.frozen
class AssaultFrame(Frame):
    """GoE 13: assault combat in ``hex``."""

    side: str
    hex: tuple[int, int]
    attackers: tuple[tuple[str, tuple[int, int] | None], ...]  # (uid, hex entered from; None: off the map)
    step: str = "support"
    att_bonus: int = 0
    def_bonus: int = 0
    used: tuple[str, ...] = ()


@attrs.frozen
class ArtilleryFrame(Frame):
    """GoE 12a: an artillery strike waiting for its spotter's call (event-granted or by card)."""

    side: str
    hef: int
    source: str  # card / event


@attrs.frozen
class StrikePattern(Frame):
    """GoE 12a, the call's second step: the pattern around the ``target`` hex picked (the
    :class:`ArtilleryFrame` it came from stays under it)."""

    side: str
    target: str


@attrs.frozen
class ReserveFrame(Frame):
    """GoE 5f: the reserve phase, one side at a time."""

    side: str
    moved: tuple[str, ...] = ()
    second: bool = False
    modes: tuple[str, ...] = ()  # helicopters that declared their mode in this Reserve Phase (17b; transport.py)


@attrs.frozen
class ReserveDestination(Frame):
    """GoE 5f, the choice's second step: where the picked ``unit`` of ``side`` moves (on top of the
    side's :class:`ReserveFrame`)."""

    side: str
    unit: str


@attrs.frozen
class EventChoice(Frame):
    """An Event card that asks its beneficiary for a choice (Mujahideen Boldness, Attack Helicopter)."""

    side: str
    event: str
    count: int = 0


@attrs.frozen
class FireChoice(Frame):
    """Move & Fire (18i): after moving, the unit must fire if it can; the player picks the target."""

    player: str
    unit: str
    card: str


@attrs.frozen
class BonusPick(Frame):
    """24b: each player keeps one of the two Bonus Victory Point cards dealt, in secret."""

    picked: tuple[str, ...] = ()


# -- set-up, assault combat, Punishing Fire, Booby Trap, facing, extra plays -------------------------
@attrs.frozen
class Deploy(Frame):
    """One force placing its units: ``pending`` (uid, counter type) in the order they are placed."""

    side: str
    force: int  # index in the scenario's forces
    pending: tuple[tuple[str, str], ...]
    foxholes: int = 0
    wire: int = 0  # 23c: Wire still to place (after the Foxholes)


@attrs.frozen
class AssaultCombat(Frame):
    """GoE 13a: the Damage Draws and the hits of one assault in ``hex``.

    ``plan``: the Damage Draws still to come (``both`` / ``att`` / ``def`` / ``def_all`` / ``late``);
    ``stage``: ``hits`` while draws and hits remain, then ``panic`` (19e), ``after`` (the Retreat window), then
    ``direction`` when the defenders must retreat from an attack made from several hexes; ``queue``: (side taking hits: att / def, hits) still to
    apply; ``pending``: the unit about to take the current hit."""

    side: str
    hex: tuple[int, int]
    attackers: tuple[tuple[str, tuple[int, int] | None], ...]
    defenders: tuple[str, ...]
    late: tuple[str, ...]  # defenders Shaken when the combat began: they draw after (13a, 10c)
    used: tuple[str, ...] = ()
    att_bonus: int = 0
    def_bonus: int = 0
    plan: tuple[str, ...] = ()
    stage: str = "hits"
    queue: tuple[tuple[str, int], ...] = ()
    pending: str = ""
    suffered: tuple[int, int] = (0, 0)  # hits suffered by the attackers, by the defenders (13d)
    asked: tuple[str, ...] = ()  # sides already asked in the Retreat window
    before: tuple[Unit, ...] = ()  # every unit in the hex before the first hit (19f)
    vp: tuple[tuple[str, float], ...] = ()
    wrecks: tuple[tuple[int, int], ...] = ()


@attrs.frozen
class PunishingRetreat(Frame):
    """18j: ``player`` may retreat ``target`` one hex before ``lead`` fires at it a second time."""

    player: str
    target: str
    lead: str


@attrs.frozen
class TrapWindow(Frame):
    """The Mujahideen may spring a Booby Trap on the Soviet ``movers`` that retreated into ``hex``."""

    hex: tuple[int, int]
    movers: tuple[str, ...]


@attrs.frozen
class FacingChoice(Frame):
    """15d: the owner turns a vehicle just set up, or just brought on the map, to face one of its hex's six corners."""

    player: str
    uid: str


@attrs.frozen
class SetupConceal(Frame):
    """22p: once every force is set up, ``player`` picks the hexes whose Conceal units begin the
    scenario concealed (procedures/setup.py)."""

    player: str


@attrs.frozen
class BunkerFacing(Frame):
    """23b: the owner of a Bunker set up in ``hex`` turns it to face one of the hex's corners."""

    player: str
    hex: tuple[int, int]


@attrs.frozen
class ExtraPlays(Frame):
    """Sherkhankhel: the Mujahideen play Action cards out of turn (the village event)."""

    player: str
    left: int
    extra: int = 0  # Command Ops / Reinforcements add plays (18d, 18m)
    step: str = "main"
    assaults: tuple[tuple[str, tuple[int, int] | None], ...] = ()  # 13a: fought after the last play
    brutal: tuple[str, ...] = ()


# -- orders: one procedure starting another ----------------------------------------------------------
# A procedure never calls another procedure's functions (a contract in pyproject.toml): it pushes an
# order, and the procedure that owns the order turns it into its own frame when it reaches the top.
@attrs.frozen
class AttackOrder(Frame):
    """What every order to begin an attack names: who fires what at whom, and what marks it."""

    side: str
    use: Use = attrs.field(converter=Use)
    lead: str
    target: str
    supporters: tuple[str, ...] = ()  # 10d: the units of the lead's hex that join its attack
    marker: str = "fired"
    opp_movers: tuple[str, ...] = ()  # Opportunity Fire: the moving units, each stops if hit (11a)
    moving: bool | None = None


@attrs.frozen
class FireOrder(AttackOrder):
    """Begin a ranged HE attack (GoE 10b): fire.py designates it and pushes its :class:`FireFrame`."""

    degrade: int = 0
    lead_hef: int | None = None  # replaces the lead's printed HEF (22k Sagger HE)


@attrs.frozen
class APFireOrder(AttackOrder):
    """Begin an AP attack (GoE 15): ap_fire.py checks its target and pushes its ``APFire``."""


@attrs.frozen
class EntryChoice(Frame):
    """18h, 9: a Move card brings on one hex's worth of off-map units: the player picks them one at
    a time (``chosen``), within one hex's stacking (procedures/entry.py)."""

    player: str
    use: Use = attrs.field(converter=Use)
    card: str
    chosen: tuple[str, ...] = ()


@attrs.frozen
class MoveOrder(Frame):
    """Begin a move (GoE 7, 18e/g/h/i/o, 22g): move.py works out the MP and pushes its :class:`MoveFrame`."""

    side: str
    use: Use = attrs.field(converter=Use)
    uids: tuple[str, ...]
    card: str = ""
    brutal: str = ""


def with_assaults(frame, attackers, brutal: str = ""):
    """``frame`` (an :class:`Impulse` or :class:`ExtraPlays`) holding these assaults until its
    actions are over (13a)."""
    return attrs.evolve(frame, assaults=frame.assaults + tuple(attackers),
                        brutal=frame.brutal + ((brutal,) if brutal else ()))


FRAMES = (BonusPick, Impulse, DrawUp, InitiativePick, InitiativeDiscard, MoveFrame, OppFireWindow, FireFrame, AssaultFrame, ArtilleryFrame,
          ReserveFrame, ReserveDestination, StrikePattern, FirePlayChoice, CardPlayChoice, HeliCardChoice, EventChoice, FireChoice,
          Deploy, AssaultCombat, PunishingRetreat, TrapWindow, FacingChoice, ExtraPlays, FireOrder, APFireOrder, MoveOrder, EntryChoice, BunkerFacing, SetupConceal)
