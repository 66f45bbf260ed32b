"""FUBAR as a tabletop ruleset: the rules object, its decision/act/advance routing, views and words.

Turn structure (# FUBAR initiative, activation-sequence, close-combat): turn start (reinforcements,
initiative), close combats carried over, then the activation sequence until every unit has had its
attempt, then the end-of-turn check.  Procedures that wait for a player mid-way are frames on the
stack (state.py): an activated unit's action, a Walk's move-and-fire, the allocation of hits, an
On Guard reaction window, a close combat's leave/follow, the BVP conversion.
"""
from __future__ import annotations

import copy
from functools import cache, lru_cache

import attrs

from tabletop_core import Decision, Rules, Scenario

from . import activation as act_mod
from . import close_combat as cc
from . import (
    action_menu, casualties, fire, measured_move, move_allowance, move_menu, movement, on_guard, scenarios, targeting,
    transport, view, walking,
)
from .answer_cache import ByIdentity
from .data import FubarData, build_table, load
from .measure import Measure
from .policy import BASE_POLICY, FubarPolicy
from .state import (
    ACTIONS,
    EVENTS,
    FRAMES,
    PLAYERS,
    Activate,
    Activated,
    ActivationRolled,
    AllocateHits,
    Assault,
    AssigningFire,
    AssignShot,
    BvpAwarded,
    BvpConversionChosen,
    CasualtiesTaken,
    Choose,
    Choosing,
    CombatBegan,
    CombatEnded,
    CombatRound,
    CombatRoundFought,
    CombatsQueued,
    CombatStep,
    ConvertBvp,
    ConvertingBvp,
    Decline,
    DesignateHideout,
    DesignatingHideouts,
    Disembark,
    Disembarked,
    Embark,
    Embarked,
    EndAction,
    FiguresSuppressed,
    FireAt,
    FireDeclared,
    FireResult,
    Follow,
    ForceMustered,
    FubarState,
    GoOnGuard,
    GoToGround,
    InitiativePassed,
    InitiativeSet,
    LeaveCombat,
    LetGo,
    Move,
    MoveFigures,
    OnGuardSet,
    OnGuardWindow,
    PhaseChanged,
    ReactFire,
    ReservesUsed,
    ScenarioSet,
    Spot,
    SplitFire,
    StanceSet,
    StayInCombat,
    SuppressFigure,
    TakeCasualty,
    TurnBegan,
    UnitHidden,
    UnitMoved,
    UnitPlaced,
    UnitRevealed,
    VehicleDamaged,
    VpScored,
    Walk,
    Walking,
    appliers,
)


#: unit entries ``view.observation`` keeps at once (``FubarRules.unit_views``)
UNIT_VIEWS_KEPT = 2048


@cache
def _measure(table_id: str, data: FubarData) -> Measure:
    return Measure(build_table(data.tables[table_id]))


class _MeasureByTable(dict):
    """Table id -> ``_measure(table id, data)``, filled as asked: ``measure_for`` is asked thousands
    of times a game, and a look-up by the table id alone skips the cache's key pair.  The same
    Measure objects as ``_measure``'s (the data is fixed per rules object), so it cannot go stale."""

    def __init__(self, data: FubarData):
        super().__init__()
        self.data = data

    def __missing__(self, table_id: str) -> Measure:
        measure = self[table_id] = _measure(table_id, self.data)
        return measure


