"""The sequence of play (GoE 5a-5g) and the player impulse (6a-6d).

Phases live in ``state.phase`` (deal -> initiative -> impulses -> reserve -> cleanup -> deal ...);
everything that waits for a player is a frame: :class:`InitiativePick`, :class:`Impulse` (start:
draw or pass; main: play a card; after: bookkeeping; discard: up to two cards), :class:`ReserveFrame`
and the clean-up's keep-one-card choice.
"""
from __future__ import annotations

from ..queries.fire_options import iter_fire_options

from ..queries.carrying import lets_get_em_movers
from ..effects.openings import push_assaults

import attrs
from tabletop_core import Decision
from tabletop_core.decks import hand

from ..effects.concealment import lose_concealment
from ..queries.board import board_at
from ..queries.deck import card, hand_of, initiative_key
from ..model.state import ASIDE, DECK, HELD, MUJ, PLAYERS, SOVIET, other
from ..model.frames import (
    ArtilleryFrame, DrawUp, EntryChoice, EventChoice, FireOrder, FirePlayChoice, Impulse, InitiativeDiscard, InitiativePick,
    MoveOrder, ReserveFrame,
)
from ..model.events import CleanedUp, InitiativeSet, Note, PassCounted, PhaseSet
from ..model.actions import (
    USES_BY_NAME, Block, Decline, Declined, Discard, Draw, EndImpulse, KeepCard, LayInitiative, Pass, PlayCard,
    PlayCardToFire, Relocate, Use,
)
from ..queries.fire_reach import FIRE_POWERS, power_barred
from ..queries.entering import waiting
from ..queries.sight import is_heli
from ..queries.units import is_vehicle
from ..queries.units import eligible, has, stacking_ok, units_at, utype
from ..queries.fortifications import fortified
from ..queries.spotting import can_call
from ..queries.heli_designation import (
    designated_heli, designates, fold, is_designation, map_heli, other_modes, spent_marker, with_unit,
)
from ..queries.units import heli_mode
from ..model.events import MarkerSet
from ..model.vehicles import HeliPlay, ModeChoice


# -- 5a deal --------------------------------------------------------------------------------------
def deal(rules, ctx) -> None:
    state = ctx.state
    spec = rules.spec(state)
    d = state.decks[DECK]
    for pile in ("discard", ASIDE):  # 5g: discard and draw pile combined
        for cid in list(reversed(d.piles.get(pile, []))):
            ctx.move_card(DECK, cid, pile, "draw")
    for cid in list(d.piles["draw"]):  # 5a: End Turn and Event cards out while dealing
        if card(cid).kind != "action":
            ctx.move_card(DECK, cid, "draw", HELD)
    ctx.shuffle(DECK)
    if state.turn == 1:  # Sherkhankhel: named cards in the Mujahideen's first hand
        for cid in spec.muj_start_cards:
            ctx.move_card(DECK, cid, "draw", hand(MUJ), player=MUJ)
    order = (state.initiative or SOVIET, other(state.initiative or SOVIET))
    for _ in range(max(spec.hand.values())):
        for side in order:
            if len(hand_of(state, side)) < spec.hand[side]:
                ctx.draw(DECK, hand(side), player=side)
    for cid in list(d.piles[HELD]):
        ctx.move_card(DECK, cid, HELD, "draw")
    ctx.shuffle(DECK)
    ctx.emit(PhaseSet("initiative", state.turn))


# -- 5d initiative --------------------------------------------------------------------------------
def start_initiative(rules, ctx) -> None:
    state = ctx.state
    spec = rules.spec(state)
    if state.turn == 1 and spec.initiative:
        ctx.emit(InitiativeSet(spec.initiative))
        ctx.emit(Note(f"{spec.initiative} has the initiative on turn 1 (scenario rule)"))
        begin_impulses(rules, ctx)
        return
    ctx.push(InitiativePick())


def decide_initiative(rules, state, f: InitiativePick):
    for side in PLAYERS:
        if side not in f.picked:
            cards = hand_of(state, side)
            if not cards:
                return None
            return Decision(side, tuple(LayInitiative(c) for c in cards), "lay a card for initiative")
    return None


def act_initiative(rules, ctx, f: InitiativePick, action) -> None:
    side = next(s for s in PLAYERS if s not in f.picked)
    ctx.move_card(DECK, action.card, hand(side), f"init:{side}", player=side)
    ctx.replace(attrs.evolve(f, picked=f.picked + (side,)))


