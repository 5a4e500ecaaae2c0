"""Helpers for the hostile-input tests: the real program on byte pipes, and
hostile clients of a server.

`clienttools` reads sixdot's output as text with universal newlines, which
would turn a raw carriage return into a line break and hide it. These helpers
keep stdout as bytes, so a test can prove that no control byte typed or read
from a file ever reaches the player's terminal, and cut a piped conversation
into the answer to each line with a sentinel command.

The server's tests and its benchmark's abuse run (benchmarks/server.py) share
the hostile clients' messages and sockets at the end.
"""

from __future__ import annotations

import contextlib
import os
import queue
import re
import socket
import subprocess
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from clienttools import pipe_env, run, sixdot_command
from sixdot.client import saves
from sixdot.server.protocol import LARGEST

#: Bytes a terminal acts on: controls below 0x20 other than the newline, DEL,
#: and (decoded) the C1 controls U+0080 to U+009F, CSI among them.
RAW_CONTROL = re.compile(rb"[\x00-\x09\x0b-\x1f\x7f]|\xc2[\x80-\x9f]")

#: Every game, with table options that keep a whole game short, and random
#: bots, which choose at once.
QUICK = {
    "alphabeticell": ("--players", "3", "--bots", "random", "--option", "target=5"),
    "consonants": ("--bots", "random", "--option", "target=5"),
    "letters": ("--bots", "random"),
    "nonesuch": ("--bots", "random", "--option", "hands=1"),
    "alphagon": ("--bots", "random"),
}
GAME_NAMES = tuple(QUICK)

GAME_OVER = re.compile(r"\bwins? with\b|^Tie\b|^Winner\b")
INPUT_ENDED = re.compile(r"^Input ended\b")
RESUMED = re.compile(r"^Resumed after (?P<count>one|\d+) moves?\b")


def added(before: Sequence[str], after: Sequence[str]) -> list[str]:
    """The lines `after` has in one place where `before` has none (a run's answers
    to lines typed in it, found by comparing it with a run without them)."""
    start = 0
    while start < len(before) and start < len(after) and before[start] == after[start]:
        start += 1
    end = 0
    while end < len(before) - start and before[-1 - end] == after[-1 - end]:
        end += 1
    assert len(before) - start - end == 0, f"a line went missing: {before[start]!r}"
    return list(after[start : len(after) - end])


def raw_controls(data: bytes) -> list[bytes]:
    """The control bytes in `data` with a little context each, for an assertion message."""
    return [data[max(m.start() - 20, 0) : m.end() + 20] for m in RAW_CONTROL.finditer(data)]


# --- files of the program --------------------------------------------------------


def saves_folder() -> Path:
    """The test's own saves folder (conftest points SIXDOT_SAVES at it)."""
    return Path(os.environ["SIXDOT_SAVES"])


def slot(game: str, seed: int) -> Path:
    return saves_folder() / f"{game}-{seed}.json"


def settings_file() -> Path:
    return Path(os.environ["SIXDOT_CONFIG"])


def leftovers() -> list[str]:
    """Temporary files in the saves folder: none may outlive a start of sixdot."""
    folder = saves_folder()
    return (
        sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))
        if folder.exists()
        else []
    )


def saved_moves(game: str, seed: int) -> list[list[object]] | None:
    """The moves in a game's save file, None if there is none."""
    path = slot(game, seed)
    if not path.exists():
        return None
    return [list(move) for move in saves.read(path).moves]


def a_saved_game(game: str = "letters", seed: int = 5, moves: str = "1\n") -> Path:
    """Play `moves` of a game and stop: its save file, holding them."""
    out = run("play", game, "--seed", str(seed), *QUICK[game], input=moves + "quit\nyes\n")
    assert out.rc == 0 and slot(game, seed).exists(), out.err
    return slot(game, seed)


def resumed_count(lines: Sequence[str]) -> int | None:
    """N of "Resumed after N moves", None if no such line was said."""
    for line in lines:
        if m := RESUMED.match(line):
            return 1 if m["count"] == "one" else int(m["count"])
    return None


# --- one run on byte pipes ------------------------------------------------------------


@dataclass
class RawResult:
    rc: int
    raw: bytes
    err: str

    @property
    def lines(self) -> list[str]:
        return self.raw.decode("utf-8", errors="replace").split("\n")[:-1]

    @property
    def err_lines(self) -> list[str]:
        return self.err.splitlines()


def run_raw(
    *args: str, input: bytes = b"", timeout: float = 30, env: dict[str, str] | None = None
) -> RawResult:
    """Run sixdot with `input` as its stdin; stdout kept as bytes."""
    proc = subprocess.run(
        [*sixdot_command(), *args],
        input=input,
        capture_output=True,
        timeout=timeout,
        env=env or pipe_env(),
    )
    return RawResult(proc.returncode, proc.stdout, proc.stderr.decode("utf-8", errors="replace"))


# --- a conversation cut into answers ------------------------------------------------------

