"""The sequence of play (GoE 5a-5g) and the player impulse (6a-6d).

Phases live in ``state.phase`` (deal -> initiative -> impulses -> reserve -> cleanup -> deal ...);
everything that waits for a player is a frame: :class:`InitiativePick`, :class:`Impulse` (start:
draw or pass; main: play a card; after: bookkeeping; discard: up to two cards), :class:`ReserveFrame`
and the clean-up's keep-one-card choice.
"""
from __future__ import annotations

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
    ArtilleryFrame, CardPlayChoice, DrawUp, EntryChoice, EventChoice, FireOrder, FirePlayChoice, HeliCardChoice,
    Impulse, InitiativeDiscard, InitiativePick, MoveOrder, ReserveFrame,
)
from ..model.events import CleanedUp, InitiativeSet, Note, PassCounted, PhaseSet
from ..model.actions import (
    Block, Decline, Declined, Discard, Draw, EndImpulse, KeepCard, LayInitiative, Pass, PickCard, PickHelicopter,
    PlayCard, PlayCardToFire, Relocate, Use,
)
from ..queries.fire_reach import FIRE_POWERS
from ..queries.sight import is_heli
from ..queries.units import eligible, stacking_ok, stacking_room, units_at, utype
from ..queries.fortifications import fortified
from ..queries.heli_designation import designated_heli, designates, is_designation, map_heli, spent_marker
from ..queries.units import heli_mode
from ..model.events import MarkerSet
from ..model.vehicles import HeliPlay, ModeChoice
from ..queries.card_menu import card_options, card_step, fire_plays, heli_of_play, heli_step, main_options, playable_cards


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
    if f.step == "main":  # 6b: the card first (PickCard), then what for (CardPlayChoice)
        opts = [PickCard(cid) for cid in playable_cards(rules, state, f.player)] + relocations(rules, state, f.player)
        return Decision(f.player, (*opts, EndImpulse()), "play an action card, or end the impulse",
                        accepts=(PlayCard, PlayCardToFire))
    if f.step == "discard":
        if f.discards >= 2 or not hand_of(state, f.player):
            return None
        return Decision(f.player, (*(Discard(c) for c in hand_of(state, f.player)), Decline(Declined.KEEP)),
                        "discard (up to two cards)")
    return None


def check_impulse(rules, state, f: Impulse, action) -> str | None:
    """A play named whole at the first step (a script need not take the steps): legal when it is
    among every play the side may make now, the scenario's restrictions applied; a fire play's
    card and use (:class:`PlayCardToFire`) when its card's step would offer it."""
    if f.step != "main" or not isinstance(action, (PlayCard, PlayCardToFire)):
        return f"no {type(action).__name__} now"
    return check_play(rules, state, f.player, action, type(f))


def check_play(rules, state, side: str, action, frame_type: type) -> str | None:
    """Whether ``action`` (a :class:`PlayCard` or :class:`PlayCardToFire`) is a play ``side`` may make
    now: the reason it is not, or None."""
    if action.card not in hand_of(state, side):
        return f"card {action.card} is not in {side}'s hand"
    if isinstance(action, PlayCardToFire):
        if action in main_options(rules, state, side, whole=False, cards=(action.card,)):
            return None
        return f"card {action.card} has no {action.use} attack from its {action.block} block now"
    whole = main_options(rules, state, side, cards=(action.card,))
    if rules.restricts(state, frame_type):
        whole = list(rules.special_rules(state).restrict(rules, state, Decision(side, (*whole, EndImpulse()))).actions)
    if action in whole:
        return None
    uid = designated_heli(state, side, action)
    if uid and not is_designation(state, side, action):  # 17b
        return (f"{uid} is a helicopter: play card {action.card} for {action.use} with {uid} alone; "
                f"its mode is declared first, then the rest of the play is asked")
    return f"{side} cannot make that play now (card, use, firer or target)"


def propose_fire_play(rules, state, f: Impulse, decision, rng) -> PlayCard | None:
    """For the conformance kit: a whole fire play submitted at the first step, legal half the time
    (one the second step would list), otherwise the same play aimed at its own lead, or with no
    attack to pick, a Fire play by no unit (both refused)."""
    if f.step != "main":
        return None
    picks = [a for a in main_options(rules, state, f.player, whole=False) if isinstance(a, PlayCardToFire)]
    if not picks:
        held = hand_of(state, f.player)
        return PlayCard(held[rng.below(len(held))], Block.UPPER, Use.FIRE) if held else None
    pick = picks[rng.below(len(picks))]
    plays = fire_plays(rules, state, f.player, pick.card, pick.block, pick.use)
    play = plays[rng.below(len(plays))]
    return play if rng.below(2) == 0 else attrs.evolve(play, target=play.unit)


