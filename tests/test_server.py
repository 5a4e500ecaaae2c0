"""The server's accounts, lobby, chat and bad input, over real websockets (issue 21).

Each test starts a real server on a free loopback port, on each store in
turn (SQLite in tmp_path, then a Redis of the test's own: redistools.py), and
talks to it with websockets clients as `sixdot join` does.
Passwords are hashed with argon2id at a low cost, so the tests run quickly.
"""

from __future__ import annotations

import json
import re
import socket
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from argon2 import PasswordHasher
from websockets.sync.client import ClientConnection, connect

from hostiletools import MALFORMED
from sixdot.present.phrasebook import Phrasebook
from sixdot.server.background import Background
from sixdot.wire.messages import read_from_server

#: argon2id at a test's cost: one pass over 8 MiB.
QUICK = PasswordHasher(time_cost=1, memory_cost=8192, parallelism=1)


class Scripted:
    """A client a test drives: sends messages, reads frames until the one it wants."""

    def __init__(self, url: str, source: str | None = None) -> None:
        """`source`: the loopback address it connects from (127.0.0.2, ...),
        so that a test has players at several addresses."""
        sock = None
        if source is not None:
            host, port = url.removeprefix("ws://").split(":")
            sock = socket.create_connection((host, int(port)), source_address=(source, 0))
        self.ws: ClientConnection = connect(url, sock=sock, max_size=None, legacy=True)
        self.frames: list[dict[str, Any]] = []
        OPEN.append(self)

    def send(self, kind: str, **fields: Any) -> None:
        self.ws.send(json.dumps({"type": kind, **fields}))

    def raw(self, data: str | bytes) -> None:
        self.ws.send(data)

    def next(self, timeout: float = 20) -> dict[str, Any]:
        """The next frame; every one must be a server message of the wire schema."""
        data = self.ws.recv(timeout)
        read_from_server(data)  # WireError names a field the schema does not allow
        frame = json.loads(data)
        self.frames.append(frame)
        return frame

    def until(self, kind: str, timeout: float = 20, **match: Any) -> dict[str, Any]:
        """Read frames until one of type `kind` (with the `match` fields)."""
        while True:
            frame = self.next(timeout)
            if frame["type"] == kind and all(frame.get(k) == v for k, v in match.items()):
                return frame

    def problem(self) -> dict[str, Any]:
        return self.until("problem")

    def close(self) -> None:
        self.ws.close()


#: Clients a test opened, closed after it.
OPEN: list[Scripted] = []


@pytest.fixture(autouse=True)
def _close_clients() -> Iterator[None]:
    yield
    while OPEN:
        OPEN.pop().close()


@pytest.fixture
def server(where: Path | str) -> Iterator[Background]:
    """A server on each store in turn: SQLite's, then Redis's."""
    with Background(where, grace=0.5, hasher=QUICK) as running:
        yield running


def joined(server: Background, name: str, password: str = "password1") -> Scripted:
    """A client registered as `name` and logged in."""
    client = Scripted(server.url)
    client.send("register", name=name, password=password)
    client.until("session", name=name)
    return client


def bots_settled(server: Background, within: float = 30) -> None:
    """Wait (at most `within` seconds) until no bot of `server` is to move:
    bots move one move at a time in the rota's turn, after what set them off."""
    assert server.server is not None
    deadline = time.monotonic() + within
    while any(table.bot_due for table in list(server.server.tables.values())):
        assert time.monotonic() < deadline, "the bots are still moving"
        time.sleep(0.01)


def test_register_then_log_in_elsewhere_with_the_same_password(server: Background) -> None:
    ana = joined(server, "Ana")
    ana.close()
    again = Scripted(server.url)
    again.send("login", name="ana", password="password1")
    session = again.until("session")
    assert session["name"] == "Ana"  # names are compared without case, kept as written
    assert len(session["token"]) >= 40


def test_a_wrong_password_and_an_unknown_name_get_the_same_refusal(server: Background) -> None:
    joined(server, "Ana").close()
    client = Scripted(server.url)
    client.send("login", name="Ana", password="wrong-password")
    wrong = client.problem()
    client.send("login", name="Nobody", password="wrong-password")
    unknown = client.problem()
    assert wrong["key"] == unknown["key"] == "online-login-refused"
    assert wrong["args"] == unknown["args"] == {}


