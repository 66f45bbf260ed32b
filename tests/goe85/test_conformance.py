"""The core's conformance kit on every GoE scenario this plug-in ships (two seeds each in CI)."""
import pytest

from tabletop_core.testing import check_ruleset

SCENARIOS = ("9th-company", "hammer-and-anvil", "city-boys", "your-papers-please", "jalalabad", "kill-zone",
             "tanks-at-zhawar", "ambush-at-sherkhankhel", "air-assault")


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_conformance(scenario):
    check_ruleset("goe85", scenario, seeds=range(2))
