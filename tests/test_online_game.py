"""Issue 21 done as a player would do it: `sixdot serve`, then two people each
running `sixdot join` (through pipes), two bots, Consonants to the end; one
player's program is killed mid-game and started again, and that player comes
back to the seat without a password, hearing their hand, while the other is
told of the drop at once. A whole game (about half a minute): run with --runslow."""

from __future__ import annotations

import os
import queue
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from test_server_play import serve


class Person:
    """One `sixdot join` in plain mode, its lines read as they come."""

    def __init__(self, url: str, home: Path) -> None:
        self.url, self.home = url, home
        self.lines: list[str] = []
        self.start()

    def start(self) -> None:
        env = {**os.environ, "SIXDOT_CONFIG": str(self.home / "config.toml"), "TERM": "dumb"}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "sixdot", "join", self.url, "--plain"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            env=env,
        )
        self.heard: queue.Queue[str] = queue.Queue()
        threading.Thread(target=self._read, args=(self.process,), daemon=True).start()

    def _read(self, process: subprocess.Popen[str]) -> None:
        assert process.stdout is not None
        for line in process.stdout:
            self.lines.append(line.rstrip("\n"))
            self.heard.put(line.rstrip("\n"))

    def type(self, text: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(text + "\n")
        self.process.stdin.flush()

    def until(self, text: str, timeout: float = 30) -> str:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            try:
                line = self.heard.get(timeout=0.5)
            except queue.Empty:
                continue
            if text in line:
                return line
        raise AssertionError(f"no {text!r}; last lines: {self.lines[-8:]}")

    @property
    def over(self) -> bool:
        return "Game over." in self.lines

    def kill(self) -> None:
        self.process.kill()
        self.process.wait()


def deal(lines: list[str]) -> list[str]:
    """The first hand a player was dealt, as its lines said it: one line when it
    fits, else one kind a line; between the hand's start and the passing."""
    start = next(i for i, line in enumerate(lines) if line.startswith("Hand 1,"))
    end = next(i for i in range(start, len(lines)) if lines[i].startswith("Pass "))
    return lines[start + 1 : end]


def asked_to_play(lines: list[str], ever: bool = False) -> bool:
    """Whether the player is asked to play a card now (with `ever`: has been,
    once tricks began), from the lines said: a prompt after their last play."""
    asked = max((i for i, line in enumerate(lines) if line.startswith("You may play")), default=-1)
    played = max((i for i, line in enumerate(lines) if line.startswith("You play ")), default=-1)
    return asked >= 0 if ever else asked > played


@pytest.mark.slow
def test_two_people_and_two_bots_play_consonants_to_the_end_one_drops_and_comes_back(
    tmp_path: Path,
) -> None:
    server, url = serve(tmp_path / "server")
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    ana, ben = Person(url, tmp_path / "a"), Person(url, tmp_path / "b")
    try:
        for person, name in ((ana, "anna"), (ben, "benny")):
            person.type(f"register {name}")
            person.type("password1")
            person.type("password1")  # asked twice for a new account
            person.until("Logged in")
        ana.type("create consonants 4")
        ana.until("you sit in seat 1")
        ben.type("sit 1")
        ben.until("you sit in seat 2")
        ana.type("start")
        ana.until("the game starts")
        ana.until("Type pass and cards")  # the pass prompt, after the deal
        ben.until("Type pass and cards")
        dealt = {person: deal(person.lines) for person in (ana, ben)}
        started, back_from = time.monotonic(), None
        while not (ana.over and ben.over):
            assert time.monotonic() - started < 600, "the game did not end"
            for person in (ana, ben):
                if person is ana and back_from is None and asked_to_play(ana.lines, ever=True):
                    continue  # tricks under way: Ana holds her card until benny drops
                person.type("1")  # the first move, whenever it is one's turn
            time.sleep(0.05)
            if back_from is None and asked_to_play(ana.lines):
                # At Ana's turn, so the table waits on her, not on benny: the
                # move she makes while he is away is news he missed, every run.
                ben.kill()  # the line drops, not by the player's choice
                ana.until("benny dropped off")
                ana.type("1")
                ana.until("You play ")
                ben.start()  # the token kept on disk logs benny in again
                back_from = len(ben.lines)
        assert back_from is not None
        returned = ben.lines[back_from:]
        assert not any("Password" in line for line in returned)
        # What was missed, in words, then the hand, before any turn.
        away = next(i for i, line in enumerate(returned) if line.startswith("While you were"))
        hand = next(i for i, line in enumerate(returned) if line.startswith("Your hand"))
        assert away < hand and not any(line.startswith("Caught up") for line in returned)
        assert not any(line.startswith("You may") for line in returned[:hand])
        assert "benny is back." in ana.lines
        # Each heard their own deal, and not the other's (every frame is checked
        # for hidden cards in test_server_play's leak test).
        assert dealt[ana] and dealt[ben] and dealt[ana] != dealt[ben]
        assert any(line.endswith("the lowest score.") for line in ana.lines)
        assert all(len(line) <= 100 for line in ana.lines + ben.lines)
    finally:
        for person in (ana, ben):
            person.kill()
        server.terminate()
        server.wait(timeout=10)
