"""One hostile client never hurts the others (issue 34): a client that never
reads is closed at a bound of queued bytes, the lobby is not built anew for
each of its requests, and a private table's password cannot be guessed at
speed. Real server on loopback, real websockets clients, bounded loops."""

from __future__ import annotations

import contextlib
import json
import socket
import threading
import time
from pathlib import Path

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.frames import Frame, Opcode
from websockets.sync.client import connect

from hostiletools import small_receive_socket
from sixdot.server import accounts, app
from sixdot.server.background import Background
from test_server import QUICK, Scripted, joined


def test_a_client_that_never_reads_is_closed_and_others_play_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(app, "OUTBOX_BYTES", 64 * 1024)
    with Background(tmp_path / "server", hasher=QUICK) as server:
        ana = joined(server, "Ana")
        hosts = [joined(server, f"Host{n}") for n in range(15)]
        for host in hosts:  # a lobby of some size: each host stays at a table
            host.send("create", game="letters", players=2)
            host.until("table")
        # Asks for the lobby again and again and reads nothing: a small
        # receive buffer, and a client that stops reading once one frame waits.
        sock = small_receive_socket(server.where.port if server.where else 0)
        hostile = connect(server.url, sock=sock, max_size=None, max_queue=1, legacy=True)
        request = json.dumps({"type": "lobby"})
        assert server.server is not None
        built: list[int] = []
        facts = server.server._table_facts
        monkeypatch.setattr(
            server.server, "_table_facts", lambda table: built.append(1) or facts(table)
        )
        closed, sent, answered = False, 0, []
        deadline = time.monotonic() + 60
        while not closed and time.monotonic() < deadline:
            try:
                for _ in range(200):
                    hostile.send(request)
                    sent += 1
            except ConnectionClosed:
                closed = True
            started = time.monotonic()
            ana.send("ping")  # the others are answered at once meanwhile
            ana.until("pong", timeout=5)
            answered.append(time.monotonic() - started)
        queued = [c.queued for c in server.server.online.values()]
    assert closed  # closed at the bound, not holding megabytes for good
    assert max(queued) < 64 * 1024
    assert max(answered) < 1.0
    # One lobby frame answers the requests of half a second: built a few times
    # for hundreds of requests, not once each.
    assert len(built) / 15 <= max(2, sent / 10)


def test_a_private_tables_password_cannot_be_guessed_at_speed(tmp_path: Path) -> None:
    with Background(tmp_path / "server", hasher=QUICK) as server:
        ana = joined(server, "Ana")
        ana.send("create", game="letters", players=2, options={}, password="hushhush")
        table = ana.until("table")["table"]["id"]
        ben = joined(server, "Ben")
        answers = []
        for guess in range(8):
            ben.send("watch", table=table, password=f"guess{guess}")
            answers.append(ben.problem()["key"])
        ben.send("watch", table=table, password="hushhush")  # right, but too soon
        answers.append(ben.problem()["key"])
    assert answers[:5] == ["online-table-password"] * 5
    assert set(answers[5:]) == {"online-too-many-attempts"}


def test_who_is_online_is_for_people_logged_in(tmp_path: Path) -> None:
    with Background(tmp_path / "server", hasher=QUICK) as server:
        joined(server, "Ana")
        stranger = Scripted(server.url)
        stranger.send("lobby")
        stranger.until("lobby")
        stranger.send("ping")
        stranger.until("pong")
    assert "online" not in [f["type"] for f in stranger.frames]


def _logins(server: Background, name: str, password: str, source: str, count: int) -> list[str]:
    """The keys of the answers to `count` logins from `source`."""
    client = Scripted(server.url, source)
    keys = []
    for _ in range(count):
        client.send("login", name=name, password=password)
        frame = client.until("problem")
        keys.append(frame["key"])
    client.close()
    return keys


def test_wrong_passwords_from_elsewhere_never_shut_the_owner_out(tmp_path: Path) -> None:
    """Before, five failed logins by anyone locked a name out of its correct password."""
    with Background(tmp_path / "server", hasher=QUICK) as server:
        joined(server, "Ana").close()
        keys = _logins(server, "Ana", "not-the-password", "127.0.0.2", 6)
        assert keys == ["online-login-refused"] * 5 + ["online-too-many-attempts"]
        ana = Scripted(server.url)
        ana.send("login", name="Ana", password="password1")
        assert ana.next()["type"] == "session"


def test_wrong_passwords_at_one_address_leave_its_other_players_alone(tmp_path: Path) -> None:
    """Everyone behind one NAT shares an address: thirty failed logins there
    (twenty were once the end of it) refuse neither a password nor a token."""
    with Background(tmp_path / "server", hasher=QUICK) as server:
        joined(server, "Ana").close()
        token = joined(server, "Ben").frames[-1]["token"]
        keys = [
            _logins(server, f"Nobody{n}", "wrong-password", "127.0.0.3", 1)[0] for n in range(30)
        ]
        assert set(keys) == {"online-login-refused"}
        ana = Scripted(server.url, "127.0.0.3")
        ana.send("login", name="Ana", password="password1")
        assert ana.next()["type"] == "session"
        ben = Scripted(server.url, "127.0.0.3")
        ben.send("resume", token=token)
        assert ben.next()["type"] == "session"


