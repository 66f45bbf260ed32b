"""The '85 Graveyard of Empires ruleset: metadata, dispatch by frame, the phase machine, views, words."""
from __future__ import annotations

from tabletop_core import Rules, Scenario
from tabletop_core.errors import UnknownNameError

from . import dispatch
from .data.loading import game_data
from .model import vehicles as vehicle_model
from .model.actions import ACTIONS
from .model.events import EVENTS, PhaseSet, appliers
from .model.frames import FRAMES, Impulse
from .model.occupancy import dropping_index
from .model.state import DECK, PLAYERS, GoEState
from .procedures import bonus_cards, turn
from .queries import carrying
from .queries.board import board_at, board_for
from .scenarios import common
from .scenarios.catalogue import scenario_rules
from .scenarios.rule_set import ScenarioRules


class GoERules(Rules):
    name = "goe85"
    version = "0.8.0"  # 0.8.0, issue 15: the impulse asks for the card (PickCard), then what it is played for, a helicopter on the map first picked (PickHelicopter) and then what it does; a whole play is still taken at each step (0.7.0 logs do not replay). 0.7.0: a Punishing Fire target on an edge its scenario makes an exit may step back off the map and exits (13d with 18j: Sherkhankhel, whose 0.6.0 logs may not replay). 0.6.0, issue 12 item 14: every card use played for a helicopter (Rally, Reload & Fire, Punishing Fire, Powers, Opportunity Fire) is a designation, its mode declared before the rest (0.5.0 logs do not replay). 0.5.0, issue 12: vehicles (8a half-MF transport, helicopter mode before Fire, one hex of entrants a Move, bunker facing chosen and AP through its front, set-up by movement class, entry facing and concealment chosen); control (helicopters in the air take none, landing and unloading do; a hex entered by an assault only once held); assault (fought at the end of the impulse, Move & Fire never into an enemy hex, retreats by movement class); IED AP or HE; Booby Trap on the moving stack; Jalalabad #33; fire: Opportunity Fire on whole stacks, chosen supporters, passengers never fire, Hero MF only while with him, helicopter HE modifiers; issue 11: the Reserve Phase, artillery and fire plays asked in two steps (0.4.0 logs do not replay)
    title = "'85 Afghanistan: Graveyard of Empires"
    players = PLAYERS
    max_decisions = 20_000
    events = EVENTS + vehicle_model.EVENTS
    actions = ACTIONS
    frames = vehicle_model.FRAMES + FRAMES
    appliers = dropping_index(appliers)  # every event drops the hex -> units index (model/occupancy.py)
    state_class = GoEState
    card_families = dispatch.CARD_FAMILIES  # what the impulse offers and resolves (6b, 6c)

    def __init__(self) -> None:
        self.data = game_data()
        self.tec = self.data.tec
        self._special = scenario_rules(self.data.scenarios)  # every scenario's module (scenarios/catalogue.py)

    def scenarios(self):
        return {s.id: Scenario(s.id, s.title) for s in self.data.scenarios.values()}

    def scenario_board(self, scenario_id: str):
        """The printed board of a scenario (its maps laid out and its scenario tiles, 24a/24d) as the
        core's ``BoardState`` (``.board`` is the bare hex ``Board``): public data, the same for
        every game of the scenario (terrain laid in play is in the state and the view's tiles)."""
        if scenario_id not in self.data.scenarios:
            raise UnknownNameError("goe85 scenario", scenario_id, sorted(self.data.scenarios))
        return board_for(scenario_id).state

    def spec(self, state):
        return self.data.scenarios[state.scenario]

    def entry_hexes(self, state, side):
        return common.entry_hexes(state, side)

    # -- what procedures ask of the scenario (its ScenarioRules, composed at start: scenarios/rule_set.py)
    def special_rules(self, state) -> ScenarioRules:
        """The special rules and victory of the scenario being played."""
        return self._special[state.scenario]

    def restricts(self, state, frame_type: type) -> bool:
        """Whether the scenario's special rules limit the actions of a step of this kind (its
        ``restricted_steps``): a two-step choice then checks each first step against them, so
        that none leads to nothing."""
        return bool(state.scenario) and frame_type in self.special_rules(state).restricted_steps

    def check(self, state, action):
        frame = state.top
        check = dispatch.PROCEDURES[type(frame)].check if frame is not None else None
        return check(self, state, frame, action) if check else super().check(state, action)

    def after_step(self, ctx, movers, h) -> None:
        common.after_step(self, ctx, movers, h)

    def occupy(self, ctx, side: str, h) -> None:
        """24e: ``side``'s units are now in ``h`` (after an assault, a retreat): control follows."""
        common.occupy(self, ctx, side, h)

    def score_bonus_cards(self, ctx, *, end_of_reserve: bool = False) -> None:
        """24b: reveal and score the Bonus cards whose goal is met (after an impulse, a Reserve Phase)."""
        bonus_cards.check(self, ctx, end_of_reserve=end_of_reserve)

    def check_sudden_end(self, ctx) -> bool:
        return self.special_rules(ctx.state).sudden_end(self, ctx)

    def on_eliminated(self, ctx, unit) -> None:
        self.special_rules(ctx.state).on_eliminated(self, ctx, unit)

    def resolve_event(self, ctx, cid: str, drawer: str) -> None:
        common.resolve_event(ctx, cid, drawer)

    def scenario_card_plays(self, state, side: str, cid: str, uses, shared: dict | None = None) -> list:
        return self.special_rules(state).card_plays(self, state, side, cid, uses, shared)

    def scenario_play(self, ctx, side: str, action) -> bool:
        return self.special_rules(ctx.state).play(self, ctx, side, action)

    # -- the core's surface ---------------------------------------------------------------------
    def setup(self, ctx, scenario, options):
        common.setup(self, ctx, scenario, options)

    def decision(self, state):
        frame = state.top
        if frame is None:
            return None
        handler = dispatch.PROCEDURES[type(frame)].decide
        decision = handler(self, state, frame) if handler else None
        if decision is None or not state.scenario:
            return decision
        special = self.special_rules(state)
        if type(frame) not in special.restricted_steps:
            return decision
        return special.restrict(self, state, decision)  # no assaults, road-bound vehicles ...

    def act(self, ctx, action):
        frame = ctx.state.top
        special = self.special_rules(ctx.state) if ctx.state.scenario else None
        if special is None or not special.before_act(self, ctx, action):  # Zhawar: the draw before a T-55
            dispatch.PROCEDURES[type(frame)].act(self, ctx, frame, action)
        if special is not None and ctx.state.result is None:
            special.after_act(self, ctx, action)  # Air Assault: an emptied Mi-8 leaves the map

    def advance(self, ctx):
        state = ctx.state
        frame = state.top
        if frame is not None:
            dispatch.PROCEDURES[type(frame)].advance(self, ctx, frame)
            return
        phase = state.phase
        if phase == "setup":  # every side has deployed (setup.py)
            common.finish_setup(self, ctx)
        elif phase == "deal":
            if self.special_rules(state).turn_start(self, ctx):  # Air Assault's second wave
                return
            turn.deal(self, ctx)
        elif phase == "initiative":
            turn.start_initiative(self, ctx)
        elif phase == "reserve":  # both sides have moved: clean up (5g), morale (City Boys)
            self.score_bonus_cards(ctx, end_of_reserve=True)
            if self.special_rules(state).end_of_reserve(self, ctx):  # City Boys: morale
                return
            turn.cleanup(self, ctx)
        elif phase == "cleanup":
            special = self.special_rules(state)
            special.end_of_turn(self, ctx)  # Air Assault: the second wave's Mi-8s leave after turn 6
            if special.sudden_end(self, ctx):
                return
            last = self.spec(state).turns  # 0: the scenario prints no last turn (Kill Zone)
            if last and state.turn >= last:
                special.final_result(self, ctx)
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
        bonus_deck = state.decks.get(bonus_cards.BONUS)
        top = state.top
        return {
            "scenario": state.scenario, "turn": state.turn, "phase": state.phase, "initiative": state.initiative,
            "end_turns": state.end_turns, "smoke": {board.label(h): v for h, v in sorted(state.smoke.items())} if board else {}, "vp": dict(state.vp), "control": dict(sorted(state.control.items())),
            "tiles": {board.label(h): k for h, k in sorted(state.tiles.items())} if board else {},  # laid in play
            "wrecks": [board.label(h) for h in sorted(state.wrecks)] if board else [],  # 2b, 9: wreck counters
            "units": units, "cards": deck.view(player) if deck else {},
            "stacks": carrying.stacks(state, board) if board else {},  # 8b: passengers on top of their carrier
            "bonus": bonus_deck.view(player) if bonus_deck else {},
            "losses": dict(state.losses), "heroes_lost": dict(state.heroes_lost), "edge_reached": sorted(state.edge_reached),
            "procedure": None if top is None else type(top).__name__,
        }

    def picture(self, view, player):
        from .picture import picture

        return picture(self, view, player)

    def propose(self, state, decision, rng):
        frame = state.top
        return turn.propose_fire_play(self, state, frame, decision, rng) if isinstance(frame, Impulse) else None

    def parametric_help(self, decision) -> str:
        """The impulse takes a whole play from a script; a person picks the card first."""
        return "the card's number: what it is played for is asked next"

    def describe_action(self, action, state):
        from .describe import describe

        return describe(self, action, state)

    def narrate(self, event, state):
        from .narration import line

        return line(event, state)