def advance_initiative(rules, ctx, f: InitiativePick) -> None:
    """Both picked (or a hand is empty): reveal and compare (5d)."""
    state = ctx.state
    d = state.decks[DECK]
    for s in PLAYERS:
        for cid in list(d.piles.get(f"init:{s}", [])):
            ctx.move_card(DECK, cid, f"init:{s}", f"shown:{s}")
    shown = {s: list(d.piles.get(f"shown:{s}", [])) for s in PLAYERS}
    ctx.pop()
    if not shown[SOVIET] or not shown[MUJ]:
        winner = SOVIET if shown[SOVIET] else MUJ
    else:
        ks, km = initiative_key(shown[SOVIET][-1]), initiative_key(shown[MUJ][-1])
        if ks == km and f.round < 3 and all(hand_of(state, s) for s in PLAYERS):
            ctx.push(InitiativePick((), f.round + 1))  # a tie: each lays another card
            return
        winner = SOVIET if ks >= km else MUJ
    if len(shown[winner]) > 1:  # 5d: after a tie the winner discards one laid card of their choice
        ctx.push(InitiativeDiscard(winner))
        return
    settle_initiative(rules, ctx, winner, shown[winner][-1] if shown[winner] else None)


def decide_initiative_discard(rules, state, f: InitiativeDiscard):
    laid = state.decks[DECK].piles[f"shown:{f.winner}"]
    return Decision(f.winner, tuple(Discard(c) for c in laid), "you won the initiative: discard one of the cards you laid")


def act_initiative_discard(rules, ctx, f: InitiativeDiscard, action) -> None:
    ctx.pop()
    settle_initiative(rules, ctx, f.winner, action.card)


def settle_initiative(rules, ctx, winner: str, discarded: str | None) -> None:
    """5d: the winner's chosen card goes to the discard, every other laid card back to its hand."""
    d = ctx.state.decks[DECK]
    for s in PLAYERS:
        for cid in list(d.piles.get(f"shown:{s}", [])):
            if s == winner and cid == discarded:
                ctx.move_card(DECK, cid, f"shown:{s}", "discard")
            else:
                ctx.move_card(DECK, cid, f"shown:{s}", hand(s), player=s)
    ctx.emit(InitiativeSet(winner))
    begin_impulses(rules, ctx)


def begin_impulses(rules, ctx) -> None:
    ctx.emit(PhaseSet("impulses", ctx.state.turn))
    ctx.push(Impulse(ctx.state.initiative, "main", first=True))


# -- 5e / 6 impulses ------------------------------------------------------------------------------
def decide_impulse(rules, state, f: Impulse):
    if state.end_turns >= end_turn_limit(rules, state):
        return None  # 5e: the turn is over; advance_impulse moves to the Reserve Phase
    if f.step == "start":
        return Decision(f.player, (Draw(), Pass()), "draw up to your hand size, or pass")
    if f.step == "main":  # fire plays in two steps (the card, then firer and target: FirePlayChoice)
        opts = main_options(rules, state, f.player, whole=False) + relocations(rules, state, f.player)
        return Decision(f.player, (*opts, EndImpulse()), "play an action card, or end the impulse", accepts=(PlayCard,))
    if f.step == "discard":
        if f.discards >= 2 or not hand_of(state, f.player):
            return None
        return Decision(f.player, (*(Discard(c) for c in hand_of(state, f.player)), Decline(Declined.KEEP)),
                        "discard (up to two cards)")
    return None


def check_impulse(rules, state, f: Impulse, action) -> str | None:
    """A whole fire play submitted at the first step (a script need not take two steps): legal
    when it is among every play the side may make now, the scenario's restrictions applied."""
    if f.step != "main" or not isinstance(action, PlayCard):
        return f"no {type(action).__name__} now"
    whole = main_options(rules, state, f.player)
    if rules.restricts(state, type(f)):
        whole = list(rules.special_rules(state).restrict(rules, state, Decision(f.player, (*whole, EndImpulse()))).actions)
    if action in whole:
        return None
    uid = designated_heli(state, f.player, action)
    if uid and not is_designation(state, f.player, action):  # 17b
        return (f"{uid} is a helicopter: play card {action.card} for {action.use} with {uid} alone; "
                f"its mode is declared first, then the rest of the play is asked")
    return f"{f.player} cannot make that play now (card, use, firer or target)"


