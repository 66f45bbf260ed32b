"""Positions set through the public referee (``Game.referee``): every change is an event in the
record (units withdrawn and placed, cards moved, frames pushed), so the games replay."""
from __future__ import annotations

from tabletop_core.decks import hand

from rules_goe85.model.events import UnitWithdrawn
from rules_goe85.queries.board import board_for
from rules_goe85.model.state import DECK, PLAYERS, Unit
from rules_goe85.model.frames import Impulse
from rules_goe85.model.events import PhaseSet, UnitPlaced

from .helpers import game


def pile_of(state, cid: str) -> str:
    return next(name for name, cards in state.decks[DECK].piles.items() if cid in cards)


def arrange(g, units, *, hands=None, top=(), frames=None, phase="impulses", faces=(), extra=None, then=None):
    """Replace the position: ``units`` as (uid, type, side, label, {field: value}) tuples, ``hands``
    {side: [card ids]} (every other card leaves the hands), ``top``: cards put on top of the draw
    pile, the first named on top; ``frames``: pushed in order (default: the Soviet impulse);
    ``extra(ctx)``: further events (markers on the map and the like); ``then(ctx)``: run once the
    frames are pushed (a procedure started on top of them, as the engine would start it)."""
    board = board_for(g.state.scenario)

    def script(c):
        state = c.state
        while state.stack:
            c.pop()
        for uid in sorted(state.units):
            c.emit(UnitWithdrawn(uid))
        for side in PLAYERS:
            for cid in list(state.decks[DECK].piles[hand(side)]):
                c.move_card(DECK, cid, hand(side), "discard", player=side)
        for spec in units:
            uid, tid, side, label = spec[:4]
            fields = spec[4] if len(spec) > 4 else {}
            c.emit(UnitPlaced(Unit(uid, tid, side, board.hex(label) if label else None, **fields)))
        for side, cards in (hands or {}).items():
            for cid in cards:
                c.move_card(DECK, cid, pile_of(state, cid), hand(side), player=side)
        _put_on_top(c, top)
        if extra is not None:
            extra(c)
        if state.phase != phase:
            c.emit(PhaseSet(phase, max(state.turn, 1)))
        for fr in (frames if frames is not None else [Impulse("soviet", "main")]):
            c.push(fr)
        if then is not None:
            then(c)

    g.referee(script, forced_faces=faces)
    return g


def _put_on_top(c, top) -> None:
    piles = c.state.decks[DECK].piles
    for cid in reversed(list(top)):
        src = pile_of(c.state, cid)
        if src != "draw" or piles["draw"][-1] != cid:
            c.move_card(DECK, cid, src, "draw")
        else:  # already on top: take it off and put it back so the order is exact
            c.move_card(DECK, cid, "draw", "discard")
            c.move_card(DECK, cid, "discard", "draw")


def stack_top(g, top) -> None:
    """Referee, mid-game: these cards go on top of the draw pile, the first named on top."""
    g.referee(lambda c: _put_on_top(c, top))


def emit(g, *events) -> None:
    """Referee, mid-game: these events happen (a marker placed, a clean-up) and are recorded."""
    def script(c):
        for e in events:
            c.emit(e)
    g.referee(script)


def fresh(scenario: str = "your-papers-please", seed: int = 0):
    return game(scenario, seed)


def done(g, what: str | None = None):
    """The refusal of the current decision (a Decline, Stop, Pass ...; optionally the Decline of ``what``)."""
    from rules_goe85.model.actions import REFUSALS, Decline

    return next(a for a in g.decision.actions if isinstance(a, REFUSALS) and (what is None or (isinstance(a, Decline) and a.what.value == what)))


def drop_bonus_cards(c) -> None:
    """Referee: neither player holds a Bonus card in this position (24b; their goals would score)."""
    from rules_goe85.procedures.bonus_cards import BONUS, dropped, held

    piles = c.state.decks[BONUS].piles if BONUS in c.state.decks else {}
    for side in PLAYERS:
        for cid in list(piles.get(held(side), [])):
            c.move_card(BONUS, cid, held(side), dropped(side), player=side)


def hold_bonus(c, side: str, cid: str) -> None:
    """Referee: ``side`` holds the Bonus card ``cid`` alone (any other it held is dropped)."""
    from rules_goe85.procedures.bonus_cards import BONUS, dropped, held

    piles = c.state.decks[BONUS].piles
    for other in list(piles[held(side)]):
        if other != cid:
            c.move_card(BONUS, other, held(side), dropped(side), player=side)
    src = next(name for name, cards in piles.items() if cid in cards)
    if src != held(side):
        c.move_card(BONUS, cid, src, held(side), player=side)


def last_turn(scenario: str, *, bonus: dict[str, str] | None = None):
    """An ``extra`` script for :func:`arrange`: the scenario's last turn, its impulses under way;
    the players hold no Bonus card, or the one ``bonus`` names ({side: card id})."""
    from rules_goe85.data.loading import game_data

    turns = game_data().scenarios[scenario].turns

    def script(c):
        drop_bonus_cards(c)
        for side, cid in (bonus or {}).items():
            hold_bonus(c, side, cid)
        c.emit(PhaseSet("impulses", turns))
    return script


def play_out(g, *, limit: int = 400):
    """Play on to the end of the game, every player doing nothing more: each decision is answered
    by its refusal (pass, end the impulse, hold fire, keep no card, end the Reserve Phase).  The
    result is then read from ``g.result``, as a player would."""
    from rules_goe85.model.actions import REFUSALS

    for _ in range(limit):
        if g.over:
            return g.result
        refusal = next((a for a in g.decision.actions if isinstance(a, REFUSALS)), None)
        assert refusal is not None, f"no way to decline {g.decision.prompt!r}"
        g.apply(refusal)
    raise AssertionError(f"the game did not end in {limit} decisions")


