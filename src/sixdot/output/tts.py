"""sixdot's own voice: a speech engine writes each line to a file, sixdot plays it.

On Linux and Windows the engine is pyttsx3 (espeak-ng, SAPI5). On macOS it
is the system's own `say` command: pyttsx3 would drive the same voices
through pyobjc, 59 packages and about 109 MB, for nothing `say -o` cannot do.

Asked to speak, pyttsx3 2.99 on Linux plays its audio through `aplay` with
`os.system`, which cannot be cut off and writes to the terminal, so sixdot
never asks it to speak: it asks for each line as a WAV file
(`save_to_file`) and plays the file itself, with a player process it can
stop at once. The driver's "Audio saved to" message is silenced by giving
the driver module a `print` of its own that discards.

pyttsx3 2.99's espeak driver hands espeak-ng work that it does on a thread
of its own, and `runAndWait` cancels whatever espeak-ng has not finished yet
(a long line, a rate just set) before it starts the next line. So settings
are given only while the engine is idle, and each line, and each change of
settings, waits for espeak-ng to finish (`espeak_Synchronize`); a line is
played once the engine reports it finished.

Where the audio goes is a `Sink`: a player command (pw-play, paplay or aplay
on Linux, afplay on macOS), Windows' own sound player, or a folder that keeps
every line as a numbered WAV file (`save_to`), for machines without sound,
the tests and the benchmarks.
"""

from __future__ import annotations

import itertools
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import wave
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Protocol

from sixdot.output import notice_on_stderr
from sixdot.output.voice import VoiceError

#: Player commands to try, in order; each gets a WAV file's path as its last argument.
PLAYERS: dict[str, tuple[tuple[str, ...], ...]] = {
    "linux": (("pw-play",), ("paplay",), ("aplay", "-q")),
    "darwin": (("afplay",),),
}
#: How long a player may take to play the probe's blip of silence.
PROBE_SECONDS = 5.0
#: How long the engine may take to make one line's audio.
SYNTH_SECONDS = 10.0
RATE = 22050


class Sink(Protocol):
    """Where the audio of each line goes."""

    def target(self, text: str) -> Path:
        """The file the engine should write the audio of `text` to."""

    def play(self, path: Path, stopped: threading.Event) -> None:
        """Play the file; return when it ends, or soon after `stopped` is set."""

    def cancel(self) -> None:
        """Stop what `play` is playing; called from another thread."""

    def close(self) -> None:
        """Remove anything temporary."""


class Writer(Protocol):
    """What makes the audio of a line."""

    def write(self, text: str, path: Path) -> None:
        """Write the audio of `text` to `path` as WAV; VoiceError if it cannot."""


class TtsVoice:
    """A writer making each line's audio file, and a sink playing it."""

    def __init__(self, writer: Writer, sink: Sink) -> None:
        self.writer = writer
        self.sink = sink

    def speak(self, text: str, stopped: threading.Event) -> None:
        if stopped.is_set() or not text.strip():
            return
        path = self.sink.target(text)
        self.writer.write(text, path)
        self.sink.play(path, stopped)

    def cancel(self) -> None:
        self.sink.cancel()

    def close(self) -> None:
        self.sink.close()


class EngineWriter:
    """pyttsx3's engine, saving a line to a file and waiting until it has really finished."""

    def __init__(self, engine: Any, settle: Callable[[], object]) -> None:
        """`settle` waits until the engine has finished all it was given."""
        self.engine = engine
        self._settle = settle
        self._written = threading.Event()
        engine.connect("finished-utterance", self._finished)

    def _finished(self, **event: object) -> None:
        self._written.set()

    def write(self, text: str, path: Path) -> None:
        self._written.clear()
        self.engine.save_to_file(text, str(path))
        self.engine.runAndWait()
        self._settle()
        if not self._written.wait(SYNTH_SECONDS):
            raise VoiceError(f"the voice wrote no audio in {SYNTH_SECONDS:g} seconds")


