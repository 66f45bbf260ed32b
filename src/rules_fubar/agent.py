"""``fubar``: a simple heuristic FUBAR player (registered for ``--agents fubar,random``).

It sees only what its player sees (the decision and ``view.observation``) and measures public
positions on the scenario's table through the rules object.  Its habits:

* activate its strongest units first (a failed activation ends the run, # FUBAR
  activation-sequence), and spot hidden enemies whenever offered (spotting costs no action);
* assault an enemy unit it can reach that is weakened (at most half its strength, or two figures
  or fewer) when it outnumbers it;
* when under fire (it has suppressed figures or has lost figures) and stands in the open, take
  cover: Gone to Ground, else the best cover piece on offer (the hardest, then the nearest);
* with an enemy vehicle in sight whose front faces it, walk round to the vehicle's rear or side
  and fire from there (# FUBAR vehicle-damage: hits on the side and rear do more harm);
* otherwise take Aimed Fire at the most exposed enemy it can see: least cover, ducking or gone to
  ground counted as the rules count them (# FUBAR cover, actions), then the most figures;
* with nothing to shoot: ISAF advances on the nearest objective not yet cleared — into its
  building where it is one, by a screened move where the straight one would cross an On Guard
  field of fire — and the insurgents hold cover On Guard;
* takes hits as suppressed figures rather than casualties where the grade allows, laying its most
  valuable figures down and losing its least valuable first (value: Fire Points, more for a
  leader); never fires at civilians (ROE); riders get out of their vehicle once it is near an
  objective or an enemy is in sight, on the side away from the nearest enemy; in a split fire each
  figure shoots the most exposed target it can; always reacts from On Guard, stays in close combat
  while not outnumbered, and at the end rolls for its BVP (3.5 VP a die on average against 3 for a
  trade).

An action comes in two steps (ruleset 1.5, ``action_menu.py``): it names the kind by these habits
from what it sees (a fire only with a non-civilian enemy in sight, the move mode whose reach takes
in the hardest cover, an assault with a weakened enemy in reach), then picks the target or the
destination among those step two offers.

Ties are broken by its own seeded generator, so a seed gives the same game every time.
"""
from __future__ import annotations

import math
import operator

from tabletop_core.agents import agent_seed
from tabletop_core.rng import CounterRNG

from .civilians import SIDE as CIVILIANS
from .move_allowance import DISTANCE
from .move_menu import cover_in_reach, flank_point
from .state import (
    Activate, AssignShot, Choose, Choosing, ConvertBvp, Decline, DesignateHideout, Disembark, EndAction, FireAt,
    Follow, GoOnGuard, GoToGround, LeaveCombat, LetGo, Move, ReactFire, SplitFire, Spot, StayInCombat,
    SuppressFigure, TakeCasualty, Walk,
)

#: Riders get out when their vehicle is this close to an objective (inches).
DISMOUNT_NEAR = 10.0


#: Enemy vehicles farther than this (inches) are not worth walking round.
FLANK_SEARCH = 18.0


#: a shown figure's parts (``view.observation``: id, x, y, weapon, suppressed, leader), read in C
_X, _Y, _XY, _DOWN = operator.itemgetter(1), operator.itemgetter(2), operator.itemgetter(1, 2), operator.itemgetter(4)
_FIGURE = operator.attrgetter("figure")


def _standing(figures) -> int:
    """How many of a unit's shown figures stand (not suppressed)."""
    return len(figures) - sum(map(_DOWN, figures))


def _figures_by_id(units: dict, pending) -> dict:
    """The shown figures by id: those of the unit the pending step names (the one taking hits),
    or, with none named, of every unit shown in full."""
    hit = units.get(pending[1].get("unit", "")) if pending else None
    shown = [hit] if hit is not None else units.values()
    return {f[0]: f for u in shown if isinstance(u["figures"], list) for f in u["figures"]}


def _centre(unit: dict) -> tuple[float, float]:
    figs = unit["figures"]
    return (sum(map(_X, figs)) / len(figs), sum(map(_Y, figs)) / len(figs))


