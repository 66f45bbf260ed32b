"""The players' actions: one frozen class per kind of choice, with typed fields.

Hexes are named by their printed labels (``"7E4"``; validated against the legal actions, so an
unknown label is refused like any other illegal choice), units and cards by their ids.  What a card
is played for is a :class:`Use`; which of its blocks pays for it a :class:`Block`.  The same
:class:`Use` names where an attack or a move came from once it is a procedure on the stack (a
``FireFrame`` started by artillery, an event, an assault ...).

``Use``, ``Block`` and ``Mode`` are ``str``-valued on purpose: its values are the names the data files use for card blocks
and unit powers (``cards.toml``, ``units.toml``), so a member compares equal to the data's name and
serialises to exactly that text in logs.

Large choices are asked in two steps, each its own procedure step: the Reserve Phase asks for the
unit (:class:`PickReserveUnit`) and then where it goes (:class:`ReserveMove`); an artillery strike
asks for the target hex (:class:`StrikeTarget`) and then the pattern (:class:`Strike`); the
impulse asks for the card (:class:`PickCard`) and then what it is played for (a :class:`PlayCard`),
and a card played for an attack asks for the card and use (:class:`PlayCardToFire`) and then the
firer and target (:class:`PlayCard`).  The fire play's last step offers ``Decline(Declined.BACK)``
to choose the first again; the impulse's first step also takes a whole :class:`PlayCard` and a
:class:`PlayCardToFire` (checked), the card's step a whole play of its card.
"""
from __future__ import annotations

import enum

import attrs

from tabletop_core import Action


class _Named(str, enum.Enum):
    """A ``str`` enum that prints as its value (in notes, prompts and logs alike)."""

    __str__ = str.__str__
    __format__ = str.__format__


class Use(_Named):
    """What a card is played for (GoE 3a, 18-22), and where a procedure on the stack came from."""

    # 18: actions in a card's blocks
    ARTILLERY = "artillery"
    BLOODLUST = "bloodlust"
    CANNISTER = "cannister"
    COMMAND_OPS = "command_ops"
    CONCEALED = "concealed"
    FAST_MOVE = "fast_move"
    FIRE = "fire"
    LETS_GET_EM = "lets_get_em"
    MOVE = "move"
    MOVE_FIRE = "move_fire"
    PUNISHING_FIRE = "punishing_fire"
    RALLY = "rally"
    RALLY2 = "rally2"
    REINFORCEMENTS = "reinforcements"
    RELOAD_FIRE = "reload_fire"
    SCOUT = "scout"
    SECOND_WIND = "second_wind"
    # 19, 20: Support and Reaction blocks
    AIMED_SHOT = "aimed_shot"
    AMBUSH = "ambush"
    BULLET_STORM = "bullet_storm"
    CRITICAL_HIT = "critical_hit"
    PANIC = "panic"
    RETREAT = "retreat"
    GRENADES = "grenades"
    FIRST_FIRE = "first_fire"
    GLANCING_SHOT = "glancing_shot"
    LIGHT_WOUNDS = "light_wounds"
    UNEXPECTED_COVER = "unexpected_cover"
    # 22: Powers (a Power card for a unit's power)
    EXPLOSIVE_ROUNDS = "explosive_rounds"
    KILL_SHOT = "kill_shot"
    LEADERSHIP = "leadership"
    PREP_FIRE = "prep_fire"
    BRUTAL = "brutal"
    INTENSIVE_FIRE = "intensive_fire"
    AGGRESSIVE = "aggressive"
    DEADLY_SHOT = "deadly_shot"
    SAGGER = "sagger"
    RAPID_FIRE = "rapid_fire"
    MARKSMAN = "marksman"
    RESILIENT = "resilient"
    MORTAR = "mortar"
    CONCEAL = "conceal"
    TACTICAL_COORDINATION = "tactical_coordination"  # 21d
    # other uses of a card
    OPP_FIRE = "opp_fire"  # 11: a Fire block played in an Opportunity Fire window
    BOOBY_TRAP = "booby_trap"  # Hammer and Anvil: the Mujahideen's artillery blocks
    SAPPER = "sapper"  # a kept Sapper card in an assault
    HELI_FAST_MOVE = "heli_fast_move"  # 17a
    HELI_MOVE = "heli_move"
    HELI_MOVE_FIRE = "heli_move_fire"
    HELI_FIRE = "heli_fire"  # 17a/17b: a Fire activation; the mode is declared before the target
    TUNNEL_MOVE = "tunnel_move"  # Air Assault's tunnels
    TUNNEL_MOVE_FIRE = "tunnel_move_fire"
    # where a procedure came from (not a card block)
    ASSAULT = "assault"
    EVENT = "event"
    CRASH = "crash"
    RESERVE = "reserve"
    PUNISHING_FIRE_2 = "punishing_fire_2"