def propose_fire_play(rules, state, f: Impulse, decision, rng) -> PlayCard | None:
    """For the conformance kit: a whole fire play submitted at the first step, legal half the time
    (one the second step would list), otherwise the same play aimed at its own lead, or with no
    attack to pick, a Fire play by no unit (both refused)."""
    picks = [a for a in decision.actions if isinstance(a, PlayCardToFire)]
    if not picks:
        held = hand_of(state, f.player)
        return PlayCard(held[rng.below(len(held))], Block.UPPER, Use.FIRE) if held else None
    pick = picks[rng.below(len(picks))]
    plays = fire_plays(rules, state, f.player, pick.card, pick.block, pick.use)
    play = plays[rng.below(len(plays))]
    return play if rng.below(2) == 0 else attrs.evolve(play, target=play.unit)


def decide_fire_play(rules, state, f: FirePlayChoice):
    """6c, second step: who fires at what with the card picked, or back to the first step."""
    plays = fire_plays(rules, state, f.player, f.card, f.block, f.use)
    return Decision(f.player, (*plays, Decline(Declined.BACK)), f"card {f.card} for {f.use}: the firer and the target")


def act_fire_play(rules, ctx, f: FirePlayChoice, action) -> None:
    ctx.pop()
    if isinstance(action, Decline):  # back: the impulse's first step again, nothing played
        return
    act_impulse(rules, ctx, ctx.state.top, action)


def act_impulse(rules, ctx, f: Impulse, action) -> None:
    state = ctx.state
    if isinstance(action, PlayCardToFire):
        ctx.push(FirePlayChoice(f.player, action.card, action.block, action.use))
        return
    if f.step == "start":
        if isinstance(action, Pass):  # 6a, 4f: pass
            ctx.pop()
            end_impulse(rules, ctx, f.player, passed=True)
            return
        spec = rules.spec(state)
        before = len(hand_of(state, f.player))
        ctx.replace(attrs.evolve(f, step="main", acted=before < spec.hand[f.player]))
        ctx.push(DrawUp(f.player, spec.hand[f.player]))
        return
    if f.step == "main":
        if isinstance(action, EndImpulse):  # 18d: fewer actions than granted; the assaults come first (13a)
            ctx.replace(attrs.evolve(f, step="after", extra=0) if f.assaults else attrs.evolve(f, step="discard"))
            return
        if isinstance(action, Relocate):  # the scenario's tunnel / village relocation (no card)
            relocate(rules, ctx, f.player, action)
            ctx.replace(attrs.evolve(f, acted=True))
            return
        ctx.replace(attrs.evolve(f, step="after", acted=True))
        play(rules, ctx, f.player, action)
        return
    if f.step == "discard":
        if isinstance(action, Decline):
            ctx.pop()
            end_impulse(rules, ctx, f.player, passed=not f.acted)
            return
        ctx.move_card(DECK, action.card, hand(f.player), "discard", player=f.player)
        ctx.replace(attrs.evolve(f, discards=f.discards + 1, acted=True))


def advance_impulse(rules, ctx, f: Impulse) -> None:
    state = ctx.state
    limit = end_turn_limit(rules, state)
    if f.assaults and (state.end_turns >= limit or (f.step == "after" and f.extra <= 0)):
        # 13a: the last action is over (5e: also when the turn ends): the assaults are fought now
        ctx.replace(attrs.evolve(f, assaults=(), brutal=()))
        push_assaults(rules, ctx, f.player, f.assaults, brutal=f.brutal)
        return
    if state.end_turns >= limit:  # 5e: the turn ends (the current action is complete)
        ctx.pop()
        ctx.emit(Note(f"End Turn card #{state.end_turns} of {limit}: the turn ends"))
        start_reserve(rules, ctx)
        return
    if f.step == "after":
        if f.extra > 0:
            ctx.replace(attrs.evolve(f, step="main", extra=f.extra - 1))
        else:
            ctx.replace(attrs.evolve(f, step="discard"))
        return
    if f.step == "discard":  # nothing to discard
        ctx.pop()
        end_impulse(rules, ctx, f.player, passed=not f.acted)
        return
    raise AssertionError(f"impulse step {f.step} has no automatic step")


