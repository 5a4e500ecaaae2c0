"""Speech through the player's own screen reader.

On Linux that is speech-dispatcher, the speech server Orca uses, through its
own client (`dispatcher.py`), which reports when each line was said. On
Windows accessible-output2 finds NVDA or JAWS when running, else SAPI; on
macOS VoiceOver.

Those screen readers keep their own queue and say nothing of when a line
ends, so `speak` hands a line over and returns; cutting off is "silence".
"""

from __future__ import annotations

import sys
import threading
from typing import Any

from sixdot.output.dispatcher import Dispatcher, open_dispatcher
from sixdot.output.voice import VoiceError


class ScreenReader:
    """One accessible-output2 output that can speak (Windows, macOS)."""

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


def open_screenreader(platform: str = sys.platform) -> ScreenReader | Dispatcher:
    """The first screen reader that answers; VoiceError says why there is none.

    accessible-output2 prints its install hints while probing: the caller
    (Speech.start) keeps the terminal's file descriptors pointed away.
    """
    if platform.startswith("linux"):
        return open_dispatcher()
    try:
        from accessible_output2.outputs.auto import Auto
    except ImportError as err:
        raise VoiceError("accessible-output2 is not installed") from err
    output = Auto().get_first_available_output()
    if output is None:
        raise VoiceError("no screen reader is running")
    return ScreenReader(output)
