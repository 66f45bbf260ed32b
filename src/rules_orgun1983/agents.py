"""A light heuristic agent for Orgun 1983: plays its cards into attacks, ambushes and raids when it
can, moves towards the areas that decide the game, and otherwise chooses at random (seeded)."""
from __future__ import annotations

from tabletop_core.agents import agent_seed
from tabletop_core.rng import CounterRNG

from . import actions as A
from .state import MUJ

# Areas each side wants (the victory areas of the rules).
OBJECTIVES = {MUJ: (32, 28, 29, 33, 19, 15, 38), "dra": (19, 15, 38, 32)}


class OrgunAgent:
    def __init__(self, *, seed: int = 0, player: str = "", rules=None):
        self._rng = CounterRNG(agent_seed(seed, player) ^ 0x0A6)
        self.player = player
        self.rules = rules

    def _weight(self, action, obs) -> float:
        kind = type(action)
        if kind in (A.PlayCard, A.Ambush, A.Raid, A.AttackNow, A.ChooseAttack):
            return 6.0
        if kind is A.Pass:
            return 0.3
        if kind is A.Go:
            return 1.5
        if kind is A.Step and self.rules is not None:
            amap = self.rules.data.area_map
            goals = OBJECTIVES.get(self.player, ())
            control = obs["control"]
            wanted = [g for g in goals if control.get(str(g)) != self.player]
            if action.area in wanted:
                return 5.0
            if any(g in amap.neighbours(action.area) for g in wanted):
                return 2.5
            return 1.0
        if kind is A.Stop:
            return 0.7
        return 1.0

    def choose(self, view):
        actions = view.decision.actions
        if len(actions) == 1:
            return actions[0]
        obs = view.observation
        weights = [self._weight(a, obs) for a in actions]
        total = sum(weights)
        pick = self._rng.below(1_000_000) / 1_000_000 * total
        for action, w in zip(actions, weights):
            pick -= w
            if pick < 0:
                return action
        return actions[-1]