class SayWriter:
    """macOS's `say`, writing each line as 16-bit WAV (`-o` and `--data-format`).

    The text goes on standard input (`-f -`), so a line that starts with a
    dash is never taken for an option; `say` has no volume of its own, so
    the player (`afplay -v`) sets it.
    """

    def __init__(self, rate: int, voice: str = "") -> None:
        chosen = ("-v", voice) if voice else ()
        self.command = ("say", "-r", str(rate), *chosen, f"--data-format=LEI16@{RATE}", "-f", "-")

    def write(self, text: str, path: Path) -> None:
        try:
            done = subprocess.run(
                [*self.command, "-o", str(path)],
                input=text.encode("utf-8"),
                capture_output=True,
                timeout=SYNTH_SECONDS,
                check=False,
            )
        except subprocess.TimeoutExpired as err:
            raise VoiceError(f"say wrote no audio in {SYNTH_SECONDS:g} seconds") from err
        except OSError as err:
            raise VoiceError(f"say: {err.strerror}") from err
        if done.returncode != 0:
            raise VoiceError(f"say could not make the audio: exit status {done.returncode}")


def say_voices() -> list[tuple[str, str]]:
    """macOS's voices as (name, language) from `say -v '?'`, whose lines read
    `Alex                en_US    # Most people recognize me by my voice.`"""
    try:
        listed = subprocess.run(
            ["say", "-v", "?"], capture_output=True, timeout=SYNTH_SECONDS, check=False
        )
    except (OSError, subprocess.TimeoutExpired):
        return []
    voices = []
    for line in listed.stdout.decode("utf-8", "replace").splitlines():
        found = re.match(r"(.+?)\s+([a-z]{2,3}[_-]\w+)\s+#", line)
        if found:
            voices.append((found[1], found[2]))
    return voices


def seconds(path: Path) -> float:
    """How long a WAV file plays; 0 if it is not one."""
    try:
        with wave.open(str(path), "rb") as wav:
            return wav.getnframes() / wav.getframerate()
    except (wave.Error, EOFError, OSError, ZeroDivisionError):
        return 0.0


class WavFolder:
    """Keeps each line as a numbered WAV file, with what was said in a .txt beside it.

    `play` takes as long as the audio lasts (or until cut off), so the queue,
    interruptions and urgent lines behave as they would through speakers.
    """

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as err:
            raise VoiceError(f"cannot write audio files to {folder}: {err.strerror}") from err
        numbers = [int(p.stem) for p in folder.glob("*.wav") if re.fullmatch(r"\d+", p.stem)]
        self._numbers = itertools.count(max(numbers, default=0) + 1)

    def target(self, text: str) -> Path:
        path = self.folder / f"{next(self._numbers):05d}.wav"
        path.with_suffix(".txt").write_text(text + "\n", encoding="utf-8")
        return path

    def play(self, path: Path, stopped: threading.Event) -> None:
        stopped.wait(seconds(path))

    def cancel(self) -> None:
        """`play` returns by itself once its line is stopped."""

    def close(self) -> None:
        """The files are the point: they stay."""


