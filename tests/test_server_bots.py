"""Bots cannot take every worker (issue 34).

Tables of slow bots (strong, six seats, the most samples a server allows),
whose hosts started them and left, beside a person at another table: the
person's moves, a registration and the lobby are still answered, and
`sixdot serve` stops at SIGTERM within 5 seconds however busy its bots are.
The server is a real `sixdot serve` process on loopback, so its bots' threads
do not share an interpreter lock with the clients here; real websockets
clients; every wait bounded.
"""

from __future__ import annotations

import asyncio
import random
import signal
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from sixdot.server.app import Handback
from sixdot.server.background import Background
from sixdot.server.play import BOT_OPTIONS_MOST
from sixdot.server.rota import Played, Rota
from test_server import QUICK, Scripted, bots_settled, joined
from test_server_play import serve

#: A generous bound on any one answer: on the code before issue 34 a person's
#: move waited for minutes behind the bots.
ANSWERED = 20.0
#: The most samples allowed, and no passing: strong bots search from the first card.
SLOW = {"samples": BOT_OPTIONS_MOST["samples"], "pass": 0}


def registered(url: str, name: str) -> Scripted:
    client = Scripted(url)
    client.send("register", name=name, password="password1")
    client.until("session", timeout=ANSWERED)
    return client


def slow_bots_left_alone(url: str, hosts: int) -> None:
    """`hosts` accounts each start a table of six strong bots at the most
    samples allowed (taking the host's seat when they leave), and leave it."""
    for n in range(hosts):
        host = registered(url, f"Hog{n}")
        host.send("create", game="consonants", players=6, level="strong", options=SLOW)
        host.until("table", timeout=ANSWERED)
        host.send("start")
        host.until("step", timeout=ANSWERED)
        host.send("leave")
        host.until("left", timeout=ANSWERED)
        host.close()


def lobby(client: Scripted) -> list[dict[str, object]]:
    client.send("lobby")
    return client.until("lobby", timeout=ANSWERED)["tables"]


def play_moves(client: Scripted, count: int, seed: int) -> None:
    """`count` turns answered with a random legal move, each move's step
    and the next turn (after the bot's move) coming within `ANSWERED`."""
    rng = random.Random(seed)
    for _ in range(count):
        turn = client.until("turn", timeout=ANSWERED)
        client.send("move", move=rng.choice(turn["legal"]), turn=turn["turn"])
        client.until("step", timeout=ANSWERED, seq=turn["seq"] + 1)


def test_a_table_may_ask_its_bots_no_more_than_the_server_allows(tmp_path: Path) -> None:
    from sixdot.server.background import Background

    with Background(tmp_path / "server", hasher=QUICK) as server:
        ana = joined(server, "Ana")
        for option, asked in (("samples", 10_000), ("think", 60_000)):
            ana.send("create", game="consonants", players=6, options={option: asked})
            problem = ana.problem()
            assert problem["key"] == "online-option-most"
            assert problem["args"] == {
                "option": option,
                "asked": asked,
                "most": BOT_OPTIONS_MOST[option],
            }
        assert lobby(ana) == []  # nothing made of a refusal
        ana.send("create", game="consonants", players=6, options=SLOW)
        assert ana.until("table")["table"]["options"] == SLOW


def test_people_are_answered_beside_tables_of_slow_bots(tmp_path: Path) -> None:
    child, url = serve(tmp_path / "server")
    try:
        slow_bots_left_alone(url, 6)
        ana = registered(url, "Ana")
        ana.send("create", game="letters", players=2, level="random")
        ana.until("table", timeout=ANSWERED)
        before = {t["id"]: t["last"] for t in lobby(ana)}
        ana.send("start")
        play_moves(ana, 6, seed=1)
        late = registered(url, "Late")  # a registration is answered
        # The slow bots play on, every table, starved no more than Ana was.
        deadline = time.monotonic() + 3 * ANSWERED
        while True:
            after = {t["id"]: t["last"] for t in lobby(late) if t["game"] == "consonants"}
            if all(after[table] > before[table] for table in after):
                break
            assert time.monotonic() < deadline, f"slow tables stalled: {before} {after}"
            time.sleep(0.2)
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait(10)
    assert len(after) == 6


