"""How a scenario's special rules attach to the game: the :class:`ScenarioRules` interface.

Each scenario is one module of this package holding a subclass of :class:`ScenarioRules` named in
its ``SCENARIO`` (the id of its table in ``data/scenarios.toml``) and ``RULES`` (an instance).
The ruleset finds every such module when it is created (:func:`.catalogue.scenario_rules`) and,
during play, calls the hooks of the scenario being played at fixed points; nothing outside the
scenario's module asks which scenario it is.  Every hook has a default that does nothing special,
so a scenario overrides only what its special rules change.  Adding a tenth scenario is adding a
table to ``data/scenarios.toml`` and a module here.

The hooks (``rules`` is the ruleset, ``ctx`` the game's context, ``state`` its state):

* ``restrict(rules, state, decision)``: limit the legal actions of a decision (never to none), for
  the steps named in ``restricted_steps`` (a two-step choice checks its first step against them,
  in the Reserve Phase for the units ``restricts_reserve_moves_of`` names, one move at a time: a
  restriction judges a move by the kind of step, the unit and the hex, never by its facing;
  ``reserve_hex_limit`` may answer the same for the hexes alone).
* ``before_act(rules, ctx, action) -> bool``: resolve ``action`` in the scenario's own way; True
  when handled (the procedure then does not see it).
* ``after_act(rules, ctx, action)``: after any action is resolved.
* ``after_step(rules, ctx, movers, h)``: units just entered hex ``h`` (moves, relocations).
* ``attack_degrade(state, side, use) -> int``: steps of Hit colour an HE attack by ``side`` for
  ``use`` starts rarer by (``effects/attack_start.start_fire``; an extra attack it leads to keeps them).
* ``occupied(rules, ctx, side, h)``: ``side`` now holds ``h`` alone (a step, a relocation, an
  assault won, a retreat; 24e): control of hexes the scenario tracks itself.
* ``finish_setup(rules, ctx)``: every unit is placed; the first turn has not begun.
* ``turn_start(rules, ctx) -> bool``: before the deal; True when it pushed a decision first.
* ``end_of_reserve(rules, ctx) -> bool``: after both Reserve Phases; True when the game ended.
* ``end_of_turn(rules, ctx)``: at the clean-up, before the turn limit is checked.
* ``on_eliminated(rules, ctx, unit)``: ``unit`` was just eliminated or destroyed.
* ``exits_by_retreat(state, unit) -> bool`` / ``exit_by_retreat(rules, ctx, unit)``: 13d, a unit
  may retreat off the map only by an edge the scenario makes a valid exit for it: whether
  ``unit``'s hex is on such an edge, and its leaving so, counted as the scenario counts exits.
* ``bonus_vp(side, points, card) -> (side, points, reason)``: who scores a completed Bonus card (24b).
* ``card_plays(rules, state, side, cid, uses, shared)`` / ``play(rules, ctx, side, action) -> bool``:
  further ways to play a card, and their resolution (True when handled); ``shared`` is one dict
  per listing of the hand (or None), for work every card of it would repeat.
* ``sudden_end(rules, ctx) -> bool``: end the game early; the default: a side with no unit left
  on the map or to come has lost (our reading for every scenario).
* ``final_result(rules, ctx)``: the victory conditions after the last turn.
"""
from __future__ import annotations

from typing import ClassVar

import attrs

from ..model.state import MUJ, PLAYERS, SOVIET, other


def keep_only(decision, keep: list):
    """``decision`` with only the actions in ``keep`` (all of them when a restriction would leave none)."""
    if len(keep) == len(decision.actions) or not keep:
        return decision
    return attrs.evolve(decision, actions=tuple(keep))


def more_vp_wins(ctx, vp: dict[str, float]) -> None:
    """End the game: the side with more victory points wins, equal points are a draw."""
    if vp[SOVIET] == vp[MUJ]:
        ctx.end(None, f"tied at {vp[SOVIET]:g} VP", vp)
    else:
        winner = max(PLAYERS, key=lambda s: vp[s])
        ctx.end(winner, f"{winner} has more VP ({vp[SOVIET]:g} to {vp[MUJ]:g})", vp)


class ScenarioRules:
    """The special rules and victory of one scenario (the defaults: none)."""

    id: ClassVar[str] = ""
    #: the kinds of procedure step (frame types) whose decisions ``restrict`` may limit
    restricted_steps: ClassVar[tuple[type, ...]] = ()

    def restrict(self, rules, state, decision):
        return decision

    def restricts_reserve_moves_of(self, state, unit) -> bool:
        """Whether ``restrict`` may leave ``unit`` without a reserve move it otherwise has (its first
        step offers a unit only if a move is left: checked against the restriction for such units;
        False for a unit the restriction may limit but never to nothing)."""
        return True

    def reserve_hex_limit(self, state, unit):
        """For a unit ``restricts_reserve_moves_of`` names: ``ok(hex)``, whether ``restrict`` lets
        ``unit`` end a reserve move in ``hex``, when the restriction judges that hex alone (the first
        step then asks it instead of building destination decisions for ``restrict``); None: ask
        ``restrict``."""
        return None

    def before_act(self, rules, ctx, action) -> bool:
        return False

    def after_act(self, rules, ctx, action) -> None:
        return None

    def after_step(self, rules, ctx, movers, h) -> None:
        return None

    def attack_degrade(self, state, side: str, use) -> int:
        return 0

    def occupied(self, rules, ctx, side: str, h) -> None:
        return None

    def finish_setup(self, rules, ctx) -> None:
        return None

    def turn_start(self, rules, ctx) -> bool:
        return False

    def end_of_reserve(self, rules, ctx) -> bool:
        return False

    def end_of_turn(self, rules, ctx) -> None:
        return None

    def on_eliminated(self, rules, ctx, unit) -> None:
        return None

    def exits_by_retreat(self, state, unit) -> bool:
        return False  # no scenario exit: a retreat off the map is refused (13d)

    def exit_by_retreat(self, rules, ctx, unit) -> None:
        raise NotImplementedError(f"{type(self).__name__} offers no exit by retreat (exits_by_retreat)")

    def bonus_vp(self, side: str, points: float, card: str) -> tuple[str, float, str]:
        return side, points, f"Bonus card {card}"

    def card_plays(self, rules, state, side: str, cid: str, uses, shared: dict | None = None) -> list:
        return []

    def play(self, rules, ctx, side: str, action) -> bool:
        return False

    def sudden_end(self, rules, ctx) -> bool:
        state = ctx.state
        for side in PLAYERS:
            if not any(u.side == side for u in state.units.values()):
                ctx.end(other(side), f"every {side} unit is gone", dict(state.vp))
                return True
        return False

    def final_result(self, rules, ctx) -> None:
        raise NotImplementedError(f"scenario {self.id!r} has no victory conditions")
