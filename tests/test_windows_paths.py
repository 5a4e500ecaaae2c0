"""Windows code paths run here with the platform switched (issue 32): what a
real Windows machine would do differently, short of the screen reader itself
(see test_screenreader_outputs.py, and docs/speech.md for what only Windows shows).
"""

from __future__ import annotations

import ctypes
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from sixdot import files
from sixdot.client.sessions import KeptSessions
from sixdot.present.phrasebook import Phrasebook


class Kernel32:
    """The three Win32 calls `files.alive` makes, as Windows answers them
    (OpenProcess gives 0 for a process that is gone; GetExitCodeProcess
    writes 259, STILL_ACTIVE, for one that runs)."""

    def __init__(self, running: set[int]) -> None:
        self.running = running
        self.closed: list[int] = []

    def OpenProcess(self, access: int, inherit: bool, pid: int) -> int:
        assert access == 0x1000 and inherit is False
        return 1000 + pid if pid in self.running else 0

    def GetExitCodeProcess(self, handle: int, code: Any) -> int:
        code._obj.value = 259  # byref's target
        return 1

    def CloseHandle(self, handle: int) -> int:
        self.closed.append(handle)
        return 1


def test_a_process_is_asked_of_windows_never_sent_signal_0(monkeypatch) -> None:
    """On Windows os.kill(pid, 0) sends CTRL_C_EVENT to the console. (The
    pids are never this process's own, which `alive` answers without asking:
    a test worker once ran as 4242.)"""
    live, gone = [pid for pid in (4242, 4343, 4444) if pid != os.getpid()][:2]
    kernel = Kernel32(running={live})

    def no_kill(pid: int, sig: int) -> None:
        raise AssertionError("os.kill called on Windows")

    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setattr(os, "kill", no_kill)
    monkeypatch.setattr(ctypes, "WinDLL", lambda name, use_last_error: kernel, raising=False)
    monkeypatch.setattr(ctypes, "get_last_error", lambda: 87, raising=False)  # bad parameter
    assert files.alive(live) is True
    assert files.alive(gone) is False
    assert kernel.closed == [1000 + live]  # every handle opened is closed


def test_kept_sessions_are_used_on_windows_whatever_mode_it_reports(
    tmp_path: Path, monkeypatch
) -> None:
    """Windows says 0o666 of every file: the kept session is used, not refused."""
    path = tmp_path / "sessions.json"
    url = "ws://127.0.0.1:1"
    data = {"kind": "sixdot-sessions", "servers": {url: {"name": "Ana", "token": "t" * 20}}}
    path.write_text(json.dumps(data), encoding="utf-8")
    path.chmod(0o666)
    notices: list[str] = []
    kept = KeptSessions(path, url, Phrasebook(), notices.append)
    assert kept.load() is None and notices  # refused on a POSIX system: others may read it
    monkeypatch.setattr(os, "name", "nt")
    notices.clear()
    kept = KeptSessions(path, url, Phrasebook(), notices.append)
    assert kept.load() == ("Ana", "t" * 20) and notices == []


def test_braille_written_to_a_cp1252_pipe_is_utf8_not_a_traceback() -> None:
    """Output redirected on Windows is in the system's code page, which has no braille."""
    run = subprocess.run(
        [sys.executable, "-m", "sixdot", "cards", "letters", "--braille"],
        capture_output=True,
        env={**os.environ, "PYTHONIOENCODING": "cp1252"},
        timeout=60,
    )
    assert run.returncode == 0, run.stderr.decode("utf-8", "replace")[-300:]
    text = run.stdout.decode("utf-8")
    assert any("\u2800" <= ch <= "\u28ff" for ch in text)
    assert b"Traceback" not in run.stderr


