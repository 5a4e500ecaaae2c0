"""sixdot's own voice end to end (issue 15): the real program, espeak-ng writing
each spoken line to a numbered WAV file with its words in a .txt beside it
(`save_to`), which takes as long to "play" as the audio lasts, as speakers do.

The .txt files are the evidence: they must be the printed lines, spoken
forms applied, in order, unless the player pressed a key.
"""

from __future__ import annotations

import ctypes.util
import time
from pathlib import Path

import pytest

from clienttools import PtyClient, run
from sixdot.output.pronounce import pronouncer
from sixdot.output.tts import seconds

pytestmark = pytest.mark.skipif(
    ctypes.util.find_library("espeak-ng") is None,
    reason="espeak-ng is not installed (Debian package espeak-ng; scripts/system-packages)",
)

say = pronouncer("en")


def own_voice(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, rate: int) -> Path:
    """Settings for the own voice at `rate`, saving into a folder; the folder."""
    folder = tmp_path / "wav"
    config = tmp_path / "config.toml"
    config.write_text(
        f'[speech]\nmode = "tts"\n[speech.tts]\nrate = {rate}\nsave_to = "{folder}"\n'
    )
    monkeypatch.setenv("SIXDOT_CONFIG", str(config))
    return folder


def spoken(folder: Path) -> list[str]:
    return [p.read_text().rstrip("\n") for p in sorted(folder.glob("*.txt"))]


@pytest.mark.slow
def test_a_whole_game_in_the_own_voice_is_spoken_line_for_line(tmp_path, monkeypatch) -> None:
    """Nonesuch to 5 points, about 90 lines and 40 seconds of speech."""
    game = ("play", "nonesuch", "--players", "3", "--seed", "1", "--option", "target=5")
    printed = run(*game, "--speech", "text", input="1\n" * 200).lines
    folder = own_voice(tmp_path, monkeypatch, rate=450)
    result = run(*game, input="1\n" * 200, timeout=300)
    assert result.rc == 0 and result.err == ""
    assert result.lines == printed
    assert spoken(folder) == [say(line) for line in printed]


def wait_said(folder: Path, count: int, timeout: float = 60) -> None:
    """Until `count` lines have been started, and the last has had time to play."""
    deadline = time.monotonic() + timeout
    while len(spoken(folder)) < count:
        assert time.monotonic() < deadline, f"{len(spoken(folder))} of {count} lines said"
        time.sleep(0.05)
    last = sorted(folder.glob("*.wav"))[-1]
    while not seconds(last):  # being written
        time.sleep(0.02)
    time.sleep(seconds(last) + 0.1)


def test_a_game_in_a_terminal_paused_at_each_prompt_is_spoken_line_for_line(
    tmp_path, monkeypatch
) -> None:
    """The player waits for speech before each key, so nothing is cut: every
    line the screen shows is a spoken file, in order, the last one too."""
    play = ("play", "alphabeticell", "--seed", "3")
    monkeypatch.setenv("SIXDOT_CONFIG", str(tmp_path / "text.toml"))
    printed = run(*play, input="1\nquit\nyes\n").lines
    folder = own_voice(tmp_path, monkeypatch, rate=450)
    monkeypatch.setenv("SIXDOT_SAVES", str(tmp_path / "saved"))  # the same game, not resumed
    client = PtyClient(*play, columns=200)
    try:
        row = -1
        for key in ("1\r", "quit\r", "yes\r"):
            row = client.wait_prompt(below=row)
            wait_said(folder, len(client.output_lines()))
            client.send(key)
        assert client.wait_exit(timeout=30) == 0
    finally:
        client.close()
    assert client.output_lines() == printed
    assert printed[-1] == "Saved: sixdot resume alphabeticell goes on from here."
    assert spoken(folder) == [say(line) for line in printed]


def test_the_first_key_at_a_prompt_cuts_speech_and_history_keeps_what_was_cut(
    tmp_path, monkeypatch
) -> None:
    """A slow voice is still on the opening lines at the prompt: one letter
    (no Enter) stops it, nothing more is started, and `history` has the lines."""
    play = ("play", "alphabeticell", "--seed", "3")
    folder = own_voice(tmp_path, monkeypatch, rate=80)
    client = PtyClient(*play, columns=200)
    try:
        row = client.wait_prompt()
        before = client.output_lines()
        wait_started = time.monotonic() + 30
        while not spoken(folder):
            assert time.monotonic() < wait_started
            time.sleep(0.05)
        client.send("h")  # the first key: speech stops here, not at Enter
        time.sleep(1.0)
        said = spoken(folder)
        assert len(said) < len(before)  # the slow voice had not reached the prompt
        time.sleep(1.5)
        assert spoken(folder) == said  # nothing queued went on being said
        client.send("istory\r")
        row = client.wait_prompt(below=row)
        client.send("quit\r")
        row = client.wait_prompt(below=row)
        client.send("yes\r")
        assert client.wait_exit(timeout=30) == 0
    finally:
        client.close()
    history = client.output_lines()[len(before) :]
    assert history[:3] == [
        "History, 2 lines:",
        "Round 1: you deal.",
        "Dealt to you: IF, RH, AJ.",
    ]
    assert say(history[2]) not in said  # cut, yet kept
