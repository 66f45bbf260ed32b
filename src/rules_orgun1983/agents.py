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


def hop_distances(area_map) -> dict[int, dict[int, int]]:
    """Area -> area -> the fewest steps between them (breadth first; the map is small)."""
    out: dict[int, dict[int, int]] = {}
    for start in area_map:
        seen = {start: 0}
        frontier = [start]
        while frontier:
            nxt = []
            for a in frontier:
                for b in area_map.neighbours(a):
                    if b not in seen:
                        seen[b] = seen[a] + 1
                        nxt.append(b)
            frontier = nxt
        out[start] = seen
    return out


class OrgunAgent:
    def __init__(self, *, seed: int = 0, player: str = "", rules=None):
        self._rng = CounterRNG(agent_seed(seed, player) ^ 0x0A6)
        self.player = player
        self.rules = rules
        self._hops = hop_distances(rules.data.area_map) if rules is not None else None

    # -- where to go ------------------------------------------------------------------------------
    def _wanted(self, obs) -> list[int]:
        """The objectives this side does not control yet (the same for every action of one decision)."""
        control = obs["control"]
        return [g for g in OBJECTIVES.get(self.player, ()) if control.get(str(g)) != self.player]

    def _goal_distance(self, area: int, wanted: list[int]) -> int:
        """Steps from ``area`` to the nearest of the ``wanted`` objectives."""
        if not wanted:
            return 0
        hops = self._hops[area]
        return min(hops.get(g, 99) for g in wanted)

    def _step_weight(self, action: A.Step, frame: dict, wanted: list[int]) -> float:
        if action.area in frame["path"]:
            return 0.0  # never double back within one move (2 -> 1 -> 2 wastes the OP)
        here = self._goal_distance(frame["here"], wanted)
        there = self._goal_distance(action.area, wanted)
        if there == 0:
            return 6.0
        if there < here:
            return 4.0
        return 0.6 if there == here else 0.15

    def _weight(self, action, wanted, frame) -> float:
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
            return self._step_weight(action, frame[1], wanted)
        if kind is A.Stop and tag == "Move":
            return 3.0 if self._goal_distance(frame[1]["here"], wanted) == 0 else 0.5
        if kind is A.Done and tag == "Select":
            return 0.4  # keep the rest of the area's units Fresh for later
        if kind in (A.EnterAt, A.Retreat):
            return 1.0 / (1 + self._goal_distance(action.area, wanted))
        if kind is A.Eliminate:
            return 0.05
        return 1.0

    def choose(self, view):
        actions = view.decision.actions
        if len(actions) == 1:
            return actions[0]
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
