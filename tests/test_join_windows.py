"""One account in two `sixdot join` windows (issue 28): the window logged in
elsewhere says so and can log in again; a restarted window never throws the
other off by resuming the session that window kept.

Real `sixdot serve` on a thread; each window a `sixdot join --plain` child
sharing one settings folder, as two windows of one player do.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from sixdot.server.background import Background
from test_join import Child, register
from test_server import QUICK


def login(window: Child) -> None:
    window.type("login")
    window.until("Your name:")
    window.type("Cleo")
    window.until("Password:")
    window.type("password1")
    window.until("Logged in as Cleo")


def test_a_window_logged_in_elsewhere_can_come_back_and_is_not_resumed_over_another(
    tmp_path: Path,
) -> None:
    with Background(tmp_path / "server", hasher=QUICK) as server:
        first = Child(server.url)
        register(first, "password1", "password1")
        first.until("Logged in as Cleo")
        first.type("create alphabeticell 2")
        first.until("you sit in seat 1")

        second = Child(server.url)  # its session on disk is the first window's
        busy = second.until("another sixdot join window")
        login(second)
        second.until("Table 1: Alphabeticell, you sit in seat 1.")
        replaced = first.until("Logged in elsewhere")

        first.kill()
        again = Child(server.url)  # the first window started again
        again.until("another sixdot join window")  # the second's session: not resumed
        again.type("who")
        again.until("Log in first")
        second.type("who")
        assert second.until("Online:") == "Online: Cleo."  # still logged in

        login(again)  # asked for: the account comes here, and the other is told
        again.until("Table 1: Alphabeticell, you sit in seat 1.")
        second.until("Logged in elsewhere")
        login(second)  # and back again, on a new connection
        second.until("Table 1: Alphabeticell, you sit in seat 1.")
        again.until("Logged in elsewhere")
        second.kill()
        again.kill()
    assert busy == "Cleo plays in another sixdot join window. Type login to play here."
    assert replaced == "Logged in elsewhere. Type login to play here again."


def test_sitting_at_a_private_table_asks_its_password_unechoed(tmp_path: Path) -> None:
    """`sit N` at a private table asks for the password, which is never in the
    line typed (nor the history); a wrong one says what to do."""
    with Background(tmp_path / "server", hasher=QUICK) as server:
        host = Child(server.url)
        register(host, "password1", "password1", "Ana")
        host.until("Logged in")
        host.type("create letters 2 password=hushhush")
        host.until("you sit in seat 1")
        cleo = Child(server.url)
        register(cleo, "password1", "password1")
        cleo.until("Logged in")
        cleo.type("sit 1")  # not known to be private yet: the server says it is
        private = cleo.until("is private")
        cleo.type("sit 1")
        cleo.until("Password for table 1:")
        cleo.type("guess")
        wrong = cleo.until("wrong password")
        cleo.type("lobby")
        cleo.until("Table 1")
        cleo.type("sit 1")  # the lobby said it is private: asked at once
        cleo.until("Password for table 1:")
        cleo.type("hushhush")
        cleo.until("you sit in seat 2")
        cleo.type("history")
        cleo.until("History, ")
        cleo.until("you sit in seat 2")
        host.kill()
        cleo.kill()
    assert private == "Table 1 is private: type that again for its password."
    assert wrong == "Table 1: wrong password. Ask its host, then try again."
    assert not any("hushhush" in line or "guess" in line for line in cleo.heard)


#: Run in each of several processes at once: keep a session for a server of
#: its own, then say it is done.
KEEP_ONE = """
import sys
import json
import subprocess
import sys
from pathlib import Path
from sixdot.client.sessions import KeptSessions
from sixdot.present.phrasebook import Phrasebook
path, number = Path(sys.argv[1]), int(sys.argv[2])
sys.stdin.readline()  # all start together
for turn in range(20):
    kept = KeptSessions(path, f"ws://server{number}", Phrasebook(), print)
    kept.update(f"name{number}", f"token{turn}")
"""


def test_windows_keeping_sessions_at_once_lose_none(tmp_path: Path) -> None:
    """Eight sixdot join windows keep sessions for eight servers in one file
    at the same moment: every one is there at the end. Each reads the file,
    changes its own entry and writes it back; without a lock around that, a
    window wrote back what it read before another's change and lost it (the
    window test above failed that way under load)."""
    path = tmp_path / "sessions.json"
    children = [
        subprocess.Popen(
            [sys.executable, "-c", KEEP_ONE, str(path), str(number)],
            stdin=subprocess.PIPE,
            text=True,
        )
        for number in range(8)
    ]
    for child in children:
        assert child.stdin is not None
        child.stdin.write("go\n")
        child.stdin.flush()
    assert all(child.wait(60) == 0 for child in children)
    servers = json.loads(path.read_text())["servers"]
    assert sorted(servers) == [f"ws://server{number}" for number in range(8)]
    assert {entry["token"] for entry in servers.values()} == {"token19"}