# -- 6b, 17a: the card's step -- what the card picked is played for; a helicopter's step ------------
# Reading (here only): picking the card plays it -- these steps have no way back, as laying a card
# on the table does (nothing random happens between the steps: Game.undo takes a pick back).  The
# alternative, a Back to the first step, would let a random or a scripted player pick and drop
# cards without end; the fire play's own last step keeps its Back (FirePlayChoice, ruleset 0.5.0).
def decide_card_play(rules, state, f: CardPlayChoice):
    plays = card_step(rules, state, f.player, f.card)
    if not plays:
        return None  # never offered so (playable_cards); advance_card_play plays nothing
    return Decision(f.player, tuple(plays), f"card {f.card}: what it is played for", accepts=(PlayCard,))


def check_card_play(rules, state, f: CardPlayChoice, action) -> str | None:
    """A whole play of the card picked (a fire play's firer and target named at once, a
    helicopter's play without picking the helicopter first)."""
    if not isinstance(action, PlayCard):
        return f"no {type(action).__name__} now"
    if action.card != f.card:
        return f"card {f.card} was picked: play it, not card {action.card}"
    return check_play(rules, state, f.player, action, Impulse)


def act_card_play(rules, ctx, f: CardPlayChoice, action) -> None:
    ctx.pop()
    if isinstance(action, PickHelicopter):
        ctx.push(HeliCardChoice(f.player, action.card, action.unit))
        return
    act_impulse(rules, ctx, ctx.state.top, action)  # as if taken at the impulse's first step


def advance_card_play(rules, ctx, f) -> None:
    ctx.pop()


def decide_heli_card(rules, state, f: HeliCardChoice):
    plays = heli_step(rules, state, f.player, f.card, f.unit)
    if not plays:
        return None  # never offered so (card_step); advance_card_play plays nothing
    return Decision(f.player, tuple(plays), f"{f.unit}: what it does with card {f.card}", accepts=(PlayCard,))


def check_heli_card(rules, state, f: HeliCardChoice, action) -> str | None:
    """A whole play of the card picked for the helicopter picked."""
    if not isinstance(action, PlayCard) or action.card != f.card or heli_of_play(state, f.player, action) != f.unit:
        return f"{f.unit} was picked for card {f.card}: choose what it does with that card"
    return check_play(rules, state, f.player, action, Impulse)


def act_heli_card(rules, ctx, f: HeliCardChoice, action) -> None:
    ctx.pop()
    act_impulse(rules, ctx, ctx.state.top, action)  # as if taken at the impulse's first step


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
    if isinstance(action, PickCard):
        ctx.push(CardPlayChoice(f.player, action.card))
        return
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
    on_map = board.map_hexes(spec.relocate_map)  # "*": any map
    terrain_cover, covered = board.terrain_cover(), fortified(state)

    def open_cover(h) -> bool:  # on the map, in cover (board.in_cover), no enemy in it
        return h in on_map and (h in terrain_cover or h in covered) and h not in enemy

    enemy = {u.hex for u in state.units.values() if u.side != side and u.hex is not None}
    out = []
    for u in sorted(state.units.values(), key=lambda x: x.uid):
        if u.side != side or not eligible(u) or u.hex not in on_map or not board.in_cover(u.hex, covered):
            continue  # (None is in no map)
        if utype(u).hero:
            continue
        heroes = heroes_with(state, u) if spec.relocate_hero else []
        fits = stacking_room(state, u)  # u counted in h, where it does not stand: stacking_ok(units_at(h) + [u])
        for h in sorted(board.within(u.hex, spec.relocate_range)):  # the hexes in range, in board order
            if h == u.hex or not open_cover(h):
                continue
            if fits(h):
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


def play(rules, ctx, side: str, action: PlayCard) -> None:
    """6c: resolve the card played; played for a helicopter, its mode is declared first (17b)."""
    ctx.move_card(DECK, action.card, hand(side), "discard", player=side)
    uid = designated_heli(ctx.state, side, action)
    if uid:  # a helicopter's play is only offered as its designation (queries/card_menu.py)
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


__all__ = ["deal", "start_initiative", "play", "cleanup", "start_reserve"]
