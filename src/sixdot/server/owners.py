"""Which tables this process plays, where several processes share one Redis
(issue 35; the plan is in docs/architecture.md, "Several processes").

A table is played by the process holding its lease (`lease.py`): the one
that made it, or restored it at start, or took it over once its owner's
lease ran out. `Owners` keeps each of this process's leases renewed, says
when one is lost (the server drops the table: another plays it now), and
gives them all up on a clean stop, so the others take the tables at once.

`adopt` is the takeover: every sixth of a lease's time it looks for live
tables whose lease nobody holds, takes what it can and has the server
restore them from their journals. To share a dead process's tables out
rather than have the quickest take them all, each table goes first to the
live process it ranks highest by rendezvous hashing (each process keeps a
heartbeat key as long as its leases), and to any other only one round later.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from functools import cached_property

from redis.asyncio import Redis
from redis.exceptions import RedisError

from sixdot.server.lease import Leases
from sixdot.server.storage import NotOwner, StoreError

log = logging.getLogger("sixdot.server")

#: The heartbeat keys, one a live process, by name.
PROCESS = "sixdot:process:"
#: Keys a step of SCAN looks at: its default, 10, took some 500 round trips
#: to go through a store of 600 tables, each a wait on the loop.
SCAN_STEP = 1000
#: Tables restored at once in a takeover (`Owners._restore_all`).
RESTORING = 8


async def names(redis: Redis, prefix: str) -> list[str]:
    """What follows `prefix` in the keys that start with it (a process's name)."""
    found = redis.scan_iter(prefix + "*", count=SCAN_STEP)
    return [key.decode()[len(prefix) :] async for key in found]


def rank(table_id: int, holder: str) -> bytes:
    """How far up `holder` comes for `table_id`: the highest takes it first."""
    return hashlib.blake2b(f"{table_id}:{holder}".encode(), digest_size=8).digest()


@dataclass(eq=False)
class Owners:
    """The leases of the tables this process plays."""

    leases: Leases
    #: Called with a table's id when its lease is lost: another plays it now.
    lost: Callable[[int], None]
    #: The renewing task of each table held.
    kept: dict[int, asyncio.Task[None]] = field(default_factory=dict)
    #: The looking for tables nobody holds (`adopt`).
    adopting: asyncio.Task[None] | None = None
    #: The processes whose heartbeats were there at the last look, this one's too.
    alive: list[str] = field(default_factory=list)
    #: The tables taken over being restored, each on a task of its own.
    restoring: set[asyncio.Task[None]] = field(default_factory=set)

    @cached_property
    def _gate(self) -> asyncio.Semaphore:
        """Restores under way at once: `RESTORING`."""
        return asyncio.Semaphore(RESTORING)

    @property
    def period(self) -> float:
        """Seconds between looks for tables nobody holds: a sixth of a lease,
        so a table whose lease ran out is found a twelfth of a lease later
        on average (a look is a few round trips, whatever the tables)."""
        return self.leases.ms / 6000

    def keep(self, table_id: int) -> None:
        """Renew the lease of a table this process holds (made or taken)
        until it is released or lost."""
        self.kept[table_id] = asyncio.create_task(
            self.leases.keep(str(table_id), lambda: self._lost(table_id))
        )

    async def take(self, table_id: int) -> bool:
        """Hold the table's lease, and keep it, if nobody holds it; whether this process does."""
        return bool(await self.take_all([table_id]))

    async def take_all(self, table_ids: list[int]) -> list[int]:
        """`take` each table, in one round trip: those this process holds now."""
        held = await self.leases.take_all([str(t) for t in table_ids])
        taken = [t for t, done in zip(table_ids, held, strict=True) if done]
        for table_id in taken:
            self.keep(table_id)
        return taken

    def _lost(self, table_id: int) -> None:
        self.kept.pop(table_id, None)
        self.lost(table_id)

    async def release(self, table_id: int) -> None:
        """Play the table no more (its game is over): stop renewing, give it up."""
        keeping = self.kept.pop(table_id, None)
        if keeping is not None:
            keeping.cancel()
            with contextlib.suppress(RedisError):
                await self.leases.give_up(str(table_id))

    def adopt(
        self, live: Callable[[], Iterable[int]], restore: Callable[[int], Awaitable[None]]
    ) -> None:
        """From now until `close`: keep this process's heartbeat, and take
        and `restore` each of the `live` tables whose lease nobody holds, at
        once where this process ranks highest for it among those alive, else
        when it is still nobody's a round later."""
        self.adopting = asyncio.create_task(self._adopt(live, restore))

    async def _adopt(
        self, live: Callable[[], Iterable[int]], restore: Callable[[int], Awaitable[None]]
    ) -> None:
        redis, me = self.leases.redis, self.leases.holder
        waiting: set[int] = set()  # nobody's at the last look
        # Until `close`: a cancel that comes as redis-py's own read times
        # out is taken for the timeout, a RedisError, met by looking again.
        while self.adopting is not None:
            try:
                await redis.set(PROCESS + me, "", px=self.leases.ms)
                alive = await names(redis, PROCESS)
                self.alive = alive
                ids = [t for t in live() if t not in self.kept]
                held = await redis.mget([self.leases.key(str(t)) for t in ids]) if ids else []
                nobodys = {t for t, holder in zip(ids, held, strict=True) if holder is None}
                ours = [
                    table_id
                    for table_id in sorted(nobodys)
                    if table_id in waiting
                    or max(alive, key=lambda name: rank(table_id, name), default=me) == me
                ]
                taken = await self.take_all(ours)
                if taken:
                    log.info("%d tables taken over: %s", len(taken), taken)
                    self._restore_all(taken, restore)
                waiting = nobodys
            except (RedisError, StoreError, NotOwner) as err:  # Redis away: looked for again
                log.warning("looking for tables to take over: %s", err)
            await asyncio.sleep(self.period)

    def _restore_all(self, table_ids: list[int], restore: Callable[[int], Awaitable[None]]) -> None:
        """`_restore` the tables taken, on tasks of their own, `RESTORING` at
        a time, so one's wait on Redis or on its replay's thread is another's
        turn; the looks go on meanwhile (a look waiting for hundreds of tables
        restored left those a dead process ranked first for, taken a round
        later, to wait for them all too)."""
        for table_id in table_ids:
            task = asyncio.create_task(self._restore(table_id, restore))
            self.restoring.add(task)
            task.add_done_callback(self.restoring.discard)

    async def _restore(self, table_id: int, restore: Callable[[int], Awaitable[None]]) -> None:
        """`restore` a table taken; if it fails (Redis away as it reads the
        journal), the lease is given up, for the table to be taken again."""
        async with self._gate:
            try:
                await restore(table_id)
            except asyncio.CancelledError:  # a stop: given up with the rest
                await self.release(table_id)
                raise
            except (RedisError, StoreError, NotOwner) as err:  # Redis away
                await self.release(table_id)
                log.warning("table %d not taken over: %s", table_id, err)
            except Exception:  # a fault of ours: logged, the table left to another look
                await self.release(table_id)
                log.exception("table %d not taken over", table_id)

    async def close(self) -> None:
        """A clean stop: every lease given up, for the others to take at once."""
        adopting, self.adopting = self.adopting, None
        running = [task for task in [adopting, *self.restoring] if task is not None]
        for task in running:
            task.cancel()
        await asyncio.gather(*running, return_exceptions=True)
        for table_id in list(self.kept):
            await self.release(table_id)
        with contextlib.suppress(RedisError):
            await self.leases.redis.delete(PROCESS + self.leases.holder)
        await self.leases.close()
