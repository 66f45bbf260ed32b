"""Helicopters in combat and sight (GoE 17d, 17e): queries/helicopters.py, with AP targets and the
board's sight one level up."""
import pytest

from rules_goe85.model.state import Unit
from rules_goe85.queries.board import board_for
from rules_goe85.queries.helicopters import he_adjustment

from ..helpers import game


def U(uid, tid, side="soviet", **kw):
    return Unit(uid, tid, side, (0, 0), **kw)


@pytest.mark.rule("goe85:17d")
@pytest.mark.rule("goe85:17e")
def test_helicopter_combat_and_sight():
    flying = U("h", "mi-8", mode="flying")
    assert he_adjustment(U("r", "rpd", "mujahideen"), [flying]) == (-2, 0)  # -2 HEF against flying
    assert he_adjustment(U("h", "mi-24", mode="landed"), [U("r", "rpd", "mujahideen")]) == (0, 1)
    from rules_goe85.queries.ap_targets import ap_target

    assert not ap_target(Unit("h", "mi-8", "soviet", (0, 0), mode="flying"))  # no AP against flying
    assert ap_target(Unit("h", "mi-8", "soviet", (0, 0), mode="hovering"))
    g = game("9th-company")
    b = board_for("9th-company")
    # one level up: some pair that a Leg unit cannot see a helicopter hovering there sees
    found = False
    for a in b.hexes[:60]:
        for t in b.hexes[:200]:
            if b.distance(a, t) > 2 and not b.sees(a, t) and b.sees(a, t, "leg", 1, 0):
                found = True
                break
        if found:
            break
    assert found
