"""Running a server (issue 34's operations items): a health answer on the
server's own port, one server per data folder, a store only its owner
can read, and connections kept within the open-file limit. Real `sixdot
serve` processes and a real server on loopback."""

from __future__ import annotations

import json
import logging
import os
import re
import signal
import socket
import sqlite3
import stat
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest
from websockets.exceptions import WebSocketException
from websockets.sync.client import ClientConnection, connect

from redistools import RedisServer
from sixdot.server.background import Background
from sixdot.server.storage import SqliteStore, Status
from test_server import QUICK, Scripted, joined


def test_health_says_how_the_server_stands(tmp_path: Path) -> None:
    with Background(tmp_path / "server", hasher=QUICK) as server:
        base = server.url.replace("ws://", "http://")
        ana = joined(server, "Ana")
        ana.send("create", game="letters", players=2)
        ana.until("table")
        with urllib.request.urlopen(base + "/health", timeout=10) as answer:
            assert answer.status == 200
            assert answer.headers["Content-Type"] == "application/json"
            health = json.load(answer)
        ana.close()
    assert health == {"status": "ok", "tables": 1, "connections": 1, "online": 1}


def refused_start(*where: str) -> str:
    """`sixdot serve` on `where` refused at start: exit 2, nothing on stdout,
    and the one line it said on stderr."""
    command = [sys.executable, "-m", "sixdot", "serve", *where, "--port", "0"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=60, check=False)
    assert (done.returncode, done.stdout) == (2, "")
    (line,) = done.stderr.splitlines()
    return line


def test_a_second_server_on_one_folder_is_refused_and_told_who_has_it(tmp_path: Path) -> None:
    folder = tmp_path / "server"
    with Background(folder, hasher=QUICK):
        line = refused_start("--data", str(folder))
    assert line.endswith(
        f" ERROR sixdot.serve: Data folder in use: {folder}, by sixdot serve process"
        f" {os.getpid()}. Stop that one, or serve another --data folder."
    )
    with Background(folder, hasher=QUICK):  # the first gone, the folder is free
        pass


@pytest.mark.skipif(os.name != "posix", reason="file modes are POSIX")
def test_the_store_is_readable_by_its_owner_only(tmp_path: Path) -> None:
    """The accounts' password hashes are in it: before, the file was 0644."""
    old = tmp_path / "old"
    old.mkdir(mode=0o755)
    (old / SqliteStore.FILE).touch(mode=0o644)
    for folder in (tmp_path / "new", old):
        store = SqliteStore(folder)
        store.set_status(1, Status.OVER)  # a write: the -wal and -shm files appear
        modes = {p.name: stat.S_IMODE(p.stat().st_mode) for p in folder.iterdir() if p.is_file()}
        store.close()
        assert stat.S_IMODE(folder.stat().st_mode) == 0o700
        assert modes and set(modes.values()) == {0o600}, modes


def _open_idle(url: str, source: str, count: int) -> list[ClientConnection]:
    """`count` websocket connections from `source` that log in to nothing and
    send nothing: the ones the server took."""
    host, port = url.removeprefix("ws://").split(":")
    taken = []
    for _ in range(count):
        try:
            sock = socket.create_connection((host, int(port)), 5, source_address=(source, 0))
            taken.append(connect(url, sock=sock, open_timeout=5, legacy=True))
        except (OSError, WebSocketException, TimeoutError):
            pass  # refused as it was accepted
    return taken


