"""Typed errors a user can meet.  Every message names the thing at fault (file, field, action, rule)."""
from __future__ import annotations


class TabletopError(Exception):
    """Base of every error the engine raises on purpose; the CLI turns these into exit code 2."""


class DataFileError(TabletopError):
    """A data file (TOML) is missing, unreadable or does not match its schema."""

    def __init__(self, file: str, field: str, expected: str):
        self.file, self.field, self.expected = file, field, expected
        where = f"{file}: {field}" if field else file
        super().__init__(f"{where}: {expected}")


class UnknownNameError(TabletopError, LookupError):
    """An unknown ruleset, scenario, agent or variant was asked for."""

    def __init__(self, kind: str, name: str, known: list[str] | tuple[str, ...]):
        self.kind, self.name, self.known = kind, name, tuple(known)
        listing = ", ".join(sorted(known)) or "none installed"
        super().__init__(f"unknown {kind} {name!r} (known: {listing})")


class IllegalActionError(TabletopError):
    """An action was refused; the game state is untouched."""

    def __init__(self, action: object, reason: str):
        self.action, self.reason = action, reason
        super().__init__(f"illegal action {action!r}: {reason}")


class GameOverError(IllegalActionError):
    """An action was offered after the game ended."""


class UndoError(TabletopError):
    """Undo was asked for where it is not allowed (randomness drawn or information revealed)."""


class DiceExpressionError(TabletopError, ValueError):
    """A malformed dice expression such as ``2d`` or ``d6++1``."""


class DeckError(TabletopError):
    """A deck operation that cannot be done (draw from an empty pile with no reshuffle, ...)."""


class LogError(TabletopError):
    """A log or save file cannot be trusted.  ``line`` is the 1-based number of the first bad line."""

    def __init__(self, path: str, line: int, problem: str):
        self.path, self.line, self.problem = path, line, problem
        super().__init__(f"{path}: line {line}: {problem}")


class CorruptLogError(LogError):
    """A line does not parse, does not match its hash, or is out of order."""


class TruncatedLogError(LogError):
    """The log ends before its closing line: lines were lost at the end."""


class LogKeyError(LogError):
    """A keyed log read without the key, an unkeyed log read where a key is required, or a bad key file."""


class LogWriteError(TabletopError):
    """A log or save cannot be written where asked (a directory, a missing folder, a full disk)."""

    def __init__(self, path: str, exc: OSError | None, problem: str | None = None):
        if problem is None:
            reason = exc.strerror if exc is not None and exc.strerror else str(exc)
            problem = f"cannot be written ({reason})"
        self.path, self.problem = path, problem
        super().__init__(f"{path}: {problem}")


class ReplayMismatchError(TabletopError):
    """Re-simulating a log from its seed and actions produced a different event."""

    def __init__(self, index: int, recorded: object, simulated: object, *, note: str = ""):
        self.index, self.recorded, self.simulated = index, recorded, simulated
        why = f" ({note})" if note else ""
        super().__init__(
            f"replay diverged at event {index}: event {index} differs: log has {recorded!r}, "
            f"re-simulation gives {simulated!r}{why}. Rules code that draws randomness outside the "
            "game's generator (the random module, the clock, set order) makes replay diverge"
        )


class RulesetError(TabletopError):
    """A rules plug-in broke the engine's contract (no progress, no legal action, ...)."""


class BoardError(TabletopError):
    """A board (hex grid, area map, measured table) was built from bad data or asked an impossible query."""
