"""Things a player can walk with the keys: cards in hand, the card offered.

A presenter lists them for the seat to act; the terminal puts the focused
item's label on the input line, where the cursor is, so screen readers and
braille displays that follow the cursor show it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from sixdot.core import Action

if TYPE_CHECKING:
    from sixdot.present.phrasebook import Phrasebook


@dataclass(frozen=True)
class FocusItem:
    """One focusable thing.

    `label` is shown on the input line; `jump` holds the letters whose keys
    jump to it; `actions` are what Enter can do with it (none: it cannot be
    played now, several: a short numbered choice follows). `pick` is the
    token it adds to a multi-card command when Space selects it (see
    `Presenter.selection`); `at` is its (row, column) on a board, which the
    arrow keys then walk as a grid. `group` is the spoken name of the group
    the item belongs to (a suit, "Vowels", "Words"): items of one group stand
    together, lowest first, and Up and Down jump from group to group.
    """

    label: str
    jump: str
    actions: tuple[Action, ...] = ()
    pick: str = ""
    at: tuple[int, int] | None = None
    group: str = ""


def initials(notation: str) -> str:
    """The letters that jump to a move: its verb's first and the next word's.

    >>> initials("bid Most"), initials("pass"), initials("take RM as R")
    ('BM', 'P', 'TR')
    """
    return "".join(word[:1] for word in notation.split()[:2]).upper()


def marked(words: Phrasebook, focus: Sequence[FocusItem]) -> list[FocusItem]:
    """Each item as the keys say it, here and online alike: with its place in
    the list, or in its group when it has one ("A over I; 2 of 14 in Vowels"),
    so two identical cards are told apart and Up and Down have a landmark; and
    saying so when it cannot be played now.

    Board squares (`at`) are there to be explored and say where they are
    themselves, so they are left as they are.
    """
    count = len(focus)
    out = []
    for place, item in enumerate(focus, 1):
        if item.at is None:
            label = item.label
            if not (item.actions or item.pick):
                label = words("focus-not-now", item=label)
            if item.group:
                members = [at for at, other in enumerate(focus, 1) if other.group == item.group]
                label = words(
                    "focus-place-group",
                    item=label,
                    place=place,
                    count=count,
                    group=item.group,
                    group_place=members.index(place) + 1,
                    group_count=len(members),
                )
            else:
                label = words("focus-place", item=label, place=place, count=count)
            item = dataclasses.replace(item, label=label)
        out.append(item)
    return out