@pytest.mark.skipif(sys.platform != "linux", reason="open-file limits and /proc are Linux's")
def test_idle_connections_never_shut_out_players_or_exhaust_the_files(tmp_path: Path) -> None:
    """Issue 34: under a limit of 1024 open files, 1,013 idle connections
    from one address shut out every new player and wrote 122 MB of "Too many
    open files" tracebacks. Here `sixdot serve` starts with a soft limit of 64
    and a hard one of 256: it raises the soft one, and keeps its connections
    to 192 (24 an address, 144 not logged in)."""

    import resource

    def small_limit() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (64, 256))

    command = [sys.executable, "-m", "sixdot", "serve", "--data", str(tmp_path), "--port", "0"]
    log = tmp_path / "stderr.txt"
    with log.open("wb") as err:
        serve = subprocess.Popen(
            command, stdout=subprocess.PIPE, stderr=err, text=True, preexec_fn=small_limit
        )
    idle: list[ClientConnection] = []
    try:
        assert serve.stdout is not None
        found = re.search(r"ws://[0-9.]+:[0-9]+", serve.stdout.readline())
        assert found, log.read_text()
        url = found[0]
        limits = Path(f"/proc/{serve.pid}/limits").read_text()
        assert re.search(r"Max open files\s+256\s+256", limits), limits
        ana = Scripted(url)
        ana.send("register", name="Ana", password="password1")
        ana.until("session")
        idle += _open_idle(url, "127.0.0.2", 100)
        assert len(idle) == 24  # one address: an eighth of 192
        ben = Scripted(url)  # another address's new player gets in
        ben.send("register", name="Ben", password="password1")
        ben.until("session")
        for n in range(3, 11):  # many addresses: idle ones up to three quarters
            idle += _open_idle(url, f"127.0.0.{n}", 24)
        assert len(idle) == 144
        ana.send("ping", seq=1)  # the players logged in play on
        assert ana.until("pong")["seq"] == 1
        files = len(list(Path(f"/proc/{serve.pid}/fd").iterdir()))
        assert files < 256 - 32
        for connection in idle:
            connection.close()
        idle = []
        cara = Scripted(url)  # the idle ones gone, new players come in again
        cara.send("register", name="Cara", password="password1")
        cara.until("session")
    finally:
        for connection in idle:
            connection.close()
        serve.send_signal(signal.SIGINT)
        serve.wait(30)
    said = log.read_text()
    assert "Too many open files" not in said
    # Refusals are logged as they begin, then counted: a line in 10 seconds
    # at most, and the rest as the server stops.
    refusals = [line for line in said.splitlines() if "refused" in line]
    assert 2 <= len(refusals) <= 3, said
    assert sum(int(re.findall(r"refused (\d+)", line)[0]) for line in refusals) == 76 + 72
    assert len(said) < 2000


def test_binary_frames_not_utf8_are_refused_and_log_nothing(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Before, each such frame was a fault of ours logged with its traceback:
    20,000 of them wrote 9.5 MB of log."""
    with Background(tmp_path / "server", hasher=QUICK) as server:
        ana = joined(server, "Ana")
        for _ in range(500):
            ana.raw(b'{"type": "hello\xff"}')
            assert ana.problem()["args"] == {"what": "not UTF-8 text"}
        ana.send("ping")
        ana.until("pong")
    assert [r for r in caplog.records if r.levelno >= logging.WARNING] == []


def test_a_fault_is_logged_once_a_connection(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """A store that fails under a running server (its tables dropped by
    another program): every create a fault, answered each time, logged once
    for each connection, not once for each message."""
    folder = tmp_path / "server"
    with Background(folder, hasher=QUICK) as server:
        ana, ben = joined(server, "Ana"), joined(server, "Ben")
        db = sqlite3.connect(folder / SqliteStore.FILE, isolation_level=None)
        db.execute("DROP TABLE tables")
        db.close()
        for client in (ana, ben) * 5:
            client.send("create", game="letters", players=2)
            assert client.problem()["key"] == "online-server-fault"
    faults = [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert [(r.levelname, r.exc_info is not None) for r in faults] == [("ERROR", True)] * 2


def test_the_systemd_example_runs_a_serve_line_sixdot_takes() -> None:
    """docs/online.md's unit: its ExecStart is `sixdot serve` with options that
    exist, and exit 2 (cannot start) is the status it does not restart on."""
    from sixdot.client.cli import _parser

    doc = (Path(__file__).parents[1] / "docs" / "online.md").read_text()
    unit = dict(
        line.strip().split("=", 1) for line in doc.splitlines() if re.match(r"    [A-Za-z]+=", line)
    )
    program, *args = unit["ExecStart"].split()
    assert program.endswith("/sixdot") and args[0] == "serve"
    parsed = _parser().parse_args(args)
    assert (parsed.data, parsed.log_level) == ("/var/lib/sixdot", "info")
    assert unit["Restart"] == "on-failure" and unit["RestartPreventExitStatus"] == "2"
    assert unit["User"] == "sixdot"


def test_a_redis_store_that_cannot_be_reached_is_refused_in_one_line(
    redis_server: RedisServer,
) -> None:
    """`sixdot serve --store` with no Redis there: exit 2, one line naming
    the store and what to check, never a traceback."""
    redis_server.kill()
    port = redis_server.port
    line = refused_start("--store", redis_server.url)
    assert line.endswith(
        f" ERROR sixdot.serve: Cannot reach store {redis_server.url}: Error 111 connecting to"
        f" 127.0.0.1:{port}. Connection refused. Check that Redis runs there, and the address"
        " given to --store."
    )


def test_serve_takes_only_a_redis_url_as_its_store_and_not_with_data() -> None:
    from sixdot.client.cli import _parser

    parsed = _parser().parse_args(["serve", "--store", "redis://10.0.0.5:6379/2"])
    assert (parsed.store, parsed.data) == ("redis://10.0.0.5:6379/2", None)
    for wrong in (["--store", "/var/lib/sixdot"], ["--store", "redis://h/0", "--data", "d"]):
        with pytest.raises(SystemExit) as refused:
            _parser().parse_args(["serve", *wrong])
        assert refused.value.code == 2
