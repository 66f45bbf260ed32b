"""rules_fubar's own plug-in hooks: house rules that change FUBAR's rule policy.

Added to the plugin manager through the core's historic ``tabletop_add_hookspecs`` hook.  A house
rule that only changes rule parts the policy exposes (:class:`rules_fubar.policy.FubarPolicy`)
implements two hooks::

    @hookimpl
    def tabletop_register_variants(registry):
        registry.add("fubar", "no-cover-in-melee", "cover never counts in close combat")

    @hookimpl
    def fubar_evolve_policy(policy, variant):
        if variant == "no-cover-in-melee":
            return attrs.evolve(policy, close_combat_cover_rounds=0)

The bridge below answers the core's ``tabletop_evolve_rules`` for such variants by asking this
hook once, when the game is created; the hot path then reads the returned policy directly.  A
variant that needs more than the policy (the LWTV edition does not, but shows the full path)
implements ``tabletop_evolve_rules`` itself and returns ``rules.with_policy(...)``.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pluggy

from tabletop_core import hookimpl

if TYPE_CHECKING:
    from .policy import FubarPolicy

hookspec = pluggy.HookspecMarker("tabletop")
BRIDGE_NAME = "rules_fubar.policy_bridge"


@hookspec(firstresult=True)
def fubar_evolve_policy(policy: "FubarPolicy", variant: str) -> "FubarPolicy | None":
    """Return ``policy`` changed by ``variant``, or None if this plug-in does not own ``variant``.

    Called once per requested FUBAR variant, when a game is created, with the policy the earlier
    variants produced.  Return a new value (``attrs.evolve``); never inside a game's loops.
    """


class PolicyBridge:
    """Turns ``fubar_evolve_policy`` answers into evolved FUBAR rules objects."""

    def __init__(self, pluginmanager: pluggy.PluginManager):
        self._pm = pluginmanager

    @hookimpl(trylast=True)
    def tabletop_evolve_rules(self, rules, variant):
        if rules.name != "fubar":
            return None
        policy = self._pm.hook.fubar_evolve_policy(policy=rules.policy, variant=variant)
        if policy is None:
            return None
        return rules.with_policy(policy)
