"""GoE 6b/6c: what the cards in a side's hand can do now -- the plays the impulse offers.

The impulse asks step by step (ruleset 0.8.0), as a player lays a card and says what for:

1. the card (:class:`PickCard`), offered for each card that has a play now (:func:`playable_cards`);
2. what it is played for (:func:`card_step`): its plays for no helicopter on the map (a fire use
   as :class:`PlayCardToFire`, the rest whole), and one :class:`PickHelicopter` for each
   helicopter on the map the card has a play for (17a: any card activates one);
3. for a helicopter, what it does (:func:`heli_step`): its moves whole, its other plays as
   designations (17b: the mode is declared, then the rest is asked).

Together the steps offer exactly what :func:`main_options` of the card lists (tested), and none
leads to nothing.  A :class:`CardListing` yields a card's plays use by use, so the first step
stops at a card's first play; the steps of one play share one listing of the hand
(``model/occupancy.menu``), and a helicopter's shots and other-mode looks are searched only when
it is picked.
"""
from __future__ import annotations

from ..model.actions import USES_BY_NAME, Block, PickHelicopter, PlayCard, PlayCardToFire, Use
from ..model.occupancy import menu
from ..model.state import MUJ
from .board import board_at
from .deck import card, hand_of
from .entering import waiting
from .fire_options import iter_fire_options
from .fire_reach import FIRE_POWERS, power_barred
from .heli_designation import designates, fold, other_modes, with_unit
from .sight import is_heli
from .spotting import can_call
from .units import eligible, has, is_vehicle, units_at, utype


def _uses(rules, state, side: str, cid: str):
    """(block, use) pairs of a card for its owner, scenario rules applied (the #19 / #12 rules)."""
    c = card(cid)
    spec = rules.spec(state)
    out = []
    for block, name in ((Block.UPPER, c.upper), (Block.LOWER, c.lower)):
        use = USES_BY_NAME.get(name, name)  # members, so the plays built from them skip the enum lookup
        if use == Use.ARTILLERY and side == MUJ:
            if spec.muj_artillery_as == "booby_trap":
                out.append((block, Use.LETS_GET_EM))  # the Booby Trap use is a reaction (move.py)
            elif cid == "#19" and block == Block.UPPER:
                out += [(block, USES_BY_NAME.get(v, v)) for v in spec.muj_card19]
            elif cid in spec.muj_artillery_cards:  # Zhawar: #12 too, its Soviet restriction ignored
                out.append((block, Use.ARTILLERY))
            continue
        if use == Use.ARTILLERY and c.artillery_only and c.artillery_only != side:
            continue
        out.append((block, use))
    return out


FIRE_GROUPS = (Use.FIRE, Use.PUNISHING_FIRE, Use.RELOAD_FIRE)  # card uses that lead a fire attack (10, 18j, 18l)


def fire_group(rules, state, side: str, use: Use, *, power: bool, units=None):
    """6c, 10a: the (lead, target, group) attacks a card played for ``use`` may make (a FIRE Power
    of the lead's when ``power``), in the order of ``iter_fire_options``.  Helicopters lead only
    when named in ``units`` (17b: they are designated first, ``queries/heli_designation.py``)."""
    if power:
        if units is None:
            holders = menu(state, ("power_holders", side), lambda: _power_holders(state, side)).get(use, ())
        else:
            holders = [u for u in units if u.side == side and use in utype(u).powers]
        if not holders:
            return
        for lead, tgt, g in iter_fire_options(rules, state, side, use=use, units=holders):
            if not (use == Use.MARKSMAN and g) and not power_barred(state.units[lead], use):  # 17b
                yield lead, tgt, g
        return
    # the leads the group could keep, and only those searched (a lead's attacks do not depend on the
    # other leads): a helicopter leads only when named (17a: any card fires it as Use.HELI_FIRE, not
    # a Fire block), and a Reload & Fire is for a Fired lead (18n)
    if units is None:
        units = [u for u in state.units.values() if u.side == side and not is_heli(u)]
    else:
        units = [u for u in units if not (use == Use.FIRE and is_heli(u))]
    if use == Use.RELOAD_FIRE:
        units = [u for u in units if u.marker == "fired"]
    if not units:
        return
    for lead, tgt, g in iter_fire_options(rules, state, side, use=use, units=units):
        if use == Use.PUNISHING_FIRE and (g or tgt.startswith("hex:")):  # 18j: a single unit fires twice
            continue
        if use == Use.RELOAD_FIRE and g:
            continue
        yield lead, tgt, g


