"""Several servers on one Redis (issue 35): a table is played by the one
process holding its lease (`server/owners.py`), its writes fenced by that
lease; players connected to other processes play through them
(`server/routes.py`); a table whose server dies, or loses its lease, or
whose Redis restarts, is taken over and played on, no move lost or heard
twice. Real parts: a redis-server of the test's own, servers on threads
(`Background`) or `sixdot serve` processes killed with SIGKILL, websocket
clients, and `sixdot join`'s own client. Leases here last 1 s (`LEASE`), so
a takeover comes within about a second and a half."""

from __future__ import annotations

import contextlib
import json
import queue
import random
import signal
import subprocess
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
import redis
from websockets.sync.client import connect

from redistools import RedisServer
from sixdot.games import get_game
from sixdot.server import owners
from sixdot.server.background import Background
from sixdot.server.play import new_record
from sixdot.server.redis_store import RedisStore
from sixdot.server.storage import Entry, EntryKind, NotOwner, Status, TableRecord
from sixdot.visible import visible
from test_join import Child, login, register
from test_server import QUICK, Scripted, _close_clients, joined  # noqa: F401 - a fixture
from test_server_play import (
    SHORT,
    at_once,
    both,
    check_frames,
    last_seq,
    rebuilt,
    serve,
    table_of,
    token_of,
)

#: Seconds a lease lasts in these tests.
LEASE = 1.0


def test_a_tables_writes_are_done_only_while_its_lease_names_the_writer(
    redis_server: RedisServer,
) -> None:
    """The table's lease is taken with the table; another process's writes
    are refused, and so are the first's once the lease names another."""
    one = RedisStore(redis_server.url, "one", 1000)
    two = RedisStore(redis_server.url, "two", 1000)
    raw = redis.Redis(port=redis_server.port, decode_responses=True)
    try:
        table_id = one.add_table(_record())
        assert raw.get(f"sixdot:lease:{table_id}") == "one"
        move = Entry(EntryKind.MOVE, 0, "", "keep AW")
        assert one.append(table_id, move) == 1
        writes = [
            lambda store: store.append(table_id, move),
            lambda store: store.set_status(table_id, Status.OVER),
            lambda store: store.set_host(table_id, "Mallory"),
            lambda store: store.set_rules(table_id, 9),
            lambda store: store.set_seats(table_id, ()),
        ]
        before = one.table(table_id)
        for write in writes:
            with pytest.raises(NotOwner):
                write(two)
        raw.set(f"sixdot:lease:{table_id}", "two")  # one's ran out, and two took it
        for write in writes:
            with pytest.raises(NotOwner):
                write(one)
        raw.delete(f"sixdot:lease:{table_id}")  # nobody's: nobody writes
        with pytest.raises(NotOwner):
            one.append(table_id, move)
        assert one.table(table_id) == before
        assert one.journal(table_id) == [move]
        assert two.tables([Status.WAITING]) == [before]
    finally:
        for closing in (one, two, raw):
            closing.close()


def test_moves_of_many_tables_are_journaled_in_one_trip_each_fenced_by_its_lease(
    redis_server: RedisServer,
) -> None:
    """The server journals the moves of one turn of its loop in one write
    (one round trip, one fsync, however many): a table whose lease is
    another's has none of its lines kept and is named; the others' are kept."""
    one = RedisStore(redis_server.url, "one", 1000)
    raw = redis.Redis(port=redis_server.port, decode_responses=True)
    try:
        tables = [one.add_table(_record()) for _ in range(20)]
        raw.set(f"sixdot:lease:{tables[3]}", "two")  # one's ran out, and two took it
        move = Entry(EntryKind.MOVE, 0, "", "keep AW")
        assert one.append_all([(tables[0], move)]) == set()  # Redis is given the script
        reads = int(raw.info("stats")["total_reads_processed"])
        lines = [(t, move) for t in tables for _ in range(2)]
        assert one.append_all(lines) == {tables[3]}
        # A trip a line would be 40 reads of Redis's. One trip is a read or a
        # few (a busy Redis may read a pipeline as it comes), and this question's.
        assert int(raw.info("stats")["total_reads_processed"]) - reads < len(lines) / 4
        kept = [len(one.journal(t)) for t in tables]
        assert kept == [3] + [0 if t == tables[3] else 2 for t in tables[1:]]
        raw.script_flush()  # as a Redis restarted has no scripts
        assert one.append_all([(tables[1], move)]) == set()
        assert len(one.journal(tables[1])) == 3
    finally:
        for closing in (one, raw):
            closing.close()


