"""The turn and the impulse (GoE 4, 5a-5g, 6a-6d, 18d/f/m): markers, deal, initiative, card plays, passes."""
import pytest

from tabletop_core.decks import hand
from tabletop_core.errors import IllegalActionError

from rules_goe85.model.actions import (
    Block, Decline, Declined, Discard, Draw, EndImpulse, EndReserve, LayInitiative, Pass, PlayCard, Use,
)
from rules_goe85.model.frames import Impulse, InitiativeDiscard, InitiativePick, ReserveFrame
from rules_goe85.model.state import ASIDE, DECK
from rules_goe85.queries.fire_options import fire_options
from rules_goe85.queries.card_menu import main_options
from rules_goe85.queries.board import board_for
from rules_goe85.queries.deck import initiative_key

from rules_goe85.model.events import EndTurnCounted, InitiativeSet

from ..helpers import RULES, game
from ..refpos import arrange, fresh, pile_of


def _hand(g, side):
    return g.state.decks[DECK].piles[hand(side)]


@pytest.mark.rule("goe85:4c")
@pytest.mark.rule("goe85:4e")
@pytest.mark.rule("goe85:4a")
def test_only_eligible_units_act():
    g = fresh()
    arrange(g, [("S1", "sov-rifle-intensive", "soviet", "5C4", {"marker": "ops"}),
                ("S2", "sov-rifle-intensive", "soviet", "5C5", {"marker": "moved"}), ("M1", "muj-rifle-intensive", "mujahideen", "5E4")])
    assert fire_options(RULES, g.state, "soviet", use=Use.FIRE) == []


@pytest.mark.rule("goe85:5a")
@pytest.mark.rule("goe85:scenario:9th-company")
def test_deal_uses_scenario_hand_sizes_without_end_turn_or_event_cards():
    g = game("9th-company")
    # 9th Company: Mujahideen hand 5, initiative to the Mujahideen on turn 1 without a draw
    assert len(_hand(g, "soviet")) == 4 and len(_hand(g, "mujahideen")) == 5
    assert all(RULES.data.cards[c].kind == "action" for s in ("soviet", "mujahideen") for c in _hand(g, s))
    assert g.state.initiative == "mujahideen" and isinstance(g.state.top, Impulse) and g.state.top.first
    assert sum(1 for c in g.state.decks[DECK].piles["draw"] if RULES.data.cards[c].kind == "event") == 4


@pytest.mark.rule("goe85:5d")
def test_initiative_compares_tn_then_apf_bonus():
    assert initiative_key("#5") < initiative_key("#1")  # Miss is below any number (even -1)
    assert initiative_key("#8") > initiative_key("#32")[:1] + (-200,)
    tn_tie = [c for c in RULES.data.cards if RULES.data.cards[c].tn == 4 and RULES.data.cards[c].kind == "action"]
    a, b = sorted(tn_tie, key=initiative_key)[:2]
    assert initiative_key(a) <= initiative_key(b)


@pytest.mark.rule("goe85:5d")
def test_initiative_pick_winner_discards_loser_keeps():
    g = game("your-papers-please", seed=4)
    assert isinstance(g.state.top, InitiativePick)
    s_card = _hand(g, "soviet")[0]
    g.apply(LayInitiative(s_card))
    m_card = _hand(g, "mujahideen")[0]
    g.apply(LayInitiative(m_card))
    winner = "soviet" if initiative_key(s_card) >= initiative_key(m_card) else "mujahideen"
    if initiative_key(s_card) != initiative_key(m_card):
        assert g.state.initiative == winner
        assert len(_hand(g, winner)) == 3 and len(_hand(g, "soviet" if winner != "soviet" else "mujahideen")) == 4


@pytest.mark.rule("goe85:5d")
def test_initiative_tie_the_winner_chooses_which_laid_card_to_discard(tmp_path):
    """Issue 12 item 23: after a tie the winner has two cards laid and discards the one they choose
    (the old engine discarded the last laid itself: this test fails on it)."""
    g = game("your-papers-please", seed=4)
    assert isinstance(g.state.top, InitiativePick)
    units = [(u.uid, u.type, u.side, board_for(g.state.scenario).label(u.hex) if u.hex else "") for u in g.state.units.values()]
    # #6 and #30 tie on TN 4 and APF bonus 0; #8 (TN 10) beats #15 (TN -5)
    arrange(g, units, hands={"soviet": ["#6", "#8"], "mujahideen": ["#30", "#15"]}, phase="initiative",
            frames=[InitiativePick()])
    g.apply(LayInitiative("#6"))
    g.apply(LayInitiative("#30"))
    assert isinstance(g.state.top, InitiativePick) and g.state.top.round == 2  # a tie: each lays another
    g.apply(LayInitiative("#8"))
    g.apply(LayInitiative("#15"))
    d = g.decision
    assert d.player == "soviet" and sorted(a.card for a in d.actions) == ["#6", "#8"]
    assert isinstance(g.state.top, InitiativeDiscard)  # nothing is settled before the choice
    g.apply(Discard("#6"))  # the Soviet keeps the winning #8 and gives up the first card laid
    piles = g.state.decks[DECK].piles
    assert g.state.initiative == "soviet" and "#6" in piles["discard"]
    assert _hand(g, "soviet") == ["#8"] and sorted(_hand(g, "mujahideen")) == ["#15", "#30"]  # the loser keeps both
    assert isinstance(g.state.top, Impulse) and g.state.top.player == "soviet"
    with pytest.raises(IllegalActionError):
        g.apply(Discard("#30"))  # only the winner's own laid cards were offered
    from tabletop_core import load_game

    g.save(tmp_path / "tie.jsonl")  # the new decision's frame is in the log and replays
    assert load_game(tmp_path / "tie.jsonl").digest() == g.digest()


