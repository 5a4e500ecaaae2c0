"""Leases in a real Redis (issue 35's ownership, `server/lease.py`): one
holder at a time, only the holder extends or gives one up, one not renewed
runs out for another to take, and `keep` renews one for as long as it is
held and says when it is lost, to another or to a Redis gone too long.
Leases here are short (`MS`), so the tests take about a second."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable

from redis.asyncio import Redis

from redistools import RedisServer
from sixdot.server.lease import Leases, holder_name

#: A lease's milliseconds here.
MS = 300


def with_leases(
    redis_server: RedisServer, test: Callable[[Leases, Leases, Redis], Awaitable[None]]
) -> None:
    """Run `test` with two holders' leases in `redis_server`, and a client."""

    async def main() -> None:
        client = Redis(port=redis_server.port)
        try:
            await test(Leases(client, "one", MS), Leases(client, "two", MS), client)
        finally:
            await client.aclose()

    asyncio.run(main())


def test_a_lease_has_one_holder_and_only_it_renews_or_gives_it_up(
    redis_server: RedisServer,
) -> None:
    async def test(one: Leases, two: Leases, _: Redis) -> None:
        assert await one.take("7")
        assert not await two.take("7")
        assert not await one.take("7")  # held already: taking again is no renewal
        assert await two.take("8")  # another table's is another lease
        assert not await two.renew("7")
        assert not await two.give_up("7")
        assert await one.holder_of("7") == "one"
        assert await one.renew("7")
        assert await one.give_up("7")
        assert await one.holder_of("7") is None
        assert not await one.renew("7")  # given up: not taken back by renewing
        assert await two.take("7")

    with_leases(redis_server, test)


def test_a_lease_not_renewed_runs_out_for_another_and_stays_theirs(
    redis_server: RedisServer,
) -> None:
    async def test(one: Leases, two: Leases, client: Redis) -> None:
        assert await one.take("7")
        assert 0 < await client.pttl("sixdot:lease:7") <= MS
        await asyncio.sleep(MS / 1000 + 0.05)
        assert await two.take("7")
        assert not await one.renew("7")  # the old holder cannot extend the new one's
        assert not await one.give_up("7")
        assert await one.holder_of("7") == "two"

    with_leases(redis_server, test)


def test_a_kept_lease_outlives_its_time_until_the_keeping_stops(
    redis_server: RedisServer,
) -> None:
    async def test(one: Leases, two: Leases, _: Redis) -> None:
        assert await one.take("7")
        lost: list[str] = []
        keeping = asyncio.create_task(one.keep("7", lambda: lost.append("7")))
        await asyncio.sleep(3 * MS / 1000)
        assert not await two.take("7")
        assert lost == []
        keeping.cancel()
        await asyncio.sleep(MS / 1000 + 0.05)
        assert await two.take("7")

    with_leases(redis_server, test)


def test_keeping_says_when_another_holds_the_lease(redis_server: RedisServer) -> None:
    """As after a pause longer than the lease: it ran out and was taken."""

    async def test(one: Leases, two: Leases, client: Redis) -> None:
        assert await one.take("7")
        lost = asyncio.Event()
        keeping = asyncio.create_task(one.keep("7", lost.set))
        await asyncio.sleep(0.05)
        await client.delete("sixdot:lease:7")
        assert await two.take("7")
        await asyncio.wait_for(lost.wait(), MS / 1000)
        await keeping  # it returned
        assert await one.holder_of("7") == "two"

    with_leases(redis_server, test)


def test_keeping_says_a_lease_is_lost_once_redis_was_gone_past_its_time(
    redis_server: RedisServer,
) -> None:
    """Not at the first renewal that fails: the last one still holds until
    its time is out, and Redis may be back by then."""

    async def test(one: Leases, _: Leases, __: Redis) -> None:
        assert await one.take("7")
        lost = asyncio.Event()
        keeping = asyncio.create_task(one.keep("7", lost.set))
        await asyncio.sleep(0.05)
        redis_server.kill()
        killed = time.monotonic()
        await asyncio.wait_for(lost.wait(), 3 * MS / 1000)
        assert time.monotonic() - killed >= MS / 1000 / 2
        await keeping

    with_leases(redis_server, test)


def test_holders_are_named_apart() -> None:
    assert holder_name() != holder_name()