def _record() -> TableRecord:
    return new_record(get_game("letters"), 2, {}, "sensible", "Ana", None, 0)


def test_a_second_server_plays_none_of_the_first_ones_tables_until_it_stops(
    redis_server: RedisServer,
) -> None:
    """A server started beside another leaves the other's table alone; once
    the other stops (giving its leases up), it takes the table over at once,
    and the players who came to it play the game out, every frame as the
    journal has it."""
    url = redis_server.url
    with contextlib.ExitStack() as running:
        first = running.enter_context(Background(url, hasher=QUICK, lease=LEASE))
        ana, ben = joined(first, "Ana"), joined(first, "Ben")
        table_id = table_of(ana, ben, "nonesuch", 3, "sensible")
        both(ana, ben, stop_after=2, quiet=2.0)
        with Background(url, hasher=QUICK, lease=LEASE) as second:
            assert second.server is not None and first.server is not None
            assert table_id not in second.server.tables
            both(ana, ben, stop_after=2, quiet=2.0)
            assert table_id not in second.server.tables
            assert table_id in first.server.tables
            running.close()  # the first stops
            returned = []
            for client in (ana, ben):
                again = Scripted(second.url)
                again.send("resume", token=token_of(client), after=last_seq(client))
                assert again.until("table")["table"]["status"] == "playing"
                returned.append(again)
            both(*returned)
    steps, match = rebuilt(url, table_id)
    assert match.over
    for seat, (before, after) in enumerate(zip((ana, ben), returned, strict=True)):
        assert check_frames(before.frames + after.frames, seat, match, steps) == len(steps)


def test_an_owner_that_lost_its_lease_stops_and_its_players_go_on_when_it_is_back(
    redis_server: RedisServer,
) -> None:
    """The lease taken from under a server for a second, by a process that
    then dies (as after the server was paused longer than its lease): the
    server finds it gone at its next renewal and stops playing the table;
    once that lease runs out it takes the table over again, its players
    hear it is back and play the game out, every frame as the journal has it."""
    raw = redis.Redis(port=redis_server.port, decode_responses=True)
    with Background(redis_server.url, hasher=QUICK, lease=LEASE) as first:
        ana, ben = joined(first, "Ana"), joined(first, "Ben")
        table_id = table_of(ana, ben, "nonesuch", 3, "sensible")
        both(ana, ben, stop_after=2, quiet=2.0)
        raw.set(f"sixdot:lease:{table_id}", "another", px=round(LEASE * 1000))
        for client in (ana, ben):
            back = client.until("problem")
            assert (back["key"], back["args"]) == ("online-table-back", {"table": table_id})
        both(ana, ben)
    raw.close()
    steps, match = rebuilt(redis_server.url, table_id)
    assert match.over
    for seat, client in enumerate((ana, ben)):
        assert check_frames(client.frames, seat, match, steps) == len(steps)


