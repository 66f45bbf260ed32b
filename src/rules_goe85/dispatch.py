"""Which procedure handles the frame on top of the stack: one row per frame type.

A procedure is three functions of the rules, the state (or context) and the frame: ``decide``
(who must choose what now, or None to run on), ``act`` (resolve the chosen action) and ``advance``
(the next automatic step).  Procedures never call one another's handlers; they push frames and this
table, built here in the ruleset layer, routes each frame to its module.

The impulse (6b/6c) offers and resolves the plays of every card family; it does not import them
either: :data:`CARD_FAMILIES` below lists each family's three functions, and ``procedures/turn.py``
reads them through ``rules.card_families``.
"""
from __future__ import annotations

from typing import Callable, NamedTuple

from .cards import abilities, powers
from .model import frames as F
from .model import vehicles as V
from .procedures import (
    ap_fire, artillery, booby_trap, bonus_cards, draws, entry, fire, move_and_fire, opportunity_fire, punishing_fire,
    setup, turn, vehicle_facing, vehicles,
)
from .procedures.assault import combat as assault_combat
from .procedures.assault import declaration as assault
from .procedures.move import steps as move
from .procedures.reserve import transport
from .scenarios import common, mechanised_events


class Procedure(NamedTuple):
    decide: Callable | None
    act: Callable | None
    advance: Callable | None
    check: Callable | None = None  # an action of a kind the decision accepts beyond its list


PROCEDURES: dict[type, Procedure] = {
    F.Deploy: Procedure(setup.decide, setup.act, setup.advance),  # set-up as decisions
    F.BunkerFacing: Procedure(setup.decide_bunker, setup.act_bunker, None),  # 23b
    F.SetupConceal: Procedure(setup.decide_conceal, setup.act_conceal, setup.advance_conceal),  # 22p
    F.FacingChoice: Procedure(vehicle_facing.decide, vehicle_facing.act, vehicle_facing.advance),  # 15d
    F.BonusPick: Procedure(bonus_cards.decide_pick, bonus_cards.act_pick, None),  # 24b
    F.InitiativePick: Procedure(turn.decide_initiative, turn.act_initiative, turn.advance_initiative),  # 5d
    F.InitiativeDiscard: Procedure(turn.decide_initiative_discard, turn.act_initiative_discard, None),  # 5d
    F.Impulse: Procedure(turn.decide_impulse, turn.act_impulse, turn.advance_impulse, turn.check_impulse),  # 5e, 6
    F.CardPlayChoice: Procedure(turn.decide_card_play, turn.act_card_play, turn.advance_card_play,
                                turn.check_card_play),  # 6b, the card's step
    F.HeliCardChoice: Procedure(turn.decide_heli_card, turn.act_heli_card, turn.advance_card_play,
                                turn.check_heli_card),  # 17a, a helicopter's step
    F.FirePlayChoice: Procedure(turn.decide_fire_play, turn.act_fire_play, None),  # 6c, the fire play's last step
    F.DrawUp: Procedure(None, None, draws.advance_draw_up),  # 6a
    F.MoveOrder: Procedure(None, None, move.advance_order),  # 7, started by another procedure
    F.EntryChoice: Procedure(entry.decide, entry.act, entry.advance),  # 18h: one hex's worth enters
    F.MoveFrame: Procedure(move.decide_move, move.act_move, None),  # 7, 15, 17
    F.OppFireWindow: Procedure(opportunity_fire.decide_window, opportunity_fire.act_window,
                               opportunity_fire.advance_window),  # 11
    F.FireChoice: Procedure(move_and_fire.decide_fire_choice, move_and_fire.act_fire_choice,
                            move_and_fire.advance_fire_choice),  # 18i
    F.ReserveFrame: Procedure(transport.decide_reserve, transport.act_reserve, None),  # 5f, 8k, 17b
    F.ReserveDestination: Procedure(transport.decide_destination, transport.act_destination, None),  # 5f
    F.FireOrder: Procedure(None, None, fire.advance_order),  # 10b, started by another procedure
    F.FireFrame: Procedure(fire.decide, fire.act, fire.advance),  # 10, 19, 20
    F.APFireOrder: Procedure(None, None, ap_fire.advance_order),  # 15, started by another procedure
    V.APFire: Procedure(ap_fire.decide, ap_fire.act, ap_fire.advance),  # 15
    V.ModeChoice: Procedure(vehicles.decide_mode, vehicles.act_mode, vehicles.advance_mode),  # 17b
    V.HeliPlay: Procedure(turn.decide_heli_play, turn.act_heli_play, turn.advance_heli_play),  # 17b
    V.HeliOppFire: Procedure(opportunity_fire.decide_heli, opportunity_fire.act_heli,
                             opportunity_fire.advance_heli),  # 11a, 17b
    F.AssaultFrame: Procedure(assault.decide, assault.act, assault.advance),  # 13
    F.AssaultCombat: Procedure(assault_combat.decide, assault_combat.act, assault_combat.advance),  # 13a-13d
    F.PunishingRetreat: Procedure(punishing_fire.decide, punishing_fire.act, punishing_fire.advance),  # 18j
    F.TrapWindow: Procedure(booby_trap.decide, booby_trap.act, booby_trap.advance),  # Hammer and Anvil
    F.ArtilleryFrame: Procedure(artillery.decide, artillery.act, None),  # 12a
    F.StrikePattern: Procedure(artillery.decide_pattern, artillery.act_pattern, None),  # 12a
    F.EventChoice: Procedure(common.decide_event, common.act_event, None),  # Event cards, 5g keep one
    F.ExtraPlays: Procedure(mechanised_events.decide_extra, mechanised_events.act_extra, mechanised_events.advance_extra),
}


