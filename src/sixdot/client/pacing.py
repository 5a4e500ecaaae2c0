"""Bursts of lines paced to the terminal's height.

A screen reader reading a terminal (Orca with VTE) sees only the screen:
lines that scroll past before it has read them are in no report, and it
reads a report's text from the screen when it gets to it, by when the
screen may have scrolled on. A run of bot moves taller than the terminal
lost up to 12 of 58 lines that way. So a burst is written a screenful at a
time, less a row for the input line and one to spare, with a pause after
each screenful long enough for the terminal to report it and the screen
reader to read it.
"""

from __future__ import annotations

import time
from collections.abc import Callable

#: After a screenful of lines, the next waits this long (Orca took at most
#: 48 ms from a line printed to its speech in the harness).
PAUSE = 0.15


class Pace:
    """Counts the lines of a burst and says when the next must wait.

    A burst is lines written less than `PAUSE` apart; a quiet `PAUSE` ends it.

    >>> now = [0.0]
    >>> pace = Pace(lambda: 5, clock=lambda: now[0])
    >>> [pace.wait() for _ in range(5)]
    [0.0, 0.0, 0.0, 0.15, 0.0]
    >>> now[0] += 1.0
    >>> pace.wait()
    0.0
    """

    def __init__(
        self, rows: Callable[[], int], clock: Callable[[], float] = time.monotonic
    ) -> None:
        self._rows = rows
        self._clock = clock
        self._run = 0
        self._last = float("-inf")

    def room(self) -> int:
        """Lines a burst may write at once: the screen less the input line and one row."""
        return max(self._rows() - 2, 1)

    def wait(self) -> float:
        """Seconds to wait before writing the next line of a burst (0: write now)."""
        now = self._clock()
        if now - self._last >= PAUSE:
            self._run = 0
        pause = 0.0
        if self._run >= self.room():
            pause, self._run = PAUSE, 0
        self._run += 1
        self._last = now + pause
        return pause
