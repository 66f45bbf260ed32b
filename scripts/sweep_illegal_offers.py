"""Illegal offers sweep: at every decision of seeded random games, offer what must be refused —
a legal action by the wrong player, an action of another decision, a kind the ruleset does not
have, each field of a legal action changed to another value or type — and check that each is
refused with a reason and leaves the state untouched, and that an offer equal to a legal action
(``2.0`` for ``2``, ``True`` for ``1``, a numpy integer) is recorded as the legal one.

    python scripts/sweep_illegal_offers.py --seeds 3 [--start 0] [--rulesets duel,goe85]
"""
from __future__ import annotations

import sys

import attrs

from tabletop_core import IllegalActionError
from tabletop_core.agents import AgentView, RandomAgent
from tabletop_core.values import ConcealedAction

from sweep_common import Tally, arguments, cases, start

try:
    import numpy
except ImportError:  # pragma: no cover - numpy is a dependency of the core
    numpy = None


def variants_of(action):
    """Offers built from a legal action: other values and other types in each field."""
    for field in attrs.fields(type(action)):
        value = getattr(action, field.name)
        others = []
        if isinstance(value, bool):
            others = [not value, str(value), None]
        elif isinstance(value, int):
            others = [value + 1000, -value - 1, str(value), None, float(value) + 0.5]
            equal = [float(value)] + ([numpy.int64(value)] if numpy is not None else []) + ([True] if value == 1 else [])
            for same in equal:
                yield "equal", attrs.evolve(action, **{field.name: same})
        elif isinstance(value, float):
            others = [value + 1000.5, str(value), None]
        elif isinstance(value, str):
            others = [value + "?", 0, None, ""]
        elif isinstance(value, tuple):
            others = [value + value[:1] if value else ("x",), list(value), None]
        else:
            others = [None, "x"]
        for other in others:
            try:
                yield "changed", attrs.evolve(action, **{field.name: other})
            except Exception:  # noqa: BLE001 - a field validator refusing it is a refusal too
                continue


def main() -> int:
    args = arguments(__doc__.splitlines()[0], seeds=2)
    tally = Tally("illegal offers sweep")
    for ruleset, scenario, variants, seed in cases(args):
        game = start(ruleset, scenario, variants, seed)
        agent = RandomAgent(seed=seed, player="sweep")
        previous = None
        while not game.over and game.state.decisions < game.rules.max_decisions:
            decision = game.decision
            legal = decision.actions  # compared by equality: an offer may hold an unhashable list
            offers = [(a, p) for a in decision.actions[:1] for p in game.rules.players if p != decision.player]
            offers.append((ConcealedAction("no-such-kind"), None))
            if previous is not None:
                offers += [(a, None) for a in previous if a not in legal][:3]
            sample = decision.actions[:: max(1, len(decision.actions) // 4)]
            equal_offers = []
            for action in sample:
                for kind, offer in variants_of(action):
                    if kind == "equal":
                        equal_offers.append((offer, action))
                    elif offer not in legal:
                        offers.append((offer, None))
            where = f"{ruleset}/{scenario} seed {seed} decision {game.state.decisions}"
            # an offer of a parametric kind the decision accepts may be legal: the ruleset's check decides
            offers = [(o, p) for o, p in offers if p is not None or type(o) not in decision.accepts]
            for offer, player in offers:
                tally.guard(where, lambda: refused(game, offer, player, tally))
            for offer, legal_one in equal_offers[:2]:
                tally.guard(where, lambda: recorded_as_legal(game, offer, legal_one, tally))
            previous = decision.actions
            game.apply(agent.choose(AgentView(game, decision.player, decision)))
    return tally.summary()


def refused(game, offer, player, tally: Tally) -> None:
    before, length = game.digest(), len(game.events)
    try:
        game.apply(offer, player=player)
    except IllegalActionError as exc:
        assert exc.reason, f"{offer!r} refused without a reason"
        assert game.digest() == before and len(game.events) == length, f"refusing {offer!r} changed the state"
        tally.ok("illegal offers refused")
        return
    raise AssertionError(f"illegal {offer!r} by {player} was accepted")


def recorded_as_legal(game, offer, legal_one, tally: Tally) -> None:
    """An offer equal to a legal action is taken, and what the log holds is the legal one."""
    copy = game.clone()
    start_at = len(copy.events)
    try:
        copy.apply(offer)
    except IllegalActionError:
        tally.ok("equal offers of another type refused")
        return
    taken = copy.events[start_at].action
    kinds = [type(getattr(taken, f.name)) for f in attrs.fields(type(taken))]
    wanted = [type(getattr(legal_one, f.name)) for f in attrs.fields(type(legal_one))]
    assert kinds == wanted, f"{offer!r} was recorded as submitted ({kinds}), not as the legal {legal_one!r}"
    tally.ok("equal offers recorded as the legal action")


if __name__ == "__main__":
    sys.exit(main())
