"""Speech: the queue and its cut-offs, choosing a mode, spoken forms, real audio.

The queue is driven through a fake voice that speaks until the test lets it
finish or the speech thread cuts it off, so every ordering is decided by the
test, not by timing. Audio tests use a real espeak-ng voice through pyttsx3,
written to WAV files, and are skipped only where espeak-ng is not installed.
"""

from __future__ import annotations

import ctypes.util
import io
import math
import os
import queue
import shutil
import sys
import threading
import wave
from array import array
from pathlib import Path

import pytest

from clienttools import PtyClient, run
from sixdot.client import cli
from sixdot.config import Config
from sixdot.output import tts
from sixdot.output.pronounce import Pronouncer, pronouncer
from sixdot.output.screenreader import open_screenreader
from sixdot.output.speech import Speech, open_speech
from sixdot.output.tts import CommandPlayer, find_player, open_tts, seconds
from sixdot.output.voice import VoiceError

WAIT = 5.0  # seconds a test waits for the speech thread before calling it stuck


class FakeVoice:
    """Speaks each line until `finish` lets it end, or until it is cut off."""

    def __init__(self) -> None:
        self.started: queue.Queue[str] = queue.Queue()
        self.said: list[str] = []
        self.cut: list[str] = []
        self.closed = False
        self._cond = threading.Condition()
        self._releases = 0

    def speak(self, text: str, stopped: threading.Event) -> None:
        with self._cond:
            if stopped.is_set():
                return
            self.started.put(text)
            self._cond.wait_for(lambda: self._releases > 0 or stopped.is_set())
            if stopped.is_set():
                self.cut.append(text)
                return
            self._releases -= 1
            self.said.append(text)

    def cancel(self) -> None:
        with self._cond:
            self._cond.notify_all()

    def close(self) -> None:
        self.closed = True

    def finish(self, count: int = 1) -> None:
        with self._cond:
            self._releases += count
            self._cond.notify_all()

    def next_started(self) -> str:
        return self.started.get(timeout=WAIT)


@pytest.fixture
def voice() -> FakeVoice:
    return FakeVoice()


@pytest.fixture
def speech(voice: FakeVoice):
    s = Speech.start(lambda: voice)
    yield s
    s.close(timeout=0)


# -- the queue --


def test_lines_are_spoken_in_order(speech: Speech, voice: FakeVoice) -> None:
    for line in ("one", "two", "three"):
        speech.deliver(line)
    assert voice.next_started() == "one"
    voice.finish(3)
    assert speech.wait_idle(WAIT)
    assert voice.said == ["one", "two", "three"]
    assert voice.cut == []


def test_interrupt_cuts_off_the_line_and_drops_the_queue(speech: Speech, voice: FakeVoice) -> None:
    speech.deliver("old news")
    speech.deliver("older news")
    assert voice.next_started() == "old news"
    speech.interrupt()
    assert speech.wait_idle(WAIT)
    assert voice.cut == ["old news"]
    speech.deliver("answer")
    assert voice.next_started() == "answer"
    voice.finish()
    assert speech.wait_idle(WAIT)
    assert voice.said == ["answer"]


def test_an_urgent_line_waits_its_turn_and_drops_nothing(speech: Speech, voice: FakeVoice) -> None:
    """The opponents' moves are heard whole before the turn prompt (issue 15)."""
    speech.deliver("Ana passes.")
    speech.deliver("Ben takes IL as L, NY as N.")
    assert voice.next_started() == "Ana passes."
    speech.deliver("Your turn: EW offered.", urgent=True)
    speech.deliver("Take as E left, or pass.", urgent=True)
    voice.finish(4)
    assert speech.wait_idle(WAIT)
    assert voice.said == [
        "Ana passes.",
        "Ben takes IL as L, NY as N.",
        "Your turn: EW offered.",
        "Take as E left, or pass.",
    ]
    assert voice.cut == []
    assert (speech.tally.delivered, speech.tally.spoken, speech.tally.cut) == (4, 4, 0)