def end_turn_limit(rules, state) -> int:
    """5e: End Turn cards that end this turn (Sherkhankhel's first turn takes one more)."""
    spec = rules.spec(state)
    return spec.end_turns_first if (state.turn == 1 and spec.end_turns_first) else spec.end_turns


def end_impulse(rules, ctx, player: str, *, passed: bool) -> None:
    state = ctx.state
    lose_concealment(ctx)  # 18q
    rules.score_bonus_cards(ctx)  # 24b
    if rules.check_sudden_end(ctx):
        return
    passes = state.passes + 1 if passed else 0
    ctx.emit(PassCounted(passes))
    if passes >= 2:  # 5e, 6a: both players passed in turn
        ctx.emit(Note("both players pass: the turn ends"))
        start_reserve(rules, ctx)
        return
    ctx.push(Impulse(other(player), "start"))


# -- 6b/6c: what a card can do now ----------------------------------------------------------------
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
        holders = [u for u in (state.units.values() if units is None else units)
                   if u.side == side and use in utype(u).powers and (units is not None or not is_heli(u))]
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


def fire_plays(rules, state, side: str, cid: str, block, use) -> list[PlayCard]:
    """The second step of a fire play: every firer and target for ``cid`` from ``block`` for ``use``."""
    power = block == Block.POWER
    return [PlayCard(cid, block, use, lead, tgt, supporters=g) for lead, tgt, g in fire_group(rules, state, side, use, power=power)]


def main_options(rules, state, side: str, *, whole: bool = True):
    """6c: every card play ``side`` may make now.  ``whole``: each fire attack as its own play;
    otherwise one :class:`PlayCardToFire` per card, block and fire use that has an attack (the
    impulse's first step; :func:`fire_plays` lists the second).  A play for a helicopter is offered
    as its designation (17b: the mode first, then the rest; :func:`heli_play_options`)."""
    cards = hand_of(state, side)
    uses = {cid: _uses(rules, state, side, cid) for cid in cards}  # the same in every look
    ground, named = fold(state, side, card_options(rules, state, side, cards, whole=whole, uses=uses))
    for h in sorted((u for u in state.units.values() if u.side == side and u.hex is not None and is_heli(u)),
                    key=lambda x: x.uid):
        # its attacks as it is (the hand's listing leaves them out), and in each other mode it may declare
        # (17b) its attacks alone: a mode changes what it sees (17e) and may attack (landed: no AP, no
        # Explosive Rounds; hovering: Sagger), not its other plays (Rally, Second Wind, the other
        # Powers), which the hand's listing gave it already
        looks = [(state, False)] + [(with_unit(state, x), True) for x in other_modes(state, h)]
        for view, families in looks:  # an attack's first step (PlayCardToFire) says that one exists
            for p in card_options(rules, view, side, cards, whole=False, units=[view.units[h.uid]], families=families,
                                  uses=uses, attacks=families):
                if isinstance(p, PlayCardToFire) or designates(view, p, h.uid):
                    named.add(p.card, p.block, p.use, h.uid)
    return _unique(ground) + list(named)