def _power_holders(state, side: str) -> dict:
    """{Power: ``side``'s ground units holding it}, in the order of ``state.units``: the leads a
    FIRE Power's search starts from (helicopters are designated first, 17b), listed once per state
    for every Power asked."""
    out: dict = {}
    for u in state.units.values():
        if u.side == side and not is_heli(u):
            for p in utype(u).powers:  # keyed by the Use member (a member's hash is its name's, not its value's)
                out.setdefault(USES_BY_NAME.get(p, p), []).append(u)
    return out


def fire_plays(rules, state, side: str, cid: str, block, use) -> list[PlayCard]:
    """The second step of a fire play: every firer and target for ``cid`` from ``block`` for ``use``."""
    power = block == Block.POWER
    return [PlayCard(cid, block, use, lead, tgt, supporters=g) for lead, tgt, g in fire_group(rules, state, side, use, power=power)]


def main_options(rules, state, side: str, *, whole: bool = True, cards=None):
    """6c: every card play ``side`` may make now with ``cards`` (default: the whole hand).
    ``whole``: each fire attack as its own play; otherwise one :class:`PlayCardToFire` per card,
    block and fire use that has an attack (:func:`fire_plays` lists the rest).  A play for a
    helicopter is offered as its designation (17b: the mode first, then the rest; the impulse's
    ``procedures/turn.heli_play_options``)."""
    cards = hand_of(state, side) if cards is None else cards
    uses: dict = {}  # each card's (block, use) pairs, the same in every look
    ground, named = fold(state, side, card_options(rules, state, side, cards, whole=whole, uses=uses))
    for uid, listing in _heli_listings(rules, state, side, uses):
        for cid in cards:
            for p in listing.plays_of(cid, uid):
                named.add(p.card, p.block, p.use, uid)
    return _unique(ground) + list(named)


def playable_cards(rules, state, side: str) -> list[str]:
    """The impulse's first step: the cards in hand (in hand order) that have at least one play now,
    the next step's listing (:func:`card_step`) being non-empty exactly then.  While a helicopter
    may be activated (on the map, or waiting to enter) every card may (17a); otherwise each card's
    uses are tried in listing order until one has a play, and a helicopter's looks are made only
    for a card with no play in the hand's own listing."""
    cards = hand_of(state, side)
    hand = _hand_listing(rules, state, side)
    for family in _heli_families(rules):
        helis, entering = family.activated_helis(state, side, hand.shared)
        if helis or entering:
            return list(cards)
    helis = _map_helis(state, side)
    return [cid for cid in cards
            if any(hand.chunks(cid, probe=True)) or any(any(_look_finds(rules, state, side, cid, uid)) for uid in helis)]


def card_step(rules, state, side: str, cid: str) -> list:
    """The second step: card ``cid``'s plays for no helicopter on the map, then a
    :class:`PickHelicopter` for each helicopter on the map (by id) it has a play for."""
    hand = _hand_listing(rules, state, side)
    helis = _map_helis(state, side)
    ground, named = [], set()
    for chunk in hand.chunks(cid):
        for p in chunk:
            uid = _heli_of(p, helis)
            if uid:
                named.add(uid)
            else:
                ground.append(p)
    for family in _heli_families(rules):  # the helicopters any card activates (17a: to move at least)
        named.update(h.uid for h in family.activated_helis(state, side, hand.shared)[0])
    picks = [PickHelicopter(cid, uid) for uid in helis
             if uid in named or any(_look_finds(rules, state, side, cid, uid))]
    return _unique(ground) + picks