class CommandPlayer:
    """Plays each file with a player program, which `cancel` stops at once.

    `play` waits for its player to end, and the speech thread plays one line
    at a time, so two players never talk over each other.
    """

    def __init__(self, command: Sequence[str]) -> None:
        self.command = tuple(command)
        self._folder = tempfile.TemporaryDirectory(prefix="sixdot-speech-")
        self._lock = threading.Lock()
        self._process: subprocess.Popen[bytes] | None = None

    def target(self, text: str) -> Path:
        return Path(self._folder.name) / "line.wav"

    def play(self, path: Path, stopped: threading.Event) -> None:
        with self._lock:
            if stopped.is_set():
                return
            process = self._process = subprocess.Popen(
                [*self.command, str(path)],
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
        code = process.wait()
        with self._lock:
            self._process = None
        if code != 0 and not stopped.is_set():
            raise VoiceError(f"{self.command[0]} could not play the audio: exit status {code}")

    def cancel(self) -> None:
        with self._lock:
            if self._process is not None and self._process.poll() is None:
                self._process.terminate()

    def close(self) -> None:
        """No player outlives the voice: one plays at a time, and none after the end."""
        self.cancel()
        self._folder.cleanup()


class WinsoundPlayer:
    """Windows' own sound player: plays in the background, and is stopped by playing nothing."""

    def __init__(self) -> None:
        import winsound

        self._winsound: Any = winsound
        self._folder = tempfile.TemporaryDirectory(prefix="sixdot-speech-")

    def target(self, text: str) -> Path:
        return Path(self._folder.name) / "line.wav"

    def play(self, path: Path, stopped: threading.Event) -> None:
        flags = self._winsound.SND_FILENAME | self._winsound.SND_ASYNC
        self._winsound.PlaySound(str(path), flags)
        stopped.wait(seconds(path))

    def cancel(self) -> None:
        self._winsound.PlaySound(None, 0)

    def close(self) -> None:
        self._folder.cleanup()


def silence_file(path: Path, duration: float = 0.05) -> Path:
    """A short WAV of silence: what a player is tested with."""
    with wave.open(str(path), "wb") as wav:
        wav.setnchannels(1)
        wav.setsampwidth(2)
        wav.setframerate(RATE)
        wav.writeframes(b"\0\0" * int(RATE * duration))
    return path


def _probe(command: Sequence[str]) -> str | None:
    """None if the player plays a blip of silence; else why not, in a few words."""
    if shutil.which(command[0]) is None:
        return f"{command[0]} is not installed"
    with tempfile.TemporaryDirectory(prefix="sixdot-probe-") as folder:
        blip = silence_file(Path(folder) / "blip.wav")
        try:
            done = subprocess.run(
                [*command, str(blip)],
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.PIPE,
                timeout=PROBE_SECONDS,
                check=False,
            )
        except subprocess.TimeoutExpired:
            return f"{command[0]} did not finish"
        except OSError as err:
            return f"{command[0]}: {err.strerror}"
    if done.returncode != 0:
        said = done.stderr.decode(errors="replace").strip().splitlines()
        last = said[-1] if said else f"exit status {done.returncode}"
        return last if last.startswith(command[0]) else f"{command[0]}: {last}"
    return None


#: Players that set the volume themselves, and their option: for a writer that cannot (`say`).
VOLUME_OPTIONS = {"afplay": "-v"}


def find_player(platform: str = sys.platform, volume: float | None = None) -> Sink:
    """The first player that can play sound here; VoiceError says why there is none.

    `volume`, when given, is set by the player (1 plays the file as it is).
    """
    if platform == "win32":
        return WinsoundPlayer()
    commands = PLAYERS.get(platform, PLAYERS["linux"])
    if volume is not None:
        commands = tuple(
            (*c, VOLUME_OPTIONS[c[0]], f"{volume:g}") if c[0] in VOLUME_OPTIONS else c
            for c in commands
        )
    reasons = []
    for command in commands:
        reason = _probe(command)
        if reason is None:
            return CommandPlayer(command)
        reasons.append(reason)
    installed = [r for r in reasons if not r.endswith("is not installed")]
    if installed:
        # The first installed player's failure: the notice stays one short line.
        raise VoiceError(f"no sound: {installed[0]}")
    # Which players would do is in docs/speech.md: the notice stays one short line.
    raise VoiceError("no audio player")


def _settler(engine: Any) -> Callable[[], object]:
    """What waits until the engine has really finished a line: espeak-ng's Synchronize."""
    if engine.driver_name == "espeak":
        from pyttsx3.drivers import _espeak

        synchronize: Callable[[], object] = _espeak.Synchronize
        return synchronize
    return lambda: None


def _match_voice(engine: Any, wanted: str) -> str | None:
    """The engine's id for the voice `wanted`, or None if it has no such voice.

    `wanted` is an id (`gmw/en-us`), its last part (`en-us`), a name
    (`English (America)`) or a language code as espeak-ng lists them
    (`en-gb`, the language of the voice `gmw/en`).
    """
    key = wanted.casefold()
    voices = list(engine.getProperty("voices"))
    for voice in voices:
        names = (voice.id, voice.id.rpartition("/")[2], voice.name or "")
        if key in (n.casefold() for n in names):
            return str(voice.id)
    for voice in voices:
        if key in (_language(code) for code in voice.languages or ()):
            return str(voice.id)
    return None


def _language(code: object) -> str:
    """A voice's language code as text: pyttsx3 gives str, or bytes led by a priority byte."""
    if isinstance(code, bytes):
        code = code.lstrip(bytes(range(32))).decode("ascii", "replace")
    return str(code).casefold()


#: Said once when the voice in the settings cannot be found: never silence instead.
#: Short, and true on every system: how to list the voices is in docs/speech.md.
NOTICE_VOICE = "Speech: no voice {wanted!r}; using the default voice."


def _discard(*args: object, **kwargs: object) -> None:
    """Stands in for `print` inside the pyttsx3 driver, which reports every saved file."""


def open_tts(
    rate: int = 175,
    volume: float = 1.0,
    voice: str = "",
    save_to: str = "",
    notice: Callable[[str], None] = notice_on_stderr,
    platform: str = sys.platform,
) -> TtsVoice:
    """sixdot's own voice, ready to speak; VoiceError says what is missing.

    A `voice` the engine does not have gives the default voice and one notice.
    """
    writer: Writer
    if platform == "darwin":
        writer = open_say(rate, voice, notice)
        played_volume: float | None = volume
    else:
        writer = open_engine(rate, volume, voice, notice)
        played_volume = None
    if save_to:
        return TtsVoice(writer, WavFolder(Path(save_to).expanduser()))
    return TtsVoice(writer, find_player(platform, played_volume))


def open_say(rate: int, voice: str, notice: Callable[[str], None]) -> SayWriter:
    """macOS's `say`, with `voice` if it has one by that name or language."""
    if shutil.which("say") is None:
        raise VoiceError("no say command")
    if voice:
        key = voice.casefold().replace("-", "_")
        found = [
            name for name, language in say_voices() if key in (name.casefold(), language.casefold())
        ]
        if not found:
            notice(NOTICE_VOICE.format(wanted=voice))
        return SayWriter(rate, found[0] if found else "")
    return SayWriter(rate)


def open_engine(
    rate: int, volume: float, voice: str, notice: Callable[[str], None]
) -> EngineWriter:
    """pyttsx3's engine with the settings given, idle and ready for a line."""
    try:
        import pyttsx3
    except ImportError as err:
        raise VoiceError("no pyttsx3") from err
    try:
        engine = pyttsx3.init()
    except Exception as err:  # a driver that cannot load raises anything at all
        if "espeak" in str(err).casefold():
            raise VoiceError("no espeak-ng") from err
        raise VoiceError(f"pyttsx3 did not start: {err}") from err
    driver = sys.modules.get(f"pyttsx3.drivers.{engine.driver_name}")
    if driver is not None:
        driver.print = _discard  # type: ignore[attr-defined]
    settle = _settler(engine)
    settle()  # the driver's own first settings, so that the run below cancels nothing
    if engine.isBusy():  # a new engine takes settings at once only after one run
        engine.runAndWait()
    if voice:
        found = _match_voice(engine, voice)
        if found is None:
            notice(NOTICE_VOICE.format(wanted=voice))
        else:
            engine.setProperty("voice", found)
    engine.setProperty("rate", rate)
    engine.setProperty("volume", volume)
    settle()
    return EngineWriter(engine, settle)
