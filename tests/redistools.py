"""A real Redis for the tests of the Redis store (issue 35): `redis-server`
(Debian's, from scripts/system-packages) started on a free loopback port in a
folder of the test's own, with its append-only file fsynced at every write,
as docs/online.md tells an operator to run it."""

from __future__ import annotations

import shutil
import signal
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import redis

#: A start waits at most this long for Redis to answer.
START_WAIT = 10.0
#: Ports tried: the free port found may be taken by another test before
#: Redis binds it (tests run in parallel).
PORT_TRIES = 5


class PortTaken(RuntimeError):
    """Redis could not listen on its port: another process took it first."""


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class RedisServer:
    """One `redis-server` process: started, stopped, killed and started again
    on the same folder and port, so what its AOF kept is what comes back."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.port = _free_port()
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        """Start Redis on its folder and wait until it answers; PortTaken if
        another process listens on its port."""
        command = [
            "redis-server",
            "--port", str(self.port),
            "--bind", "127.0.0.1",
            "--dir", str(self.folder),
            "--appendonly", "yes",
            "--appendfsync", "always",
            "--save", "",  # the AOF alone: a restart that keeps the data kept it there
            "--daemonize", "no",
            "--logfile", str(self.folder / f"redis-{self.port}.log"),
        ]  # fmt: skip
        self.process = subprocess.Popen(command, stdin=subprocess.DEVNULL)
        client = redis.Redis(port=self.port, socket_connect_timeout=1)
        deadline = time.monotonic() + START_WAIT
        try:
            while True:
                try:
                    if client.info("server")["process_id"] == self.process.pid:
                        return
                    self.process.wait(START_WAIT)  # another's Redis on the port: ours fails
                    raise PortTaken(self.port)
                except redis.ConnectionError:
                    if self.process.poll() is not None or time.monotonic() > deadline:
                        log = (self.folder / f"redis-{self.port}.log").read_text(errors="replace")
                        if "Address already in use" in log:
                            raise PortTaken(self.port) from None
                        raise RuntimeError(f"redis-server did not start:\n{log[-2000:]}") from None
                    time.sleep(0.02)
        finally:
            client.close()

    def shutdown(self) -> None:
        """Stop Redis as an operator does (SHUTDOWN): it ends once its AOF is written."""
        assert self.process is not None
        client = redis.Redis(port=self.port)
        try:
            client.shutdown(nosave=True)
        except redis.ConnectionError:
            pass  # the answer to SHUTDOWN is the connection closing
        finally:
            client.close()
        self.process.wait(10)

    def kill(self) -> None:
        """Kill Redis with SIGKILL: what it acknowledged must be in its AOF already."""
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(10)


@pytest.fixture
def redis_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RedisServer]:
    """A Redis of this test's own, stopped after it; the test is skipped
    where `redis-server` is not installed."""
    if shutil.which("redis-server") is None:
        pytest.skip("no redis-server (scripts/system-packages installs it)")
    folder = tmp_path_factory.mktemp("redis")
    for _ in range(PORT_TRIES):
        running = RedisServer(folder)
        try:
            running.start()
            break
        except PortTaken:
            continue
    else:
        raise RuntimeError(f"no free port for redis-server in {PORT_TRIES} tries")
    yield running
    if running.process is not None and running.process.poll() is None:
        running.kill()


@pytest.fixture(params=["sqlite", "redis"])
def where(request: pytest.FixtureRequest, tmp_path: Path) -> Path | str:
    """Where a test's store is kept, for each store: the SQLite store's
    folder, then a Redis's URL (`open_store`)."""
    if request.param == "sqlite":
        return tmp_path / "server"
    running: RedisServer = request.getfixturevalue("redis_server")
    return running.url
