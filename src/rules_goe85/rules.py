"""The '85 Graveyard of Empires ruleset: metadata, dispatch by frame, the phase machine, views, words."""
from __future__ import annotations

from tabletop_core import Rules, Scenario

from . import artillery, assault, bonus, cards, fire, movement, scenarios, sequence
from . import abilities_extra, assault_steps, booby_retreat, fortifications, punishing
from . import setup as deployment
from . import apfire, vehicles, vehstate
from . import transport, vehsetup
from . import scenario_events
from .board import board_at
from .data import game_data
from .state import (
    ACTIONS, DECK, EVENTS, FRAMES, PLAYERS, ArtilleryFrame, BonusPick, AssaultFrame, DrawUp, EventChoice, FireChoice, FireFrame,
    GoEState, Impulse, InitiativePick, MoveFrame, OppFireWindow, PhaseSet, ReserveFrame, appliers,
)

DECIDE = {
    vehstate.APFire: apfire.decide,
    vehstate.ModeChoice: vehicles.decide_mode,
    vehsetup.FacingChoice: vehsetup.decide,
    deployment.Deploy: deployment.decide,
    BonusPick: bonus.decide_pick,
    InitiativePick: sequence.decide_initiative,
    Impulse: sequence.decide_impulse,
    MoveFrame: movement.decide_move,
    OppFireWindow: movement.decide_window,
    FireChoice: movement.decide_fire_choice,
    ReserveFrame: transport.decide_reserve,  # 5f + 8k, 17b (wraps movement.decide_reserve)
    FireFrame: fire.decide,
    AssaultFrame: assault.decide,
    assault_steps.AssaultCombat: assault_steps.decide,
    punishing.PunishingRetreat: punishing.decide,
    booby_retreat.TrapWindow: booby_retreat.decide,
    ArtilleryFrame: artillery.decide,
    EventChoice: scenarios.decide_event,
    scenario_events.ExtraPlays: scenario_events.decide_extra,
}
ACT = {
    vehstate.APFire: apfire.act,
    vehstate.ModeChoice: vehicles.act_mode,
    vehsetup.FacingChoice: vehsetup.act,
    deployment.Deploy: deployment.act,
    BonusPick: bonus.act_pick,
    InitiativePick: sequence.act_initiative,
    Impulse: sequence.act_impulse,
    MoveFrame: movement.act_move,
    OppFireWindow: movement.act_window,
    FireChoice: movement.act_fire_choice,
    ReserveFrame: transport.act_reserve,
    FireFrame: fire.act,
    AssaultFrame: assault.act,
    assault_steps.AssaultCombat: assault_steps.act,
    punishing.PunishingRetreat: punishing.act,
    booby_retreat.TrapWindow: booby_retreat.act,
    ArtilleryFrame: artillery.act,
    EventChoice: scenarios.act_event,
    scenario_events.ExtraPlays: scenario_events.act_extra,
}
ADVANCE = {
    vehstate.APFire: apfire.advance,
    vehstate.ModeChoice: vehicles.advance_mode,
    vehsetup.FacingChoice: vehsetup.advance,
    deployment.Deploy: deployment.advance,
    InitiativePick: sequence.advance_initiative,
    Impulse: sequence.advance_impulse,
    DrawUp: cards.advance_draw_up,
    OppFireWindow: movement.advance_window,
    FireChoice: movement.advance_fire_choice,
    FireFrame: fire.advance,
    AssaultFrame: assault.advance,
    assault_steps.AssaultCombat: assault_steps.advance,
    punishing.PunishingRetreat: punishing.advance,
    booby_retreat.TrapWindow: booby_retreat.advance,
    scenario_events.ExtraPlays: scenario_events.advance_extra,
}