def test_a_taken_name_and_bad_names_are_refused_with_what_is_accepted(
    server: Background,
) -> None:
    joined(server, "Ana").close()
    client = Scripted(server.url)
    client.send("register", name="ANA", password="password1")
    assert client.problem()["key"] == "online-name-taken"
    client.send("register", name="\x1b[2JBen", password="password1")
    refused = client.problem()
    assert refused["key"] == "online-bad-name"
    assert refused["args"]["name"] == "<ESC>[2JBen"  # quoted visibly, never raw
    assert (refused["args"]["shortest"], refused["args"]["longest"]) == (2, 20)
    client.send("register", name="Ben", password="short")
    assert client.problem()["key"] == "online-bad-password"


def test_a_name_that_passes_for_another_is_refused(server: Background) -> None:
    """Before, "аlice" with a Cyrillic а was an account beside alice."""
    joined(server, "alice").close()
    client = Scripted(server.url)
    for name in ("\u0430lice", "\u0391LICE", "a1ice"):  # a Cyrillic a, a Greek A, a 1
        client.send("register", name=name, password="password1")
        refused = client.problem()
        assert (refused["key"], refused["args"]["other"]) == ("online-name-too-like", "alice")
    for name in ("Alice", "\uff41lice"):  # a fullwidth a: the same name (NFKC)
        client.send("register", name=name, password="password1")
        assert client.problem()["key"] == "online-name-taken"
    client.send("register", name="Alicia", password="password1")
    assert client.until("session")["name"] == "Alicia"


def test_the_password_is_kept_only_as_an_argon2id_hash(
    server: Background, request: pytest.FixtureRequest
) -> None:
    joined(server, "Ana", "correct horse").close()
    if isinstance(server.folder, Path):
        files = server.folder.glob("sixdot.sqlite3*")
    else:  # every file Redis keeps: its append-only files
        files = (request.getfixturevalue("redis_server").folder / "appendonlydir").iterdir()
    stored = b"".join(path.read_bytes() for path in files)
    assert b"correct horse" not in stored
    assert b"$argon2id$" in stored


def test_login_attempts_are_limited_per_name_and_address(server: Background) -> None:
    joined(server, "Ana").close()
    client = Scripted(server.url)
    keys = []
    for _ in range(6):
        client.send("login", name="Ana", password="not-the-password")
        keys.append(client.problem()["key"])
    assert keys == ["online-login-refused"] * 5 + ["online-too-many-attempts"]
    client.send("login", name="Ana", password="password1")  # even the right one waits
    assert client.problem()["args"]["seconds"] > 0


def test_a_token_logs_in_again_and_a_made_up_one_does_not(server: Background) -> None:
    ana = joined(server, "Ana")
    token = ana.frames[-1]["token"]
    ana.close()
    back = Scripted(server.url)
    back.send("resume", token=token)
    assert back.until("session")["name"] == "Ana"
    back.send("resume", token="x" * 43)
    assert back.problem()["key"] == "online-token-refused"


def test_a_valid_token_comes_back_however_often_and_made_up_ones_are_limited(
    server: Background,
) -> None:
    """Lines that drop again and again (sixteen players behind one address) are
    never refused their seat: a player's reconnection was once refused for
    minutes as too many tries, and their turn lost meanwhile."""
    token = joined(server, "Ana").frames[-1]["token"]
    for _ in range(30):  # more than the twenty tries a minute one address has
        back = Scripted(server.url)
        back.send("resume", token=token)
        assert back.until("session")["name"] == "Ana"
        back.close()
    guesser = Scripted(server.url)
    keys = []
    for _ in range(21):
        guesser.send("resume", token="x" * 43)
        keys.append(guesser.problem()["key"])
    assert "online-too-many-attempts" in keys


