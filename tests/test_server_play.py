"""Whole games on the server: two people (scripted clients) and bots (issue 21).

Every frame a seat receives is checked against the game rebuilt from the
server's journal: the events are exactly those that seat may see, and each
view is that seat's own. Reconnecting, a dropped seat played by a bot, and a
server killed with SIGKILL and started again are played here too.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import re
import shutil
import signal
import socket
import sqlite3
import ssl
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import connect

from redistools import RedisServer
from sixdot.core import Event
from sixdot.games import NAMES, get_game
from sixdot.server.background import Background
from sixdot.server.storage import EntryKind, SqliteStore, Status, StoreError, open_store
from sixdot.table import GameSetup, Match, Step
from sixdot.wire.codec import Codec
from test_server import QUICK, Scripted, _close_clients, joined  # noqa: F401 - a fixture

#: Options that make each game short enough for a test.
SHORT: dict[str, dict[str, object]] = {
    "alphabeticell": {"target": 5},
    "consonants": {"target": 1},
    "letters": {"turns": 3},
    "nonesuch": {"hands": 1},
    "alphagon": {"target": 5},
}


def table_of(host: Scripted, guest: Scripted, game: str, players: int, level: str) -> int:
    """Host and guest seated at a new table of `game`, the rest bots, started."""
    host.send("create", game=game, players=players, options=SHORT[game], level=level)
    table_id = host.until("table")["table"]["id"]
    guest.send("sit", table=table_id)
    guest.until("table", you=1)
    host.send("start")
    return table_id


def play_out(
    client: Scripted, seed: int, stop_after: int | None = None, quiet: float = 60
) -> list[dict[str, Any]]:
    """Answer every turn with a random legal move until the game is over, or
    `stop_after` moves, or nothing comes for `quiet` seconds past `stop_after`
    (the turn waits on another who stopped); the frames read."""
    rng = random.Random(seed)
    moves = 0
    while True:
        try:
            frame = PENDING.pop(client, None) or client.next(timeout=quiet)
        except TimeoutError:
            if stop_after is None:
                raise
            return client.frames
        if frame["type"] == "step" and frame["over"]:
            return client.frames
        if frame["type"] == "turn":
            if stop_after is not None and moves == stop_after:
                PENDING[client] = frame  # answered by the next play_out
                return client.frames
            client.send("move", move=rng.choice(frame["legal"]))
            moves += 1


#: A turn a client stopped at, still to answer.
PENDING: dict[Scripted, dict[str, Any]] = {}


def both(a: Scripted, b: Scripted, **kwargs: Any) -> None:
    """Both clients play out at once, each in its own thread."""
    at_once(lambda client, seed: play_out(client, seed, **kwargs), a, b)


def at_once(play: Callable[[Scripted, int], object], a: Scripted, b: Scripted) -> None:
    """`play(client, seed)` for both clients at once, each in a thread of its
    own (seeds 0 and 1); the first failure raised."""
    failures: list[BaseException] = []

    def run(client: Scripted, seed: int) -> None:
        try:
            play(client, seed)
        except BaseException as err:
            failures.append(err)

    threads = [threading.Thread(target=run, args=(c, n)) for n, c in enumerate((a, b))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if failures:
        raise failures[0]


def rebuilt(folder: Path | str, table_id: int) -> tuple[list[Step], Match]:
    """The table's game replayed from the store's journal, every step whole
    (`folder`: the SQLite store's, or a Redis's URL)."""
    store = open_store(folder)
    record = store.table(table_id)
    assert record is not None
    moves = [(e.seat, e.text) for e in store.journal(table_id) if e.kind is EntryKind.MOVE]
    store.close()
    game = get_game(record.game)
    match = Match(GameSetup(game, record.players, dict(record.options), record.seed))
    steps = match.start([(seat, text) for seat, text in moves if seat is not None])
    return steps, match


def check_frames(frames: list[dict[str, Any]], seat: int, match: Match, steps: list[Step]) -> int:
    """Every step frame holds exactly what `seat` may see of that step; the count."""
    codec = Codec(match.setup.game, match.setup.options)
    seen = [f for f in frames if f["type"] == "step"]
    assert [f["seq"] for f in seen] == list(range(len(seen)))
    for frame in seen:
        events: list[Event] = [codec.read_event(e) for e in frame["events"]]
        assert all(event.visible_to(seat) for event in events)
        whole = steps[frame["seq"]]
        assert events == list(whole.for_seats({seat}, match.players).events)
    states = [match.setup.game.rules.new_game(match.players, match.setup.options, match.setup.seed)]
    for seat_moved, notation in match.moves:
        action = match.rules.parse_action(notation)
        states.append(states[-1].apply(seat_moved, action)[0])
    for frame in (f for f in frames if f["type"] == "turn"):
        state = states[frame["seq"]]
        assert frame["seat"] == seat and seat in state.to_act()
        assert codec.read_view(frame["view"]) == state.view(seat)
        assert frame["legal"] == [a.notation for a in state.legal_actions(seat)]
    return len(seen)


@pytest.mark.parametrize("game", NAMES)
def test_two_people_and_bots_play_a_whole_game(tmp_path: Path, game: str) -> None:
    folder = tmp_path / "server"
    rules = get_game(game).rules
    players = max(3, rules.min_players)
    with Background(folder, hasher=QUICK) as server:
        ana, ben = joined(server, "Ana"), joined(server, "Ben")
        table_id = table_of(ana, ben, game, players, "random")
        both(ana, ben)
    steps, match = rebuilt(folder, table_id)
    assert match.over
    for seat, client in enumerate((ana, ben)):
        assert check_frames(client.frames, seat, match, steps) == len(steps)


def token_of(client: Scripted) -> str:
    return next(f["token"] for f in client.frames if f["type"] == "session")


def last_seq(client: Scripted) -> int:
    return max(f["seq"] for f in client.frames if f["type"] == "step")


def test_a_client_that_comes_back_gets_the_steps_it_missed(tmp_path: Path) -> None:
    folder = tmp_path / "server"
    with Background(folder, hasher=QUICK) as server:
        ana, ben = joined(server, "Ana"), joined(server, "Ben")
        table_id = table_of(ana, ben, "alphabeticell", 3, "random")
        playing = threading.Thread(target=play_out, args=(ana, 0))
        playing.start()
        play_out(ben, seed=1, stop_after=2)  # Ben reads his third turn, and his line drops
        before = [f for f in ben.frames if f["type"] == "step"]
        ben.close()
        back = Scripted(server.url)
        back.send("resume", token=token_of(ben), after=last_seq(ben))
        assert back.until("session")["name"] == "Ben"
        assert back.until("table")["you"] == 1
        play_out(back, seed=1)
        playing.join()
    steps, match = rebuilt(folder, table_id)
    missed = [f for f in back.frames if f["type"] == "step"]
    assert missed[0]["seq"] == before[-1]["seq"] + 1  # nothing sent twice, nothing lost
    # Back at the game, Ben is sent what he holds after the steps he missed,
    # before any turn, so his client can say his hand at once.
    kinds = [f["type"] for f in back.frames if f["type"] in ("step", "view", "turn")]
    views = [f for f in back.frames if f["type"] == "view"]
    assert [view["seat"] for view in views] == [1]
    assert kinds.index("view") < kinds.index("turn")
    assert all(f["seq"] <= views[0]["seq"] for f in missed[: kinds.index("view")])
    assert check_frames(ben.frames + back.frames, 1, match, steps) == len(steps)


def test_a_dropped_seat_is_played_by_a_bot_and_given_back(tmp_path: Path) -> None:
    folder = tmp_path / "server"
    with Background(folder, grace=0.3, hasher=QUICK) as server:
        ana, ben = joined(server, "Ana"), joined(server, "Ben")
        table_id = table_of(ana, ben, "alphabeticell", 3, "random")
        playing = threading.Thread(target=play_out, args=(ana, 0, 8))
        playing.start()
        play_out(ben, seed=1, stop_after=1)
        ben.close()
        playing.join()  # Ana's turns go on: after the grace period a bot plays Ben's
        back = Scripted(server.url)
        back.send("resume", token=token_of(ben), after=last_seq(ben))
        given_back = back.until("table")["table"]
        assert given_back["seats"][1]["bot_playing"] is False
        assert given_back["seats"][1]["here"] is True
        both(ana, back)
        tables = [f["table"] for f in ana.frames if f["type"] == "table"]
        stood_in = [t for t in tables if t["seats"][1]["bot_playing"]]
        assert stood_in[0]["seats"][1] == {
            "kind": "person",
            "who": "Ben",
            "here": False,
            "bot_playing": True,
            "left": False,  # dropped off, not left by choice
        }
    steps, match = rebuilt(folder, table_id)
    assert match.over
    assert check_frames(ben.frames + back.frames, 1, match, steps) == len(steps)


def serve(folder: Path | str, *more: str) -> tuple[subprocess.Popen[str], str]:
    """`sixdot serve` in a child process on a free port, and its URL; its
    store in `folder`, or in the Redis `folder` is the URL of."""
    kept = ["--data", str(folder)] if isinstance(folder, Path) else ["--store", folder]
    child = subprocess.Popen(
        [sys.executable, "-m", "sixdot", "serve", "--port", "0", *kept, *more],
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    assert child.stdout is not None
    line = child.stdout.readline()
    found = re.search(r"wss?://[0-9.]+:[0-9]+", line)
    assert found, line
    return child, found[0]


def test_a_server_killed_and_started_again_brings_its_tables_back(where: Path | str) -> None:
    """On each store: SQLite's, and a Redis that outlives the server, where
    the table comes back once the killed server's lease (1 s here) runs out,
    to the players who resumed their sessions meanwhile."""
    lease = [] if isinstance(where, Path) else ["--lease", "1"]
    child, url = serve(where, *lease)
    try:
        ana, ben = Scripted(url), Scripted(url)
        for client, name in ((ana, "Ana"), (ben, "Ben")):
            client.send("register", name=name, password="password1")
            client.until("session")
        table_id = table_of(ana, ben, "nonesuch", 3, "sensible")
        ana.send("chat", text="before the crash")
        both(ana, ben, stop_after=4, quiet=2.0)
        child.send_signal(signal.SIGKILL)
        child.wait(10)
        kept = len(rebuilt(where, table_id)[1].moves)
        assert kept >= 8
        child, url = serve(where, *lease)
        returned = []
        for client in (ana, ben):
            again = Scripted(url)
            again.send("resume", token=token_of(client), after=last_seq(client))
            assert again.until("table")["table"]["status"] == "playing"
            returned.append(again)
        both(*returned)
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait(10)
    steps, match = rebuilt(where, table_id)
    assert match.over
    for seat, (before, after) in enumerate(zip((ana, ben), returned, strict=True)):
        assert check_frames(before.frames + after.frames, seat, match, steps) == len(steps)
    store = open_store(where)
    chat = [e.text for e in store.journal(table_id) if e.kind is EntryKind.CHAT]
    store.close()
    assert chat == ["before the crash"]


def kept_in(where: Path | str, table_id: int) -> tuple[object, ...]:
    """What a store holds of the accounts, the table and its journal."""
    store = open_store(where)
    try:
        accounts = [store.account(name.lower()) for name in sorted(store.account_names())]
        return accounts, store.table(table_id), store.journal(table_id)
    finally:
        store.close()


@pytest.mark.parametrize("stop", ["shutdown", "kill"])
def test_a_redis_restarted_under_a_server_loses_no_account_table_or_move(
    redis_server: RedisServer, stop: str
) -> None:
    """Redis stopped mid-game (SHUTDOWN, or SIGKILL: what it acknowledged is
    in its append-only file already) and started again on that file alone
    (no snapshots): it holds what it held, and the server, which never
    stopped, plays the game to its end."""
    with Background(redis_server.url, hasher=QUICK) as server:
        ana, ben = joined(server, "Ana"), joined(server, "Ben")
        table_id = table_of(ana, ben, "nonesuch", 3, "sensible")
        ana.send("chat", text="before the restart")
        both(ana, ben, stop_after=4, quiet=2.0)
        before = kept_in(redis_server.url, table_id)
        assert len(before[2]) >= 9  # the chat line and 8 moves at least
        getattr(redis_server, stop)()
        redis_server.start()
        assert kept_in(redis_server.url, table_id) == before
        both(ana, ben)
        cleo = Scripted(server.url)  # a password checked against the hash kept
        cleo.send("login", name="Ana", password="password1")
        assert cleo.until("session")["name"] == "Ana"
    steps, match = rebuilt(redis_server.url, table_id)
    assert match.over
    for seat, client in enumerate((ana, ben)):
        assert check_frames(client.frames, seat, match, steps) == len(steps)


def test_a_spectator_hears_public_events_only(tmp_path: Path) -> None:
    folder = tmp_path / "server"
    with Background(folder, hasher=QUICK) as server:
        ana, ben, cleo = (joined(server, name) for name in ("Ana", "Ben", "Cleo"))
        table_id = table_of(ana, ben, "consonants", 4, "random")
        cleo.send("watch", table=table_id)
        assert cleo.until("table")["you"] is None
        cleo.until("step")  # the deal: the game is under way
        cleo.send("look")  # a watcher's view: the public facts alone
        both(ana, ben)
        cleo.until("step", over=True)
    steps, match = rebuilt(folder, table_id)
    codec = Codec(match.setup.game, match.setup.options)
    (view,) = [f for f in cleo.frames if f["type"] == "view"]
    state = match.setup.game.rules.new_game(4, match.setup.options, match.setup.seed)
    for seat_moved, notation in match.moves[: view["seq"]]:
        state = state.apply(seat_moved, match.rules.parse_action(notation))[0]
    assert view["seat"] is None and codec.read_view(view["view"]) == state.view(None)
    assert not codec.read_view(view["view"]).hand  # no one's cards
    heard = [f for f in cleo.frames if f["type"] == "step"]
    assert [f["seq"] for f in heard] == list(range(len(steps)))
    private = 0
    for frame, whole in zip(heard, steps, strict=True):
        events = [codec.read_event(e) for e in frame["events"]]
        assert events == [e for e in whole.events if all(e.visible_to(s) for s in range(4))]
        assert frame["notation"] is None  # a pass of cards is a secret of its mover
        private += len(whole.events) - len(events)
    assert private > 0  # the deals and passes were there, and kept from the spectator
    assert not any(f["type"] == "turn" for f in cleo.frames)


def first_turn(*clients: Scripted) -> tuple[Scripted, Scripted, dict[str, Any]]:
    """The client asked to move first, another, and its turn frame."""
    while True:
        for client in clients:
            try:
                frame = client.next(timeout=0.2)
            except TimeoutError:
                continue
            if frame["type"] == "turn":
                return client, next(c for c in clients if c is not client), frame


def test_moves_out_of_turn_from_a_spectator_or_for_another_seat_are_refused(
    tmp_path: Path,
) -> None:
    with Background(tmp_path / "server", hasher=QUICK) as server:
        ana, ben, cleo = (joined(server, name) for name in ("Ana", "Ben", "Cleo"))
        table_id = table_of(ana, ben, "alphabeticell", 3, "random")
        mover, waiter, turn = first_turn(ana, ben)
        waiter.send("move", move=turn["legal"][0])
        refused = waiter.until("refused")
        assert refused["refusal"]["key"] == "refuse-not-your-turn"
        waiter.send("move", move=turn["legal"][0], seat=turn["seat"])
        assert waiter.problem()["args"]["what"] == "Object contains unknown field `seat`"
        cleo.send("watch", table=table_id)
        cleo.until("table")
        cleo.send("move", move=turn["legal"][0])
        assert cleo.problem()["key"] == "online-not-seated"
        mover.send("move", move="keep \x1b[2J")
        assert mover.problem()["args"] == {"move": "keep <ESC>[2J"}
        mover.send("move", move=turn["legal"][0])  # and the table goes on
        assert mover.until("step")["seq"] == turn["seq"] + 1


def test_look_sends_the_steps_not_yet_had_then_the_view_after_them(tmp_path: Path) -> None:
    with Background(tmp_path / "server", hasher=QUICK) as server:
        ana, ben, cleo = (joined(server, name) for name in ("Ana", "Ben", "Cleo"))
        cleo.send("look")
        assert cleo.problem()["key"] == "online-not-at-table"
        table_id = table_of(ana, ben, "alphabeticell", 3, "random")
        mover, _, turn = first_turn(ana, ben)
        mover.send("move", move=turn["legal"][0])
        mover.send("look")
        frames = [mover.next()]
        while frames[-1]["type"] != "view":
            frames.append(mover.next())
        steps = [f["seq"] for f in frames if f["type"] == "step"]
        assert steps and steps[0] == turn["seq"] + 1
        assert frames[-1]["seq"] == steps[-1] and frames[-1]["seat"] == turn["seat"]
        assert frames[-1]["view"] != turn["view"]  # the move made is in it
        cleo.send("watch", table=table_id)
        cleo.until("table")
        cleo.send("look")  # a watcher is sent what everyone at the table sees
        frame = cleo.until("view")
        # The bot may have moved since: the view is after the last step she had.
        heard = [f["seq"] for f in cleo.frames if f["type"] == "step"]
        assert frame["seat"] is None and frame["seq"] == heard[-1] >= steps[-1]


@pytest.mark.skipif(shutil.which("openssl") is None, reason="openssl makes the test certificate")
def test_sixdot_serve_speaks_tls_when_given_a_certificate(tmp_path: Path) -> None:
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subject = ["-subj", "/CN=localhost", "-addext", "subjectAltName=IP:127.0.0.1"]
    files = ["-days", "1", "-keyout", str(key), "-out", str(cert)]
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", *subject, *files],
        check=True,
        capture_output=True,
    )
    child, url = serve(tmp_path / "server", "--certfile", str(cert), "--keyfile", str(key))
    try:
        assert url.startswith("wss://127.0.0.1:")
        trust = ssl.create_default_context(cafile=str(cert))
        with connect(url, ssl=trust) as ws:
            ws.send('{"type": "hello"}')
            assert json.loads(ws.recv(10))["type"] == "welcome"
        with pytest.raises(ssl.SSLError):  # a client that does not trust it gets nothing
            connect(url, ssl=ssl.create_default_context(), legacy=True)
    finally:
        child.send_signal(signal.SIGTERM)
        assert child.wait(10) == 0


def test_sixdot_serve_says_in_one_line_why_it_cannot_start(tmp_path: Path) -> None:
    """On stderr, with its time and level, nothing on stdout (before, on stdout)."""

    def said(*args: str) -> tuple[int, str]:
        command = [sys.executable, "-m", "sixdot", "serve", "--data", str(tmp_path), *args]
        done = subprocess.run(command, capture_output=True, text=True, timeout=60, check=False)
        assert done.stdout == ""
        (line,) = done.stderr.splitlines()
        time, level, said = line.split(" ", 3)[1:]
        assert re.fullmatch(r"\d\d:\d\d:\d\d,\d{3}", time) and level == "ERROR", line
        return done.returncode, said.removeprefix("sixdot.serve: ")

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        code, out = said("--port", str(port))
    assert code == 2
    assert out.startswith(f"Cannot listen on 127.0.0.1:{port}: ")
    assert said("--certfile", "cert.pem") == (2, "TLS needs both --certfile and --keyfile.")
    assert said("--certfile", "none.pem", "--keyfile", "none.pem") == (
        2,
        "Cannot use certificate none.pem: [Errno 2] No such file or directory.",
    )


def test_a_table_kept_under_other_rules_is_ended_and_the_others_come_back(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """A journal replayed under changed rules would be another game: a table
    records its rules' revision, and after a restart one played under another
    revision is ended and logged, while the other tables come back as usual."""
    folder = tmp_path / "server"
    with Background(folder, grace=0.5, hasher=QUICK) as running:
        ana, ben = joined(running, "Ana"), joined(running, "Ben")
        cid, dee = joined(running, "Cid"), joined(running, "Dee")
        changed = table_of(ana, ben, "nonesuch", 3, "sensible")
        kept = table_of(cid, dee, "nonesuch", 3, "sensible")
        for a, b in ((ana, ben), (cid, dee)):
            both(a, b, stop_after=2, quiet=2.0)
    store = SqliteStore(folder)
    assert {store.table(t).rules for t in (changed, kept)} == {1}  # type: ignore[union-attr]
    store.close()
    with sqlite3.connect(folder / SqliteStore.FILE) as db:
        db.execute("UPDATE tables SET rules = 0 WHERE id = ?", (changed,))
    with caplog.at_level("WARNING", "sixdot.server"), Background(folder, hasher=QUICK) as again:
        back = Scripted(again.url)
        back.send("resume", token=token_of(cid), after=last_seq(cid))
        assert back.until("table")["table"]["status"] == "playing"
    said = [r.getMessage() for r in caplog.records]
    assert said == [
        f"table {changed} (nonesuch) not restored: played under Nonesuch rules revision 0,"
        " this server plays revision 1"
    ]
    store = SqliteStore(folder)
    assert store.table(changed).status is Status.OVER  # type: ignore[union-attr]
    store.close()


def test_a_store_from_before_added_columns_reads_its_tables_with_their_defaults(
    tmp_path: Path,
) -> None:
    with sqlite3.connect(tmp_path / SqliteStore.FILE) as db:
        db.execute(
            "CREATE TABLE tables (id INTEGER PRIMARY KEY AUTOINCREMENT, game TEXT NOT NULL,"
            " players INTEGER NOT NULL, options TEXT NOT NULL, seed INTEGER NOT NULL,"
            " level TEXT NOT NULL, host TEXT NOT NULL, lock TEXT, status TEXT NOT NULL,"
            " seats TEXT NOT NULL)"
        )
        db.execute(
            "INSERT INTO tables (game, players, options, seed, level, host, status, seats)"
            " VALUES ('letters', 2, '{}', 7, 'sensible', 'ana', 'playing', '[]')"
        )
    store = SqliteStore(tmp_path)
    [record] = store.tables([Status.PLAYING])
    store.close()
    assert (record.game, record.seed, record.rules, record.timer) == ("letters", 7, 1, 0)


def test_a_timed_table_warns_then_lets_its_bot_move_for_a_player_who_waits(
    tmp_path: Path,
) -> None:
    """Tables have no timer unless asked. With `timer`, a person asked to move
    is warned before the time is up, then the table's bot makes that one move
    for them and they are told which; a move made in time stops the clock, so
    the next move has the whole time again."""
    with Background(tmp_path / "server", hasher=QUICK) as server:
        ana = joined(server, "Ana")
        ana.send("create", game="alphabeticell", players=2, level="random", timer=5)
        facts = ana.until("table")["table"]
        assert (facts["timer"], facts["warning"]) == (5, 1)
        ana.send("bot")
        ana.until("table", you=0)
        ana.send("start")
        first = ana.until("turn")
        ana.send("move", move=first["legal"][0])  # in time: this clock stops
        second = ana.until("turn")
        warned = ana.until("time-warning", timeout=10)
        assert (warned["seat"], warned["left"]) == (0, 1)
        up = ana.until("time-up", timeout=10)
        assert up["seat"] == 0 and up["move"] in second["legal"]
        step = ana.until("step", seat=0)
        assert step["seq"] == second["seq"] + 1 and step["notation"] == up["move"]
    kinds = [f["type"] for f in ana.frames]
    assert kinds.count("time-warning") == kinds.count("time-up") == 1
    assert kinds.index("time-warning") > kinds.index("turn") + 1  # none for the first turn


def test_a_timer_out_of_bounds_is_refused_with_the_bounds(tmp_path: Path) -> None:
    with Background(tmp_path / "server", hasher=QUICK) as server:
        ana = joined(server, "Ana")
        ana.send("create", game="letters", timer=2)
        problem = ana.problem()
        assert (problem["key"], problem["args"]) == (
            "online-bad-timer",
            {"timer": 2, "low": 5, "high": 3600},
        )
        ana.send("create", game="letters")  # no timer unless asked for
        assert ana.until("table")["table"]["timer"] == 0


def timed_pass(server: Background) -> tuple[Scripted, dict[str, Any]]:
    """Ana at Consonants for three with random bots and a 5 s move timer, at
    her first turn (choosing cards to pass): she, and its frame."""
    ana = joined(server, "Ana")
    ana.send("create", game="consonants", players=3, level="random", timer=5)
    ana.until("table")
    ana.send("start")
    return ana, ana.until("turn")


def test_taking_a_choice_back_does_not_wind_the_clock_again(tmp_path: Path) -> None:
    """Choosing a card to pass and taking it back, over and over, is still one
    turn: the time runs out as if nothing was done, and the bot passes."""
    with Background(tmp_path / "server", hasher=QUICK) as server:
        ana, turn = timed_pass(server)
        card = next(m for m in turn["legal"] if m.startswith("pass ")).removeprefix("pass ")
        up = None
        for _ in range(40):  # about 8 seconds of choosing and taking back
            ana.send("move", move=f"pass {card}")
            ana.send("move", move=f"keep {card}")
            with contextlib.suppress(TimeoutError):
                while up is None:
                    frame = ana.next(timeout=0.2)
                    up = frame if frame["type"] == "time-up" else None
            if up is not None:
                break
        assert up is not None and up["move"].startswith("pass ")


def test_each_move_has_the_whole_time_again(tmp_path: Path) -> None:
    """Per move, as docs/online.md says: a seat asked something new after a move
    of its own (the next card to pass, the discard after answering a challenge)
    has the whole time again, not what was left of its turn's."""
    with Background(tmp_path / "server", hasher=QUICK) as server:
        ana, turn = timed_pass(server)
        time.sleep(3.5)  # 1.5 s of the first move's time left
        first = next(m for m in turn["legal"] if m.startswith("pass "))
        ana.send("move", move=first, turn=turn["turn"])
        moved = time.monotonic()
        ana.until("step", seat=0)
        up = ana.until("time-up", timeout=10)
        waited = time.monotonic() - moved
    assert up["move"].startswith("pass ")
    assert waited > 4  # the second pick's own 5 s, not the 1.5 s left of the first's