def heli_step(rules, state, side: str, cid: str, uid: str) -> list:
    """The third step: what helicopter ``uid`` may do with card ``cid`` -- its moves whole, every
    other play as its designation (17b)."""
    hand = _hand_listing(rules, state, side)
    helis = _map_helis(state, side)
    plays = [p for chunk in hand.chunks(cid) for p in chunk if _heli_of(p, helis) == uid]
    for family in _heli_families(rules):
        plays += family.map_heli_plays(rules, state, side, cid, hand.card_uses(cid), hand.shared, uid)
    ground, named = fold(state, side, plays)
    for listing in _looks(rules, state, side, uid):
        for p in listing.plays_of(cid, uid):
            named.add(p.card, p.block, p.use, uid)
    return _unique(ground) + list(named)


def heli_of_play(state, side: str, play) -> str:
    """The helicopter on the map a play of the card step belongs to ("" for none): the unit it
    activates (a move's, a designation's) or the second unit of a Rally 2."""
    return _heli_of(play, _map_helis(state, side))


def _heli_of(p, helis) -> str:
    if not isinstance(p, PlayCard):
        return ""
    if p.unit in helis:
        return p.unit
    return p.target if p.use == Use.RALLY2 and p.target in helis else ""


def _heli_families(rules) -> tuple:
    """The card families that activate helicopters on the map themselves (dispatch.CARD_FAMILIES)."""
    return tuple(f for f in rules.card_families if f.map_heli_plays is not None)


def _map_helis(state, side: str) -> list[str]:
    """The ids of ``side``'s helicopters on the map, in id order."""
    return sorted(u.uid for u in state.units.values() if u.side == side and u.hex is not None and is_heli(u))


def _hand_listing(rules, state, side: str) -> "CardListing":
    """The hand's listing the impulse's steps share (one per state, hand and side)."""
    return menu(state, ("hand", side, tuple(hand_of(state, side))),
                lambda: CardListing(rules, state, side, whole=False, uses={}, heli_steps=True))


def _looks(rules, state, side: str, uid: str) -> list:
    """The listings of helicopter ``uid``'s looks (:func:`_heli_listings`), made once per state."""
    def build():
        uses = _hand_listing(rules, state, side).uses
        return [listing for h, listing in _heli_listings(rules, state, side, uses, uid=uid)]

    return menu(state, ("looks", side, uid), build)


def _look_finds(rules, state, side: str, cid: str, uid: str):
    """Whether some look of helicopter ``uid`` has a play of card ``cid`` (as a one-item iterable).
    A look finds attacks alone, which a Shaken unit never leads, nor a marked one but for a Fired
    unit's Reload & Fire (10a, 18n): such a helicopter is not looked at."""
    u = state.units[uid]
    if u.shaken or u.marker not in ("", "fired"):
        return ()
    return (True for listing in _looks(rules, state, side, uid) if next(listing.plays_of(cid, uid), None) is not None)


def _heli_listings(rules, state, side: str, uses: dict, uid: str = ""):
    """(helicopter id, listing) of each look at each of ``side``'s helicopters on the map, in id
    order: its attacks as it is (the hand's listing leaves them out), and in each other mode it may
    declare (17b) its attacks alone -- a mode changes what it sees (17e) and may attack (landed: no
    AP, no Explosive Rounds; hovering: Sagger), not its other plays (Rally, Second Wind, the other
    Powers), which the hand's listing gave it already.  ``uid``: that helicopter's looks alone."""
    for h in sorted((u for u in state.units.values() if u.side == side and u.hex is not None and is_heli(u)
                     and uid in ("", u.uid)), key=lambda x: x.uid):
        looks = [(state, False)] + [(with_unit(state, x), True) for x in other_modes(state, h)]
        for view, families in looks:
            yield h.uid, CardListing(rules, view, side, whole=False, units=[view.units[h.uid]], families=families,
                                     uses=uses, attacks=families)


