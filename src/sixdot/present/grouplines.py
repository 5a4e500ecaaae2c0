"""One line a group for the word games' lists (issue 18): hand, discards, cards.

Letters, Alphabeticell and Alphagon say a long list as short lines, one group a
line, each line starting with its group's name; a group too long for its line
is said in parts, each part again named. The packing itself is
`sixdot.present.groups.parts`; this only words the lines.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sixdot.present.groups import parts, room
from sixdot.present.phrasebook import Phrasebook


def group_lines(
    words: Phrasebook,
    key: str,
    groups: Sequence[tuple[str, Sequence[str]]],
    sep: str = ", ",
    **args: Any,
) -> list[str]:
    """Each non-empty group said by `key` (`$group`, `$count`, `$cards`), in parts when long.

    A part fits the room of the verbosity (`groups.room`) less the words around
    the list, so at brief verbosity every line stays inside a display.
    """
    out: list[str] = []
    for name, items in groups:
        if not items:
            continue

        def say(listed: str, name: str = name, count: int = len(items)) -> str:
            return words(key, group=name, count=count, cards=listed, **args)

        left = max(room(words) - len(say("")), 1)
        out.extend(say(sep.join(part)) for part in parts(items, left, sep))
    return out


__all__ = ["group_lines"]
