"""The screen reader on Linux: speech-dispatcher, through its own Python client.

speech-dispatcher is the speech server Orca uses; its client is Debian's
python3-speechd, which is not on PyPI, so a virtual environment has it linked
in by scripts/debian-python (docs/speech.md). accessible-output2, which
sixdot uses on Windows and macOS, sends every line with priority `text`,
and speech-dispatcher says only the newest of several `text` messages: lines
were lost whenever two came close together.

Priorities (SSIP, "Priority Categories"): `text` interrupts itself, as said;
`important` cancels the message being spoken; `notification` and `progress`
are cancelled by anything. `message` is the one that never cancels another
`message` and is queued in order behind it, so every line goes as `message`,
the turn prompt included. (It does cancel another program's `text` or
`notification` still waiting, which is what a line the player must hear
should do.)

Each line is sent once the one before it has ended: speech-dispatcher
reports END (said) or CANCEL for every message, so sixdot knows what was
spoken, and can wait for the last line before it disconnects, since
disconnecting drops what a client left queued. A keypress sends CANCEL for
sixdot's own messages only (scope `self`).
"""

from __future__ import annotations

import contextlib
import shutil
import subprocess
import threading
import time
from typing import Any

from sixdot.output.voice import VoiceError

#: How often a line's wait looks whether the connection is still there: a
#: server that dies sends no END, and the client's reader only stops.
POLL_SECONDS = 0.2
#: After a cut, how long to wait for speech-dispatcher to confirm the CANCEL.
CANCEL_SECONDS = 1.0

GONE = "speech-dispatcher went away"
#: Short, so a notice naming both missing modes stays one short line; what to
#: install is in docs/speech.md.
WHY_NO_CLIENT = "no speech-dispatcher"


class Dispatcher:
    """One connection to speech-dispatcher that says one line at a time."""

    def __init__(self, client: Any, speechd: Any) -> None:
        self.client = client
        self._speechd = speechd
        # speak comes from the speech thread and cancel from the game's, but
        # the connection is one socket of requests and replies: two at once
        # mix their replies up, so they take turns.
        self._turn = threading.Lock()
        self._events = threading.Condition()
        #: message id (or the callback's token) -> "end" or "cancel", until waited for.
        self._ended: dict[object, str] = {}
        self._listening = self._listen()
        self._gone = threading.Event()
        reader = getattr(getattr(client, "_conn", None), "_communication_thread", None)
        if reader is not None:
            threading.Thread(
                target=self._watch, args=(reader,), name="sixdot-speechd-watch", daemon=True
            ).start()

    def _watch(self, reader: threading.Thread) -> None:
        """When the server goes, wake whatever waits on the connection.

        The client's reader thread stops when the socket closes, but a request
        sent just before waits for its reply for good, holding the connection:
        releasing the reply semaphore makes it fail instead (no reply is there).
        """
        reader.join()
        self._gone.set()
        with self._events:
            self._events.notify_all()
        semaphore = getattr(getattr(self.client, "_conn", None), "_ssip_reply_semaphore", None)
        if semaphore is not None:
            semaphore.release()

    def _listen(self) -> bool:
        """Hear every END and CANCEL of the connection, by message id.

        The client registers a message's own callback only after the server
        replied with its id, so an END that comes in between is ignored (the
        client's source says so); listening to the connection itself misses
        none. False if this client is not built so: then each message gets
        the client's callback, as documented.
        """
        connection = getattr(self.client, "_conn", None)
        handler = getattr(self.client, "_callback_handler", None)
        if connection is None or handler is None or not hasattr(connection, "set_callback"):
            return False
        kinds = self._speechd.CallbackType

        def every(msg_id: int, client_id: int, kind: str, **details: object) -> None:
            if kind in (kinds.END, kinds.CANCEL):
                self._record(msg_id, kind)
            handler(msg_id, client_id, kind, **details)

        connection.set_callback(every)
        return True

    def _record(self, key: object, kind: str) -> None:
        with self._events:
            self._ended[key] = kind
            self._events.notify_all()

    def speak(self, text: str, stopped: threading.Event) -> None:
        """Send the line and wait until speech-dispatcher says it ended or was cancelled."""
        if not text.strip():
            return
        kinds = self._speechd.CallbackType
        token: object = object()
        with self._turn:
            if stopped.is_set():
                return
            # A dead connection must be seen before a request: the client would
            # wait for its reply for good.
            if not self._connected():
                raise VoiceError(GONE)
            try:
                if self._listening:
                    token = int(self.client.speak(text)[2][0])
                else:
                    self.client.speak(
                        text,
                        callback=lambda kind, **details: self._record(token, kind),
                        event_types=(kinds.END, kinds.CANCEL),
                    )
            except Exception as err:  # a broken socket raises OSError or SSIPError
                raise VoiceError(GONE) from err
        self._wait(token, stopped)

    def _wait(self, token: object, stopped: threading.Event) -> None:
        cut_at: float | None = None
        with self._events:
            while token not in self._ended:
                if stopped.is_set():
                    # cancel() was sent; its CANCEL confirms it, but do not hang on it.
                    now = time.monotonic()
                    cut_at = now if cut_at is None else cut_at
                    if now - cut_at >= CANCEL_SECONDS:
                        return
                elif not self._connected():
                    raise VoiceError(GONE)
                self._events.wait(POLL_SECONDS)
            del self._ended[token]

    def _connected(self) -> bool:
        """False once the client's reader has stopped: the server closed the socket."""
        return not self._gone.is_set()

    def cancel(self) -> None:
        """Cut off sixdot's message being said; other programs' speech is left alone.

        Called from the game's thread: it never waits long for the connection,
        which a request to a dying server may still hold.
        """
        if self._gone.is_set() or not self._turn.acquire(timeout=CANCEL_SECONDS):
            return
        try:
            with contextlib.suppress(Exception):  # a lost server has nothing to cut
                self.client.cancel()
        finally:
            self._turn.release()

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.client.close()


