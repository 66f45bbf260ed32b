"""Test-only rulesets for batch tests, registered as a plug-in module (``--plugin`` / ``plugins=``).

Worker processes rebuild the host from this module's import path, exactly as they would for a
user's own plug-in that is not installed as an entry point.

* ``flaky``: duel, except that a game whose seed is divisible by 3 raises on its third decision.
* ``slow``: duel, with a 2 ms pause per action, so a batch runs long enough to be killed midway.
"""
from __future__ import annotations

import time

from tabletop_core import hookimpl
from tabletop_duel import DuelRules

FAULTY_MODULUS = 3


class FlakyFault(RuntimeError):
    """The deliberate fault of the ``flaky`` ruleset."""


class FlakyRules(DuelRules):
    name = "flaky"
    title = "Duel that raises on seeds divisible by 3 (test only)"

    def act(self, ctx, action):
        if ctx.state.seed % FAULTY_MODULUS == 0 and ctx.state.decisions >= 3:
            raise FlakyFault(f"deliberate fault for seed {ctx.state.seed}")
        super().act(ctx, action)


class SlowRules(DuelRules):
    name = "slow"
    title = "Duel with a 2 ms pause per action (test only)"

    def act(self, ctx, action):
        time.sleep(0.002)
        super().act(ctx, action)


def is_faulty(seed: int) -> bool:
    return seed % FAULTY_MODULUS == 0


@hookimpl
def tabletop_register_rulesets(registry):
    registry.add(FlakyRules)
    registry.add(SlowRules)