class GoERules(Rules):
    name = "goe85"
    version = "0.2.0"  # typed actions (0.1.0 logs do not replay)
    title = "'85 Afghanistan: Graveyard of Empires"
    players = PLAYERS
    max_decisions = 20_000
    events = EVENTS + fortifications.EVENTS + abilities_extra.EVENTS + vehstate.EVENTS + assault_steps.EVENTS
    actions = ACTIONS
    frames = vehstate.FRAMES + FRAMES + deployment.FRAMES + assault_steps.FRAMES + punishing.FRAMES + booby_retreat.FRAMES + vehsetup.FRAMES
    frames += scenario_events.FRAMES
    appliers = appliers
    state_class = GoEState

    def __init__(self) -> None:
        self.data = game_data()
        self.tec = self.data.tec

    def scenarios(self):
        return {s.id: Scenario(s.id, s.title) for s in self.data.scenarios.values()}

    def spec(self, state):
        return self.data.scenarios[state.scenario]

    def entry_hexes(self, state, side):
        return scenarios.entry_hexes(state, side)

    def after_step(self, ctx, movers, h) -> None:
        scenarios.after_step(self, ctx, movers, h)

    def check_sudden_end(self, ctx) -> bool:
        return scenarios.sudden_end(self, ctx)

    def on_eliminated(self, ctx, unit) -> None:
        scenarios.on_eliminated(ctx, unit)

    def resolve_event(self, ctx, cid: str, drawer: str) -> None:
        scenarios.resolve_event(ctx, cid, drawer)

    def scenario_card_plays(self, state, side: str, cid: str, uses) -> list:
        return scenario_events.card_plays(self, state, side, cid, uses)

    def scenario_play(self, ctx, side: str, action) -> bool:
        return scenario_events.play(self, ctx, side, action)

    # -- the core's surface ---------------------------------------------------------------------
    def setup(self, ctx, scenario, options):
        scenarios.setup(self, ctx, scenario, options)

    def decision(self, state):
        frame = state.top
        if frame is None:
            return None
        handler = DECIDE.get(type(frame))
        decision = handler(self, state, frame) if handler else None
        return scenario_events.filter_decision(self, state, decision)  # scenario limits (no assaults, roads)

    def act(self, ctx, action):
        frame = ctx.state.top
        if not scenario_events.before_act(self, ctx, action):  # Zhawar: the draw before assaulting a T-55
            ACT[type(frame)](self, ctx, frame, action)
        scenario_events.after_act(self, ctx, action)  # Air Assault: an emptied Mi-8 leaves the map

    def advance(self, ctx):
        state = ctx.state
        frame = state.top
        if frame is not None:
            ADVANCE[type(frame)](self, ctx, frame)
            return
        phase = state.phase
        if phase == "setup":  # every side has deployed (setup.py)
            scenarios.finish_setup(self, ctx)
        elif phase == "deal":
            if scenario_events.turn_start(self, ctx):  # Air Assault's second wave
                return
            sequence.deal(self, ctx)
        elif phase == "initiative":
            sequence.start_initiative(self, ctx)
        elif phase == "reserve":  # both sides have moved: clean up (5g), morale (City Boys)
            bonus.check(self, ctx, end_of_reserve=True)
            if self.spec(state).victory == "morale" and scenarios.morale_check(self, ctx):
                return
            sequence.cleanup(self, ctx)
        elif phase == "cleanup":
            scenario_events.end_of_turn(self, ctx)  # Air Assault: the second wave's Mi-8s leave after turn 6
            if scenarios.sudden_end(self, ctx):
                return
            if state.turn >= self.spec(state).turns:
                scenarios.final_result(self, ctx)
            else:
                ctx.emit(PhaseSet("deal", state.turn + 1))
        else:
            raise AssertionError(f"nothing to do in phase {phase!r} with an empty stack")

    # -- views and words ------------------------------------------------------------------------
    def observe(self, state, player):
        board = board_at(state) if state.scenario else None
        units = {}
        for uid, u in sorted(state.units.items()):
            units[uid] = {
                "type": u.type, "side": u.side, "hex": board.label(u.hex) if (board and u.hex is not None) else None,
                "reduced": u.reduced, "shaken": u.shaken, "marker": u.marker, "concealed": u.concealed,
                "carrier": u.carrier, "facing": u.facing, "mode": u.mode,  # 8b, 15d, 17b
            }
        deck = state.decks.get(DECK)
        bonus_deck = state.decks.get(bonus.BONUS)
        top = state.top
        return {
            "scenario": state.scenario, "turn": state.turn, "phase": state.phase, "initiative": state.initiative,
            "end_turns": state.end_turns, "smoke": {board.label(h): v for h, v in sorted(state.smoke.items())} if board else {}, "vp": dict(state.vp), "control": dict(sorted(state.control.items())),
            "tiles": {board.label(h): k for h, k in sorted(state.tiles.items())} if board else {},  # laid in play
            "units": units, "cards": deck.view(player) if deck else {},
            "stacks": transport.stacks(state, board) if board else {},  # 8b: passengers on top of their carrier
            "bonus": bonus_deck.view(player) if bonus_deck else {},
            "losses": dict(state.losses), "heroes_lost": dict(state.heroes_lost), "edge_reached": sorted(state.edge_reached),
            "procedure": None if top is None else type(top).__name__,
        }

    def describe_action(self, action, state):
        from .describe import describe

        return describe(self, action, state)

    def narrate(self, event, state):
        from .narration import line

        return line(event, state)