def test_a_keypress_cuts_urgent_lines_too(speech: Speech, voice: FakeVoice) -> None:
    speech.deliver("Your turn: EW offered.", urgent=True)
    speech.deliver("Take as E left, or pass.", urgent=True)
    assert voice.next_started() == "Your turn: EW offered."
    speech.interrupt()
    assert speech.wait_idle(WAIT)
    assert voice.cut == ["Your turn: EW offered."]
    assert (speech.tally.spoken, speech.tally.cut) == (0, 2)


def test_close_lets_the_last_lines_finish_then_closes_the_voice(voice: FakeVoice) -> None:
    speech = Speech.start(lambda: voice)
    speech.deliver("You win with 30 points.")
    speech.deliver("Scores, target 30:")
    voice.finish(2)
    speech.close()
    assert voice.said == ["You win with 30 points.", "Scores, target 30:"]
    assert voice.closed
    speech.deliver("after the end")
    assert voice.started.qsize() == 2


def test_close_cuts_off_speech_that_runs_too_long(voice: FakeVoice) -> None:
    speech = Speech.start(lambda: voice)
    speech.deliver("a very long line")
    speech.deliver("never said")
    assert voice.next_started() == "a very long line"
    speech.close(timeout=0)
    assert voice.cut == ["a very long line"]
    assert voice.said == []
    assert voice.closed


def test_close_waits_for_a_long_queue_as_long_as_lines_go_on_finishing(voice: FakeVoice) -> None:
    """The bound is per line: a whole game's lines queued at the end are all said."""
    lines = [f"line {n}" for n in range(12)]
    speech = Speech.start(lambda: voice)
    for line in lines:
        speech.deliver(line)
    bound = 0.3

    def listener() -> None:  # each line takes a fifth of the bound; all take eight times it
        for _ in lines:
            voice.next_started()
            threading.Event().wait(bound / 5)
            voice.finish()

    threading.Thread(target=listener, daemon=True).start()
    speech.close(timeout=bound)
    assert voice.said == lines
    assert voice.cut == []


def test_spoken_text_is_the_printed_text_with_spoken_forms(voice: FakeVoice) -> None:
    speech = Speech.start(lambda: voice, pronouncer("en"))
    speech.deliver("Dealt to you: EW, AM, QU. Keep one.")
    assert voice.next_started() == "Dealt to you: E W, eh M, Q U. Keep one."
    speech.close(timeout=0)


def test_a_voice_that_fails_mid_game_says_so_once_and_goes_quiet() -> None:
    class Broken(FakeVoice):
        def speak(self, text: str, stopped: threading.Event) -> None:
            raise OSError("the sound server went away")

    notices: list[str] = []
    speech = Speech.start(Broken, notice=notices.append)
    speech.deliver("one")
    speech.deliver("two")
    assert speech.wait_idle(WAIT)
    speech.deliver("three")
    speech.close()
    assert notices == ["Speech stopped: the sound server went away. Playing on in text."]


def test_a_voice_that_cannot_open_is_a_voice_error() -> None:
    def missing() -> FakeVoice:
        raise RuntimeError("no engine here\nsecond line of detail")

    with pytest.raises(VoiceError, match=r"^no engine here$"):
        Speech.start(missing)


def test_a_voice_that_never_answers_is_given_up_on() -> None:
    hang = threading.Event()

    def stuck() -> FakeVoice:
        hang.wait(WAIT)
        return FakeVoice()

    with pytest.raises(VoiceError, match=r"no answer within 0\.05 seconds"):
        Speech.start(stuck, timeout=0.05)
    hang.set()


def test_library_chatter_while_a_voice_opens_never_reaches_the_terminal(capfd) -> None:
    def chatty() -> FakeVoice:
        print("Cannot find Speech Dispatcher. Please install python-speechd.")
        os.write(1, b"printed by C code\n")
        os.write(2, b"ALSA lib pcm.c: unknown PCM default\n")
        return FakeVoice()

    print("before")
    Speech.start(chatty).close(timeout=0)
    print("after")
    out, err = capfd.readouterr()
    assert out == "before\nafter\n"
    assert err == ""


# -- choosing a mode --


def opener(result: str | Exception):
    def open_voice() -> FakeVoice:
        if isinstance(result, Exception):
            raise result
        return FakeVoice()

    return open_voice