def test_sixdot_serve_stops_within_five_seconds_while_bots_think(tmp_path: Path) -> None:
    folder = tmp_path / "server"
    child, url = serve(folder)
    try:
        slow_bots_left_alone(url, 4)
        watcher = Scripted(url)
        deadline = time.monotonic() + 3 * ANSWERED
        while min(t["last"] for t in lobby(watcher)) < 2:  # every table's bots at work
            assert time.monotonic() < deadline, "the bots did not move"
            time.sleep(0.2)
        stopping = time.monotonic()
        child.send_signal(signal.SIGTERM)
        code = child.wait(10)
        took = time.monotonic() - stopping
    finally:
        if child.poll() is None:
            child.kill()
            child.wait(10)
    assert code == 0
    assert took < 5.0, f"the server took {took:.1f} s to stop"
    # What it journaled replays: every table comes back, playing.
    child, url = serve(folder)
    try:
        tables = lobby(Scripted(url))
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait(10)
    assert [t["status"] for t in tables] == ["playing"] * 4


# --- the rota, in the order it gives -------------------------------------------


#: The seconds after which a trip in these tests starts no more moves.
TRIP = 0.005


def rota_order(wants: list[tuple[int, str]], costs: dict[str, float], moves: int) -> list[int]:
    """The tables a one-thread rota moves, in order, for `moves` moves, each
    table wanting a move again after each (its account's moves costing
    `costs` seconds of bot time), a trip starting no move after `TRIP`
    seconds, as the server's bot thread does."""

    async def run() -> list[int]:
        order: list[int] = []
        done = asyncio.Event()
        accounts = dict(wants)

        async def move(tables: list[int], played: Callable[[int, Played], None]) -> None:
            spent = 0.0
            for index, table in enumerate(tables):
                if index and spent > TRIP:
                    break
                order.append(table)
                spent += costs[accounts[table]]
                played(table, Played(len(order) < moves, costs[accounts[table]]))
            if len(order) >= moves:
                done.set()
            await asyncio.sleep(0)

        rota = Rota(1, move, batch=8)
        for table, account in wants:
            rota.want(table, account)
            rota.want(table, account)  # asked twice: wanted once
        rota.start()
        await asyncio.wait_for(done.wait(), 10)
        await rota.halt(1.0)
        return order[:moves]

    return asyncio.run(run())


def test_an_account_with_many_slow_tables_gets_no_more_than_one_with_one() -> None:
    wants = [(1, "hog"), (2, "hog"), (3, "hog"), (4, "hog"), (10, "ben")]
    order = rota_order(wants, {"hog": 1.0, "ben": 1.0}, 40)
    hog = sum(1 for table in order if table < 10)
    assert abs(hog - (len(order) - hog)) <= 1  # turn about, by account
    assert set(order) == {1, 2, 3, 4, 10}  # and each of the hog's tables in turn


def test_a_table_of_quick_bots_waits_for_one_slow_move_at_most() -> None:
    wants = [(1, "hog"), (2, "hog2"), (10, "ana")]
    order = rota_order(wants, {"hog": 1.0, "hog2": 1.0, "ana": 0.001}, 30)
    first = order.index(10)
    assert first <= 2  # the first waiting, whatever came before
    # Once moving, Ana's table moves first in every trip: one slow move at
    # most comes between two of its moves.
    after = order[first:]
    assert all(10 in after[i : i + 2] for i in range(len(after) - 1)), order


def test_quick_moves_go_several_a_trip_and_those_not_reached_keep_their_places() -> None:
    """A trip is given the next moves, one a host, least bot time first; the
    tables it does not reach are first in the next trip, ahead of those that
    asked after them."""

    async def run() -> list[list[int]]:
        trips: list[list[int]] = []
        done = asyncio.Event()

        async def move(tables: list[int], played: Callable[[int, Played], None]) -> None:
            trips.append(tables)
            if len(trips) == 3:
                done.set()
            await asyncio.sleep(0)
            for table in tables[:2]:  # two made a trip
                played(table, Played(False, 1.0))

        rota = Rota(1, move, batch=3)
        for table, account in [(1, "a"), (2, "a"), (3, "b"), (4, "c"), (5, "d")]:
            rota.want(table, account)
        rota.start()
        await asyncio.wait_for(done.wait(), 10)
        await rota.halt(1.0)
        return trips

    assert asyncio.run(run()) == [[1, 3, 4], [4, 5, 2], [2]]