class FubarAgent:
    def __init__(self, *, seed: int = 0, player: str = "", rules=None):
        self.player = player
        self.rules = rules
        self._rng = CounterRNG(agent_seed(seed, player) ^ 0xF0BA)

    # -- helpers --------------------------------------------------------------------------------
    def _pick(self, actions):
        return actions[self._rng.below(len(actions))]

    def _best(self, actions, score):
        """The highest-scoring action; ties broken by the seeded generator."""
        scores = [score(a) for a in actions]
        top = max(scores)
        return self._pick([a for s, a in zip(scores, actions) if s == top])

    def _cover(self, obs, unit: dict) -> int:
        """# FUBAR cover: the cover the rules give a unit we can see (positions are public)."""
        if self.rules is None:
            return 0
        m = self.rules.measure_of_scenario(obs["scenario"])
        level = m.cover_of(tuple(map(_XY, unit["figures"]))) if unit["figures"] else 0
        if unit.get("stance") == "duck":
            level = max(level, 1)
        elif unit.get("stance") == "ground" and level > 0:
            level = min(level + 1, 3)
        return level

    @staticmethod
    def _strength(unit: dict) -> int:
        figs = unit["figures"]
        return figs if isinstance(figs, int) else len(figs)

    # -- choosing -------------------------------------------------------------------------------
    def choose(self, view):
        actions = view.decision.actions
        kind = type(actions[0])
        if kind is DesignateHideout:
            return self._pick(actions)  # a secret: unpredictable on purpose
        if kind is ConvertBvp:
            return min(actions, key=lambda a: a.trade)  # roll every BVP: 3.5 VP a die on average
        if kind in (ReactFire, Decline):  # always react (the view is not needed: it is not asked for)
            fire = [a for a in actions if type(a) is ReactFire]
            return self._pick(fire) if fire else actions[0]
        obs = view.observation
        units = obs["units"]
        if kind in (TakeCasualty, SuppressFigure):
            return self._take_hit(actions, units, obs["pending"])
        if kind is AssignShot:
            return self._best(actions, lambda a: (-self._cover(obs, units[a.target]), self._strength(units[a.target])))
        if kind is Activate:
            return self._best(actions, lambda a: _standing(units[a.unit]["figures"]))
        if kind in (StayInCombat, LeaveCombat):
            return self._combat(actions, units, obs, stay=StayInCombat, leave=LeaveCombat)
        if kind in (Follow, LetGo):
            return self._combat(actions, units, obs, stay=Follow, leave=LetGo)
        pending = obs["pending"]
        me = units.get(pending[1].get("unit", "")) if pending else None
        if me is None:
            return self._pick(actions)
        return self._act(actions, me, units, obs)

    def _combat(self, actions, units, obs, *, stay, leave):
        mine = actions[0].unit
        foe = next((c[1] if c[0] == mine else c[0]) for c in obs["combats"].values() if mine in c[:2])
        keep = self._strength(units[mine]) >= self._strength(units[foe])
        want = stay if keep else leave
        return next(a for a in actions if type(a) is want)

    def _act(self, actions, me, units, obs):
        by_type: dict[type, list] = {}
        for a in actions:
            by_type.setdefault(type(a), []).append(a)
        pending = obs["pending"]
        if pending[0] == Choosing.TAG:  # step two (# FUBAR actions, two steps): where, or at what
            return self._second_step(pending[1]["kind"], actions, by_type, me, units, obs)
        if Spot in by_type:  # costs no action
            return self._best(by_type[Spot], lambda a: self._strength(units[a.target]))
        if Disembark in by_type:
            return self._ride(by_type[Disembark], by_type[GoOnGuard][0], me, units, obs)
        kinds = {a.kind: a for a in by_type.get(Choose, ())}
        if "assault" in kinds and self._weak_in_reach(me, units):
            return kinds["assault"]
        if self._under_fire(me) and self._cover(obs, me) == 0:
            if GoToGround in by_type:
                return by_type[GoToGround][0]
            mode = self._cover_mode(obs, me, kinds)
            if mode is not None:
                return kinds[mode]
        walk_on = next((kinds[m] for m in ("walk", "drive") if m in kinds), None)
        if self._flank_wanted(units, me):
            if walk_on is not None:
                return walk_on  # walk round the vehicle first, then fire from its flank
            if Walk in by_type:
                return by_type[Walk][0]
        if "fire" in kinds and self._foes(units):
            return kinds["fire"]
        if EndAction in by_type:  # walking, with no one to shoot and the move made or not wanted
            return walk_on if walk_on is not None and self.player == "isaf" else by_type[EndAction][0]
        if self.player == "isaf":
            if "run" in kinds:
                return kinds["run"]
            if Walk in by_type:
                return by_type[Walk][0]
        if GoOnGuard in by_type and (self._cover(obs, me) > 0 or self.player == "insurgents"):
            return by_type[GoOnGuard][0]
        return self._pick(actions)

    def _second_step(self, kind, actions, by_type, me, units, obs):
        """The destination or target of the kind chosen at step one, by the same habits."""
        if kind == "fire":
            shots = [a for a in by_type.get(FireAt, ()) if units[a.targets[0]]["side"] != CIVILIANS]
            if shots:
                return self._best(shots, lambda a: (-self._cover(obs, units[a.targets[0]]),
                                                    self._strength(units[a.targets[0]]), a.aimed))
            return by_type[SplitFire][0] if SplitFire in by_type else self._pick(actions)
        if kind == "assault":
            mine = self._strength(me)
            weak = [a for a in actions if mine > self._strength(units[a.target]) and self._weakened(units[a.target])]
            return self._best(weak or actions, lambda a: -self._strength(units[a.target]))
        moves = by_type.get(Move, ())
        if not moves:
            return self._pick(actions)
        if self._under_fire(me) and self._cover(obs, me) == 0:
            cover = [a for a in moves if a.kind == "cover" and not a.half]
            if cover:
                return self._best(cover, lambda a: (self._feature_cover(obs, a.ref), -self._reach_to(obs, me, a.ref)))
        flank = self._flank(moves, units, me)
        if flank is not None:
            return flank
        if self.player == "isaf":
            return self._advance([a for a in moves if not a.half] or list(moves), obs, me)
        return self._pick(actions)

    def _under_fire(self, me) -> bool:
        """It has suppressed figures or has lost figures."""
        return any(map(_DOWN, me["figures"])) or self._lost(me)

    def _foes(self, units) -> list[dict]:
        """Enemy units in sight (civilians are no one's target, ROE)."""
        return [u for u in units.values() if u["side"] not in (self.player, CIVILIANS)
                and not u.get("hidden") and isinstance(u["figures"], list) and u["figures"]]

    def _weak_in_reach(self, me, units) -> bool:
        """A weakened enemy unit we outnumber within an Assault move (8", edge to edge)."""
        mine = self._strength(me)
        for u in self._foes(units):
            if u.get("heading") is not None or mine <= self._strength(u) or not self._weakened(u):
                continue
            gap = min(math.hypot(f[1] - g[1], f[2] - g[2]) for f in me["figures"] for g in u["figures"]) - 1.0
            if gap <= DISTANCE["assault"]:
                return True
        return False

    def _cover_mode(self, obs, me, kinds) -> str | None:
        """The move mode on offer whose reach takes in the hardest cover piece (Duck & Weave on a
        tie: it counts as cover on the way), or None with no cover in reach."""
        if self.rules is None:
            return None
        m = self.rules.measure_of_scenario(obs["scenario"])
        best = None
        for mode in ("duck", "run"):
            if mode not in kinds:
                continue
            levels = [m.table.feature(fid).cover for fid, _p, _d in cover_in_reach(m, _centre(me), DISTANCE[mode])]
            if levels and (best is None or max(levels) > best[0]):
                best = (max(levels), mode)
        return None if best is None else best[1]

    def _take_hit(self, actions, units, pending):
        """Lay the most valuable standing figure down while the grade allows, else lose the least
        valuable figure (a figure already down before a standing one)."""
        figs = _figures_by_id(units, pending)
        if not all(map(figs.__contains__, map(_FIGURE, actions))):
            figs = _figures_by_id(units, None)
        down = [a for a in actions if type(a) is SuppressFigure]
        if down:
            return self._best(down, lambda a: self._value(figs[a.figure]))
        return self._best(actions, lambda a: (figs[a.figure][4], -self._value(figs[a.figure])))

    def _value(self, fig) -> float:
        """A figure's worth: its weapon's short-range Fire Points, +3 for a leader."""
        w = self.rules.data.weapons.get(fig[3]) if self.rules is not None else None
        return (w.bands[0][1] if w is not None else 0) + (3 if len(fig) > 5 and fig[5] else 0)

    def _ride(self, exits, stay, me, units, obs):
        """Get out near an objective or with an enemy in sight, away from the nearest enemy."""
        x, y = me["figures"][0][1], me["figures"][0][2]
        points = self.rules.objective_points(obs["scenario"]).values() if self.rules is not None else ()
        near = any(math.hypot(px - x, py - y) <= DISMOUNT_NEAR for px, py in points)
        foes = [(f[1], f[2]) for u in units.values() if u["side"] not in (self.player, CIVILIANS)
                and isinstance(u["figures"], list) for f in u["figures"]]
        if not near and not any(math.hypot(fx - x, fy - y) <= 24.0 for fx, fy in foes):
            return stay
        if not foes:
            return self._pick(exits)
        fx, fy = min(foes, key=lambda p: math.hypot(p[0] - x, p[1] - y))
        away = math.atan2(y - fy, x - fx)
        return self._best(exits, lambda a: math.cos(self._bearing(a.positions, x, y) - away))

    @staticmethod
    def _bearing(points, x: float, y: float) -> float:
        """The direction from (x, y) to the centre of ``points``."""
        cx, cy = sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points)
        return math.atan2(cy - y, cx - x)

    def _advance(self, moves, obs, me):
        """ISAF's plan: the nearest objective not yet cleared (the buildings that may hide
        insurgents): into its building when that move is offered, else screened from On Guard
        fire when that is offered, else straight at it; with no objective move, toward the enemy."""
        cleared = set(obs.get("hideouts", {}).get("cleared", []))
        goals = {a.ref for a in moves if a.kind == "objective"}
        fresh = goals - cleared or goals
        if fresh:
            goal = min(sorted(fresh), key=lambda g: self._reach_to(obs, me, g))
            for kind in ("cover", "screened", "objective"):
                chosen = [a for a in moves if a.kind == kind and a.ref == goal]
                if chosen:
                    return self._pick(chosen)
        toward = [a for a in moves if a.kind == "enemy"] or moves
        return self._pick(toward)

    # -- measuring public positions -------------------------------------------------------------
    def _feature_cover(self, obs, feature: str) -> int:
        if self.rules is None:
            return 0
        return int(self.rules.measure_of_scenario(obs["scenario"]).table.feature(feature).cover)

    def _reach_to(self, obs, me: dict, ref: str) -> float:
        """Distance from ``me``'s centre to an objective point or a terrain piece's centre."""
        if self.rules is None:
            return 0.0
        points = self.rules.objective_points(obs["scenario"])
        if ref in points:
            tx, ty = points[ref]
        else:
            vs = self.rules.measure_of_scenario(obs["scenario"]).table.feature(ref).vertices
            tx, ty = sum(v[0] for v in vs) / len(vs), sum(v[1] for v in vs) / len(vs)
        cx, cy = _centre(me)
        return math.hypot(tx - cx, ty - cy)

    def _front_vehicles(self, units, me) -> list[str]:
        """Visible enemy vehicles whose front arc faces ``me`` (# FUBAR vehicle-damage)."""
        out = []
        cx, cy = _centre(me)
        for uid, u in units.items():
            if u["side"] == self.player or u.get("hidden") or u.get("heading") is None or not u["figures"]:
                continue
            vx, vy = u["figures"][0][1], u["figures"][0][2]
            if math.hypot(cx - vx, cy - vy) > FLANK_SEARCH:
                continue
            angle = math.degrees(math.atan2(cy - vy, cx - vx))
            if abs((angle - u["heading"] + 180.0) % 360.0 - 180.0) <= 45.0:
                out.append(uid)
        return out

    def _flank_wanted(self, units, me) -> bool:
        return bool(self._front_vehicles(units, me))

    def _flank(self, moves, units, me):
        """A walk round to the rear (else a side) of a vehicle that faces ``me`` (walking only, so
        that the unit still fires after the move)."""
        fronts = self._front_vehicles(units, me)
        options = [a for a in moves if a.kind == "flank" and a.ref in fronts and a.mode in ("walk", "drive")]
        if not options:
            return None
        return self._best(options, lambda a: self._arc_after(units, me, a))

    def _arc_after(self, units, me, move) -> int:
        """Roughly where a flank move leaves ``me`` against the vehicle: 2 rear, 1 side, 0 front
        (its straight line, as far as a walk goes; the rules stop it short of the vehicle)."""
        v = units[move.ref]
        vx, vy = v["figures"][0][1], v["figures"][0][2]
        c = _centre(me)
        tx, ty = flank_point(c, (vx, vy), v["heading"], move.side)
        d = math.hypot(tx - c[0], ty - c[1])
        k = min(DISTANCE[move.mode], d) / d if d > 0 else 0.0
        ex, ey = c[0] + (tx - c[0]) * k, c[1] + (ty - c[1]) * k
        off = abs((math.degrees(math.atan2(ey - vy, ex - vx)) - v["heading"] + 180.0) % 360.0 - 180.0)
        return 2 if off >= 135.0 else (1 if off > 45.0 else 0)

    def _start(self, unit: dict) -> int:
        """The figures a unit of this troop type deploys with (0 when unknown, e.g. vehicles)."""
        if self.rules is None or unit.get("troop") is None or unit.get("heading") is not None:
            return 0
        return len(self.rules.data.troops[unit["troop"]].figures)

    def _lost(self, unit: dict) -> bool:
        """Fewer figures than its troop type deploys with (reading: that means it has been hit)."""
        return len(unit["figures"]) < self._start(unit)

    def _weakened(self, unit: dict) -> bool:
        """A unit at half strength or less (# FUBAR failed-activation: over 50% lost breaks it), or
        down to two figures."""
        n = self._strength(unit)
        return n <= 2 or 2 * n <= self._start(unit)