def choose(mode: str, screenreader: str | Exception, tts: str | Exception):
    notices: list[str] = []
    openers = {"screenreader": opener(screenreader), "tts": opener(tts)}
    chosen = open_speech(Config(Path("unused.toml"), {}), notices.append, mode, openers=openers)
    if chosen is not None:
        chosen.close(timeout=0)
    return chosen, notices


def test_text_mode_opens_nothing() -> None:
    chosen, notices = choose("text", VoiceError("unused"), VoiceError("unused"))
    assert chosen is None and notices == []


def test_auto_takes_the_first_that_works_without_a_word() -> None:
    chosen, notices = choose("auto", VoiceError("speech-dispatcher is not running"), "ok")
    assert chosen is not None
    assert notices == []


def test_a_missing_screen_reader_gives_way_to_the_own_voice_with_one_notice() -> None:
    chosen, notices = choose("screenreader", VoiceError("speech-dispatcher is not running"), "ok")
    assert chosen is not None
    assert notices == ["Using own voice: speech-dispatcher is not running."]


def test_with_no_voice_at_all_one_notice_and_text_only() -> None:
    chosen, notices = choose("auto", VoiceError("no screen reader"), VoiceError("no sound"))
    assert chosen is None
    assert notices == ["Text only: no screen reader; no sound."]


def test_tts_never_falls_back_to_the_screen_reader() -> None:
    chosen, notices = choose("tts", "ok", VoiceError("no sound"))
    assert chosen is None
    assert notices == ["Text only: no sound."]


def test_missing_accessible_output2_is_a_clear_reason(monkeypatch) -> None:
    monkeypatch.setitem(sys.modules, "accessible_output2.outputs.auto", None)
    with pytest.raises(VoiceError, match="no accessible-output2"):
        open_screenreader("win32")


def test_missing_speechd_says_how_to_reach_it(monkeypatch) -> None:
    """On Linux speech-dispatcher speaks, not accessible-output2: through its
    Python client, else its `spd-say` command, else the notice says to install it."""
    from sixdot.output import dispatcher

    monkeypatch.setitem(sys.modules, "accessible_output2.outputs.auto", None)
    monkeypatch.setitem(sys.modules, "speechd", None)
    monkeypatch.setattr(dispatcher.shutil, "which", lambda name: f"/usr/bin/{name}")
    assert isinstance(open_screenreader("linux"), dispatcher.SpdSay)
    monkeypatch.setattr(dispatcher.shutil, "which", lambda name: None)
    with pytest.raises(VoiceError, match="no speech-dispatcher"):
        open_screenreader("linux")


def test_no_screen_reader_running_elsewhere_says_so(monkeypatch) -> None:
    class NoOutput:
        def get_first_available_output(self) -> None:
            return None

    fake = type(sys)("accessible_output2.outputs.auto")
    fake.Auto = NoOutput  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "accessible_output2.outputs.auto", fake)
    with pytest.raises(VoiceError, match="no screen reader is running"):
        open_screenreader("darwin")


def test_missing_pyttsx3_is_a_clear_reason(monkeypatch) -> None:
    monkeypatch.setitem(sys.modules, "pyttsx3", None)
    with pytest.raises(VoiceError, match="no pyttsx3"):
        open_tts()


def test_the_program_goes_on_in_text_after_one_notice(monkeypatch, capsys, tmp_path) -> None:
    """`sixdot play --speech screenreader` with neither engine: the game, one notice, saved."""
    play = ["play", "alphabeticell", "--seed", "3"]
    config = tmp_path / "config.toml"
    monkeypatch.setenv("SIXDOT_CONFIG", str(config))
    printed = run(*play).lines
    monkeypatch.setitem(sys.modules, "speechd", None)
    monkeypatch.setitem(sys.modules, "pyttsx3", None)
    monkeypatch.setattr(shutil, "which", lambda name: None)  # no spd-say either
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    monkeypatch.setattr(sys, "platform", "linux")
    assert cli.main([*play, "--speech", "screenreader"]) == 0
    out, err = capsys.readouterr()
    assert out.splitlines() == printed
    assert err.splitlines() == ["sixdot: Text only: no speech-dispatcher; no pyttsx3."]
    assert config.read_text() == '[speech]\nmode = "screenreader"\n'