def test_a_table_may_want_its_next_bot_move_while_its_trip_goes_on() -> None:
    """A move made early in a trip is the rota's at once: a person answering
    it before the trip ends (a slow move after it) has their table's next
    bot move wanted, not dropped as one already under way."""

    async def run() -> list[list[int]]:
        trips: list[list[int]] = []
        done = asyncio.Event()

        async def move(tables: list[int], played: Callable[[int, Played], None]) -> None:
            trips.append(tables)
            if len(trips) > 1:
                for table in tables:
                    played(table, Played(False, 0.001))
                done.set()
                return
            played(1, Played(False, 0.001))  # Ana's bot moved: her turn
            rota.want(1, "ana")  # she answered, and her bot is due again
            await asyncio.sleep(0)  # the slow move goes on
            played(2, Played(False, 1.0))

        rota = Rota(1, move, batch=8)
        rota.want(1, "ana")
        rota.want(2, "hog")
        rota.start()
        await asyncio.wait_for(done.wait(), 10)
        await rota.halt(1.0)
        return trips

    assert asyncio.run(run()) == [[1, 2], [1]]


def test_moves_made_while_the_loop_is_busy_come_back_with_one_wake_up() -> None:
    """Each wake-up of the loop from a bot thread costs the thread a wait for
    the interpreter's lock: the moves of a trip made while the loop is busy
    are handed back together, none missed."""

    async def run() -> tuple[list[int], int]:
        loop = asyncio.get_running_loop()
        taken: list[int] = []
        wake_ups = 0
        wake = loop.call_soon_threadsafe

        def counted(*args: Any) -> Any:
            nonlocal wake_ups
            wake_ups += 1
            return wake(*args)

        loop.call_soon_threadsafe = counted  # type: ignore[method-assign]
        handback = Handback(loop, taken.append)
        thread = threading.Thread(target=lambda: [handback.put(n) for n in range(5)])
        thread.start()
        thread.join()  # the loop is busy meanwhile: here
        for _ in range(3):
            await asyncio.sleep(0)
        once = (list(taken), wake_ups)
        thread = threading.Thread(target=handback.put, args=(5,))
        thread.start()
        thread.join()
        for _ in range(3):
            await asyncio.sleep(0)
        assert once == ([0, 1, 2, 3, 4], 1)
        return taken, wake_ups

    assert asyncio.run(run()) == ([0, 1, 2, 3, 4, 5], 2)


def test_a_stopping_server_drops_the_password_hashes_not_begun(tmp_path: Path) -> None:
    """Logins queued behind the hashing threads as the server stops are not
    worked through first (each a full argon2 hash): it stops within 5 s."""
    from argon2 import PasswordHasher

    from sixdot.server.background import Background

    server = Background(tmp_path / "server", hasher=PasswordHasher(time_cost=6))
    with server:
        guessers = [Scripted(server.url) for _ in range(16)]
        for number, guesser in enumerate(guessers):
            guesser.send("login", name=f"guess{number}", password="wrong-guess")
        guessers[0].until("problem", timeout=ANSWERED)  # the hashing is under way
        stopping = time.monotonic()
    took = time.monotonic() - stopping
    assert took < 5.0, f"the server took {took:.1f} s to stop"


def test_bots_moving_beside_a_person_do_not_ask_the_person_again(tmp_path: Path) -> None:
    """Consonants' pass: the person chooses while the bots pass, one move at a
    time on the rota. Each bot move is a step the person is sent, but their
    question is the same, so it is asked once: a turn frame after every bot
    move made the page and the terminal say the pass prompt again and again."""
    with Background(tmp_path / "server", hasher=QUICK) as server:
        ana = joined(server, "Ana")
        ana.send("create", game="consonants", players=3, level="random", options={"target": 1})
        ana.until("table")
        ana.send("start")
        ana.until("turn")
        bots_settled(server)
        ana.send("ping", seq=1)  # everything sent before the pong has come
        ana.until("pong")
    steps = [f for f in ana.frames if f["type"] == "step"]
    turns = [f for f in ana.frames if f["type"] == "turn"]
    assert len(steps) > 2 and len(turns) == 1, [f["type"] for f in ana.frames]
