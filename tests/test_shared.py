"""What several `sixdot serve` on one Redis share besides tables (issue 35):
the limits on guessing (logins, tokens, private tables' passwords), counted
in Redis so that tries spread over the processes are limited as on one;
who is online; and a login that takes over the same account's connection
on another process, as a second login does on one. Real parts: a
redis-server of the test's own and `sixdot serve` child processes."""

from __future__ import annotations

import contextlib
import json
import signal
import time
import urllib.request

from websockets.exceptions import ConnectionClosed

from redistools import RedisServer
from test_owners import LEASE, servers_on
from test_server import Scripted, _close_clients  # noqa: F401 - a fixture


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
    with servers_on(redis_server.url, 2) as [(_, first), (_, second)]:
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
        back.send("create", game="letters", players=2, private=True, password="secret1")
        anas = back.until("table", you=0)["table"]["id"]  # at the second server
        cleo = registered(first, "Cleo")
        cleo.send("create", game="letters", players=2, private=True, password="secret2")
        cleos = cleo.until("table", you=0)["table"]["id"]
        ben = registered(first, "Ben")  # his guesses at Ana's table go to its server
        keys = []
        for table_id in [anas, cleos] * 3:
            ben.send("sit", table=table_id, password="wrong-guess")
            keys.append(ben.problem()["key"])
        assert keys == ["online-table-password"] * 5 + ["online-too-many-attempts"]


def online(client: Scripted, names: list[str], within: float = 5.0) -> float:
    """Ask `who` until the list is `names` (a login elsewhere is written to
    Redis a moment after it); the seconds it took."""
    start = time.monotonic()
    while True:
        client.send("who")
        heard = client.until("online")["names"]
        if heard == names:
            return time.monotonic() - start
        assert time.monotonic() - start < within, heard
        time.sleep(0.05)


def test_who_is_online_is_everyone_at_every_server(redis_server: RedisServer) -> None:
    """Ana at one server and Ben at another each see both online (before,
    each saw their own server's alone); Ben logged out is gone from Ana's
    list at once, and, logged in again, gone from it when his server is
    killed, once its heartbeat lapses."""
    with servers_on(redis_server.url, 2) as [(_, first), (second_child, second)]:
        ana, ben = registered(first, "Ana"), registered(second, "Ben")
        assert online(ana, ["Ana", "Ben"]) < 1.0
        online(ben, ["Ana", "Ben"])
        assert health(first) == {"processes": 2, "online": 2}  # each its own and the service's
        ben.send("logout")
        ben.until("logged-out")
        assert online(ana, ["Ana"]) < 1.0
        ben.send("login", name="Ben", password="password1")
        ben.until("session")
        online(ana, ["Ana", "Ben"])
        ana.send("chat", text="hello, whoever is here")  # the lobby is everyone's too
        heard = ben.until("chat")
        assert (heard["to"], heard["name"]) == ("lobby", "Ana")
        ben.send("chat", text="hello back")
        ana.until("chat", name="Ben")
        ben.send("who")
        ben.until("online")
        assert [f["name"] for f in ben.frames if f["type"] == "chat"] == ["Ana", "Ben"]  # once
        second_child.send_signal(signal.SIGKILL)
        second_child.wait(10)
        assert online(ana, ["Ana"]) < 3 * LEASE


def health(url: str, within: float = 5.0) -> dict[str, int]:
    """The service's part of `/health` at the server at `url`, once it has
    seen every process's heartbeat (at its next look, a third of a lease)."""
    start = time.monotonic()
    while True:
        with urllib.request.urlopen(url.replace("ws://", "http://") + "/health") as answer:
            said = json.load(answer)
        assert said["online"] == 1  # the one logged in at that process
        if said["service"]["processes"] > 1 or time.monotonic() - start > within:
            return said["service"]
        time.sleep(0.05)


def replaced(client: Scripted) -> int:
    """The frames of `client` read to its connection's close: how many said
    it was replaced by a login elsewhere."""
    with contextlib.suppress(ConnectionClosed):
        while True:
            client.next(timeout=10)
    return sum(f.get("key") == "online-replaced" for f in client.frames)


def test_a_login_at_another_server_replaces_the_earlier_connection_as_on_one(
    redis_server: RedisServer,
) -> None:
    """Ana logs in at one server, then at the other: the first connection
    is told once that she logged in elsewhere and is closed, as on one
    server (before, both stayed logged in). So again while she sits at a
    table: come back by her token through the other server, she is seated
    there, and the connection she left is told once; and once more when
    she logs in at the table's own server while connected through the
    other (the owner and the login both say so: told once). The lines she
    may say in ten seconds are counted over both servers (before, logging
    in at the other began her count again)."""
    with servers_on(redis_server.url, 2) as [(_, first), (_, second)]:
        one = registered(first, "Ana")
        token = next(f["token"] for f in one.frames if f["type"] == "session")
        for n in range(6):
            one.send("chat", text=f"line {n}")
            one.until("chat", text=f"line {n}")
        two = Scripted(second)
        two.send("login", name="Ana", password="password1")
        two.until("session")
        assert replaced(one) == 1
        for n in range(5):
            two.send("chat", text=f"more {n}")
        assert two.problem()["key"] == "online-too-fast"
        two.send("who")
        two.until("online")
        assert [f["text"] for f in two.frames if f["type"] == "chat"] == [
            f"more {n}" for n in range(4)
        ]
        online(two, ["Ana"])
        two.send("create", game="letters", players=2)
        table_id = two.until("table", you=0)["table"]["id"]
        three = Scripted(first)  # through the other server, to her table at the second
        three.send("resume", token=token)
        assert three.until("table", you=0)["table"]["id"] == table_id
        assert replaced(two) == 1
        four = Scripted(second)  # at the table's own server
        four.send("login", name="Ana", password="password1")
        assert four.until("table", you=0)["table"]["id"] == table_id
        assert replaced(three) == 1
        online(four, ["Ana"])


def test_a_name_guessed_at_over_two_servers_is_slowed_at_both_its_owner_never(
    redis_server: RedisServer,
) -> None:
    """Twenty wrong passwords for Ana from five addresses, spread over two
    servers: her logins from other addresses are slowed, one checked every
    five seconds whichever server they come to (the second told to wait
    for the first's turn and its own); from the address she registered
    from, at the other server, she gets in at once: the addresses a name is
    its owner's from are shared too (before, only the server she had logged
    in at knew hers, and the other slowed her)."""
    with servers_on(redis_server.url, 2) as [(_, first), (_, second)]:
        registered(first, "Ana").close()
        keys = []
        for n in range(20):
            guesser = Scripted([first, second][n % 2], f"127.0.0.{10 + n // 4}")
            guesser.send("login", name="Ana", password="not-the-password")
            keys.append(guesser.problem()["key"])
            guesser.close()
        assert keys == ["online-login-refused"] * 20
        home = Scripted(second)
        home.send("login", name="Ana", password="password1")
        assert home.next()["type"] == "session"
        away = Scripted(first, "127.0.0.20")
        away.send("login", name="Ana", password="password1")
        slowed = away.next()
        assert slowed["key"] == "online-login-slowed" and slowed["args"]["seconds"] <= 5
        guess = Scripted(second, "127.0.0.21")
        guess.send("login", name="Ana", password="not-the-password")
        later = guess.next()
        assert later["key"] == "online-login-slowed" and later["args"]["seconds"] > 8