class FubarRules(Rules):
    name = "fubar"
    # 1.1: hideouts designated and BVP converted by secret decisions; 1.2: measured free movement
    # (MoveFigures), the wider suggested moves, On Guard along the path, Walk fire partway; figures
    # picked by their owner, split fire by figure, transports, civilians; 1.3: riders placed by their
    # owner; 1.4: Spot offered at every hidden enemy (the roll settles sight), public reserves;
    # 1.5: an activated unit's action in two steps, what then where (action_menu.py); 1.5.1: On
    # Guard's range prune allows for bases wider than 1" (a vehicle watching a vehicle at the edge
    # of its range reacts: a window once missing is offered)
    version = "1.5.1"
    title = "FUBAR: d6 activation skirmish"
    players = PLAYERS
    max_decisions = 8000
    events = EVENTS
    actions = ACTIONS
    frames = FRAMES
    appliers = appliers
    state_class = FubarState

    def __init__(self, policy: FubarPolicy = BASE_POLICY):
        self.data: FubarData = load()
        self.policy = policy
        #: each unit as ``view.observation`` shows it in full, kept under the unit's identity (a
        #: rules object per game: the entries go with it; a view needs only the units standing now,
        #: so a few thousand entries, each a unit value's, are plenty)
        self.unit_views = ByIdentity(limit=UNIT_VIEWS_KEPT)
        #: each table's measuring (``measure_for``), as ``_measure`` keeps it
        self._measures = _MeasureByTable(self.data)
        #: the units' ids in sorted order, by the order they arrived in (``view.observation``)
        self.unit_orders: dict[tuple[str, ...], tuple[str, ...]] = {}

    # -- variants -------------------------------------------------------------------------------
    def with_policy(self, policy: FubarPolicy) -> "FubarRules":
        """A new rules object with ``policy`` (this one is left as it is)."""
        new = copy.copy(self)
        new.policy = policy
        return new

    # -- helpers the rule modules call ----------------------------------------------------------
    def measure_for(self, u) -> Measure:
        return self._measures[u.table]

    def measure_of_scenario(self, scenario: str) -> Measure:
        """The measuring of a scenario's table (agents measure public positions with it)."""
        return _measure(self.data.scenarios[scenario].table, self.data)

    def table_of(self, scenario: str):
        return build_table(self.data.tables[self.data.scenarios[scenario].table])

    @staticmethod
    def engaged(state, uid: str) -> bool:
        return targeting.engaged(state, uid)

    def objective_points(self, scenario: str) -> dict[str, tuple[float, float]]:
        return _objective_points(self.data, scenario)

    def after_move(self, ctx, uid: str) -> None:
        scenarios.after_move(self, ctx, uid)

    # -- procedures that start On Guard reactions reach them here: On Guard builds on fire, so
    # neither fire nor moving imports it (the windows open as they did when they were called
    # directly: pushing a frame to open them would add events)
    def open_move_windows(self, ctx, uid: str, starts, paths, *, was_hidden: bool) -> None:
        """# FUBAR on-guard: reaction windows after ``uid`` moved along ``paths`` (``on_guard.py``)."""
        on_guard.open_move_windows(self, ctx, uid, starts, paths, was_hidden=was_hidden)

    def open_fire_windows(self, ctx, uid: str) -> None:
        """Reaction windows after ``uid`` fired, where the policy lets On Guard answer fire (``on_guard.py``)."""
        on_guard.open_fire_windows(self, ctx, uid)

    def after_losses(self, ctx, uid: str) -> None:
        """A unit wiped out leaves any close combat it was in."""
        state = ctx.state
        if state.units[uid].alive:
            return
        for cid, c in list(state.combats.items()):
            if uid in (c.attacker, c.defender):
                ctx.emit(CombatEnded(cid, f"{uid} was wiped out"))

    # -- metadata -------------------------------------------------------------------------------
    def scenarios(self):
        return {s.id: Scenario(s.id, s.title, s.description) for s in self.data.scenarios.values()}

    def setup(self, ctx, scenario, options):
        scenarios.setup(self, ctx, scenario)

    # -- decisions ------------------------------------------------------------------------------
    # decision, act and advance run at every step of every game: they read the stack itself
    # rather than through ``state.top`` (a property: one Python call more each time)
    def decision(self, state):
        stack = state.stack
        if stack:
            top = stack[-1]
            return _DECIDE[type(top)](self, state, top)
        if state.phase == "activation":
            p = state.current
            units = act_mod.units_to_try(state, p)
            if units:
                return _activation_menu(p, tuple(units))
        return None

    def act(self, ctx, action):
        stack = ctx.state.stack
        if stack and type(stack[-1]) is Choosing:
            ctx.pop()  # step two taken: the action completes the frame below (action_menu.py)
        _ACT[type(action)](self, ctx, action)

    def advance(self, ctx):
        state = ctx.state
        stack = state.stack
        if stack:
            top = stack[-1]
            _ADVANCE[type(top)](self, ctx, top)
            return
        phase = state.phase
        if phase == "turn_start":
            self._begin_turn(ctx)
        elif phase == "combat":
            queue = state.combat_queue
            if queue:
                ctx.emit(CombatsQueued(queue[1:]))
                c = ctx.state.combats.get(queue[0])
                if c is not None and state.units[c.attacker].alive and state.units[c.defender].alive:
                    cc.begin_combat_turn(self, ctx, queue[0])
            else:
                ctx.emit(PhaseChanged("activation"))
        elif phase == "activation":
            nxt = act_mod.next_player(state, state.current, include_self=False)
            if nxt is not None and nxt != state.current:
                ctx.emit(InitiativePassed(nxt))
            else:
                ctx.emit(PhaseChanged("end_turn"))
        elif phase == "end_turn":
            if scenarios.mission_over(self, state):
                scenarios.end_mission(self, ctx)
            else:
                ctx.emit(PhaseChanged("turn_start"))
        else:
            raise RuntimeError(f"fubar: nothing to do in phase {phase!r}")

    def _begin_turn(self, ctx):
        state = ctx.state
        ctx.emit(TurnBegan(state.turn + 1))
        scenarios.reinforce(self, ctx)
        spec = self.data.scenarios[state.scenario]
        act_mod.roll_initiative(ctx, self.players, spec.initiative)
        if ctx.state.combats:
            ctx.emit(CombatsQueued(tuple(sorted(ctx.state.combats))))
            ctx.emit(PhaseChanged("combat"))
        else:
            ctx.emit(PhaseChanged("activation"))

    # -- parametric actions: measured moves (measured_move.py), getting out (transport.py) ----
    def check(self, state, action):
        if type(action) is Disembark:
            return transport.check(self, state, action)
        return measured_move.check(self, state, action)

    def propose(self, state, decision, rng):
        if Disembark in decision.accepts:
            return transport.propose(self, state, rng)
        return measured_move.propose(self, state, rng)

    def parse_action(self, text, state, decision):
        if Disembark in decision.accepts:
            return transport.parse(state, text)
        return measured_move.parse(state, text)

    def parametric_help(self, decision):
        return transport.HELP if Disembark in decision.accepts else measured_move.HELP

    def explain_illegal(self, state, action, decision):
        """The reason for refusing a figure pick or a boarding (other refusals: the core's words)."""
        t = type(action)
        if t in (TakeCasualty, SuppressFigure):
            return casualties.why_not(self, state, state.top, action)
        if t is Embark and isinstance(state.top, Activated):
            return transport.why_not_embark(self, state, state.top.unit, action.vehicle)
        return None

    # -- views ----------------------------------------------------------------------------------
    def observe(self, state, player):
        return view.observation(self, state, player)

    def perturb_hidden(self, state, player, rng):
        """Change, for the view check, every secret of the other players beyond decks: hidden units
        move nearby and the other players' BVP conversion choices change (the insurgent reserves are
        public: the scenario's count less each arrival, ``ReservesUsed``).
        (The hideouts are deck piles hidden from ISAF; the kit itself redeals those.)"""
        for uid, u in list(state.units.items()):
            if u.side == player or not u.hidden:
                continue
            dx, dy = rng.randint(-30, 30) / 10, rng.randint(-30, 30) / 10
            figs = tuple(attrs.evolve(f, x=min(max(f.x + dx, 0.5), 47.5), y=min(max(f.y + dy, 0.5), 47.5))
                         for f in u.figures)
            state.units[uid] = attrs.evolve(u, figures=figs)
        for p, trade in list(state.bvp_choices.items()):
            if p != player:
                state.bvp_choices[p] = rng.randint(0, max(state.bvp.get(p, 0), 0))

    # -- words ----------------------------------------------------------------------------------
    def describe_action(self, action, state):
        if type(action) is Disembark:
            return transport.describe(state, action)
        return _describe(action)

    def narrate(self, event, state):
        return _narrate(self, event, state)

    def picture(self, view, player):
        from .picture import picture

        return picture(self, view, player)


