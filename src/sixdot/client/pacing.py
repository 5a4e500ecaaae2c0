"""Bursts of lines paced to the terminal's height.

A screen reader reading a terminal (Orca with VTE) sees only the screen:
lines that scroll past before it has read them are in no report, and it
reads a report's text from the screen when it gets to it, by when the
screen may have scrolled on. A run of bot moves taller than the terminal
lost up to 12 of 58 lines that way. So a burst is written a screenful at a
time, less a row for the input line and one to spare, with a pause after
each screenful long enough for the terminal to report it and the screen
reader to read it. A screenful is counted in rows: a line wider than the
terminal takes more than one (a braille reader's 40 columns wrap many).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence

from prompt_toolkit.utils import get_cwidth

#: After a screenful of lines, the next waits this long (Orca took at most
#: 48 ms from a line printed to its speech in the harness).
PAUSE = 0.15


class Pace:
    """Counts the rows of a burst and says when the next line must wait.

    A burst is lines written less than `PAUSE` apart; a quiet `PAUSE` ends it.
    `size` gives the terminal's (columns, rows).

    >>> now = [0.0]
    >>> pace = Pace(lambda: (10, 5), clock=lambda: now[0])
    >>> [pace.wait("a line") for _ in range(5)]
    [0.0, 0.0, 0.0, 0.15, 0.0]
    >>> now[0] += 1.0
    >>> [pace.wait("twelve chars"), pace.wait("a line"), pace.wait("a line")]
    [0.0, 0.0, 0.15]
    """

    def __init__(
        self, size: Callable[[], tuple[int, int]], clock: Callable[[], float] = time.monotonic
    ) -> None:
        self._size = size
        self._clock = clock
        self._run = 0
        self._last = float("-inf")

    def room(self) -> int:
        """Rows a burst may fill at once: the screen less the input line and one row."""
        return max(self._size()[1] - 2, 1)

    def rows(self, line: str) -> int:
        """The rows `line` takes on the screen, wrapped at the terminal's width."""
        return max(1, math.ceil(get_cwidth(line) / max(self._size()[0], 1)))

    def wait(self, line: str) -> float:
        """Seconds to wait before writing `line` in a burst (0: write now)."""
        now = self._clock()
        if now - self._last >= PAUSE:
            self._run = 0
        pause = 0.0
        rows = self.rows(line)
        if self._run and self._run + rows > self.room():
            pause, self._run = PAUSE, 0
        self._run += rows
        self._last = now + pause
        return pause

    def screenfuls(self, lines: Sequence[str]) -> list[list[str]]:
        """`lines` cut into runs of at most a screenful of rows each (a line
        taller than that alone).

        >>> Pace(lambda: (10, 5)).screenfuls(["one", "twelve chars", "two", "three"])
        [['one', 'twelve chars'], ['two', 'three']]
        """
        runs: list[list[str]] = []
        filled = self.room()
        for line in lines:
            rows = self.rows(line)
            if not runs or filled + rows > self.room():
                runs.append([])
                filled = 0
            runs[-1].append(line)
            filled += rows
        return runs
