"""The rule parts a variant may change, as one frozen value the hot path reads directly.

``FubarRules.policy`` holds the base edition's parts.  A variant (the LWTV edition in
:mod:`rules_fubar.lwtv`, or a user's house rule through :mod:`rules_fubar.hookspecs`) returns an
evolved rules object carrying a different policy; fire, On Guard and close combat then read these
fields with no plug-in call in their loops.
"""
from __future__ import annotations

import attrs


@attrs.frozen
class FubarPolicy:
    #: Small arms can harm armoured vehicles (base: yes; LWTV: no).
    small_arms_harm_armour: bool = True
    #: Cover levels a heavy weapon takes off its target's cover (base 0; LWTV 1).
    heavy_weapon_cover_reduction: int = 0
    #: What an On Guard unit reacts to: "move" (base) and also "fire" (LWTV).
    on_guard_triggers: tuple[str, ...] = ("move",)
    #: Rounds of a close combat in which the defender's cover counts (base 0; LWTV 1: the first).
    close_combat_cover_rounds: int = 0
    #: The names of the editions/house rules folded into this policy, for narration and logs.
    label: str = "base"


BASE_POLICY = FubarPolicy()