# -- players --


def test_a_player_is_stopped_at_once_when_cut_off(tmp_path) -> None:
    player = CommandPlayer([sys.executable, "-c", "import time; time.sleep(30)"])
    stopped = threading.Event()
    done = threading.Event()

    def play() -> None:
        player.play(tmp_path / "line.wav", stopped)
        done.set()

    threading.Thread(target=play, daemon=True).start()
    while not done.is_set() and player._process is None:
        done.wait(0.01)
    stopped.set()
    player.cancel()
    assert done.wait(WAIT)
    player.close()


def test_a_player_that_fails_is_a_voice_error(tmp_path) -> None:
    player = CommandPlayer([sys.executable, "-c", "raise SystemExit(3)"])
    with pytest.raises(VoiceError, match="exit status 3"):
        player.play(tmp_path / "line.wav", threading.Event())
    player.close()


def test_no_player_installed_is_said_short_and_the_docs_name_each_player(monkeypatch) -> None:
    """The notice is one short line; which players would do is in docs/speech.md."""
    docs = (Path(__file__).parents[1] / "docs" / "speech.md").read_text(encoding="utf-8")
    for commands in tts.PLAYERS.values():
        assert all(f"`{command[0]}`" in docs for command in commands)
    monkeypatch.setitem(tts.PLAYERS, "linux", (("no-such-player-1",), ("nope-2",)))
    with pytest.raises(VoiceError, match=r"^no audio player$"):
        find_player("linux")


def test_a_player_without_sound_says_why(monkeypatch) -> None:
    failing = (sys.executable, "-c", "import sys; sys.exit('cannot open the sound card')")
    monkeypatch.setitem(tts.PLAYERS, "linux", (failing,))
    with pytest.raises(VoiceError, match=r"no sound: .*cannot open the sound card"):
        find_player("linux")


# -- spoken forms --


@pytest.mark.parametrize(
    ("printed", "spoken"),
    [
        ("Dealt to you: EW, AM, OH. Keep one.", "Dealt to you: E W, eh M, O H. Keep one."),
        ("You take QU as Q, left end.", "You take Q U as Q, left end."),
        ("Take as A left, W right, or pass.", "Take as eh left, W right, or pass."),
        ("Your turn: A offered.", "Your turn: eh offered."),
        ("Line S W A.", "Line S W eh."),
        ("A number, a move's name or its first letters plays it.", None),
        ("Left, Right: walk your cards. A letter jumps.", None),
        ("F1: this list of keys", None),
        ("Ana keeps OD to start a line.", "Ana keeps O D to start a line."),
        ("Alphabeticell: 3 players.", "Alphabeti-cell: 3 players."),
        ("sixdot play alphabeticell", "sixdot play Alphabeti-cell"),
        ("you have 11 cards, a fine hand", None),
    ],
)
def test_spoken_forms(printed: str, spoken: str | None) -> None:
    assert pronouncer("en")(printed) == (printed if spoken is None else spoken)


def test_spoken_forms_are_whole_words_and_capitals_only() -> None:
    say = Pronouncer({"A": "eh"}, {"QU": "queue"}, spell_capitals=True)
    assert say("A cat") == "A cat"  # the article starting a sentence
    assert say("at AA, a") == "at eh eh, a"
    assert say("qu QUA quit") == "queue Q U eh quit"
    assert say("A1 B2") == "A1 B2"


def test_a_locale_without_a_pronunciation_file_says_lines_as_printed(monkeypatch) -> None:
    pronouncer.cache_clear()
    try:
        assert pronouncer("xx")("Take EW as A") == "Take EW as A"
    finally:
        pronouncer.cache_clear()


# -- real audio through espeak-ng --

needs_espeak = pytest.mark.skipif(
    ctypes.util.find_library("espeak-ng") is None,
    reason="espeak-ng is not installed (Debian package espeak-ng; scripts/system-packages)",
)