@cache
def _objective_points(data: FubarData, scenario: str) -> dict[str, tuple[float, float]]:
    spec = data.scenarios[scenario]
    points = {o.id: (o.x, o.y) for o in spec.objectives}
    if spec.hideouts:  # the recovery team's objectives are the buildings that may hide insurgents
        for f in data.tables[spec.table].features:
            if f.kind == "building":
                xs = [p[0] for p in f.vertices]
                ys = [p[1] for p in f.vertices]
                points[f.id] = ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)
    return points


@lru_cache(maxsize=4096)
def _activation_menu(player: str, units: tuple[str, ...]) -> Decision:
    """# FUBAR activation-sequence: the player picks which of its units tries next.  A value of
    the player and the units left (the same few come back turn after turn, game after game), so
    it is built once for each (the actions and the decision are frozen values)."""
    return Decision(player, tuple(Activate(u) for u in units), "choose a unit to activate")


# == decisions per frame ===========================================================================
def _decide_activated(rules, state, frame: Activated):
    u = state.units.get(frame.unit)
    if u is None or not u.alive:
        return None
    if u.carried_by:
        return Decision(u.side, transport.riding_actions(rules, state, u),
                        f"{u.id} rides in {u.carried_by}: get out where you choose, or stay", accepts=(Disembark,))
    return action_menu.activated(rules, state, u, frame)


