"""The screenreader mode through a real speech-dispatcher (issues 8 and 15, Linux).

Each test starts its own speech-dispatcher on a private socket with full
logging, its espeak-ng module playing into ALSA's null device (CI has no
sound card), points sixdot at it with SPEECHD_ADDRESS, plays a whole short
game (Nonesuch to 5 points, about 90 lines) and reads back from the server's
own log every message it was given, its priority, and whether it ended
(END) or was cancelled (CANCEL): the evidence that speech is the printed game.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from clienttools import Conversation, PtyClient, join_game, run
from sixdot.output.pronounce import pronouncer
from sixdot.server.background import Background
from test_server import QUICK


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

#: A whole game, short: about 90 lines, one bid and a few plays by the player.
GAME = ("play", "nonesuch", "--players", "3", "--seed", "1", "--option", "target=5")
#: More answers than the game asks for: each is the first legal move.
ANSWERS = "1\n" * 200
#: speech-dispatcher's number for the priority `message` (important is 1, text 3).
MESSAGE = 2
say = pronouncer("en")

#: What the server logs, in order: a message queued, its id, its end or cancel, a client gone.
LOGGED = re.compile(
    r"Queueing message \|(?P<text>.*)\| with priority (?P<priority>\d)"
    r"|REPLY:\|225-(?P<queued>\d+)"
    r"|REPLY:\|(?P<event>70[23])-(?P<id>\d+)"
    r"|(?P<gone>Removing client on fd)"
)


@dataclass
class Message:
    text: str
    priority: int
    id: int = -1
    outcome: str = ""  # "end", "cancel", or "" while waiting
    outcome_at: int = -1  # where in the log the outcome came


@dataclass
class Log:
    messages: list[Message]
    #: Where in the log the client went away, or -1.
    gone_at: int

    @classmethod
    def read(cls, path: Path) -> Log:
        messages: list[Message] = []
        by_id: dict[int, Message] = {}
        # speech-dispatcher logs a message's end from its speaking thread, which
        # may write it before the main thread has logged the message's id.
        early: dict[int, tuple[str, int]] = {}
        gone_at = -1
        for found in LOGGED.finditer(path.read_text(errors="replace")):
            if found["text"] is not None:
                messages.append(Message(found["text"], int(found["priority"])))
            elif found["queued"] is not None:
                message = messages[-1]
                message.id = int(found["queued"])
                by_id[message.id] = message
                if message.id in early:
                    message.outcome, message.outcome_at = early.pop(message.id)
            elif found["event"] is not None:
                outcome = ("end" if found["event"] == "702" else "cancel", found.start())
                if int(found["id"]) in by_id:
                    message = by_id[int(found["id"])]
                    message.outcome, message.outcome_at = outcome
                else:
                    early[int(found["id"])] = outcome
            else:
                gone_at = found.start()
        return cls(messages, gone_at)

    @property
    def texts(self) -> list[str]:
        return [m.text for m in self.messages]

    @property
    def ended(self) -> int:
        return sum(m.outcome == "end" for m in self.messages)


class Server:
    """A speech-dispatcher of the test's own."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.socket = folder / "speechd.sock"
        self.log_file = folder / "speech-dispatcher.log"
        config = folder / "speechd"
        config.mkdir(parents=True)
        (config / "speechd.conf").write_text(
            'AudioOutputMethod "alsa"\n'
            'AudioALSADevice "null"\n'
            'AddModule "espeak-ng" "sd_espeak-ng" "espeak-ng.conf"\n'
            'DefaultModule "espeak-ng"\n'
            "DefaultRate 100\n"
        )
        self.process = subprocess.Popen(
            [
                "speech-dispatcher",
                "--run-single",
                "--log-level", "5",
                "--log-dir", str(folder),
                "--config-dir", str(config),
                "--communication-method", "unix_socket",
                "--socket-path", str(self.socket),
                "--pid-file", str(folder / "speechd.pid"),
                "--timeout", "60",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )  # fmt: skip
        deadline = time.monotonic() + 10
        while not self.socket.exists():
            if time.monotonic() > deadline or self.process.poll() is not None:
                self.stop()
                pytest.fail("speech-dispatcher did not open its socket")
            time.sleep(0.05)

    @property
    def address(self) -> str:
        return f"unix_socket:{self.socket}"

    def log(self) -> Log:
        return Log.read(self.log_file)

    def wait(self, ready, timeout: float = 30) -> Log:  # type: ignore[no-untyped-def]
        """The log once `ready(log)` holds; fails after `timeout` seconds."""
        deadline = time.monotonic() + timeout
        while not ready(log := self.log()):
            assert time.monotonic() < deadline, f"speech-dispatcher's log: {log.messages[-3:]}"
            time.sleep(0.05)
        return log

    def stop(self, sig: int = signal.SIGTERM) -> None:
        if self.process.poll() is not None:
            return
        os.killpg(self.process.pid, sig)
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()


@pytest.fixture
def server(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Server]:
    own = Server(tmp_path / "server")
    monkeypatch.setenv("SPEECHD_ADDRESS", own.address)
    try:
        yield own
    finally:
        own.stop()


@pytest.fixture(scope="module")
def printed() -> list[str]:
    """The game in text mode: what speech must say, line for line."""
    result = run(*GAME, "--speech", "text", input=ANSWERS)
    assert result.rc == 0 and result.err == ""
    assert re.search(r"\bwins? with \d+ points\.$|^Tie", result.lines[-1])  # the winner
    return result.lines


def check_every_line_said(log: Log, lines: list[str]) -> None:
    """Every printed line queued in order as `message`, each said to its end,
    none cancelled, and the last (the winner) ended before sixdot disconnected."""
    assert log.texts == [say(line) for line in lines]
    assert {m.priority for m in log.messages} == {MESSAGE}
    assert [m.text for m in log.messages if m.outcome != "end"] == []
    assert 0 <= log.messages[-1].outcome_at < log.gone_at


def next_prompt(client: PtyClient, below: int) -> int:
    """The row of the next prompt, or -1 once the program has ended."""
    client.wait_for(lambda: client.eof or client.at_prompt(below=below), 30, "a prompt")
    return -1 if client.eof else client.screen.row


def test_a_whole_game_through_a_pipe_is_spoken_line_for_line(
    server: Server, printed: list[str]
) -> None:
    result = run(*GAME, "--speech", "screenreader", input=ANSWERS, timeout=120)
    assert result.rc == 0
    assert result.err == ""  # no notice, no library chatter
    assert result.lines == printed
    # sixdot has exited, so what it said is all in the log already.
    check_every_line_said(server.log(), printed)


def test_without_python3_speechd_spd_say_speaks_every_line(
    server: Server, printed: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A pip or pipx install cannot import Debian's python3-speechd: speech-
    dispatcher's own `spd-say` says each line instead, in order, as `message`."""
    hidden = tmp_path / "hidden"
    hidden.mkdir()
    (hidden / "speechd.py").write_text('raise ImportError("not on PyPI")\n')
    monkeypatch.setenv(
        "PYTHONPATH", os.pathsep.join([str(hidden), os.environ.get("PYTHONPATH", "")])
    )
    result = run(*GAME, "--speech", "screenreader", input=ANSWERS, timeout=180)
    assert result.rc == 0 and result.err == ""
    assert result.lines == printed
    log = server.wait(lambda log: len(log.messages) >= len(printed))
    assert log.texts == [say(line) for line in printed]
    assert {m.priority for m in log.messages} == {MESSAGE}


def test_a_whole_game_in_a_terminal_paused_at_each_prompt_is_spoken_line_for_line(
    server: Server, printed: list[str]
) -> None:
    """The player waits for speech to end before each key: nothing is cut."""
    client = PtyClient(*GAME, "--speech", "screenreader", columns=1000)
    try:
        row = -1
        while (row := next_prompt(client, row)) >= 0:
            heard = len(client.output_lines())
            server.wait(lambda log: log.ended >= heard)  # noqa: B023 - used at once
            client.send("1\r")
        assert client.wait_exit() == 0
    finally:
        client.close()
    assert client.output_lines() == printed
    check_every_line_said(server.log(), printed)


def test_a_whole_online_game_through_sixdot_join_is_spoken_line_for_line(
    server: Server, tmp_path: Path
) -> None:
    """Online, every line the client words from the server's frames is spoken
    too: the log in, the lobby, each event of the game, and the goodbye."""
    with Background(tmp_path / "games", hasher=QUICK) as games:
        result = join_game(games.url, "--speech", "screenreader")
    assert result.rc == 0
    assert result.err == ""
    assert "Game over." in result.lines and len(result.lines) > 40
    check_every_line_said(server.log(), result.lines)


def test_losing_speech_dispatcher_mid_game_gives_one_notice_and_the_game_goes_on(
    server: Server, printed: list[str]
) -> None:
    talk = Conversation(*GAME, "--speech", "screenreader", timeout=30)
    try:
        while len(talk.lines) < 5:
            assert talk.next_line() is not None
        server.stop(signal.SIGKILL)
        for answer in ANSWERS.splitlines():
            talk.send(answer)
        rc, err = talk.finish()
    finally:
        talk.kill()
    assert rc == 0
    assert talk.lines == printed
    assert err.splitlines() == [
        "sixdot: Speech stopped: speech-dispatcher went away. Playing on in text."
    ]
