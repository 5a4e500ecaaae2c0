"""Who may open a connection, so the server never runs out of file descriptors.

Each connection holds a file descriptor. Measured before (issue 34): under the
common limit of 1024 open files, 1,013 idle connections from one address shut
out every new player for 30 s, and each refused accept wrote a "Too many open
files" traceback, 122 MB of them in 40 s. Now:

- At start `sixdot serve` raises its soft limit on open files to the hard one.
- Connections stop `HEADROOM` short of the limit: the store, the listening
  socket and the web client's files always have descriptors left.
- One address may hold an eighth of the connections (at most `PER_ADDRESS`),
  and connections not logged in may hold three quarters of them, so neither
  one address nor many idle ones shut out the players logged in.
- A connection past a cap is closed as it is accepted, before any work; the
  refusals are logged at most once every `REPORT` seconds, counted.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar

from websockets.asyncio.server import ServerConnection

log = logging.getLogger("sixdot.server")

#: File descriptors kept back from connections (a quarter of a smaller limit).
HEADROOM = 64
#: The most connections one address may hold, however high the limit.
PER_ADDRESS = 256
#: Seconds between two log lines about refused connections.
REPORT = 10.0
#: The limit assumed where the process has none to read (Windows).
NO_LIMIT = 8192


def raise_file_limit() -> int:
    """The process's limit on open files, its soft limit raised to the hard
    one first where the system has them (POSIX)."""
    try:
        import resource
    except ImportError:  # Windows
        return NO_LIMIT
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    # No hard limit (macOS): the most a process may have there, OPEN_MAX.
    wanted = hard if hard != resource.RLIM_INFINITY else 10240
    if soft != resource.RLIM_INFINITY and soft < wanted:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
        except (ValueError, OSError) as err:
            log.warning("open files stay limited to %d: %s", soft, err)
    return file_limit()


def file_limit() -> int:
    """The process's soft limit on open files."""
    try:
        import resource
    except ImportError:  # Windows
        return NO_LIMIT
    soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    return NO_LIMIT if soft == resource.RLIM_INFINITY else int(soft)


@dataclass(frozen=True)
class Caps:
    """The most connections at once: in all, from one address, not logged in."""

    connections: int
    per_address: int
    unauthenticated: int

    @classmethod
    def under(cls, files: int) -> Caps:
        """The caps under a limit of `files` open files.

        >>> Caps.under(1024)
        Caps(connections=960, per_address=120, unauthenticated=720)
        >>> Caps.under(256)
        Caps(connections=192, per_address=24, unauthenticated=144)
        """
        budget = max(files - min(HEADROOM, files // 4), 1)
        return cls(budget, max(1, min(PER_ADDRESS, budget // 8)), max(1, budget * 3 // 4))


class Gate:
    """The connections open, by address; a new one past a cap is refused."""

    def __init__(
        self,
        caps: Caps,
        logged_in: Callable[[], int],
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.caps = caps
        self.logged_in = logged_in
        self.clock = clock
        self.open: Counter[str] = Counter()
        self.total = 0
        #: Refusals not yet logged: by cap, and by address.
        self._why: Counter[str] = Counter()
        self._who: Counter[str] = Counter()
        self._report: asyncio.TimerHandle | None = None

    def admit(self, address: str) -> bool:
        """Count a new connection from `address`, or refuse it (False)."""
        caps = self.caps
        if self.total >= caps.connections:
            why = f"the server holds its {caps.connections}"
        elif self.open[address] >= caps.per_address:
            why = f"one address holds its {caps.per_address}"
        elif self.total - self.logged_in() >= caps.unauthenticated:
            why = f"{caps.unauthenticated} are not logged in"
        else:
            self.open[address] += 1
            self.total += 1
            return True
        self._refused(why, address)
        return False

    def closed(self, address: str) -> None:
        """A connection `admit` let in has closed."""
        self.total -= 1
        self.open[address] -= 1
        if self.open[address] <= 0:
            del self.open[address]

    def _refused(self, why: str, address: str) -> None:
        self._why[why] += 1
        self._who[address] += 1
        if self._report is None:  # the first of a quiet spell is said at once
            self._say()

    def close(self) -> None:
        """The server stops: the refusals not yet logged are."""
        if self._report is not None:
            self._report.cancel()
            self._say()
            if self._report is not None:
                self._report.cancel()

    def _say(self) -> None:
        """Log the refusals since the last line, if any; the next line waits
        `REPORT` seconds."""
        self._report = None
        if not self._why:
            return
        count = sum(self._why.values())
        address, most = self._who.most_common(1)[0]
        causes = "; ".join(f"{n} as {why}" for why, n in self._why.most_common())
        log.warning(
            "refused %d connection%s (%s); most from %s (%d)",
            count,
            "" if count == 1 else "s",
            causes,
            address,
            most,
        )
        self._why.clear()
        self._who.clear()
        self._report = asyncio.get_running_loop().call_later(REPORT, self._say)


class GatedConnection(ServerConnection):
    """A websockets connection that asks the server's `gate` as it is
    accepted: one refused is closed at once, with no handshake read."""

    gate: ClassVar[Gate]

    @classmethod
    def through(cls, gate: Gate) -> type[GatedConnection]:
        """The connection class for a server with `gate`."""
        return type("Connection", (cls,), {"gate": gate})

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        peer = transport.get_extra_info("peername")
        self.peer = str(peer[0]) if peer else "?"
        self.admitted = self.gate.admit(self.peer)
        if not self.admitted:
            transport.abort()
            return
        super().connection_made(transport)

    def connection_lost(self, exc: Exception | None) -> None:
        if not self.admitted:
            return
        self.gate.closed(self.peer)
        super().connection_lost(exc)
