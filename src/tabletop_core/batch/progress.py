"""A one-line progress bar on stderr: games done, games per second, time left, errors.

Drawn with carriage returns and only when the stream is a terminal, so logs and pipes (CI, ``2>
file``) stay clean.  Redrawn at most ten times a second: a batch of fast games would otherwise
spend its time printing.  The clock is only read for display, never to seed anything.
"""
from __future__ import annotations

import sys
import time
from typing import Callable, TextIO

WIDTH = 24
REFRESH = 0.1  # seconds between redraws


class ProgressBar:
    def __init__(self, total: int, *, done: int = 0, stream: TextIO | None = None, enabled: bool | None = None,
                 clock: Callable[[], float] = time.monotonic):
        self.stream = stream if stream is not None else sys.stderr
        self.enabled = _is_terminal(self.stream) if enabled is None else enabled
        self.total = total
        self.done = done
        self.errors = 0
        self._clock = clock
        self._start_done = done  # games resumed from disk do not count towards the rate
        self._started = clock()
        self._drawn_at = -REFRESH
        self._width = 0
        self._drawn_done = -1

    def advance(self, games: int = 1, errors: int = 0) -> None:
        self.done += games
        self.errors += errors
        now = self._clock()
        if self.enabled and (now - self._drawn_at >= REFRESH or self.done >= self.total):
            self._drawn_at = now
            self._draw(now)

    def line(self, now: float | None = None) -> str:
        now = self._clock() if now is None else now
        elapsed = max(now - self._started, 1e-9)
        played = self.done - self._start_done
        rate = played / elapsed
        left = self.total - self.done
        filled = WIDTH if not self.total else int(WIDTH * self.done / self.total)
        bar = "#" * filled + "-" * (WIDTH - filled)
        eta = _clock_text(left / rate) if rate > 0 else "--:--"
        text = f"[{bar}] {self.done}/{self.total} games  {rate:.1f} games/s  {eta} left"
        if self.errors:
            text += f"  {self.errors} errors"
        return text

    def _draw(self, now: float) -> None:
        text = self.line(now)
        self._drawn_done = self.done
        pad = max(0, self._width - len(text))
        self._width = len(text)
        self.stream.write("\r" + text + " " * pad)
        self.stream.flush()

    def close(self) -> None:
        if self.enabled and self._width:
            if self._drawn_done != self.done:
                self._draw(self._clock())
            self.stream.write("\n")
            self.stream.flush()
            self._width = 0


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def _clock_text(seconds: float) -> str:
    seconds = int(round(seconds))
    hours, rest = divmod(seconds, 3600)
    minutes, seconds = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{seconds:02d}" if hours else f"{minutes:02d}:{seconds:02d}"
