"""Walking the lines heard one at a time, from the newest back (Page Up, Page Down)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from sixdot.present.phrasebook import Phrasebook

#: The first and last index of the lines last said, or None: walk from the end.
At = tuple[int, int] | None


def walk(words: Phrasebook, lines: Sequence[str], at: At, step: int) -> tuple[At, list[str]]:
    """One line further back (step -1) or forward (+1) from `at`: where the walk
    is now, and what to say.

    At either end the line is said again after "Start of history." or "End of
    history.", so a step that cannot move is never heard as a new line.
    """
    if not lines:
        return at, [words("last-none")]
    first, last = (len(lines), len(lines)) if at is None else at
    place = min(max(first - 1 if step < 0 else last + 1, 0), len(lines) - 1)
    if place == 0 and step < 0:
        return (place, place), [words("history-oldest"), lines[place]]
    if place == len(lines) - 1 and step > 0:
        return (place, place), [words("history-newest"), lines[place]]
    return (place, place), [lines[place]]
