"""Output backends: they deliver finished lines and never choose words.

The terminal prints every line; other backends (speech, a braille display)
are added beside it. Every line printed for the player is delivered, in the
order printed, and a backend never drops one on its own: only the player cuts
in (`interrupt`, called on a keypress). A line marked urgent is one the
player's attention goes to (their turn, a question, an error answering their
own command): a braille display moves to it, while speech queues it after
the lines before it like any other.
"""

from __future__ import annotations

import sys
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence


class Output(ABC):
    """Somewhere lines go besides the printed stream."""

    name: str
    #: Set by the table: a backend that can point at a focus item (a braille
    #: display's routing keys) calls it with the item's index, from any thread.
    on_select: Callable[[int], None] | None = None

    @abstractmethod
    def deliver(self, line: str, urgent: bool = False) -> None:
        """Say or show one line, after those delivered before it; must not block the prompt.

        `urgent` marks where the player's attention goes (a display moves
        there); it never drops or cuts off a line delivered before.
        """

    def show_focus(self, labels: Sequence[str], at: int = 0) -> None:  # noqa: B027
        """The items the keys walk and the focused one; only displays show them."""

    def interrupt(self) -> None:  # noqa: B027 - only backends that queue need it
        """The player pressed a key: stop what is being said and drop what waits.

        The only way a line goes unsaid; the table's history keeps it.
        """

    def close(self) -> None:  # noqa: B027 - most backends hold nothing to release
        """Finish what is still queued (within a bound), then let go; at program end."""


class Recording(Output):
    """Keeps what it is given: a fake backend for unit tests."""

    name = "recording"

    def __init__(self) -> None:
        self.lines: list[tuple[str, bool]] = []
        self.interrupts = 0

    def deliver(self, line: str, urgent: bool = False) -> None:
        self.lines.append((line, urgent))

    def interrupt(self) -> None:
        self.interrupts += 1


def notice_on_stderr(message: str) -> None:
    """A notice about an output (unavailable, lost, a fallback), as the program gives them.

    Notices go to standard error with the program's prefix, never among the
    game's lines, so a screen reader following the game's stream hears none.
    The program passes its own (which also shortens long ones); this is the
    default for backends made without one.
    """
    print(f"sixdot: {message}", file=sys.stderr, flush=True)


def reason(err: BaseException | str) -> str:
    """An error as a short reason to put inside a notice's sentence.

    Its first line, without the full stop it may end with, since the notice
    ends the sentence itself ("lost: no connection." not "...connection..").
    """
    lines = str(err).strip().splitlines()
    if not lines:
        return type(err).__name__ if isinstance(err, BaseException) else ""
    return lines[0].strip().rstrip(".").rstrip()
