"""A server on a thread of its own: for tests and benchmarks that talk to it
with real websockets clients from the calling thread."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path

from argon2 import PasswordHasher

from sixdot.server.app import PACE, Listening, Server, run
from sixdot.server.storage import LEASE, open_store


class Background:
    """`with Background(folder) as server:` listens on a free loopback port
    (`server.url`) until the block ends; `folder` may be a Redis's URL instead
    (`open_store`)."""

    def __init__(
        self,
        folder: Path | str,
        grace: float = 30.0,
        hasher: PasswordHasher | None = None,
        port: int = 0,
        pace: float = PACE,
        lease: float = LEASE,
    ) -> None:
        """`port` 0 takes a free one; a server restarted on its folder takes the
        port it had, so its clients find it again. `lease`: seconds, on a Redis
        (`owners.py`)."""
        self.folder = folder
        self.port = port
        self.pace = pace
        self.grace = grace
        self.lease = lease
        self.hasher = hasher
        self.where: Listening | None = None
        self.server: Server | None = None
        self._ready = threading.Event()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Event | None = None
        self._thread = threading.Thread(target=self._main, name="sixdot-server", daemon=True)
        self._failed: BaseException | None = None

    @property
    def url(self) -> str:
        assert self.where is not None
        return self.where.url

    def _main(self) -> None:
        async def main() -> None:
            self._loop = asyncio.get_running_loop()
            self._stop = asyncio.Event()
            store = open_store(self.folder, self.lease)
            self.server = Server(store, self.hasher, self.grace, pace=self.pace)
            await run(
                self.folder, "127.0.0.1", self.port, None, self._started, self._stop, self.server
            )

        try:
            asyncio.run(main())
        except BaseException as err:  # handed to the caller's thread
            self._failed = err
            self._ready.set()

    def _started(self, where: Listening) -> None:
        self.where = where
        self._ready.set()

    def __enter__(self) -> Background:
        self._thread.start()
        self._ready.wait(30)
        if self._failed is not None or self.where is None:
            raise RuntimeError(f"the server did not start: {self._failed!r}")
        return self

    def __exit__(self, *exc: object) -> None:
        if self._loop is not None and self._stop is not None:
            self._loop.call_soon_threadsafe(self._stop.set)
        self._thread.join(30)
