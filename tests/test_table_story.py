"""Issue 28's whole story, through the real programs: two people at two
`sixdot join` terminals, a watcher and two bots play to the end, people
typing at any pace; one player's window dies and comes back hearing what
they missed in words; the server is killed and started again; the watcher
asks whose turn it is all along and is still watching after the restart;
and no player ever types `turn`.
"""

from __future__ import annotations

import queue
import random
import threading
import time
from pathlib import Path

import pytest

from sixdot.server.background import Background
from test_join import SHORT, Child
from test_server import QUICK


class Window:
    """`sixdot join` in a child process with its own settings folder (one
    person's kept session); every line it prints, gathered as it comes."""

    def __init__(self, url: str, home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.setenv("SIXDOT_CONFIG", str(home / "config.toml"))
        self.child = Child(url)
        self.heard: list[str] = []
        self.gone = threading.Event()
        threading.Thread(target=self._gather, daemon=True).start()

    def _gather(self) -> None:
        while not self.gone.is_set():
            try:
                self.heard.append(self.child.lines.get(timeout=0.2))
            except queue.Empty:
                continue

    def type(self, line: str) -> None:
        if not self.gone.is_set():
            self.child.type(line)

    def until(self, text: str, start: int = 0, timeout: float = 60) -> int:
        """The place of the first line from `start` holding `text`."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for place in range(start, len(self.heard)):
                if text in self.heard[place]:
                    return place
            time.sleep(0.05)
        raise AssertionError(f"no {text!r} after line {start}: {self.heard[-6:]}")

    @property
    def over(self) -> bool:
        return "Game over." in self.heard

    def kill(self) -> None:
        self.gone.set()
        self.child.kill()


def typing(window: Window, rng: random.Random, stop: threading.Event) -> None:
    """Numbers typed at any pace, in bursts, at one's turn and not: never `turn`."""
    while not stop.is_set() and not window.over:
        time.sleep(rng.uniform(0, 1) if rng.random() < 0.5 else 0)
        for _ in range(rng.choice((1, 1, 2, 4))):
            window.type(str(rng.randint(1, 3)))


@pytest.mark.slow
@pytest.mark.parametrize("game", ["consonants", "letters"])
def test_people_a_watcher_and_bots_play_through_a_lost_window_and_a_restart(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, game: str
) -> None:
    folder = tmp_path / "server"
    server = Background(folder, grace=1, hasher=QUICK).__enter__()
    port = server.where.port if server.where else 0
    windows = {
        name: Window(server.url, tmp_path / name, monkeypatch) for name in ("Ana", "Ben", "Cleo")
    }
    ana, ben, cleo = windows.values()
    stop = threading.Event()
    try:
        for name, window in windows.items():
            window.type(f"register {name}")
            window.until("Password:")
            window.type("password1")
            window.until("The same password again:")
            window.type("password1")
            window.until("Logged in")
        ana.type(f"create {game} 4 bots=random {SHORT[game]}")
        ana.until("you sit in seat 1")
        ben.type("sit 1")
        ben.until("you sit in seat 2")
        cleo.type("watch 1")
        cleo.until("you watch")
        ana.type("start")
        cleo.until("the game starts")
        rng = random.Random(game)
        for window in (ana, ben):
            args = (window, random.Random(rng.random()), stop)
            threading.Thread(target=typing, args=args, daemon=True).start()

        def asking() -> None:  # the watcher asks whose turn it is, now and then
            while not stop.is_set() and not cleo.over:
                cleo.type("turn")
                time.sleep(1.5)

        threading.Thread(target=asking, daemon=True).start()
        cleo.until("turn:", start=cleo.until("the game starts"))

        ben.kill()  # Ben's window dies; a bot plays his seat after a second
        ana.until("Ben dropped off")
        time.sleep(3)
        ben = Window(server.url, tmp_path / "Ben", monkeypatch)  # his kept session
        back = ben.until("While you were away")
        threading.Thread(target=typing, args=(ben, random.Random(2), stop), daemon=True).start()

        time.sleep(2)
        server.__exit__()  # the server is killed and started again on its folder
        lost = cleo.until("Connection lost")
        server = Background(folder, grace=1, hasher=QUICK, port=port).__enter__()
        again = cleo.until("Connected again.", start=lost)
        for window in (ana, ben, cleo):
            window.until("Game over.", timeout=600)
    finally:
        stop.set()
        for window in windows.values():
            window.kill()
        ben.kill()
        server.__exit__()
    asked = [line for line in cleo.heard if "'s turn: " in line]
    assert len(asked) >= 3, cleo.heard[-10:]  # whose turn, and what they are asked
    assert cleo.heard.index("Game over.") > again  # still watching after the restart
    assert any(line.startswith(("Ana ", "Ben ", "Bot ")) for line in cleo.heard[again:])
    assert ben.heard[back].startswith("While you were away: ")
    assert not any(line.startswith("Caught up") for line in ben.heard)
    # No one typed turn, and no one was ever told a move was theirs to make
    # out of turn for long: the game went on to its end for everyone.
    assert all(window.over for window in (ana, ben, cleo))