class OneTable:
    """A real `Server` on a real store with one table of Alphabeticell: Ana
    (a connection without a socket: its frames are read from its outbox)
    and a random bot, started. The server's methods are called as its loop
    and a bot thread would call them, each step by the test."""

    def __init__(self, store: SqliteStore, start: bool = True) -> None:
        from sixdot.server.app import Client, Server
        from sixdot.server.play import LiveTable, new_record

        self.store = store
        self.server = Server(store, hasher=QUICK)
        game = get_game("alphabeticell")
        record = new_record(game, 2, SHORT["alphabeticell"], "random", "Ana", None)
        self.id = store.add_table(record)
        self.table = LiveTable(store.table(self.id), store)  # type: ignore[arg-type]
        self.server.tables[self.id] = self.table
        self.table.sit("Ana", 0)
        self.table.add_bot(1, None)
        if start:
            self.table.start()
        self.ana = Client(ws=None, address="test", name="Ana")  # type: ignore[arg-type]
        self.server.online["Ana"] = self.ana
        self.server._place(self.ana, self.table, 0)
        self.server._flush(self.ana, view=True)  # as a seat attaching is flushed

    @property
    def match(self) -> Match:
        assert self.table.match is not None
        return self.table.match

    def sent(self) -> list[tuple[str, int]]:
        """The frames Ana was sent since last asked: (type, seq) of each with a seq."""
        frames = []
        while not self.ana.outbox.empty():
            frames.append(json.loads(self.ana.outbox.get_nowait()))
        self.ana.queued = 0
        return [(f["type"], f["seq"]) for f in frames if "seq" in f]

    def move(self) -> None:
        """The next move, not journaled: Ana's (as `on_move` plays it) or the
        bot's (as its thread plays it)."""
        if 0 in self.table.waiting_for():
            self.table.submit("Ana", self.match.legal(0)[0].notation)
        else:
            self.table.advance(1)

    def journaled(self) -> None:
        """The moves played journaled, as the server's `_kept` does."""
        moves, lines = self.table.unkept()
        assert self.store.append_all([(self.id, line) for line in lines]) == set()
        self.table.kept(moves)


