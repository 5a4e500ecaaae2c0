"""Speech: every printed line also spoken, in order, without holding up the prompt.

A worker thread owns the voice and speaks a queue of lines one after another,
so the game loop only appends to a list. Nothing queued is ever dropped by the
program: an urgent line (your turn, an error) waits its turn after the lines
before it, so what the opponents did is heard before the prompt. Only the
player cuts speech short, as with a screen reader: a keypress (`interrupt`)
cuts off the line being spoken and drops the queue; the table's history keeps
every line for `last`, `older` and `newer`.

The voice is one of three, chosen by the speech mode (config.SPEECH_MODES):

- screenreader: speech-dispatcher through its own client on Linux
  (`dispatcher.py`), the running screen reader through accessible-output2
  elsewhere (`screenreader.py`);
- tts: sixdot's own voice, pyttsx3 driving espeak-ng on Linux, see `tts.py`;
- text: no speech;
- auto: the first of screenreader and tts that works.

screenreader and auto say nothing themselves where a screen reader already
reads the terminal's new text (`atspi.py`): every line would be heard twice.

A voice's `speak` returns once the line was said (speech-dispatcher reports
its end), so the queue knows what was spoken and `close` can wait for the
last lines, the winner among them, before the program lets go of the voice.

A mode whose engine is missing gives way to the next one, after one notice
saying why; the game always goes on, in text at worst.
"""

from __future__ import annotations

import contextlib
import threading
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

from sixdot.config import SPEECH_MODE, TTS_RATE, TTS_SAVE_TO, TTS_VOICE, TTS_VOLUME, Config
from sixdot.output import Output, notice_on_stderr, reason
from sixdot.output.atspi import reads_terminal
from sixdot.output.pronounce import pronouncer
from sixdot.output.quiet import quiet
from sixdot.output.screenreader import open_screenreader
from sixdot.output.tts import open_tts
from sixdot.output.voice import Voice, VoiceError

#: How long a voice may take to start before its mode counts as missing. A
#: speech-dispatcher that accepts connections but never answers would
#: otherwise hold up the game for good.
OPEN_SECONDS = 5.0
#: At the end (game over, quit, end of input) the program waits for the lines
#: still queued as long as they go on being said, but gives up on a line that
#: takes longer than this to finish: a stuck speech server must not keep the
#: program running. No line sixdot prints takes this long to say.
FINISH_SECONDS = 15.0

#: What speaks now, then why each mode before it could not start, a few words
#: each naming what is missing: "Text only: no speech-dispatcher; no audio
#: player." One short line: what to install is in docs/speech.md.
NOTICE_FALLBACK = "{using}: {tried}."
NOTICE_LOST = "Speech stopped: {reason}. Playing on in text."
#: `screenreader` asked for where the screen reader reads the terminal itself.
NOTICE_READ = "Your screen reader reads this terminal: sixdot adds no speech."


@dataclass
class _Line:
    text: str
    stopped: threading.Event = field(default_factory=threading.Event)


@dataclass
class Tally:
    """What became of the lines delivered: the benchmark's and the tests' evidence."""

    delivered: int = 0
    #: Said to the end.
    spoken: int = 0
    #: Cut off or dropped by a keypress (or by the end's bound).
    cut: int = 0