def test_people_connected_to_different_servers_play_at_one_table(
    redis_server: RedisServer,
) -> None:
    """Ben, connected to a server that does not play the table, finds it in
    his lobby, sits at it and plays a whole game through it: his messages go to the owner and its
    frames come back, each seat hearing only what it may (its own cards,
    never another's), as one server alone sends them. The game over, he
    is at no table, and the next he makes is his own server's; at it, he
    cannot sit at another elsewhere."""
    url = redis_server.url
    with (
        Background(url, hasher=QUICK, lease=LEASE) as first,
        Background(url, hasher=QUICK, lease=LEASE) as second,
    ):
        ana, ben = joined(first, "Ana"), joined(second, "Ben")
        ana.send("create", game="nonesuch", players=3, options=SHORT["nonesuch"])
        table_id = ana.until("table")["table"]["id"]
        assert second.server is not None and table_id not in second.server.tables
        ben.send("lobby")
        listed = ben.until("lobby")["tables"]
        assert [(t["id"], t["host"], t["status"]) for t in listed] == [(table_id, "Ana", "waiting")]
        ben.send("sit", table=table_id)
        ben.until("table", you=1)
        ben.send("chat", text="hello from the other server")
        heard = ana.until("chat")
        assert (heard["name"], heard["text"]) == ("Ben", "hello from the other server")
        ana.send("start")
        both(ana, ben)
        raw = redis.Redis(port=redis_server.port)
        deadline = time.monotonic() + 5 * LEASE  # the game over, its lobby facts go
        while raw.hexists("sixdot:facts", str(table_id)) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not raw.hexists("sixdot:facts", str(table_id))
        raw.close()
        ben.send("create", game="letters", players=2)  # at no table elsewhere now
        assert ben.until("table", you=0)["table"]["host"] == "Ben"
        assert table_id + 1 in second.server.tables
        ana.send("create", game="letters", players=2)
        while (anas := ana.until("table", you=0)["table"])["status"] == "over":
            pass  # her last table's end, said after its last step
        ben.send("sit", table=anas["id"])  # while at his own: one table at a time
        refused = ben.until("problem")
        assert (refused["key"], refused["args"]) == ("online-at-table", {"table": table_id + 1})
    steps, match = rebuilt(url, table_id)
    assert match.over
    for seat, client in enumerate((ana, ben)):
        assert check_frames(client.frames, seat, match, steps) == len(steps)


def play_on(client: Scripted, seed: int, until: int | None = None) -> None:
    """Answer each turn with a random legal move, naming the turn as `sixdot
    join` does (a move for a turn already over is refused, never played at
    the next), until the game is over or its step `until` is heard (which
    every seat hears, so each stops there whoever had to move for it)."""
    rng = random.Random(seed)
    while True:
        frame = client.next()
        if frame["type"] == "step" and (frame["over"] or frame["seq"] == until):
            return
        if frame["type"] == "turn":
            client.send("move", move=rng.choice(frame["legal"]), turn=frame["turn"])


def play_both(a: Scripted, b: Scripted, until: int | None = None) -> None:
    """`play_on` for both at once; the first failure raised."""
    at_once(lambda client, seed: play_on(client, seed, until), a, b)


@contextlib.contextmanager
def servers_on(url: str, count: int = 3) -> Iterator[list[tuple[subprocess.Popen[str], str]]]:
    """`count` `sixdot serve` on the Redis at `url`, with short leases: each
    child and its URL; all killed at the end."""
    servers = [serve(url, "--lease", str(LEASE)) for _ in range(count)]
    try:
        yield servers
    finally:
        for child, _ in servers:
            child.send_signal(signal.SIGKILL)
            child.wait(10)


def seated(ana_url: str, ben_url: str) -> tuple[Scripted, Scripted, int]:
    """Ana registered at one server and Ben at another, at a Nonesuch table
    for three with a bot, played to step 8: the two and the table's number."""
    ana = Scripted(ana_url)
    ana.send("register", name="Ana", password="password1")
    ana.until("session")
    ben = Scripted(ben_url)
    ben.send("register", name="Ben", password="password1")
    ben.until("session")
    table_id = table_of(ana, ben, "nonesuch", 3, "sensible")
    play_both(ana, ben, until=8)
    return ana, ben, table_id


def test_a_table_whose_server_is_killed_plays_on_at_another_within_the_lease(
    redis_server: RedisServer,
) -> None:
    """Three `sixdot serve` on one Redis. Ana is connected to the table's
    owner, Ben to another. The owner is killed (SIGKILL) mid-game: within
    the lease (1 s) and a look or two more, another server plays the table,
    Ben hears it is back without reconnecting, Ana comes back through the
    third, and they play the game out; every frame each seat had, over both
    of Ana's connections, is the journal's, none missing or twice, none
    holding another seat's cards."""
    url = redis_server.url
    with servers_on(url) as servers:
        (owner, owner_url), (_, ben_url), (_, third_url) = servers
        ana, ben, table_id = seated(owner_url, ben_url)
        owner.send_signal(signal.SIGKILL)
        killed = time.monotonic()
        owner.wait(10)
        again = Scripted(third_url)
        again.send("resume", token=token_of(ana), after=last_seq(ana))
        again.until("session")
        back = ben.until("problem")
        taken_over = time.monotonic() - killed
        assert (back["key"], back["args"]) == ("online-table-back", {"table": table_id})
        assert taken_over < 3 * LEASE
        play_both(again, ben)
    steps, match = rebuilt(url, table_id)
    assert match.over
    assert check_frames(ana.frames + again.frames, 0, match, steps) == len(steps)
    assert check_frames(ben.frames, 1, match, steps) == len(steps)
    print(f"taken over {taken_over:.2f} s after the kill")