def _decide_walking(rules, state, frame: Walking):
    u = state.units.get(frame.unit)
    if u is None or not u.alive or (frame.moved and frame.fired):
        return None
    return action_menu.walking_step(rules, state, u, frame)


def _decide_choosing(rules, state, frame: Choosing):
    return action_menu.step_two(rules, state, frame)


def _decide_allocate(rules, state, frame: AllocateHits):
    """# FUBAR suppression, casualties: the owner picks the figure each hit falls on."""
    picks = casualties.options(rules, state, frame)
    if casualties.no_choice(picks, frame):
        return None
    u = state.units[frame.unit]
    left = frame.hits - len(frame.killed) - len(frame.suppressed)
    what = "casualty" if frame.casualties_only else "casualty or suppressed figure"
    return Decision(u.side, tuple(picks), f"{u.id} has {left} unsaved hit(s) to take ({frame.reason}): pick a {what}")


def _decide_split(rules, state, frame: AssigningFire):
    """# FUBAR fire: split fire: the owner names the next figure's target."""
    shots = fire.shot_options(rules, state, frame)
    if len(shots) < 2:  # a figure with a single target in reach is not asked
        return None
    u = state.units[frame.unit]
    return Decision(u.side, tuple(shots), f"{u.id} splits its fire: the target of {shots[0].figure}")


def _decide_window(rules, state, frame: OnGuardWindow):
    """While its player has a hidden On Guard unit able to react, the window asks even when no unit
    can fire (then only to decline): closing it unasked would show the enemy that unit could not."""
    e = state.units.get(frame.enemy)
    if e is None or not e.alive or rules.engaged(state, frame.enemy):
        return None
    units = on_guard.reactors(rules, state, frame)
    if not units and not on_guard.hidden_guard(state, frame.player):
        return None
    return Decision(frame.player, tuple(ReactFire(u) for u in units) + (Decline(),),
                    f"On Guard: react to {frame.enemy}'s {frame.trigger}?")


