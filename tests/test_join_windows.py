"""One account in two `sixdot join` windows (issue 28): the window logged in
elsewhere says so and can log in again; a restarted window never throws the
other off by resuming the session that window kept.

Real `sixdot serve` on a thread; each window a `sixdot join --plain` child
sharing one settings folder, as two windows of one player do.
"""

from __future__ import annotations

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
