"""Leases in Redis: which process plays a table (issue 35; the plan is in
docs/architecture.md, "Several processes on one Redis").

A lease is one key naming its holder, with an expiry: `take` sets it only if
nobody holds it (SET NX PX), `renew` extends it and `give_up` deletes it only
while it still names this holder (a compare and a write in one script), so a
holder whose lease ran out and was taken by another can neither extend nor
delete the new holder's. `keep` renews one for as long as it is held and says
when it is lost; every lease a holder keeps is renewed in the same call, one
round trip a third of a lease whatever their number (one call a lease put
600 tables' renewals behind each other, and they ran out).

Leases are taken and given up on the server's loop (redis-py's asyncio
client), but renewed on a thread of their own, with a loop and connections
of their own: a loop saturated with moves (600 tables flat out) answered a
renewal only after the lease had run out, and a busy server is not a dead
one.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import os
import secrets
import socket
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property

from redis.asyncio import Redis
from redis.commands.core import AsyncScript
from redis.exceptions import RedisError

from sixdot.server.storage import LEASE

#: Extend each lease in KEYS to ARGV[2] ms if it names ARGV[1]: 1 each, else 0.
RENEW = """
local done = {}
for i, key in ipairs(KEYS) do
    done[i] = 0
    if redis.call('GET', key) == ARGV[1] then
        done[i] = redis.call('PEXPIRE', key, ARGV[2])
    end
end
return done
"""
#: Delete the lease KEYS[1] if it names ARGV[1]: 1, else 0.
GIVE_UP = """
if redis.call('GET', KEYS[1]) == ARGV[1] then
    return redis.call('DEL', KEYS[1])
end
return 0
"""


def holder_name() -> str:
    """This process's name as a holder: its host, its process id and a random
    part, so a process started again (the same id, after a reboot) is a new
    holder and never renews its predecessor's leases."""
    return f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"


@dataclass(frozen=True)
class Leases:
    """The leases one holder takes in one Redis, each `ms` milliseconds long."""

    redis: Redis
    #: Who holds the leases this takes: one name a process (`holder_name`).
    holder: str
    ms: int = round(LEASE * 1000)
    prefix: str = "sixdot:lease:"

    def key(self, name: str) -> str:
        return self.prefix + name

    async def take(self, name: str) -> bool:
        """Hold `name` if nobody does; whether this holder has it now."""
        return (await self.take_all([name]))[0]

    async def take_all(self, names: list[str]) -> list[bool]:
        """`take` each of `names`, in one round trip: a takeover of hundreds
        of tables waited on one `SET NX` after another."""
        if not names:
            return []
        async with self.redis.pipeline(transaction=False) as taking:
            for name in names:
                taking.set(self.key(name), self.holder, nx=True, px=self.ms)
            return [bool(done) for done in await taking.execute()]

    @cached_property
    def _renew(self) -> AsyncScript:
        return self.redis.register_script(RENEW)  # type: ignore[return-value]

    @cached_property
    def _give_up(self) -> AsyncScript:
        return self.redis.register_script(GIVE_UP)  # type: ignore[return-value]

    async def renew(self, name: str) -> bool:
        """Another `ms` from now, if this holder still has it; whether it does."""
        return (await self.renew_all([name]))[0]

    async def renew_all(self, names: list[str]) -> list[bool]:
        """`renew` each of `names`, in one round trip."""
        keys = [self.key(name) for name in names]
        return [bool(done) for done in await self._renew(keys=keys, args=[self.holder, self.ms])]

    @cached_property
    def _kept(self) -> dict[str, tuple[asyncio.AbstractEventLoop, asyncio.Event]]:
        """The leases `keep` renews, each with the event (and its loop) set
        once it is lost; changed on the server's loop, read by `_renewer`."""
        return {}

    @cached_property
    def _renewer(self) -> threading.Thread:
        """The thread renewing `_kept`, started by the first `keep`, until `close`."""
        return threading.Thread(target=self._renew_kept, name="leases", daemon=True)

    @cached_property
    def _stopping(self) -> threading.Event:
        return threading.Event()

    async def give_up(self, name: str) -> bool:
        """Let `name` go at once, if this holder has it; whether it had."""
        return bool(await self._give_up(keys=[self.key(name)], args=[self.holder]))

    async def holder_of(self, name: str) -> str | None:
        """Who holds `name` now, if anyone."""
        held = await self.redis.get(self.key(name))
        return held.decode() if isinstance(held, bytes) else held

    async def close(self) -> None:
        """Close the client and its connections: after the last lease is given up."""
        self._stopping.set()
        if self._renewer.is_alive():
            await asyncio.to_thread(self._renewer.join)
        await self.redis.aclose()
        await self.redis.connection_pool.disconnect()

    async def keep(self, name: str, lost: Callable[[], None]) -> None:
        """Renew `name` every third of its time while this holder has it
        (with every other lease kept, in one call), and call `lost` and
        return when it is not: a renewal found it gone or another's, or Redis
        did not answer before the last renewal ran out (another process may
        hold it by then). A renewal not answered in a third of the lease's
        time counts as not answered: the client's own retries may take longer
        than the lease. Cancel the task to stop renewing (then `give_up`, on a
        clean stop)."""
        gone = asyncio.Event()
        self._kept[name] = (asyncio.get_running_loop(), gone)
        if not self._renewer.is_alive() and not self._stopping.is_set():
            self._renewer.start()
        try:
            await gone.wait()
        finally:
            if self._kept.get(name, (None, None))[1] is gone:
                del self._kept[name]
        lost()

    def _renew_kept(self) -> None:
        """The renewing thread: its own loop, and connections like the server's."""
        pool = self.redis.connection_pool
        own = type(pool)(connection_class=pool.connection_class, **pool.connection_kwargs)
        asyncio.run(self._renewing(dataclasses.replace(self, redis=Redis(connection_pool=own))))

    async def _renewing(self, leases: Leases) -> None:
        """Renew every kept lease every third of its time, through `leases`
        (this thread's), until `close`; set the event of each found lost."""
        #: Until when each lease's last renewal surely holds: counted from
        #: before it was asked, as Redis counts from when it did it.
        held_until: dict[str, float] = {}
        try:
            while not self._stopping.is_set():
                names, asked = list(self._kept), time.monotonic()
                done: list[bool] | None = []
                if names:
                    try:
                        done = await asyncio.wait_for(leases.renew_all(names), self.ms / 3000)
                    except (RedisError, TimeoutError):
                        done = None
                now = time.monotonic()
                for number, name in enumerate(names):
                    if done is not None and done[number]:
                        held_until[name] = asked + self.ms / 1000
                    elif done is not None or now >= held_until.get(name, 0.0):
                        self._lose(name)
                held_until = {name: at for name, at in held_until.items() if name in self._kept}
                await asyncio.sleep(self.ms / 3000)
        finally:
            await leases.redis.aclose()
            await leases.redis.connection_pool.disconnect()

    def _lose(self, name: str) -> None:
        """Tell `keep`'s task on its loop that `name` is lost."""
        kept = self._kept.get(name)
        if kept is not None:
            loop, gone = kept
            with contextlib.suppress(RuntimeError):  # its loop closed meanwhile
                loop.call_soon_threadsafe(gone.set)
