"""One account in two `sixdot join` windows (issue 28): the window logged in
elsewhere says so and can log in again; a restarted window never throws the
other off by resuming the session that window kept.

Real `sixdot serve` on a thread; each window a `sixdot join --plain` child
sharing one settings folder, as two windows of one player do.
"""

from __future__ import annotations

from pathlib import Path

from sixdot.server.background import Background
from test_server import QUICK
from test_turns_online import Child


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
        first.type("register Cleo")
        first.until("Password:")
        first.type("password1")
        first.until("again")
        first.type("password1")
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
