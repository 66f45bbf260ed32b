"""The conformance kit catches every kind of leak: each check is proved on a deliberately leaky
variant of the template (duel), and the template itself passes them all."""
import pytest

from tabletop_core import Game
from tabletop_core.decks import hand
from tabletop_core.testing import check_leaks, check_ruleset, check_views

duel = pytest.importorskip("tabletop_duel")


def defender_cards(state, attacker):
    return state.decks["cards"].piles[hand(duel.other(attacker))]


class LeakyObservation(duel.DuelRules):
    def observe(self, state, player):
        view = super().observe(state, player)
        view["cards"] = state.decks["cards"].view(None)  # both hands, to everyone
        return view


class LeakySeed(duel.DuelRules):
    def observe(self, state, player):
        return {**super().observe(state, player), "seed": state.seed}


class LeakyActions(duel.DuelRules):
    """Offers only the attacks that beat the defender's weakest card: the menu tells the hand."""

    def decision(self, state):
        base = super().decision(state)
        if state.top is not None:
            return base
        weakest = min((duel.value(c) for c in defender_cards(state, state.active)), default=0)
        attacks = tuple(a for a in base.actions if isinstance(a, duel.Attack) and duel.value(a.card) > weakest)
        return type(base)(base.player, (*attacks, duel.PassAndDraw()), base.prompt)


class LeakyTiming(duel.DuelRules):
    """Opens the defender's reaction window only when they hold a card that could cover."""

    def act(self, ctx, action):
        if isinstance(action, duel.Attack):
            state = ctx.state
            super().act(ctx, action)
            if not any(duel.value(c) >= duel.value(action.card) for c in defender_cards(state, state.active)):
                super().act(ctx, duel.Decline())  # resolve at once: no window
            return
        super().act(ctx, action)


class LeakyRefusal(duel.DuelRules):
    def explain_illegal(self, state, action, decision):
        return f"legal now: {', '.join(map(repr, decision.actions))}"


def factory(rules):
    return lambda: Game.start(rules, "skirmish", seed=3)


@pytest.mark.parametrize("rules, check, message", [
    (LeakyObservation(), check_views, "observation reveals something hidden"),
    (LeakySeed(), check_views, "observation reveals something hidden from them \\(or the seed\\)"),
    # caught as the offer differs, or already as the next decision after the player's own action
    (LeakyActions(), check_leaks, "legal actions leak|sees of their own .* next \\('(red|blue)'"),
    (LeakyTiming(), check_leaks, "sees of their own Attack|decision timing leaks"),
    (LeakyRefusal(), check_leaks, "a refusal's words depend on"),
])
def test_each_kind_of_leak_is_caught(rules, check, message):
    with pytest.raises(AssertionError, match=message):
        check(factory(rules), 3, 40)


def test_the_template_passes_every_leak_check_and_the_kit_reports_what_it_checked():
    report = check_ruleset("duel", "skirmish", seeds=range(2))
    assert report.seeds == [0, 1]
    for check in ("playouts", "replays and re-simulations", "observations compared", "legal-action sets compared",
                  "decision timings compared", "consequences compared", "refusal messages compared"):
        assert report.counts[check] > 0, check
    assert "duel/skirmish seeds [0, 1]" in str(report)