class SpdSay:
    """speech-dispatcher through its own `spd-say` command, one line at a time:
    for a sixdot installed with pip or pipx, which cannot import Debian's
    python3-speechd. Each line is sent as `message` and waited for (`--wait`),
    as `Dispatcher` sends it; a cut ends the line being waited for and cancels
    what speech-dispatcher still holds."""

    def __init__(self, program: str, name: str) -> None:
        self.program, self.name = program, name
        self._saying: subprocess.Popen[bytes] | None = None
        self._lock = threading.Lock()

    def _run(self, *args: str) -> subprocess.Popen[bytes]:
        command = [self.program, "--application-name", self.name, *args]
        return subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def speak(self, text: str, stopped: threading.Event) -> None:
        with self._lock:
            if stopped.is_set() or not text.strip():
                return
            # "--" ends the options: a line starting with "-" is said, not read as one.
            self._saying = self._run("--wait", "--priority", "message", "--", text)
        if self._saying.wait() != 0 and not stopped.is_set():
            raise VoiceError(GONE)

    def cancel(self) -> None:
        with self._lock:
            if self._saying is not None and self._saying.poll() is None:
                self._saying.terminate()
            self._run("--cancel").wait()

    def close(self) -> None:
        pass


def open_dispatcher(name: str = "sixdot") -> Dispatcher | SpdSay:
    """A connection to speech-dispatcher (started if it is not running); VoiceError if none.

    The server is found as its client finds it: SPEECHD_ADDRESS, else the
    user's own socket. Without python3-speechd (a pip install), its own
    `spd-say` command speaks instead.
    """
    try:
        import speechd
    except ImportError as err:
        program = shutil.which("spd-say")
        if program is not None:
            return SpdSay(program, name)
        raise VoiceError(WHY_NO_CLIENT) from err
    try:
        client = speechd.SSIPClient(name)
    except Exception as err:  # SSIPCommunicationError, SpawnError, OSError
        raise VoiceError("speech-dispatcher refused to connect") from err
    try:
        client.set_priority(speechd.Priority.MESSAGE)
    except Exception as err:
        with contextlib.suppress(Exception):
            client.close()
        raise VoiceError("speech-dispatcher refused message priority") from err
    return Dispatcher(client, speechd)
