"""The d6 test every roll of FUBAR makes (# FUBAR d6): the question of one die against a score, and
counting the dice of a batch that pass.  Asked by activation, fire, saves, spotting and close
combat alike, so it sits below all of them."""
from __future__ import annotations


def succeeds(face: int, need: int) -> bool:
    """# FUBAR d6: every test is one d6 against a score; a natural 6 always passes, a natural 1 fails."""
    if face == 6:
        return True
    if face == 1:
        return False
    return face >= need


def roll_successes(ctx, count: int, need: int, *, player: str, reason: str) -> int:
    if count <= 0:
        return 0
    faces = ctx.roll(f"{count}d6", player=player, reason=reason).faces
    return sum(1 for face in faces if succeeds(face, need))