def test_a_player_whose_gateway_is_killed_is_said_gone_and_comes_back_through_another(
    redis_server: RedisServer,
) -> None:
    """Ben plays through a server that does not own his table, and that
    server is killed: the owner finds its heartbeat gone, and tells Ana his
    seat is not there (its grace period runs, then a bot plays it); Ben
    comes back through a third server and plays the game out, hearing every
    step once."""
    url = redis_server.url
    with servers_on(url) as servers:
        (_, owner_url), (gateway, ben_url), (_, third_url) = servers
        ana, ben, table_id = seated(owner_url, ben_url)
        gateway.send_signal(signal.SIGKILL)
        gateway.wait(10)
        while True:  # the table's frames to Ana until Ben's seat is said not here
            facts = ana.until("table")["table"]
            if not facts["seats"][1]["here"]:
                break
        ana.send("sync", after=last_seq(ana))  # her turn again, if the wait passed it
        again = Scripted(third_url)
        again.send("resume", token=token_of(ben), after=last_seq(ben))
        again.until("table", you=1)
        play_both(ana, again)
    steps, match = rebuilt(url, table_id)
    assert match.over
    assert check_frames(ana.frames, 0, match, steps) == len(steps)
    assert check_frames(ben.frames + again.frames, 1, match, steps) == len(steps)


def test_sixdot_joins_mind_hears_the_table_back_and_plays_on_across_servers(
    redis_server: RedisServer,
) -> None:
    """`sixdot join`'s own client (its Listener, worded by its phrasebook):
    Ben plays through a server that does not own the table; its owner is
    killed, Ana's client connects again as `sixdot join` does (here to a
    third server, as a load balancer would send it), Ben hears the table
    is back in one line, and both hear the game to its end, with no move
    refused by the server and no turn lost."""
    with servers_on(redis_server.url) as servers:
        (owner, owner_url), (_, ben_url), (_, third_url) = servers
        ana, ben = login(owner_url, "Ana", 1), login(ben_url, "Ben", 2)
        ana.type("create nonesuch 3 bots=random hands=1")
        ana.until("you sit in seat 1")
        assert ana.me.facts is not None
        table_id = ana.me.facts.id
        ben.type(f"sit {table_id}")
        ben.until("you sit in seat 2")
        ana.until("Ben sits in seat 2.")
        ana.type("start")
        playing = threading.Thread(target=ben.play_out)
        playing.start()
        moves = 0
        while moves < 2:
            ana.hear()
            if ana.me.legal:
                ana.type(str(ana.rng.randint(1, len(ana.me.legal))))
                moves += 1
        owner.send_signal(signal.SIGKILL)
        owner.wait(10)
        ana.ws = connect(third_url, max_size=None, legacy=True)
        ana.ws.send(json.dumps(ana.me.resume_message()))
        ana.play_out()
        playing.join(60)
        for player in (ana, ben):
            player.ws.close()
    assert f"Table {table_id} is back: play on." in ben.said
    for player in (ana, ben):
        assert player.error == ""
        assert "Game over." in player.said
        assert all(line and line == visible(line) for line in player.said)
        assert not any(line.startswith("Server refused") for line in player.said)


