"""A light heuristic agent for Orgun 1983: plays its cards into attacks, ambushes and raids when it
can, moves towards the areas that decide the game without doubling back, and otherwise chooses at
random (seeded)."""
from __future__ import annotations

from tabletop_core.agents import agent_seed
from tabletop_core.rng import CounterRNG

from . import actions as A
from .state import DRA, MUJ

# Areas each side wants (the victory areas of the rules).
OBJECTIVES = {MUJ: (32, 28, 29, 33, 19, 15, 38), DRA: (19, 15, 38, 32)}
ATTACKING = (A.PlayCard, A.Ambush, A.Raid, A.AttackNow, A.ChooseAttack)
# The kinds whose weight reads the table (the pending procedure or the objectives still wanted,
# see _weight); a menu of other kinds only (activate or pass, move or attack ...) is weighed
# without asking for the observation, which is most of what the agent costs.
READS_TABLE = frozenset((A.Go, A.Pick, A.Step, A.Stop, A.Done, A.EnterAt, A.Retreat))
# What _weight gives every other kind (with the map known): the attacking ones, passing, losing a
# unit over the stacking limit; the rest weigh 1.
FIXED_WEIGHT = {**dict.fromkeys(ATTACKING, 6.0), A.Pass: 0.3, A.Eliminate: 0.05}


class OrgunAgent:
    def __init__(self, *, seed: int = 0, player: str = "", rules=None):
        self._rng = CounterRNG(agent_seed(seed, player) ^ 0x0A6)
        self.player = player
        self.rules = rules
        self._hops = rules.lookups.hops if rules is not None else None
        # the objectives still wanted -> area -> steps to the nearest of them: the same few sets
        # come back all game (at most one per subset of a side's objectives)
        self._nearest: dict[tuple[int, ...], dict[int, int]] = {}

    # -- where to go ------------------------------------------------------------------------------
    def _wanted(self, obs) -> tuple[int, ...]:
        """The objectives this side does not control yet (the same for every action of one decision)."""
        control = obs["control"]
        return tuple(g for g in OBJECTIVES.get(self.player, ()) if control.get(str(g)) != self.player)

    def _distances(self, wanted: tuple[int, ...]) -> dict[int, int]:
        """Area -> steps to the nearest of the ``wanted`` objectives (0 for every area if none is)."""
        found = self._nearest.get(wanted)
        if found is None:
            found = self._nearest[wanted] = {
                area: min(hops.get(g, 99) for g in wanted) if wanted else 0 for area, hops in self._hops.items()}
        return found

    def _step_weight(self, action: A.Step, frame: dict, distance: dict[int, int]) -> float:
        if action.area in frame["path"]:
            return 0.0  # never double back within one move (2 -> 1 -> 2 wastes the OP)
        here = distance[frame["here"]]
        there = distance[action.area]
        if there == 0:
            return 6.0
        if there < here:
            return 4.0
        return 0.6 if there == here else 0.15

    def _weight(self, action, wanted: tuple[int, ...], frame) -> float:
        kind = type(action)
        if kind in ATTACKING:
            return 6.0
        if kind is A.Pass:
            return 0.3
        tag = frame[0] if frame else ""
        if kind is A.Go:
            return 6.0 if tag == "AmbushParty" else 1.5  # more ambushers only cost more Spent units
        if kind is A.Pick and tag == "AmbushParty":
            return 0.5
        if self._hops is None:
            return 1.0
        if kind is A.Step and tag == "Move":
            return self._step_weight(action, frame[1], self._distances(wanted))
        if kind is A.Stop and tag == "Move":
            return 3.0 if self._distances(wanted)[frame[1]["here"]] == 0 else 0.5
        if kind is A.Done and tag == "Select":
            return 0.4  # keep the rest of the area's units Fresh for later
        if kind in (A.EnterAt, A.Retreat):
            return 1.0 / (1 + self._distances(wanted)[action.area])
        if kind is A.Eliminate:
            return 0.05
        return 1.0

    def choose(self, view):
        actions = view.decision.actions
        if len(actions) == 1:
            return actions[0]
        kinds = list(map(type, actions))
        if self._hops is not None and READS_TABLE.isdisjoint(kinds):
            weights = [FIXED_WEIGHT.get(kind, 1.0) for kind in kinds]  # what _weight gives them, looked up
        else:
            obs = view.observation
            pending = obs["pending"]
            frame = pending[-1] if pending else None
            wanted = self._wanted(obs)
            weights = [self._weight(a, wanted, frame) for a in actions]
        total = sum(weights)
        if total <= 0:
            return actions[-1]
        pick = self._rng.below(1_000_000) / 1_000_000 * total
        for action, w in zip(actions, weights):
            pick -= w
            if pick < 0:
                return action
        return actions[-1]