def loudness(path: Path) -> tuple[float, float]:
    """A WAV file's length in seconds and its RMS level, 0 to 1."""
    with wave.open(str(path), "rb") as wav:
        assert wav.getsampwidth() == 2
        samples = array("h", wav.readframes(wav.getnframes()))
        duration = wav.getnframes() / wav.getframerate()
    if sys.byteorder == "big":
        samples.byteswap()
    if not samples:
        return duration, 0.0
    return duration, math.sqrt(sum(s * s for s in samples) / len(samples)) / 32768


@needs_espeak
def test_espeak_speaks_each_announcement_into_a_wav_file(tmp_path, capfd) -> None:
    lines = ["Your turn: EW offered.", "Round 2 over: you have 11 cards. You win with 30 points."]
    speech = Speech.start(lambda: open_tts(rate=450, save_to=str(tmp_path)), pronouncer("en"))
    for line in lines:
        speech.deliver(line)
    speech.close()
    files = sorted(tmp_path.glob("*.wav"))
    assert [f.with_suffix(".txt").read_text() for f in files] == [
        "Your turn: E W offered.\n",
        "Round 2 over: you have 11 cards. You win with 30 points.\n",
    ]
    (short, short_level), (long, long_level) = (loudness(f) for f in files)
    assert 0.4 < short < long
    assert short_level > 0.02 and long_level > 0.02  # silence is 0; speech is far above
    assert seconds(files[1]) == pytest.approx(long)
    out, err = capfd.readouterr()
    assert out == "" and err == ""  # no "Audio saved to", no aplay


@needs_espeak
def test_an_interrupt_cuts_off_a_line_being_played(tmp_path) -> None:
    speech = Speech.start(lambda: open_tts(rate=80, save_to=str(tmp_path)))
    speech.deliver("A long, slow line that would take many seconds to say in full.")
    speech.deliver("never said")
    while not list(tmp_path.glob("*.wav")):
        threading.Event().wait(0.01)
    speech.interrupt()
    assert speech.wait_idle(1.0)  # the line plays for over 5 seconds
    speech.close()
    assert len(list(tmp_path.glob("*.wav"))) == 1


@needs_espeak
def test_rate_volume_and_voice_reach_the_engine(tmp_path) -> None:
    """Heard in the audio: a faster rate is shorter, a lower volume quieter."""

    def said(folder: str, **settings: object) -> tuple[float, float]:
        voice = open_tts(save_to=str(tmp_path / folder), **settings)  # type: ignore[arg-type]
        voice.sink.play = lambda path, stopped: None  # no need to wait as if listening
        voice.speak("Your turn: EW offered. Take as E left, or pass.", threading.Event())
        return loudness(next((tmp_path / folder).glob("*.wav")))

    slow, loud = said("slow", rate=150, volume=1.0, voice="en-us")
    fast, quiet = said("fast", rate=400, volume=0.3, voice="English (Great Britain)")
    assert fast < slow * 0.6
    assert quiet < loud * 0.5


@needs_espeak
@pytest.mark.parametrize(
    ("wanted", "voice_id"),
    [("en-gb", "gmw/en"), ("en-US", "gmw/en-us"), ("gmw/en-029", "gmw/en-029")],
)
def test_an_espeak_language_code_names_a_voice(tmp_path, wanted: str, voice_id: str) -> None:
    """`en-gb` is the language of the voice gmw/en, as `espeak-ng --voices` lists it."""
    notices: list[str] = []
    voice = open_tts(voice=wanted, save_to=str(tmp_path), notice=notices.append)
    assert voice.writer.engine.getProperty("voice") == voice_id
    assert notices == []


@needs_espeak
def test_a_voice_that_cannot_be_found_gives_the_default_voice_and_one_notice(tmp_path) -> None:
    notices: list[str] = []
    speech = Speech.start(
        lambda: open_tts(
            rate=450, voice="no-such-voice", save_to=str(tmp_path), notice=notices.append
        )
    )
    speech.deliver("Your turn.")
    speech.close()
    assert notices == ["Speech: no voice 'no-such-voice'; using the default voice."]
    (wav,) = tmp_path.glob("*.wav")
    assert loudness(wav)[1] > 0.02  # spoken, never silence