def _decide_combat(rules, state, frame: CombatStep):
    c = state.combats.get(frame.combat)
    if c is None or frame.step in ("assault", "fight", "caught?"):
        return None
    a, d = state.units[c.attacker], state.units[c.defender]
    if not (a.alive and d.alive):
        return None
    if frame.step in ("attacker", "defender"):
        u = a if frame.step == "attacker" else d
        return Decision(u.side, (StayInCombat(u.id), LeaveCombat(u.id)), f"{u.id} is in close combat: stay or leave?")
    follower = d if frame.leaver == a.id else a
    return Decision(follower.side, (Follow(follower.id), LetGo(follower.id)), f"{frame.leaver} breaks off: follow?")


def _decide_bvp(rules, state, frame: ConvertingBvp):
    """# FUBAR bvp: each player with BVP chooses in secret; none is told another's choice until
    all have chosen (the choices wait in ``state.bvp_choices``)."""
    if not frame.players:
        return None
    p = frame.players[0]
    bvp = state.bvp.get(p, 0)
    if bvp <= 0:
        return None
    return Decision(p, tuple(ConvertBvp(k) for k in range(bvp + 1)),
                    f"{p} has {bvp} BVP: how many to trade for 3 VP each (the rest are rolled)? (secret)")


def _decide_hideout(rules, state, frame: DesignatingHideouts):
    options = scenarios.designation_options(state)
    if frame.left <= 0 or not options:
        return None
    return Decision("insurgents", tuple(DesignateHideout(b) for b in options),
                    f"designate a building as a hideout ({frame.left} to go; secret)")


def _decide_nothing(rules, state, frame):
    return None


_DECIDE = {
    Activated: _decide_activated, Walking: _decide_walking, AllocateHits: _decide_allocate,
    OnGuardWindow: _decide_window, CombatStep: _decide_combat, ConvertingBvp: _decide_bvp,
    DesignatingHideouts: _decide_hideout, AssigningFire: _decide_split, CombatRound: _decide_nothing,
    Choosing: _decide_choosing,
}


# == actions =======================================================================================
def _activate(rules, ctx, a: Activate):
    if act_mod.attempt(rules, ctx, a.unit):
        ctx.push(Activated(a.unit))


def _choose(rules, ctx, a: Choose):
    ctx.push(Choosing(ctx.state.top.unit, a.kind))


def _spot(rules, ctx, a: Spot):
    frame = ctx.state.top
    ctx.replace(Activated(frame.unit, True))
    fire.try_spot(rules, ctx, frame.unit, a.target)


def _walk(rules, ctx, a: Walk):
    frame = ctx.state.top
    u = ctx.state.units[frame.unit]
    ctx.replace(Walking(frame.unit, "drive" if u.vehicle else "walk"))


def _leg_made(ctx, frame, u, used) -> None:
    """A move ends the action, or the current leg of a Walk (what it cost is spent)."""
    if isinstance(frame, Walking):
        ctx.replace(attrs.evolve(frame, moved=True, spent=movement.spend(frame, u, used)))
    else:
        ctx.pop()


def _move(rules, ctx, a: Move):
    frame = ctx.state.top
    u = ctx.state.units[frame.unit]
    ends, used = move_menu.plan(rules, ctx.state, u, a, move_allowance.allowance(u, frame, a.mode))
    _leg_made(ctx, frame, u, used)
    paths = tuple((e,) if e != f.pos else () for f, e in zip(u.figures, ends))
    movement.move_figures(rules, ctx, u.id, a.mode, paths, how=move_menu.describe(a))


def _move_figures(rules, ctx, a: MoveFigures):
    frame = ctx.state.top
    u = ctx.state.units[frame.unit]
    _leg_made(ctx, frame, u, measured_move.costs(rules, u, a.paths))
    movement.move_figures(rules, ctx, u.id, a.mode, a.paths, how="to points of its owner's choosing")


