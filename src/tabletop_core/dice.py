"""Dice expressions: ``d6``, ``2d6``, ``D3``, ``D3+1``, ``1d10``, ``3d6-1``, ``2d6kh1``, ``2d6kl1``.

``parse`` turns an expression into a frozen :class:`DiceSpec`; ``roll_spec`` draws it from a
:class:`~tabletop_core.rng.CounterRNG`.  The game's context records every roll as a
``DiceRolled`` event that keeps every face, so a replay never draws again.
"""
from __future__ import annotations

import re
from functools import lru_cache

import attrs

from .errors import DiceExpressionError
from .rng import CounterRNG

_EXPR = re.compile(r"^\s*(\d*)\s*[dD]\s*(\d+)\s*(?:(k[hl])\s*(\d+))?\s*(?:([+-])\s*(\d+))?\s*$")


@attrs.frozen
class DiceSpec:
    """A parsed dice expression: how many dice of how many sides, which to keep, the modifier."""

    count: int
    sides: int
    keep: str | None = None  # "kh" keep highest, "kl" keep lowest
    keep_n: int = 0
    modifier: int = 0

    def __str__(self) -> str:
        text = f"{self.count if self.count != 1 else ''}d{self.sides}"
        if self.keep:
            text += f"{self.keep}{self.keep_n}"
        if self.modifier:
            text += f"{self.modifier:+d}"
        return text


@lru_cache(maxsize=256)
def parse(expression: str) -> DiceSpec:
    """Parse a dice expression; a malformed one raises DiceExpressionError saying what is wrong."""
    if not isinstance(expression, str):
        raise DiceExpressionError(f"dice expression must be a string, got {expression!r}")
    match = _EXPR.match(expression)
    if not match:
        raise DiceExpressionError(
            f"malformed dice expression {expression!r}: expected NdS[kh|klK][+M|-M], e.g. 2d6, D3+1, 2d6kh1"
        )
    count_text, sides_text, keep, keep_text, sign, mod_text = match.groups()
    count = int(count_text) if count_text else 1
    sides = int(sides_text)
    if count < 1 or count > 1000:
        raise DiceExpressionError(f"dice expression {expression!r}: number of dice must be 1..1000")
    if sides < 2:
        raise DiceExpressionError(f"dice expression {expression!r}: a die needs at least 2 sides")
    keep_n = int(keep_text) if keep_text else 0
    if keep and not 1 <= keep_n <= count:
        raise DiceExpressionError(f"dice expression {expression!r}: can keep 1..{count} dice, not {keep_n}")
    modifier = int(mod_text) if mod_text else 0
    if sign == "-":
        modifier = -modifier
    return DiceSpec(count, sides, keep, keep_n, modifier)


@lru_cache(maxsize=256)
def parse_with_text(expression: str) -> tuple[DiceSpec, str]:
    """``parse(expression)`` and the spec's canonical text (what a DiceRolled event records),
    both worked out once per expression: a game rolls the same few expressions thousands of times."""
    spec = parse(expression)
    return spec, str(spec)


def kept_faces(spec: DiceSpec, faces: tuple[int, ...]) -> tuple[int, ...]:
    """The faces that count towards the total (all of them unless kh/kl)."""
    if spec.keep == "kh":
        return tuple(sorted(faces, reverse=True)[: spec.keep_n])
    if spec.keep == "kl":
        return tuple(sorted(faces)[: spec.keep_n])
    return faces


def total_of(spec: DiceSpec, faces: tuple[int, ...]) -> int:
    """The expression's total for these faces (the kept ones plus the modifier)."""
    if spec.keep is None:  # the common case: every face counts
        return sum(faces) + spec.modifier
    return sum(kept_faces(spec, faces)) + spec.modifier


def roll_spec(spec: DiceSpec, rng: CounterRNG) -> tuple[int, ...]:
    """Draw the faces of ``spec`` from ``rng`` (each uniform in 1..sides)."""
    if spec.count == 1:  # most rolls are of one die
        return (rng.below(spec.sides) + 1,)
    return rng.faces(spec.count, spec.sides)