class Speech(Output):
    """An output that speaks each delivered line through a voice, on its own thread.

    The thread opens the voice, speaks every line and closes the voice, so an
    engine that keeps to the thread that made it (COM on Windows) is only
    ever used from one thread. Make one with `Speech.start`.
    """

    name = "speech"

    def __init__(
        self,
        open_voice: Callable[[], Voice],
        pronounce: Callable[[str], str] = str,
        notice: Callable[[str], None] = notice_on_stderr,
    ) -> None:
        self.voice: Voice | None = None
        self.tally = Tally()
        self._pronounce = pronounce
        self._notice = notice
        self._lock = threading.Condition()
        self._queue: deque[_Line] = deque()
        self._current: _Line | None = None
        self._closing = False
        self._opened = threading.Event()
        self._failure: Exception | None = None
        self._thread = threading.Thread(
            target=self._run, args=(open_voice,), name="sixdot-speech", daemon=True
        )

    @classmethod
    def start(
        cls,
        open_voice: Callable[[], Voice],
        pronounce: Callable[[str], str] = str,
        notice: Callable[[str], None] = notice_on_stderr,
        timeout: float = OPEN_SECONDS,
    ) -> Speech:
        """Speech through the voice `open_voice` makes; VoiceError says why there is none.

        While the voice opens, the terminal's file descriptors point away,
        so that library chatter is not shown.
        """
        speech = cls(open_voice, pronounce, notice)
        with quiet():
            speech._thread.start()
            opened = speech._opened.wait(timeout)
        if not opened:
            with speech._lock:
                speech._closing = True  # if it ever opens, it closes at once
            raise VoiceError(f"no answer within {timeout:g} seconds")
        err = speech._failure
        if err is not None:
            raise err if isinstance(err, VoiceError) else VoiceError(reason(err)) from err
        return speech

    # -- what the session calls --

    def deliver(self, line: str, urgent: bool = False) -> None:
        """Queue a line after the others; urgent or not, nothing queued is dropped.

        `urgent` is for backends that move to a line (a braille display);
        speech hears the lines in the order they were printed.
        """
        del urgent
        with self._lock:
            if self._closing:
                return
            self.tally.delivered += 1
            self._queue.append(_Line(line))
            self._lock.notify()

    def interrupt(self) -> None:
        """The player pressed a key: stop talking and forget what was waiting."""
        with self._lock:
            self._cut()

    def close(self, timeout: float = FINISH_SECONDS) -> None:
        """Let the queued lines be said, then stop the thread.

        Waits as long as lines go on finishing, but no more than `timeout`
        seconds for any one of them; what is left then is cut off.
        """
        with self._lock:
            self._closing = True
            self._lock.notify_all()
            try:
                while not self._idle():
                    if not self._lock.wait_for(self._moved_on(), timeout):
                        break
            finally:
                self._cut()
                self._lock.notify_all()
        self._thread.join(timeout=2.0)

    def wait_idle(self, timeout: float | None = None) -> bool:
        """Block until everything queued has been said; False on timeout."""
        with self._lock:
            return self._lock.wait_for(self._idle, timeout)

    # -- the speech thread --

    def _idle(self) -> bool:
        return not self._queue and self._current is None

    def _moved_on(self) -> Callable[[], bool]:
        """Whether, since now, a line finished or all is said; called with the lock held."""
        before = self.tally.spoken + self.tally.cut
        return lambda: self._idle() or self.tally.spoken + self.tally.cut != before

    def _cut(self) -> None:
        """Drop the queued lines and cut off the current one; called with the lock held."""
        self.tally.cut += len(self._queue)
        self._queue.clear()
        current = self._current
        if current is not None and not current.stopped.is_set():
            current.stopped.set()
            assert self.voice is not None  # a line is only taken once the voice is open
            self.voice.cancel()

    def _run(self, open_voice: Callable[[], Voice]) -> None:
        try:
            voice = self.voice = open_voice()
        except Exception as err:  # any engine failure means this mode is missing
            self._failure = err
            return
        finally:
            self._opened.set()
        while True:
            with self._lock:
                self._lock.wait_for(lambda: self._queue or self._closing)
                if not self._queue:
                    break
                line = self._current = self._queue.popleft()
            try:
                voice.speak(self._pronounce(line.text), line.stopped)
            except Exception as err:  # the engine died mid-game: say so once, go quiet
                self._notice(NOTICE_LOST.format(reason=reason(err)))
                with self._lock:
                    self._closing = True
                    line.stopped.set()
                    self._cut()
            finally:
                with self._lock:
                    if line.stopped.is_set():
                        self.tally.cut += 1
                    else:
                        self.tally.spoken += 1
                    self._current = None
                    self._lock.notify_all()
        # Closing a broken engine can fail too; there is nothing left to tell.
        with contextlib.suppress(Exception):
            voice.close()


# -- choosing a voice by mode --


#: How notices name each speaking mode.
TITLES = {"screenreader": "Screen reader", "tts": "Own voice"}


def _openers(config: Config, notice: Callable[[str], None]) -> dict[str, Callable[[], Voice]]:
    """How to open each speaking mode, in the order auto tries them."""

    def tts() -> Voice:
        return open_tts(
            rate=config[TTS_RATE],
            volume=config[TTS_VOLUME],
            voice=config[TTS_VOICE],
            save_to=config[TTS_SAVE_TO],
            notice=notice,
        )

    return {"screenreader": open_screenreader, "tts": tts}


def open_speech(
    config: Config,
    notice: Callable[[str], None] = notice_on_stderr,
    mode: str | None = None,
    locale: str = "en",
    openers: dict[str, Callable[[], Voice]] | None = None,
    read: Callable[[], bool] = reads_terminal,
) -> Speech | None:
    """Speech in `mode` (the config's by default), or the next mode that works.

    Returns None for text, and for `screenreader` and `auto` where a screen
    reader reads the terminal itself (`screenreader` says so). When the mode
    asked for cannot start, one notice says why and what is used instead;
    `auto` says nothing unless no voice at all can start.
    """
    mode = mode or config[SPEECH_MODE]
    if mode == "text":
        return None
    if mode in ("screenreader", "auto") and read():
        if mode == "screenreader":
            notice(NOTICE_READ)
        return None
    # A voice's own notices (a voice it fell back from) come while the
    # terminal is kept quiet, so they are held and given once it opened.
    held: list[str] = []
    openers = openers if openers is not None else _openers(config, held.append)
    order = list(openers)
    candidates = order if mode == "auto" else order[order.index(mode) :]
    tried: list[str] = []
    for candidate in candidates:
        try:
            speech = Speech.start(openers[candidate], pronouncer(locale), notice)
        except VoiceError as err:
            tried.append(reason(err))
            held.clear()
            continue
        for message in held:
            notice(message)
        if tried and mode != "auto":
            using = f"Using {TITLES[candidate].lower()}"
            notice(NOTICE_FALLBACK.format(tried="; ".join(tried), using=using))
        return speech
    notice(NOTICE_FALLBACK.format(tried="; ".join(tried), using="Text only"))
    return None
