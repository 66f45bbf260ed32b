"""Entry point of rules_goe85: registers the '85 Graveyard of Empires ruleset."""
from tabletop_core import hookimpl


@hookimpl
def tabletop_register_rulesets(registry):
    from .rules import GoERules

    registry.add(GoERules)