@pytest.mark.parametrize("stop", ["shutdown", "kill"])
def test_a_redis_restarted_under_two_servers_loses_no_move_of_a_table_between_them(
    redis_server: RedisServer, stop: str
) -> None:
    """Redis stopped mid-game (SHUTDOWN, or SIGKILL) and started again under
    two servers, a player connected to each: whether the leases outlived the
    gap or ran out (the tables then dropped and taken back once Redis
    answers), the game plays out, every frame each seat had the journal's,
    none missing or twice."""
    url = redis_server.url
    with (
        Background(url, hasher=QUICK, lease=LEASE) as first,
        Background(url, hasher=QUICK, lease=LEASE) as second,
    ):
        ana, ben = joined(first, "Ana"), joined(second, "Ben")
        table_id = table_of(ana, ben, "nonesuch", 3, "sensible")
        play_both(ana, ben, until=8)
        getattr(redis_server, stop)()
        redis_server.start()
        play_both(ana, ben)
    steps, match = rebuilt(url, table_id)
    assert match.over
    for seat, client in enumerate((ana, ben)):
        assert check_frames(client.frames, seat, match, steps) == len(steps)


@pytest.mark.parametrize("outbox", [False, True])
def test_a_table_lost_by_its_owner_and_taken_by_another_is_heard_back_by_the_owners_players(
    redis_server: RedisServer, monkeypatch: pytest.MonkeyPatch, outbox: bool
) -> None:
    """Ana is connected to the table's owner, Ben to another server. The
    owner loses the lease (as when Redis was away longer than a lease) and
    the other server, ranked first for the table, takes it over: Ana hears
    it is back as Ben does, once, and both play the game out. Whether her
    server had an outbox (a frame came to it from elsewhere before), where
    the new owner's word that the table is back reaches it, or none."""
    raw = redis.Redis(port=redis_server.port, decode_responses=True)
    with (
        Background(redis_server.url, hasher=QUICK, lease=LEASE) as first,
        Background(redis_server.url, hasher=QUICK, lease=LEASE) as second,
    ):
        assert first.server is not None and first.server.router is not None
        assert second.server is not None and second.server.owners is not None
        taker = second.server.owners.leases.holder
        monkeypatch.setattr(owners, "rank", lambda _, name: b"\xff" if name == taker else b"")
        if outbox:  # a frame for a connection gone
            raw.xadd(f"sixdot:outbox:{first.server.router.me}", {"conn": 0, "frame": "{}"})
        ana, ben = joined(first, "Ana"), joined(second, "Ben")
        table_id = table_of(ana, ben, "nonesuch", 3, "sensible")
        play_both(ana, ben, until=8)
        raw.set(f"sixdot:lease:{table_id}", "another", px=round(LEASE * 1000))
        for client in (ana, ben):
            back = client.until("problem")
            assert (back["key"], back["args"]) == ("online-table-back", {"table": table_id})
        assert table_id in second.server.tables
        play_both(ana, ben)
    raw.close()
    steps, match = rebuilt(redis_server.url, table_id)
    assert match.over
    for seat, client in enumerate((ana, ben)):
        assert [f["key"] for f in client.frames if f["type"] == "problem"] == ["online-table-back"]
        assert check_frames(client.frames, seat, match, steps) == len(steps)


def test_a_dead_servers_outbox_is_deleted_by_a_live_one_and_a_live_ones_kept(
    redis_server: RedisServer,
) -> None:
    """The outbox of a process whose heartbeat has run out (killed: nobody
    reads it any more) is deleted by the live servers within a few leases;
    a live server's outbox, and that of a process whose heartbeat is there,
    are kept."""
    raw = redis.Redis(port=redis_server.port, decode_responses=True)
    with (
        Background(redis_server.url, hasher=QUICK, lease=LEASE),
        Background(redis_server.url, hasher=QUICK, lease=LEASE) as second,
    ):
        assert second.server is not None and second.server.router is not None
        dead, paused, live = (
            f"sixdot:outbox:{name}" for name in ("dead", "paused", second.server.router.me)
        )
        raw.set("sixdot:process:paused", "", px=round(20 * LEASE * 1000))
        for outbox in (dead, paused, live):  # frames for connections nobody has
            raw.xadd(outbox, {"conn": 0, "frame": "{}"})
        deadline = time.monotonic() + 5 * LEASE
        while raw.exists(dead) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not raw.exists(dead)
        assert raw.exists(paused) and raw.exists(live)
    raw.close()