@pytest.mark.rule("goe85:6a")
@pytest.mark.rule("goe85:5e")
@pytest.mark.rule("goe85:4h")
def test_drawing_one_at_a_time_end_turn_cards_end_the_turn():
    g = fresh("your-papers-please", seed=4)

    def two_end_turns_drawn(c):  # the Soviets hold the initiative; two End Turn cards lie aside (5e)
        c.emit(InitiativeSet("soviet"))
        for n, cid in enumerate(("#53", "#54"), 1):
            c.move_card(DECK, cid, pile_of(c.state, cid), ASIDE)
            c.emit(EndTurnCounted(cid, n))

    arrange(g, [("S1", "sov-rifle-intensive", "soviet", "5C1"), ("M1", "muj-rifle-intensive", "mujahideen", "5E7")],
            hands={"soviet": ["#13"]}, top=["#51", "#52"], frames=[Impulse("soviet", "start")], extra=two_end_turns_drawn)
    piles = g.state.decks[DECK].piles
    assert g.state.end_turns == 2 and g.decision.player == "soviet"
    g.apply(Draw())
    # the first card drawn is the third End Turn card: laid aside, the turn ends at once (5e)
    assert "#51" in piles[ASIDE] and g.state.end_turns == 3
    assert isinstance(g.state.top, ReserveFrame) and g.state.phase == "reserve"


@pytest.mark.rule("goe85:4f")
@pytest.mark.rule("goe85:5f")
@pytest.mark.rule("goe85:5g")
@pytest.mark.rule("goe85:6d")
def test_two_passes_end_the_turn_then_reserve_and_clean_up():
    g = game("9th-company", seed=2)
    g.apply(EndImpulse())  # the Mujahideen's first impulse: nothing played
    while isinstance(g.state.top, Impulse) and g.state.top.step == "discard":
        g.apply(Decline(Declined.KEEP))
    assert g.state.top == Impulse("soviet", "start")
    g.apply(Pass())
    assert isinstance(g.state.top, ReserveFrame) and g.state.top.side == "mujahideen"  # initiative first
    g.apply(EndReserve())
    assert g.state.top.side == "soviet"
    for u in g.state.units.values():
        assert u.marker == ""
    g.apply(EndReserve())
    # clean up: each player keeps at most one card
    while g.state.phase == "cleanup" and g.decision.prompt == "keep one card":
        g.apply(g.decision.actions[0])
    assert g.state.turn == 2
    assert len(_hand(g, "mujahideen")) == 5 and len(_hand(g, "soviet")) == 4


@pytest.mark.rule("goe85:6b")
@pytest.mark.rule("goe85:6c")
@pytest.mark.rule("goe85:18f")
@pytest.mark.rule("goe85:18h")
def test_main_options_list_card_uses():
    g = fresh("your-papers-please")
    arrange(g, [("S1", "sov-rifle-intensive", "soviet", "5C3"), ("M1", "muj-rifle-intensive", "mujahideen", "5E3")],
            hands={"soviet": ["#9", "#6"]})  # Fire / Bloodlust, Retreat / Move
    opts = main_options(RULES, g.state, "soviet")
    assert PlayCard("#9", Block.UPPER, Use.FIRE, "S1", "M1") in opts
    assert PlayCard("#6", Block.LOWER, Use.MOVE, "", "5C3") in opts


@pytest.mark.rule("goe85:18d")
def test_command_ops_draws_then_two_more_actions():
    g = fresh("your-papers-please")
    arrange(g, [("S1", "sov-rifle-intensive", "soviet", "5C3"), ("M1", "muj-rifle-intensive", "mujahideen", "5E3")],
            hands={"soviet": ["#31"]})
    size = len(_hand(g, "soviet"))
    g.apply(PlayCard("#31", Block.LOWER, Use.COMMAND_OPS))
    assert g.state.top.extra == 1 and g.state.top.step == "main"
    assert len(_hand(g, "soviet")) == size  # one card played, one drawn


