"""Speech: every printed line also spoken, without ever holding up the prompt.

A worker thread owns the voice and speaks a queue of lines in order, so the
game loop only appends to a list. Typing at the prompt (`interrupt`) cuts
off the line being spoken and drops the queue: the player has moved on. An
urgent line (your turn, an error) does the same to everything that is not
urgent, then is spoken at once; urgent lines do not cut each other off, so a
turn prompt of two lines is heard whole.

The voice is one of three, chosen by the speech mode (config.SPEECH_MODES):

- screenreader: the running screen reader, through accessible-output2
  (speech-dispatcher on Linux), see `screenreader.py`;
- tts: sixdot's own voice, pyttsx3 driving espeak-ng on Linux, see `tts.py`;
- text: no speech;
- auto: the first of screenreader and tts that works.

A mode whose engine is missing gives way to the next one, after one notice
line saying why; the game always goes on, in text at worst.
"""

from __future__ import annotations

import contextlib
import threading
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

from sixdot.config import SPEECH_MODE, TTS_RATE, TTS_SAVE_TO, TTS_VOICE, TTS_VOLUME, Config
from sixdot.output import Output
from sixdot.output.pronounce import pronouncer
from sixdot.output.quiet import quiet
from sixdot.output.screenreader import open_screenreader
from sixdot.output.tts import open_tts
from sixdot.output.voice import Voice, VoiceError

#: How long a voice may take to start before its mode counts as missing. A
#: speech-dispatcher that accepts connections but never answers would
#: otherwise hold up the game for good.
OPEN_SECONDS = 5.0
#: How long the last lines (the winner, the scores) may go on being spoken
#: after the game ends before the program cuts them off and exits.
FINISH_SECONDS = 15.0

NOTICE_FALLBACK = "Speech: {tried}; {using}."
NOTICE_LOST = "Speech stopped: {reason}. Playing on in text."


@dataclass
class _Line:
    text: str
    urgent: bool
    stopped: threading.Event = field(default_factory=threading.Event)


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
        notice: Callable[[str], None] = print,
    ) -> None:
        self.voice: Voice | None = None
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
        notice: Callable[[str], None] = print,
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
            raise err if isinstance(err, VoiceError) else VoiceError(_reason(err)) from err
        return speech

    # -- what the session calls --

    def deliver(self, line: str, urgent: bool = False) -> None:
        """Queue a line; an urgent one first cuts off everything less urgent."""
        with self._lock:
            if self._closing:
                return
            if urgent:
                self._cut(keep_urgent=True)
            self._queue.append(_Line(line, urgent))
            self._lock.notify()

    def interrupt(self) -> None:
        """The player typed: stop talking and forget what was waiting."""
        with self._lock:
            self._cut(keep_urgent=False)

    def close(self, timeout: float = FINISH_SECONDS) -> None:
        """Let the last lines be said (up to `timeout` seconds), then stop the thread."""
        with self._lock:
            self._closing = True
            self._lock.notify_all()
            try:
                self._lock.wait_for(lambda: not self._queue and self._current is None, timeout)
            finally:
                self._cut(keep_urgent=False)
                self._lock.notify_all()
        self._thread.join(timeout=2.0)

    def wait_idle(self, timeout: float | None = None) -> bool:
        """Block until everything queued has been said; False on timeout."""
        with self._lock:
            return self._lock.wait_for(lambda: not self._queue and self._current is None, timeout)

    # -- the speech thread --

    def _cut(self, keep_urgent: bool) -> None:
        """Drop queued lines and cut off the current one, sparing urgent ones if asked.

        Called with the lock held.
        """
        self._queue = deque(line for line in self._queue if keep_urgent and line.urgent)
        current = self._current
        if current is not None and not (keep_urgent and current.urgent):
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
                self._notice(NOTICE_LOST.format(reason=_reason(err)))
                with self._lock:
                    self._closing = True
                    self._queue.clear()
            finally:
                with self._lock:
                    self._current = None
                    self._lock.notify_all()
        # Closing a broken engine can fail too; there is nothing left to tell.
        with contextlib.suppress(Exception):
            voice.close()


def _reason(err: BaseException) -> str:
    """An exception as a short reason for a notice line."""
    text = str(err).strip().splitlines()
    return text[0] if text else type(err).__name__


# -- choosing a voice by mode --


#: How notices name each speaking mode.
TITLES = {"screenreader": "the screen reader", "tts": "sixdot's own voice"}


def _openers(config: Config) -> dict[str, Callable[[], Voice]]:
    """How to open each speaking mode, in the order auto tries them."""

    def tts() -> Voice:
        return open_tts(
            rate=config[TTS_RATE],
            volume=config[TTS_VOLUME],
            voice=config[TTS_VOICE],
            save_to=config[TTS_SAVE_TO],
        )

    return {"screenreader": open_screenreader, "tts": tts}


def open_speech(
    config: Config,
    notice: Callable[[str], None] = print,
    mode: str | None = None,
    locale: str = "en",
    openers: dict[str, Callable[[], Voice]] | None = None,
) -> Speech | None:
    """Speech in `mode` (the config's by default), or the next mode that works.

    Returns None for text. When the mode asked for cannot start, one notice
    line says why and what is used instead; `auto` says nothing unless no
    voice at all can start.
    """
    mode = mode or config[SPEECH_MODE]
    if mode == "text":
        return None
    openers = openers if openers is not None else _openers(config)
    order = list(openers)
    candidates = order if mode == "auto" else order[order.index(mode) :]
    tried: list[str] = []
    for candidate in candidates:
        try:
            speech = Speech.start(openers[candidate], pronouncer(locale), notice)
        except VoiceError as err:
            tried.append(f"{TITLES[candidate]} is unavailable ({err})")
            continue
        if tried and mode != "auto":
            using = f"using {TITLES[candidate]}"
            notice(NOTICE_FALLBACK.format(tried=", ".join(tried), using=using))
        return speech
    notice(NOTICE_FALLBACK.format(tried=", ".join(tried), using="text only"))
    return None
