"""A takeover at scale (issue 35): the hundreds of tables of a process that
died are found, taken and restored by the survivors in round trips to Redis
that do not grow with the number of tables or of keys in the store, and are
restored several at a time. Real parts: a redis-server of the test's own,
`Owners` and `Router` on it; what they restore and whom they tell is read
back. Round trips are counted as Redis counts them (`total_reads_processed`,
the reads it made from its clients' sockets), so nothing here is timed:
the benchmark (benchmarks/server.py --store redis) measures the seconds."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

from redis.asyncio import Redis

from redistools import RedisServer
from sixdot.server.lease import Leases
from sixdot.server.owners import Owners
from sixdot.server.routes import OUTBOX, Router
from sixdot.server.storage import StoreError

#: The dead process's tables, and the other keys the store holds beside them
#: (accounts, journals, inboxes...), which a look by SCAN goes through.
TABLES = 200
OTHER_KEYS = 3000
#: Round trips a look may take however many tables and keys: its heartbeat,
#: its few SCAN steps, the leases read, the tables taken; the lease thread's
#: connection and first renewal; new connections' greetings.
FEW = 25
#: The survivor's leases: a look every second, so the takeover, which takes
#: a fraction of one, is done in the first.
LEASE_MS = 3000
#: Seconds a test waits for what must come.
PATIENCE = 20.0


def on_redis(redis_server: RedisServer, test: Callable[[Redis], Awaitable[None]]) -> None:
    """Run `test` with a client of `redis_server`, which holds `OTHER_KEYS` other keys."""

    async def main() -> None:
        client = Redis(port=redis_server.port)
        try:
            await client.mset({f"sixdot:other:{n}": "" for n in range(OTHER_KEYS)})
            await test(client)
        finally:
            await client.aclose()

    asyncio.run(main())


async def reads(client: Redis) -> int:
    """The reads Redis made from its clients so far, this question's too."""
    return int((await client.info("stats"))["total_reads_processed"])


class Restorer:
    """The restore an `Owners` is given: each table noted, `failing` refused
    as a store Redis failed reading would; how many were under way at once."""

    def __init__(self, failing: int | None = None) -> None:
        self.failing = failing
        self.restored: list[int] = []
        self.under_way = self.most = 0
        self.all_done = asyncio.Event()

    async def __call__(self, table_id: int) -> None:
        self.under_way += 1
        self.most = max(self.most, self.under_way)
        try:
            await asyncio.sleep(0.005)  # reading its journal, replaying it
            if table_id == self.failing:
                raise StoreError("online-store-unreachable", url="redis://", why="gone")
            self.restored.append(table_id)
        finally:
            self.under_way -= 1
            if len(self.restored) == TABLES - (self.failing is not None):
                self.all_done.set()


async def take_over(client: Redis, restorer: Restorer) -> tuple[Owners, int]:
    """A survivor's first look at the dead process's tables (nobody holds
    their leases), until each is restored: the survivor, and the round trips."""
    tables = list(range(1, TABLES + 1))
    owners = Owners(Leases(client, "survivor", LEASE_MS), lambda _: None)
    before = await reads(client)
    owners.adopt(lambda: tables, restorer)
    await asyncio.wait_for(restorer.all_done.wait(), PATIENCE)
    return owners, await reads(client) - before - 1


def test_the_tables_a_look_finds_are_taken_in_a_few_round_trips_and_restored_together(
    redis_server: RedisServer,
) -> None:
    """Each table of the dead process is taken and restored at the first look;
    the look takes a few round trips, not one a table (600 tables took
    seconds) nor one a few keys of the store; several are restored at once."""

    async def test(client: Redis) -> None:
        restorer = Restorer()
        owners, trips = await take_over(client, restorer)
        try:
            assert sorted(restorer.restored) == list(range(1, TABLES + 1))
            held = await client.mget([f"sixdot:lease:{t}" for t in range(1, TABLES + 1)])
            assert set(held) == {b"survivor"}
            assert trips <= FEW, f"{trips} round trips for {TABLES} tables"
            assert restorer.most > 1
        finally:
            await owners.close()

    on_redis(redis_server, test)


def test_a_table_that_fails_to_restore_is_given_up_and_the_rest_of_its_look_restored(
    redis_server: RedisServer,
) -> None:
    """Redis failing as one table's journal is read: that table's lease is
    given up, for a later look to take it again; every other table the look
    took is restored all the same, not left to the next look."""
    failing = TABLES // 2

    async def test(client: Redis) -> None:
        restorer = Restorer(failing)
        owners, _ = await take_over(client, restorer)
        try:
            assert failing not in restorer.restored
            assert len(restorer.restored) == TABLES - 1
            assert await client.get(f"sixdot:lease:{failing}") is None
            assert failing not in owners.kept
        finally:
            await owners.close()

    on_redis(redis_server, test)


def test_the_tables_taken_over_are_told_back_to_every_outbox_after_one_look_for_them(
    redis_server: RedisServer,
) -> None:
    """Every gateway's outbox hears each table taken over is back; the
    outboxes are looked for once for the tables taken together, not once a
    table (a look goes through every key of the store)."""
    gateways = ["gateway-one", "gateway-two"]

    async def test(client: Redis) -> None:
        for gateway in gateways:
            await client.xadd(OUTBOX + gateway, {"conn": 1, "frame": b"{}"})
        router = Router(client, "survivor", None, 60.0)  # type: ignore[arg-type]  # no server: telling only
        before = await reads(client)
        for table_id in range(1, TABLES + 1):
            router.taken_over(table_id)
        await asyncio.wait_for(asyncio.gather(*router.tasks), PATIENCE)
        trips = await reads(client) - before - 1
        told = set()
        while not router.writes.empty():
            stream, fields = router.writes.get_nowait()
            told.add((stream, fields["back"]))
        every = {(OUTBOX + g, t) for g in gateways for t in range(1, TABLES + 1)}
        assert told == every
        assert trips <= FEW, f"{trips} round trips to tell {TABLES} tables back"

    on_redis(redis_server, test)