class CardFamily(NamedTuple):
    """What one family of card plays (GoE 6b, 6c) tells the impulse.

    ``use_plays(rules, state, side, cid, block, use, shared)``: the plays of one block of a card in
    hand used for ``use`` (an empty list for a use the family does not know; the field is None for a
    family without such plays), ``shared`` a dict the impulse keeps over one listing of the hand for
    what several cards ask alike (and three keys the impulse sets: ``"whole"``, False when a first step is
    listed, where a helicopter's play may stand as its bare designation, 17b; ``"only"``, the ids of the
    units listed in a helicopter's own listing; ``"attacks"``, True when that listing looks at the
    helicopter in another mode, where only attacks can differ: a family lists its attacks alone then);
    ``card_plays(rules, state, side, cid, uses, shared)``: the plays of the whole card
    (``uses``: its blocks' (block, use) pairs, scenario rules applied); ``resolve(rules, ctx, side,
    action) -> bool``: resolve a play the family offered, False for any other.  A family whose
    ``card_plays`` activate helicopters on the map (17a) lists those apart when ``shared`` has
    ``"heli_steps"`` (the impulse's card step, ``queries/card_menu.py``), and gives
    ``map_heli_plays(rules, state, side, cid, uses, shared, uid)``, them for one helicopter, and
    ``activated_helis(state, side, shared)``, (the helicopters on the map it activates with any
    card, those waiting to enter)."""

    use_plays: Callable | None
    card_plays: Callable
    resolve: Callable
    map_heli_plays: Callable | None = None
    activated_helis: Callable | None = None


CARD_FAMILIES: tuple[CardFamily, ...] = (  # in this order the impulse lists their plays
    CardFamily(powers.use_plays, powers.card_plays, powers.resolve),  # 16, 18b/k/l/p/q, 21j, 21l, 22
    CardFamily(None, vehicles.vehicle_plays, vehicles.play_vehicle_card, vehicles.map_heli_plays,
               vehicles.activated_helis),  # 15, 17a, 18c, 22k
    CardFamily(None, abilities.card_plays, abilities.resolve),  # 21d, 22g, 22l, 22o, 23b
)
