"""The LWTV edition of FUBAR as a variant plug-in (``--variant lwtv``).

It changes the base ruleset only through the policy rules_fubar exposes, once, when a game is
created (# FUBAR lwtv):

* small arms cannot harm armoured vehicles;
* heavy weapons take one level off the target's cover;
* On Guard units react to enemy fire as well as to movement;
* the defender's cover counts in the first round of a close combat (never after).
"""
from __future__ import annotations

import attrs

from tabletop_core import hookimpl

NAME = "lwtv"
TITLE = "LWTV edition: armour shrugs off small arms, heavy weapons cut cover, On Guard answers fire"


def lwtv_policy(policy):
    """The LWTV edition's rule parts folded into ``policy`` (a new value)."""
    return attrs.evolve(
        policy,
        small_arms_harm_armour=False,
        heavy_weapon_cover_reduction=1,
        on_guard_triggers=tuple(dict.fromkeys(policy.on_guard_triggers + ("move", "fire"))),
        close_combat_cover_rounds=1,
        label=NAME if policy.label == "base" else f"{policy.label}+{NAME}",
    )


@hookimpl
def tabletop_register_variants(registry) -> None:
    registry.add("fubar", NAME, TITLE)


@hookimpl
def tabletop_evolve_rules(rules, variant):
    if rules.name != "fubar" or variant != NAME:
        return None
    return rules.with_policy(lwtv_policy(rules.policy))
