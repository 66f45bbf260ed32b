"""Test harness: a started game whose position a test rewrites, then drives through the rules."""
from __future__ import annotations

from tabletop_core.decks import hand
from tabletop_core.game import Game

from rules_goe85.queries.board import board_for
from rules_goe85.data.loading import game_data
from rules_goe85.rules import GoERules
from rules_goe85.model.actions import REFUSALS, Decline, KeepBonusCard, PlayReaction
from rules_goe85.model.frames import AssaultFrame, FireFrame, Impulse, ReserveFrame
from rules_goe85.model.state import DECK, Unit

RULES = GoERules()
RED, GOLD, GREEN, BLANK = "#5", "#2", "#3", "#1"
RED2, GOLD2, GREEN2, BLANK2 = "#14", "#11", "#6", "#4"
GREEN3 = "#9"  # Fire / Bloodlust, green Hit
BLANK3, BLANK4, BLANK5, BLANK6 = "#15", "#19", "#23", "#12"  # no Hit


def game(scenario: str = "your-papers-please", seed: int = 0, setup: str = "default") -> Game:
    """A started game; the default deployment unless ``setup="choose"`` (the set-up decision phase)."""
    return Game.start(RULES, scenario, seed=seed, options={"setup": setup})


def position(g: Game, units: list[tuple[str, str, str, str]], **flags) -> dict[str, Unit]:
    """Replace every unit by ``(uid, type, side, label)`` and empty the stack (test set-up only)."""
    board = board_for(g.state.scenario)
    g.state.units.clear()
    g.state.stack.clear()
    piles = g.state.decks[DECK].piles
    for side in ("soviet", "mujahideen"):  # empty hands: a test gives the cards it needs
        piles["discard"].extend(piles[hand(side)])
        piles[hand(side)].clear()
    for uid, tid, side, label in units:
        extra = flags.get(uid, {})
        g.state.units[uid] = Unit(uid, tid, side, board.hex(label) if label else None, **extra)
    g._decision = None
    return g.state.units


def stack_deck(g: Game, top_first: list[str]) -> None:
    """Put these cards on top of the draw pile, the first named on top (test set-up only)."""
    piles = g.state.decks[DECK].piles
    for name in list(piles):
        for c in top_first:
            if c in piles[name]:
                piles[name].remove(c)
    piles["draw"].extend(reversed(top_first))


def give(g: Game, side: str, cards: list[str]) -> None:
    piles = g.state.decks[DECK].piles
    for c in cards:
        for name in list(piles):
            if c in piles[name]:
                piles[name].remove(c)
        piles[hand(side)].append(c)


def ctx(g: Game):
    return g._ctx


def run(g: Game) -> None:
    """Run the procedure on the stack until someone must decide or the stack is empty.  A window
    whose only choice is Decline (its player holds nothing usable: GoE hidden hands) is declined,
    as its player must (by the rules' own step, like the procedure: a harness position may have no
    frame under the one tested)."""
    while g.state.stack and g.state.result is None:
        g._decision = None
        decision = RULES.decision(g.state)
        if decision is not None:
            if not (len(decision.actions) == 1 and isinstance(decision.actions[0], Decline)):
                break
            RULES.act(g._ctx, decision.actions[0])
            continue
        RULES.advance(g._ctx)
    g._decision = None


def play_through(g: Game, action, **kw) -> None:
    """Apply ``action``, then turn down every window that follows offering Decline alone (GoE hidden
    hands: such windows open on public conditions whatever the hand holds)."""
    g.apply(action, **kw)
    decline_empty_windows(g)


def decline_empty_windows(g: Game) -> None:
    """Turn down, through the public path, every window now offering Decline alone."""
    while not g.over and only_decline(g):
        g.apply(g.decision.actions[0])


def only_decline(g: Game) -> bool:
    """The decision is a window the player can only turn down."""
    actions = g.decision.actions
    return len(actions) == 1 and isinstance(actions[0], Decline)


def hexes(g: Game, *labels):
    board = board_for(g.state.scenario)
    return [board.hex(x) for x in labels]


DATA = game_data()


def _words(g, action):
    return RULES.describe_action(action, g.state)


def _impulse(g, side="soviet"):
    g.state.stack.clear()
    g.state.phase = "impulses"
    g.state.stack.append(Impulse(side, "main"))
    g._decision = None


def _finish_windows(g):
    while g.state.result is None and g.decision is not None and any(
            isinstance(f, FireFrame) for f in g.state.stack):
        g.apply(next(a for a in g.decision.actions if isinstance(a, REFUSALS)))


def _assault(g, attackers, hex_label, **kw):
    """Frames: the Soviet impulse with an assault in ``hex_label`` on top (13a: the move has ended)."""
    board = board_for(g.state.scenario)
    frame = AssaultFrame(side="soviet", hex=board.hex(hex_label),
                         attackers=tuple((uid, board.hex(frm)) for uid, frm in attackers), **kw)
    return [Impulse("soviet", "main"), frame]


def _react(g, verb):
    return next(a for a in g.decision.actions if isinstance(a, PlayReaction) and a.use == verb)


def _notes(g):
    return [e.text for e in g.events if type(e).__name__ == "Note"]


def labels(g, hexes):
    b = board_for(g.state.scenario)
    return sorted(b.label(h) for h in hexes)


def decide(g):
    g._decision = None
    return RULES.decision(g.state)


def _labels(g, side):
    b = board_for(g.state.scenario)
    return [b.label(u.hex) for u in g.state.units.values() if u.side == side and u.hex is not None]


def _reserve(g, side="soviet"):
    g.state.stack.clear()
    g.state.phase = "reserve"
    g.state.stack.append(ReserveFrame(side))
    g._decision = None


def _choices(g, kind):
    return [a for a in g.decision.actions if isinstance(a, kind)]


def _mp(g):
    return {u: m for u, m, _ in g.state.top.mp}


def keep_first_bonus_cards(g) -> None:
    """Both players keep the first Bonus card they were dealt (the start of a game that uses them)."""
    while g.decision is not None and isinstance(g.decision.actions[0], KeepBonusCard):
        g.apply(g.decision.actions[0])
