"""Leases in Redis: which process plays a table (issue 35; the plan is in
docs/architecture.md, "Several processes on one Redis").

A lease is one key naming its holder, with an expiry: `take` sets it only if
nobody holds it (SET NX PX), `renew` extends it and `give_up` deletes it only
while it still names this holder (a compare and a write in one script), so a
holder whose lease ran out and was taken by another can neither extend nor
delete the new holder's. `keep` renews one for as long as it is held and says
when it is lost.

The server's loop renews leases between its other work, so this is redis-py's
asyncio client: a renewal never blocks a move.
"""

from __future__ import annotations

import asyncio
import os
import secrets
import socket
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property

from redis.asyncio import Redis
from redis.commands.core import AsyncScript
from redis.exceptions import RedisError

from sixdot.server.storage import LEASE

#: Extend the lease KEYS[1] to ARGV[2] ms if it names ARGV[1]: 1, else 0.
RENEW = """
if redis.call('GET', KEYS[1]) == ARGV[1] then
    return redis.call('PEXPIRE', KEYS[1], ARGV[2])
end
return 0
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
        return bool(await self.redis.set(self.key(name), self.holder, nx=True, px=self.ms))

    @cached_property
    def _renew(self) -> AsyncScript:
        return self.redis.register_script(RENEW)  # type: ignore[return-value]

    @cached_property
    def _give_up(self) -> AsyncScript:
        return self.redis.register_script(GIVE_UP)  # type: ignore[return-value]

    async def renew(self, name: str) -> bool:
        """Another `ms` from now, if this holder still has it; whether it does."""
        return bool(await self._renew(keys=[self.key(name)], args=[self.holder, self.ms]))

    async def give_up(self, name: str) -> bool:
        """Let `name` go at once, if this holder has it; whether it had."""
        return bool(await self._give_up(keys=[self.key(name)], args=[self.holder]))

    async def holder_of(self, name: str) -> str | None:
        """Who holds `name` now, if anyone."""
        held = await self.redis.get(self.key(name))
        return held.decode() if isinstance(held, bytes) else held

    async def close(self) -> None:
        """Close the client and its connections: after the last lease is given up."""
        await self.redis.aclose()
        await self.redis.connection_pool.disconnect()

    async def keep(self, name: str, lost: Callable[[], None]) -> None:
        """Renew `name` now and every third of its time while this holder has
        it, and call `lost` and return when it is not: a renewal found it
        gone or another's, or Redis did not answer before the last renewal
        ran out (another process may hold it by then). A renewal not answered
        in a third of the lease's time counts as not answered: the client's
        own retries may take longer than the lease. Cancel the task to stop
        renewing (then `give_up`, on a clean stop)."""
        #: Until when the last renewal surely holds: counted from before it
        #: was asked, as Redis counts from when it did it.
        held_until = 0.0
        while True:
            asked = time.monotonic()
            try:
                renewed = await asyncio.wait_for(self.renew(name), self.ms / 3000)
            except (RedisError, TimeoutError):
                renewed = time.monotonic() < held_until
            else:
                if renewed:
                    held_until = asked + self.ms / 1000
            if not renewed:
                lost()
                return
            await asyncio.sleep(self.ms / 3000)