def test_a_name_guessed_from_many_addresses_is_slowed_and_its_owner_gets_in(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Past twenty failures for one name from addresses it never logged in
    from, its logins from such addresses wait their turn, and are told so; the
    right password gets in after the wait, and from its own address at once."""
    monkeypatch.setattr(accounts, "SLOWED", 1.0)
    with Background(tmp_path / "server", hasher=QUICK) as server:
        joined(server, "Ana").close()
        keys = []
        for n in range(5):
            keys += _logins(server, "Ana", "not-the-password", f"127.0.0.{10 + n}", 4)
        assert keys == ["online-login-refused"] * 20
        away = Scripted(server.url, "127.0.0.20")
        away.send("login", name="Ana", password="password1")
        slowed = away.next()
        assert (slowed["key"], slowed["about"]) == ("online-login-slowed", "login")
        assert slowed["args"]["seconds"] >= 1
        assert away.next()["name"] == "Ana"  # the session, after the wait
        guess = Scripted(server.url, "127.0.0.21")
        guess.send("login", name="Ana", password="not-the-password")
        assert [guess.next()["key"], guess.next()["key"]] == [
            "online-login-slowed",
            "online-login-refused",
        ]
        home = Scripted(server.url)
        home.send("login", name="Ana", password="password1")
        assert home.next()["type"] == "session"


def test_a_flood_of_messages_is_read_at_a_pace_and_none_is_lost(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A connection sending faster than `READ_RATE` is read at that pace (its
    messages wait in its own buffers, costing the server nothing), while
    another connection is answered at once; every message is answered."""
    monkeypatch.setattr(app, "READ_RATE", 5.0)
    monkeypatch.setattr(app, "READ_BURST", 5.0)
    with Background(tmp_path / "server", hasher=QUICK) as server:
        flooder, ana = Scripted(server.url), Scripted(server.url)
        for seq in range(40):
            flooder.send("ping", seq=seq)
        started = time.monotonic()
        ana.send("ping", seq=99)
        ana.until("pong", timeout=5)  # not behind the flood
        answered, early = [], 0
        while len(answered) < 40:
            answered.append(flooder.until("pong", timeout=30)["seq"])
            if time.monotonic() - started < 1.0:
                early = len(answered)
    assert answered == list(range(40))
    assert early <= 5 + 5 * 1.0 + 1  # the burst, then five a second


def test_a_server_stops_within_five_seconds_beside_clients_flooding_it(tmp_path: Path) -> None:
    """Clients that send without end and read nothing: what they sent before
    the stop is not read at their pace first, and their closing is not waited
    on for ever (websockets drains a connection before closing it)."""
    flooding = True

    def flood(port: int, url: str) -> None:
        with contextlib.suppress(ConnectionClosed, OSError):
            sock = small_receive_socket(port)
            hostile = connect(url, sock=sock, max_size=None, max_queue=1, legacy=True)
            for _ in range(10**6):
                if not flooding:
                    break
                hostile.send(json.dumps({"type": "lobby"}))

    server = Background(tmp_path / "server", hasher=QUICK)
    with server:
        port = server.where.port if server.where else 0
        floods = [threading.Thread(target=flood, args=(port, server.url)) for _ in range(3)]
        for thread in floods:
            thread.start()
        ana = joined(server, "Ana")
        for _ in range(3):  # the floods are under way
            ana.send("lobby")
            ana.until("lobby")
        stopping = time.monotonic()
    took = time.monotonic() - stopping
    flooding = False
    for thread in floods:
        thread.join(10)
    assert took < 5.0, f"the server took {took:.1f} s to stop"


def test_a_connection_is_given_a_small_receive_buffer(tmp_path: Path) -> None:
    """What a flooder sends past its pace waits on its side (`READ_BUFFER`):
    a read brings the loop a few hundred frames to parse, never a second's worth."""
    with Background(tmp_path / "server", hasher=QUICK) as server:
        joined(server, "Ana")
        assert server.server is not None
        sock = server.server.online["Ana"].ws.transport.get_extra_info("socket")
        held = sock.getsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF)
    assert held <= 2 * app.READ_BUFFER  # Linux doubles what it is asked, for its own use


def test_a_burst_of_messages_is_answered_one_a_turn_beside_another_client(
    tmp_path: Path,
) -> None:
    """A connection's messages already come (a burst within its pace, or a
    closed flooder's backlog) take turns with everyone else's: another
    client's message sent just after a burst of 150 is answered among the
    first of them, not after all (issue 34's abuse run: a closing non-reader's
    hundreds of lobby requests, answered at once, held a person's move for
    50 to 100 ms)."""
    burst = 150
    lobby = Frame(Opcode.TEXT, json.dumps({"type": "lobby"}).encode())
    ping = Frame(Opcode.TEXT, json.dumps({"type": "ping", "seq": 1}).encode())
    with Background(tmp_path / "server", hasher=QUICK) as server:
        assert server.server is not None
        taken: list[str] = []
        receive = server.server.receive

        async def noted(client: app.Client, data: str | bytes) -> None:
            taken.append(json.loads(data)["type"])
            await receive(client, data)

        server.server.receive = noted  # type: ignore[method-assign]
        with connect(server.url, max_size=None) as flooder, connect(server.url) as other:
            # Written whole, each at once, as a client that does not wait would.
            flooder.socket.sendall(b"".join(lobby.serialize(mask=True) for _ in range(burst)))
            other.socket.sendall(ping.serialize(mask=True))
            while json.loads(other.recv(timeout=20))["type"] != "pong":
                pass
    assert "ping" in taken[: burst // 2], taken.index("ping")
