"""Long lists said as short lines by their natural groups (issue 18).

A braille display shows 40 cells and a listener holds a short sentence, so a
hand, the cards that may be played or the cards left for words are said one
group a line (a suit, the vowels, the consonants), each line starting with
its group's name. A group too long for one line is said in parts, in order,
each again starting with the group's name; a part fits a display at either
verbosity (issue 31: at full verbosity, parts of up to 60 characters made a
sixth of what one player hears overrun a display). At full verbosity a list
that fits one answer line (`fits`) is said whole instead.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from sixdot.present.phrasebook import Phrasebook, Verbosity
from sixdot.present.presenter import fits

#: The cells of a common braille display: what one part of a group should fit.
DISPLAY = 40


def parts(items: Sequence[str], room: int, sep: str = ", ") -> list[tuple[str, ...]]:
    """Consecutive items packed into parts whose joined text is at most `room` long.

    An item longer than `room` stands alone; the order is kept, so a part is a run.
    """
    out: list[list[str]] = []
    size = 0
    for item in items:
        if out and size + len(sep) + len(item) <= room:
            out[-1].append(item)
            size += len(sep) + len(item)
        else:
            out.append([item])
            size = len(item)
    return [tuple(part) for part in out]


def whole_or_grouped(
    words: Phrasebook, whole: Callable[[], str], grouped: Callable[[], list[str]]
) -> list[str]:
    """The whole list on one line at full verbosity when it fits; else one line a group.

    Brief verbosity always groups: brief is for the listener who wants short lines.
    """
    if words.verbosity is Verbosity.FULL:
        line = whole()
        if fits(line):
            return [line]
    return grouped()


def group_lines(
    words: Phrasebook,
    key: str,
    groups: Sequence[tuple[str, Sequence[str]]],
    sep: str = ", ",
    **args: Any,
) -> list[str]:
    """Each non-empty group said by `key` (`$group`, `$count`, `$cards`), in parts when long.

    A part fits a display (`DISPLAY`) less the words around the list, so
    every line stays inside one unless a single item overruns it.
    """
    out: list[str] = []
    for name, items in groups:
        if not items:
            continue

        def say(listed: str, name: str = name, count: int = len(items)) -> str:
            return words(key, group=name, count=count, cards=listed, **args)

        left = max(DISPLAY - len(say("")), 1)
        out.extend(say(sep.join(part)) for part in parts(items, left, sep))
    return out