def test_logging_out_ends_the_token(server: Background) -> None:
    ana = joined(server, "Ana")
    token = ana.frames[-1]["token"]
    ana.send("logout")
    ana.until("logged-out")
    ana.send("resume", token=token)
    assert ana.problem()["key"] == "online-token-refused"


def test_requests_before_logging_in_are_refused(server: Background) -> None:
    client = Scripted(server.url)
    client.send("create", game="alphabeticell")
    assert client.problem()["key"] == "online-log-in-first"


def test_a_table_is_created_listed_seated_and_given_bots(server: Background) -> None:
    ana = joined(server, "Ana")
    ana.send("create", game="alphabeticell", players=3, options={"target": 20})
    joined_table = ana.until("table")
    table = joined_table["table"]
    assert (joined_table["you"], table["host"], table["status"]) == (0, "Ana", "waiting")
    ben = joined(server, "Ben")
    ben.send("lobby")
    lobby = ben.until("lobby")
    assert ben.until("online")["names"] == ["Ana", "Ben"]
    (listed,) = lobby["tables"]
    assert listed["game"] == "alphabeticell"
    assert listed["options"] == {"target": 20}
    assert [s["who"] for s in listed["seats"]] == ["Ana", "", ""]
    ben.send("sit", table=listed["id"])
    assert ben.until("table")["you"] == 1
    ana.send("bot", level="random")
    seats = ana.until("table")["table"]
    while seats["seats"][2]["kind"] != "bot":
        seats = ana.until("table")["table"]
    bot = {"kind": "bot", "who": "random", "here": False, "bot_playing": False, "left": False}
    assert seats["seats"][2] == bot
    ben.send("bot")
    assert ben.problem()["key"] == "online-not-host"
    ana.send("unbot", seat=3)
    ana.until("table")
    ana.send("unbot", seat=3)
    assert ana.problem()["args"] == {"seat": 3}


def test_a_private_table_asks_its_password(server: Background) -> None:
    ana = joined(server, "Ana")
    ana.send("create", game="letters", players=2, private=True, password="secret table")
    table_id = ana.until("table")["table"]["id"]
    ben = joined(server, "Ben")
    ben.send("sit", table=table_id)
    assert ben.problem()["key"] == "online-table-private"  # the client asks for it then
    ben.send("sit", table=table_id, password="guess")
    assert ben.problem() == {
        "type": "problem",
        "key": "online-table-password",
        "args": {"table": table_id},
        "about": "sit",
    }
    ben.send("watch", table=table_id, password="secret table")
    assert ben.until("table")["you"] is None


def test_bad_tables_are_refused_with_what_is_accepted(server: Background) -> None:
    ana = joined(server, "Ana")
    ana.send("create", game="chess")
    assert ana.problem()["args"]["games"].startswith("alphabeticell")
    ana.send("create", game="alphabeticell", players=9)
    assert ana.problem()["args"] == {"game": "Alphabeticell", "low": 2, "high": 5}
    ana.send("create", game="alphabeticell", options={"target": 100000})
    assert ana.problem()["key"] == "online-bad-option"
    ana.send("create", game="alphabeticell", level="genius")
    assert "sensible" in ana.problem()["args"]["levels"]


def test_lobby_chat_reaches_everyone_and_table_chat_the_table(server: Background) -> None:
    ana, ben, cleo = (joined(server, name) for name in ("Ana", "Ben", "Cleo"))
    ana.send("chat", text="hello\x1b]0;owned\x07 all")
    for client in (ana, ben, cleo):
        said = client.until("chat")
        assert (said["to"], said["name"]) == ("lobby", "Ana")
        assert said["text"] == "hello<ESC>]0;owned<BEL> all"
    ana.send("create", game="alphabeticell", players=2)
    table_id = ana.until("table")["table"]["id"]
    ben.send("sit", table=table_id)
    ben.until("table")
    ben.send("chat", text="good luck")
    assert ana.until("chat")["to"] == "table"
    cleo.send("chat", text="anyone?")
    assert cleo.until("chat")["text"] == "anyone?"  # Cleo got no table line before it
    assert all(f.get("to") != "table" for f in cleo.frames)


