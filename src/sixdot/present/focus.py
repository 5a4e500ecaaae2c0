"""Things a player can walk with the keys: cards in hand, the card offered.

A presenter lists them for the seat to act; the terminal puts the focused
item's label on the input line, where the cursor is, so screen readers and
braille displays that follow the cursor show it.
"""

from __future__ import annotations

from dataclasses import dataclass

from sixdot.core import Action


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