def card_options(rules, state, side: str, cards, *, whole: bool, units=None, families: bool = True,
                 uses=None, attacks: bool = False) -> list:
    """The plays of ``cards`` in one :class:`CardListing` (see there for the arguments)."""
    listing = CardListing(rules, state, side, whole=whole, units=units, families=families, uses=uses, attacks=attacks)
    return [p for cid in cards for chunk in listing.chunks(cid) for p in chunk]


class CardListing:
    """One listing of card plays in one state: ``whole`` (each attack its own play, or one
    :class:`PlayCardToFire` per fire use); with ``units``, only the plays of these units (their
    attacks and, with ``families``, the card families' plays: a helicopter's listing;
    ``attacks``: the families' attacks alone).  ``uses``: a dict of each card's :func:`_uses`,
    filled as cards are listed (share it between listings of one side); ``heli_steps``: the
    impulse's card step (no activation of a helicopter on the map, :func:`heli_step` lists
    those).  What the cards ask alike
    (the moves' hexes, whether a use has an attack, the families' ``shared``) is worked out once."""

    def __init__(self, rules, state, side: str, *, whole: bool, units=None, families: bool = True,
                 uses=None, attacks: bool = False, heli_steps: bool = False) -> None:
        self.rules, self.state, self.side, self.whole, self.units = rules, state, side, whole, units
        self.board = board_at(state)
        self.mine = [u for u in state.units.values() if u.side == side] if units is None else []  # a hand's ground plays
        self.movable_hexes = sorted({u.hex for u in self.mine if eligible(u) and not is_heli(u)}) if units is None else []
        # 18h: ground units off the map (helicopters enter on their own, 17a)
        self.entering = units is None and bool(waiting(state, side))
        self.families = rules.card_families if families else ()  # the other card plays (dispatch.CARD_FAMILIES)
        self.shared: dict = {"whole": whole}  # what the families work out once for the whole hand
        if units is not None:
            self.shared["only"] = [u.uid for u in units]
            self.shared["attacks"] = attacks
        if heli_steps:  # the vehicles' family leaves out what a helicopter on the map may do (heli_step)
            self.shared["heli_steps"] = True
        self.uses = {} if uses is None else uses
        self._fire: dict = {}
        self._ground: dict = {}  # the ground moves' targets, the same for every card

    def plays_of(self, cid: str, uid: str):
        """The plays of card ``cid`` in a helicopter's listing that say it has a play: an attack's
        first step (:class:`PlayCardToFire`), or a play designating helicopter ``uid``."""
        state = self.state
        for chunk in self.chunks(cid):
            for p in chunk:
                if isinstance(p, PlayCardToFire) or designates(state, p, uid):
                    yield p

    def card_uses(self, cid: str) -> list:
        """:func:`_uses` of ``cid``, worked out once."""
        card_uses = self.uses.get(cid)
        if card_uses is None:
            card_uses = self.uses[cid] = _uses(self.rules, self.state, self.side, cid)
        return card_uses

    def chunks(self, cid: str, *, probe: bool = False):
        """The plays of card ``cid``, one list per use (and per card family), in listing order.
        ``probe``: a use's plays may come as anything as long (what they are built from), for a
        question of whether there are any (:func:`playable_cards`)."""
        rules, state, side = self.rules, self.state, self.side
        c = card(cid)
        card_uses = self.card_uses(cid)
        helis_only = self.units is not None
        for block, use in card_uses:
            if use in FIRE_GROUPS:
                yield self._fires(cid, block, use)
            elif use in GROUND_USES and helis_only:
                continue  # no helicopter is moved by a hex's Move, Let's Get 'Em!, Scout ... (17a)
            elif use in (Use.MOVE, Use.FAST_MOVE):
                targets = self._listed("moves", self._move_targets)
                yield targets if probe else [PlayCard(cid, block, use, "", label) for label in targets]
            elif use == Use.LETS_GET_EM:
                pairs = self._listed("legs", self._leg_pairs)
                yield pairs if probe else [PlayCard(cid, block, use, "", a, second=b) for a, b in pairs]
            elif use in (Use.SCOUT, Use.MOVE_FIRE):
                movers = self._listed(use, lambda: self._single_movers(use))
                yield movers if probe else [PlayCard(cid, block, use, uid) for uid in movers]
            elif use in (Use.COMMAND_OPS, Use.REINFORCEMENTS):
                yield [PlayCard(cid, block, use)]
            elif use == Use.ARTILLERY:
                yield [PlayCard(cid, block, use)] if can_call(state, side) else []
            else:  # Rally, Second Wind, Concealed ...: a card family's
                for family in self.families:
                    if family.use_plays is not None:
                        yield family.use_plays(rules, state, side, cid, block, use, self.shared)
        if c.power:  # the FIRE Powers some unit may lead now, found once for every Power card
            for p in self._listed(("fire_powers",), lambda: [p for p in FIRE_POWERS if self._attacks(p, True)]):
                yield self._fires(cid, Block.POWER, p, power=True)
        for family in self.families:  # Powers, any card as Rally (21j/l), vehicles (15, 17a, 18c, 22k), 21d, 22g/l/o, 23b
            yield family.card_plays(rules, state, side, cid, card_uses, self.shared)
        if not helis_only:
            yield rules.scenario_card_plays(state, side, cid, card_uses, self.shared)  # Air Assault's tunnels

    def _listed(self, key, build):
        if key not in self._ground:
            self._ground[key] = build()
        return self._ground[key]

    def _move_targets(self):  # a hex's Move: the hexes of Eligible ground units, and 18h's entry
        label = self.board.label
        return [label(h) for h in self.movable_hexes] + (["entry"] if self.entering else [])

    def _leg_pairs(self):  # 18g: one hex of Leg units, or two within 2 hexes of each other
        state, side, board = self.state, self.side, self.board
        legs = [h for h in self.movable_hexes
                if any(utype(u).leg and eligible(u) for u in units_at(state, h) if u.side == side)]
        out = []
        for i, a in enumerate(legs):
            out.append((board.label(a), ""))
            out += [(board.label(a), board.label(b)) for b in legs[i + 1:] if board.distance(a, b) <= 2]
        return out

    def _single_movers(self, use):  # Scout: a Leg unit; Move & Fire: a Leg unit or ground vehicle (18i)
        out = []
        for u in sorted(self.mine, key=lambda x: x.uid):
            if not eligible(u) or u.carrier or not (utype(u).leg or (use == Use.MOVE_FIRE and is_vehicle(u)
                                                                       and not is_heli(u))):
                continue
            if use == Use.MOVE_FIRE and has(u, "no_move_fire"):  # 21f; a Shaken unit may (move.py)
                continue
            out.append(u.uid)
        return out

    def _attacks(self, use, power):  # the attacks of a use, the same for every card: listed, or that one exists
        key = (use, power)
        if key not in self._fire:
            found = fire_group(self.rules, self.state, self.side, use, power=power, units=self.units)
            self._fire[key] = list(found) if self.whole else next(found, None) is not None
        return self._fire[key]

    def _fires(self, cid, block, use, power=False):
        if self.whole:
            return [PlayCard(cid, block, use, lead, tgt, supporters=g) for lead, tgt, g in self._attacks(use, power)]
        return [PlayCardToFire(cid, block, use)] if self._attacks(use, power) else []


# the uses that move hexes of ground units or name no unit: never a helicopter's (17a)
GROUND_USES = (Use.MOVE, Use.FAST_MOVE, Use.LETS_GET_EM, Use.SCOUT, Use.MOVE_FIRE, Use.COMMAND_OPS,
               Use.REINFORCEMENTS, Use.ARTILLERY)


def _unique(opts):
    return list(dict.fromkeys(opts))  # each once, where first listed