@needs_espeak
def test_the_real_program_speaks_in_a_terminal_and_prints_only_game_lines(
    tmp_path, monkeypatch
) -> None:
    """sixdot in a pty with sixdot's own voice writing WAV files: the screen
    shows exactly what text mode shows, and every file is a printed line, spoken."""
    play = ("play", "alphabeticell", "--seed", "3")
    monkeypatch.setenv("SIXDOT_CONFIG", str(tmp_path / "text.toml"))
    printed = run(*play, input="1\nquit\nyes\n").lines
    config = tmp_path / "config.toml"
    folder = tmp_path / "wav"
    config.write_text(f'[speech]\nmode = "tts"\n[speech.tts]\nrate = 450\nsave_to = "{folder}"\n')
    monkeypatch.setenv("SIXDOT_CONFIG", str(config))
    monkeypatch.setenv("SIXDOT_SAVES", str(tmp_path / "saved"))  # the same game, not resumed
    client = PtyClient(*play)
    try:
        row = client.wait_prompt()
        client.send("1\r")
        row = client.wait_prompt(below=row)
        client.send("quit\r")
        client.wait_prompt(below=row)
        client.send("yes\r")
        assert client.wait_exit() == 0
    finally:
        client.close()
    assert client.output_lines() == printed
    spoken = [p.read_text().rstrip("\n") for p in sorted(folder.glob("*.txt"))]
    say = pronouncer("en")
    expected = [say(line) for line in printed]
    # Said in order, each a printed line; cut-offs may skip some, never the last.
    assert spoken and spoken[-1] == say(printed[-1])
    assert printed[-2:] == [
        "Game stopped.",
        "Saved: sixdot resume alphabeticell goes on from here.",
    ]
    at = 0
    for line in spoken:
        at = expected.index(line, at) + 1
    for wav in folder.glob("*.wav"):
        duration, level = loudness(wav)
        assert duration > 0.2 and level > 0.02, wav.name


def test_the_screen_reader_is_never_asked_two_things_at_once() -> None:
    """speechd's connection is one socket: a cancel while a speak is in flight
    mixed their replies up ("tuple index out of range") until they took turns."""
    from sixdot.output.screenreader import ScreenReader

    inside = threading.Semaphore(1)
    overlaps: list[str] = []

    class Slow:
        def _enter(self, what: str) -> None:
            if not inside.acquire(blocking=False):
                overlaps.append(what)
                return
            threading.Event().wait(0.01)
            inside.release()

        def speak(self, text: str, interrupt: bool) -> None:
            self._enter("speak")

        def silence(self) -> None:
            self._enter("silence")

    reader = ScreenReader(Slow)
    speaker = threading.Thread(
        target=lambda: [reader.speak("a line", threading.Event()) for _ in range(20)]
    )
    speaker.start()
    for _ in range(20):
        reader.cancel()
    speaker.join()
    reader.close()  # every call handed over has been made
    assert overlaps == []


def test_every_notice_reason_is_a_few_words_with_no_brackets() -> None:
    """Issue 31: a notice is one short line ("Text only: no speech-dispatcher; no
    audio player."), no brackets inside it: what to install is in
    docs/speech.md and docs/braille.md. Every reason the output backends give
    in their source is checked, and the longest pair a fallback can name."""
    import re

    from sixdot.output import brlapi, dispatcher, screenreader, speech, tts

    said = re.compile(r'(?:VoiceError|off)\(\s*f?"([^"]*)"')
    reasons = [
        text
        for module in (brlapi, dispatcher, screenreader, speech, tts)
        for text in said.findall(Path(module.__file__).read_text(encoding="utf-8"))
    ]
    assert len(reasons) > 20
    for text in reasons:
        shown = re.sub(r"\{[^}]*\}", "xx", text)  # a fact put in: a number, a name
        assert not re.search(r"[()\[\]]", shown) and len(shown) <= 45, text
    _, notices = choose(
        "screenreader", VoiceError(dispatcher.WHY_NO_CLIENT), VoiceError("no pyttsx3")
    )
    assert len(notices) == 1 and len(notices[0]) <= 60, notices