def card_options(rules, state, side: str, cards, *, whole: bool, units=None, families: bool = True,
                 uses=None, attacks: bool = False) -> list:
    """The plays of ``cards`` (see :func:`main_options`); with ``units``, only those the plays of
    these units may be (their attacks and, with ``families``, the card families' plays: a
    helicopter's listing; ``attacks``: the families' attacks alone).  ``uses``: each card's
    :func:`_uses`, if already known."""
    board = board_at(state)
    opts = []
    mine = [u for u in state.units.values() if u.side == side] if units is None else []  # a hand's ground plays
    movable_hexes = sorted({u.hex for u in mine if eligible(u) and not is_heli(u)}) if units is None else []
    entering = units is None and bool(waiting(state, side))  # 18h: ground units off the map (helicopters enter on their own, 17a)
    families = rules.card_families if families else ()  # the other card plays (dispatch.CARD_FAMILIES)
    shared: dict = {"whole": whole}  # what the families work out once for the whole hand
    if units is not None:
        shared["only"] = [u.uid for u in units]
        shared["attacks"] = attacks
    fire_cache: dict = {}
    ground_cache: dict = {}  # the ground moves' targets, the same for every card

    def listed(key, build):
        if key not in ground_cache:
            ground_cache[key] = build()
        return ground_cache[key]

    def move_targets():  # a hex's Move: the hexes of Eligible ground units, and 18h's entry
        return [board.label(h) for h in movable_hexes] + (["entry"] if entering else [])

    def leg_pairs():  # 18g: one hex of Leg units, or two within 2 hexes of each other
        legs = [h for h in movable_hexes if any(utype(u).leg and eligible(u) for u in units_at(state, h) if u.side == side)]
        out = []
        for i, a in enumerate(legs):
            out.append((board.label(a), ""))
            out += [(board.label(a), board.label(b)) for b in legs[i + 1:] if board.distance(a, b) <= 2]
        return out

    def single_movers(use):  # Scout: a Leg unit; Move & Fire: a Leg unit or ground vehicle (18i)
        out = []
        for u in sorted(mine, key=lambda x: x.uid):
            if not eligible(u) or u.carrier or not (utype(u).leg or (use == Use.MOVE_FIRE and is_vehicle(u)
                                                                       and not is_heli(u))):
                continue
            if use == Use.MOVE_FIRE and has(u, "no_move_fire"):  # 21f; a Shaken unit may (move.py)
                continue
            out.append(u.uid)
        return out

    def attacks(use, power):  # the attacks of a use, the same for every card: listed, or that one exists
        key = (use, power)
        if key not in fire_cache:
            found = fire_group(rules, state, side, use, power=power, units=units)
            fire_cache[key] = list(found) if whole else next(found, None) is not None
        return fire_cache[key]

    def fires(cid, block, use, power=False):
        if whole:
            return [PlayCard(cid, block, use, lead, tgt, supporters=g) for lead, tgt, g in attacks(use, power)]
        return [PlayCardToFire(cid, block, use)] if attacks(use, power) else []

    for cid in cards:
        c = card(cid)
        card_uses = _uses(rules, state, side, cid) if uses is None else uses[cid]
        for block, use in card_uses:
            if use in FIRE_GROUPS:
                opts += fires(cid, block, use)
            elif use in GROUND_USES and units is not None:
                continue  # no helicopter is moved by a hex's Move, Let's Get 'Em!, Scout ... (17a)
            elif use in (Use.MOVE, Use.FAST_MOVE):
                opts += [PlayCard(cid, block, use, "", label) for label in listed("moves", move_targets)]
            elif use == Use.LETS_GET_EM:
                opts += [PlayCard(cid, block, use, "", a, second=b) for a, b in listed("legs", leg_pairs)]
            elif use in (Use.SCOUT, Use.MOVE_FIRE):
                opts += [PlayCard(cid, block, use, uid) for uid in listed(use, lambda: single_movers(use))]
            elif use in (Use.COMMAND_OPS, Use.REINFORCEMENTS):
                opts.append(PlayCard(cid, block, use))
            elif use == Use.ARTILLERY:
                if can_call(state, side):
                    opts.append(PlayCard(cid, block, use))
            else:  # Rally, Second Wind, Concealed ...: a card family's
                for family in families:
                    if family.use_plays is not None:
                        opts += family.use_plays(rules, state, side, cid, block, use, shared)
        if c.power:  # the FIRE Powers some unit may lead now, found once for every Power card
            for p in listed(("fire_powers",), lambda: [p for p in FIRE_POWERS if attacks(p, True)]):
                opts += fires(cid, Block.POWER, p, power=True)
        for family in families:  # Powers, any card as Rally (21j/l), vehicles (15, 17a, 18c, 22k), 21d, 22g/l/o, 23b
            opts += family.card_plays(rules, state, side, cid, card_uses, shared)
        if units is None:
            opts += rules.scenario_card_plays(state, side, cid, card_uses, shared)  # Air Assault's tunnels
    return opts


# the uses that move hexes of ground units or name no unit: never a helicopter's (17a)
GROUND_USES = (Use.MOVE, Use.FAST_MOVE, Use.LETS_GET_EM, Use.SCOUT, Use.MOVE_FIRE, Use.COMMAND_OPS,
               Use.REINFORCEMENTS, Use.ARTILLERY)


# -- 17b: the rest of a play for a helicopter, once its mode is declared ------------------------
def heli_play_options(rules, state, f: HeliPlay) -> list[PlayCard]:
    """The whole plays of ``f``'s card, block and use for its helicopter in the mode it is in now."""
    u = state.units.get(f.uid)
    if u is None or u.hex is None:
        return []
    return [p for p in card_options(rules, state, f.player, (f.card,), whole=True, units=[u])
            if p.block == f.block and p.use == f.use and designates(state, p, f.uid)]


