"""rules_orgun1983: Orgun 1983 (operational area movement, 12 turns) as a tabletop plug-in."""
from .readings import DEFAULT_READINGS, Readings
from .rules import OrgunRules

__all__ = ["DEFAULT_READINGS", "OrgunRules", "Readings"]