def test_a_lobby_on_another_server_lists_a_table_as_its_owners_lobby_does(
    redis_server: RedisServer,
) -> None:
    """A table played on the first server, with Ana there and Ben through
    the second, is listed in the second server's lobby as in the first's:
    who sits where, who is here and who is watching, its status, how far
    it is; and so again once Ben has gone and a watcher has come."""
    with (
        Background(redis_server.url, hasher=QUICK, lease=LEASE) as first,
        Background(redis_server.url, hasher=QUICK, lease=LEASE) as second,
    ):
        ana, ben = joined(first, "Ana"), joined(second, "Ben")
        table_id = table_of(ana, ben, "nonesuch", 3, "sensible")
        play_both(ana, ben, until=4)

        def listed(server: Background) -> dict[str, Any]:
            looker = Scripted(server.url)
            looker.send("lobby")
            tables = looker.until("lobby")["tables"]
            looker.ws.close()
            return next(t for t in tables if t["id"] == table_id)

        def alike() -> None:
            deadline = time.monotonic() + 5 * LEASE
            while (there := listed(second)) != (here := listed(first)):
                assert time.monotonic() < deadline, {
                    k: (v, there[k]) for k, v in here.items() if there[k] != v
                }
                time.sleep(0.1)
            assert here["status"] == "playing"

        alike()
        assert [s["here"] for s in listed(second)["seats"]] == [True, True, False]
        ben.ws.close()
        cat = joined(second, "Cat")
        cat.send("watch", table=table_id)
        cat.until("table")
        alike()
        assert [s["here"] for s in listed(second)["seats"]] == [True, False, False]
        assert listed(second)["watchers"] == 1


def play_out_typed(child: Child, within: float = 120) -> None:
    """Type 1 (the first move offered) whenever `sixdot join` has said
    nothing for a moment, until it says the game is over: too soon, the
    program itself says it is not your turn yet."""
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        try:
            line = child.lines.get(timeout=0.3)
        except queue.Empty:
            child.type("1")
            continue
        child.heard.append(line)
        if line == "Game over.":
            return
    raise AssertionError(f"no game over; the last heard: {child.heard[-8:]}")


def test_three_people_at_three_servers_play_a_whole_game_through_sixdot_join(
    redis_server: RedisServer, monkeypatch: pytest.MonkeyPatch, tmp_path_factory: Any
) -> None:
    """Three `sixdot serve` on one Redis, and three `sixdot join` programs
    (child processes, each with its own settings, as on three computers),
    each connected to a different server: Ana makes a table, Ben and Cleo
    sit at it through theirs, and all three play the game to its end, as
    at one server, no move refused; the journal holds the whole game."""
    with servers_on(redis_server.url) as servers:
        players = []
        for name, (_, url) in zip(("Ana", "Ben", "Cleo"), servers, strict=True):
            folder = tmp_path_factory.mktemp(f"join-{name}")
            monkeypatch.setenv("SIXDOT_CONFIG", str(folder / "config.toml"))
            monkeypatch.setenv("SIXDOT_SAVES", str(folder / "saved"))
            child = Child(url)
            register(child, "password1", "password1", name)
            child.until(f"Logged in as {name}")
            players.append(child)
        ana, ben, cleo = players
        ana.type("create nonesuch 3 hands=1")
        table_id = int(ana.until("you sit in seat 1").split()[1].rstrip(":"))
        ben.type(f"sit {table_id}")
        ben.until("you sit in seat 2")
        cleo.type(f"sit {table_id}")
        cleo.until("you sit in seat 3")
        ana.until("Cleo sits in seat 3.")
        ana.type("start")
        playing = [threading.Thread(target=play_out_typed, args=(c,)) for c in players]
        for thread in playing:
            thread.start()
        for thread in playing:
            thread.join(150)
        for child in players:
            assert child.end() == 0
    _, match = rebuilt(redis_server.url, table_id)
    assert match.over
    for child in players:
        assert "Game over." in child.heard
        assert all(line == visible(line) for line in child.heard)
        assert not any(line.startswith("Server refused") for line in child.heard)