def decide_heli_play(rules, state, f: HeliPlay):
    opts = [] if f.second else heli_play_options(rules, state, f)
    if len(opts) < 2:
        return None  # one play left is played at once; none spends the activation (advance)
    return Decision(f.player, tuple(opts), f"{f.uid} ({heli_mode(state.units[f.uid])}): card {f.card} for {f.use}")


def act_heli_play(rules, ctx, f: HeliPlay, action) -> None:
    _play_for_heli(rules, ctx, f, action)


def advance_heli_play(rules, ctx, f: HeliPlay) -> None:
    if f.second:  # 18l: both helicopters of the Rally 2 have declared
        ctx.pop()
        resolve_play(rules, ctx, f.player, PlayCard(f.card, f.block, f.use, *sorted((f.uid, f.second))))
        return
    opts = heli_play_options(rules, ctx.state, f)
    if opts:
        _play_for_heli(rules, ctx, f, opts[0])
        return
    ctx.pop()  # 4c: the mode declared leaves the play nothing to do; the activation is spent
    if f.uid in ctx.state.units:
        ctx.emit(Note(f"{f.uid} has nothing to {f.use} as {heli_mode(ctx.state.units[f.uid])}"))
        ctx.emit(MarkerSet(f.uid, spent_marker(f.use)))


def _play_for_heli(rules, ctx, f: HeliPlay, play: PlayCard) -> None:
    other = play.target if play.unit == f.uid else play.unit
    if play.use == Use.RALLY2 and map_heli(ctx.state, f.player, other):
        ctx.replace(attrs.evolve(f, second=other))  # 17b: the second helicopter declares too
        ctx.push(ModeChoice(f.player, other))
        return
    ctx.pop()
    resolve_play(rules, ctx, f.player, play)


def relocations(rules, state, side: str):
    """City Boys SSR: once per turn in their impulse, the Mujahideen may pick up an Eligible unit in
    cover on the named map and put it in another covered hex of that map within the range given;
    it may then still be activated.  Kill Zone (``relocate_hero``): once a turn, any map, within 2; a
    Hero stacked with the unit may go along with it (``hero``), stacking kept at the new hex.
    City Boys carries an accompanying Hero too, but only an Eligible one (``relocate_hero_eligible``)."""
    spec = rules.spec(state)
    if not spec.relocate_map or side != MUJ or state.relocated.get(side) == state.turn:
        return []
    board = board_at(state)

    def on_map(h) -> bool:  # "*": any map (no label parsed to learn which)
        return h in board.board and (spec.relocate_map == "*" or board.local(h)[0] == spec.relocate_map)

    enemy = {u.hex for u in state.units.values() if u.side != side and u.hex is not None}
    covered = fortified(state)
    out = []
    for u in sorted(state.units.values(), key=lambda x: x.uid):
        if u.side != side or not eligible(u) or u.hex is None or not on_map(u.hex) or not board.in_cover(u.hex, covered):
            continue
        if utype(u).hero:
            continue
        heroes = heroes_with(state, u) if spec.relocate_hero else []
        for h in sorted(board.within(u.hex, spec.relocate_range)):  # the hexes in range, in board order
            if h == u.hex or h in enemy or not on_map(h) or not board.in_cover(h, covered):
                continue
            if stacking_ok(units_at(state, h) + [u]):
                out.append(Relocate(u.uid, board.label(h)))
            for hero in heroes:
                if spec.relocate_hero_eligible and not eligible(hero):
                    continue
                if stacking_ok(units_at(state, h) + [u, hero]):
                    out.append(Relocate(u.uid, board.label(h), hero.uid))
    return out


def heroes_with(state, u) -> list:
    """Heroes of ``u``'s side stacked with it on the map (not riding in a carrier)."""
    return [x for x in units_at(state, u.hex) if x.side == u.side and utype(x).hero and not x.carrier
            and x.uid != u.uid]


def relocate(rules, ctx, side: str, action: Relocate) -> None:
    from ..model.events import Relocated, UnitMoved

    board = board_at(ctx.state)
    h = board.hex(action.to)
    ctx.emit(Relocated(side, ctx.state.turn))
    party = [action.unit] + ([action.hero] if action.hero else [])  # Kill Zone: with its Hero
    for uid in party:
        ctx.emit(UnitMoved(uid, h, 0))
    rules.after_step(ctx, party, h)