#: A command no game knows: its "Unknown command" answer marks the end of the
#: answers to the lines sent before it, and it changes nothing.
SENTINEL = "zqxjv"


class RawTalk:
    """sixdot on byte pipes, asked one batch of lines at a time."""

    def __init__(self, *args: str, timeout: float = 20) -> None:
        self.timeout = timeout
        self.proc = subprocess.Popen(
            [*sixdot_command(), *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=pipe_env(),
        )
        self.raw = b""
        self.lines: list[str] = []
        self.ended = False
        self._lines: queue.Queue[bytes | None] = queue.Queue()
        self._err: list[bytes] = []
        threading.Thread(target=self._read_out, daemon=True).start()
        threading.Thread(target=self._read_err, daemon=True).start()

    def _read_out(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self._lines.put(line)
        self._lines.put(None)

    def _read_err(self) -> None:
        assert self.proc.stderr is not None
        self._err.append(self.proc.stderr.read())

    def send(self, *texts: str) -> None:
        assert self.proc.stdin is not None
        with contextlib.suppress(BrokenPipeError, OSError):
            self.proc.stdin.write(b"".join(t.encode("utf-8") + b"\n" for t in texts))
            self.proc.stdin.flush()

    def _next(self) -> str | None:
        if self.ended:
            return None
        try:
            raw = self._lines.get(timeout=self.timeout)
        except queue.Empty:
            self.kill()
            tail = "\n".join(self.lines[-10:])
            raise AssertionError(f"sixdot said nothing for {self.timeout} s:\n{tail}") from None
        if raw is None:
            self.ended = True
            return None
        self.raw += raw
        line = raw.decode("utf-8", errors="replace").removesuffix("\n")
        self.lines.append(line)
        return line

    def ask(self, *texts: str) -> list[str]:
        """Send `texts` and the sentinel; the lines said before the sentinel's answer
        (all that was left, if the program ended first)."""
        self.send(*texts, SENTINEL)
        said: list[str] = []
        while (line := self._next()) is not None:
            if SENTINEL in line:
                return said
            said.append(line)
        return said

    def finish(self) -> tuple[int, str]:
        """Close stdin, read what is left; the exit code and stderr."""
        with contextlib.suppress(BrokenPipeError, OSError):
            assert self.proc.stdin is not None
            self.proc.stdin.close()
        while self._next() is not None:
            pass
        rc = self.proc.wait(timeout=self.timeout)
        for _ in range(int(self.timeout * 100)):
            if self._err:
                break
            threading.Event().wait(0.01)
        return rc, b"".join(self._err).decode("utf-8", errors="replace")

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()


@dataclass(frozen=True)
class Snapshot:
    """What `table`, `hand` and `history` said at one moment of a game."""

    table_and_hand: tuple[str, ...]
    history: tuple[str, ...]


def snapshot(talk: RawTalk) -> Snapshot:
    said = talk.ask("table", "hand", "history")
    title = next((i for i, line in enumerate(said) if line.startswith("History")), len(said))
    return Snapshot(tuple(said[:title]), tuple(said[title + 1 :]))


def command_names(game: str) -> tuple[str, ...]:
    """The commands `help` lists in `game` ("go SQUARE: ..." gives go)."""
    out = run("play", game, "--seed", "1", *QUICK[game], input="help\n")
    return tuple(m[1] for line in out.lines if (m := re.match(r"^([a-z]+)\b[^:]*: ", line)))


MOVE_ITEM = re.compile(r"^\d+\. (?P<notation>[^:]+)")


def listed_moves(talk: RawTalk) -> list[str]:
    """The notations `moves` lists now."""
    said = talk.ask("moves")
    return [m["notation"].strip() for line in said[1:] if (m := MOVE_ITEM.match(line))]


# --- hostile clients of a server ------------------------------------------------------

#: Messages a server refuses, each with the problem it answers (and the
#: connection goes on): not JSON, no such type, fields wrong, too large.
MALFORMED: tuple[tuple[str | bytes, str], ...] = (
    ("not json at all", "online-not-json"),
    ("[1, 2]", "online-bad-message"),
    ('{"type": "launch-missiles"}', "online-unknown-type"),
    ('{"name": "Ana"}', "online-unknown-type"),
    ('{"type": "login", "name": 7, "password": "x"}', "online-bad-message"),
    ('{"type": "sit", "table": -1}', "online-bad-message"),
    ('{"type": "lobby", "extra": true}', "online-bad-message"),
    (b"\xff\xfe\x00", "online-not-json"),
    ("[" * 5000 + "]" * 5000, "online-too-large"),
    ('{"type": "chat", "text": "' + "x" * LARGEST + '"}', "online-too-large"),
)


def small_receive_socket(port: int, host: str = "127.0.0.1") -> socket.socket:
    """A connection to a server that takes in a few kilobytes before the
    server's sends must wait: with a websocket client on it that reads
    nothing, the server's frames to it pile up on the server's side."""
    sock = socket.create_connection((host, port))
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    return sock
