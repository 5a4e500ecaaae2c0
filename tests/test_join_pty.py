"""`sixdot join` at a real terminal: the same line editor and keys as local play (issue 21).

A real server runs on loopback; `sixdot join` runs in a pseudo-terminal read
through pyte. At one's turn the arrow keys walk the cards and Enter plays the
focused one; review keys answer from the view the client holds; a line from
the server arriving while a command is half typed is printed above the input
line, which keeps the typed text; the session's token is kept on disk, so a
second `sixdot join` resumes the seat without the password.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from websockets.sync.client import ClientConnection, connect

from clienttools import PtyClient
from sixdot.client.sessions import KeptSessions, sessions_path
from sixdot.present.phrasebook import Phrasebook
from sixdot.server.background import Background
from test_server import QUICK

RIGHT, ENTER, TAB, CTRL_D = "\x1b[C", "\r", "\t", "\x04"
F5, F12 = "\x1b[15~", "\x1b[24~"


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Background]:
    with Background(tmp_path / "server", hasher=QUICK) as running:
        yield running


@pytest.fixture
def join(server: Background) -> Iterator[PtyClient]:
    pty = PtyClient("join", server.url, rows=50, columns=120)
    yield pty
    pty.close()


def said(pty: PtyClient, text: str) -> str:
    """Wait until a line the program said contains `text`; that line."""
    pty.wait_for(lambda: any(text in line for line in pty.output_lines()), what=text)
    return next(line for line in reversed(pty.output_lines()) if text in line)


def register(pty: PtyClient, name: str = "Cleo") -> None:
    pty.wait_prompt()
    pty.send(f"register {name}{ENTER}")
    pty.wait_for(lambda: pty.cursor_line == "Password:", what="the password question")
    pty.send("password1" + ENTER)
    pty.wait_for(lambda: pty.cursor_line.startswith("The same password"), what="asked again")
    pty.send("password1" + ENTER)
    said(pty, f"Logged in as {name}")


def logged_in(server: Background, name: str) -> ClientConnection:
    """Another person, on a websocket of their own: registered and logged in."""
    other = connect(server.url, legacy=True)
    other.send(json.dumps({"type": "register", "name": name, "password": "password1"}))
    while json.loads(other.recv(30))["type"] != "session":
        pass
    return other


def seated_at_a_turn(pty: PtyClient) -> None:
    """A two-player table with a bot, started, at the first pick of Alphabeticell."""
    pty.send("create alphabeticell 2 bots=random target=5" + ENTER)
    said(pty, "you sit in seat 1")
    pty.send("start" + ENTER)
    said(pty, "Your pick: keep one")
    pty.wait_prompt()


def test_arrows_walk_the_cards_enter_plays_one_and_f5_gives_the_scores(join) -> None:
    register(join)
    join.send("cre" + TAB)
    join.wait_prompt("create")
    join.send("\x15lo" + TAB)  # Ctrl+U clears the line; "lo" fits three commands
    assert said(join, "to choose:") == "3 to choose: login, lobby, logout."
    join.send("\x15")
    seated_at_a_turn(join)
    dealt = said(join, "Dealt to you")
    cards = re.findall(r"\b[A-Z]{2}\b", dealt)
    join.send(RIGHT)
    label = f"› {cards[0]}: Enter keeps it; 1 of 3 in Dealt"
    join.wait_for(lambda: join.cursor_line == label)
    assert join.screen.cursor.x == len(label)  # after the label, where a screen reader reads
    join.send(RIGHT)
    join.wait_for(lambda: join.cursor_line == f"› {cards[1]}: Enter keeps it; 2 of 3 in Dealt")
    join.send(ENTER)
    said(join, f"You keep {cards[1]} to start a line.")
    row = join.wait_prompt()
    before = join.screen.transcript()[:row]
    join.screen.changes.clear()
    join.send(F5)
    said(join, "Scores, target 5:")
    join.wait_prompt(below=row)
    assert join.screen.transcript()[:row] == before  # nothing above the prompt redrawn
    assert all(changed >= row for changed, _ in join.screen.changes)


def test_a_line_from_the_server_leaves_what_is_typed_on_the_input_line(
    server: Background, join: PtyClient
) -> None:
    register(join)
    other = logged_in(server, "Ben")
    try:
        row = join.wait_prompt()
        before = join.screen.transcript()[:row]
        join.send("shout hel")
        join.wait_prompt("shout hel")
        join.screen.changes.clear()
        other.send(json.dumps({"type": "chat", "text": "anyone for cards?", "to": "lobby"}))
        assert said(join, "Ben to all") == "Ben to all: anyone for cards?"
        # The line came above the prompt; the half-typed command is still there, whole.
        join.wait_prompt("shout hel", below=row)
        assert join.screen.transcript()[:row] == before
        assert all(changed >= row for changed, _ in join.screen.changes)
        join.send("lo" + ENTER)
        assert said(join, "Cleo to all") == "Cleo to all: hello"
    finally:
        other.close()


def test_a_review_key_after_a_move_says_the_table_as_it_stands(
    server: Background, join: PtyClient
) -> None:
    """F12 after Cleo's move, while Ben thinks: the status of the game since her move,
    which the client asks of the server, not the one of her turn."""
    register(join)
    ben = logged_in(server, "Ben")
    try:
        join.send("create alphabeticell 2" + ENTER)
        said(join, "you sit in seat 1")
        ben.send(json.dumps({"type": "sit", "table": 1}))
        said(join, "Ben sits in seat 2.")
        join.send("start" + ENTER)
        while not any("Your pick: keep one" in line for line in join.output_lines()):
            join.settle(0.1)  # the screen reads what the program sent
            with contextlib.suppress(TimeoutError):
                frame = json.loads(ben.recv(0.2))
                if frame["type"] == "turn":  # Ben picks first when the deal says so
                    ben.send(json.dumps({"type": "move", "move": frame["legal"][0]}))
        join.wait_prompt()

        def decks() -> list[str]:
            return [line for line in join.output_lines() if line.startswith("Deck: ")]

        join.send(F12)
        join.wait_for(lambda: len(decks()) == 1, what="the status at Cleo's turn")
        join.send(RIGHT)
        join.wait_for(lambda: join.cursor_line.endswith("1 of 3 in Dealt"), what="a card")
        join.send(ENTER)
        said(join, "You keep")
        join.wait_prompt()
        join.send(F12)
        join.wait_for(lambda: len(decks()) == 2, what="the status after her move")
        at_turn, now = decks()
        assert at_turn != now  # the two cards not kept went back into the deck
    finally:
        ben.close()


def test_a_second_join_resumes_the_seat_without_the_password(
    server: Background, join: PtyClient
) -> None:
    register(join)
    seated_at_a_turn(join)
    kept = sessions_path()
    assert kept.stat().st_mode & 0o777 == 0o600
    join.send(CTRL_D)
    assert join.wait_exit() == 0
    again = PtyClient("join", server.url, rows=50, columns=120)
    try:
        assert said(again, "Logged in") == "Logged in as Cleo. Type lobby or help."
        said(again, "Table 1: Alphabeticell, you sit in seat 1.")
        said(again, "Your pick: keep one")
        again.wait_prompt()
        again.send(RIGHT)
        again.wait_for(lambda: again.cursor_line.endswith("1 of 3 in Dealt"), what="a card")
        again.send(ENTER)
        said(again, "You keep")
        again.wait_prompt()
        again.send("logout" + ENTER)
        said(again, "Logged out.")
        assert json.loads(kept.read_text())["servers"] == {}
        again.send("quit" + ENTER)
        assert again.wait_exit() == 0
    finally:
        again.close()
    assert "password1" not in "\n".join(again.screen.transcript())


def test_a_broken_or_open_session_file_is_ignored_with_one_notice(tmp_path: Path) -> None:
    notices: list[str] = []
    path = tmp_path / "sessions.json"
    kept = KeptSessions(path, "ws://here", Phrasebook(), notices.append)
    assert kept.load() is None and notices == []  # no file: nothing to say
    path.write_text("{not json")
    path.chmod(0o600)
    assert kept.load() is None and kept.load() is None
    assert notices == [
        f"Session file {path} ignored: not a sixdot session file. Log in with your password."
    ]
    kept.update("Cleo", "t0ken")  # a session given replaces the broken file, owner-only
    assert os.stat(path).st_mode & 0o777 == 0o600
    assert KeptSessions(path, "ws://here", Phrasebook(), notices.append).load() == ("Cleo", "t0ken")
    path.chmod(0o644)
    opened = KeptSessions(path, "ws://here", Phrasebook(), notices.append)
    assert opened.load() is None
    assert notices[-1].endswith("ignored: others may read it. Log in with your password.")
    path.chmod(0o600)
    KeptSessions(path, "ws://there", Phrasebook(), notices.append).update("Ana", "other")
    kept.update(None, None)  # logged out here; the other server's session stays
    assert json.loads(path.read_text())["servers"] == {
        "ws://there": {"name": "Ana", "token": "other", "pid": os.getpid()}
    }


def test_no_server_is_said_at_once_and_join_ends() -> None:
    pty = PtyClient("join", "ws://127.0.0.1:1", rows=10, columns=120)
    try:
        assert pty.wait_exit() == 2
        assert pty.output_lines()[0].startswith("Cannot connect to ws://127.0.0.1:1: ")
    finally:
        pty.close()


def test_thirty_lines_arriving_while_the_player_types_stay_whole(server: Background) -> None:
    """Keys typed while lines arrive are never echoed among them: the terminal stays
    raw while they are printed, so each line is whole and the typed text too."""
    pty = PtyClient("join", server.url, rows=60, columns=120)
    others = []
    try:
        register(pty)
        for name in ("Ben", "Dan", "Eve"):
            # Lines it never reads are queued, so closing it waits for nothing.
            other = connect(server.url, legacy=True, max_queue=None)
            other.send(json.dumps({"type": "register", "name": name, "password": "password1"}))
            while json.loads(other.recv(30))["type"] != "session":
                pass
            others.append(other)
        row = pty.wait_prompt()
        pty.screen.changes.clear()

        def chatter(other: ClientConnection) -> None:
            for number in range(10):  # the server takes 10 lines in 10 seconds from one
                other.send(json.dumps({"type": "chat", "text": f"line {number}", "to": "lobby"}))
                time.sleep(0.04)

        threads = [threading.Thread(target=chatter, args=(other,)) for other in others]
        for thread in threads:
            thread.start()
        typed = "say the quick brown fox jumps over the lazy dog"
        for key in typed:
            pty.send(key)
            pty._read(0.02)
        for thread in threads:
            thread.join()
        pty.wait_for(
            lambda: (
                sum(" to all: line " in line for line in pty.output_lines()) == 30
                and pty.at_prompt(typed)
            ),
            what="30 lines and the typed text",
        )
        heard = [line for line in pty.output_lines() if "line" in line and "Cleo" not in line]
        assert all(re.fullmatch(r"(Ben|Dan|Eve) to all: line \d", line) for line in heard), heard
        assert all(changed >= row for changed, _ in pty.screen.changes)
        pty.send(ENTER)
        assert said(pty, "Cleo to all") == "Cleo to all: " + typed.removeprefix("say ")
    finally:
        for other in others:
            other.close()
        pty.close()


def test_a_name_given_is_obeyed_over_the_session_kept_for_another(server: Background) -> None:
    """Two windows sharing one settings folder: the second, started with
    --name, logs in as that name and never takes over the first's session."""
    first = PtyClient("join", server.url, rows=30, columns=120)
    second = None
    try:
        register(first, "Cleo")  # Cleo's session is kept on disk now
        second = PtyClient("join", "--name", "Dan", server.url, rows=30, columns=120)
        second.wait_prompt()
        second.send("register" + ENTER)  # the name given is the one used
        second.wait_for(lambda: second.cursor_line == "Password:", what="the password question")
        second.send("password1" + ENTER)
        second.wait_for(lambda: second.cursor_line.startswith("The same"), what="asked again")
        second.send("password1" + ENTER)
        said(second, "Logged in as Dan")
        first.send("who" + ENTER)
        assert said(first, "online:").endswith("online: Cleo, Dan.")
        assert not any("Logged in elsewhere" in line for line in first.output_lines())
        assert not any("as Cleo" in line for line in second.output_lines())
    finally:
        first.close()
        if second is not None:
            second.close()


def test_plain_at_a_terminal_a_line_from_the_server_never_joins_the_prompt(
    server: Background,
) -> None:
    """`sixdot join --plain` at a real terminal: the server's lines come while
    the prompt waits; each starts a line of its own, and the prompt follows."""
    pty = PtyClient("join", "--plain", server.url, rows=20, columns=120)
    try:
        said(pty, "Server games: ")
        pty.send("who" + ENTER)
        said(pty, "Log in first")
        screen = [line.rstrip() for line in pty.screen.display if line.strip()]
        typed = [line for line in screen if line.startswith("›") and line != "›"]
        assert typed == ["› who"], screen  # only what the player typed follows a prompt
        assert screen[-1] == "›", screen
    finally:
        pty.close()
