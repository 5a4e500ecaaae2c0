"""Speech through the player's own screen reader, by accessible-output2.

On Windows that is NVDA or JAWS when running, else SAPI; on macOS VoiceOver;
on Linux speech-dispatcher, the speech server Orca uses, reached through
Debian's python3-speechd. That module is not on PyPI, so a virtual
environment needs it linked in: scripts/debian-python (docs/speech.md).

The screen reader keeps its own queue, so `speak` hands a line over and
returns; cutting off is its "silence".
"""

from __future__ import annotations

import sys
import threading
from typing import Any

from sixdot.output.voice import VoiceError


class ScreenReader:
    """One accessible-output2 output that can speak."""

    def __init__(self, output: Any) -> None:
        self.output = output
        # speak comes from the speech thread and cancel from the game's, but
        # a speech-dispatcher connection is one socket of requests and replies:
        # two at once mix their replies up, so they take turns.
        self._turn = threading.Lock()

    def speak(self, text: str, stopped: threading.Event) -> None:
        with self._turn:
            if not stopped.is_set() and text.strip():
                self.output.speak(text, interrupt=False)

    def cancel(self) -> None:
        with self._turn:
            self.output.silence()

    def close(self) -> None:
        close = getattr(self.output, "close", None)
        if close is not None:
            close()


def _why_missing(platform: str) -> str:
    """Why no output could speak, as the player can act on it."""
    if not platform.startswith("linux"):
        return "no screen reader is running"
    try:
        import speechd  # noqa: F401 - only whether it imports matters
    except ImportError:
        return (
            "python3-speechd is not reachable from this Python: "
            "install it and run scripts/debian-python"
        )
    return "speech-dispatcher did not start or refused the connection"


def open_screenreader(platform: str = sys.platform) -> ScreenReader:
    """The first screen reader that answers; VoiceError says why there is none.

    accessible-output2 prints its install hints while probing: the caller
    (Speech.start) keeps the terminal's file descriptors pointed away.
    """
    try:
        from accessible_output2.outputs.auto import Auto
    except ImportError as err:
        raise VoiceError("accessible-output2 is not installed") from err
    output = Auto().get_first_available_output()
    if output is None:
        raise VoiceError(_why_missing(platform))
    return ScreenReader(output)