def _fire_at(rules, ctx, a: FireAt):
    frame = ctx.state.top
    small_arms = False
    if isinstance(frame, Walking):
        # FUBAR actions: the fire may come at any point of a Walk: what is left of the move follows
        ctx.replace(attrs.evolve(frame, fired=True, moved=False))
        small_arms = walking.small_arms_only(ctx.state.units[frame.unit], frame)
    else:
        ctx.pop()
    fire.resolve_fire(rules, ctx, frame.unit, a.targets, aimed=a.aimed, small_arms_only=small_arms)


def _end_action(rules, ctx, a: EndAction):
    ctx.pop()


def _on_guard(rules, ctx, a: GoOnGuard):
    frame = ctx.pop()
    ctx.emit(OnGuardSet(frame.unit))


def _ground(rules, ctx, a: GoToGround):
    frame = ctx.pop()
    movement.go_to_ground(rules, ctx, frame.unit)


def _assault(rules, ctx, a: Assault):
    frame = ctx.pop()
    cc.assault(rules, ctx, frame.unit, a.target)


def _pick_figure(rules, ctx, a):
    casualties.pick(rules, ctx, ctx.state.top, a)


def _split(rules, ctx, a: SplitFire):
    frame = ctx.state.top
    if isinstance(frame, Walking):
        # FUBAR actions: fired at one point of the Walk; what is left of the move follows
        ctx.replace(attrs.evolve(frame, fired=True, moved=False))
        u = ctx.state.units[frame.unit]
        if walking.small_arms_only(u, frame):
            targets = tuple(walking.walking_targets(rules, ctx.state, u))
            fire.start_split(rules, ctx, frame.unit, a.aimed, small_arms=True, targets=targets)
            return
    else:
        ctx.pop()
    fire.start_split(rules, ctx, frame.unit, a.aimed)


def _assign(rules, ctx, a: AssignShot):
    fire.assign_shot(rules, ctx, ctx.state.top, a)


def _embark(rules, ctx, a: Embark):
    frame = ctx.pop()
    transport.embark(rules, ctx, frame.unit, a.vehicle)


def _disembark(rules, ctx, a: Disembark):
    frame = ctx.pop()
    transport.disembark(rules, ctx, frame.unit, a.positions)


def _react(rules, ctx, a: ReactFire):
    on_guard.react(rules, ctx, ctx.state.top, a.unit)


def _decline(rules, ctx, a: Decline):
    ctx.pop()


def _stay(rules, ctx, a: StayInCombat):
    frame = ctx.state.top
    ctx.replace(CombatStep(frame.combat, "defender" if frame.step == "attacker" else "fight"))


def _leave(rules, ctx, a: LeaveCombat):
    cc.try_leave(rules, ctx, ctx.state.top, a.unit)


def _follow(rules, ctx, a: Follow):
    cc.try_follow(rules, ctx, ctx.state.top, a.unit)


def _let_go(rules, ctx, a: LetGo):
    frame = ctx.pop()
    ctx.emit(CombatEnded(frame.combat, f"{frame.leaver} got away"))


def _convert(rules, ctx, a: ConvertBvp):
    scenarios.choose_conversion(rules, ctx, ctx.state.top.players[0], a.trade)


def _designate(rules, ctx, a: DesignateHideout):
    scenarios.designate(rules, ctx, a.building)


_ACT = {
    Activate: _activate, Choose: _choose, Spot: _spot, Walk: _walk, Move: _move, MoveFigures: _move_figures, FireAt: _fire_at, EndAction: _end_action,
    GoOnGuard: _on_guard, GoToGround: _ground, Assault: _assault, ReactFire: _react,
    Decline: _decline, StayInCombat: _stay, LeaveCombat: _leave, Follow: _follow, LetGo: _let_go,
    ConvertBvp: _convert, DesignateHideout: _designate, TakeCasualty: _pick_figure, SuppressFigure: _pick_figure,
    SplitFire: _split, AssignShot: _assign, Embark: _embark, Disembark: _disembark,
}