# -- a fire play in steps: the card, its use, then the firer and target ----------------------------
@pytest.mark.rule("goe85:6b")
@pytest.mark.rule("goe85:6c")
def test_a_fire_play_asks_for_the_card_then_the_firer_and_target_and_back_plays_nothing():
    from rules_goe85.model.actions import PickCard, PlayCardToFire
    from rules_goe85.model.frames import CardPlayChoice, FirePlayChoice

    g = fresh()
    arrange(g, [("S1", "sov-rifle-intensive", "soviet", "5C3"), ("S2", "sov-rifle-intensive", "soviet", "5J0", {"shaken": True}),
                ("M1", "muj-rifle-intensive", "mujahideen", "5C5")], hands={"soviet": ["#9"]})
    first = g.decision.actions
    assert PickCard("#9") in first and not any(isinstance(a, (PlayCard, PlayCardToFire)) for a in first)
    g.apply(PickCard("#9"))  # 6b: the card first
    assert isinstance(g.state.top, CardPlayChoice) and "#9" in _hand(g, "soviet")
    uses = g.decision.actions
    pick = PlayCardToFire("#9", Block.UPPER, Use.FIRE)
    assert pick in uses and not any(isinstance(a, PlayCard) and a.use is Use.FIRE for a in uses)
    g.apply(pick)
    assert isinstance(g.state.top, FirePlayChoice) and "#9" in _hand(g, "soviet")  # nothing played yet
    plays = [a for a in g.decision.actions if isinstance(a, PlayCard)]
    assert plays == [PlayCard("#9", Block.UPPER, Use.FIRE, "S1", "M1")]  # 10c: Shaken S2 may not fire
    g.apply(Decline(Declined.BACK))
    assert isinstance(g.state.top, Impulse) and g.decision.actions == first
    seen = [e.action for e in g.events_for("mujahideen") if type(e).__name__ == "ActionTaken"]
    assert pick not in seen and not any("#9" in repr(a) for a in seen)  # the card picked and kept stays hidden
    g.apply(PickCard("#9"))
    g.apply(pick)
    g.apply(plays[0])
    assert "#9" not in _hand(g, "soviet")


@pytest.mark.rule("goe85:6b")
def test_a_card_picked_is_asked_what_for_and_a_helicopter_what_it_does():
    """6b, 17a: a card picked lists its ground plays and one pick per helicopter on the map; the
    helicopter's step lists its moves whole and its other plays as designations (17b)."""
    from rules_goe85.model.actions import PickCard, PickHelicopter, PlayCardToFire
    from rules_goe85.model.frames import CardPlayChoice, FirePlayChoice, HeliCardChoice

    g = fresh()
    arrange(g, [("S1", "sov-rifle-intensive", "soviet", "5C3"), ("H", "mi-24", "soviet", "5E3", {"mode": "flying"}),
                ("M1", "muj-rifle-intensive", "mujahideen", "5C5")], hands={"soviet": ["#9"]})
    g.apply(PickCard("#9"))
    second = g.decision.actions
    assert PickHelicopter("#9", "H") in second
    assert not any(isinstance(a, PlayCard) and "H" in (a.unit, a.target) for a in second)
    with pytest.raises(IllegalActionError, match="card #9 was picked"):
        g.apply(PlayCard("#3", Block.UPPER, Use.FIRE, "S1", "M1"))
    g.apply(PickHelicopter("#9", "H"))
    assert isinstance(g.state.top, HeliCardChoice)
    third = g.decision.actions
    assert PlayCard("#9", Block.ANY, Use.HELI_MOVE, "H") in third
    assert all(isinstance(a, PlayCard) and a.unit == "H" for a in third)
    assert isinstance(g.state.top, HeliCardChoice) and "#9" in _hand(g, "soviet")
    with pytest.raises(IllegalActionError, match="H was picked for card #9"):
        g.apply(PlayCard("#9", Block.UPPER, Use.FIRE, "S1", "M1"))  # a play for no helicopter
    g.undo()
    g.undo()
    assert isinstance(g.state.top, Impulse) and g.state.top.step == "main"  # nothing played: the picks undone
    g.apply(PlayCardToFire("#9", Block.UPPER, Use.FIRE))  # the first step takes a later step's action too
    assert isinstance(g.state.top, FirePlayChoice)


@pytest.mark.rule("goe85:6c")
def test_a_whole_fire_play_is_taken_at_the_first_step_and_an_impossible_one_refused():
    g = fresh()
    arrange(g, [("S1", "sov-rifle-intensive", "soviet", "5C3"), ("M1", "muj-rifle-intensive", "mujahideen", "5C5")],
            hands={"soviet": ["#9"]})
    before = g.digest()
    with pytest.raises(IllegalActionError):
        g.apply(PlayCard("#9", Block.UPPER, Use.FIRE, "S1", "S1"))  # at its own unit
    with pytest.raises(IllegalActionError):
        g.apply(PlayCard("#9", Block.LOWER, Use.FIRE, "S1", "M1"))  # #9's lower block is not Fire
    assert g.digest() == before
    g.apply(PlayCard("#9", Block.UPPER, Use.FIRE, "S1", "M1"))  # a script need not take two steps
    assert "#9" not in _hand(g, "soviet")


def _hand(g, side):
    return g.state.decks[DECK].piles[hand(side)]
