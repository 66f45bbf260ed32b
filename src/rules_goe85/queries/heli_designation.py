"""17b: a helicopter declares its mode as the first thing it does for any action played for it.

The one mechanism every card use goes through (the impulse's plays and Opportunity Fire alike): a
play that names an on-map helicopter as the unit it is for is offered as a *designation* -- the
card, its block, its use and the helicopter, nothing more (:func:`designation`).  Playing it asks
the owner for the mode (``ModeChoice``), and only then the rest of the play (target, supporters,
the second unit of a Rally 2) is listed, as the declared mode allows it (landed: no Hard Targets,
no Explosive Rounds; hovering: AP without the moving penalty; flying: HE on the rarer colours).
A designation is offered when *some* mode the helicopter may declare leaves it a play
(:func:`other_modes`, looked at in the state :func:`with_unit` makes).

Readings (here only):
* The helicopter designated is the unit the card activates: the lead of an attack, the unit a
  Rally / Bloodlust / Second Wind is played for, either unit of a Rally 2.  A helicopter that only
  adds its HEF to another unit's attack (10d supporter) is not the unit designated and keeps its
  mode (the alternative, every joining helicopter declaring in turn, would ask for modes before the
  attack it joins is known).
* Opportunity Fire is an action played for the helicopter (11a: a Fire block or a FIRE Power, and
  the helicopter is marked Fired), so it declares its mode first there too, in the opponent's
  impulse (the alternative, modes only in one's own impulse, reads 17b's "in their impulse" as a
  limit; its "that is, if you designate a helicopter ..." explains it as any designation).
* Resilient (22n) answers a hit on the helicopter inside another unit's attack: it activates
  nothing (it is played regardless of status, 4c) and does not change the mode.  The alternative --
  a declaration as the Power card is played -- would let a mode change reach back into the attack
  being resolved (a landing to save the passengers of a helicopter about to be destroyed, 17d).
  The same holds for the Reactions a helicopter answers an attack with (First Fire, 20a: both
  attacks are simultaneous, so the mode the attacker aimed at stays the mode it fires from).
* A flying helicopter must move a hex when activated (17b) to *move*: the Move, Fast Move and Move
  & Fire activations make it fly a hex (``queries/helicopters.must_fly``); an action that moves
  nothing (Fire, Reload & Fire, Punishing Fire, a FIRE Power, Rally, Opportunity Fire) leaves it
  over its hex.  The alternative (every activation flies a hex first) would make a flying Fire a
  Move & Fire by another name.
* Helicopters off the map enter flying (17b) and declare nothing on their entry activation.
"""
from __future__ import annotations

from ..model.actions import PlayCard, Use
from ..model.occupancy import carry_index, forget
from .helicopters import in_mode, legal_modes
from .sight import is_heli
from .units import heli_mode, utype

# moves open their own MoveFrame under a ModeChoice (procedures/vehicles.play_vehicle_card)
DECLARING_MOVES = (Use.HELI_MOVE, Use.HELI_FAST_MOVE, Use.HELI_MOVE_FIRE)


def designated_heli(state, side: str, play) -> str:
    """The on-map helicopter of ``side`` that ``play`` is played for ("" when none): its unit, or
    the second unit of a Rally 2 (18l)."""
    if not isinstance(play, PlayCard) or play.use in DECLARING_MOVES:
        return ""
    for uid in (play.unit, play.target if play.use == Use.RALLY2 else ""):
        if map_heli(state, side, uid):
            return uid
    return ""


def map_heli(state, side: str, uid: str) -> bool:
    """``uid`` is a helicopter of ``side`` on the map (off it, it enters flying and declares nothing)."""
    u = state.units.get(uid) if uid else None
    return u is not None and u.side == side and u.hex is not None and is_heli(u)


def designates(state, play, uid: str) -> bool:
    """``play`` is played for helicopter ``uid`` (as its unit, or either unit of a Rally 2)."""
    return isinstance(play, PlayCard) and play.use not in DECLARING_MOVES and uid in (
        play.unit, play.target if play.use == Use.RALLY2 else "")


def designation(play: PlayCard, uid: str) -> PlayCard:
    """The first step: the card, block and use played for helicopter ``uid``."""
    return PlayCard(play.card, play.block, play.use, uid)


def is_designation(state, side: str, play) -> bool:
    """``play`` is a designation (a helicopter's play is only ever offered as one)."""
    return bool(designated_heli(state, side, play)) and play == designation(play, play.unit)


def with_unit(state, unit):
    """A shallow view of ``state`` in which ``unit`` replaces the unit of its id (what it could do in
    another mode); the derived indexes are the state's with that unit changed (or rebuilt)."""
    view = _shallow_copy(state)
    view.units = dict(state.units)
    old = view.units.get(unit.uid)
    view.units[unit.uid] = unit
    if old is None:
        forget(view)
    else:
        carry_index(view, state, old, unit)
    return view


def _shallow_copy(state):
    """``copy.copy(state)`` field by field (the generic copy of a slotted attrs class goes through
    its pickling state, twice the time; a menu makes a view per helicopter and mode)."""
    cls = type(state)
    view = object.__new__(cls)
    for field in cls.__attrs_attrs__:
        object.__setattr__(view, field.name, getattr(state, field.name))
    return view


def other_modes(state, u) -> list:
    """``u`` as it would be in each other mode it may declare (17b), one per kind of difference:
    landed (ground sight, no AP, no Explosive Rounds) and in the air (flying and hovering see
    alike, 17e; hovering is apart only for a Sagger, 22k)."""
    out = []
    seen = {_kind(u, heli_mode(u))}
    for mode in legal_modes(state, u):
        kind = _kind(u, mode)
        if kind not in seen:
            seen.add(kind)
            out.append(in_mode(u, mode))
    return out


def _kind(u, mode: str) -> tuple:
    return (mode == "landed", mode == "hovering" and "sagger" in utype(u).powers)


def fold(state, side: str, plays) -> tuple[list, "Designations"]:
    """(the plays for no helicopter, the designations of the others), each in first-seen order:
    :func:`designated_heli` of each play, the side's helicopters on the map looked up once."""
    helis = {u.uid for u in state.units.values() if u.side == side and u.hex is not None and is_heli(u)}
    ground, named = [], Designations()
    if not helis:
        return list(plays), named
    for p in plays:
        uid = ""
        if isinstance(p, PlayCard) and p.use not in DECLARING_MOVES:
            if p.unit in helis:
                uid = p.unit
            elif p.use == Use.RALLY2 and p.target in helis:
                uid = p.target
        if not uid:
            ground.append(p)
        else:
            named.add(p.card, p.block, p.use, uid)
    return ground, named


class Designations:
    """Designations in first-seen order, each made once (a helicopter's many whole plays of one
    card and use fold into one)."""

    def __init__(self) -> None:
        self.plays: dict[tuple, PlayCard] = {}

    def add(self, cid: str, block, use, uid: str) -> None:
        key = (cid, block, use, uid)
        if key not in self.plays:
            self.plays[key] = PlayCard(cid, block, use, uid)

    def __iter__(self):
        return iter(self.plays.values())


def spent_marker(use) -> str:
    """The marker a helicopter takes when its declared mode leaves its play nothing to do (4c: the
    activation is spent): Fired after a Fire, Ops Complete after anything else (10a)."""
    return "fired" if use in (Use.FIRE, Use.HELI_FIRE, Use.PUNISHING_FIRE, Use.OPP_FIRE) else "ops"
