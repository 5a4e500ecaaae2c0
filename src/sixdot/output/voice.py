"""What a voice is, for the speech thread: say a line, be cut off, let go.

Kept apart from `speech.py` so that each engine's module (`tts.py`,
`screenreader.py`) depends only on this, not on the thread that drives it.
"""

from __future__ import annotations

import threading
from typing import Protocol


class VoiceError(Exception):
    """A voice could not start or went away; the message says why, for the player."""


class Voice(Protocol):
    """Something that says one line at a time, and can be cut off."""

    def speak(self, text: str, stopped: threading.Event) -> None:
        """Say `text`; return when it has been said, or soon after `stopped` is set.

        Runs on the speech thread. `stopped` may already be set when this is
        called: then nothing is said.
        """

    def cancel(self) -> None:
        """Cut off what `speak` is saying; called from other threads, after `stopped` is set."""

    def close(self) -> None:
        """Let go of the engine; called on the speech thread after the last `speak`."""
