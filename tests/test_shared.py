"""What several `sixdot serve` on one Redis share besides tables (issue 35):
the limits on guessing (logins, tokens, private tables' passwords), counted
in Redis so that tries spread over the processes are limited as on one;
who is online; and a login that takes over the same account's connection
on another process, as a second login does on one. Real parts: a
redis-server of the test's own and `sixdot serve` child processes."""

from __future__ import annotations

import contextlib
import signal
import subprocess
from collections.abc import Iterator

from redistools import RedisServer
from test_server import Scripted
from test_server_play import serve

#: Seconds a lease (and a process's heartbeat) lasts in these tests.
LEASE = 1.0


@contextlib.contextmanager
def two_servers(url: str) -> Iterator[list[tuple[subprocess.Popen[str], str]]]:
    """Two `sixdot serve` on the Redis at `url`: each child and its URL; killed at the end."""
    servers = [serve(url, "--lease", str(LEASE)) for _ in range(2)]
    try:
        yield servers
    finally:
        for child, _ in servers:
            child.send_signal(signal.SIGKILL)
            child.wait(10)


def registered(url: str, name: str) -> Scripted:
    client = Scripted(url)
    client.send("register", name=name, password="password1")
    client.until("session", name=name)
    return client


def test_guesses_spread_over_two_servers_are_limited_as_on_one(
    redis_server: RedisServer,
) -> None:
    """Wrong passwords for Ana, alternately at each server: the sixth is
    refused as too many, as on one server (before, each server allowed
    five); her token still gets her in. Made-up tokens, and a guesser's
    tries at two private tables each played by one of the servers, are
    limited the same way."""
    with two_servers(redis_server.url) as [(_, first), (_, second)]:
        ana = registered(first, "Ana")
        token = next(f["token"] for f in ana.frames if f["type"] == "session")
        guessers = [Scripted(first), Scripted(second)]
        keys = []
        for n in range(6):
            guessers[n % 2].send("login", name="Ana", password="not-the-password")
            keys.append(guessers[n % 2].problem()["key"])
        assert keys == ["online-login-refused"] * 5 + ["online-too-many-attempts"]
        back = Scripted(second)
        back.send("resume", token=token)
        assert back.until("session")["name"] == "Ana"
        keys = []
        for n in range(21):  # twenty refused tokens a minute from one address
            guessers[n % 2].send("resume", token="x" * 43)
            keys.append(guessers[n % 2].problem()["key"])
        assert keys == ["online-token-refused"] * 20 + ["online-too-many-attempts"]
        ana.send("create", game="letters", players=2, private=True, password="secret1")
        anas = ana.until("table", you=0)["table"]["id"]
        cleo = registered(second, "Cleo")
        cleo.send("create", game="letters", players=2, private=True, password="secret2")
        cleos = cleo.until("table", you=0)["table"]["id"]
        ben = registered(first, "Ben")  # his guesses at Cleo's table go to its server
        keys = []
        for table_id in [anas, cleos] * 3:
            ben.send("sit", table=table_id, password="wrong-guess")
            keys.append(ben.problem()["key"])
        assert keys == ["online-table-password"] * 5 + ["online-too-many-attempts"]
