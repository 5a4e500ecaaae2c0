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
    """On Windows os.kill(pid, 0) sends CTRL_C_EVENT to the console."""
    kernel = Kernel32(running={4242})

    def no_kill(pid: int, sig: int) -> None:
        raise AssertionError("os.kill called on Windows")

    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setattr(os, "kill", no_kill)
    monkeypatch.setattr(ctypes, "WinDLL", lambda name, use_last_error: kernel, raising=False)
    monkeypatch.setattr(ctypes, "get_last_error", lambda: 87, raising=False)  # bad parameter
    assert files.alive(4242) is True
    assert files.alive(4343) is False
    assert kernel.closed == [5242]  # every handle opened is closed


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


def test_an_aiff_as_macos_writes_it_is_timed_whatever_its_name(tmp_path: Path) -> None:
    """macOS's voice writes AIFF into the file it is given: its length is read
    from the AIFF itself (before, `wave` gave 0 s and lines ran together)."""
    import warnings

    from sixdot.output.tts import seconds

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        aifc = pytest.importorskip("aifc")  # the standard library's writer, to 3.12
    path = tmp_path / "line.wav"
    with aifc.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(22050)
        out.writeframes(b"\0\0" * 33075)
    assert abs(seconds(path) - 1.5) < 1e-9
    assert seconds(tmp_path / "missing.aiff") == 0.0
