"""Event cards: one deck per side, hands hidden from the opponent through the core's deck piles;
the card phase (turn-track draws, no hand limit), attack and defence cards, reinforcement cards
and the reinforcement phase's rolls."""
from __future__ import annotations

from tabletop_core import Decision
from tabletop_core.decks import hand

from .actions import Done, EnterAt, Entry, PlayCard, Reinforce, Stacking
from .effects import dispatch, sync_control
from .queries import entry_areas, group_eligible, over_stacked
from .state import PLAYERS, GroupArrived, UnitPlaced


def deck_name(side: str) -> str:
    return f"cards:{side}"


def hand_of(state, side: str) -> list[str]:
    return state.decks[deck_name(side)].piles[hand(side)]


def create_decks(R, ctx) -> None:
    for side in PLAYERS:
        ctx.create_deck(deck_name(side), R.data.decks[side], visibility={hand(side): side})


def draw_cards(R, ctx) -> None:
    """# Orgun: card phase -- each side draws the turn track's number; there is no hand limit."""
    counts = R.data.cards_per_turn[ctx.state.turn]
    for side in PLAYERS:
        for _ in range(counts[side]):
            if ctx.draw(deck_name(side), hand(side), player=side) is None:
                break  # the deck and its discard are both empty


def play(ctx, side: str, card: str) -> None:
    ctx.move_card(deck_name(side), card, hand(side), "discard", player=side)


def combat_cards(R, state, side: str, kind: str, played: tuple[str, ...]) -> list[str]:
    """Cards of ``kind`` ``side`` may add to the attack now.

    # Orgun: cards -- no more than one Night Attack in one attack."""
    cards = R.data.cards
    night_played = any(cards[c].night for c in played)
    out = []
    for c in hand_of(state, side):
        info = cards[c]
        if info.kind == kind and not (info.night and night_played):
            out.append(c)
    return sorted(set(out))


# -- the reinforcement phase -----------------------------------------------------------------------
def arrive(R, ctx, group_id: str, area: int, by_card: bool) -> None:
    group = R.data.groups[group_id]
    for uid in group.units:
        ctx.emit(UnitPlaced(uid, group.side, area, R.data.units[uid].steps, "reinforcement"))
    ctx.emit(GroupArrived(group_id, by_card))
    sync_control(R, ctx)
    if over_stacked(R, ctx.state, area, group.side):
        ctx.push(Stacking(group.side, area))


def playable_reinforcements(R, state, side: str) -> list[str]:
    cards = R.data.cards
    out = set()
    for c in hand_of(state, side):
        info = cards[c]
        if info.kind == "reinforcement" and group_eligible(R, state, info.group) and entry_areas(R, state, info.group):
            out.add(c)
    return sorted(out)


@dispatch.advance(Reinforce)
def _reinforce_rolls(R, ctx, frame: Reinforce) -> None:
    # Orgun: reinforcements -- d6 rolls for each eligible group of the table (Soviet ground units
    # only on their turns); the group enters when the roll reaches its number.  One group per
    # step, so that its owner can pick the entry area before the next group rolls.
    state = ctx.state
    for gid in sorted(state.pending_groups):
        group = R.data.groups[gid]
        if gid in frame.rolled or group.side != frame.side or group.roll == 0 or not group_eligible(R, state, gid):
            continue
        if not entry_areas(R, state, gid):
            continue
        ctx.replace(Reinforce(frame.side, "roll", frame.rolled + (gid,)))
        roll = ctx.roll("d6", player=frame.side, reason=f"reinforcements {gid} (need {group.roll}+)").total
        if roll >= group.roll:
            ctx.push(Entry(frame.side, gid))
        return
    ctx.replace(Reinforce(frame.side, "cards"))
    sync_control(R, ctx)


# -- entering: the owner picks the entry area ------------------------------------------------------
@dispatch.decide(Entry)
def _entry_decision(R, state, frame: Entry):
    areas = entry_areas(R, state, frame.group)
    if len(areas) < 2:
        return None  # one legal entry area: nothing to choose
    return Decision(frame.side, tuple(EnterAt(a) for a in areas), f"reinforcements {frame.group}: pick the entry area")


@dispatch.act(Entry)
def _entry_act(R, ctx, frame: Entry, action) -> None:
    ctx.pop()
    arrive(R, ctx, frame.group, action.area, frame.by_card)


@dispatch.advance(Entry)
def _entry_advance(R, ctx, frame: Entry) -> None:
    ctx.pop()
    arrive(R, ctx, frame.group, entry_areas(R, ctx.state, frame.group)[0], frame.by_card)


@dispatch.decide(Reinforce)
def _reinforce_decision(R, state, frame: Reinforce):
    if frame.step != "cards":
        return None
    cards = tuple(PlayCard(c) for c in playable_reinforcements(R, state, frame.side))
    return Decision(frame.side, (*cards, Done()), "play reinforcement cards?")


@dispatch.act(Reinforce)
def _reinforce_act(R, ctx, frame: Reinforce, action) -> None:
    if isinstance(action, Done):
        ctx.pop()
        return
    info = R.data.cards[action.card]
    play(ctx, frame.side, action.card)
    ctx.push(Entry(frame.side, info.group, True))
