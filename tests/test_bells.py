"""An owner reads the inboxes written to, not every inbox of its tables each
time (issue 35): a gateway's write to a table's inbox rings the bell of the
process holding the table's lease, and the owner reads its bell, then the
inboxes rung; every inbox of its tables only now and then, so a ring lost
costs a moment, never a message.

Real parts: a redis-server of the test's own, a gateway's and an owner's
`Router` on it, the owner's `Server` on a store of its own with its tables.
What Redis looked up is counted as Redis counts it (`keyspace_hits` and
`keyspace_misses`: each key a command read), so nothing here is timed.
"""

from __future__ import annotations

from pathlib import Path

from redis.asyncio import Redis

from redistools import RedisServer
from sixdot.games import get_game
from sixdot.server.app import Client, Server
from sixdot.server.owners import names
from sixdot.server.play import LiveTable, new_record
from sixdot.server.routes import BELL, INBOX, Router
from sixdot.server.storage import SqliteStore
from test_server import QUICK
from test_takeover import on_redis  # a client of the test's Redis, other keys in it

#: The owner's tables: an inbox read of them all looks up this many keys.
TABLES = 300
#: A lease's time (seconds): every inbox is read a third of it apart, so
#: within a test only at the first read, unless the test says otherwise.
PERIOD = 60.0


async def looked_up(client: Redis) -> int:
    """The keys Redis's commands have read so far, found or not."""
    stats = await client.info("stats")
    return int(stats["keyspace_hits"]) + int(stats["keyspace_misses"])


def owner_server(folder: Path) -> Server:
    """The owner's server with `TABLES` tables of its own (numbered from 1)."""
    store = SqliteStore(folder)
    server = Server(store, hasher=QUICK)
    game = get_game("alphabeticell")
    for _ in range(TABLES):
        table_id = store.add_table(new_record(game, 2, {}, "random", "Ana", None))
        server.tables[table_id] = LiveTable(store.table(table_id), store)  # type: ignore[arg-type]
    return server


def say(gateway: Router, name: str, table_id: int) -> None:
    """`name`, connected to `gateway`, says something at `table_id`, played elsewhere."""
    client = Client(ws=None, address="test", name=name)  # type: ignore[arg-type]
    gateway.forward(client, table_id, "message", data=b'{"type": "look"}')


async def read_once(owner: Router) -> dict[int, int]:
    """One read of the owner's inboxes: each table's entries read, by table.
    Its tables' handlers, made to carry the entries out, are stopped before
    they start (carrying out is not what is tested here)."""
    await owner._read_inboxes()
    found = {table_id: queue.qsize() for table_id, queue in owner.queues.items()}
    for handler in owner.handlers.values():
        handler.cancel()
    owner.queues.clear()
    owner.handlers.clear()
    return found


def test_a_message_for_a_table_rings_the_bell_of_its_lease_holder_alone(
    redis_server: RedisServer,
) -> None:
    """The entry is in the inbox either way; the holder's bell names the
    table; a table nobody holds rings nobody (its next owner reads its inbox
    as it takes it). After Redis lost its scripts (a restart), still so."""

    async def test(client: Redis) -> None:
        gateway = Router(client, "gateway", None, PERIOD)  # type: ignore[arg-type]  # writing only
        await client.set("sixdot:lease:7", "owner")
        say(gateway, "Ana", 7)
        say(gateway, "Ben", 8)  # nobody holds table 8
        await gateway._write()
        await client.script_flush()
        say(gateway, "Cleo", 7)
        await gateway._write()
        rings = await client.xrange(BELL + "owner")
        assert [fields for _, fields in rings] == [{b"t": b"7"}, {b"t": b"7"}]
        assert await names(client, BELL) == ["owner"]
        assert 0 < await client.pttl(BELL + "owner") <= PERIOD * 40 * 1000
        said = [fields[b"name"] for _, fields in await client.xrange(INBOX + "7")]
        assert said == [b"Ana", b"Cleo"]
        assert len(await client.xrange(INBOX + "8")) == 1

    on_redis(redis_server, test)


def test_an_owner_reads_the_inboxes_rung_and_every_one_only_now_and_then(
    redis_server: RedisServer, tmp_path: Path
) -> None:
    """The first read goes through every inbox of the owner's tables (what
    waited before it started); then a read looks up its bell and the inbox
    rung, a few keys, not hundreds. An entry whose ring was lost (the bell
    gone) is read when every inbox is read again, a third of a lease on."""

    async def test(client: Redis) -> None:
        server = owner_server(tmp_path)
        owner = Router(client, "owner", server, PERIOD)
        gateway = Router(client, "gateway", None, PERIOD)  # type: ignore[arg-type]  # writing only
        await client.set("sixdot:lease:7", "owner")
        before = await looked_up(client)
        assert await read_once(owner) == {}
        assert await looked_up(client) - before >= TABLES
        say(gateway, "Ana", 7)
        await gateway._write()
        before = await looked_up(client)
        assert await read_once(owner) == {7: 1}
        assert await looked_up(client) - before <= 10  # the bell, inbox 7: a few
        await client.delete(BELL + "owner")
        say(gateway, "Ben", 9)  # rung nowhere: nobody held table 9
        await gateway._write()
        assert await read_once(owner) == {}
        owner.sweep_at = 0.0  # a third of a lease on
        assert await read_once(owner) == {9: 1}

    on_redis(redis_server, test)