class Block(_Named):
    """Which part of a card pays for the play (3a): a block, its Power, or any card (Elite, Fanatic)."""

    UPPER = "upper"
    LOWER = "lower"
    POWER = "power"
    ANY = "any"


class Mode(_Named):
    """A helicopter's mode (17b)."""

    FLYING = "flying"
    HOVERING = "hovering"
    LANDED = "landed"


def _member_of(kind):
    """A converter to ``kind`` that hands a member back as it is and finds one named by its value
    in a dict: ``kind(value)`` gives the same member, but through the enum machinery, and a listing
    builds thousands of plays per menu (from the data files' names, too).  Anything else goes to
    ``kind(value)``, which refuses it with the enum's own error."""
    named = {m.value: m for m in kind}

    def convert(value):
        if value.__class__ is kind:
            return value
        try:
            return named[value]
        except (KeyError, TypeError):
            return kind(value)

    return convert


_as_block, _as_use, _as_mode = _member_of(Block), _member_of(Use), _member_of(Mode)
USES_BY_NAME = {u.value: u for u in Use}  # a name in cards.toml or units.toml -> its Use


class Declined(enum.Enum):
    """What a :class:`Decline` turns down."""

    SUPPORT = "support"  # no (more) Support cards in this attack or assault
    REACT = "react"  # no Reaction
    TAKE = "take"  # take the hit (no Light Wounds / Resilient)
    PANIC = "panic"
    STAY = "stay"  # no retreat, no exit
    HOLD = "hold"  # no Opportunity Fire / Booby Trap
    NO_STRIKE = "no strike"
    BACK = "back"  # the second step of a two-step choice: choose the first again (nothing happened)
    KEEP = "keep"  # discard no (more) cards
    KEEP_NONE = "keep none"
    KEEP_MODE = "keep mode"
    NO_MORE = "no more"
    BOLDNESS = "boldness"
    IED = "ied"
    TOUGH = "tough"
    FEAR = "fear"
    EXTRA_AMMO = "extra ammo"
    VILLAGE = "village"
    STINGER = "stinger"
    SU25 = "su25"
    VISIBLE = "visible"  # 22p: no (more) hexes begin concealed


# -- the turn and the impulse (5, 6) ----------------------------------------------------------------
@attrs.frozen
class PlayCard(Action):
    """6c: play ``card`` from ``block`` for ``use``.  ``unit`` acts (or ``target`` names the hex that
    moves); ``target`` is the unit, hex (``hex:<label>``) or bunker (``bunker:<label>``) attacked, or
    a second unit; ``second`` a second hex or target (Let's Get 'Em!, Rapid Fire); ``supporters``:
    the units of the lead's hex that join its attack (10d: any of them, the firing player's choice);
    ``ap``: an AP attack (15); ``he``: a Sagger's HE attack (22k);
    ``reconstitute``: a Rally flips a reduced unit instead of removing Shaken (16b)."""

    card: str
    block: Block = attrs.field(converter=_as_block)
    use: Use = attrs.field(converter=_as_use)
    unit: str = ""
    target: str = ""
    second: str = ""
    supporters: tuple[str, ...] = attrs.field(default=(), converter=tuple)
    ap: bool = False
    he: bool = False
    reconstitute: bool = False


@attrs.frozen
class PlayCardToFire(Action):
    """6c: play ``card`` from ``block`` for ``use``, an attack; which unit fires at what is asked
    next (a :class:`PlayCard`).  SECRET: the card is still in the hand (the player may go back);
    it shows when the :class:`PlayCard` plays it."""

    SECRET = True

    card: str
    block: Block = attrs.field(converter=_as_block)
    use: Use = attrs.field(converter=_as_use)


@attrs.frozen
class PickCard(Action):
    """6b: play ``card`` from the hand; what for (block, use, units) is asked next
    (``procedures/card_play.py``).  SECRET: the card shows when the :class:`PlayCard` plays it."""

    SECRET = True

    card: str


@attrs.frozen
class PickHelicopter(Action):
    """17a, 17b: play ``card`` for helicopter ``unit`` (on the map); what it does with it is asked
    next (``procedures/card_menu.py``).  SECRET, as :class:`PickCard`."""

    SECRET = True

    card: str
    unit: str


