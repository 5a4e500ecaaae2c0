"""The screenreader mode through a real speech-dispatcher (issue 8, Linux).

The test starts its own speech-dispatcher on a private socket with full
logging, its espeak-ng module playing into ALSA's null device (CI has no
sound card), points sixdot at it with SPEECHD_ADDRESS, plays a few moves in a
pseudo-terminal, and reads back from the server's log what it was given to
say.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from clienttools import PtyClient, run
from sixdot.output.pronounce import pronouncer


def _has_speechd() -> bool:
    try:
        import speechd  # noqa: F401
    except ImportError:
        return False
    return True


pytestmark = pytest.mark.skipif(
    shutil.which("speech-dispatcher") is None or not _has_speechd(),
    reason="speech-dispatcher and python3-speechd (scripts/system-packages, scripts/debian-python)",
)

#: What the server logs for each message it queues: "Queueing message |text| with priority N".
QUEUED = re.compile(r"Queueing message \|(.*)\| with priority")


@pytest.fixture
def dispatcher(tmp_path: Path) -> Iterator[Path]:
    """A speech-dispatcher of the test's own; yields its log file."""
    socket = tmp_path / "speechd.sock"
    config = tmp_path / "speechd"
    config.mkdir()
    (config / "speechd.conf").write_text(
        'AudioOutputMethod "alsa"\n'
        'AudioALSADevice "null"\n'
        'AddModule "espeak-ng" "sd_espeak-ng" "espeak-ng.conf"\n'
        'DefaultModule "espeak-ng"\n'
    )
    server = subprocess.Popen(
        [
            "speech-dispatcher",
            "--run-single",
            "--log-level", "5",
            "--log-dir", str(tmp_path),
            "--config-dir", str(config),
            "--communication-method", "unix_socket",
            "--socket-path", str(socket),
            "--pid-file", str(tmp_path / "speechd.pid"),
            "--timeout", "60",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 10
        while not socket.exists():
            if time.monotonic() > deadline or server.poll() is not None:
                pytest.fail("speech-dispatcher did not open its socket")
            time.sleep(0.05)
        yield tmp_path / "speech-dispatcher.log"
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()


def test_every_printed_line_goes_to_speech_dispatcher_and_nothing_else_is_printed(
    dispatcher: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    play = ("play", "alphabeticell", "--seed", "3")
    monkeypatch.setenv("SIXDOT_CONFIG", str(tmp_path / "text.toml"))
    printed = run(*play, input="1\nquit\nyes\n").lines
    monkeypatch.setenv("SIXDOT_CONFIG", str(tmp_path / "config.toml"))
    monkeypatch.setenv("SPEECHD_ADDRESS", f"unix_socket:{tmp_path / 'speechd.sock'}")
    client = PtyClient(*play, "--speech", "screenreader")
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
    # The terminal shows the game's lines only: no notice, no library chatter.
    assert client.output_lines() == printed
    say = pronouncer("en")
    deadline = time.monotonic() + 10
    while True:
        queued = QUEUED.findall(dispatcher.read_text(errors="replace"))
        if say(printed[-1]) in queued or time.monotonic() > deadline:
            break
        time.sleep(0.1)
    # Printed lines reach the screen reader as spoken, in order; a key press
    # cuts off what is still queued, so some may be skipped, never the last.
    expected = [say(line) for line in printed]
    assert queued and queued[-1] == expected[-1]
    at = 0
    for line in queued:
        at = expected.index(line, at) + 1
    # The mode asked for is remembered for next time.
    assert 'mode = "screenreader"' in (tmp_path / "config.toml").read_text()