# == automatic steps ===============================================================================
def _pop_stale(rules, ctx, frame):
    ctx.pop()


def _advance_allocate(rules, ctx, frame: AllocateHits):
    casualties.settle_unasked(rules, ctx, frame)


def _advance_split(rules, ctx, frame: AssigningFire):
    shots = fire.shot_options(rules, ctx.state, frame)
    if shots:
        fire.assign_shot(rules, ctx, frame, shots[0])
    else:
        fire.finish_split(rules, ctx, frame)


def _advance_round(rules, ctx, frame: CombatRound):
    cc.strike_wave(rules, ctx, frame)


def _advance_combat(rules, ctx, frame: CombatStep):
    if frame.step == "assault":
        cc.start_combat_if_contact(rules, ctx, frame)
        return
    if frame.step == "caught?" and frame.combat in ctx.state.combats:
        cc.caught(rules, ctx, frame)
        return
    ctx.pop()
    c = ctx.state.combats.get(frame.combat)
    if frame.step == "fight" and c is not None:
        if ctx.state.units[c.attacker].alive and ctx.state.units[c.defender].alive:
            cc.fight_round(rules, ctx, frame.combat)


def _advance_bvp(rules, ctx, frame: ConvertingBvp):
    if frame.players:  # no BVP to convert: nothing to choose
        ctx.replace(ConvertingBvp(frame.players[1:]))
        return
    scenarios.reveal_conversions(rules, ctx)


_ADVANCE = {
    Activated: _pop_stale, Walking: _pop_stale, AllocateHits: _advance_allocate, OnGuardWindow: _pop_stale,
    CombatStep: _advance_combat, ConvertingBvp: _advance_bvp, DesignatingHideouts: _pop_stale,
    AssigningFire: _advance_split, CombatRound: _advance_round, Choosing: _pop_stale,
}


# == words =========================================================================================
def _describe(a) -> str:
    t = type(a)
    if t is Activate:
        return f"try to activate {a.unit}"
    if t is Choose:
        return action_menu.describe(a)
    if t is Spot:
        return f"try to spot hidden {a.target}"
    if t is Walk:
        return "walk (move 6\" and fire once)"
    if t is Move:
        verb = {"walk": "walk", "run": "run 12\"", "duck": "duck & weave 8\"", "drive": "drive"}[a.mode]
        return f"{verb} {move_menu.describe(a)}"
    if t is MoveFigures:
        return measured_move.describe(a)
    if t is FireAt:
        return ("aimed fire at " if a.aimed else "fire at ") + " and ".join(a.targets)
    if t is EndAction:
        return "end the action"
    if t is GoOnGuard:
        return "go On Guard"
    if t is GoToGround:
        return "go to ground in the nearest cover"
    if t is Assault:
        return f"assault {a.target}"
    if t is TakeCasualty:
        return f"{a.figure} falls"
    if t is SuppressFigure:
        return f"{a.figure} is suppressed"
    if t is SplitFire:
        return ("aimed fire" if a.aimed else "fire") + ", split among targets figure by figure"
    if t is AssignShot:
        return f"{a.figure} fires at {a.target}"
    if t is Embark:
        return f"get into {a.vehicle}"
    if t is ReactFire:
        return f"{a.unit} reacts with fire"
    if t is Decline:
        return "do not react"
    if t is StayInCombat:
        return f"{a.unit} stays in the fight"
    if t is LeaveCombat:
        return f"{a.unit} tries to leave the combat"
    if t is Follow:
        return f"{a.unit} tries to follow"
    if t is LetGo:
        return f"{a.unit} lets them go"
    if t is ConvertBvp:
        return f"trade {a.trade} BVP for VP, roll for the rest"
    if t is DesignateHideout:
        return f"designate {a.building} as a hideout"
    return a.TAG