def test_a_move_is_sent_to_nobody_before_it_is_journaled(tmp_path: Path) -> None:
    """A bot's move is played on a bot thread and journaled back on the loop.
    A `sync` answered between the two must not send it: were the process
    killed there, its players would have heard a move the table taken over
    does not have. Sent, with the turn after it, once journaled."""
    one = OneTable(SqliteStore(tmp_path))
    while not one.table.bot_due:  # Ana plays until the bot is to move
        one.move()
        one.journaled()
    one.server._send_new(one.table)
    before = len(one.match.moves)
    one.sent()
    one.move()  # the bot thread's move, not yet journaled
    assert len(one.match.moves) == before + 1
    one.ana.turn_sent = -1  # as `sync` asks
    one.server._flush(one.ana)
    one.server._flush(one.ana, view=True)  # as a seat coming back is sent its hand
    assert one.sent() == []
    assert len(one.store.journal(one.id)) == before
    one.journaled()  # back on the loop
    one.server._send_new(one.table)
    frames = one.sent()
    assert frames[:2] == [("step", before + 1), ("view", before + 1)]
    asked = 0 in one.table.waiting_for()
    assert [kind for kind, _ in frames].count("turn") == (1 if asked else 0)
    one.store.close()


def test_a_seat_taken_before_the_deal_hears_its_hand_from_the_deal_alone(tmp_path: Path) -> None:
    """No view after the deal for a seat that sat down before it: the deal
    says the hand, and a view would say it again."""
    one = OneTable(SqliteStore(tmp_path), start=False)
    assert one.sent() == []
    one.table.start()
    one.server._send_new(one.table)
    assert [kind for kind, _ in one.sent()] in (["step", "turn"], ["step"])
    one.store.close()