def pick(g, kind, **fields):
    """The legal action of type ``kind`` whose fields have these values (the one a player picks).
    A choice asked in steps (a card play: the card, a helicopter, a fire use; a reserve move, a
    strike) takes the steps that lead to it here (a step that does not is taken back, Game.undo)."""
    found = _search(g, kind, fields, 3)
    if found is None:
        raise LookupError(f"no {kind.__name__} with {fields} offered")
    return found


def _search(g, kind, fields, depth):
    found = _offered(g, kind, fields)
    if found is not None or depth == 0:
        return found
    for step in _steps(g, kind, fields):
        g.apply(step)
        found = _search(g, kind, fields, depth - 1)
        if found is not None:
            return found
        g.undo()
    return None


def _offered(g, kind, fields):
    return next((a for a in g.decision.actions
                 if isinstance(a, kind) and all(getattr(a, k) == v for k, v in fields.items())), None)


def _steps(g, kind, fields):
    """The offered steps that may lead to the ``kind`` wanted."""
    from rules_goe85.model.actions import (
        PickCard, PickHelicopter, PickReserveUnit, PlayCard, PlayCardToFire, ReserveMove, Strike, StrikeTarget,
    )

    def fits(a, keys):
        return all(getattr(a, k) == fields[k] for k in keys if k in fields)

    out = []
    for a in g.decision.actions:
        if kind in (PlayCard, PlayCardToFire):
            if isinstance(a, PickCard) and fits(a, ("card",)):
                out.append(a)
            elif isinstance(a, PickHelicopter) and fits(a, ("card",)) and (
                    not ({"unit", "target"} & set(fields)) or a.unit in (fields.get("unit"), fields.get("target"))):
                out.append(a)
            elif kind is PlayCard and isinstance(a, PlayCardToFire) and fits(a, ("card", "block", "use")):
                out.append(a)
        elif kind is ReserveMove and isinstance(a, PickReserveUnit) and fits(a, ("unit",)):
            out.append(a)
        elif kind is Strike and isinstance(a, StrikeTarget) and fits(a, ("target",)):
            out.append(a)
    return out


def hold_fire(g) -> None:
    """Every Opportunity Fire / First Fire window now open is turned down by its player."""
    from rules_goe85.model.actions import Decline

    while not g.over and g.decision.prompt.startswith(("Opportunity Fire", "First Fire")):
        g.apply(next(a for a in g.decision.actions if isinstance(a, Decline)))


def move_stack(g, card: str, frm: str, path, units=None, *, use=None):
    """Play ``card`` to Move the stack in ``frm`` along ``path`` (hex labels), the other player
    holding fire, then stop.  ``units``: the uids stepping (default: the whole stack moved)."""
    from rules_goe85.model.actions import PlayCard, Step, Stop, Use

    play = pick(g, PlayCard, card=card, use=use or Use.MOVE, target=frm)
    g.apply(play)
    hold_fire(g)
    for label in path:
        steps = [a for a in g.decision.actions if isinstance(a, Step) and a.to == label
                 and (units is None or set(a.units) == set(units))]
        step = max(steps, key=lambda a: len(a.units))  # the whole stack unless told
        g.apply(step)
        hold_fire(g)
    if not g.over and any(isinstance(a, Stop) for a in g.decision.actions):
        g.apply(next(a for a in g.decision.actions if isinstance(a, Stop)))
        hold_fire(g)


def end_impulse(g) -> None:
    """The player whose impulse it is does nothing more in it: ends it and discards nothing."""
    from rules_goe85.model.actions import Decline, EndImpulse

    if not g.over and g.decision.prompt.startswith("play an action card"):
        g.apply(EndImpulse())
    if not g.over and g.decision.prompt.startswith("discard"):
        g.apply(next(a for a in g.decision.actions if isinstance(a, Decline)))


def start_impulse(g, *, draw: bool) -> None:
    """The player whose impulse begins draws up to the hand size (``draw``) or passes (6a)."""
    from rules_goe85.model.actions import Draw, Pass

    assert g.decision.prompt.startswith("draw up to your hand size"), g.decision.prompt
    g.apply(Draw() if draw else Pass())


IMPULSE_PROMPTS = ("play an action card", "discard", "draw up to your hand size")


def decline_windows(g) -> None:
    """Every window now open (support, reactions, Light Wounds ...) is turned down by its player,
    until the impulse's own decisions come back."""
    from rules_goe85.model.actions import Decline

    while not g.over and not g.decision.prompt.startswith(IMPULSE_PROMPTS):
        g.apply(next(a for a in g.decision.actions if isinstance(a, Decline)))


def pushed(g, since: int = 0) -> list:
    """The frames pushed since event ``since``, in the record's order (those already resolved too)."""
    from tabletop_core.events import FramePushed

    return [e.frame for e in g.events[since:] if isinstance(e, FramePushed)]


def play_until(g, wanted, *, limit: int = 3000) -> None:
    """Both players do nothing more until ``wanted(g)`` holds: each decision is answered by its
    refusal, one without any (the initiative card, a wave's squad) by its first action."""
    from rules_goe85.model.actions import REFUSALS

    for _ in range(limit):
        if wanted(g):
            return
        assert not g.over, "the game ended first"
        actions = g.decision.actions
        g.apply(next((a for a in actions if isinstance(a, REFUSALS)), actions[0]))
    raise AssertionError(f"not reached in {limit} decisions")