def _unique(opts):
    return list(dict.fromkeys(opts))  # each once, where first listed


def play(rules, ctx, side: str, action: PlayCard) -> None:
    """6c: resolve the card played; played for a helicopter, its mode is declared first (17b)."""
    ctx.move_card(DECK, action.card, hand(side), "discard", player=side)
    uid = designated_heli(ctx.state, side, action)
    if uid:  # a helicopter's play is only offered as its designation (main_options)
        ctx.push(HeliPlay(side, uid, action.card, action.block, action.use))
        ctx.push(ModeChoice(side, uid))
        return
    resolve_play(rules, ctx, side, action)


def resolve_play(rules, ctx, side: str, action: PlayCard) -> None:
    """6c: carry out a play whose card is spent."""
    state = ctx.state
    board = board_at(state)
    use = action.use
    if any(family.resolve(rules, ctx, side, action) for family in rules.card_families):
        return  # each resolves only the plays it offers, so their order does not matter
    if rules.scenario_play(ctx, side, action):  # Air Assault's tunnels
        return
    if use in FIRE_POWERS or use in (Use.FIRE, Use.RELOAD_FIRE, Use.PUNISHING_FIRE):
        marker = "fired" if use in (Use.FIRE, Use.PUNISHING_FIRE) else "ops"
        ctx.push(FireOrder(side, use, action.unit, action.target, action.supporters, marker=marker))
    elif use in (Use.MOVE, Use.FAST_MOVE):
        if action.target == "entry":  # 18h, 9: one hex's worth of the units waiting (procedures/entry.py)
            ctx.push(EntryChoice(side, use, action.card))
            return
        h = board.hex(action.target)
        uids = [u.uid for u in units_at(state, h) if u.side == side and eligible(u) and not is_heli(u)]
        ctx.push(MoveOrder(side, use, tuple(sorted(uids)), action.card))
    elif use == Use.LETS_GET_EM:  # 18g: two hexes of Leg units; 8j: loaded ones bring their carriers

        uids = lets_get_em_movers(state, side, [board.hex(lab) for lab in (action.target, action.second) if lab])
        ctx.push(MoveOrder(side, use, tuple(uids), action.card))
    elif use in (Use.SCOUT, Use.MOVE_FIRE):
        ctx.push(MoveOrder(side, use, (action.unit,), action.card))
    elif use in (Use.COMMAND_OPS, Use.REINFORCEMENTS):  # 18d, 18m
        top = ctx.state.top
        ctx.replace(attrs.evolve(top, extra=top.extra + (2 if use == Use.COMMAND_OPS else 1)))
        ctx.push(DrawUp(side, 99, 1))
    elif use == Use.ARTILLERY:
        ctx.push(ArtilleryFrame(side, rules.spec(state).soviet_artillery if side == SOVIET else 3, "card"))
    else:
        raise AssertionError(f"no card family resolves {action!r}")


# -- 5f reserve, 5g clean up ----------------------------------------------------------------------
def start_reserve(rules, ctx) -> None:
    while ctx.state.stack:
        ctx.pop()
    ctx.emit(PhaseSet("reserve", ctx.state.turn))
    ctx.push(ReserveFrame(ctx.state.initiative or SOVIET))


def cleanup(rules, ctx) -> None:
    """5g: markers off; each player keeps at most one card (their choice, asked through an EventChoice)."""
    state = ctx.state
    ctx.emit(CleanedUp())
    ctx.emit(PhaseSet("cleanup", state.turn))
    for side in reversed(PLAYERS):
        if len(hand_of(state, side)) > 1:
            ctx.push(EventChoice(side, "keep_one"))


def decide_keep(rules, state, f: EventChoice):
    cards = hand_of(state, f.side)
    return Decision(f.side, (*(KeepCard(c) for c in cards), Decline(Declined.KEEP_NONE)), "keep one card")


def act_keep(rules, ctx, f: EventChoice, action) -> None:
    ctx.pop()
    for c in list(hand_of(ctx.state, f.side)):
        if isinstance(action, Decline) or c != action.card:
            ctx.move_card(DECK, c, hand(f.side), "discard", player=f.side)


__all__ = ["deal", "start_initiative", "main_options", "play", "cleanup", "start_reserve"]
