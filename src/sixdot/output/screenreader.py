"""Speech through the player's own screen reader.

On Linux that is speech-dispatcher, the speech server Orca uses, through its
own client (`dispatcher.py`), which reports when each line was said. On
Windows accessible-output2 finds NVDA or JAWS when running, else SAPI; on
macOS VoiceOver.

Those screen readers keep their own queue and say nothing of when a line
ends, so `speak` hands a line over and returns; cutting off is "silence".
"""

from __future__ import annotations

import contextlib
import queue
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from sixdot.output import Output
from sixdot.output.dispatcher import Dispatcher, SpdSay, open_dispatcher
from sixdot.output.voice import VoiceError


class ScreenReader:
    """One accessible-output2 output that can speak (Windows, macOS).

    Its output is made, used and closed on one thread of its own: NVDA's,
    JAWS's and SAPI's are COM objects, which belong to the thread (the
    apartment) that made them, so neither the speech thread's `speak` nor the
    game's `cancel` calls them directly; both hand the call over.
    """

    def __init__(self, make: Callable[[], Any]) -> None:
        self._calls: queue.SimpleQueue[Callable[[Any], object] | None] = queue.SimpleQueue()
        made: queue.SimpleQueue[BaseException | None] = queue.SimpleQueue()
        self._thread = threading.Thread(
            target=self._serve, args=(make, made), name="sixdot-screenreader", daemon=True
        )
        self._thread.start()
        failed = made.get()
        if failed is not None:
            raise failed

    def _serve(
        self, make: Callable[[], Any], made: queue.SimpleQueue[BaseException | None]
    ) -> None:
        with _com_apartment():
            try:
                output = make()
            except BaseException as err:  # handed to the caller's thread
                made.put(err)
                return
            made.put(None)
            while (call := self._calls.get()) is not None:
                with contextlib.suppress(Exception):  # a call that fails says nothing
                    call(output)
            close = getattr(output, "close", None)
            if close is not None:
                with contextlib.suppress(Exception):
                    close()

    def speak(self, text: str, stopped: threading.Event) -> None:
        if not stopped.is_set() and text.strip():
            self._calls.put(lambda output: output.speak(text, interrupt=False))

    def cancel(self) -> None:
        self._calls.put(_silence)

    def braille(self, text: str) -> None:
        """Show `text` on the braille display the screen reader drives."""
        self._calls.put(lambda output: output.braille(text))

    def close(self) -> None:
        self._calls.put(None)
        self._thread.join(5)


def _silence(output: Any) -> None:
    """Cut the screen reader short. JAWS's and System Access's outputs have no
    `silence`: an empty line said with interrupt stops them the same way."""
    silence = getattr(output, "silence", None)
    if silence is not None:
        silence()
    else:
        output.speak("", interrupt=True)


@contextlib.contextmanager
def _com_apartment() -> Iterator[None]:
    """COM set up for this thread while it runs, on Windows (pywin32's
    pythoncom, which accessible-output2 installs there); elsewhere nothing."""
    try:
        import pythoncom  # type: ignore[import-not-found]
    except ImportError:
        yield
        return
    pythoncom.CoInitialize()
    try:
        yield
    finally:
        pythoncom.CoUninitialize()


def open_screenreader(platform: str = sys.platform) -> ScreenReader | Dispatcher | SpdSay:
    """The first screen reader that answers; VoiceError says why there is none.

    accessible-output2 prints its install hints while probing: the caller
    (Speech.start) keeps the terminal's file descriptors pointed away.
    """
    if platform.startswith("linux"):
        return open_dispatcher()
    try:
        from accessible_output2.outputs.auto import Auto
    except ImportError as err:
        raise VoiceError("no accessible-output2") from err

    def first() -> Any:
        output = Auto().get_first_available_output()
        if output is None:
            raise VoiceError("no screen reader is running")
        return output

    return ScreenReader(first)


class ScreenReaderBraille(Output):
    """Each line, and the focused card as the keys walk, on the braille display
    that NVDA or JAWS drives (accessible-output2's `braille`), for players on
    Windows; on Linux the screen reader's display is BRLTTY's (`brlapi`)."""

    name = "braille"

    def __init__(self, reader: ScreenReader) -> None:
        self.reader = reader

    def deliver(self, line: str, urgent: bool = False) -> None:
        self.reader.braille(line)

    def show_focus(self, labels: Sequence[str], at: int = 0) -> None:
        if 0 <= at < len(labels):
            self.reader.braille(labels[at])

    def close(self) -> None:
        self.reader.close()


def open_screenreader_braille(platform: str = sys.platform) -> ScreenReaderBraille:
    """The running screen reader's braille display; VoiceError says why there is none."""
    if platform.startswith("linux"):
        raise VoiceError("on Linux use --braille brlapi")  # Orca's display is BRLTTY's
    try:
        from accessible_output2.outputs.auto import Auto
        from accessible_output2.outputs.base import Output as Base
    except ImportError as err:
        raise VoiceError("no accessible-output2") from err

    def first() -> Any:
        for output in Auto().outputs:
            # Only NVDA's, JAWS's and a few others' outputs define braille.
            if type(output).braille is not Base.braille and output.is_active():
                return output
        raise VoiceError("no screen reader with braille is running")

    return ScreenReaderBraille(ScreenReader(first))