class Failing(SqliteStore):
    """A store whose journal writes fail while `failing` (a disk full, say)."""

    failing = False
    tries = 0

    def append_all(self, entries: Any) -> set[int]:
        if self.failing and entries:
            self.tries += 1
            raise StoreError("online-store-damaged", file="journal", why="no space left")
        return super().append_all(entries)


def test_moves_the_store_fails_to_keep_wait_unsent_and_go_once_it_is_back(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Moves the store cannot journal are sent to nobody and tried again,
    said once in the log however often they are tried; once the store is
    back they are journaled and sent, each once, in order."""
    from sixdot.server.app import KEEP_AGAIN

    store = Failing(tmp_path)
    one = OneTable(store)
    one.sent()

    async def play() -> list[tuple[str, int]]:
        store.failing = True
        for _ in range(2):
            one.move()
            one.server._keep(one.table, person=True)
            await asyncio.sleep(0)
        while store.tries < 3:  # tried again, and again
            await asyncio.sleep(KEEP_AGAIN / 5)
        assert one.sent() == []
        assert store.journal(one.id) == []
        store.failing = False
        frames: list[tuple[str, int]] = []
        while ("step", 2) not in frames:  # kept within a try; bounded by the test's timeout
            await asyncio.sleep(KEEP_AGAIN / 5)
            frames += one.sent()
        return frames

    with caplog.at_level("WARNING", "sixdot.server"):
        frames = asyncio.run(asyncio.wait_for(play(), 30))
    assert [seq for kind, seq in frames if kind == "step"] == [1, 2]
    assert [(e.seat, e.text) for e in store.journal(one.id)] == list(one.match.moves[:2])
    said = [r.getMessage() for r in caplog.records]
    assert len(said) == 2, said
    assert said[0].startswith("moves not journaled, tried again until they are")
    assert said[1] == "moves journaled again"
    store.close()