def _narrate(rules, e, state) -> str | None:
    t = type(e)
    if t is ScenarioSet:
        return f"scenario {e.scenario}: {e.turns} turns" + (f", {e.reserves} insurgent fighters in reserve" if e.reserves else "")
    if t is ForceMustered:
        return f"{e.side} musters {', '.join(e.units)} ({e.points} points)"
    if t is UnitPlaced:
        u = e.unit
        where = "hidden" if u.hidden else (f"at ({u.figures[0].x:g}, {u.figures[0].y:g})" if u.figures else "")
        return f"{u.side} {u.id} ({u.troop}, {len(u.figures)} figure(s), {u.grade}) {e.reason}, {where}"
    if t is TurnBegan:
        return f"=== turn {e.turn} ==="
    if t is InitiativeSet:
        return f"initiative order: {', '.join(e.order)}"
    if t is InitiativePassed:
        return f"initiative passes to {e.player}"
    if t is ActivationRolled:
        word = "activates" if e.success else "fails to activate"
        return f"{e.unit} {word} (rolled {e.roll}{e.modifier:+d}, needs {e.need}+)"
    if t is OnGuardSet:
        return f"{e.unit} is On Guard"
    if t is StanceSet:
        return {"duck": f"{e.unit} counts as in soft cover while ducking and weaving",
                "ground": f"{e.unit} has gone to ground"}.get(e.stance)
    if t is UnitMoved:
        if not e.positions:
            return f"{e.unit} moves unseen"
        p = e.positions[0]
        return f"{e.unit} {e.how or 'moves'}, now at ({p[0]:g}, {p[1]:g})" + (" (still hidden)" if e.hidden else "")
    if t is UnitRevealed:
        return f"{e.unit} is revealed ({e.reason})"
    if t is UnitHidden:
        return f"{e.unit} is hidden"
    if t is FireDeclared:
        kind = "reacts from On Guard, firing" if e.reaction else ("takes aimed fire" if e.aimed else "fires")
        return f"{e.unit} {kind} at {' and '.join(e.targets)}"
    if t is FireResult:
        return f"{e.unit} -> {e.target}: {e.dice} dice at {e.need}+, {e.hits} hit(s), saves {e.save}+, {e.unsaved} unsaved"
    if t is CasualtiesTaken:
        return f"{e.unit} loses {len(e.figures)} figure(s): {', '.join(e.figures)}"
    if t is FiguresSuppressed:
        return f"{e.unit}: {len(e.figures)} figure(s) suppressed"
    if t is VehicleDamaged:
        return f"{e.unit} hit on the {e.facing} (rolled {e.roll}): {fire.EFFECTS[e.effect]}"
    if t is Embarked:
        return f"{e.unit} gets into {e.vehicle}"
    if t is Disembarked:
        return f"{e.unit} {e.how or 'gets out'} of {e.vehicle}"
    if t is CombatBegan:
        return f"close combat: {e.attacker} against {e.defender}"
    if t is CombatRoundFought:
        return f"a round of close combat is fought ({e.combat})"
    if t is CombatEnded:
        return f"close combat over: {e.reason}"
    if t is BvpAwarded:
        return f"{e.side} {e.amount:+d} BVP: {e.reason}"
    if t is ReservesUsed:
        return f"{e.figures} insurgent fighter(s) leave the reserves"
    if t is VpScored:
        return f"{e.side}: {e.traded} BVP traded, {e.rolled} rolled, {e.vp} VP"
    if t is BvpConversionChosen:
        return f"{e.side} chooses how to convert BVP" + ("" if e.trade is None else f" (trade {e.trade})")
    if t is PhaseChanged:
        return {"bvp": "the mission is over: converting BVP"}.get(e.phase)
    if t in (CombatsQueued,):
        return None
    return None