def test_chat_is_bounded_and_limited(server: Background) -> None:
    ana = joined(server, "Ana")
    ana.send("chat", text="x" * 301)
    assert ana.problem()["args"] == {"field": "text", "what": "Expected `str` of length <= 300"}
    ana.send("chat", text=" \t ")
    assert ana.problem()["key"] == "online-empty-chat"
    keys = []
    for n in range(11):
        ana.send("chat", text=f"line {n}")
        frame = ana.until("chat") if n < 10 else ana.problem()
        keys.append(frame["type"])
    assert keys == ["chat"] * 10 + ["problem"]
    assert ana.frames[-1]["key"] == "online-too-fast"


@pytest.mark.parametrize(("data", "key"), MALFORMED)
def test_a_bad_message_is_named_and_the_connection_goes_on(
    server: Background, data: str | bytes, key: str
) -> None:
    client = Scripted(server.url)
    client.raw(data)
    assert client.problem()["key"] == key
    client.send("hello")
    assert client.until("welcome")["games"][0] == "alphabeticell"


def test_every_problem_the_server_sends_is_in_the_phrasebook() -> None:
    source = Path(__file__).parents[1] / "src" / "sixdot" / "server"
    keys = set()
    for path in source.glob("*.py"):
        keys |= set(re.findall(r'"(online-[a-z-]+)"', path.read_text()))
    words = Phrasebook()
    assert len(keys) > 30
    assert sorted(key for key in keys if not words.has(key)) == []


def test_a_token_expires_a_week_after_its_last_use(where: Path | str) -> None:
    from sixdot.server.accounts import TOKEN_LIFE, Accounts
    from sixdot.server.problems import Problem
    from sixdot.server.storage import open_store

    now = [1000.0]
    accounts = Accounts(open_store(where), QUICK, clock=lambda: now[0])
    token = accounts.register("Ana", "password1", "127.0.0.1").token
    now[0] += TOKEN_LIFE - 1
    assert accounts.resume(token).name == "Ana"  # used: a week more from now
    now[0] += TOKEN_LIFE - 1
    assert accounts.resume(token).name == "Ana"
    now[0] += TOKEN_LIFE
    with pytest.raises(Problem) as refused:
        accounts.resume(token)
    assert refused.value.key == "online-token-refused"


def test_a_rate_limit_lets_attempts_through_again_once_its_window_has_passed() -> None:
    from sixdot.server.accounts import RateLimit
    from sixdot.server.problems import Problem

    now = [0.0]
    limit = RateLimit(2, 60.0, clock=lambda: now[0])
    limit.attempt("ana")
    now[0] = 10.0
    limit.attempt("ana")
    with pytest.raises(Problem) as waiting:
        limit.attempt("ana")
    assert waiting.value.facts == {"seconds": 50}
    limit.attempt("ben")  # another name is not held up
    now[0] = 60.5
    limit.attempt("ana")  # the first attempt has left the window


def test_a_host_who_leaves_hands_the_table_on_and_the_last_to_leave_closes_it(
    server: Background,
) -> None:
    ana, ben = joined(server, "Ana"), joined(server, "Ben")
    ana.send("create", game="alphabeticell", players=3)
    table_id = ana.until("table")["table"]["id"]
    ben.send("sit", table=table_id)
    ben.until("table")
    ana.send("leave")
    assert ana.until("left")["table"] == table_id
    handed = ben.until("table")["table"]
    assert handed["host"] == "Ben"
    assert [s["who"] for s in handed["seats"]] == ["", "Ben", ""]
    ben.send("bot")  # the new host may
    ben.until("table")
    ben.send("leave")
    ben.until("left")
    ben.send("lobby")
    assert ben.until("lobby")["tables"] == []


def test_a_frame_past_the_websocket_limit_ends_only_that_connection(server: Background) -> None:
    from websockets.exceptions import ConnectionClosedError

    ana = joined(server, "Ana")
    hostile = Scripted(server.url)
    hostile.raw("x" * (65 * 1024))
    with pytest.raises(ConnectionClosedError) as closed:
        hostile.next()
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009  # message too big
    ana.send("who")
    assert ana.until("online")["names"] == ["Ana"]
