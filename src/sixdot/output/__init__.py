"""Output backends: they deliver finished lines and never choose words.

The terminal prints every line; other backends (speech, a braille display)
are added beside it. A line marked urgent (your turn, an error) may cut off
whatever a backend is still saying.
"""

from __future__ import annotations

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
        """Say or show one line; must not block the prompt."""

    def show_focus(self, labels: Sequence[str], at: int = 0) -> None:  # noqa: B027
        """The items the keys walk and the focused one; only displays show them."""

    def interrupt(self) -> None:  # noqa: B027 - only backends that queue need it
        """The player typed something: stop what is being said now."""

    def close(self) -> None:  # noqa: B027 - most backends hold nothing to release
        """Finish or drop anything still queued; called when the program ends."""


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