#: A stand-in for macOS's `say`, taking exactly the options of its manual page
#: (say(1): -v, -r, -o, -f, --data-format) and refusing any other; `-v ?`
#: lists voices as `say` does. It writes a WAV of silence, 50 ms a word, and
#: logs what it was given.
SAY = r"""#!PYTHON
import json, sys, wave
args = sys.argv[1:]
given = {}
while args:
    arg = args.pop(0)
    if arg.startswith("--data-format="):
        given["format"] = arg.split("=", 1)[1]
    elif arg in ("-v", "-r", "-o", "-f"):
        given[arg] = args.pop(0)
    else:
        sys.exit("say: unknown option " + arg)
if given.get("-v") == "?":
    print("Alex                en_US    # Most people recognize me by my voice.")
    print("Daniel              en_GB    # Hello, my name is Daniel.")
    sys.exit(0)
text = sys.stdin.read() if given.get("-f") == "-" else ""
endian, rate = given["format"].split("@")
assert endian == "LEI16", endian
with wave.open(given["-o"], "wb") as out:
    out.setnchannels(1)
    out.setsampwidth(2)
    out.setframerate(int(rate))
    out.writeframes(b"\0\0" * (int(rate) // 20 * len(text.split())))
with open(sys.argv[0] + ".log", "a") as log:
    log.write(json.dumps({"given": given, "text": text}) + "\n")
"""


def _on_path(monkeypatch: pytest.MonkeyPatch, folder: Path, name: str, script: str) -> Path:
    folder.mkdir(exist_ok=True)
    path = folder / name
    path.write_text(script.replace("PYTHON", sys.executable))
    path.chmod(0o755)
    monkeypatch.setenv("PATH", f"{folder}{os.pathsep}{os.environ['PATH']}")
    return path


def test_macos_own_voice_is_say_writing_wav_without_pyttsx3(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """On macOS sixdot's own voice is `say -o`, so pyttsx3 and its 109 MB of
    pyobjc are not needed there; the line goes on standard input, so one that
    starts with a dash is spoken, not taken for an option."""
    import threading

    from sixdot.output.tts import open_tts, seconds

    say = _on_path(monkeypatch, tmp_path / "bin", "say", SAY)
    monkeypatch.setitem(sys.modules, "pyttsx3", None)  # never imported on macOS
    notices: list[str] = []
    voice = open_tts(
        rate=210,
        voice="en-gb",
        save_to=str(tmp_path / "said"),
        notice=notices.append,
        platform="darwin",
    )
    voice.speak("-r is a line, not an option", threading.Event())
    said = [json.loads(line) for line in Path(f"{say}.log").read_text().splitlines()]
    assert said == [
        {
            "given": {
                "-r": "210",
                "-v": "Daniel",
                "format": "LEI16@22050",
                "-f": "-",
                "-o": str(tmp_path / "said" / "00001.wav"),
            },
            "text": "-r is a line, not an option",
        }
    ]
    assert seconds(tmp_path / "said" / "00001.wav") == pytest.approx(0.35, abs=0.001)
    assert (tmp_path / "said" / "00001.txt").read_text() == "-r is a line, not an option\n"
    assert notices == []
    open_tts(
        voice="Klingon", save_to=str(tmp_path / "said"), notice=notices.append, platform="darwin"
    )
    assert notices == ["Speech: no voice 'Klingon'; using the default voice."]


def test_macos_player_sets_the_volume_say_cannot(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from sixdot.output.tts import CommandPlayer, VoiceError, find_player, open_tts

    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    with pytest.raises(VoiceError, match="no say command"):
        open_tts(platform="darwin")
    with pytest.raises(VoiceError, match="no audio player"):
        find_player("darwin", 0.5)
    _on_path(monkeypatch, tmp_path / "bin", "afplay", "#!/bin/sh\nexit 0\n")
    player = find_player("darwin", 0.5)
    assert isinstance(player, CommandPlayer)
    assert player.command == ("afplay", "-v", "0.5")
    player.close()


def test_pyttsx3_is_not_a_dependency_on_macos() -> None:
    """pyproject's requirement carries the marker that leaves macOS out."""
    import tomllib

    from packaging.requirements import Requirement

    project = tomllib.loads((Path(__file__).parents[1] / "pyproject.toml").read_text())
    wanted = [Requirement(r) for r in project["project"]["dependencies"]]
    (tts,) = [r for r in wanted if r.name == "pyttsx3"]
    assert tts.marker is not None
    assert not tts.marker.evaluate({"sys_platform": "darwin"})
    assert tts.marker.evaluate({"sys_platform": "linux"})
    assert tts.marker.evaluate({"sys_platform": "win32"})