@attrs.frozen
class Draw(Action):
    """6a: draw up to the hand size."""


@attrs.frozen
class Pass(Action):
    """6a, 4f: pass the impulse."""


@attrs.frozen
class EndImpulse(Action):
    """6: play no (further) card this impulse."""


@attrs.frozen
class Discard(Action):
    """6d (and Soviet Indecision): discard a card."""

    card: str


@attrs.frozen
class LayInitiative(Action):
    """5d: lay a card face down for the initiative.  SECRET: the other side learns only that a
    card was laid; the card shows when both are revealed (5d)."""

    SECRET = True

    card: str


@attrs.frozen
class KeepCard(Action):
    """5g: the one card kept at the clean-up.  SECRET: the other side sees the discards, not the
    choice."""

    SECRET = True

    card: str


@attrs.frozen
class KeepBonusCard(Action):
    """24b: the Bonus Victory Point card kept.  SECRET: it stays hidden until it scores (24b)."""

    SECRET = True

    card: str


@attrs.frozen
class Relocate(Action):
    """City Boys / Kill Zone: pick up a unit in cover and put it in ``to`` (with its Hero)."""

    unit: str
    to: str
    hero: str = ""


@attrs.frozen
class Decline(Action):
    """Turn down what the decision offers (a reaction, support, a retreat, a strike ...)."""

    what: Declined


# -- movement (7, 9, 11, 15, 17) --------------------------------------------------------------------
@attrs.frozen
class Step(Action):
    """7: the moving ``units`` enter the hex ``to``; a vehicle entering the map faces ``facing``."""

    units: tuple[str, ...]
    to: str
    facing: int = -1


@attrs.frozen
class Reverse(Action):
    """15d: a vehicle backs into the hex behind it."""

    unit: str
    to: str


@attrs.frozen
class Pivot(Action):
    """15d: a vehicle turns to face another vertex."""

    unit: str
    facing: int


@attrs.frozen
class Fly(Action):
    """17b: a flying helicopter enters ``to``, nose to ``facing``."""

    unit: str
    to: str
    facing: int


@attrs.frozen
class Load(Action):
    """8: ``unit`` boards ``carrier`` during a move."""

    unit: str
    carrier: str


@attrs.frozen
class Unload(Action):
    """8: ``unit`` leaves ``carrier`` during a move."""

    unit: str
    carrier: str


@attrs.frozen
class ChooseEntrant(Action):
    """18h, 9: ``unit``, off the map, is one of the hex's worth of units this Move brings on."""

    unit: str


@attrs.frozen
class EntrantsChosen(Action):
    """18h: the units chosen so far enter; no more join them."""


@attrs.frozen
class Stop(Action):
    """7: the moving units stop."""


@attrs.frozen
class FireAt(Action):
    """18i Move & Fire: after its move ``unit`` fires at ``target`` (AP when ``ap``)."""

    unit: str
    target: str
    ap: bool = False


@attrs.frozen
class DeclareMode(Action):
    """17b: a helicopter declares its mode before it moves."""

    unit: str
    mode: Mode = attrs.field(converter=_as_mode)


# -- the Reserve Phase (5f, 8k, 17b) ----------------------------------------------------------------
@attrs.frozen
class PickReserveUnit(Action):
    """5f: ``unit`` takes the next reserve move; where it goes is asked next (a :class:`ReserveMove`)."""

    unit: str


@attrs.frozen
class ReserveMove(Action):
    """5f: move ``unit`` one hex to ``to`` (a vehicle ends facing ``facing``)."""

    unit: str
    to: str
    facing: int = -1


@attrs.frozen
class ReserveLoad(Action):
    unit: str
    carrier: str


@attrs.frozen
class ReserveUnload(Action):
    unit: str
    carrier: str


@attrs.frozen
class ReserveMode(Action):
    unit: str
    mode: Mode = attrs.field(converter=_as_mode)


@attrs.frozen
class EndReserve(Action):
    """5f: this side moves no more units in the Reserve Phase."""


# -- fire, assault, artillery (10, 12, 13, 19, 20) --------------------------------------------------
@attrs.frozen
class PlayReaction(Action):
    """19, 20: a Support or Reaction card (or a Power card as Resilient) played into a procedure."""

    card: str
    use: Use = attrs.field(converter=_as_use)
    unit: str = ""


@attrs.frozen
class PickVictim(Action):
    """10c: which unit of the target hex takes the hit."""

    unit: str


@attrs.frozen
class RetreatFrom(Action):
    """13: the assaulted side retreats toward ``to``, the hex the attackers came from."""

    to: str


@attrs.frozen
class Retreat(Action):
    """18j Punishing Fire: the target retreats one hex to ``to``."""

    unit: str
    to: str


@attrs.frozen
class RetreatOffMap(Action):
    """18j Punishing Fire, 13d: the target retreats off the map by an edge the scenario makes its exit."""

    unit: str


@attrs.frozen
class StrikeTarget(Action):
    """12a: the hex an artillery strike is called on; the two hexes of its pattern are asked next
    (a :class:`Strike`)."""

    target: str


@attrs.frozen
class Strike(Action):
    """12a: the artillery pattern: ``target`` and the two hexes ``pattern``; ``bunker_ap`` strikes a
    Bunker with AP (23b)."""

    target: str
    pattern: tuple[str, ...]
    bunker_ap: bool = False


# -- set-up (4, 15d, 23) ----------------------------------------------------------------------------
@attrs.frozen
class Place(Action):
    unit: str
    to: str


@attrs.frozen
class PlaceFoxhole(Action):
    to: str


@attrs.frozen
class PlaceWire(Action):
    to: str


@attrs.frozen
class Face(Action):
    """15d: a vehicle set up faces ``facing`` (a vertex, 0-5)."""

    unit: str
    facing: int


@attrs.frozen
class ConcealAtStart(Action):
    """22p: the Leg units in ``to`` begin the scenario concealed."""

    to: str


@attrs.frozen
class FaceBunker(Action):
    """23b: the Bunker in ``to`` faces ``facing`` (a vertex, 0-5)."""

    to: str
    facing: int


# -- event cards and scenario rules ------------------------------------------------------------------
@attrs.frozen
class Prepare(Action):
    """Mujahideen Preparation: keep ``keep``, put ``bottom`` at the bottom of the draw pile."""

    keep: str
    bottom: str = ""


@attrs.frozen
class Ied(Action):
    unit: str
    ap: bool


@attrs.frozen
class Tough(Action):
    unit: str


@attrs.frozen
class Fear(Action):
    unit: str


@attrs.frozen
class ExtraAmmo(Action):
    """Extra Ammo: remove ``unit``'s Fired marker."""

    unit: str


@attrs.frozen
class AmmoFire(Action):
    """Extra Ammo: ``unit`` fires at ``target``."""

    unit: str
    target: str


@attrs.frozen
class Wave(Action):
    """Second Wave: the squad of ``unit_type`` that enters."""

    unit_type: str


@attrs.frozen
class ExitMap(Action):
    unit: str


@attrs.frozen
class PlaceVillageUnit(Action):
    """Sherkhankhel: a ``unit_type`` placed on the village tile ``to``."""

    to: str
    unit_type: str


@attrs.frozen
class Boldness(Action):
    """Mujahideen Boldness: ``unit`` fast moves."""

    unit: str


@attrs.frozen
class HelicopterAttack(Action):
    """Attack Helicopter: the hex ``to`` attacked."""

    to: str


@attrs.frozen
class Stinger(Action):
    unit: str


@attrs.frozen
class Su25(Action):
    """SU-25 strike: two adjacent hexes."""

    hexes: tuple[str, ...]


ACTIONS = (
    PlayCard, PlayCardToFire, PickCard, PickHelicopter, Draw, Pass, EndImpulse, Discard, LayInitiative, KeepCard, KeepBonusCard, Relocate, Decline,
    Step, Reverse, Pivot, Fly, Load, Unload, ChooseEntrant, EntrantsChosen, Stop, FireAt, DeclareMode,
    PickReserveUnit, ReserveMove, ReserveLoad, ReserveUnload, ReserveMode, EndReserve,
    PlayReaction, PickVictim, RetreatFrom, Retreat, RetreatOffMap, StrikeTarget, Strike,
    Place, PlaceFoxhole, PlaceWire, Face, FaceBunker, ConcealAtStart,
    Prepare, Ied, Tough, Fear, ExtraAmmo, AmmoFire, Wave, ExitMap, PlaceVillageUnit, Boldness,
    HelicopterAttack, Stinger, Su25,
)

#: The actions that only turn something down or end a step (what a script plays to say "no").
REFUSALS = (Decline, Stop, Pass, EndImpulse, EndReserve, EntrantsChosen)
